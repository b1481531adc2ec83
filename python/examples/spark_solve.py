"""Solve and check a puzzle table with PySpark: `mapInArrow` hands each
executor's partitions to sudokit.solve_many as Arrow record batches (no
row-by-row Python), one sudokit per executor process.

    python python/examples/spark_solve.py data/bench/sudoku.csv            # local[2]
    spark-submit python/examples/spark_solve.py hdfs:///puzzles.csv        # a cluster

Needs pyspark (and Java 17 or later), pyarrow; sudokit installed on every
executor."""

import os
import sys

import pyarrow as pa

#: What solve_batches adds to each row.
ADDED = "status string, solution_found string, count long, time_us long, error string"


def solve_batches(batches):
    """mapInArrow's function: each record batch of puzzles, answered."""
    import sudokit

    for batch in batches:
        solved = sudokit.solve_many(batch.column("puzzle"))
        answers = solved.select(["status", "solution", "count", "time_us", "error"])
        columns = dict(zip(batch.schema.names, batch.columns))
        columns.update(zip(["status", "solution_found", "count", "time_us", "error"], answers.columns))
        columns["count"] = columns["count"].cast(pa.int64())
        columns["time_us"] = columns["time_us"].cast(pa.int64())
        yield from pa.table(columns).to_batches()


def solve_frame(frame):
    """A Spark data frame with a `puzzle` column, solved."""
    # The executors import this file to run solve_batches.
    frame.sparkSession.sparkContext.addPyFile(__file__)
    schema = ", ".join(f"{f.name} {f.dataType.simpleString()}" for f in frame.schema.fields)
    return frame.mapInArrow(solve_batches, f"{schema}, {ADDED}")


def main(path: str, master: str = "local[2]") -> None:
    from pyspark.sql import SparkSession

    if master.startswith("local"):
        # The Python workers are this Python, where sudokit is installed.
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = SparkSession.builder.master(master).appName("sudokit").getOrCreate()
    frame = spark.read.csv(path, header=True, schema=None, inferSchema=False)
    solved = solve_frame(frame)
    counts = solved.groupBy("status").count().collect()
    print({row["status"]: row["count"] for row in counts})
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:])
