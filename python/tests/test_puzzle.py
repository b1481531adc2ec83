"""sudokit.Puzzle: reading every form, printing, and the errors of bad text."""

import json

import pytest
import sudokit
from conftest import PUZZLE, example


def test_a_line_reads_and_prints_as_the_command_line_prints_it():
    puzzle = sudokit.Puzzle("..2....4.4.3....")
    assert puzzle.size == 4
    assert puzzle.line == "..2....4.4.3...."
    assert str(puzzle) == ". . | 2 .\n. . | . 4\n----+----\n. 4 | . 3\n. . | . .\n"
    assert repr(puzzle) == "<sudokit.Puzzle 4x4 ..2....4.4.3....>"


def test_a_block_grid_reads_back_as_the_same_puzzle():
    puzzle = sudokit.Puzzle(PUZZLE)
    assert sudokit.Puzzle(str(puzzle)).line == PUZZLE


def test_toml_and_json_keep_a_killer_and_read_back():
    killer = sudokit.Puzzle(example("killer9.toml"))
    assert killer.to_toml().count("[[cage]]") == example("killer9.toml").count("[[cage]]") > 0
    fields = json.loads(killer.to_json())
    assert fields["size"] == 9 and len(fields["cages"]) > 0
    for text in (killer.to_toml(), killer.to_json()):
        again = sudokit.Puzzle(text)
        assert json.loads(again.to_json()) == fields


def test_a_jigsaw_keeps_its_regions():
    jigsaw = sudokit.Puzzle(example("jigsaw9.toml"))
    assert json.loads(jigsaw.to_json())["regions"] is not None


def test_boxes_give_the_shape_of_a_line():
    puzzle = sudokit.Puzzle("." * 36, boxes="3x2")
    assert str(puzzle).splitlines()[0] == ". . | . . | . ."
    latin = sudokit.Puzzle("1..." "...." "...." "....", boxes="latin")
    assert json.loads(latin.to_json())["box"] is None


def test_a_puzzle_draws_itself_for_jupyter():
    svg = sudokit.Puzzle(PUZZLE)._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")


def test_bad_text_is_a_value_error_with_the_command_lines_message():
    with pytest.raises(sudokit.InputError) as error:
        sudokit.Puzzle("..2....4.4.3...")
    assert str(error.value) == "line 1: expected a square number of cells (16 for 4x4), found 15"
    assert isinstance(error.value, ValueError)
    assert isinstance(error.value, sudokit.SudokitError)


def test_two_puzzles_are_not_one():
    with pytest.raises(ValueError, match="^line 2: expected one puzzle, found another one here$"):
        sudokit.Puzzle("..2....4.4.3....\n......32..2.4...\n")


def test_a_bad_box_shape_is_named():
    with pytest.raises(sudokit.InputError, match="^boxes: "):
        sudokit.Puzzle("." * 36, boxes="3by2")


@pytest.mark.parametrize(
    "text",
    ["", "\n", "\x00" * 81, "9" * 1300, "[[cages]]\nsum = -1", '{"size": 1000000}', "size = 0", "🙂" * 81],
)
def test_hostile_text_raises_an_input_error_never_a_panic(text):
    with pytest.raises(sudokit.InputError):
        sudokit.Puzzle(text)


def test_a_puzzle_is_not_an_int():
    with pytest.raises(TypeError, match="^expected a sudokit.Puzzle or a str, got int$"):
        sudokit.solve(42)
    with pytest.raises(TypeError):
        sudokit.check(SOLUTION_OF_4x4, 42)


SOLUTION_OF_4x4 = "1234341221434321"
