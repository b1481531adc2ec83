"""explain, hint and grade: the steps a person takes, and how hard."""

import pytest
import sudokit
from conftest import PUZZLE

#: The facade's documented X-Wing puzzle.
HARD = "300200000000107000706030500070009080900020004010800050009040301000702000000008006"


def test_an_explanation_lists_every_step_to_the_solution():
    explained = sudokit.explain(HARD)
    assert explained.kind == "ExplainRecord"
    assert (explained.outcome.status, explained.unique, explained.solutions) == ("solved", True, 1)
    assert len(explained.steps) == 60 and "." not in explained.grid
    first = explained.steps[0]
    assert (first.technique, first.rating, first.cells) == ("Hidden single", 1.2, ["r1c3"])
    assert first.place[0].to_dict() == {"cell": "r1c3", "digit": 1}
    assert str(explained).splitlines()[0] == "1. Hidden single: 1 can only go in r1c3 within box 1 => r1c3=1"
    assert str(explained).splitlines()[-1] == "solved"
    assert sudokit.check(explained.grid, HARD).valid
    assert explained.grade.level == "hard"


def test_until_and_no_guess_stop_early():
    paused = sudokit.explain(HARD, until=3)
    assert (len(paused.steps), paused.outcome.status) == (3, "paused")
    singles = sudokit.explain(HARD, techniques=["hidden single", "naked single"], guess=False)
    assert singles.outcome.status == "stuck"
    assert {s.technique for s in singles.steps} <= {"Hidden single", "Naked single"}


def test_a_hint_says_where_to_look_not_what_to_place():
    hint = sudokit.hint(HARD)
    assert str(hint) == "look for a hidden single (SE 1.2) in box 1"
    assert len(hint.steps) == 1 and hint.outcome.status == "paused"
    solved = sudokit.hint(sudokit.explain(HARD).grid)
    assert str(solved) == "already solved"


def test_an_unknown_technique_lists_them_all():
    with pytest.raises(sudokit.InputError) as error:
        sudokit.explain(HARD, techniques=["wing"])
    assert str(error.value).startswith('techniques: no technique called "wing"; known: Hidden single, ')


def test_a_grade_names_the_level_and_the_hardest_technique():
    grade = sudokit.grade(HARD)
    assert (grade.kind, grade.level, grade.rating, grade.hardest, grade.steps) == (
        "GradeRecord", "hard", 3.2, "X-Wing", 60)
    assert str(grade) == "hard (SE 3.2, EP 1.2, ED 1.2): needs X-Wing, 60 steps"
    assert sudokit.grade(PUZZLE).level == "medium"


def test_a_grade_needs_one_solution():
    with pytest.raises(sudokit.NoAnswer, match="^more than one solution$"):
        sudokit.grade("." * 16)
    with pytest.raises(sudokit.NoAnswer, match="^no solution: 4 appears twice in row 1: r1c1 and r1c2$"):
        sudokit.grade("44" + "." * 14)
