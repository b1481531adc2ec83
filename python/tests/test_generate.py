"""generate: unique puzzles, the same for the same seed."""

import json

import pytest
import sudokit
from conftest import is_sudoku_solution

#: The facade's documented puzzle 0 of a minimal run with seed 1.
SEED_1_MINIMAL = "...42.7....1.8...5.....59.21......8.72..13....6.......8.9.47.2..1...6..9.......43"


def test_a_generated_puzzle_is_unique_and_its_solution_checks():
    made = sudokit.generate(seed=1, minimal=True)
    assert made.kind == "GenerateRecord"
    assert (made.givens, made.seed, made.index) == (SEED_1_MINIMAL, 1, 0)
    assert made.clues == 81 - made.givens.count(".")
    unique = sudokit.count(made.givens, up_to=2)
    assert (unique.count, unique.complete) == (1, True)
    assert sudokit.check(made.solution, made.givens).valid
    assert is_sudoku_solution(made.solution, made.givens)
    assert sudokit.analyze(made.givens, difficulty=False).minimal is True
    assert made.grade.level in {"easy", "medium", "hard", "fiendish", "diabolical", "extreme", "beyond"}


def test_a_record_reads_back_as_its_puzzle():
    made = sudokit.generate(seed=5)
    assert sudokit.Puzzle(json.dumps(made.to_dict())).line == made.givens
    assert str(made) == str(sudokit.Puzzle(made.givens))


def test_count_makes_a_list_the_same_for_the_same_seed():
    run = sudokit.generate(size=4, count=3, seed=9)
    assert [r.index for r in run] == [0, 1, 2]
    assert run == sudokit.generate(size=4, count=3, seed=9)
    for made in run:
        assert len(made.givens) == 16
        assert sudokit.count(made.givens, up_to=2).count == 1


def test_variants_and_symmetry_are_kept():
    made = sudokit.generate(boxes="3x2", diagonals=True, symmetry="rot180", seed=2)
    fields = made.to_dict()
    assert (fields["size"], fields["box"], fields["diagonals"]) == (6, [3, 2], True)
    givens = made.givens
    assert all((givens[i] == ".") == (givens[35 - i] == ".") for i in range(36))
    assert sudokit.check(made.solution, sudokit.Puzzle(json.dumps(fields))).valid
    killer = sudokit.generate(size=4, killer="cages", seed=4)
    assert killer.cages and set(killer.givens) == {"."}


def test_a_difficulty_is_met():
    made = sudokit.generate(difficulty="easy", seed=7)
    assert sudokit.grade(made.givens).level == "easy"


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({"boxes": "3by2"}, 'boxes "3by2": expected RxC, e.g. 2x3'),
        ({"killer": "yes"}, 'killer "yes": expected "cages" or "givens"'),
        ({"difficulty": "tough"}, 'difficulty "tough": expected one of easy, medium, hard, fiendish, diabolical, extreme, beyond'),
        ({"count": 0}, "count must be at least 1"),
        ({"size": 7}, "a 7x7 grid has no boxes (7 is prime): add --latin or --jigsaw"),
        ({"size": 36}, "size 36: sizes 1 to 35 are supported"),
        ({"size": 10**6}, "size 1000000: sizes 1 to 35 are supported"),
        ({"boxes": "100000x100000"}, 'boxes "100000x100000": sizes 1 to 35 are supported'),
        ({"latin": True, "boxes": "2x2"}, "--boxes cannot be used with --latin: each sets the layout"),
    ],
)
def test_a_request_no_puzzle_can_meet_is_an_input_error(arguments, message):
    with pytest.raises(sudokit.InputError) as error:
        sudokit.generate(**arguments)
    assert str(error.value) == message
