#!/usr/bin/env python3
"""How `sudokit grade` agrees with ratings people use, and how long it takes.

For each set: the time to grade it (one run, --jobs 1), the levels, the
median score, and where the set carries a rating of its own the Spearman
rank correlation between our score and that rating:

- ratings/se_rated_diabolical.txt: Sudoku Explainer ratings (5.0-9.3);
- bench/sudoku.csv: the Kaggle set's `difficulty` column (a search
  measure, not human techniques: BENCHMARKS.md, "Grading against human
  ratings");
- coursia Easy51, top1465, top95 and a sample of forum_hardest_1905_11+
  (SE 11 and up) for the two ends of the scale.

Prints a Markdown table and writes JSON lines to
benchmarks/results_<machine>/<date>-grade.jsonl: one line for the run
(CPU, commit, command), one summary per set (the table's row), and the
grade of each puzzle of the rated sets beside its rating, so that the
correlations can be computed again.

    cargo build --release
    python3 benchmarks/grade_calibration.py --machine amd-epyc-2vcpu
"""

import argparse
import csv
import datetime
import json
import os
import statistics
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(ROOT, "..", "shared", "data")
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


def se_rated():
    puzzles, ratings = [], []
    for line in open(os.path.join(SHARED, "ratings", "se_rated_diabolical.txt")):
        puzzle, rating = line.split()
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


def grade(binary, puzzles):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(puzzles) + "\n")
    start = time.perf_counter()
    out = subprocess.run([binary, "grade", "--format", "json", "-f", f.name],
                         check=True, capture_output=True, text=True).stdout
    seconds = time.perf_counter() - start
    os.unlink(f.name)
    return seconds, [json.loads(l) for l in out.splitlines()]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--machine", required=True)
    parser.add_argument("--hardest", type=int, default=2000,
                        help="puzzles of forum_hardest_1905_11+ to grade (from the top)")
    parser.add_argument("--binary", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "sudokit"))
    args = parser.parse_args()
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
                if l.startswith("model name")), "?")
    se_puzzles, se_ratings = se_rated()
    kaggle_puzzles, kaggle_ratings = kaggle()
    sets = [
        ("Easy51", lines(os.path.join(ROOT, "data", "coursia", "Sudoku_Easy51.txt")), None),
        ("sudoku.csv", kaggle_puzzles, kaggle_ratings),
        ("top1465", lines(os.path.join(SHARED, "bench", "puzzles3_magictour_top1465")), None),
        ("top95", lines(os.path.join(SHARED, "bench", "top95.txt")), None),
        ("SE-rated 5.0-9.3", se_puzzles, se_ratings),
        (f"1905_11+ (first {args.hardest})",
         lines(os.path.join(SHARED, "bench", "puzzles5_forum_hardest_1905_11+"), args.hardest), None),
    ]
    print(f"{cpu}, commit {commit}, one core\n")
    print("| set | puzzles | seconds | ms/puzzle | median score | "
          + " | ".join(LEVELS) + " | Spearman vs its rating |")
    print("|---|---:|---:|---:|---:|" + "---:|" * len(LEVELS) + "---:|")
    date = datetime.date.today().isoformat()
    folder = os.path.join(HERE, f"results_{args.machine}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"{date}-grade.jsonl"), "w") as raw:
        command = "python3 benchmarks/grade_calibration.py " + " ".join(
            f"--{k} {v}" for k, v in vars(args).items() if k != "binary")
        raw.write(json.dumps({"cpu": cpu, "commit": commit, "command": command}) + "\n")
        for name, puzzles, ratings in sets:
            seconds, grades = grade(args.binary, puzzles)
            assert len(grades) == len(puzzles), name
            scores = [g["score"] for g in grades]
            tally = {level: 0 for level in LEVELS}
            for g in grades:
                tally[g["level"]] += 1
            rho = spearman(scores, ratings) if ratings else None
            print(f"| {name} | {len(puzzles)} | {seconds:.2f} | {1000 * seconds / len(puzzles):.2f} | "
                  f"{statistics.median(scores):.3f} | "
                  + " | ".join(str(tally[l]) for l in LEVELS)
                  + f" | {'' if rho is None else f'{rho:.3f}'} |")
            raw.write(json.dumps({"set": name, "puzzles": len(puzzles), "seconds": round(seconds, 3),
                                  "median_score": statistics.median(scores), "levels": tally,
                                  "spearman": rho}) + "\n")
            for i, g in enumerate(grades if ratings else []):
                raw.write(json.dumps({"set": name, "line": i + 1, "score": g["score"],
                                      "level": g["level"], "hardest": g["hardest"],
                                      "their_rating": ratings[i]}) + "\n")


if __name__ == "__main__":
    main()
