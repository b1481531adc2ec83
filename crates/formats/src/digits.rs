use std::str::FromStr;

use crate::ErrorKind;

/// How the characters of a puzzle line map to digits.
///
/// * [`Digits::Sudoku`]: `1`-`9`, then `A`-`Z` (either case) for 10 to 35;
///   blanks are `.` `0` `-` `_` `*` and `x`/`X` (for grids of side 33 and
///   more, `X` is the digit 33 and not a blank).
/// * [`Digits::Hex`]: the 16x16 "hexadoku" convention, `0`-`9` then `A`-`F`
///   (either case) for the digits 1 to 16; `0` is a digit, so the blanks are
///   `.` `-` `_` `*` `x` `X`.
/// * [`Digits::Letters`]: `A`-`Z` (either case) for 1 to 26, as Alphadoku
///   (25x25) and letter puzzles write them; blanks as in Sudoku style (`x`
///   and `X` only below 24x24, where X is no digit).
/// * [`Digits::Numbers`]: one number a cell, separated by spaces or commas
///   (`12 0 3 …`), `0` or `.` for a blank: the form of grids past 35x35 and
///   of many 16x16 and 25x25 files. A grid read so is printed back so;
///   asked for (`--digits numbers`), grids are printed so, and a line of
///   characters is read in Sudoku style.
/// * [`Digits::Auto`] (the default): hex for a 16x16 line that contains a `0`
///   at most 16 times and no `G`/`g` (a hex digit appears at most once per
///   row, while `0` used as a blank is usually frequent, and a Sudoku-style
///   16x16 grid writes 16 as `G`); letters for a grid up to 26x26 that
///   Sudoku style cannot read and letters can (a letter past the grid's
///   side, as an Alphadoku's `Q` to `Y` or a 9x9's `A` to `I`, and no
///   figure `1`-`9`); Sudoku style otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Digits {
    /// Detect per puzzle (see the type docs).
    #[default]
    Auto,
    /// `1`-`9`, `A`-`Z`; `0` is a blank.
    Sudoku,
    /// `0`-`9`, `A`-`F` mean 1 to 16.
    Hex,
    /// `A`-`Z` mean 1 to 26.
    Letters,
    /// Numbers separated by spaces.
    Numbers,
}

impl FromStr for Digits {
    type Err = ErrorKind;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(Digits::Auto),
            "sudoku" | "alpha" | "1-9a-z" => Ok(Digits::Sudoku),
            "hex" | "0-f" => Ok(Digits::Hex),
            "letters" | "a-z" => Ok(Digits::Letters),
            "numbers" => Ok(Digits::Numbers),
            _ => Err(ErrorKind::BadDigits(s.to_string())),
        }
    }
}

impl Digits {
    /// Whether a grid of side `size` is written as numbers in this
    /// convention: always in [`Digits::Numbers`], and in every other past
    /// 35×35, where one character a digit runs out.
    pub fn writes_numbers(self, size: usize) -> bool {
        self == Digits::Numbers || size > crate::line::LAST_CHARACTER_DIGIT
    }

    /// The convention a grid of side `size` with these cells is read in:
    /// never [`Digits::Auto`] (see the type docs for the auto rule).
    pub(crate) fn resolve(self, size: usize, cells: impl Iterator<Item = char>) -> Digits {
        match self {
            Digits::Auto if size == 16 && looks_hex(cells) => Digits::Hex,
            Digits::Auto => Digits::Sudoku,
            chosen => chosen,
        }
    }

    /// The convention of a grid written as numbers: numbers, unless
    /// another was asked for.
    pub(crate) fn of_numbers(self) -> Digits {
        match self {
            Digits::Auto => Digits::Numbers,
            chosen => chosen,
        }
    }

    /// The character of a digit (0 for a blank, `.`) in this convention:
    /// `0`-`9`, `A`-`F` for 1 to 16 in [`Digits::Hex`] (digits above 16,
    /// which hex cannot write, and every other convention: `1`-`9`,
    /// `A`-`Z`).
    ///
    /// ```
    /// use sudokit_formats::Digits;
    /// assert_eq!(Digits::Hex.char_of(1), '0');
    /// assert_eq!(Digits::Hex.char_of(16), 'F');
    /// assert_eq!(Digits::Sudoku.char_of(16), 'G');
    /// assert_eq!(Digits::Hex.char_of(0), '.');
    /// ```
    pub fn char_of(self, digit: u8) -> char {
        match (self, digit) {
            (Digits::Hex, 1..=10) => char::from(b'0' + digit - 1),
            (Digits::Hex, 11..=16) => char::from(b'A' + digit - 11),
            (Digits::Letters, 1..=26) => char::from(b'A' + digit - 1),
            _ => sudokit_puzzle::digit_char(digit),
        }
    }
}

/// Table entry: not a digit or blank.
pub(crate) const UNKNOWN: u8 = u8::MAX;
/// Table entry: `x`/`X`, a blank unless the grid has a digit 33.
const X_MARK: u8 = u8::MAX - 1;

const fn sudoku_table() -> [u8; 128] {
    let mut t = [UNKNOWN; 128];
    let mut i = 0;
    while i < 9 {
        t[b'1' as usize + i] = i as u8 + 1;
        i += 1;
    }
    let mut i = 0;
    while i < 26 {
        t[b'A' as usize + i] = i as u8 + 10;
        t[b'a' as usize + i] = i as u8 + 10;
        i += 1;
    }
    t[b'.' as usize] = 0;
    t[b'0' as usize] = 0;
    t[b'-' as usize] = 0;
    t[b'_' as usize] = 0;
    t[b'*' as usize] = 0;
    t[b'x' as usize] = X_MARK;
    t[b'X' as usize] = X_MARK;
    t
}

const fn hex_table() -> [u8; 128] {
    let mut t = [UNKNOWN; 128];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8 + 1;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'A' as usize + i] = i as u8 + 11;
        t[b'a' as usize + i] = i as u8 + 11;
        i += 1;
    }
    t[b'.' as usize] = 0;
    t[b'-' as usize] = 0;
    t[b'_' as usize] = 0;
    t[b'*' as usize] = 0;
    t[b'x' as usize] = 0;
    t[b'X' as usize] = 0;
    t
}

const fn letters_table() -> [u8; 128] {
    let mut t = sudoku_table();
    let mut i = 0;
    while i < 9 {
        t[b'1' as usize + i] = UNKNOWN;
        i += 1;
    }
    let mut i = 0;
    while i < 26 {
        t[b'A' as usize + i] = i as u8 + 1;
        t[b'a' as usize + i] = i as u8 + 1;
        i += 1;
    }
    t[b'x' as usize] = X_MARK;
    t[b'X' as usize] = X_MARK;
    t
}

static SUDOKU: [u8; 128] = sudoku_table();
static LETTERS: [u8; 128] = letters_table();
static HEX: [u8; 128] = hex_table();

/// A [`Digits`] choice resolved for one grid: the character table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Decoder {
    table: &'static [u8; 128],
    size: usize,
    /// The digit `x`/`X` stands for in grids that have it (a blank below).
    x_digit: u8,
    /// The convention the table is of.
    digits: Digits,
}

impl Decoder {
    /// The decoder for a grid of side `size` whose cells are `cells`
    /// (consulted only by [`Digits::Auto`] on 16x16 grids).
    pub(crate) fn new(digits: Digits, size: usize, cells: impl Iterator<Item = char>) -> Decoder {
        let digits = digits.resolve(size, cells);
        let (table, x_digit) = match digits {
            Digits::Hex => (&HEX, 0),
            Digits::Letters => (&LETTERS, 24),
            _ => (&SUDOKU, 33),
        };
        Decoder {
            table,
            size,
            x_digit,
            digits,
        }
    }

    /// The value of a character: `Some(0)` blank, `Some(d)` digit `d`
    /// (possibly out of range for the grid), `None` unknown.
    pub(crate) fn decode(&self, ch: char) -> Option<u8> {
        if !ch.is_ascii() {
            return None;
        }
        match self.table[ch as usize] {
            UNKNOWN => None,
            X_MARK if self.size >= usize::from(self.x_digit) => Some(self.x_digit),
            X_MARK => Some(0),
            v => Some(v),
        }
    }
}

/// The auto rule for 16x16: some `0`, at most 16 of them, and no `G`.
fn looks_hex(cells: impl Iterator<Item = char>) -> bool {
    let mut zeros = 0;
    for c in cells {
        match c {
            '0' => zeros += 1,
            'g' | 'G' => return false,
            _ => {}
        }
    }
    (1..=16).contains(&zeros)
}

/// Decodes a grid of side `size` whose cells are `cells` with `decode`,
/// in the convention `digits` resolves to, and says which it was. With
/// [`Digits::Auto`], a grid up to 26x26 that Sudoku style cannot read is
/// tried in letters (see [`Digits`]); if they fail too, Sudoku style's
/// error stands. Deciding by the decoding keeps the common case, a line
/// Sudoku style reads, free of a scan.
pub(crate) fn decode_grid<T, E>(
    digits: Digits,
    size: usize,
    cells: impl Iterator<Item = char>,
    decode: impl Fn(&Decoder) -> Result<T, E>,
) -> Result<(T, Digits), E> {
    let decoder = Decoder::new(digits, size, cells);
    match decode(&decoder) {
        Ok(decoded) => Ok((decoded, decoder.digits)),
        Err(error) if digits == Digits::Auto && decoder.digits == Digits::Sudoku && size <= 26 => {
            let letters = Decoder::new(Digits::Letters, size, std::iter::empty());
            decode(&letters)
                .map(|decoded| (decoded, Digits::Letters))
                .map_err(|_| error)
        }
        Err(error) => Err(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sudoku_style_values() {
        let d = Decoder::new(Digits::Sudoku, 9, std::iter::empty());
        assert_eq!(d.decode('5'), Some(5));
        assert_eq!(d.decode('0'), Some(0));
        assert_eq!(d.decode('a'), Some(10));
        assert_eq!(d.decode('Z'), Some(35));
        assert_eq!(d.decode('x'), Some(0));
        assert_eq!(d.decode('?'), None);
        assert_eq!(d.decode('é'), None);
        let big = Decoder::new(Digits::Sudoku, 35, std::iter::empty());
        assert_eq!(big.decode('X'), Some(33));
    }

    #[test]
    fn hex_style_values() {
        let d = Decoder::new(Digits::Hex, 16, std::iter::empty());
        assert_eq!(d.decode('0'), Some(1));
        assert_eq!(d.decode('9'), Some(10));
        assert_eq!(d.decode('f'), Some(16));
        assert_eq!(d.decode('.'), Some(0));
        assert_eq!(d.decode('G'), None);
    }

    #[test]
    fn auto_rule() {
        let hexy: Vec<char> = "0123456789ABCDEF".chars().collect();
        assert!(looks_hex(hexy.iter().copied()));
        let with_g: Vec<char> = "0123456789ABCDEG".chars().collect();
        assert!(!looks_hex(with_g.iter().copied()));
        let no_zero: Vec<char> = "123456789ABCDEF.".chars().collect();
        assert!(!looks_hex(no_zero.iter().copied()));
        let zero_blanks: Vec<char> = "0".repeat(17).chars().collect();
        assert!(!looks_hex(zero_blanks.iter().copied()));
    }

    /// How `decode_grid` reads `cells` of a grid of side `size` in auto.
    fn auto(size: usize, cells: &str) -> Result<(Vec<u8>, Digits), ErrorKind> {
        decode_grid(Digits::Auto, size, cells.chars(), |decoder| {
            crate::line::decode_cells(cells.chars(), decoder, size, 0)
        })
    }

    #[test]
    fn letters_when_sudoku_style_cannot_read_a_grid() {
        // An Alphadoku's Q to Y, a 9x9 in A to I: letters.
        assert_eq!(
            auto(25, "AB.Y.QX"),
            Ok((vec![1, 2, 0, 25, 0, 17, 24], Digits::Letters))
        );
        assert_eq!(
            auto(9, "ABC.I..x."),
            Ok((vec![1, 2, 3, 0, 9, 0, 0, 0, 0], Digits::Letters))
        );
        // A to P only reads in Sudoku style, which it stays.
        assert_eq!(auto(25, "AB.P.C").map(|(_, d)| d), Ok(Digits::Sudoku));
        // A figure and a letter past the side: neither reads; Sudoku
        // style's error stands.
        assert_eq!(
            auto(25, "1B.Y").map_err(|e| e.to_string()),
            Err("digit 'Y' (34) at r1c4 is out of range for a 25x25 grid (1 to 25)".to_string())
        );
        // Past 26 letters cannot write the grid: not tried.
        assert_eq!(
            auto(30, "ABZ").map_err(|e| e.to_string()),
            Err("digit 'Z' (35) at r1c3 is out of range for a 30x30 grid (1 to 30)".to_string())
        );
    }

    #[test]
    fn letter_values() {
        let d = Decoder::new(Digits::Letters, 25, std::iter::empty());
        assert_eq!(d.decode('a'), Some(1));
        assert_eq!(d.decode('Y'), Some(25));
        assert_eq!(d.decode('x'), Some(24));
        assert_eq!(d.decode('0'), Some(0));
        assert_eq!(d.decode('5'), None);
        let small = Decoder::new(Digits::Letters, 9, std::iter::empty());
        assert_eq!(small.decode('X'), Some(0));
        assert_eq!(Digits::Letters.char_of(25), 'Y');
        assert_eq!(Digits::Letters.char_of(0), '.');
    }

    #[test]
    fn from_str() {
        assert_eq!("HEX".parse::<Digits>(), Ok(Digits::Hex));
        assert_eq!("auto".parse::<Digits>(), Ok(Digits::Auto));
        assert_eq!("Letters".parse::<Digits>(), Ok(Digits::Letters));
        assert_eq!(
            "octal".parse::<Digits>().map_err(|e| e.to_string()),
            Err(
                "cannot read digit style \"octal\": expected auto, sudoku, hex, letters or numbers"
                    .to_string()
            )
        );
    }
}
