#!/usr/bin/env python3
"""Rates of `sudokit generate` and the time of `sudokit analyze`, one core.

Runs each command ROUNDS times (best kept), prints a Markdown table and
writes the raw results as JSON lines to
benchmarks/results_<machine>/<date>-generation.jsonl. Times are the
command's CPU seconds (user + system), which a loaded machine disturbs
less than the wall clock; the wall time is kept in the raw results.

Big grids: one unique puzzle a seed (25x25: seeds 1-20, 36x36: 1-5,
49x49 and 64x64: 1), median and maximum, and full grids alone (`--clues`
at the number of cells takes nothing away).

    cargo build --release
    python3 benchmarks/generation.py --machine amd-epyc-2vcpu
"""

import argparse
import datetime
import json
import os
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BENCH = os.path.join(ROOT, "..", "shared", "data", "bench")

# (name, puzzles made, arguments of `generate`)
GENERATE = [
    ("9x9 minimal, fast", 10000, ["--minimal", "--engine", "fast"]),
    ("9x9 minimal, auto", 10000, ["--minimal"]),
    ("9x9 minimal, cp", 1000, ["--minimal", "--engine", "cp"]),
    ("9x9 rot180 minimal, fast", 500, ["--symmetry", "rot180", "--minimal", "--engine", "fast"]),
    ("9x9 X minimal", 1000, ["--x", "--minimal", "--format", "toml"]),
    ("9x9 jigsaw minimal", 200, ["--jigsaw", "--minimal", "--format", "toml"]),
    ("9x9 killer, cages only", 500, ["--killer", "--format", "toml"]),
    ("9x9 killer with givens, minimal", 500, ["--killer-givens", "--minimal", "--format", "toml"]),
    ("16x16 minimal, auto (fast)", 100, ["--size", "16", "--minimal"]),
    ("16x16 minimal, cp", 20, ["--size", "16", "--minimal", "--engine", "cp"]),
]

# (side, seeds, extra arguments): one unique puzzle a seed, not minimal.
BIG = [
    (25, range(1, 21), []),
    (36, range(1, 6), []),
    (49, range(1, 2), []),
    (64, range(1, 2), ["--timeout", "600s"]),
]


def timed(command):
    """CPU seconds of `command` (user + system), its output and wall time."""
    before = os.times()
    start = time.perf_counter()
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return cpu, out, wall


def blank_share(out):
    """Blank cells over all cells of a one-puzzle line (`.` for a blank)."""
    line = out.split("\n")[0]
    cells = line.split() if " " in line else list(line)
    return sum(c in (".", "0") for c in cells) / len(cells)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--machine", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--binary", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "sudokit"))
    args = parser.parse_args()
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    records = []
    print(f"{cpu}, commit {commit}, best of {args.rounds}\n")
    print("| what | puzzles | seconds | per second | mean givens |")
    print("|---|---:|---:|---:|---:|")
    for name, count, extra in GENERATE:
        command = [args.binary, "generate", "-n", str(count), "--seed", "1"] + extra
        best, out, wall = min(timed(command) for _ in range(args.rounds))
        givens = None
        if "--format" not in extra:
            lines = out.split()
            givens = sum(sum(c != "." for c in l) for l in lines) / len(lines)
        records.append({"what": name, "command": command[1:], "puzzles": count, "seconds": best,
                        "wall_seconds": wall, "per_second": count / best, "mean_givens": givens})
        shown = f"{givens:.1f}" if givens else "–"
        print(f"| {name} | {count} | {best:.2f} | {count / best:,.0f} | {shown} |")
    seventeen = os.path.join(BENCH, "puzzles2_17_clue")
    print("\n| analyze, 17-clue set | puzzles | seconds | µs a puzzle | verdicts |")
    print("|---|---:|---:|---:|---|")
    for name, extra in [("minimality", ["--no-difficulty"]), ("minimality and difficulty", [])]:
        command = [args.binary, "analyze", "-f", seventeen, "--engine", "fast", "--format", "line"] + extra
        best, out, _ = min(timed(command) for _ in range(args.rounds))
        lines = out.splitlines()
        verdicts = {}
        for line in lines:
            key = " ".join(line.split()[:3])
            verdicts[key] = verdicts.get(key, 0) + 1
        records.append({"what": f"analyze 17-clue: {name}", "command": command[1:], "puzzles": len(lines),
                        "seconds": best, "us_per_puzzle": best * 1e6 / len(lines), "verdicts": verdicts})
        text = ", ".join(f"{v} {k}" for k, v in verdicts.items())
        print(f"| {name} | {len(lines)} | {best:.2f} | {best * 1e6 / len(lines):.0f} | {text} |")
    print("\n| big grid | seeds | unique puzzle: median / max s | blank | full grid s |")
    print("|---|---:|---:|---:|---:|")
    for side, seeds, extra in BIG:
        runs = []
        for seed in seeds:
            command = [args.binary, "generate", "--size", str(side), "--seed", str(seed), "--jobs", "1", "-q"] + extra
            cpu, out, wall = timed(command)
            runs.append((cpu, blank_share(out)))
            records.append({"what": f"{side}x{side} unique", "command": command[1:], "seconds": cpu,
                            "wall_seconds": wall, "blank_share": runs[-1][1]})
        full = [args.binary, "generate", "--size", str(side), "--clues", str(side * side), "--seed", "1", "-q"]
        grid, _, wall = min(timed(full) for _ in range(args.rounds))
        records.append({"what": f"{side}x{side} full grid", "command": full[1:], "seconds": grid, "wall_seconds": wall})
        times = sorted(cpu for cpu, _ in runs)
        blank = sum(b for _, b in runs) / len(runs)
        # CPU time comes in clock ticks (10 ms here): less is shown as such.
        shown = f"{grid:.2f}" if grid >= 0.01 else "< 0.01"
        print(f"| {side}x{side} | {seeds.start}-{seeds.stop - 1} | {times[len(times) // 2]:.2f} / {times[-1]:.2f} "
              f"| {blank:.0%} | {shown} |")
    folder = os.path.join(HERE, f"results_{args.machine}")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"{datetime.date.today()}-generation.jsonl")
    with open(path, "w") as f:
        for record in records:
            f.write(json.dumps({"cpu": cpu, "commit": commit, **record}) + "\n")
    print(f"\nraw results: {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    main()
