"""The Python answer for a puzzle is the command line's `--format json`
record for it, field for field (timings aside): both are built by the
same constructors of sudokit_core::records."""

import json
import os
import subprocess
from pathlib import Path

import pytest
import sudokit
from conftest import PUZZLE, ROOT, SOLUTION

HARD = "300200000000107000706030500070009080900020004010800050009040301000702000000008006"
MYCIEL3 = ROOT / "crates" / "cp" / "examples" / "data" / "myciel3.col"


def cli_binary() -> Path:
    """SUDOKIT_BIN, else the quick-release build of the command line."""
    if os.environ.get("SUDOKIT_BIN"):
        return Path(os.environ["SUDOKIT_BIN"])
    target = Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target")
    return target / "quick-release" / "sudokit"


BIN = cli_binary()
pytestmark = pytest.mark.skipif(
    not BIN.is_file(),
    reason=f"no sudokit binary at {BIN}: build it (cargo build -p sudokit "
    "--profile quick-release) or name it with SUDOKIT_BIN",
)


def untimed(record: dict) -> dict:
    """RECORD without what differs from one run to the next: the times."""
    record = {k: v for k, v in record.items() if k != "time_us"}
    if isinstance(record.get("stats"), dict):
        record["stats"] = {
            k: v for k, v in record["stats"].items() if k not in ("build_time", "solve_time")
        }
    return record


def cli(*args: str) -> list:
    """The records `sudokit ARGS --format json` writes, one per line."""
    run = subprocess.run(
        [str(BIN), *args, "--format", "json"], capture_output=True, text=True, cwd=ROOT
    )
    assert run.stdout, f"sudokit {' '.join(args)} wrote nothing: {run.stderr}"
    return [json.loads(line) for line in run.stdout.splitlines()]


@pytest.mark.parametrize(
    "args, answer",
    [
        (["solve", PUZZLE], lambda: sudokit.solve(PUZZLE)),
        (["solve", PUZZLE, "--engine", "cp", "--stats"], lambda: sudokit.solve(PUZZLE, "cp", stats=True)),
        (["solve", "44" + "." * 14], lambda: sudokit.solve("44" + "." * 14)),
        (["count", "." * 16, "--max", "5"], lambda: sudokit.count("." * 16, up_to=5)),
        (["check", SOLUTION, "--puzzle", "5" + PUZZLE[1:]], lambda: sudokit.check(SOLUTION, "5" + PUZZLE[1:])),
        (["analyze", PUZZLE], lambda: sudokit.analyze(PUZZLE)),
        (["analyze", "." * 16], lambda: sudokit.analyze("." * 16)),
        (["grade", HARD], lambda: sudokit.grade(HARD)),
        (["explain", HARD], lambda: sudokit.explain(HARD)),
        (["explain", HARD, "--hint"], lambda: sudokit.hint(HARD)),
        (["problem", "queens", "8", "--count"], lambda: sudokit.queens(8, count=True)),
        (["problem", "latin", "4"], lambda: sudokit.latin(4)),
        (
            ["problem", "colour", "crates/cp/examples/data/myciel3.col"],
            lambda: sudokit.colour(MYCIEL3.read_text(), name="crates/cp/examples/data/myciel3.col"),
        ),
    ],
    ids=lambda v: " ".join(v[:3]) if isinstance(v, list) else None,
)
def test_an_answer_is_the_command_lines_record(args, answer):
    [line] = cli(*args)
    assert untimed(answer().to_dict()) == untimed(line)


def test_the_engines_are_the_command_lines_records():
    assert [e.to_dict() for e in sudokit.engines()] == cli("engines")


def test_the_answers_for_a_file_are_the_command_lines_lines():
    puzzles = sudokit.read_file(ROOT / "data" / "examples" / "puzzles.txt")
    lines = cli("solve", "-f", "data/examples/puzzles.txt")
    assert [untimed(sudokit.solve(p).to_dict()) for p in puzzles] == [untimed(r) for r in lines]


def cli_array(*args: str) -> list:
    """The records `sudokit ARGS --format json` writes as one JSON array
    (the commands that make puzzles)."""
    run = subprocess.run(
        [str(BIN), *args, "--format", "json"], capture_output=True, text=True, cwd=ROOT
    )
    assert run.stdout, f"sudokit {' '.join(args)} wrote nothing: {run.stderr}"
    return json.loads(run.stdout)


def test_made_puzzles_are_the_command_lines_records():
    [made] = cli_array("generate", "--seed", "1", "--minimal")
    assert sudokit.generate(seed=1, minimal=True).to_dict() == made
    run = cli_array("generate", "--size", "6", "-n", "3", "--seed", "9", "--x", "--symmetry", "rot180")
    assert [r.to_dict() for r in sudokit.generate(6, count=3, seed=9, diagonals=True, symmetry="rot180")] == run
    eighteen = "41" + PUZZLE[2:]
    [reduced] = cli_array("reduce", eighteen)
    assert sudokit.reduce(eighteen).to_dict() == reduced
