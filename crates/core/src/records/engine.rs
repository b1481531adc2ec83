//! `engines --format json`: one record per engine of the build.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_model::{Availability, Descriptor};

use super::RECORD_VERSION;
use crate::EngineInfo;

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
        EngineRecord::of(
            [
                descriptor.name,
                descriptor.family,
                descriptor.options,
                descriptor.summary,
            ],
            availability,
        )
    }

    /// The record of the engine named `name`, of `family`, taking
    /// `options`, described by `summary`, as found (`availability`).
    fn of(
        [name, family, options, summary]: [&str; 4],
        availability: &Availability,
    ) -> EngineRecord {
        let (why, hint) = match availability {
            Availability::Available => (None, None),
            Availability::Unavailable { why, hint } => (Some(why.clone()), Some(hint.clone())),
        };
        EngineRecord {
            version: RECORD_VERSION,
            name: name.to_string(),
            family: family.to_string(),
            available: why.is_none(),
            why,
            hint,
            options: options.to_string(),
            summary: summary.to_string(),
        }
    }
}

impl From<&EngineInfo> for EngineRecord {
    /// The record of an engine as [`engines`](crate::engines) lists it,
    /// the same as [`EngineRecord::new`] gives for its descriptor.
    fn from(info: &EngineInfo) -> EngineRecord {
        EngineRecord::of(
            [info.name, info.family, info.options, info.summary],
            &info.availability,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_listed_by_the_facade_has_the_record_of_its_descriptor() {
        let listed = crate::engines();
        let catalogue = sudokit_engines::catalogue();
        assert_eq!(listed.len(), catalogue.len());
        for (info, descriptor) in listed.iter().zip(&catalogue) {
            let record = EngineRecord::from(info);
            assert_eq!(record, EngineRecord::new(descriptor, &info.availability));
            assert_eq!(record.available, info.is_available());
        }
        let missing = Availability::Unavailable {
            why: "no z3 program".into(),
            hint: "install z3".into(),
        };
        let info = crate::EngineInfo {
            availability: missing,
            ..listed[0].clone()
        };
        let record = EngineRecord::from(&info);
        assert_eq!(
            (
                record.available,
                record.why.as_deref(),
                record.hint.as_deref()
            ),
            (false, Some("no z3 program"), Some("install z3"))
        );
    }
}
