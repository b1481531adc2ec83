#!/usr/bin/env python3
"""One million classic puzzles through the Python module's local batch,
through Dask (a distributed LocalCluster of 2 worker processes) and
through Spark (local[2]); the overhead of each engine against the local
batch, and whether its answers are the local batch's.

The table has the 3M collection's shape (`id,puzzle,solution,clues,
difficulty`): the 7,034 puzzles of data/bench/sudoku.csv in the shared
data (or the repository's 300) under random digit, row-in-band, band,
column-in-stack and stack permutations and transposition, each with its
permuted published solution. It is made once under --work.

Each run is a fresh Python process. Its CPU time (user + system) is the
sum over it and every process under it (Dask's scheduler and workers;
Spark's JVM, which nobody waits for, and its Python workers), read from
/proc every 0.1 s, each process's last reading (a process loses at most
its last 0.1 s). Runs alternate (local, dask, spark, local,
...) so that load from other work falls on all of them alike; the median
of --rounds is reported. Each run writes its answers' `status` and
`solution` columns to a Parquet file, compared with the local batch's
and with the published solutions.

    pip install ./python dask[dataframe] distributed pyspark pyarrow pandas
    python3 benchmarks/python_batches.py --machine intel-xeon-2vcpu [--rows 1000000] [--rounds 3]

Writes benchmarks/results_<machine>/<date>-python-batches.jsonl.
"""

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SOURCES = ["/work/shared/data/bench/sudoku.csv", os.path.join(ROOT, "data", "bench", "sudoku.csv")]


def make_table(path, rows, seed=1):
    """`rows` permuted copies of the source puzzles, as a CSV at `path`."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.csv as csv

    source = next(p for p in SOURCES if os.path.exists(p))
    read = csv.read_csv(source, convert_options=csv.ConvertOptions(column_types={"puzzle": pa.string(), "solution": pa.string()}))
    as_grids = lambda column: (np.frombuffer("".join(column.to_pylist()).encode(), np.uint8) - ord("0")).reshape(-1, 9, 9)
    puzzles, solutions = as_grids(read["puzzle"]), as_grids(read["solution"])
    rng = np.random.default_rng(seed)
    pick = rng.integers(0, len(puzzles), rows)

    def lines():  # row or column order: a band order, then an order inside each band
        bands = np.argsort(rng.random((rows, 3)), axis=1)
        inside = np.argsort(rng.random((rows, 3, 3)), axis=2)
        return (bands[:, :, None] * 3 + inside).reshape(rows, 9)

    r, c = lines(), lines()
    digits = np.zeros((rows, 10), np.uint8)
    digits[:, 1:] = np.argsort(rng.random((rows, 9)), axis=1) + 1
    flip = rng.random(rows) < 0.5
    n = np.arange(rows)[:, None, None]

    def permuted(grids):
        g = grids[pick][n, r[:, :, None], c[:, None, :]]
        g = np.where(flip[:, None, None], g.transpose(0, 2, 1), g)
        return digits[n, g].reshape(rows, 81)

    text = lambda g: pa.array((g + ord("0")).view("S81").ravel().astype(str))
    p = permuted(puzzles)
    table = pa.table({
        "id": pa.array(np.arange(1, rows + 1)),
        "puzzle": text(p),
        "solution": text(permuted(solutions)),
        "clues": pa.array((p > 0).sum(axis=1)),
        "difficulty": read["difficulty"].take(pa.array(pick)),
    })
    csv.write_csv(table, path, csv.WriteOptions(quoting_style="none"))


# What each engine runs, in a fresh Python: read the CSV, solve every
# puzzle, write status and solution to OUT (a Parquet file).
RUNS = {
    "local": """
import sys, pyarrow.parquet as pq, sudokit
table = sudokit.read_table(sys.argv[1])
solved = sudokit.solve_many(table)
pq.write_table(solved.select(["status", "solution"]), sys.argv[2])
""",
    "dask": """
import sys
sys.path.insert(0, sys.argv[3])
import dask.dataframe as dd
from distributed import Client, LocalCluster
import dask_solve
with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster):
    frame = dd.read_csv(sys.argv[1], dtype={"id": "int64", "puzzle": "string", "solution": "string"}, blocksize="16MB")
    solved = dask_solve.solve_table(frame).compute()
solved = solved.rename(columns={"solution": "published", "solution_found": "solution"})
solved[["status", "solution"]].to_parquet(sys.argv[2], index=False)
""",
    "spark": """
import os, sys
sys.path.insert(0, sys.argv[3])
os.environ["PYSPARK_PYTHON"] = sys.executable
from pyspark.sql import SparkSession
import spark_solve
spark = SparkSession.builder.master("local[2]").appName("sudokit-bench").config("spark.driver.memory", "2g").getOrCreate()
frame = spark.read.csv(sys.argv[1], header=True)
solved = spark_solve.solve_frame(frame).select("id", "status", "solution_found").toPandas()
spark.stop()
solved["id"] = solved["id"].astype("int64")
solved = solved.sort_values("id").rename(columns={"solution_found": "solution"})
solved[["status", "solution"]].to_parquet(sys.argv[2], index=False)
""",
}


def tree_cpu(root, seen):
    """Adds to `seen` (pid and start time: CPU seconds) the CPU time so far
    of `root` and every process under it, and their resident memory in MB
    to the returned total."""
    tick = os.sysconf("SC_CLK_TCK")
    stats = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        stats[int(pid)] = fields
    children = {}
    for pid, fields in stats.items():
        children.setdefault(int(fields[1]), []).append(pid)
    todo, rss = [root], 0
    while todo:
        pid = todo.pop()
        if pid in stats:
            fields = stats[pid]
            # utime, stime, starttime, rss (pages): fields 14, 15, 22, 24 of stat.
            seen[(pid, fields[19])] = (int(fields[11]) + int(fields[12])) / tick
            rss += int(fields[21]) * os.sysconf("SC_PAGE_SIZE") // 2**20
        todo.extend(children.get(pid, []))
    return rss


def run(engine, table, out):
    """One run of `engine`: wall seconds, CPU seconds of its process tree,
    and the tree's peak resident memory in MB."""
    examples = os.path.join(ROOT, "python", "examples")
    command = ["/usr/bin/time", "-f", "TIME %e", sys.executable, "-c", RUNS[engine], table, out, examples]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen, peak, done = {}, [0], threading.Event()

    def watch():
        while not done.wait(0.1):
            peak[0] = max(peak[0], tree_cpu(child.pid, seen))

    watcher = threading.Thread(target=watch)
    watcher.start()
    _, stderr = child.communicate()
    done.set()
    watcher.join()
    match = re.search(r"TIME ([\d.]+)", stderr)
    if child.returncode != 0 or not match:
        raise SystemExit(f"{engine} failed:\n{stderr[-3000:]}")
    return {"wall_s": float(match.group(1)), "cpu_s": round(sum(seen.values()), 2), "max_rss_mb": peak[0]}


def compare(out, reference, table):
    """Rows whose status or solution differs from the local batch's, and
    rows whose solution differs from the published one."""
    import pyarrow as pa
    import pyarrow.csv as csv
    import pyarrow.parquet as pq

    mine, local = pq.read_table(out), pq.read_table(reference)
    options = csv.ConvertOptions(include_columns=["solution"], column_types={"solution": pa.string()})
    published = csv.read_csv(table, convert_options=options).column("solution").to_pylist()
    same = mine.num_rows == local.num_rows and all(
        mine.column(name).to_pylist() == local.column(name).to_pylist() for name in ["status", "solution"])
    wrong = sum(a != b for a, b in zip(mine.column("solution").to_pylist(), published))
    return {"rows": mine.num_rows, "same_as_local": same, "differing_from_published": wrong}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--machine", required=True)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--engines", default="local,dask,spark")
    parser.add_argument("--work", default=tempfile.gettempdir())
    args = parser.parse_args()
    engines = args.engines.split(",")
    table = os.path.join(args.work, f"puzzles-{args.rows}.csv")
    if not os.path.exists(table):
        make_table(table, args.rows)
    results = {engine: [] for engine in engines}
    checked = {}
    for round in range(args.rounds):
        for engine in engines:
            out = os.path.join(args.work, f"answers-{engine}.parquet")
            measured = run(engine, table, out)
            measured["load"] = os.getloadavg()[0]
            results[engine].append(measured)
            print(engine, round, measured, flush=True)
            if round == 0:
                checked[engine] = compare(out, os.path.join(args.work, "answers-local.parquet"), table)
                print(engine, checked[engine], flush=True)
    date = datetime.date.today().isoformat()
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    folder = os.path.join(HERE, f"results_{args.machine}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"{date}-python-batches.jsonl"), "w") as raw:
        for engine in engines:
            for measured in results[engine]:
                raw.write(json.dumps({"engine": engine, "rows": args.rows, "commit": commit, **measured, **checked[engine]}) + "\n")
    local_cpu = statistics.median(m["cpu_s"] for m in results[engines[0]])
    print("| run | CPU s (median) | puzzles per CPU second | CPU against the local batch | wall s | peak memory MB | answers |")
    print("|---|---|---|---|---|---|---|")
    for engine in engines:
        cpu = statistics.median(m["cpu_s"] for m in results[engine])
        wall = statistics.median(m["wall_s"] for m in results[engine])
        rss = max(m["max_rss_mb"] for m in results[engine])
        same = "= local" if checked[engine]["same_as_local"] else "DIFFER"
        print(f"| {engine} | {cpu:.1f} | {args.rows / cpu:,.0f} | {cpu / local_cpu:.2f}x | {wall:.1f} | {rss} | {same}, "
              f"{checked[engine]['differing_from_published']} off the published |")


if __name__ == "__main__":
    main()
