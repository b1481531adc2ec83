#!/usr/bin/env python3
"""How `sudokit grade` agrees with Sudoku Explainer (SE), and how fast it is.

Grades a file of SE-rated puzzles (`PUZZLE RATING` a line) with the CLI
(`sudokit grade --format json`) and compares our rating of the whole solve
(ER) with SE's, puzzle by puzzle:

- exactly SE's rating, within 0.1, 0.2 and 0.5, mean absolute error;
- Spearman rank correlation (our score, whose steps tie-break, against SE);
- a confusion table by SE band (the rating's whole part: 5.x, 6.x ...);
- per SE band, which of our techniques decided the hardest step (what to
  implement next: where SE's band and our technique disagree);
- puzzles a second (wall clock) and the CPU seconds the CLI used.

With --sets it also grades the other collections as before (Easy51,
sudoku.csv, top1465, top95, SE 11+), for their levels and speed.

Prints Markdown. With --machine NAME it also writes JSON lines to
benchmarks/results_NAME/<date>-grade.jsonl (the results kept in the
repository): one line for the run (CPU, commit, command), one summary per
set, and each SE-rated puzzle's grade beside its rating, so that every
figure can be computed again. Without it nothing is written: a trial run
leaves the kept results alone.

    cargo build --release
    python3 benchmarks/grade_calibration.py --machine amd-epyc-2vcpu --jobs 2
"""

import argparse
import collections
import csv
import datetime
import json
import os
import resource
import statistics
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(ROOT, "..", "shared", "data")
SE_FILE = os.path.join(SHARED, "ratings", "se_rated_diabolical.txt")
LEVELS = ["easy", "medium", "hard", "fiendish", "diabolical", "extreme", "beyond"]


def ranks(values):
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(xs, ys):
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sx = sum((a - mx) ** 2 for a in rx) ** 0.5
    sy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (sx * sy)


def se_rated(path):
    puzzles, ratings = [], []
    for line in open(path):
        if line.strip() and not line.startswith("#"):
            puzzle, rating = line.split()[:2]
            puzzles.append(puzzle)
            ratings.append(float(rating))
    return puzzles, ratings


def kaggle():
    puzzles, ratings = [], []
    with open(os.path.join(SHARED, "bench", "sudoku.csv")) as f:
        for row in csv.DictReader(f):
            puzzles.append(row["puzzle"])
            ratings.append(float(row["difficulty"]))
    return puzzles, ratings


def lines(path, limit=None):
    out = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]
    return out[:limit] if limit else out


def grade(binary, puzzles, jobs):
    """The grades, the wall-clock seconds and the CPU seconds of the CLI."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(puzzles) + "\n")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([binary, "grade", "--format", "json", "--quiet",
                          "--jobs", str(jobs), "-f", f.name],
                         check=True, capture_output=True, text=True).stdout
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    os.unlink(f.name)
    return [json.loads(l) for l in out.splitlines()], seconds, cpu


def band(rating):
    """The SE band of a rating: its whole part, "beyond" when logic ran out."""
    return "beyond" if rating is None else f"{int(rating + 1e-9)}.x"


def calibration(name, grades, ratings, seconds, cpu):
    """Prints the comparison with SE; returns its summary."""
    ours = [g.get("er", g.get("rating")) for g in grades]
    diffs = [abs(o - r) if o is not None else None for o, r in zip(ours, ratings)]
    n = len(ratings)

    def share(limit):
        return sum(d is not None and d <= limit + 1e-9 for d in diffs) / n

    solved = [d for d in diffs if d is not None]
    summary = {
        "set": name,
        "puzzles": n,
        "exact": share(0.0),
        "within_0_1": share(0.1),
        "within_0_2": share(0.2),
        "within_0_5": share(0.5),
        "mean_abs_error": statistics.fmean(solved) if solved else None,
        "beyond": n - len(solved),
        "spearman": spearman([g["score"] for g in grades], ratings),
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu, 3),
        "puzzles_per_second": round(n / seconds, 1),
    }
    print(f"### {name}: {n} puzzles\n")
    print("| exact | within 0.1 | within 0.2 | within 0.5 | mean abs. error | Spearman "
          "| beyond logic | seconds | CPU seconds | puzzles a second |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    mae = summary["mean_abs_error"]
    print(f"| {summary['exact']:.1%} | {summary['within_0_1']:.1%} | {summary['within_0_2']:.1%} "
          f"| {summary['within_0_5']:.1%} "
          f"| {'' if mae is None else f'{mae:.3f}'} | {summary['spearman']:.3f} | {summary['beyond']} "
          f"| {seconds:.2f} | {cpu:.2f} | {n / seconds:.0f} |\n")

    se_bands = sorted({band(r) for r in ratings})
    our_bands = sorted({band(o) for o in ours if o is not None})
    if any(o is None for o in ours):
        our_bands.append("beyond")
    confusion = collections.Counter((band(r), band(o)) for r, o in zip(ratings, ours))
    print("Rows: SE's band; columns: ours.\n")
    print("| SE \\ ours | " + " | ".join(our_bands) + " | exact in band |")
    print("|---|" + "---:|" * len(our_bands) + "---:|")
    for b in se_bands:
        members = [i for i, r in enumerate(ratings) if band(r) == b]
        exact = sum(diffs[i] is not None and diffs[i] < 1e-9 for i in members)
        print(f"| {b} | " + " | ".join(str(confusion[(b, c)]) for c in our_bands)
              + f" | {exact}/{len(members)} |")
    print()

    print("Our hardest technique by SE rating (count, and how many of them we rate exactly):\n")
    print("| SE | puzzles | our hardest techniques |")
    print("|---:|---:|---|")
    for r in sorted(set(ratings)):
        members = [i for i, x in enumerate(ratings) if x == r]
        tally = collections.Counter(grades[i].get("hardest") or "(none)" for i in members)
        exact = collections.Counter(grades[i].get("hardest") or "(none)" for i in members
                                    if diffs[i] is not None and diffs[i] < 1e-9)
        parts = ", ".join(f"{t} {c} ({exact[t]})" for t, c in tally.most_common(4))
        print(f"| {r:.1f} | {len(members)} | {parts} |")
    print()
    summary["confusion"] = {f"{a}|{b}": c for (a, b), c in confusion.items()}
    return summary


def raw_results(machine):
    """Where the JSON lines go: the machine's results file, or nowhere."""
    if machine is None:
        return open(os.devnull, "w")
    folder = os.path.join(HERE, f"results_{machine}")
    os.makedirs(folder, exist_ok=True)
    return open(os.path.join(folder, f"{datetime.date.today().isoformat()}-grade.jsonl"), "w")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--machine", help="write the raw results to benchmarks/results_MACHINE/")
    parser.add_argument("--se", default=SE_FILE, help="a file of `PUZZLE RATING` lines")
    parser.add_argument("--jobs", type=int, default=1, help="passed to `sudokit grade`")
    parser.add_argument("--sets", action="store_true",
                        help="also grade Easy51, sudoku.csv, top1465, top95 and SE 11+")
    parser.add_argument("--hardest", type=int, default=2000,
                        help="with --sets: puzzles of forum_hardest_1905_11+ (from the top)")
    parser.add_argument("--binary", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "sudokit"))
    args = parser.parse_args()
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    cpu_model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
                      if l.startswith("model name")), "?")
    print(f"{cpu_model}, commit {commit}, --jobs {args.jobs}, {args.binary}\n")
    with raw_results(args.machine) as raw:
        command = "python3 benchmarks/grade_calibration.py " + " ".join(
            f"--{k} {v}" for k, v in vars(args).items()
            if k not in ("binary", "se", "sets") and v is not None) \
            + (" --sets" if args.sets else "")
        raw.write(json.dumps({"cpu": cpu_model, "commit": commit, "command": command}) + "\n")

        puzzles, ratings = se_rated(args.se)
        grades, seconds, cpu = grade(args.binary, puzzles, args.jobs)
        assert len(grades) == len(puzzles), args.se
        name = os.path.basename(args.se)
        raw.write(json.dumps(calibration(name, grades, ratings, seconds, cpu)) + "\n")
        for i, g in enumerate(grades):
            raw.write(json.dumps({"set": name, "line": i + 1, "their_rating": ratings[i],
                                  **{k: v for k, v in g.items() if k not in ("version", "line")}})
                      + "\n")
        if args.sets:
            other_sets(args, raw)


def other_sets(args, raw):
    """The levels, median score and speed of the other collections."""
    kaggle_puzzles, kaggle_ratings = kaggle()
    sets = [
        ("Easy51", lines(os.path.join(ROOT, "data", "coursia", "Sudoku_Easy51.txt")), None),
        ("sudoku.csv", kaggle_puzzles, kaggle_ratings),
        ("top1465", lines(os.path.join(SHARED, "bench", "puzzles3_magictour_top1465")), None),
        ("top95", lines(os.path.join(SHARED, "bench", "top95.txt")), None),
        (f"1905_11+ (first {args.hardest})",
         lines(os.path.join(SHARED, "bench", "puzzles5_forum_hardest_1905_11+"), args.hardest), None),
    ]
    print("| set | puzzles | seconds | CPU seconds | ms/puzzle | median score | "
          + " | ".join(LEVELS) + " | Spearman vs its rating |")
    print("|---|---:|---:|---:|---:|---:|" + "---:|" * len(LEVELS) + "---:|")
    for name, puzzles, ratings in sets:
        grades, seconds, cpu = grade(args.binary, puzzles, args.jobs)
        assert len(grades) == len(puzzles), name
        scores = [g["score"] for g in grades]
        tally = {level: 0 for level in LEVELS}
        for g in grades:
            tally[g["level"]] += 1
        rho = spearman(scores, ratings) if ratings else None
        print(f"| {name} | {len(puzzles)} | {seconds:.2f} | {cpu:.2f} "
              f"| {1000 * seconds / len(puzzles):.2f} | {statistics.median(scores):.3f} | "
              + " | ".join(str(tally[l]) for l in LEVELS)
              + f" | {'' if rho is None else f'{rho:.3f}'} |")
        raw.write(json.dumps({"set": name, "puzzles": len(puzzles), "seconds": round(seconds, 3),
                              "cpu_seconds": round(cpu, 3), "median_score": statistics.median(scores),
                              "levels": tally, "spearman": rho}) + "\n")


if __name__ == "__main__":
    main()
