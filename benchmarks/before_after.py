#!/usr/bin/env python3
"""Times two commits of sudokit against each other, in one sitting: the CLI
batch (`sudokit solve -f FILE --format line --count 2 --jobs J`) and the fast
engine alone (`bench_file FILE`), both portable release builds (no RUSTFLAGS),
or with --native both `-C target-cpu=native` builds.

    python3 benchmarks/before_after.py BEFORE AFTER [--rounds 5] [--raw FILE]
                                       [--only cli|engine] [--no-identity]
                                       [--native] [--cpu N]

Run it from the repository root, with shared/ beside the checkout. Each commit
is checked out (detached worktree) and built in
~/.cache/sudokit-before-after/<hash>/{src,target}, reused on later runs
(target-native for --native; --only engine builds the engine's bench_file
alone). --cpu N pins every run to core N with taskset.

The CLI output of both sides is first compared with --jobs 1 (kept as
out-*.txt beside each build; --no-identity skips it). Each round then runs
every configuration before, then after, back to back. A round in which other
processes took more than 30 ms and more than --max-other of the CPUs during
some run is discarded and run again (at most --max-retries times). The tables
keep each side's minimum over the kept rounds. Every run, kept or not, is
appended to --raw as a JSON line (default: benchmarks/results_<cpu>-<n>vcpu/
<date>-before-after.jsonl, as in results_intel-xeon-2vcpu).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT.parent / "shared/data/bench"
CACHE = Path.home() / ".cache/sudokit-before-after"
# The six standard sets, for the CLI batch and the engine alone.
CLI_FILES = ["puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles5_forum_hardest_1905_11+",
             "puzzles6_forum_hardest_1106", "puzzles7_serg_benchmark", "top95.txt"]
ENGINE_FILES = CLI_FILES
JOBS = [1, 2]
NCPU = os.cpu_count() or 1
HZ = os.sysconf("SC_CLK_TCK")


def git(*args):
    p = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"git {' '.join(args)}: {p.stderr.strip()}")
    return p.stdout.strip()


def build(rev, native, engine_only):
    """Worktree and release build of `rev` (portable, or native); its release folder."""
    commit = git("rev-parse", "--verify", f"{rev}^{{commit}}")
    src = CACHE / commit / "src"
    target = CACHE / commit / ("target-native" if native else "target")
    if not (src / ".git").exists():  # --force: still registered if ~/.cache was cleared
        git("worktree", "add", "--detach", "--force", str(src), commit)
    env = {k: v for k, v in os.environ.items() if k not in ("RUSTFLAGS", "CARGO_ENCODED_RUSTFLAGS")}
    env["CARGO_TARGET_DIR"] = str(target)
    if native:
        env["RUSTFLAGS"] = "-C target-cpu=native"
    print(f"building {rev} ({commit[:7]}) in {target}", file=sys.stderr)
    builds = ([] if engine_only else [[]]) + [["-p", "sudokit-fast", "--example", "bench_file"]]
    for extra in builds:
        subprocess.run(["cargo", "build", "--release", "--quiet", *extra],
                       cwd=src, env=env, check=True)
    return commit, target / "release"


def cpu_model():
    lines = Path("/proc/cpuinfo").read_text().splitlines()
    return next((l.split(":", 1)[1].strip() for l in lines if l.startswith("model name")), "?")


def default_raw():
    """benchmarks/results_intel-xeon-2vcpu/2026-12-01-before-after.jsonl, say."""
    machine = "-".join(re.sub(r"\((R|TM)\)", "", cpu_model()).lower().split()[:2])
    day = time.strftime("%Y-%m-%d")
    return ROOT / f"benchmarks/results_{machine}-{NCPU}vcpu/{day}-before-after.jsonl"


def count_puzzles(path):
    return sum(1 for l in path.read_text().splitlines() if l.strip() and not l.startswith("#"))


def cpu_busy():
    """System-wide (busy, steal) jiffies from /proc/stat."""
    cpu = Path("/proc/stat").read_text().splitlines()[0].split()
    user, nice, system, idle, iowait, irq, softirq, steal = map(int, cpu[1:9])
    return user + nice + system + irq + softirq, steal


def loadavg():
    return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]


def run(cmd, pin, stdout=subprocess.DEVNULL):
    """Runs cmd once (after `pin`, a taskset prefix or nothing); wall time, its rusage
    and the CPU time others took meanwhile."""
    cmd = pin + cmd
    b0, s0 = cpu_busy()
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.PIPE, cwd=tempfile.gettempdir())
    err = p.stderr.read().decode(errors="replace")
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    b1, s1 = cpu_busy()
    if (code := os.waitstatus_to_exitcode(status)) != 0:
        sys.exit(f"{' '.join(cmd)} exited {code}: {err[-500:]}")
    other = max(0.0, (b1 - b0) / HZ - ru.ru_utime - ru.ru_stime)
    return {"wall_s": wall, "user_s": ru.ru_utime, "sys_s": ru.ru_stime, "maxrss_kb": ru.ru_maxrss,
            "other_cpu_s": round(other, 3), "other_frac": round(other / (wall * NCPU), 4),
            "steal_s": (s1 - s0) / HZ, "cmd": " ".join(cmd)}


def cli_cmd(release, f, jobs):
    return [str(release / "sudokit"), "solve", "-f", str(BENCH / f), "--format", "line",
            "--count", "2", "--jobs", str(jobs)]


def measure(kind, release, f, jobs, count, pin):
    if kind == "cli":
        r = run(cli_cmd(release, f, jobs), pin)
        return dict(r, us_per_puzzle=r["wall_s"] * 1e6 / count)
    with tempfile.TemporaryFile() as out:
        r = run([str(release / "examples/bench_file"), str(BENCH / f)], pin, stdout=out)
        out.seek(0)
        j = json.loads(out.read().decode().strip().splitlines()[-1])
    return dict(r, engine_us=j["us_per_puzzle"], best_pass_us=j["best_pass_us_per_puzzle"],
                puzzles=j["puzzles"], guesses_per_puzzle=j["guesses_per_puzzle"], level=j.get("level"))


def identity_check(sides, pin):
    """Each side's output is kept beside its build, to diff when they differ."""
    for f in CLI_FILES:
        outs = [CACHE / commit / f"out-{f}.txt" for commit, _ in sides.values()]
        for path, (_, release) in zip(outs, sides.values()):
            with open(path, "wb") as out:
                run(cli_cmd(release, f, 1), pin, stdout=out)
        if outs[0].read_bytes() == outs[1].read_bytes():
            msg = f"identical ({outs[0].stat().st_size} bytes)"
        else:
            msg = f"DIFFER: diff {outs[0]} {outs[1]}"
        print(f"identity (--jobs 1): {f}: {msg}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before", help="commit or ref measured first in each round")
    ap.add_argument("after", help="commit or ref measured second")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--raw", type=Path, help="append every run here as a JSON line")
    ap.add_argument("--max-other", type=float, default=0.10)
    ap.add_argument("--max-retries", type=int, default=5)
    ap.add_argument("--only", choices=["cli", "engine"])
    ap.add_argument("--no-identity", action="store_true")
    ap.add_argument("--native", action="store_true", help="build with -C target-cpu=native")
    ap.add_argument("--cpu", type=int, help="pin every run to this core")
    a = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # progress shows when piped too

    pin = [] if a.cpu is None else ["taskset", "-c", str(a.cpu)]
    engine_only = a.only == "engine"
    sides = {"before": build(a.before, a.native, engine_only),  # one build after the other
             "after": build(a.after, a.native, engine_only)}
    cfgs = ([("cli", f, j) for f in CLI_FILES for j in JOBS] if a.only != "engine" else []) + \
           ([("engine", f, None) for f in ENGINE_FILES] if a.only != "cli" else [])
    raw_path = a.raw or default_raw()
    raw_path.parent.mkdir(parents=True, exist_ok=True)
    session = time.strftime("%Y-%m-%dT%H:%M:%S")
    counts = {f: count_puzzles(BENCH / f) for f in ENGINE_FILES}
    (b, _), (af, _) = sides.values()
    build_kind = "native" if a.native else "portable"
    print(f"session {session}; before {a.before} = {b[:7]}, after {a.after} = {af[:7]}; "
          f"{build_kind} builds; {NCPU} CPUs; loadavg {loadavg()}; puzzles {counts}")
    if not a.no_identity and a.only != "engine":
        identity_check(sides, pin)

    # /proc/stat and rusage tick at 10 ms: on runs of 20-100 ms one or two
    # ticks look like a big share, so a run counts as disturbed only when
    # others took more than 30 ms of CPU and --max-other of its CPU capacity.
    def disturbed(r):
        return r["other_cpu_s"] > 0.03 and r["other_frac"] > a.max_other

    kept, done, tries = [], 0, 0
    with open(raw_path, "a") as raw:
        while done < a.rounds and tries < a.rounds + a.max_retries:
            tries += 1
            la = loadavg()
            recs = []
            for kind, f, jobs in cfgs:
                for side, (commit, release) in sides.items():  # before, then after
                    r = measure(kind, release, f, jobs, counts[f], pin)
                    recs.append(dict(r, kind=kind, side=side, commit=commit, file=f, jobs=jobs,
                                     build=build_kind))
            ok = not any(disturbed(r) for r in recs)
            for r in recs:
                r.update(session=session, attempt=tries, round=done + 1 if ok else None,
                         kept=ok, loadavg_at_start=la)
                raw.write(json.dumps(r) + "\n")
            raw.flush()
            worst = max(r["other_frac"] for r in recs)
            verdict = f"kept as round {done + 1}" if ok else "DISCARDED (disturbed), rerun"
            print(f"attempt {tries}: loadavg {la}, worst other-CPU share {worst:.3f}: {verdict}")
            if ok:
                kept.extend(recs)
                done += 1
    print(f"loadavg after: {loadavg()}; kept {done} of {tries} rounds; raw runs in {raw_path}")
    if not kept:
        sys.exit("no undisturbed round: run again on a quieter machine (or raise --max-other)")

    def best(kind, f, jobs, side, key):
        return min((r[key] for r in kept if (r["kind"], r["file"], r["jobs"], r["side"])
                    == (kind, f, jobs, side)), default=float("nan"))

    print(f"\n{cpu_model()}")
    if a.only != "engine":
        print("\nCLI batch, wall µs/puzzle (min of rounds)\n")
        print("| set | jobs | before | after | after/before |\n|---|---:|---:|---:|---:|")
        for f in CLI_FILES:
            for j in JOBS:
                b, af = (best("cli", f, j, side, "us_per_puzzle") for side in sides)
                print(f"| {f} | {j} | {b:.2f} | {af:.2f} | {af / b:.3f} |")
    if a.only != "cli":
        print(f"\nEngine alone, {build_kind} builds (bench_file µs/puzzle, min of rounds;"
              " fastest pass, and the mean of a run's passes)\n")
        print("| set | before (fastest pass) | after | after/before | before (mean) | after |"
              " after/before |\n|---|---:|---:|---:|---:|---:|---:|")
        for f in ENGINE_FILES:
            b, af = (best("engine", f, None, side, "best_pass_us") for side in sides)
            mb, maf = (best("engine", f, None, side, "engine_us") for side in sides)
            print(f"| {f} | {b:.3f} | {af:.3f} | {af / b:.3f} | {mb:.3f} | {maf:.3f} |"
                  f" {maf / mb:.3f} |")


if __name__ == "__main__":
    main()
