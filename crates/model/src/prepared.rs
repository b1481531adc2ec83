use crate::{Engine, EngineError, Model, Outcome, Request};

/// A grid model an engine has prepared once ([`Engine::prepare`]), solved
/// again and again with other candidates in its cells: the "prepare once,
/// solve many" path of batches. A worker thread owns one (`&mut self`), so
/// an engine may keep a solver, a process or scratch memory in it.
pub trait Prepared: Send {
    /// Solves the prepared model with its cells (the first `n * n`
    /// variables, row-major) restricted to `cells`: bit `d - 1` of a cell's
    /// mask allows digit `d`. Everything else is the prepared model's.
    fn solve(&mut self, cells: &[u64], request: &Request) -> Result<Outcome, EngineError>;
}

/// The default [`Prepared`]: a copy of the model whose cell domains are
/// rewritten in place for each puzzle, then solved by [`Engine::solve`].
pub struct ModelCopy<'e, E: ?Sized> {
    engine: &'e E,
    model: Model,
}

impl<'e, E: Engine + ?Sized> ModelCopy<'e, E> {
    /// A copy of `model` for `engine`, or `None` when the model is not a grid.
    pub fn new(engine: &'e E, model: &Model) -> Option<Self> {
        model.grid()?;
        Some(ModelCopy {
            engine,
            model: model.clone(),
        })
    }
}

impl<E: Engine + ?Sized> Prepared for ModelCopy<'_, E> {
    fn solve(&mut self, cells: &[u64], request: &Request) -> Result<Outcome, EngineError> {
        self.model
            .set_cell_candidates(cells)
            .map_err(|e| EngineError::Internal {
                engine: self.engine.name(),
                message: e.to_string(),
            })?;
        self.engine.solve(&self.model, request)
    }
}
