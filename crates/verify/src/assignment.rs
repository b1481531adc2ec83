use sudokit_model::Model;

/// Why an assignment does not solve a model.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// Not one value per variable.
    #[error("expected {expected} values, found {found}")]
    WrongLength {
        /// Variables in the model.
        expected: usize,
        /// Values given.
        found: usize,
    },
    /// A value outside the variable's domain.
    #[error("{var} = {value} is outside its domain")]
    OutsideDomain {
        /// The variable's name.
        var: String,
        /// The value.
        value: i32,
    },
    /// A constraint does not hold.
    #[error("constraint #{index} ({kind}) is violated")]
    Constraint {
        /// Its position in the model.
        index: usize,
        /// Its kind.
        kind: &'static str,
    },
}

/// Checks a full assignment against every domain and constraint of `model`.
pub fn check_assignment(model: &Model, values: &[i32]) -> Result<(), Violation> {
    if values.len() != model.vars().len() {
        return Err(Violation::WrongLength {
            expected: model.vars().len(),
            found: values.len(),
        });
    }
    for (var, &value) in model.vars().iter().zip(values) {
        if !var.domain.contains(value) {
            return Err(Violation::OutsideDomain {
                var: var.name.clone(),
                value,
            });
        }
    }
    match model
        .constraints()
        .iter()
        .position(|c| !c.is_satisfied_by(values))
    {
        Some(index) => Err(Violation::Constraint {
            index,
            kind: model.constraints()[index].kind().name(),
        }),
        None => Ok(()),
    }
}
