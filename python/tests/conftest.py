"""What the tests share: the repository's data, and a check of a solved
grid that owes nothing to sudokit."""

import importlib
import os
import signal
from pathlib import Path

import pytest

#: The repository's root (these tests run from a clone).
ROOT = Path(__file__).resolve().parents[2]

#: The README's puzzle, and its one solution.
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def need(module: str):
    """MODULE, imported; without it the calling test (or test module) is
    skipped saying so, or fails under SUDOKIT_REQUIRE_PYTHON=1, where every
    package of the Python tests must be there."""
    try:
        return importlib.import_module(module)
    except ImportError as missing:
        why = f"{module} is not installed ({missing}): pip install {module}"
        if os.environ.get("SUDOKIT_REQUIRE_PYTHON"):
            pytest.fail(f"SUDOKIT_REQUIRE_PYTHON is set and {why}", pytrace=False)
        pytest.skip(why, allow_module_level=True)


def example(name: str) -> str:
    """The text of data/examples/NAME."""
    return (ROOT / "data" / "examples" / name).read_text()


def is_sudoku_solution(grid: str, puzzle: str) -> bool:
    """Whether GRID (81 digits) fills PUZZLE (81 cells, '.' blank) with
    every row, column and 3x3 box holding 1 to 9: by hand, not by sudokit."""
    if len(grid) != 81 or not grid.isdigit():
        return False
    cells = [int(c) for c in grid]
    if any(p not in ".0" and p != g for p, g in zip(puzzle, grid)):
        return False
    groups = [[r * 9 + c for c in range(9)] for r in range(9)]
    groups += [[r * 9 + c for r in range(9)] for c in range(9)]
    groups += [
        [(br + r) * 9 + bc + c for r in range(3) for c in range(3)]
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
    return all(sorted(cells[i] for i in group) == list(range(1, 10)) for group in groups)


@pytest.fixture
def puzzle_line() -> str:
    return PUZZLE


@pytest.fixture(autouse=True)
def ctrl_c_raises():
    """Python keeps SIGINT ignored when it starts with it ignored (a
    background job of a shell): the tests that press Ctrl-C need the
    default handler, and every other test runs as it would by hand."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)
