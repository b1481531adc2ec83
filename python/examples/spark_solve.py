"""Solve, check and grade a puzzle table with PySpark: `mapInArrow` hands
each executor's partitions to sudokit.solve_many (and grade_many) as Arrow
record batches (no row-by-row Python), one sudokit per executor process.
Every solution is verified by sudokit on the way.

    python python/examples/spark_solve.py data/bench/sudoku.csv            # local[2]
    spark-submit python/examples/spark_solve.py hdfs:///puzzles.csv        # a cluster

Needs pyspark (and Java 17 or later), pyarrow; sudokit installed on every
executor."""

import functools
import os
import sys

import pyarrow as pa

#: What solve_batches adds to each row.
ADDED = "status string, solution_found string, count long, time_us long, error string"

#: What grading adds: the level and the Sudoku Explainer rating.
GRADED = "level string, rating double"


def solve_batches(batches, grade=False):
    """mapInArrow's function: each record batch of puzzles, answered (and
    graded)."""
    import sudokit

    for batch in batches:
        solved = sudokit.solve_many(batch.column("puzzle"))
        answers = solved.select(["status", "solution", "count", "time_us", "error"])
        columns = dict(zip(batch.schema.names, batch.columns))
        columns.update(zip(["status", "solution_found", "count", "time_us", "error"], answers.columns))
        columns["count"] = columns["count"].cast(pa.int64())
        columns["time_us"] = columns["time_us"].cast(pa.int64())
        if grade:
            graded = sudokit.grade_many(batch.column("puzzle"))
            columns.update(level=graded.column("level"), rating=graded.column("rating"))
        yield from pa.table(columns).to_batches()


def solve_frame(frame, grade=False):
    """A Spark data frame with a `puzzle` column, solved (and graded)."""
    # The executors import this file to run solve_batches.
    frame.sparkSession.sparkContext.addPyFile(__file__)
    schema = ", ".join(f"{f.name} {f.dataType.simpleString()}" for f in frame.schema.fields)
    added = f"{ADDED}, {GRADED}" if grade else ADDED
    return frame.mapInArrow(functools.partial(solve_batches, grade=grade), f"{schema}, {added}")


def main(path: str, master: str = "local[2]") -> None:
    from pyspark.sql import SparkSession

    if master.startswith("local"):
        # The Python workers are this Python, where sudokit is installed.
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = SparkSession.builder.master(master).appName("sudokit").getOrCreate()
    frame = spark.read.csv(path, header=True, schema=None, inferSchema=False)
    solved = solve_frame(frame, grade=True)
    counts = solved.groupBy("status", "level").count().collect()
    print({(row["status"], row["level"]): row["count"] for row in counts})
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:])
