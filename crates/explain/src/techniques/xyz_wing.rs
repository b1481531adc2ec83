//! **XYZ-Wing.** A *pivot* with three candidates {x,y,z} and two *pincers*
//! {x,z} and {y,z} that each see the pivot (share a row, column, box or
//! any other group with it). If the pivot is x, the pincer {x,z} is z; if
//! it is y, the pincer {y,z} is z; otherwise the pivot itself is z. So one
//! of the three cells is z, and a cell that sees all three cannot be. It
//! is the XY-Wing with z added to the pivot, which makes the cells that
//! can lose z fewer (they must also see the pivot). SE 4.4.

use sudokit_puzzle::{cell_name, Cell};

use crate::step::digit_set;
use crate::{digits, Board, Step, Technique};

/// The first XYZ-Wing, pivots in cell order.
pub fn find(board: &Board) -> Option<Step> {
    let geometry = board.geometry();
    let n = board.size();
    for pivot in board
        .open_cells()
        .filter(|&c| board.candidates(c).count_ones() == 3)
    {
        let pv = board.candidates(pivot);
        // Pincers: bivalue peers whose two digits are the pivot's.
        let pincers: Vec<Cell> = geometry
            .peers(pivot)
            .iter()
            .copied()
            .filter(|&c| {
                let m = board.candidates(c);
                board.value(c) == 0 && m.count_ones() == 2 && m & !pv == 0
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (board.candidates(a), board.candidates(b));
                if ma == mb {
                    continue;
                }
                // Two different pairs out of three digits share exactly one.
                let digit = digits(ma & mb).next()?;
                let gone = board.seen_by_all(&[pivot, a, b], digit);
                if gone.is_empty() {
                    continue;
                }
                let reason = format!(
                    "one of {} {}, {} {} and {} {} is {digit}",
                    cell_name(pivot, n),
                    digit_set(pv),
                    cell_name(a, n),
                    digit_set(ma),
                    cell_name(b, n),
                    digit_set(mb),
                );
                let mut step =
                    Step::new(Technique::XyzWing, board, reason).with_cells([pivot, a, b]);
                step.eliminations = gone;
                return Some(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::testing::{assert_agrees, board, marks_at, step_of};
    use crate::Technique;

    #[test]
    fn an_xyz_wing_clears_what_sees_all_three() {
        // Pivot r5c5 {1,2,9}; pincers r5c4 {1,9} (row 5, box 5) and r2c5
        // {2,9} (column 5). r4c5 and r6c5 see all three; r5c6 misses r2c5.
        let b = marks_at(9, &[(5, 5, "129"), (5, 4, "19"), (2, 5, "29")]);
        assert_eq!(Technique::XyWing.find(&b), None);
        let step = step_of(Technique::XyzWing, &b);
        assert_eq!(
            step.reason,
            "one of r5c5 {1,2,9}, r2c5 {2,9} and r5c4 {1,9} is 9"
        );
        assert_eq!(step.effect(), "r4c5<>9, r6c5<>9");
        assert_eq!(step.rating.to_string(), "4.4");
    }

    #[test]
    fn pincers_with_the_same_pair_are_no_wing() {
        let b = marks_at(9, &[(5, 5, "129"), (5, 4, "19"), (2, 5, "19")]);
        assert_eq!(Technique::XyzWing.find(&b), None);
    }

    #[test]
    fn an_xyz_wing_in_a_real_puzzle() {
        // top95 #2 after its singles: r7c1 {2,7,9} with r8c1 {7,9} and
        // r9c1 {2,9}, all in box 7 and column 1.
        let b = board(
            "52...6... ......7.1 31....... ...4..8.. 6......5. ......... .418..... ....3..28 .387.....",
        );
        let step = step_of(Technique::XyzWing, &b);
        assert_eq!(
            step.reason,
            "one of r7c1 {2,7,9}, r8c1 {7,9} and r9c1 {2,9} is 9"
        );
        assert_eq!(step.effect(), "r2c1<>9, r4c1<>9, r6c1<>9, r8c2<>9, r8c3<>9");
        let solution =
            "527316489896542731314987562172453896689271354453698217941825673765134928238769145";
        assert_agrees(&step, solution);
    }
}
