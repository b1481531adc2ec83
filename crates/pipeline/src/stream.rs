//! Solutions streamed as they are found are judged on their way: the
//! request's sink is wrapped so that only grids the verifier accepts reach
//! the caller's, and the first it rejects makes the answer wrong. (Repeats
//! among streamed grids are not looked for: that would mean keeping every
//! grid, which streaming is there to avoid.)

use std::borrow::Cow;
use std::sync::{Arc, Mutex};

use sudokit_model::{Request, SolutionSink};
use sudokit_puzzle::Puzzle;
use sudokit_verify::check_grid;

/// What the verifier said of the grids a sink was handed: the first one it
/// rejected, and why. A request without a sink has nothing to judge on the
/// way, and its verdict allocates nothing (it comes once a puzzle).
#[derive(Clone, Default)]
pub(crate) struct Verdict(Option<Arc<Mutex<Option<String>>>>);

impl Verdict {
    /// Why the first rejected grid was wrong, if one was.
    pub(crate) fn rejected(&self) -> Option<String> {
        let first = self.0.as_ref()?.lock().ok()?;
        first.clone()
    }
}

/// `request` with its sink (if any) behind the verifier for `puzzle`.
pub(crate) fn verified<'r>(puzzle: &Puzzle, request: &'r Request) -> (Cow<'r, Request>, Verdict) {
    let Some(sink) = request.sink.clone() else {
        return (Cow::Borrowed(request), Verdict::default());
    };
    let first: Arc<Mutex<Option<String>>> = Arc::default();
    let verdict = Verdict(Some(Arc::clone(&first)));
    let puzzle = puzzle.clone();
    let cells = puzzle.size() * puzzle.size();
    // Solutions found so far, and a grid buffer reused from one to the next.
    let state = Mutex::new((0u64, Vec::with_capacity(cells)));
    let checked = SolutionSink::new(move |solution| {
        let Ok(mut state) = state.lock() else { return };
        let (found, grid) = &mut *state;
        *found += 1;
        let why = if solution.len() < cells {
            format!("has {} values for {cells} cells", solution.len())
        } else {
            // A value that is no digit becomes 0, which the verifier rejects.
            grid.clear();
            grid.extend(
                solution[..cells]
                    .iter()
                    .map(|&v| u8::try_from(v).unwrap_or(0)),
            );
            let report = check_grid(&puzzle, grid);
            if report.is_valid() {
                return sink.take(&solution[..cells]);
            }
            let text = report.to_string();
            let first = text
                .split("; ")
                .next()
                .unwrap_or("invalid grid")
                .to_string();
            format!("breaks the puzzle, first: {first}")
        };
        if let Ok(mut first) = first.lock() {
            first.get_or_insert(format!("streamed solution {found} {why}"));
        }
    });
    (Cow::Owned(request.clone().streaming(checked)), verdict)
}
