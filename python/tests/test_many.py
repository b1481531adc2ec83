"""The batch calls (solve_many and the others) and read_table: every input
form a notebook holds a column in, one table row per input row in order,
solutions equal to a published solution column, a bad row answered in its
place, Ctrl-C keeping the rows done."""

import os
import signal
import threading
import time

import pytest
import sudokit
from conftest import PUZZLE, ROOT, SOLUTION, is_sudoku_solution, need

pa = need("pyarrow")

#: data/bench/sudoku.csv: 300 puzzles with their published solutions.
TABLE = ROOT / "data" / "bench" / "sudoku.csv"


def published():
    rows = TABLE.read_text().splitlines()[1:]
    return [tuple(row.split(",")[:2]) for row in rows]


def test_solve_many_answers_each_row_with_the_published_solution():
    rows = published()
    table = sudokit.solve_many([p for p, _ in rows], "fast", jobs=2)
    assert isinstance(table, pa.Table)
    assert table.num_rows == 300
    assert table.column("row").to_pylist() == list(range(1, 301))
    assert table.column("puzzle").to_pylist() == [p for p, _ in rows]
    assert set(table.column("status").to_pylist()) == {"solved"}
    assert table.column("solution").to_pylist() == [s for _, s in rows]
    assert all(is_sudoku_solution(s, p) for p, s in rows[:20])
    assert table.column_names == [
        "row", "puzzle", "status", "solution", "count", "complete", "engine",
        "solved_by", "time_us", "why", "limit", "error",
    ]


def test_a_bad_row_is_an_error_row_and_the_rest_are_solved():
    puzzles = [PUZZLE, "12345", None, "44" + "." * 79, PUZZLE]
    table = sudokit.solve_many(puzzles).to_pylist()
    assert [r["status"] for r in table] == ["solved", "error", "error", "unsatisfiable", "solved"]
    assert table[1]["error"] == "row 2: expected a square number of cells (4 for 2x2), found 5"
    assert table[2]["error"] == "row 3: no puzzle found"
    assert table[2]["puzzle"] is None
    assert table[3]["why"] == "4 appears twice in row 1: r1c1 and r1c2"
    assert table[4]["solution"] == SOLUTION


@pytest.mark.parametrize("form", ["iterator", "numpy", "pandas", "polars", "arrow", "chunked", "table"])
def test_every_column_form_gives_the_same_table(form):
    rows = published()[:50]
    puzzles = [p for p, _ in rows]
    if form == "iterator":
        column = (p for p in puzzles)
    elif form == "numpy":
        column = need("numpy").array(puzzles)
    elif form == "pandas":
        column = need("pandas").Series(puzzles)
    elif form == "polars":
        column = need("polars").Series("puzzle", puzzles)
    elif form == "arrow":
        column = pa.array(puzzles)
    elif form == "chunked":
        column = pa.chunked_array([puzzles[:20], puzzles[20:]], type=pa.large_string())
    else:
        column = pa.table({"id": list(range(50)), "puzzle": puzzles})
    table = sudokit.solve_many(column, jobs=2)
    assert table.column("puzzle").to_pylist() == puzzles
    assert table.column("solution").to_pylist() == [s for _, s in rows]


def test_count_grade_analyze_and_check_many():
    x_wing = "300200000000107000706030500070009080900020004010800050009040301000702000000008006"
    counts = sudokit.count_many([x_wing, "." * 16, "..2....4.4.3...."], up_to=None)
    assert counts.column("count").to_pylist() == [1, 288, 1]
    assert counts.column("complete").to_pylist() == [True, True, True]

    grades = sudokit.grade_many([x_wing, "." * 16]).to_pylist()
    assert (grades[0]["level"], grades[0]["hardest"], grades[0]["steps"]) == ("hard", "X-Wing", 60)
    assert (grades[1]["status"], grades[1]["error"]) == ("error", "row 2: more than one solution")

    eighteen = "41" + PUZZLE[2:]
    analysis = sudokit.analyze_many([eighteen]).to_pylist()[0]
    assert (analysis["unique"], analysis["minimal"], analysis["redundant"]) == (True, False, ["r1c2"])
    assert analysis["guesses"] == 16

    wrong = "99" + SOLUTION[2:]
    checks = sudokit.check_many([SOLUTION, wrong]).to_pylist()
    assert [c["valid"] for c in checks] == [True, False]
    assert checks[1]["grid"] == wrong
    assert checks[1]["message"].startswith("9 appears 3 times in row 1: r1c1, r1c2, r1c6;")


X_WING = "300200000000107000706030500070009080900020004010800050009040301000702000000008006"
HARDEST = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."


def test_a_grade_row_holds_every_field_of_the_grade_record():
    table = sudokit.grade_many([X_WING])
    assert table.column_names == [
        "row", "puzzle", "status", "level", "rating", "ep", "ed", "hardest", "steps",
        "open_when_stuck", "score", "limit", "error",
    ]
    row = table.to_pylist()[0]
    assert (row["rating"], row["ep"], row["ed"]) == (3.2, 1.2, 1.2)
    record = sudokit.grade(X_WING).to_dict()
    for name in ["level", "rating", "ep", "ed", "hardest", "steps", "open_when_stuck", "score"]:
        assert row[name] == record[name], name


def test_every_table_says_status_in_the_records_words():
    # solved, unsatisfiable, limit, error: the words of the records'
    # `status`, for every task; a task's own answer is in its columns.
    puzzles = [X_WING, "44" + "." * 79, "12345"]
    solved = sudokit.solve_many(puzzles).column("status").to_pylist()
    counted = sudokit.count_many(puzzles, up_to=2).column("status").to_pylist()
    analysed = sudokit.analyze_many(puzzles).column("status").to_pylist()
    assert solved == counted == analysed == ["solved", "unsatisfiable", "error"]
    assert sudokit.grade_many([X_WING, "12345"]).column("status").to_pylist() == ["solved", "error"]
    wrong = "99" + SOLUTION[2:]
    assert sudokit.check_many([SOLUTION, wrong, "12345"]).column("status").to_pylist() == [
        "solved", "unsatisfiable", "error"]
    stopped = [HARDEST]
    for many in [sudokit.solve_many, sudokit.analyze_many, sudokit.grade_many]:
        row = many(stopped, "backtrack", nodes=10).to_pylist()[0]
        assert (row["status"], row["limit"]) == ("limit", "nodes"), many.__name__
    # The single calls' records use the same words where they have a status.
    assert sudokit.solve(HARDEST, "backtrack", nodes=10).status == "limit"
    assert sudokit.analyze(HARDEST, "backtrack", nodes=10).status == "limit"
    assert sudokit.count("44" + "." * 79).status == "unsatisfiable"


def test_stats_add_the_engines_counters_as_columns():
    counters = ["nodes", "fails", "backtracks", "propagations", "restarts", "max_depth", "encoding_vars",
                "encoding_constraints", "memory_kib", "build_time", "solve_time"]
    assert sudokit.solve_many([X_WING], "cp", stats=True).column_names == sudokit.solve_many([X_WING]).column_names + counters
    # Every 4x4 grid counted by cp: a search of 287 nodes, the same as one call counts.
    table = sudokit.count_many(["." * 16, "12345"], "cp", up_to=None, stats=True).to_pylist()
    record = sudokit.count("." * 16, "cp", up_to=None, stats=True).stats.to_dict()
    for name in ["nodes", "fails", "backtracks", "propagations", "restarts", "max_depth", "encoding_vars", "memory_kib"]:
        assert table[0][name] == record[name], name
    assert (table[0]["count"], table[0]["nodes"], table[0]["memory_kib"]) == (288, 287, None)
    assert all(table[1][name] is None for name in counters)
    assert "nodes" not in sudokit.analyze_many([X_WING]).column_names


def test_tables_convert_to_pandas_and_polars():
    rows = published()[:10]
    table = sudokit.solve_many([p for p, _ in rows])
    frame = table.to_pandas()
    assert list(frame["solution"]) == [s for _, s in rows]
    polars = need("polars")
    assert polars.from_arrow(table)["solution"].to_list() == [s for _, s in rows]


def test_progress_is_reported_to_a_callable():
    told = []
    puzzles = [p for p, _ in published()]
    sudokit.solve_many(puzzles, progress=lambda done, total: told.append((done, total)))
    assert told and told[-1] == (300, 300)
    assert [d for d, _ in told] == sorted(d for d, _ in told)
    with pytest.raises(sudokit.InputError, match="progress must be True, False, None or a callable"):
        sudokit.solve_many(puzzles, progress="yes")


def test_one_text_is_refused_with_a_pointer_to_solve():
    with pytest.raises(sudokit.InputError, match="use solve"):
        sudokit.solve_many(PUZZLE)
    with pytest.raises(sudokit.InputError, match="up_to must be at least 1"):
        sudokit.count_many([PUZZLE], up_to=0)


def test_ctrl_c_stops_a_batch_and_keeps_the_rows_done():
    # Blank grids whose every solution is counted: each row takes forever.
    puzzles = [PUZZLE] * 5000 + ["." * 81] * 4
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt) as interrupt:
            sudokit.count_many(puzzles, "fast", up_to=None, jobs=2)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 3
    partial = interrupt.value.partial.to_pylist()
    assert len(partial) >= 5000
    assert [r["row"] for r in partial] == list(range(1, len(partial) + 1))
    assert all(r["solution"] == SOLUTION for r in partial[:5000])
    # A row stopped mid-search says so.
    assert {r["limit"] for r in partial[5000:]} <= {"cancelled"}


@pytest.mark.parametrize("shape", ["puzzle,solution", "quizzes,solutions", "id,puzzle,solution,clues,difficulty"])
def test_read_table_reads_the_public_shapes(tmp_path, shape):
    rows = published()[:5]
    lines = [shape]
    for i, (p, s) in enumerate(rows):
        fields = {"id": str(i), "puzzle": p, "solution": s, "quizzes": p, "solutions": s, "clues": "24", "difficulty": "1.5"}
        lines.append(",".join(fields[name] for name in shape.split(",")))
    path = tmp_path / "puzzles.csv"
    path.write_text("\n".join(lines) + "\n")
    table = sudokit.read_table(path)
    assert table.column("puzzle").to_pylist() == [p for p, _ in rows]
    assert table.column("solution").to_pylist() == [s for _, s in rows]
    solved = sudokit.solve_many(table)
    assert solved.column("solution").to_pylist() == [s for _, s in rows]
    checked = sudokit.check_many(table.column("solution"))
    assert checked.column("valid").to_pylist() == [True] * 5


def test_read_table_names_the_columns_it_found(tmp_path):
    path = tmp_path / "other.csv"
    path.write_text("a,b\n1,2\n")
    with pytest.raises(sudokit.InputError, match="expected a puzzle \\(or quizzes\\) column, found a, b"):
        sudokit.read_table(path)


def test_read_table_reads_the_repository_sample():
    table = sudokit.read_table(TABLE)
    assert table.num_rows == 300
    assert str(table.schema.field("clues").type) == "int64"
    assert sudokit.solve_many(table["puzzle"]).column("solution").to_pylist() == [
        s for _, s in published()
    ]


def test_a_table_row_holds_the_fields_of_the_single_call_record():
    hardest = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    puzzles = ["..2....4.4.3....", "44" + "." * 79, hardest]
    table = sudokit.solve_many(puzzles, "backtrack", nodes=100).to_pylist()
    for row, puzzle in zip(table, puzzles):
        record = sudokit.solve(puzzle, "backtrack", nodes=100).to_dict()
        for name in ["status", "solution", "count", "complete", "engine", "solved_by", "why", "limit"]:
            assert row[name] == record.get(name), (puzzle, name)
    assert [(r["status"], r["limit"]) for r in table] == [("solved", None), ("unsatisfiable", None), ("limit", "nodes")]
