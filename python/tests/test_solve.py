"""solve, count, check and engines: real answers, checked twice."""

import os
import subprocess
import sys

import pytest
import sudokit
from conftest import PUZZLE, SOLUTION, example, is_sudoku_solution


def test_the_readme_puzzle_solves_and_the_solution_is_checked_twice():
    answer = sudokit.solve(PUZZLE)
    assert answer.status == "solved"
    assert answer.solution == SOLUTION
    assert is_sudoku_solution(answer.solution, PUZZLE)
    assert sudokit.check(answer.solution, PUZZLE).valid is True
    assert answer.engine == "auto" and answer.solved_by == "fast"
    assert answer.count == 1 and answer.line == 1 and answer.version == 1


def test_str_of_an_answer_prints_the_solved_grid():
    text = str(sudokit.solve(PUZZLE))
    assert text.splitlines()[0] == "4 1 7 | 3 6 9 | 8 2 5"
    assert text.replace("|", "").replace("-", "").replace("+", "").split() == list(SOLUTION)


@pytest.mark.parametrize("engine", ["fast", "cp", "cp:var=dom-wdeg", "backtrack:mrv", "sat"])
def test_every_engine_built_in_finds_the_same_verified_solution(engine):
    answer = sudokit.solve(sudokit.Puzzle(PUZZLE), engine)
    assert (answer.status, answer.solution) == ("solved", SOLUTION)


def test_to_dict_is_the_record_as_json_writes_it():
    record = sudokit.solve(PUZZLE, "fast").to_dict()
    assert record["solution"] == SOLUTION
    assert set(record) >= {"version", "line", "status", "engine", "solved_by", "count",
                           "complete", "solution", "time_us"}
    assert "stats" not in record and "limit" not in record


def test_stats_are_a_record_too():
    answer = sudokit.solve(PUZZLE, "cp", stats=True)
    assert answer.stats.nodes is not None and answer.stats.nodes >= 0
    assert answer.to_dict()["stats"]["nodes"] == answer.stats.nodes


def test_counts_are_exact():
    zones = sudokit.count(example("zones3.toml"))
    assert (zones.count, zones.complete) == (2, True)
    unique = sudokit.count(PUZZLE, up_to=2)
    assert (unique.count, unique.complete) == (1, True)
    four = sudokit.count("." * 16, up_to=None)
    assert (four.count, four.complete) == (288, True)
    capped = sudokit.count("." * 16, up_to=5)
    assert (capped.count, capped.complete) == (5, False)


def test_count_keeps_the_solutions_asked_for_each_verified():
    zones = example("zones3.toml")
    kept = sudokit.count(zones, "sat", up_to=None, keep=None)
    assert (kept.count, kept.complete, len(set(kept.solutions))) == (2, True, 2)
    assert all(sudokit.check(grid, zones).valid for grid in kept.solutions)
    four = sudokit.count("." * 16, up_to=None, keep=None)
    assert len(set(four.solutions)) == four.count == 288
    assert all(sudokit.check(grid).valid for grid in four.solutions)
    assert len(sudokit.count("." * 16, up_to=None, keep=5).solutions) == 5
    assert sudokit.count(PUZZLE, keep=3).solutions == [SOLUTION]
    assert "solutions" not in sudokit.count(zones).to_dict()
    with pytest.raises(sudokit.InputError, match="keep must be at least 1"):
        sudokit.count(PUZZLE, keep=0)


def test_a_killer_solves_with_every_cage_kept():
    killer = sudokit.Puzzle(example("killer9.toml"))
    answer = sudokit.solve(killer, "sat")
    assert answer.solution == "952467381764318295813259476637821954128945763549736812386192547291574638475683129"
    assert sudokit.check(answer.solution, killer).valid


def test_no_solution_is_an_answer_with_the_reason():
    answer = sudokit.solve("44" + "." * 14)
    assert (answer.status, answer.solution, answer.count) == ("unsatisfiable", None, 0)
    assert answer.why == "4 appears twice in row 1: r1c1 and r1c2"
    assert str(answer) == "no solution: 4 appears twice in row 1: r1c1 and r1c2"


def test_a_limit_is_a_status_not_an_exception():
    hardest = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    answer = sudokit.solve(hardest, "backtrack", nodes=10)
    assert (answer.status, answer.limit, answer.solution) == ("limit", "nodes", None)
    assert str(answer) == "limit reached (nodes)"
    timed = sudokit.count("." * 81, "fast", up_to=None, timeout=0.2)
    assert (timed.status, timed.limit, timed.complete) == ("limit", "time", False)
    assert timed.count > 0


def test_bad_limits_and_counts_are_value_errors():
    with pytest.raises(sudokit.InputError, match="^timeout must be a number of seconds, at least 0: -1$"):
        sudokit.solve(PUZZLE, timeout=-1)
    with pytest.raises(sudokit.InputError, match=r"^up_to must be at least 1 \(None counts every solution\)$"):
        sudokit.count(PUZZLE, up_to=0)


def test_an_unknown_engine_or_option_is_refused_with_the_command_lines_message():
    with pytest.raises(sudokit.EngineError) as error:
        sudokit.solve(PUZZLE, "cp:sideways")
    assert isinstance(error.value, ValueError)
    assert "sideways" in str(error.value)
    with pytest.raises(sudokit.EngineError, match="warp"):
        sudokit.solve(PUZZLE, "warp")


def test_fast_refuses_a_killer():
    with pytest.raises(sudokit.EngineError, match="^fast does not support"):
        sudokit.solve(example("killer9.toml"), "fast")


def test_a_missing_engine_says_how_to_get_it():
    missing = [e for e in sudokit.engines() if not e.available]
    for engine in missing:
        with pytest.raises(sudokit.EngineUnavailable) as error:
            sudokit.solve(PUZZLE, engine.name)
        assert str(error.value).startswith(f"{engine.name} is not available: ")
        assert engine.hint and engine.why


def test_z3_at_a_path_that_is_not_there_is_unavailable():
    # In a process of its own: the z3 program is looked for once per process.
    script = (
        "import sudokit\n"
        "try:\n"
        f"    sudokit.solve({PUZZLE!r}, 'z3')\n"
        "except sudokit.EngineUnavailable as e:\n"
        "    print('EngineUnavailable:', e)\n"
    )
    env = dict(os.environ, SUDOKIT_Z3="/nonexistent/z3")
    run = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("EngineUnavailable: z3 is not available: "), run.stdout
    assert "/nonexistent/z3" in run.stdout


def test_engines_lists_the_catalogue():
    engines = {e.name: e for e in sudokit.engines()}
    assert list(engines) == ["auto", "fast", "cp", "backtrack", "sat", "z3", "choco"]
    assert engines["fast"].available is True and engines["fast"].why is None
    assert engines["cp"].kind == "EngineRecord"


def test_check_finds_what_is_wrong():
    changed = sudokit.check(SOLUTION, "5" + PUZZLE[1:])
    assert (changed.valid, changed.errors) == (False, 1)
    assert changed.message == "given 5 at r1c1 was changed to 4"
    assert str(changed) == "given 5 at r1c1 was changed to 4"
    swapped = SOLUTION[1] + SOLUTION[0] + SOLUTION[2:]
    verdict = sudokit.check(swapped)
    assert verdict.valid is False and verdict.errors > 0
    assert str(sudokit.check(SOLUTION)) == "valid"


def test_records_compare_and_repr_like_dataclasses():
    first, second = sudokit.check(SOLUTION), sudokit.check(SOLUTION)
    assert first == second and first != sudokit.check(SOLUTION, PUZZLE[:-1] + "9")
    assert repr(first).startswith("CheckRecord(version=1, line=1, valid=True, errors=0, conflicts=[]")
    with pytest.raises(AttributeError, match="CheckRecord has no field 'nope'"):
        first.nope
    assert "valid" in dir(first)
