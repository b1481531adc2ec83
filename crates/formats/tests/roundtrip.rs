//! Property tests: random puzzles of every supported shape and variant
//! print and parse back to equal puzzles; random text never panics.

use proptest::prelude::*;
use sudokit_formats::{
    from_json, grid_to_block, grid_to_line, parse_block, parse_line, parse_puzzle, parse_toml,
    read_all, read_puzzles, stream_puzzles, to_block, to_json, to_line, to_toml, to_toml_listed,
    ReadOptions, Shape,
};
use sudokit_model::BoxShape;
use sudokit_puzzle::{Cage, Layout, Puzzle, PuzzleSpec};

const SHAPES: [(usize, usize); 11] = [
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (4, 2),
    (3, 3),
    (3, 4),
    (4, 3),
    (4, 4),
    (5, 5),
    (5, 7),
];

/// A small deterministic generator, so one `u64` from proptest drives the
/// whole construction.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
    fn perm(&mut self, n: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..n).collect();
        self.shuffle(&mut v);
        v
    }
}

/// A valid solved grid: the pattern `(cols * (r % rows) + r / rows + c) % n`,
/// then digits relabelled, rows shuffled within bands and bands shuffled,
/// columns within stacks and stacks.
fn solved_grid(rows: usize, cols: usize, rng: &mut Rng) -> Vec<u8> {
    let n = rows * cols;
    let digits = rng.perm(n);
    let order = |groups: usize, size: usize, rng: &mut Rng| -> Vec<usize> {
        let outer = rng.perm(groups);
        outer
            .into_iter()
            .flat_map(|g| rng.perm(size).into_iter().map(move |i| g * size + i))
            .collect()
    };
    let row_order = order(cols, rows, rng); // n / rows = cols bands of `rows` rows
    let col_order = order(rows, cols, rng); // n / cols = rows stacks of `cols` columns
    let mut grid = vec![0u8; n * n];
    for (r, &pr) in row_order.iter().enumerate() {
        for (c, &pc) in col_order.iter().enumerate() {
            let v = (cols * (pr % rows) + pr / rows + pc) % n;
            grid[r * n + c] = digits[v] as u8 + 1;
        }
    }
    grid
}

fn is_valid_sudoku(grid: &[u8], rows: usize, cols: usize) -> bool {
    let p = Puzzle::boxed(rows, cols, grid.to_vec()).unwrap();
    p.check_givens().is_ok() && grid.iter().all(|&d| d != 0)
}

struct Case {
    solution: Vec<u8>,
    puzzle: Puzzle,
}

fn classic(shape: usize, seed: u64, density: u8) -> Case {
    let (rows, cols) = SHAPES[shape % SHAPES.len()];
    let mut rng = Rng(seed);
    let solution = solved_grid(rows, cols, &mut rng);
    let givens = solution
        .iter()
        .map(|&d| {
            if rng.below(256) < usize::from(density) {
                d
            } else {
                0
            }
        })
        .collect();
    let puzzle = Puzzle::boxed(rows, cols, givens).unwrap();
    Case { solution, puzzle }
}

fn variant(shape: usize, seed: u64, density: u8, flags: u8) -> Puzzle {
    let Case { solution, puzzle } = classic(shape, seed, density);
    let n = puzzle.size();
    let mut rng = Rng(seed ^ 0xABCD);
    let mut spec: PuzzleSpec = puzzle.spec().clone();
    spec.layout = match flags % 3 {
        0 => spec.layout,
        1 => Layout::Latin,
        _ => {
            // a region map: boxes or rows, with labels shuffled
            let labels = rng.perm(n);
            let by_rows = rng.below(2) == 0;
            let b = puzzle.box_shape().unwrap_or(BoxShape { rows: 1, cols: n });
            Layout::Regions(
                (0..n * n)
                    .map(|c| {
                        let (r, col) = (c / n, c % n);
                        let region = if by_rows {
                            r
                        } else {
                            r / b.rows * b.rows + col / b.cols
                        };
                        labels[region] as u8
                    })
                    .collect(),
            )
        }
    };
    spec.diagonals = flags & 4 != 0;
    if flags & 8 != 0 {
        for _ in 0..1 + rng.below(3) {
            let mut cells = rng.perm(n * n);
            cells.truncate(1 + rng.below(n));
            spec.extra_groups.push(cells);
        }
    }
    if flags & 16 != 0 {
        // cages: row segments of 1-4 cells (distinct digits), sums from the solution
        for r in 0..n {
            let mut c = 0;
            while c < n {
                let len = (1 + rng.below(4)).min(n - c);
                if rng.below(3) > 0 {
                    let cells: Vec<usize> = (c..c + len).map(|k| r * n + k).collect();
                    let sum = cells.iter().map(|&k| u32::from(solution[k])).sum();
                    spec.cages.push(Cage { cells, sum });
                }
                c += len;
            }
        }
    }
    if flags & 32 != 0 {
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        spec.candidates = Some((0..n * n).map(|_| rng.next() & full).collect());
    }
    Puzzle::new(spec).unwrap()
}

fn lenient() -> ReadOptions {
    ReadOptions::default().check_givens(false)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn generated_grids_are_valid(shape in 0..SHAPES.len(), seed: u64) {
        let (rows, cols) = SHAPES[shape];
        let mut rng = Rng(seed);
        prop_assert!(is_valid_sudoku(&solved_grid(rows, cols, &mut rng), rows, cols));
    }

    #[test]
    fn line_round_trip(shape in 0..SHAPES.len(), seed: u64, density: u8) {
        let Case { puzzle, solution } = classic(shape, seed, density);
        let shape = Shape::Boxes(puzzle.box_shape().unwrap());
        let strict = ReadOptions::default().shape(shape);
        prop_assert_eq!(&parse_line(&to_line(&puzzle), &strict).unwrap(), &puzzle);
        prop_assert_eq!(&read_all(&format!("{}\n", to_line(&puzzle)), &strict.clone().form(sudokit_formats::Form::Lines)).unwrap().entries[0].puzzle, &puzzle);
        let full = parse_line(&grid_to_line(puzzle.size(), &solution), &strict).unwrap();
        prop_assert_eq!(full.givens(), solution.as_slice());
    }

    #[test]
    fn block_round_trip(shape in 0..SHAPES.len(), seed: u64, density: u8) {
        let Case { puzzle, solution } = classic(shape, seed, density);
        // the separators give the box shape back: default options suffice
        prop_assert_eq!(&parse_block(&to_block(&puzzle), &ReadOptions::default()).unwrap(), &puzzle);
        prop_assert_eq!(&parse_puzzle(&to_block(&puzzle), &ReadOptions::default()).unwrap(), &puzzle);
        let full = parse_block(&grid_to_block(&puzzle, &solution), &ReadOptions::default()).unwrap();
        prop_assert_eq!(full.givens(), solution.as_slice());
    }

    #[test]
    fn latin_line_and_block_round_trip(shape in 0..SHAPES.len(), seed: u64, density: u8) {
        let p = variant(shape, seed, density, 1);
        let o = lenient().shape(Shape::Latin);
        prop_assert_eq!(&parse_line(&to_line(&p), &o).unwrap(), &p);
        prop_assert_eq!(&parse_block(&to_block(&p), &o).unwrap(), &p);
    }

    #[test]
    fn toml_and_json_round_trip(shape in 0..SHAPES.len(), seed: u64, density: u8, flags: u8) {
        let p = variant(shape, seed, density, flags);
        let toml = to_toml(&p);
        prop_assert_eq!(&parse_toml(&toml, &lenient()).unwrap(), &p, "{}", toml);
        prop_assert_eq!(&parse_puzzle(&toml, &lenient()).unwrap(), &p);
        prop_assert_eq!(&from_json(&to_json(&p), &lenient()).unwrap(), &p);
        prop_assert_eq!(&parse_puzzle(&to_json(&p).to_string(), &lenient()).unwrap(), &p);
    }

    #[test]
    fn several_puzzles_read_back_as_printed(shape in 0..SHAPES.len(), seed: u64, density: u8, flags: u8) {
        // Block grids with a blank line between them, mixed sizes; TOML
        // `[[puzzle]]` tables one after the other.
        let grids: Vec<Puzzle> = (0..3u64)
            .map(|k| classic((shape + k as usize) % SHAPES.len(), seed ^ k, density).puzzle)
            .collect();
        let blocks: Vec<String> = grids.iter().map(to_block).collect();
        let read: Vec<Puzzle> = read_all(&blocks.join("\n"), &ReadOptions::default())
            .unwrap()
            .entries
            .into_iter()
            .map(|e| e.puzzle)
            .collect();
        prop_assert_eq!(&read, &grids);
        let variants: Vec<Puzzle> = (0..3u64)
            .map(|k| variant(shape, seed ^ k, density, flags.rotate_left(k as u32)))
            .collect();
        let toml: String = variants.iter().map(|p| to_toml_listed(p) + "\n").collect();
        let read: Vec<Puzzle> = read_all(&toml, &lenient())
            .unwrap()
            .entries
            .into_iter()
            .map(|e| e.puzzle)
            .collect();
        prop_assert_eq!(&read, &variants, "{}", toml);
    }

    #[test]
    fn strict_reading_accepts_valid_variants(shape in 0..SHAPES.len(), seed: u64, density: u8) {
        // boxes, cages from the solution: the givens never clash
        let p = variant(shape, seed, density, 16);
        prop_assert_eq!(&parse_toml(&to_toml(&p), &ReadOptions::default()).unwrap(), &p);
    }

    #[test]
    fn any_text_is_an_answer_not_a_panic(text in "[0-9A-Za-z.|+\\- \n#,=\\[\\]\"{}:]{0,300}") {
        let _ = parse_puzzle(&text, &ReadOptions::default());
        let _ = read_all(&text, &ReadOptions::default().skip_invalid(true));
        let _ = parse_toml(&text, &ReadOptions::default());
        let _ = parse_block(&text, &ReadOptions::default());
    }

    #[test]
    fn streaming_reads_what_reading_reads(
        text in "([.1-4]{15,17}(,[.1-4]{0,16})?\r?\n|# c\n| *\n|[.1-4|+ -]{0,9}\n){0,30}",
        column in 0..2usize,
    ) {
        let options = ReadOptions::default().column(column).skip_invalid(true);
        let show = |r: Result<sudokit_formats::Entry, sudokit_formats::ParseError>| match r {
            Ok(e) => format!("{} {}", e.line, to_line(&e.puzzle)),
            Err(e) => e.to_string(),
        };
        let read: Vec<String> = read_puzzles(&text, &options).map(show).collect();
        let streamed: Vec<String> = stream_puzzles(text.as_bytes(), &options).map(show).collect();
        prop_assert_eq!(read, streamed);
    }

    #[test]
    fn any_unicode_is_an_answer_not_a_panic(text in "\\PC{0,200}") {
        let _ = parse_puzzle(&text, &ReadOptions::default());
        let _ = read_all(&text, &ReadOptions::default().column(2));
    }

    #[test]
    fn mutated_toml_never_panics(shape in 0..SHAPES.len(), seed: u64, flags: u8, at: usize, ch in "[0-9a-z\\-\\[\\],=\" \n]") {
        let toml = to_toml(&variant(shape, seed, 100, flags));
        let mut chars: Vec<char> = toml.chars().collect();
        let i = at % chars.len();
        chars[i] = ch.chars().next().unwrap();
        let text: String = chars.into_iter().collect();
        let _ = parse_toml(&text, &ReadOptions::default());
    }
}
