#!/usr/bin/env python3
"""Random puzzles of any box shape: a solved grid from the pattern
(cols * (r % rows) + r // rows + c) mod n, shuffled (bands, rows within
bands, stacks, columns within stacks, digit labels), then a share of its
cells blanked. Most have several solutions; they are for timing engines on
big grids (count up to 2), not for publishing.

    python3 crates/fast/scripts/random_grids.py ROWS COLS BLANK_SHARE COUNT [SEED] > FILE

Digits 1-9 then A-Z, '.' for blanks: read them with `--digits sudoku`.
"""

import random
import sys

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def puzzle(rows, cols, blank_share, rnd):
    n = rows * cols
    base = [[(cols * (r % rows) + r // rows + c) % n for c in range(n)] for r in range(n)]
    bands = rnd.sample(range(n // rows), n // rows)
    order_rows = [b * rows + i for b in bands for i in rnd.sample(range(rows), rows)]
    stacks = rnd.sample(range(n // cols), n // cols)
    order_cols = [s * cols + j for s in stacks for j in rnd.sample(range(cols), cols)]
    labels = rnd.sample(range(n), n)
    cells = [SYMBOLS[labels[base[r][c]]] for r in order_rows for c in order_cols]
    for i in rnd.sample(range(n * n), int(blank_share * n * n)):
        cells[i] = "."
    return "".join(cells)


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    rows, cols, share, count = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
    seed = int(sys.argv[5]) if len(sys.argv) == 6 else 0
    for k in range(count):
        print(puzzle(rows, cols, share, random.Random(seed + k)))


if __name__ == "__main__":
    main()
