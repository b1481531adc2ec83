#!/usr/bin/env python3
"""Times the `sat` engine alone (crates/sat/examples/bench_sat.rs) against
tdoku's MiniSat solvers, on the same puzzles in one sitting: µs per puzzle,
solutions counted up to 2 (tdoku's `run_benchmark` protocol).

    python3 benchmarks/sat_vs_minisat.py --tdoku PATH/run_benchmark [--limit 2000]
                                         [--configs SPEC,...] [--rounds R] [--raw FILE]

PATH/run_benchmark is tdoku's benchmark program built with -DMINISAT=ON
(fetched and built outside this repository; BENCHMARKS.md, "sat encodings
and solvers against MiniSat", says how). Each file's first --limit puzzles
are written to a scratch file that both programs read.
Our side is built here with `--features cadical` and no RUSTFLAGS. With
--rounds R each file is run R times, ours and the peers alternating, and the
table keeps each one's fastest round (on a machine shared with other work,
the least disturbed). Every run is appended to --raw as a JSON line (default benchmarks/results_<cpu>-<n>vcpu/
<date>-sat.jsonl); a markdown table is printed.
"""

import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT.parent / "shared/data/bench"
FILES = ["puzzles2_17_clue", "puzzles3_magictour_top1465",
         "puzzles5_forum_hardest_1905_11+", "top95.txt"]
CONFIGS = ["sat", "sat:amo=sequential", "sat:encoding=minimal",
           "sat:solver=batsat", "sat:solver=batsat:encoding=minimal"]
PEERS = ["minisat_complete", "minisat_augmented"]


def cpu_slug():
    model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
                  if l.startswith("model name")), "cpu")
    vendor = "intel-xeon" if "Xeon" in model else re.sub(r"[^a-z0-9]+", "-", model.lower())[:24]
    return f"{vendor}-{os.cpu_count()}vcpu", model


def build():
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    env = {k: v for k, v in os.environ.items() if k != "RUSTFLAGS"}
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "sudokit-sat",
                    "--features", "cadical", "--example", "bench_sat"],
                   cwd=ROOT, env=env, check=True)
    return target / "release/examples/bench_sat"


def subset(name, limit, scratch):
    lines = [l.split(",")[0].strip() for l in open(BENCH / name, errors="replace")]
    puzzles = [l for l in lines if len(l) == 81 and not l.startswith("#")][:limit]
    path = Path(scratch) / name
    path.write_text("\n".join(puzzles) + "\n")
    return path, len(puzzles)


def ours(binary, path, spec, fresh):
    args = [str(binary), str(path), "--spec", spec] + (["--fresh"] if fresh else [])
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def peer(run_benchmark, path, solver, n):
    args = [run_benchmark, "-c1", "-t5", "-w1", f"-n{n}", "-r0", "-e1", "-s", solver, str(path)]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    fields = out.strip().splitlines()[-1].split(",")
    # compiler,version,flags,file,solver,puzzles/sec,usec/puzzle,...
    return {"engine": solver, "way": "tdoku run_benchmark", "us_per_puzzle": float(fields[6])}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tdoku", required=True, help="tdoku's run_benchmark, built with MiniSat")
    ap.add_argument("--limit", type=int, default=2000)
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--raw")
    args = ap.parse_args()
    slug, model = cpu_slug()
    raw = Path(args.raw or ROOT / f"benchmarks/results_{slug}/{datetime.date.today()}-sat.jsonl")
    raw.parent.mkdir(parents=True, exist_ok=True)
    binary = build()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    rows = {}
    with tempfile.TemporaryDirectory() as scratch, open(raw, "a") as log:
        for name in FILES:
            path, n = subset(name, args.limit, scratch)
            runs = [(spec, False) for spec in args.configs.split(",")] + [("sat", True)]

            def keep(column, us):
                rows[(name, column)] = min(us, rows.get((name, column), us))

            for round_ in range(1, args.rounds + 1):
                extra = {"round": round_} if args.rounds > 1 else {}
                for spec, fresh in runs:
                    r = ours(binary, path, spec, fresh)
                    keep(r["engine"] + (" (fresh)" if fresh else ""), r["us_per_puzzle"])
                    log.write(json.dumps({**r, "file": name, "puzzles": n, "commit": commit,
                                          "cpu": model, **extra}) + "\n")
                    print(f"{name:34} {r['engine']:40} {'fresh' if fresh else 'prepared':8} "
                          f"{r['us_per_puzzle']:10.1f} µs", file=sys.stderr)
                for solver in PEERS:
                    r = peer(args.tdoku, path, solver, n)
                    keep("tdoku " + solver, r["us_per_puzzle"])
                    log.write(json.dumps({**r, "file": name, "puzzles": n, "cpu": model,
                                          **extra}) + "\n")
                    print(f"{name:34} {solver:49} {r['us_per_puzzle']:10.1f} µs", file=sys.stderr)
    columns = list(dict.fromkeys(c for _, c in rows))
    best = f", fastest of {args.rounds} alternating rounds" if args.rounds > 1 else ""
    print(f"\nµs per puzzle, count up to 2, first {args.limit} puzzles of each file{best}; "
          f"{model}, {os.cpu_count()} vCPU; commit {commit}\n")
    print("| solver |" + "|".join(f" {f} " for f in FILES) + "|")
    print("|---|" + "---:|" * len(FILES))
    best_peer = {f: min(rows[(f, "tdoku " + p)] for p in PEERS) for f in FILES}
    for c in columns:
        cells = []
        for f in FILES:
            v = rows[(f, c)]
            ratio = "" if c.startswith("tdoku") else f" ({v / best_peer[f]:.2f}×)"
            cells.append(f" {v:.1f}{ratio} ")
        print(f"| {c} |" + "|".join(cells) + "|")
    print(f"\n(×: time over tdoku's best MiniSat encoding on that file.) Raw: {raw.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
