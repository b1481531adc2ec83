"""Bad input to any call is an exception the caller can catch, with a
message; never a crash, never a PanicException."""

import pytest
import sudokit

HARD = "300200000000107000706030500070009080900020004010800050009040301000702000000008006"
HOSTILE = ["", "\x00" * 81, "9" * 1300, '{"size": 1000000}', "🙂" * 81]
PUZZLE_CALLS = [sudokit.solve, sudokit.count, sudokit.analyze, sudokit.reduce,
                sudokit.explain, sudokit.hint, sudokit.grade]


@pytest.mark.parametrize("call", PUZZLE_CALLS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_is_an_input_error_for_every_call(call, text):
    with pytest.raises(sudokit.InputError):
        call(text)


@pytest.mark.parametrize("call", PUZZLE_CALLS, ids=lambda c: c.__name__)
def test_a_bad_engine_or_limit_is_refused_by_every_call(call):
    with pytest.raises(sudokit.EngineError):
        call(HARD, "warp")
    with pytest.raises(sudokit.InputError, match="^timeout must be a number of seconds"):
        call(HARD, timeout=float("inf"))
    with pytest.raises(OverflowError):
        call(HARD, nodes=-1)


@pytest.mark.parametrize(
    "call",
    [lambda: sudokit.queens(-1), lambda: sudokit.latin(2**70), lambda: sudokit.generate(size=-3),
     lambda: sudokit.explain(HARD, until=-1), lambda: sudokit.colour([(1, 2**70)])],
)
def test_numbers_out_of_range_are_python_errors(call):
    with pytest.raises((OverflowError, TypeError, ValueError)) as error:
        call()
    assert type(error.value).__name__ != "PanicException"


def test_a_limit_on_explain_and_grade_is_a_limit_record():
    for call in (sudokit.explain, sudokit.grade, sudokit.hint):
        stopped = call(HARD, "backtrack", nodes=1)
        assert (stopped.kind, stopped.status, stopped.limit) == ("LimitRecord", "limit", "nodes")
