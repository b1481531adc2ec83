//! Nogoods recorded at restarts (Lecoutre et al.'s nld-nogoods, Choco's
//! `setNoGoodRecordingFromRestarts`): "these variable = value decisions may
//! not all hold". When all literals but one hold, the last value is removed.

use crate::domains::{is_fixed, Domains};
use crate::word::Word;

/// A set of `(var, bit)` assignments that cannot hold together.
#[derive(Clone, Debug)]
pub(crate) struct Nogood {
    vars: Vec<u32>,
    bits: Vec<u8>,
}

impl Nogood {
    pub(crate) fn new(lits: Vec<(u32, u8)>) -> Self {
        Nogood {
            vars: lits.iter().map(|l| l.0).collect(),
            bits: lits.iter().map(|l| l.1).collect(),
        }
    }

    pub(crate) fn vars(&self) -> &[u32] {
        &self.vars
    }

    pub(crate) fn propagate<W: Word>(&mut self, d: &mut Domains<W>) -> bool {
        let mut open = None;
        for (i, (&v, &b)) in self.vars.iter().zip(&self.bits).enumerate() {
            let m = d.get(v as usize);
            if !m.has(u32::from(b)) {
                return true; // already satisfied
            }
            if !is_fixed(m) {
                if open.is_some() {
                    return true;
                }
                open = Some(i);
            }
        }
        match open {
            None => false,
            Some(i) => d.restrict(self.vars[i] as usize, !W::bit(u32::from(self.bits[i]))),
        }
    }
}
