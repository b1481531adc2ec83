//! No `z3` process outlives the solve that cancelled it, nor the engine
//! that started it. Alone in its test binary: other tests' processes would
//! be counted too.

use std::time::Duration;

use sudokit_conformance::hard::pigeonhole;
use sudokit_model::{CancelToken, Engine, LimitKind, Limits, Mode, Request, Status};
use sudokit_puzzle::Puzzle;
use sudokit_testkit::{found, Tool};
use sudokit_z3::{z3_program, Z3Engine};

/// Our children that are still running (not zombies), by `/proc`.
fn live_children() -> Vec<u32> {
    let me = std::process::id().to_string();
    let mut children = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state ppid …`: the name may hold spaces, so split after it.
        let Some((_, rest)) = stat.rsplit_once(") ") else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        if fields.get(1) == Some(&me.as_str()) && fields[0] != "Z" {
            children.push(entry.file_name().to_string_lossy().parse().unwrap());
        }
    }
    children
}

#[test]
fn cancelled_and_finished_engines_leave_no_z3_running() {
    if found(Tool::Z3, z3_program()).is_none() {
        return;
    }
    assert_eq!(live_children(), Vec::<u32>::new());
    let pigeons = pigeonhole();
    let puzzle = Puzzle::boxed(2, 2, vec![0; 16]).unwrap();
    {
        let engine = Z3Engine::from_options(&["int"]).unwrap();
        let token = CancelToken::new();
        let canceller = {
            let token = token.clone();
            std::thread::spawn(move || {
                // Late enough that the check is running even on a loaded
                // machine: a cancel that comes before the check finds the
                // process healthy, and the engine rightly keeps it for reuse.
                std::thread::sleep(Duration::from_millis(1000));
                token.cancel();
            })
        };
        let request = Request::new(Mode::First).with_limits(Limits::none().with_cancel(token));
        let outcome = engine.solve(&pigeons, &request).unwrap();
        assert_eq!(outcome.status, Status::LimitReached(LimitKind::Cancelled));
        canceller.join().unwrap();
        // The cancelled process is gone at once; a finished one is kept for reuse.
        assert_eq!(live_children(), Vec::<u32>::new());
        let subst = Z3Engine::from_options(&["bv-subst"]).unwrap();
        let mut prepared = prepared_grid(&subst, &puzzle);
        assert_eq!(
            live_children().len(),
            0,
            "a grid is prepared on its first solve"
        );
        assert_eq!(prepared.solve(&Request::new(Mode::First)).unwrap().count, 1);
        engine
            .solve(&puzzle.to_model(), &Request::new(Mode::First))
            .unwrap();
        assert_eq!(live_children().len(), 2);
    }
    assert_eq!(live_children(), Vec::<u32>::new());
}

fn prepared_grid<'e>(
    engine: &'e Z3Engine,
    puzzle: &Puzzle,
) -> Box<dyn sudokit_model::Prepared + 'e> {
    let mut prepared = engine.prepare(&puzzle.to_model()).unwrap();
    let mut cells = Vec::new();
    puzzle.cell_candidates(&mut cells);
    prepared.load(&cells).unwrap();
    prepared
}
