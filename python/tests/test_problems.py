"""queens, colour, latin: the problems that are not grids."""

import pytest
import sudokit
from conftest import ROOT

MYCIEL3 = (ROOT / "crates" / "cp" / "examples" / "data" / "myciel3.col").read_text()


def test_eight_queens_have_92_placements_and_one_is_right():
    counted = sudokit.queens(8, count=True)
    assert (counted.kind, counted.count, counted.complete, counted.problem) == (
        "ProblemRecord", 92, True, "8-queens")
    columns = sudokit.queens(8).solution
    assert sorted(columns) == list(range(1, 9))
    assert len({r - c for r, c in enumerate(columns)}) == 8
    assert len({r + c for r, c in enumerate(columns)}) == 8


def test_three_queens_cannot_be_placed():
    answer = sudokit.queens(3)
    assert (answer.status, answer.solution, answer.count) == ("unsatisfiable", None, 0)


def test_the_weighted_latin_square_of_five_is_192():
    answer = sudokit.latin(5)
    assert (answer.status, answer.objective) == ("optimal", 192)
    rows = [answer.solution[i * 5:(i + 1) * 5] for i in range(5)]
    assert all(sorted(row) == [1, 2, 3, 4, 5] for row in rows)
    assert all(sorted(col) == [1, 2, 3, 4, 5] for col in zip(*rows))
    reward = sum(((i + 1) * (j + 1) + v * v) % 11 for i, row in enumerate(rows) for j, v in enumerate(row))
    assert reward == 192


def test_a_graph_is_coloured_with_its_chromatic_number():
    answer = sudokit.colour(MYCIEL3)
    assert (answer.status, answer.objective, answer.problem) == ("optimal", 4, "chromatic number of graph")
    assert sudokit.colour(MYCIEL3, 3).status == "unsatisfiable"
    triangle = sudokit.colour([(1, 2), (2, 3), (3, 1)], name="triangle")
    assert (triangle.objective, triangle.problem) == (3, "chromatic number of triangle")
    two = sudokit.colour([(1, 2), (2, 3)], 2)
    assert two.status == "solved" and two.solution[0] != two.solution[1] != two.solution[2]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: sudokit.queens(0), "the board size must be between 1 and 128, not 0"),
        (lambda: sudokit.latin(129), "the square's side must be between 1 and 128, not 129"),
        (lambda: sudokit.colour([(0, 1)]), "edge (0, 1): vertices are numbered from 1"),
        (lambda: sudokit.colour("p edge 2 1\ne 1 2", 0), "--colours must be between 1 and 128, not 0"),
    ],
)
def test_bad_sizes_are_input_errors(call, message):
    with pytest.raises(sudokit.InputError) as error:
        call()
    assert str(error.value) == message


def test_a_graph_that_is_not_one_says_why():
    with pytest.raises(sudokit.InputError):
        sudokit.colour("p edge two")
    with pytest.raises(TypeError, match="^graph must be DIMACS text or a list of edges"):
        sudokit.colour(42)
