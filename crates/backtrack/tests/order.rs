//! The course's baseline order against MRV (the catalogue's conformance
//! test runs `backtrack:mrv` on every case).

use sudokit_backtrack::{BacktrackEngine, Order};

/// Plain input order is the course's slow baseline: on small grids it must
/// find exactly the solutions MRV finds (uncapped cases, where both enumerate all).
#[test]
fn input_order_agrees_with_mrv_on_small_cases() {
    use sudokit_model::{Engine, Mode, Request};
    for case in sudokit_conformance::cases()
        .iter()
        .filter(|c| c.puzzle.size() <= 6 && c.count < c.count_cap)
    {
        let model = case.puzzle.to_model();
        let request = Request::new(Mode::CountUpTo(case.count_cap));
        let plain = BacktrackEngine::new(Order::Input)
            .solve(&model, &request)
            .unwrap();
        let mrv = BacktrackEngine::new(Order::Mrv)
            .solve(&model, &request)
            .unwrap();
        let (mut a, mut b) = (plain.solutions, mrv.solutions);
        a.sort();
        b.sort();
        assert_eq!(a, b, "{}", case.name);
        assert_eq!(plain.count, case.count, "{}", case.name);
    }
}
