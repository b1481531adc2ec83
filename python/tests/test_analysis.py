"""analyze and reduce: exact findings about one puzzle."""

import pytest
import sudokit
from conftest import PUZZLE, SOLUTION, is_sudoku_solution

#: The README's puzzle with one given too many: r1c2 can go.
EIGHTEEN = "41....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_an_analysis_finds_the_one_redundant_given():
    analysis = sudokit.analyze(EIGHTEEN)
    assert analysis.kind == "AnalyzeRecord"
    assert (analysis.solutions, analysis.exact, analysis.unique) == (1, True, True)
    assert (analysis.minimal, analysis.redundant) == (False, ["r1c2"])
    assert analysis.solution == SOLUTION and analysis.givens == 18
    assert analysis.difficulty.guesses == 16
    assert analysis.differing is None


def test_a_minimal_puzzle_has_no_redundant_given():
    analysis = sudokit.analyze(PUZZLE, redundancy=True, difficulty=False)
    assert (analysis.minimal, analysis.redundant, analysis.difficulty) == (True, [], None)


def test_an_ambiguous_puzzle_is_counted_and_told_where_it_differs():
    analysis = sudokit.analyze("." * 16)
    assert (analysis.solutions, analysis.exact, analysis.unique) == (288, True, False)
    assert analysis.minimal is None and len(analysis.differing) >= 2
    capped = sudokit.analyze("." * 16, up_to=10)
    assert (capped.solutions, capped.exact) == (10, False)


def test_analyze_needs_room_to_tell_a_unique_puzzle():
    with pytest.raises(sudokit.InputError, match="^up_to must be at least 2 to tell a unique puzzle$"):
        sudokit.analyze(PUZZLE, up_to=1)


def test_a_limit_stops_an_analysis_with_a_limit_record():
    stopped = sudokit.analyze("." * 81, "backtrack", nodes=5)
    assert (stopped.kind, stopped.status, stopped.limit, stopped.line) == ("LimitRecord", "limit", "nodes", 1)
    assert str(stopped) == "limit reached (nodes)"


def test_reduce_takes_away_the_given_that_can_go():
    reduced = sudokit.reduce(EIGHTEEN)
    assert reduced.kind == "ReduceRecord"
    assert (reduced.givens, reduced.solution) == (PUZZLE, SOLUTION)
    assert is_sudoku_solution(reduced.solution, reduced.givens)
    assert "status" not in reduced.to_dict()
    assert str(reduced) == str(sudokit.Puzzle(PUZZLE))
    assert sudokit.analyze(reduced.givens).minimal is True


def test_a_symmetric_reduction_keeps_its_symmetry():
    reduced = sudokit.reduce(SOLUTION, symmetry="rot180", seed=3)
    givens = reduced.givens
    assert all((givens[i] == ".") == (givens[80 - i] == ".") for i in range(81))
    assert sudokit.count(givens, up_to=2).count == 1
    assert sudokit.check(reduced.solution, givens).valid


def test_reduce_needs_one_solution():
    with pytest.raises(sudokit.NoAnswer, match="^more than one solution$"):
        sudokit.reduce("." * 16)
    with pytest.raises(sudokit.NoAnswer) as error:
        sudokit.reduce("44" + "." * 14)
    assert str(error.value) == "no solution: 4 appears twice in row 1: r1c1 and r1c2"
    assert isinstance(error.value, ValueError)


def test_an_unknown_symmetry_is_named():
    with pytest.raises(sudokit.InputError) as error:
        sudokit.reduce(PUZZLE, symmetry="spiral")
    assert str(error.value) == "symmetry: unknown symmetry `spiral`; valid: none, rot180, rot90, mirror, diagonal"
