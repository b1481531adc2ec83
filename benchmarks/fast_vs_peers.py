#!/usr/bin/env python3
"""Times the fast engine, in its portable and its native build, against the
`sudoku` crate and tdoku on the six standard sets, and files the results
under benchmarks/results_<machine>/ with the CPU they were measured on.

    python3 benchmarks/fast_vs_peers.py --machine amd-epyc-2vcpu [--rounds 5]
        [--cpu N] [--tdoku PATH] [--levels L1,L2] [SET ...]

Everyone counts solutions up to 2 (tdoku's `run_benchmark` protocol).
- fast portable: plain `cargo build --release` (what `cargo install` users
  get; the engine picks its instruction set at run time),
- fast native: the same with `RUSTFLAGS="-C target-cpu=native"`,
- the crate: shared/peers/rust-sudoku-bench (`-C target-cpu=native` from its
  own .cargo/config.toml; it builds into ~/.cache/peer-target since shared/
  is read-only),
- tdoku: its own `run_benchmark -s tdoku -c1 -t1 -w1 -n100000 -r0`, built
  beside the checkout with clang -O3 -march=native (not part of this
  repository; default ../scratch/tdoku/build/run_benchmark, which
  `benchmarks/build_tdoku.sh CLONE` builds from a clone of tdoku; left out
  with a note when missing).
The table sets our branch points (nodes where the search split) beside
tdoku's "guesses", which it counts the same way; our guesses (each branch
tried) go to the JSONL only. Each round runs the four back to back on one
set; the table keeps each side's fastest round, so a busy moment on a
shared machine does not decide a ratio; below it comes the bar (each
build at most 1.0x the crate and tdoku on every set: met, or the ratios
above it) and each build's ratio to tdoku round by round (median and range).
`--cpu N` pins every run to core N with taskset.

Writes benchmarks/results_<machine>/<date>-fast.jsonl (every run, each with
the CPU model, its flags, the date, the commit and the command) and
<date>-fast.md (the table), and prints the table; `--levels avx2+pext,avx2`
adds the portable build forced to those levels (`SUDOKIT_FAST_LEVEL`), in a
table of their own, to see which level suits the machine; a later run the same day
writes <date>-fast-2.*, -3.*, and so on.
"""

import argparse
import datetime
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SETS = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
    "top95.txt",
]
PORTABLE = ROOT / "target/bench-portable/release/examples/bench_file"
NATIVE = ROOT / "target/bench-native/release/examples/bench_file"
PEER_TARGET = Path.home() / ".cache/peer-target"
PEER = PEER_TARGET / "release/rust-sudoku-bench"
TDOKU = ROOT.parent / "scratch/tdoku/build/run_benchmark"
TDOKU_ARGS = ["-s", "tdoku", "-c1", "-t1", "-w1", "-n100000", "-r0"]
# The CPU flags that decide which code runs (ours, tdoku's).
FLAGS = ["popcnt", "bmi2", "avx2", "avx512f", "avx512bw", "avx512vl", "avx512_vbmi2",
         "avx512_bitalg", "avx512_vpopcntdq"]


def build():
    env = {k: v for k, v in os.environ.items() if k != "RUSTFLAGS"}
    for target, flags in ((PORTABLE, None), (NATIVE, "-C target-cpu=native")):
        side = dict(env, CARGO_TARGET_DIR=str(target.parents[2]))
        if flags:
            side["RUSTFLAGS"] = flags
        subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "sudokit-fast",
                        "--example", "bench_file"], cwd=ROOT, env=side, check=True)
    subprocess.run(["cargo", "build", "--release", "--quiet"],
                   cwd=SHARED / "peers/rust-sudoku-bench",
                   env=dict(env, CARGO_TARGET_DIR=str(PEER_TARGET)), check=True)


def cpu():
    """The CPU as /proc/cpuinfo names it, and the flags that matter here."""
    info = {}
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        key, _, value = line.partition(":")
        key = key.strip()
        if key and key not in info:
            info[key] = value.strip()
        if key == "flags":
            break
    flags = set(info.get("flags", "").split())
    return {
        "model": info.get("model name", "?"),
        "vendor": info.get("vendor_id", "?"),
        "family": int(info.get("cpu family", "0")),
        "model_number": int(info.get("model", "0")),
        "cores": os.cpu_count(),
        "flags": [f for f in FLAGS if f in flags],
    }


def run_ours(binary, path, pin, level=None):
    command = pin + [str(binary), str(path)]
    env = dict(os.environ, SUDOKIT_FAST_LEVEL=level) if level else None
    out = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    line = json.loads(out.stdout.strip().splitlines()[-1])
    if level and line.get("level") != level:
        sys.exit(f"level {level} is not one this CPU runs (bench_file ran at {line.get('level')})")
    return command, {"us_per_puzzle": line["us_per_puzzle"],
                     "guesses_per_puzzle": line["guesses_per_puzzle"],
                     "branches_per_puzzle": line["branches_per_puzzle"],
                     "level": line.get("level")}


def run_peer(path, pin):
    command = pin + [str(PEER), str(path)]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    line = json.loads(out.stdout.strip().splitlines()[-1])
    return command, {"us_per_puzzle": line["us_per_puzzle"]}


def run_tdoku(tdoku, path, pin):
    # CSV: compiler, version, flags, file, solver, puzzles/s, µs/puzzle,
    # % solved without a guess, guesses/puzzle (branch points, not branches).
    command = pin + [str(tdoku)] + TDOKU_ARGS + [str(path)]
    out = subprocess.run(command, capture_output=True, text=True, check=True,
                         cwd=tdoku.parent)
    fields = out.stdout.strip().splitlines()[-1].split(",")
    return command, {"us_per_puzzle": float(fields[-3]),
                     "branches_per_puzzle": float(fields[-1]),
                     "compiler": f"{fields[0]} {fields[1]}", "cflags": fields[2].strip()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--machine", required=True,
                        help="the results folder's name, e.g. amd-epyc-2vcpu")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cpu", type=int, help="pin every run to this core")
    parser.add_argument("--tdoku", type=Path, default=TDOKU)
    parser.add_argument("--levels", default=[],
                        type=lambda text: [level for level in text.split(",") if level],
                        help="also time the portable build at these instruction set levels "
                             "(comma-separated, e.g. avx2+pext,avx2: SUDOKIT_FAST_LEVEL)")
    parser.add_argument("sets", nargs="*", default=SETS)
    args = parser.parse_args()
    tdoku = args.tdoku.resolve()
    has_tdoku = tdoku.exists()
    if not has_tdoku:
        print(f"tdoku not found at {tdoku}: its columns stay empty", file=sys.stderr)
    pin = ["taskset", "-c", str(args.cpu)] if args.cpu is not None else []
    if pin and not shutil.which("taskset"):
        sys.exit("--cpu needs taskset")
    build()
    commit = commit_name()
    date = datetime.date.today().isoformat()
    machine = cpu()
    base = {"date": date, "machine": args.machine, "cpu": machine, "commit": commit}
    sides = [("fast portable", lambda p: run_ours(PORTABLE, p, pin)),
             ("fast native", lambda p: run_ours(NATIVE, p, pin)),
             ("sudoku crate", lambda p: run_peer(p, pin))]
    if has_tdoku:
        sides.append(("tdoku", lambda p: run_tdoku(tdoku, p, pin)))
    for level in args.levels:
        sides.append((f"fast portable at {level}",
                      lambda p, level=level: run_ours(PORTABLE, p, pin, level)))
    raw, best = [], {}
    for name in args.sets:
        path = SHARED / "data/bench" / name
        for round_ in range(1, args.rounds + 1):
            times = []
            for side, run in sides:
                command, result = run(path)
                raw.append(dict(base, set=name, side=side, round=round_,
                                command=" ".join(command), **result))
                old = best.get((name, side))
                if old is None or result["us_per_puzzle"] < old["us_per_puzzle"]:
                    best[(name, side)] = result
                times.append(f"{side} {result['us_per_puzzle']:.3f}")
            print(f"{name} round {round_}: " + ", ".join(times), file=sys.stderr)
    folder = ROOT / "benchmarks" / f"results_{args.machine}"
    folder.mkdir(parents=True, exist_ok=True)
    stem = next_free(folder, f"{date}-fast")
    (folder / f"{stem}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in raw))
    table = render(args, best, raw, machine, commit, date, has_tdoku)
    (folder / f"{stem}.md").write_text(table)
    print(table)


def commit_name():
    """HEAD's short hash, with "+changes" when tracked files differ from it."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                           cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return commit + "+changes" if dirty else commit


def next_free(folder, stem):
    """`stem`, or `stem-2`, `stem-3`, ... : the first name no earlier run of
    the day took, so a second run never overwrites the first."""
    n, name = 1, stem
    while (folder / f"{name}.jsonl").exists():
        n += 1
        name = f"{stem}-{n}"
    return name


def render(args, best, raw, machine, commit, date, has_tdoku):
    def us(name, side):
        r = best.get((name, side))
        return f"{r['us_per_puzzle']:.2f}" if r else "–"

    def ratio(name, side, peer):
        a, b = best.get((name, side)), best.get((name, peer))
        return f"{a['us_per_puzzle'] / b['us_per_puzzle']:.2f}" if a and b else "–"

    def branches(name, side):
        r = best.get((name, side))
        return f"{r['branches_per_puzzle']:.2f}" if r else "–"

    level = next((r["level"] for (_, s), r in best.items() if s == "fast portable"), "?")
    pinned = f", pinned to core {args.cpu}" if args.cpu is not None else ""
    lines = [
        f"Machine `{args.machine}`: {machine['model']} ({machine['vendor']} family "
        f"{machine['family']:#x} model {machine['model_number']:#x}), {machine['cores']} "
        f"CPUs, flags {' '.join(machine['flags'])}. Date {date}, commit `{commit}`, "
        f"{args.rounds} interleaved rounds{pinned}, fastest kept; µs per puzzle, count "
        f"up to 2. The portable build ran at level `{level}`.",
        "",
        "```sh",
        "python3 benchmarks/fast_vs_peers.py " + " ".join(sys.argv[1:]),
        "```",
        "",
        "| set | fast portable | fast native | sudoku crate | tdoku "
        "| portable / crate | native / crate | portable / tdoku | native / tdoku "
        "| our branch points | tdoku's |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name in args.sets:
        short = short_name(name)
        lines.append(
            f"| {short} | {us(name, 'fast portable')} | {us(name, 'fast native')} "
            f"| {us(name, 'sudoku crate')} | {us(name, 'tdoku')} "
            f"| {ratio(name, 'fast portable', 'sudoku crate')} "
            f"| {ratio(name, 'fast native', 'sudoku crate')} "
            f"| {ratio(name, 'fast portable', 'tdoku')} "
            f"| {ratio(name, 'fast native', 'tdoku')} "
            f"| {branches(name, 'fast native')} | {branches(name, 'tdoku')} |")
    if not has_tdoku:
        lines.append("")
        lines.append("tdoku was not available: its columns are empty.")
    if args.levels:
        lines.append("")
        lines.append(level_table(args, best))
    lines.append("")
    lines.append(verdict(args.sets, best, has_tdoku))
    if has_tdoku:
        lines.append("")
        lines.append(round_medians(args.sets, raw))
    return "\n".join(lines) + "\n"


def short_name(name):
    return re.sub(r"^puzzles\d_|\.txt$", "", name)


def verdict(sets, best, has_tdoku):
    """The bar: both builds at most 1.0x the crate and tdoku on every
    set, by fastest rounds."""
    peers = ["sudoku crate"] + (["tdoku"] if has_tdoku else [])
    over = []
    for name in sets:
        for side in ["fast portable", "fast native"]:
            for peer in peers:
                a, b = best.get((name, side)), best.get((name, peer))
                if a and b and a["us_per_puzzle"] > b["us_per_puzzle"]:
                    ratio = a["us_per_puzzle"] / b["us_per_puzzle"]
                    over.append(f"{short_name(name)} {side.split()[1]} / {peer.split()[-1]} "
                                f"{ratio:.2f}")
    bar = "every ratio at most 1.0" + ("" if has_tdoku else " (tdoku not measured)")
    return f"The bar, {bar}: " + ("met." if not over else "not met: " + ", ".join(over) + ".")


def level_table(args, best):
    """The portable build at the levels asked for, beside its own choice."""
    levels = args.levels
    lines = ["The portable build forced to other levels (`SUDOKIT_FAST_LEVEL`), µs per "
             "puzzle and the ratio to its own choice:", "",
             "| set | own choice | " + " | ".join(levels) + " |",
             "|---|---:|" + "---:|" * len(levels)]
    for name in args.sets:
        own = best.get((name, "fast portable"))
        cells = []
        for level in levels:
            r = best.get((name, f"fast portable at {level}"))
            cells.append(f"{r['us_per_puzzle']:.2f} ({r['us_per_puzzle'] / own['us_per_puzzle']:.2f})"
                         if r and own else "–")
        head = f"{own['us_per_puzzle']:.2f} ({own['level']})" if own else "–"
        lines.append(f"| {short_name(name)} | {head} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def round_medians(sets, raw):
    """Each build's time over tdoku's, round by round: the median and the
    range, which say more than the fastest rounds on a busy machine."""
    lines = ["Round by round against tdoku, median (range):", "",
             "| set | portable / tdoku | native / tdoku |", "|---|---:|---:|"]
    for name in sets:
        times = {}
        for r in raw:
            if r["set"] == name:
                times.setdefault(r["round"], {})[r["side"]] = r["us_per_puzzle"]
        cells = []
        for side in ["fast portable", "fast native"]:
            ratios = sorted(t[side] / t["tdoku"] for t in times.values()
                            if side in t and "tdoku" in t)
            cells.append(f"{statistics.median(ratios):.2f} ({ratios[0]:.2f}–{ratios[-1]:.2f})"
                         if ratios else "–")
        lines.append(f"| {short_name(name)} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
