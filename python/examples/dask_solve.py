"""Solve, check and grade a puzzle table with Dask, past one machine: each
partition of the data frame goes to sudokit.solve_many (and grade_many)
on the worker that holds it (one sudokit per worker process, every core
of it used), and the results come back as columns beside the puzzles.
Every solution is verified by sudokit on the way; the published one, when
the table has it, is compared at the end.

    python python/examples/dask_solve.py data/bench/sudoku.csv        # a local cluster
    python python/examples/dask_solve.py puzzles.csv tcp://scheduler:8786

Needs dask[dataframe], distributed, pandas and pyarrow."""

import sys

import pandas as pd

import sudokit

#: The columns solve_partition adds, and their pandas types.
ADDED = {"status": "object", "solution_found": "object", "count": "uint64", "time_us": "uint64", "error": "object"}

#: The columns grading adds: the level and the Sudoku Explainer rating.
GRADED = {"level": "object", "rating": "float64"}


def solve_partition(frame: pd.DataFrame, grade: bool = False) -> pd.DataFrame:
    """One partition, solved (and graded): the puzzles' columns and
    sudokit's answer for each row (rows are answered in order, so they
    line up)."""
    solved = sudokit.solve_many(frame["puzzle"])
    answers = solved.select(["status", "solution", "count", "time_us", "error"]).to_pandas()
    answers = answers.rename(columns={"solution": "solution_found"}).astype(ADDED)
    if grade:
        graded = sudokit.grade_many(frame["puzzle"]).select(list(GRADED)).to_pandas()
        answers = pd.concat([answers, graded.astype(GRADED)], axis=1)
    answers.index = frame.index
    return pd.concat([frame, answers], axis=1)


def solve_table(frame, grade: bool = False):
    """A Dask data frame with a `puzzle` column, solved (and graded)
    lazily partition by partition."""
    added = {**ADDED, **GRADED} if grade else ADDED
    meta = frame._meta.assign(**{name: pd.Series(dtype=kind) for name, kind in added.items()})
    return frame.map_partitions(solve_partition, grade, meta=meta)


def main(path: str, scheduler: str = "") -> None:
    import dask.dataframe as dd
    from distributed import Client, LocalCluster

    client = Client(scheduler) if scheduler else Client(LocalCluster(n_workers=2, threads_per_worker=1))
    frame = dd.read_csv(path, dtype={"puzzle": "string", "solution": "string", "id": "string"}, blocksize="16MB")
    solved = solve_table(frame, grade=True).compute()
    wrong = solved[solved["solution_found"] != solved["solution"]] if "solution" in solved else solved.iloc[:0]
    print(f"{len(solved)} puzzles, {int((solved['status'] == 'solved').sum())} solved, "
          f"{len(wrong)} differing from the published solution")
    print(solved["level"].value_counts().to_dict())
    client.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
