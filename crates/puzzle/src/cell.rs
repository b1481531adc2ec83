/// A cell, as its row-major index `row * n + col` (0-based).
pub type Cell = usize;

/// The conventional name of a cell, 1-based: `r3c8`.
pub fn cell_name(cell: Cell, size: usize) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}

/// The character of a digit in sudokit's line format: `1`-`9`, then `A` = 10,
/// `B` = 11, ... `Z` = 35; `.` for a blank (0).
pub fn digit_char(digit: u8) -> char {
    match digit {
        0 => '.',
        1..=9 => char::from(b'0' + digit),
        10..=35 => char::from(b'A' + digit - 10),
        _ => '?',
    }
}
