use crate::{Engine, EngineError, Model, Outcome, Request};

/// A grid model an engine has prepared once ([`Engine::prepare`]), solved
/// again and again with other candidates in its cells: the "prepare once,
/// solve many" path of batches. A worker thread owns one (`&mut self`), so
/// an engine may keep a solver, a process or scratch memory in it.
///
/// Each puzzle is two calls: [`Prepared::load`] hands over its givens (the
/// counterpart of lowering a puzzle to a model, not timed as the engine's
/// work), [`Prepared::solve`] searches.
pub trait Prepared: Send {
    /// Restricts the prepared model's cells (the first `n * n` variables,
    /// row-major) to `cells`: bit `d - 1` of a cell's mask allows digit
    /// `d`. Everything else is the prepared model's. Grids up to 64x64
    /// only: a wider one is prepared with its own cells and never loaded.
    fn load(&mut self, cells: &[u64]) -> Result<(), EngineError>;

    /// Solves the model as last loaded.
    fn solve(&mut self, request: &Request) -> Result<Outcome, EngineError>;
}

/// The default [`Prepared`]: a copy of the model whose cell domains are
/// rewritten in place for each puzzle, then solved by [`Engine::solve`].
/// Until the first [`Prepared::load`] it holds the model it was made from.
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

    /// The default preparation, boxed: what [`Engine::prepare`] does
    /// unless an engine keeps more, and what an engine that does falls
    /// back to for the models it does not prepare itself.
    pub fn prepared(engine: &'e E, model: &Model) -> Result<Box<dyn Prepared + 'e>, EngineError> {
        ModelCopy::new(engine, model)
            .map(|prepared| Box::new(prepared) as Box<dyn Prepared + 'e>)
            .ok_or_else(|| EngineError::Unsupported {
                engine: engine.name(),
                what: "preparing a model that is not a grid".into(),
            })
    }
}

impl<E: Engine + ?Sized> Prepared for ModelCopy<'_, E> {
    fn load(&mut self, cells: &[u64]) -> Result<(), EngineError> {
        self.model
            .set_cell_candidates(cells)
            .map_err(|e| EngineError::Internal {
                engine: self.engine.name(),
                message: e.to_string(),
            })
    }

    fn solve(&mut self, request: &Request) -> Result<Outcome, EngineError> {
        self.engine.solve(&self.model, request)
    }
}
