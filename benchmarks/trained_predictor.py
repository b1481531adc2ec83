#!/usr/bin/env python3
"""What branch mispredictions cost the fast engine and tdoku on one machine,
without performance counters (our cloud guests have none).

    python3 benchmarks/trained_predictor.py --machine intel-xeon-2vcpu
        [--set puzzles7_serg_benchmark] [--puzzles 2000] [--repeat 10]
        [--rounds 7] [--cpu 1] [--tdoku PATH]

Two files of the same work: the set's first N puzzles, each R times, once
cycling through all N (the predictor meets each puzzle again only after
some N x 900 branches, long after it forgot it) and once each puzzle R
times in a row (it learns every path). The same puzzles and the same count,
so what the cycled file costs beyond the one in a row is what the paths
that differ from puzzle to puzzle cost: mostly mispredictions. N must be
large: an AMD EPYC Zen 4 learned a cycle of 100 serg puzzles (cycled and
in a row both 1.38 µs a puzzle, against 1.57 with 2,000). Both are
timed with the protocol of fast_vs_peers.py (its builds and runners: the
portable `bench_file`, tdoku's `run_benchmark`), in interleaved rounds.

Writes benchmarks/results_<machine>/<date>-trained.jsonl (every run) and
.md (the table), and prints the table.
"""

import argparse
import datetime
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

import fast_vs_peers as peers


def puzzles(path, n):
    """The first `n` 81-cell lines of `path`."""
    out = []
    for line in path.read_text().splitlines():
        cells = line.strip()[:81]
        if len(cells) == 81 and all(c in ".0123456789" for c in cells):
            out.append(cells)
            if len(out) == n:
                break
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--machine", required=True, help="the results folder's name")
    parser.add_argument("--set", default="puzzles7_serg_benchmark")
    parser.add_argument("--puzzles", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--cpu", type=int, help="pin every run to this core")
    parser.add_argument("--tdoku", type=Path, default=peers.TDOKU)
    args = parser.parse_args()
    if args.puzzles < 1 or args.repeat < 1 or args.rounds < 1:
        parser.error("--puzzles, --repeat and --rounds must be at least 1")
    tdoku = args.tdoku.resolve()
    if not tdoku.exists():
        sys.exit(f"tdoku not found at {tdoku}: build it with benchmarks/build_tdoku.sh CLONE")
    path = peers.SHARED / "data/bench" / args.set
    if not path.is_file():
        parser.error(f"no set {args.set} in {path.parent}")
    chosen = puzzles(path, args.puzzles)
    if not chosen:
        parser.error(f"no puzzles in {args.set}")
    pin = ["taskset", "-c", str(args.cpu)] if args.cpu is not None else []
    if pin and not shutil.which("taskset"):
        sys.exit("--cpu needs taskset")
    peers.build()
    base = {"date": datetime.date.today().isoformat(), "machine": args.machine,
            "cpu": peers.cpu(), "commit": peers.commit_name(),
            "command": " ".join(["python3", "benchmarks/trained_predictor.py"] + sys.argv[1:]),
            "set": args.set, "puzzles": len(chosen), "repeat": args.repeat}
    sides = [("fast portable", lambda p: peers.run_ours(peers.PORTABLE, p, pin)),
             ("tdoku", lambda p: peers.run_tdoku(tdoku, p, pin))]
    with tempfile.TemporaryDirectory() as tmp:
        files = {
            "cycled": Path(tmp) / "cycled.txt",
            "in a row": Path(tmp) / "in_a_row.txt",
        }
        files["cycled"].write_text("".join(p + "\n" for p in chosen) * args.repeat)
        files["in a row"].write_text("".join((p + "\n") * args.repeat for p in chosen))
        raw = []
        for round_ in range(1, args.rounds + 1):
            for order, file in files.items():
                for side, run in sides:
                    _, result = run(file)
                    raw.append({"order": order, "side": side, "round": round_,
                                "us_per_puzzle": result["us_per_puzzle"]})
            print(f"round {round_} done", file=sys.stderr)
    folder = peers.ROOT / "benchmarks" / f"results_{args.machine}"
    folder.mkdir(parents=True, exist_ok=True)
    stem = peers.next_free(folder, f"{base['date']}-trained")
    (folder / f"{stem}.jsonl").write_text("".join(json.dumps(dict(base, **r)) + "\n"
                                                  for r in raw))
    table = render(args, base, raw, [side for side, _ in sides])
    (folder / f"{stem}.md").write_text(table)
    print(table)


def render(args, base, raw, sides):
    def times(order, side):
        return [r["us_per_puzzle"] for r in raw if r["order"] == order and r["side"] == side]

    machine = base["cpu"]
    lines = [
        f"Machine `{args.machine}`: {machine['model']} ({machine['vendor']} family "
        f"{machine['family']:#x} model {machine['model_number']:#x}). Date {base['date']}, "
        f"commit `{base['commit']}`, {args.rounds} interleaved rounds; {args.set}, its first "
        f"{base['puzzles']} puzzles, each {args.repeat} times; µs per puzzle, fastest "
        "(median), count up to 2.",
        "",
        "```sh",
        base["command"],
        "```",
        "",
        "| side | cycled | in a row | cycled − in a row |",
        "|---|---:|---:|---:|",
    ]
    for side in sides:
        cycled, row = times("cycled", side), times("in a row", side)
        lines.append(
            f"| {side} | {min(cycled):.3f} ({statistics.median(cycled):.3f}) "
            f"| {min(row):.3f} ({statistics.median(row):.3f}) "
            f"| {min(cycled) - min(row):.3f} ({statistics.median(cycled) - statistics.median(row):.3f}) |")
    ours, theirs = sides
    lines.append("")
    for order in ["cycled", "in a row"]:
        ratio = min(times(order, ours)) / min(times(order, theirs))
        lines.append(f"- {order}: {ours} / {theirs} {ratio:.2f} (fastest rounds)")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
