#!/usr/bin/env python3
"""Times the `sat` engine against Debian's `cadical` program (1.5.3) on the
CNF that `sudokit export --to dimacs` writes for the same puzzles: random
big grids made from a seed (`random:SIZE:BLANK[:COUNT[:SEED]]`, as
`sudokit bench --sets` makes them), solutions counted up to 2.

    python3 benchmarks/cadical_vs_sat.py [--sudokit BIN] [--timeout S]
                                         [--raw FILE] SET [SET ...]

    python3 benchmarks/cadical_vs_sat.py random:25:45:5 random:25:60:5 random:36:45:3

Per puzzle, three ways, one after the other:
- `sat` in process: `sudokit bench --engines sat --mode unique` (wall time
  of the solve alone, the engine prepared once per set);
- `sudokit count -e sat --max 2`, a fresh sudokit process per puzzle
  (wall and CPU time of the process: start, reading, solving);
- `cadical` on the exported CNF, a fresh process per call, counting to 2
  as the engine does: solve, add a clause blocking the grid found, solve
  again (wall and CPU time of both processes; writing the CNF is not
  counted). Each grid cadical returns is read back through the export's
  `c` lines and checked with `sudokit check`.
The cost of starting cadical is measured apart on a one-clause CNF, and
the CNF's size is given, to say whether start and parsing dominate. CPU
times are the children's rusage (user + system), which a loaded machine
does not inflate the way it does wall time. Rows go to --raw as JSON lines
(default benchmarks/results_<cpu>-<n>vcpu/<date>-cadical.jsonl); a
Markdown table is printed.
"""

import argparse
import datetime
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cpu_slug():
    model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
                  if l.startswith("model name")), "cpu")
    vendor = "intel-xeon" if "Xeon" in model else re.sub(r"[^a-z0-9]+", "-", model.lower())[:24]
    return f"{vendor}-{os.cpu_count()}vcpu", model


def timed(args, **kw):
    """Runs a process: (completed, wall s, cpu s of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, **kw)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done, wall, cpu


def read_cells(cnf):
    """Each cell's (value, variable) pairs from the export's `c` lines."""
    cells = []
    for line in cnf.splitlines():
        m = re.match(r"c r\d+c\d+ = \[([\d, ]+)\]: variables (\d+)\.\.(\d+)$", line)
        if m:
            values = [int(v) for v in m.group(1).split(", ")]
            first = int(m.group(2))
            cells.append(list(zip(values, range(first, first + len(values)))))
    return cells


def header_and_clauses(cnf):
    """The `p cnf` numbers and the clause text after them."""
    at = cnf.index("\np cnf ") + 1
    end = cnf.index("\n", at)
    _, _, nvars, nclauses = cnf[at:end].split()
    return int(nvars), int(nclauses), cnf[end + 1:]


def cadical_count(cadical, cnf, cells, scratch, timeout):
    """Counts to 2 with fresh cadical processes: (count or None, wall, cpu, grids)."""
    nvars, nclauses, body = header_and_clauses(cnf)
    blocked = []
    grids = []
    wall = cpu = 0.0
    while len(grids) < 2:
        path = Path(scratch) / "puzzle.cnf"
        with open(path, "w") as f:
            f.write(f"p cnf {nvars} {nclauses + len(blocked)}\n")
            f.write(body)
            for clause in blocked:
                f.write(" ".join(str(l) for l in clause) + " 0\n")
        left = timeout - wall
        if left <= 0:
            return None, wall, cpu, grids
        try:
            done, w, c = timed([cadical, "-q", "-t", str(max(1, int(left))), str(path)],
                               timeout=left + 5)
        except subprocess.TimeoutExpired:
            return None, timeout, cpu, grids
        wall += w
        cpu += c
        if done.returncode == 20:
            break
        if done.returncode != 10:
            return None, wall, cpu, grids
        true = set()
        for line in done.stdout.splitlines():
            if line.startswith("v "):
                true.update(int(x) for x in line[2:].split() if int(x) > 0)
        grid = []
        for values in cells:
            chosen = [v for v, var in values if var in true]
            assert len(chosen) == 1, "one value per cell"
            grid.append(chosen[0])
        grids.append(grid)
        blocked.append([-var for values in cells for v, var in values if var in true])
    return len(grids), wall, cpu, grids


def grid_line(grid):
    n = len(grid)
    if round(n ** 0.5) <= 35:
        symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        return "".join(symbols[d - 1] for d in grid)
    return " ".join(str(d) for d in grid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", nargs="+", help="random:SIZE:BLANK[:COUNT[:SEED]]")
    ap.add_argument("--sudokit", default=None, help="the sudokit binary (default: the "
                    "quick-release build in CARGO_TARGET_DIR or target/)")
    ap.add_argument("--cadical", default="cadical")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per puzzle and way")
    ap.add_argument("--raw", default=None)
    args = ap.parse_args()
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    sudokit = args.sudokit or str(target / "quick-release/sudokit")
    slug, model = cpu_slug()
    raw = Path(args.raw or ROOT / f"benchmarks/results_{slug}"
               / f"{datetime.date.today()}-cadical.jsonl")
    raw.parent.mkdir(parents=True, exist_ok=True)
    version = subprocess.run([args.cadical, "--version"], capture_output=True,
                             text=True).stdout.strip()
    load = os.getloadavg()[0]

    with tempfile.TemporaryDirectory() as scratch:
        trivial = Path(scratch) / "one.cnf"
        trivial.write_text("p cnf 1 1\n1 0\n")
        starts = [timed([args.cadical, "-q", str(trivial)]) for _ in range(20)]
        start_wall = statistics.median(w for _, w, _ in starts)
        start_cpu = statistics.median(c for _, _, c in starts)
        print(f"cadical {version}: start on a one-clause CNF {start_wall * 1e3:.1f} ms wall, "
              f"{start_cpu * 1e3:.1f} ms CPU (median of 20); load average {load:.1f}; {model}")
        table = []
        for spec in args.sets:
            report = Path(scratch) / "bench.json"
            subprocess.run([sudokit, "bench", "--sets", spec, "--engines", "sat", "--mode",
                            "unique", "--timeout", f"{args.timeout}s", "--json", str(report),
                            "--no-html", "-q"], check=True, capture_output=True)
            rows = json.loads(report.read_text())["rows"]
            for row in rows:
                givens = row["givens"]
                count_done, count_wall, count_cpu = timed(
                    [sudokit, "count", givens, "-e", "sat", "--max", "2", "-q",
                     "--timeout", f"{args.timeout}s"])
                cnf = subprocess.run([sudokit, "export", givens, "--to", "dimacs"],
                                     capture_output=True, text=True, check=True).stdout
                cells = read_cells(cnf)
                count, cad_wall, cad_cpu, grids = cadical_count(
                    args.cadical, cnf, cells, scratch, args.timeout)
                for grid in grids:
                    subprocess.run([sudokit, "check", grid_line(grid), "--puzzle", givens], check=True,
                                   capture_output=True)
                engine_count = row["solutions"] if row["status"] == "solved" else None
                if count is not None and engine_count is not None:
                    assert count == engine_count, (spec, row["puzzle"], count, engine_count)
                record = {
                    "set": spec, "puzzle": row["puzzle"], "cnf_bytes": len(cnf),
                    "sat_status": row["status"], "sat_in_process_s": row["time_us"] / 1e6,
                    "sat_process_wall_s": count_wall, "sat_process_cpu_s": count_cpu,
                    "sat_process_exit": count_done.returncode,
                    "cadical_count": count, "cadical_wall_s": cad_wall, "cadical_cpu_s": cad_cpu,
                    "cadical_start_wall_s": start_wall, "cadical_start_cpu_s": start_cpu,
                    "cadical": version, "cpu": model, "load": load,
                    "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                }
                with open(raw, "a") as f:
                    f.write(json.dumps(record) + "\n")
                table.append(record)
                print(f"{spec} #{row['puzzle']}: sat {row['time_us'] / 1e3:.1f} ms in process, "
                      f"{count_cpu:.2f} s CPU as a process; cadical {cad_cpu:.2f} s CPU "
                      f"({count} found), CNF {len(cnf) / 1e6:.1f} MB", file=sys.stderr)

    print(f"\n| set | CNF MB | `sat` in process median (max) s | `sudokit count` process CPU "
          f"median s | `cadical` processes wall median s | `cadical` CPU median (max) s | "
          f"cadical not done |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for spec in args.sets:
        rows = [r for r in table if r["set"] == spec]
        med = lambda key: statistics.median(r[key] for r in rows)
        print(f"| `{spec}` | {med('cnf_bytes') / 1e6:.1f} | {med('sat_in_process_s'):.3f} "
              f"({max(r['sat_in_process_s'] for r in rows):.3f}) | {med('sat_process_cpu_s'):.3f} | "
              f"{med('cadical_wall_s'):.3f} | {med('cadical_cpu_s'):.3f} "
              f"({max(r['cadical_cpu_s'] for r in rows):.3f}) | "
              f"{sum(r['cadical_count'] is None for r in rows)} of {len(rows)} |")
    print(f"\nraw rows: {raw.relative_to(ROOT) if raw.is_relative_to(ROOT) else raw}")


if __name__ == "__main__":
    main()
