"""sudokit: solve, count and check Sudoku-family puzzles with interchangeable
engines; every grid is checked by an independent verifier before you see it.

    >>> import sudokit
    >>> answer = sudokit.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> answer.status, answer.solution[:9]
    ('solved', '417369825')

Answers are records (the fields of the command line's ``--format json``):
read them as attributes or with ``to_dict()``. Bad input raises
``InputError`` (a ``ValueError``); a limit is a status, not an exception.
"""

from typing import Any, Dict, List, Optional, Union

__version__: str

class SudokitError(Exception):
    """Base class of every error sudokit raises."""

class InputError(SudokitError, ValueError):
    """Text that is not a puzzle, or an argument out of range; the message
    names the line, field and cell where it can, and the reason."""

class EngineError(SudokitError, ValueError):
    """The engine cannot take this puzzle or this option."""

class EngineUnavailable(SudokitError, RuntimeError):
    """The engine is missing here; the message says the step that brings it."""

class InternalError(SudokitError, RuntimeError):
    """An engine gave an answer the verifier rejected, or failed inside."""

class Puzzle:
    """A puzzle read from text in any form the command line reads: a line of
    n*n cells, a block grid, .sdk, CSV, a TOML variant file, JSON.

    ``boxes="3x2"`` gives the box shape of a line or block that does not say
    it; ``boxes="latin"`` reads it as a latin square. Raises ``InputError``.
    ``str()`` prints the grid; Jupyter draws it (``_repr_svg_``)."""

    def __init__(self, text: str, *, boxes: Optional[str] = None) -> None: ...
    @property
    def size(self) -> int:
        """The side of the grid (9 for a 9x9)."""
    @property
    def line(self) -> str:
        """The givens as one line of n*n characters, ``.`` for a blank."""
    @property
    def label(self) -> Optional[str]:
        """What followed the cells on the puzzle's line, if anything."""
    def to_toml(self) -> str:
        """The puzzle as a TOML variant file; it reads back."""
    def to_json(self) -> str:
        """The puzzle as JSON (the conformance suite's schema); it reads back."""
    def _repr_svg_(self) -> str:
        """The puzzle drawn as SVG."""

class Record:
    """An answer: the fields of one record of the command line's JSON Lines,
    as attributes. A field holding an object is a ``Record`` too."""

    @property
    def kind(self) -> str:
        """``SolveRecord``, ``EngineRecord``, ``CheckRecord`` ..."""
    def to_dict(self) -> Dict[str, Any]:
        """Every field as plain Python values, as the JSON writes them."""
    def __getattr__(self, name: str) -> Any: ...
    def __eq__(self, other: object) -> bool: ...

PuzzleLike = Union[Puzzle, str]

def solve(
    puzzle: PuzzleLike,
    engine: str = "auto",
    *,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    stats: bool = False,
) -> Record:
    """The first solution an engine finds, verified: a ``SolveRecord`` with
    ``status`` (``"solved"``, ``"unsatisfiable"``, ``"limit"``),
    ``solution`` (a line, or None), ``count``, ``engine``, ``solved_by``,
    ``time_us``, and ``limit`` when one stopped the search.

    ``engine`` is a spec as ``--engine`` takes it (``auto``, ``fast``,
    ``cp:var=dom-wdeg``, ``sat``, ``z3`` ...); ``timeout`` in seconds and
    ``nodes`` bound the search. Raises ``InputError``, ``EngineError``,
    ``EngineUnavailable``. Ctrl-C raises ``KeyboardInterrupt`` with the
    answer so far as its ``partial`` attribute."""

def count(
    puzzle: PuzzleLike,
    engine: str = "auto",
    *,
    up_to: Optional[int] = 1000,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    stats: bool = False,
) -> Record:
    """Counts solutions up to ``up_to`` (2 tells whether the puzzle is
    unique; None counts all): a ``SolveRecord`` whose ``count`` is exact
    when ``complete`` is True. Otherwise as ``solve``."""

def engines() -> List[Record]:
    """Every engine of this build as an ``EngineRecord``: ``name``,
    ``family``, ``available``, and when unavailable ``why`` and ``hint``."""

def check(grid: PuzzleLike, puzzle: Optional[PuzzleLike] = None) -> Record:
    """Judges a filled grid against the plain rules of its size, or against
    ``puzzle``: a ``CheckRecord`` with ``valid``, ``errors``, ``conflicts``
    and ``message``."""
