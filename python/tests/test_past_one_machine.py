"""The Dask and Spark examples (python/examples) in local mode: the table
they answer is the local batch's, row for row. Dask is a test package
(missing, it skips, or fails under SUDOKIT_REQUIRE_PYTHON=1); Spark, which
needs Java and a large download, is optional: it skips without pyspark,
or fails when SUDOKIT_REQUIRE_SPARK=1."""

import os
import shutil
import sys

import pytest
import sudokit
from conftest import ROOT, need

sys.path.insert(0, str(ROOT / "python" / "examples"))

TABLE = ROOT / "data" / "bench" / "sudoku.csv"


def local_batch():
    """The local batch's answers, the reference: the puzzles, and for each
    its status, solution, level and rating."""
    table = sudokit.read_table(TABLE)
    solved = sudokit.solve_many(table)
    graded = sudokit.grade_many(table)
    answers = zip(*(t.column(name).to_pylist() for t, name in [
        (solved, "status"), (solved, "solution"), (graded, "level"), (graded, "rating")]))
    return table.column("puzzle").to_pylist(), list(answers)


def test_dask_map_partitions_gives_the_local_batch():
    need("pandas")
    dd = need("dask.dataframe")
    distributed = need("distributed")
    import dask_solve

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False) as cluster, distributed.Client(cluster):
        frame = dd.read_csv(TABLE, dtype={"puzzle": "string", "solution": "string"}, blocksize=10_000)
        assert frame.npartitions > 1
        solved = dask_solve.solve_table(frame, grade=True).compute()
    puzzles, answers = local_batch()
    assert list(solved["puzzle"]) == puzzles
    columns = ["status", "solution_found", "level", "rating"]
    assert list(zip(*(solved[name] for name in columns))) == answers
    assert list(solved["solution_found"]) == list(solved["solution"])


def test_spark_map_in_arrow_gives_the_local_batch():
    try:
        import pyspark  # noqa: F401
        from pyspark.sql import SparkSession
    except ImportError:
        if os.environ.get("SUDOKIT_REQUIRE_SPARK"):
            pytest.fail("SUDOKIT_REQUIRE_SPARK is set and pyspark is not installed")
        pytest.skip("pyspark is not installed (pip install pyspark; it needs Java 17 or later)")
    if not shutil.which("java") and not os.environ.get("JAVA_HOME"):
        pytest.skip("no Java runtime for Spark (apt-get install openjdk-17-jre-headless)")
    import spark_solve

    # Spark's Python workers are this Python, where sudokit is installed.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    spark = SparkSession.builder.master("local[2]").appName("sudokit-test").getOrCreate()
    try:
        frame = spark.read.csv(str(TABLE), header=True).repartition(3)
        rows = spark_solve.solve_frame(frame, grade=True).collect()
    finally:
        spark.stop()
    puzzles, answers = local_batch()
    answered = {row["puzzle"]: (row["status"], row["solution_found"], row["level"], row["rating"]) for row in rows}
    assert len(rows) == len(puzzles)
    assert [answered[p] for p in puzzles] == answers
