#!/usr/bin/env python3
"""Limits under load: the release binary under three loads, each figure
beside its bound.

1. 1,000 25x25 puzzles, `--timeout 1ms --jobs 2`: wall time, the most
   threads /proc/PID/task ever showed, and how long the process took to
   exit after its last answer (a worker still searching would hold it).
2. Deadlines: searches that cannot finish (counting a sparse 25x25 grid,
   colouring a Mycielski graph) with --timeout T, per engine: the wall time
   beyond T, process start included (bound: 50 ms).
3. Memory: max RSS (`/usr/bin/time -v`) of `solve --jobs 2` on files of
   9x9 puzzles from 10 MB to 1 GB, read with -f and piped (bound: flat).

Big inputs are made under /tmp and removed. Each record keeps the load
average: on a shared machine the wall times are upper bounds. Prints a Markdown summary and
writes the raw results as JSON lines to
benchmarks/results_<machine>/<date>-limits-under-load.jsonl.

    cargo build --release
    python3 benchmarks/limits_under_load.py --machine intel-xeon-2vcpu
"""

import argparse
import datetime
import json
import os
import random
import re
import subprocess
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DIGITS = "123456789ABCDEFGHIJKLMNOP"


def puzzle_25x25(rng, keep):
    """A shuffled 25x25 solution grid (5x5 boxes) with a share `keep` of
    its cells given: unique or not, it is work for the engines."""
    n, b = 25, 5
    rows = [band * b + r for band in rng.sample(range(b), b) for r in rng.sample(range(b), b)]
    cols = [stack * b + c for stack in rng.sample(range(b), b) for c in rng.sample(range(b), b)]
    digits = rng.sample(range(n), n)
    cells = []
    for r in rows:
        for c in cols:
            value = digits[(b * (r % b) + r // b + c) % n]
            cells.append(DIGITS[value] if rng.random() < keep else ".")
    return "".join(cells)


def mycielski(levels):
    """Mycielski's graph from K2, `levels` times: triangle-free, chromatic
    number levels + 2, and hard to prove so (DIMACS text)."""
    n, edges = 2, [(0, 1)]
    for _ in range(levels):
        new = list(edges)
        for a, b in edges:
            new += [(a, n + b), (b, n + a)]
        new += [(n + i, 2 * n) for i in range(n)]
        n, edges = 2 * n + 1, new
    lines = [f"p edge {n} {len(edges)}"] + [f"e {a + 1} {b + 1}" for a, b in edges]
    return "\n".join(lines) + "\n"


def threads_of(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return 0


def batch_with_a_tiny_limit(binary, puzzles, jobs, timeout):
    """Runs the batch, sampling the thread count every millisecond."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(puzzles) + "\n")
        path = f.name
    command = [binary, "solve", "-f", path, "--timeout", timeout, "--jobs", str(jobs),
               "--format", "json", "--quiet"]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    most = [0]

    def sample():
        while process.poll() is None:
            most[0] = max(most[0], threads_of(process.pid))
            time.sleep(0.001)

    sampler = threading.Thread(target=sample)
    sampler.start()
    statuses = {}
    last = start
    for line in process.stdout:
        record = json.loads(line)
        statuses[record["status"]] = statuses.get(record["status"], 0) + 1
        last = time.perf_counter()
    code = process.wait()
    end = time.perf_counter()
    sampler.join()
    os.unlink(path)
    return {
        "test": "batch", "puzzles": len(puzzles), "size": 25, "jobs": jobs, "timeout": timeout,
        "exit": code, "statuses": statuses, "wall_s": round(end - start, 4),
        "max_threads": most[0], "exit_after_last_answer_ms": round((end - last) * 1000, 2),
        "command": " ".join(["sudokit", "solve", "-f", "FILE"] + command[4:]),
        "load_1min": os.getloadavg()[0],
    }


def overshoot(binary, args, timeout_s, label):
    """Times a command with --timeout: when its answer (the first line on
    stdout) arrives, and when the process has ended (freeing a big solver
    comes after the answer)."""
    command = [binary] + args + ["--timeout", f"{int(timeout_s * 1000)}ms"]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    process.stdout.readline()
    answer = time.perf_counter() - start
    process.stdout.read()
    process.wait()
    wall = time.perf_counter() - start
    return {
        "test": "deadline", "case": label, "timeout_ms": int(timeout_s * 1000),
        "exit": process.returncode, "wall_ms": round(wall * 1000, 1),
        "answer_beyond_ms": round((answer - timeout_s) * 1000, 1),
        "beyond_ms": round((wall - timeout_s) * 1000, 1),
        "command": " ".join(["sudokit"] + command[1:]),
        "load_1min": os.getloadavg()[0],
    }


def big_file(path, megabytes, puzzles):
    line = ("\n".join(puzzles) + "\n").encode()
    target = megabytes * 1_000_000
    with open(path, "wb") as f:
        written = 0
        block = line * max(1, (4_000_000 // len(line)))
        while written < target:
            f.write(block)
            written += len(block)
    return os.path.getsize(path)


def max_rss(binary, path, piped):
    args = [binary, "solve", "--jobs", "2", "--format", "line", "--quiet"]
    if piped:
        shell = f"cat {path} | /usr/bin/time -v {' '.join(args)} > /dev/null"
    else:
        shell = f"/usr/bin/time -v {' '.join(args)} -f {path} > /dev/null"
    start = time.perf_counter()
    done = subprocess.run(["bash", "-o", "pipefail", "-c", shell], capture_output=True, text=True)
    wall = time.perf_counter() - start
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    return {
        "test": "memory", "bytes": os.path.getsize(path), "read": "piped" if piped else "-f",
        "exit": done.returncode, "max_rss_kb": int(rss.group(1)) if rss else None,
        "wall_s": round(wall, 2), "load_1min": os.getloadavg()[0],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "sudokit"))
    parser.add_argument("--machine", required=True)
    parser.add_argument("--sizes-mb", default="10,100,1000",
                        help="input sizes for the memory test, in MB")
    parser.add_argument("--skip", default="", help="comma-separated: batch,deadline,memory")
    parser.add_argument("--engines", default="fast,cp,sat,backtrack,auto",
                        help="engines for the deadline test (the `problem` cases run with auto)")
    args = parser.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    rng = random.Random(10)
    results = []

    # Drawn even when skipped: the deadline test's grid comes next from rng.
    puzzles = [puzzle_25x25(rng, keep=rng.choice([0.35, 0.45, 0.55])) for _ in range(1000)]
    if "batch" not in skip:
        results.append(batch_with_a_tiny_limit(args.binary, puzzles, 2, "1ms"))

    if "deadline" not in skip:
        sparse = puzzle_25x25(rng, keep=0.2)
        graph = os.path.join(tempfile.gettempdir(), "myciel6.col")
        with open(graph, "w") as f:
            f.write(mycielski(5))
        engines = args.engines.split(",")
        for engine in engines:
            for t in [0.01, 0.1, 1.0]:
                results.append(overshoot(args.binary, ["count", sparse, "--max", "1000000000", "--engine", engine], t,
                                         f"count a sparse 25x25, {engine}"))
        for t in [0.1, 1.0] if "auto" in engines else []:
            results.append(overshoot(args.binary, ["problem", "colour", graph], t,
                                     "chromatic number of myciel6, auto"))
            results.append(overshoot(args.binary, ["problem", "queens", "28", "--count"], t,
                                     "count 28-queens, auto"))
        os.unlink(graph)

    if "memory" not in skip:
        with open(os.path.join(ROOT, "data", "coursia", "Sudoku_Easy51.txt")) as f:
            easy = [line.strip() for line in f if len(line.strip()) == 81]
        for mb in [int(x) for x in args.sizes_mb.split(",")]:
            path = os.path.join(tempfile.gettempdir(), f"sudokit-{mb}mb.txt")
            big_file(path, mb, easy)
            results.append(max_rss(args.binary, path, piped=False))
            if mb == max(int(x) for x in args.sizes_mb.split(",")):
                results.append(max_rss(args.binary, path, piped=True))
            os.unlink(path)

    cpu = subprocess.run(["bash", "-c", "lscpu | grep 'Model name' | sed 's/.*: *//'"],
                         capture_output=True, text=True).stdout.strip()
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    out_dir = os.path.join(HERE, f"results_{args.machine}")
    os.makedirs(out_dir, exist_ok=True)
    # A run of some engines only is kept apart from the full run of the day.
    part = "" if args.engines == parser.get_default("engines") else "-" + args.engines.replace(",", "-")
    out = os.path.join(out_dir, f"{datetime.date.today()}-limits-under-load{part}.jsonl")
    with open(out, "w") as f:
        for r in results:
            r.update(cpu=cpu, commit=commit)
            f.write(json.dumps(r) + "\n")
    for r in results:
        fields = {k: v for k, v in r.items() if k not in ("cpu", "commit", "command")}
        print(json.dumps(fields))
    print(f"raw results: {os.path.relpath(out, ROOT)} (CPU: {cpu}, commit {commit})")


if __name__ == "__main__":
    main()
