//! **XY-Wing.** Three cells with two candidates each: a *pivot* {x,y} and
//! two *pincers* {x,z} and {y,z}, each pincer seeing the pivot (sharing a
//! row, column, box or any other group with it). Whatever the pivot takes,
//! one pincer becomes z: if the pivot is x, the pincer {x,z} cannot be x
//! and is z; if it is y, the pincer {y,z} is z. So a cell that sees both
//! pincers cannot be z, whichever way it goes. The pincers may or may not
//! see each other. SE 4.2.

use sudokit_puzzle::{cell_name, Cell};

use crate::step::digit_set;
use crate::{digits, Board, Step, Technique};

/// The first XY-Wing, pivots in cell order.
pub fn find(board: &Board) -> Option<Step> {
    let geometry = board.geometry();
    let n = board.size();
    let bivalue = |c: Cell| board.value(c) == 0 && board.candidates(c).count_ones() == 2;
    for pivot in board.open_cells().filter(|&c| bivalue(c)) {
        let pv = board.candidates(pivot);
        // Pincers: bivalue peers sharing exactly one digit with the pivot.
        let pincers: Vec<Cell> = geometry
            .peers(pivot)
            .iter()
            .copied()
            .filter(|&c| bivalue(c) && (board.candidates(c) & pv).count_ones() == 1)
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (board.candidates(a), board.candidates(b));
                let z = ma & mb;
                // {x,z} and {y,z}: different pivot digits, a shared third one.
                if ma & pv == mb & pv || z.count_ones() != 1 || z & pv != 0 {
                    continue;
                }
                let digit = digits(z).next()?;
                let mut pair = digits(pv);
                let (x, y) = (pair.next()?, pair.next()?);
                // Name the pincer with x first.
                let ((a, ma), (b, mb)) = if ma >> (x - 1) & 1 == 1 {
                    ((a, ma), (b, mb))
                } else {
                    ((b, mb), (a, ma))
                };
                let gone = board.seen_by_all(&[a, b], digit);
                if gone.is_empty() {
                    continue;
                }
                let reason = format!(
                    "{} is {x} or {y}, so {} {} or {} {} is {digit}",
                    cell_name(pivot, n),
                    cell_name(a, n),
                    digit_set(ma),
                    cell_name(b, n),
                    digit_set(mb),
                );
                let mut step =
                    Step::new(Technique::XyWing, board, reason).with_cells([pivot, a, b]);
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
    fn an_xy_wing_clears_what_sees_both_pincers() {
        // Pivot r5c5 {1,2}; pincers r2c5 {2,9} in its column and r5c1
        // {1,9} in its row. Only r2c1 sees both pincers.
        let b = marks_at(9, &[(5, 5, "12"), (2, 5, "29"), (5, 1, "19")]);
        let step = step_of(Technique::XyWing, &b);
        assert_eq!(
            step.reason,
            "r5c5 is 1 or 2, so r5c1 {1,9} or r2c5 {2,9} is 9"
        );
        assert_eq!(step.effect(), "r2c1<>9");
        assert_eq!(step.rating.to_string(), "4.2");
    }

    #[test]
    fn pincers_on_the_same_pivot_digit_are_no_wing() {
        // {1,9} and {1,8}: if the pivot is 2, neither pincer is forced.
        let b = marks_at(9, &[(5, 5, "12"), (2, 5, "18"), (5, 1, "19")]);
        assert_eq!(Technique::XyWing.find(&b), None);
    }

    #[test]
    fn an_xy_wing_in_a_real_puzzle() {
        // hardest #7 after its singles: r2c6 {1,7} with r9c6 {1,5} (column
        // 6) and r3c6 {5,7} (box 2); all three are in column 6, and so are
        // the cells that lose 5.
        let b = board(
            "1...3468. ...8..54. .84.6.321 .18...2.. 3..1824.6 ......81. 521378964 ..6..9..8 89.64...2",
        );
        let step = step_of(Technique::XyWing, &b);
        assert_eq!(
            step.reason,
            "r2c6 is 1 or 7, so r9c6 {1,5} or r3c6 {5,7} is 5"
        );
        assert_eq!(step.effect(), "r4c6<>5, r6c6<>5");
        // The solution has 2 in r4c6 and 6 in r6c6.
        let solution =
            "152934687763821549984567321618493275375182496249756813521378964436219758897645132";
        assert_agrees(&step, solution);
    }
}
