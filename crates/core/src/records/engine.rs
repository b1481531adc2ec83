//! `engines --format json`: one record per engine of the build.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_model::{Availability, Descriptor};

use super::RECORD_VERSION;

/// An engine, and whether it can run here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct EngineRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The name `--engine` takes.
    pub name: String,
    /// Solver family: bitset, CP, SAT, SMT ...
    pub family: String,
    /// Whether it can run on this machine now.
    pub available: bool,
    /// When unavailable: what is missing; else `null`.
    pub why: Option<String>,
    /// When unavailable: the step that would make it available; else `null`.
    pub hint: Option<String>,
    /// The options it takes after its name.
    pub options: String,
    /// One line on what it is.
    pub summary: String,
}

impl EngineRecord {
    /// The record of the engine `descriptor` describes, as its probe
    /// found it (`availability`).
    pub fn new(descriptor: &Descriptor, availability: &Availability) -> EngineRecord {
        let (why, hint) = match availability {
            Availability::Available => (None, None),
            Availability::Unavailable { why, hint } => (Some(why.clone()), Some(hint.clone())),
        };
        EngineRecord {
            version: RECORD_VERSION,
            name: descriptor.name.to_string(),
            family: descriptor.family.to_string(),
            available: why.is_none(),
            why,
            hint,
            options: descriptor.options.to_string(),
            summary: descriptor.summary.to_string(),
        }
    }
}
