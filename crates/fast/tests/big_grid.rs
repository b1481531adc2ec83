//! The generic path on a big grid: the weighted branching finds solutions
//! that plain fewest-candidates branching did not reach.

use sudokit_fast::FastEngine;
use sudokit_model::{Engine, Limits, Mode, Request, Status};
use sudokit_puzzle::Puzzle;
use sudokit_verify::check_grid;

/// A 25×25 grid with 55% of a random solved grid blanked (digits 1-9 then
/// A-P). Branching on the first cell with fewest candidates searched more
/// than 600,000 nodes without finding a solution; dom/wdeg-style weights
/// count to two within 20,000.
const ROWS: [&str; 25] = [
    "..P8.FD.H.M....G.3.......",
    ".B.4L6...J1..3......D..2F",
    "..5JM.PA...B..4N.D.F..1.C",
    "...N.......A9P84.7.O5...6",
    "C.3.1..BL.H....JM5...8.A9",
    "2..FDK...C.IA.9.7..BG65..",
    ".MG..A4.P.7..NO..J.2.....",
    ".I.9.2JH..5M....3...NO...",
    "K......L.ODH.....G.E.9.I.",
    "..N..E.M5.31K8.9......D..",
    ".5C..I.P4AN7LFB...D..K831",
    ".3.K8...N..D.6..GC5.OA4..",
    ".D62.193..4.I.ABN..LC.G5.",
    "I..A..6....5M...89......L",
    ".7.BNMC....3....4..I6.J.H",
    "7N2L..KG..9.3A1IOB4P.H...",
    ".GKMC.B.O..N72..6EJ.A....",
    ".8...7.N.L....HMC...B...P",
    ".4..ODE.6H...K.1.....LF..",
    "..E..3........I.F..7.MC.5",
    ".O.P......K.G.5......7.FN",
    ".C1.K4.OB..F.H7D.M.....9.",
    "J6M...I.A3B..LP..H.N15KCG",
    "N....G1CK.A...3PBL.4M.E6.",
    ".......F27..JMD..1CG....4",
];

/// The givens of `ROWS`.
fn givens() -> Vec<u8> {
    let sym = "123456789ABCDEFGHIJKLMNOP";
    ROWS.concat()
        .chars()
        .map(|c| sym.find(c).map_or(0, |i| i as u8 + 1))
        .collect()
}

#[test]
fn weighted_branching_counts_a_big_grid_within_a_node_budget() {
    let puzzle = Puzzle::boxed(5, 5, givens()).unwrap();
    let request = Request::new(Mode::CountUpTo(2))
        .keeping(2)
        .with_limits(Limits::none().with_nodes(100_000));
    let outcome = FastEngine::new()
        .solve(&puzzle.to_model(), &request)
        .unwrap();
    assert_eq!(
        outcome.status,
        Status::Solved,
        "after {:?} nodes",
        outcome.stats.nodes
    );
    assert_eq!(outcome.count, 2);
    for solution in &outcome.solutions {
        let grid: Vec<u8> = solution.iter().map(|&v| v as u8).collect();
        assert!(check_grid(&puzzle, &grid).is_valid());
    }
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
}

/// A request's preferred values steer the search, not the answer: with a
/// solution preferred, the first solution found is that one, and the count
/// is the same as without; values that are no digit are ignored.
#[test]
fn preferred_values_are_found_first_and_change_no_count() {
    let model = Puzzle::boxed(5, 5, givens()).unwrap().to_model();
    let count = |prefer: Option<Vec<i32>>| {
        let mut request = Request::new(Mode::CountUpTo(2)).keeping(2);
        if let Some(prefer) = prefer {
            request = request.preferring(prefer.into());
        }
        FastEngine::new().solve(&model, &request).unwrap()
    };
    let plain = count(None);
    assert_eq!((plain.status, plain.count), (Status::Solved, 2));
    for wanted in &plain.solutions {
        let steered = count(Some(wanted.clone()));
        assert_eq!((steered.status, steered.count), (Status::Solved, 2));
        assert_eq!(&steered.solutions[0], wanted);
    }
    let nonsense = count(Some(vec![0, 99, -3]));
    assert_eq!(nonsense.count, 2);
    assert_eq!(nonsense.solutions, plain.solutions);
}
