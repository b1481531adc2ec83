//! One technique per file. Each `find` returns the first instance on the
//! board that changes it (a placement or an elimination), or `None`.

pub mod bug;
pub mod cage_combinations;
mod chain_search;
pub mod fish;
pub mod forcing;
pub mod hidden_single;
pub mod hidden_subset;
pub mod innies_outies;
pub mod locked_candidates;
pub mod naked_single;
pub mod naked_subset;
pub mod simple_colouring;
pub mod unique_rectangle;
pub mod w_wing;
pub mod x_chain;
pub mod xy_chain;
pub mod xy_wing;
pub mod xyz_wing;

/// Calls `visit` with every `k`-element subset of `0..len` (as ascending
/// indices) until it returns `Some`.
pub(crate) fn first_combination<T>(
    len: usize,
    k: usize,
    mut visit: impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    if k > len {
        return None;
    }
    let mut pick: Vec<usize> = (0..k).collect();
    loop {
        if let Some(found) = visit(&pick) {
            return Some(found);
        }
        // The next subset in lexicographic order.
        let mut i = k;
        loop {
            if i == 0 {
                return None;
            }
            i -= 1;
            if pick[i] < len - k + i {
                break;
            }
        }
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_every_subset_once() {
        let mut seen = Vec::new();
        let none: Option<()> = first_combination(5, 3, |pick| {
            seen.push(pick.to_vec());
            None
        });
        assert_eq!(none, None);
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], [0, 1, 2]);
        assert_eq!(seen[9], [2, 3, 4]);
        assert_eq!(first_combination(2, 3, |_| Some(())), None);
        assert_eq!(first_combination(3, 0, |p| Some(p.len())), Some(0));
    }
}
