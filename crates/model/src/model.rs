use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Constraint, GridInfo, Objective};

/// Index of a variable inside its [`Model`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct VarId(pub u32);

impl VarId {
    /// The position of the variable in [`Model::vars`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A finite set of integer values, kept sorted and without duplicates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Domain {
    values: Vec<i32>,
}

impl Domain {
    /// All integers `lo..=hi` (empty when `lo > hi`).
    pub fn range(lo: i32, hi: i32) -> Self {
        Domain {
            values: (lo..=hi).collect(),
        }
    }

    /// Exactly one value.
    pub fn single(value: i32) -> Self {
        Domain {
            values: vec![value],
        }
    }

    /// Any set of values; sorted and deduplicated here.
    pub fn from_values(values: impl IntoIterator<Item = i32>) -> Self {
        let mut values: Vec<i32> = values.into_iter().collect();
        values.sort_unstable();
        values.dedup();
        Domain { values }
    }

    /// The values, ascending.
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// Smallest value, if any.
    pub fn min(&self) -> Option<i32> {
        self.values.first().copied()
    }

    /// Largest value, if any.
    pub fn max(&self) -> Option<i32> {
        self.values.last().copied()
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when no value is left.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// True when `value` belongs to the domain.
    pub fn contains(&self, value: i32) -> bool {
        self.values.binary_search(&value).is_ok()
    }

    /// The domain as a bitset over a 64-value window: bit `k` stands for
    /// `base + k`. Values outside the window are left out; callers check
    /// the window with [`Model::value_range`] first.
    pub fn mask(&self, base: i32) -> u64 {
        self.values
            .iter()
            .filter_map(|&v| u32::try_from(i64::from(v) - i64::from(base)).ok())
            .filter(|&shift| shift < 64)
            .fold(0, |mask, shift| mask | 1 << shift)
    }

    /// The values of `mask`, bit `k` standing for `base + k`.
    pub fn from_mask(mask: u64, base: i32) -> Self {
        let mut domain = Domain { values: Vec::new() };
        domain.set_mask(mask, base);
        domain
    }

    /// Replaces the values by those of `mask`, bit `k` standing for
    /// `base + k`, reusing the domain's memory.
    pub fn set_mask(&mut self, mask: u64, base: i32) {
        self.values.clear();
        self.values
            .extend((0..64).filter(|k| mask >> k & 1 == 1).map(|k| base + k));
    }

    /// The single value of a fixed domain.
    pub fn fixed_value(&self) -> Option<i32> {
        match self.values.as_slice() {
            [v] => Some(*v),
            _ => None,
        }
    }
}

/// A decision variable: a name (for exports and messages) and a domain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Var {
    /// Human-readable name, unique within the model (e.g. `r3c8`, `q4`).
    pub name: String,
    /// The values the variable may take.
    pub domain: Domain,
}

/// One value per variable of a model, in [`Model::vars`] order.
pub type Assignment = Vec<i32>;

/// A constraint model: variables, constraints and an optional objective.
///
/// Build it with [`Model::new_var`] and [`Model::add`]; the builder checks that
/// every constraint names existing variables, so engines can index freely.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Model {
    vars: Vec<Var>,
    constraints: Vec<Constraint>,
    objective: Option<Objective>,
    grid: Option<GridInfo>,
}

/// A model that cannot be built as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// A constraint or objective names a variable the model does not have.
    #[error("constraint refers to variable #{0}, but the model has only {1} variables")]
    UnknownVar(u32, usize),
    /// A grid annotation does not match the model's variables.
    #[error("grid of size {size} needs {needed} cell variables, the model has {have}")]
    GridMismatch {
        /// Grid size n.
        size: usize,
        /// n * n.
        needed: usize,
        /// Variables in the model.
        have: usize,
    },
    /// Cell candidates were given to a model without a grid annotation.
    #[error("the model is not a grid, so it has no cells")]
    NotAGrid,
    /// Cell candidates of the wrong length.
    #[error("the grid has {cells} cells, but {masks} candidate masks were given")]
    CandidatesMismatch {
        /// n * n.
        cells: usize,
        /// Masks given.
        masks: usize,
    },
    /// Candidate masks for a grid whose digits do not fit 64 bits.
    #[error(
        "candidate masks hold grids up to 64x64, this grid is {0}x{0}: it is solved from its model"
    )]
    MasksTooNarrow(usize),
}

impl Model {
    /// An empty model.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a variable and returns its id.
    pub fn new_var(&mut self, name: impl Into<String>, domain: Domain) -> VarId {
        let id = VarId(self.vars.len() as u32);
        self.vars.push(Var {
            name: name.into(),
            domain,
        });
        id
    }

    /// Adds a constraint after checking that its variables exist.
    pub fn add(&mut self, constraint: Constraint) -> Result<(), ModelError> {
        self.check_vars(constraint.vars())?;
        self.constraints.push(constraint);
        Ok(())
    }

    /// Sets (or replaces) the objective.
    pub fn set_objective(&mut self, objective: Objective) -> Result<(), ModelError> {
        self.check_vars(objective.expr.vars())?;
        self.objective = Some(objective);
        Ok(())
    }

    /// Marks the first `n * n` variables as the cells of an `n x n` grid
    /// (row-major), so engines and printers can show the model as a grid.
    pub fn set_grid(&mut self, grid: GridInfo) -> Result<(), ModelError> {
        let needed = grid.size * grid.size;
        if self.vars.len() < needed {
            return Err(ModelError::GridMismatch {
                size: grid.size,
                needed,
                have: self.vars.len(),
            });
        }
        self.grid = Some(grid);
        Ok(())
    }

    /// Narrows a variable's domain (e.g. to fix a given).
    pub fn restrict(&mut self, var: VarId, domain: Domain) -> Result<(), ModelError> {
        self.check_vars([var])?;
        self.vars[var.index()].domain = domain;
        Ok(())
    }

    /// Sets the domains of a grid model's cells from candidate masks (bit
    /// `d - 1` allows digit `d`), one per cell, row-major.
    pub fn set_cell_candidates(&mut self, cells: &[u64]) -> Result<(), ModelError> {
        let size = self.grid.as_ref().ok_or(ModelError::NotAGrid)?.size;
        check_candidate_count(size, cells)?;
        for (var, &mask) in self.vars.iter_mut().zip(cells) {
            var.domain.set_mask(mask, 1);
        }
        Ok(())
    }

    /// The values any of `vars` can take, ascending. An all-different
    /// group whose variables are as many as these values is *full*: each
    /// value is taken somewhere in it (a row, column or box of a grid).
    pub fn values_of(&self, vars: &[VarId]) -> BTreeSet<i32> {
        vars.iter()
            .flat_map(|v| self.var(*v).domain.values().iter().copied())
            .collect()
    }

    /// The indices of the variables whose domain still leaves a choice:
    /// what a blocking clause over a solution needs to name.
    pub fn open_vars(&self) -> Vec<usize> {
        (0..self.vars.len())
            .filter(|&v| self.vars[v].domain.len() > 1)
            .collect()
    }

    /// A copy of a grid model with every cell open (every digit allowed):
    /// the shape an engine prepares once for a batch. `None` for a model
    /// that is no grid.
    pub fn with_open_cells(&self) -> Option<Model> {
        let size = self.grid.as_ref()?.size;
        let mut open = self.clone();
        for var in open.vars.iter_mut().take(size * size) {
            var.domain = Domain::range(1, size as i32);
        }
        Some(open)
    }

    /// The variables, indexed by [`VarId`].
    pub fn vars(&self) -> &[Var] {
        &self.vars
    }

    /// One variable.
    pub fn var(&self, id: VarId) -> &Var {
        &self.vars[id.index()]
    }

    /// The constraints, in the order they were added.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The objective, if the model is an optimisation problem.
    pub fn objective(&self) -> Option<&Objective> {
        self.objective.as_ref()
    }

    /// The smallest and largest value any variable may take (`(0, 0)` when no
    /// variable has a value). Bitset engines check that it spans at most 64.
    pub fn value_range(&self) -> (i32, i32) {
        let lo = self.vars.iter().filter_map(|v| v.domain.min()).min();
        let hi = self.vars.iter().filter_map(|v| v.domain.max()).max();
        (lo.unwrap_or(0), hi.unwrap_or(0))
    }

    /// The grid annotation, if the model came from a puzzle.
    pub fn grid(&self) -> Option<&GridInfo> {
        self.grid.as_ref()
    }

    fn check_vars(&self, vars: impl IntoIterator<Item = VarId>) -> Result<(), ModelError> {
        match vars.into_iter().find(|v| v.index() >= self.vars.len()) {
            Some(v) => Err(ModelError::UnknownVar(v.0, self.vars.len())),
            None => Ok(()),
        }
    }
}

impl fmt::Display for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// `Ok` when `masks` hold one candidate mask per cell of a `size` × `size`
/// grid of at most 64 digits: what [`Model::set_cell_candidates`] and every prepared grid check
/// before reading them.
pub fn check_candidate_count(size: usize, masks: &[u64]) -> Result<(), ModelError> {
    if size > 64 {
        Err(ModelError::MasksTooNarrow(size))
    } else if masks.len() == size * size {
        Ok(())
    } else {
        Err(ModelError::CandidatesMismatch {
            cells: size * size,
            masks: masks.len(),
        })
    }
}
