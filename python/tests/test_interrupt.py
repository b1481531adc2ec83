"""The GIL is released while an engine searches, and Ctrl-C stops it."""

import os
import signal
import threading
import time

import pytest
import sudokit

EMPTY = "." * 81  # some 6.7e21 solutions: counting them never ends


def test_ctrl_c_stops_a_long_count_quickly_and_keeps_what_was_done():
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt) as interrupt:
            sudokit.count(EMPTY, "fast", up_to=None)
    finally:
        timer.cancel()
    took = time.monotonic() - started
    assert took < 1.5, f"Ctrl-C took {took:.2f} s to stop the count"
    partial = interrupt.value.partial
    assert (partial.status, partial.limit, partial.complete) == ("limit", "cancelled", False)
    assert partial.count > 0
    # The next call gets a fresh cancel token.
    again = sudokit.count("." * 16, up_to=None)
    assert (again.count, again.complete) == (288, True)


def test_other_threads_run_while_an_engine_searches():
    ticks = 0
    done = threading.Event()

    def search():
        sudokit.count(EMPTY, "fast", up_to=None, timeout=0.5)
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.005)
    worker.join()
    assert ticks >= 20, f"the main thread ran {ticks} times in 0.5 s: the GIL was held"



@pytest.mark.parametrize(
    "call, kind",
    [
        (lambda: sudokit.analyze(EMPTY, "fast", up_to=10**12), "AnalyzeRecord"),
        (lambda: sudokit.queens(16, count=True), "ProblemRecord"),
    ],
    ids=["analyze", "queens"],
)
def test_ctrl_c_stops_the_other_calls_with_their_record(call, kind):
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt) as interrupt:
            call()
    finally:
        timer.cancel()
    assert time.monotonic() - started < 1.5
    partial = interrupt.value.partial
    assert (partial.kind, partial.status) == (kind, "limit")


def test_ctrl_c_stops_a_run_of_puzzles_and_keeps_those_made():
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt) as interrupt:
            sudokit.generate(count=100_000, seed=3)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 1.5, "the run went on after Ctrl-C"
    run = interrupt.value.partial
    assert 1 <= len(run) < 100_000
    assert run[0].kind == "GenerateRecord" and sudokit.count(run[0].givens, up_to=2).count == 1
    made = [r for r in run if r.kind == "GenerateRecord"]
    assert [r.index for r in made] == list(range(len(made)))
    # At most the puzzle under way when Ctrl-C came was cut short.
    assert all(r.kind == "GenerateRecord" for r in run[:-1])
