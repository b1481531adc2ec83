"""Puzzle.from_file and read_file: puzzles from files, errors naming the
file and the line."""

import json
from pathlib import Path

import pytest
import sudokit
from conftest import PUZZLE, ROOT, example

PUZZLES = ROOT / "data" / "examples" / "puzzles.txt"


def test_a_file_of_lines_reads_as_a_list_with_lines_and_labels():
    puzzles = sudokit.read_file(str(PUZZLES))
    assert [p.line_number for p in puzzles] == [5, 6, 7, 8, 9, 10]
    assert [p.label for p in puzzles][:3] == ["Easy51 #2", "Easy51 #3", "top95 #1"]
    assert puzzles[2].line == PUZZLE
    assert all(isinstance(p, sudokit.Puzzle) and p.size == 9 for p in puzzles)


def test_answers_carry_the_line_of_the_file():
    puzzles = sudokit.read_file(PUZZLES)  # a pathlib.Path too
    answers = [sudokit.solve(p) for p in puzzles]
    assert [a.line for a in answers] == [5, 6, 7, 8, 9, 10]
    assert answers[0].label == "Easy51 #2"
    assert sudokit.count(puzzles[5], up_to=2).count == 2


def test_a_variant_file_reads_as_its_one_puzzle():
    killer = sudokit.Puzzle.from_file(ROOT / "data" / "examples" / "killer9.toml")
    assert json.loads(killer.to_json()) == json.loads(sudokit.Puzzle(example("killer9.toml")).to_json())
    assert killer.line_number == 4  # after three lines of comments


def test_a_file_of_several_puzzles_is_not_one():
    with pytest.raises(sudokit.InputError) as error:
        sudokit.Puzzle.from_file(str(PUZZLES))
    assert str(error.value) == f"{PUZZLES}: line 6: expected one puzzle, found another one here"


def test_a_bad_line_is_named_with_the_file(tmp_path: Path):
    bad = tmp_path / "bad.txt"
    bad.write_text("..2....4.4.3....\n..2....4.4.3...\n......32..2.4...\n")
    with pytest.raises(sudokit.InputError) as error:
        sudokit.read_file(bad)
    assert str(error.value) == f"{bad}: line 2: expected a square number of cells (16 for 4x4), found 15"
    with pytest.raises(sudokit.InputError, match="^.*bad.txt: line 2: "):
        sudokit.Puzzle.from_file(bad)


def test_a_missing_or_empty_file_is_an_input_error(tmp_path: Path):
    missing = tmp_path / "no" / "such.txt"
    with pytest.raises(sudokit.InputError) as error:
        sudokit.read_file(missing)
    assert str(error.value) == f"{missing}: cannot read the input: No such file or directory (os error 2)"
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing here\n")
    with pytest.raises(sudokit.InputError, match=f"^{empty}: "):
        sudokit.read_file(empty)
    with pytest.raises(sudokit.InputError, match=f"^{empty}: "):
        sudokit.Puzzle.from_file(empty)


def test_boxes_give_the_shape_of_a_files_lines(tmp_path: Path):
    six = tmp_path / "six.txt"
    six.write_text("." * 36 + "\n")
    [puzzle] = sudokit.read_file(six, boxes="3x2")
    assert str(puzzle).splitlines()[0] == ". . | . . | . ."
    with pytest.raises(sudokit.InputError, match="^boxes: "):
        sudokit.read_file(six, boxes="3by2")


def test_a_path_must_be_a_path():
    with pytest.raises(TypeError):
        sudokit.read_file(42)
