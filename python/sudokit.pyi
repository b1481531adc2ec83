"""sudokit: solve, count, check, analyse, generate, explain and grade
Sudoku-family puzzles with interchangeable engines; every grid is checked by
an independent verifier before you see it.

    >>> import sudokit
    >>> answer = sudokit.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> answer.status, answer.solution[:9]
    ('solved', '417369825')

Answers are records (the fields of the command line's ``--format json``):
read them as attributes or with ``to_dict()``. Bad input raises
``InputError`` (a ``ValueError``); a limit is a status, not an exception.
"""

import os

import pyarrow
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union, overload

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

class NoAnswer(SudokitError, ValueError):
    """No solution, or more than one, where the call needs exactly one
    (``grade``, ``reduce``), or the generator used up its attempts."""

class InternalError(SudokitError, RuntimeError):
    """An engine gave an answer the verifier rejected, or failed inside."""

class Puzzle:
    """A puzzle read from text in any form the command line reads: a line of
    n*n cells, a block grid, .sdk, CSV, a TOML variant file, JSON.

    ``boxes="3x2"`` gives the box shape of a line or block that does not say
    it; ``boxes="latin"`` reads it as a latin square. Raises ``InputError``.
    ``str()`` prints the grid; Jupyter draws it (``_repr_svg_``)."""

    def __init__(self, text: str, *, boxes: Optional[str] = None) -> None: ...
    @staticmethod
    def from_file(path: Union[str, "os.PathLike[str]"], *, boxes: Optional[str] = None) -> "Puzzle":
        """The one puzzle of a file; ``InputError`` names the file and line."""
    @property
    def line_number(self) -> int:
        """The line of its text or file where the puzzle starts."""
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
    keep: Optional[int] = 1,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    stats: bool = False,
) -> Record:
    """Counts solutions up to ``up_to`` (2 tells whether the puzzle is
    unique; None counts all): a ``SolveRecord`` whose ``count`` is exact
    when ``complete`` is True. ``keep=k`` lists up to k of the solutions,
    each verified, in ``solutions`` (None: every one counted). Otherwise
    as ``solve``."""

def engines() -> List[Record]:
    """Every engine of this build as an ``EngineRecord``: ``name``,
    ``family``, ``available``, and when unavailable ``why`` and ``hint``."""

def check(grid: PuzzleLike, puzzle: Optional[PuzzleLike] = None) -> Record:
    """Judges a filled grid against the plain rules of its size, or against
    ``puzzle``: a ``CheckRecord`` with ``valid``, ``errors``, ``conflicts``
    and ``message``."""

def analyze(
    puzzle: PuzzleLike,
    engine: str = "auto",
    *,
    up_to: int = 1000,
    redundancy: bool = True,
    difficulty: bool = True,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
) -> Record:
    """What can be said of a puzzle: an ``AnalyzeRecord`` with
    ``solutions`` (up to ``up_to``), ``exact``, ``unique``, and when unique
    ``solution``, ``minimal``, ``redundant`` (cells like ``"r1c2"``) and
    ``difficulty``; when ambiguous ``differing`` and ``completion``. A
    ``LimitRecord`` when a limit stopped it."""

def reduce(
    puzzle: PuzzleLike,
    engine: str = "auto",
    *,
    symmetry: str = "none",
    clues: Optional[int] = None,
    seed: Optional[int] = None,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
) -> Record:
    """The puzzle with every given that can go taken away, its solution
    kept unique: a ``ReduceRecord`` (``givens``, ``solution``; ``status ==
    "limit"`` when a limit cut it short). ``str()`` prints the puzzle.
    Raises ``NoAnswer`` for a puzzle without exactly one solution."""

@overload
def generate(
    size: int = 9,
    *,
    boxes: Optional[str] = None,
    latin: bool = False,
    jigsaw: bool = False,
    like: Optional[PuzzleLike] = None,
    diagonals: bool = False,
    killer: Optional[str] = None,
    symmetry: str = "none",
    minimal: bool = False,
    clues: Optional[int] = None,
    difficulty: Optional[str] = None,
    seed: Optional[int] = None,
    count: None = None,
    engine: str = "auto",
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
) -> Record: ...
@overload
def generate(
    size: int = 9,
    *,
    boxes: Optional[str] = None,
    latin: bool = False,
    jigsaw: bool = False,
    like: Optional[PuzzleLike] = None,
    diagonals: bool = False,
    killer: Optional[str] = None,
    symmetry: str = "none",
    minimal: bool = False,
    clues: Optional[int] = None,
    difficulty: Optional[str] = None,
    seed: Optional[int] = None,
    count: int,
    engine: str = "auto",
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
) -> List[Record]:
    """A puzzle with exactly one solution (a ``GenerateRecord``: ``givens``,
    ``solution``, ``clues``, ``seed``, ``difficulty``, ``grade``), or with
    ``count`` a list of them; the same arguments and ``seed`` make the same
    puzzles. Raises ``InputError`` for a request no puzzle can meet,
    ``NoAnswer`` when the attempts ran out."""

def explain(
    puzzle: PuzzleLike,
    engine: str = "auto",
    *,
    techniques: Optional[Sequence[str]] = None,
    until: Optional[int] = None,
    guess: bool = True,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
) -> Record:
    """The puzzle solved step by step with human techniques: an
    ``ExplainRecord`` with ``steps``, ``outcome``, ``grid`` and ``grade``.
    ``str()`` prints the numbered steps."""

def hint(
    puzzle: PuzzleLike,
    engine: str = "auto",
    *,
    techniques: Optional[Sequence[str]] = None,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
) -> Record:
    """The next step's technique and where to look: the ``ExplainRecord``
    of one step, whose ``str()`` is the hint (``"look for a hidden single
    (SE 1.2) in box 1"``)."""

def grade(
    puzzle: PuzzleLike,
    engine: str = "auto",
    *,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
) -> Record:
    """How hard the puzzle is for a person: a ``GradeRecord`` with
    ``level``, ``rating``, ``hardest``, ``steps``, ``score``. Raises
    ``NoAnswer`` for a puzzle without exactly one solution."""

def queens(
    n: int,
    engine: str = "auto",
    *,
    count: bool = False,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    stats: bool = False,
) -> Record:
    """``n`` queens on an n x n board, none attacking: a ``ProblemRecord``
    with ``solution`` (each row's queen's column, from 1), or with
    ``count=True`` every placement counted."""

def colour(
    graph: Union[str, Sequence[Tuple[int, int]]],
    colours: Optional[int] = None,
    engine: str = "auto",
    *,
    name: str = "graph",
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    stats: bool = False,
) -> Record:
    """A colouring of a graph (DIMACS text, or edges numbered from 1) with
    at most ``colours`` colours, or the chromatic number as ``objective``:
    a ``ProblemRecord``."""

def latin(
    n: int,
    engine: str = "auto",
    *,
    min_diagonal: bool = False,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    stats: bool = False,
) -> Record:
    """The course's weighted latin square of side ``n``: a ``ProblemRecord``
    whose ``objective`` is the largest reward (or, with ``min_diagonal``,
    the smallest diagonal sum), proven when ``status == "optimal"``."""

def read_file(path: Union[str, "os.PathLike[str]"], *, boxes: Optional[str] = None) -> List[Puzzle]:
    """Every puzzle of a file, in order, each with its ``line_number`` and
    ``label``; ``InputError`` at the first bad entry names the file and the
    line."""

# Batches: one pyarrow.Table row per input row, in input order.

#: A column of puzzle texts: a list, any iterable, a NumPy array of
#: strings, a pandas or Polars Series, a PyArrow array or chunked array, or
#: a table or data frame with a ``puzzle`` column (read in place).
Column = Any

#: ``True`` for a tqdm bar, or ``progress(done, total)``.
Progress = Union[None, bool, Callable[[int, Optional[int]], Any]]

def solve_many(
    puzzles: Column,
    engine: str = "auto",
    *,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    stats: bool = False,
    jobs: int = 0,
    progress: Progress = None,
) -> pyarrow.Table:
    """Solves many puzzles on every core (``jobs``, 0 for one per core),
    every solution verified: a ``pyarrow.Table`` with ``row``, ``puzzle``,
    ``status`` (``solved``, ``unsatisfiable``, ``limit``, ``error``),
    ``solution``, ``count``, ``complete``, ``engine``, ``solved_by``,
    ``time_us``, ``why``, ``limit``, ``error``; with ``stats=True`` the
    engine's counters after them (``nodes``, ``fails``, ``backtracks``,
    ``propagations``, ``restarts``, ``max_depth``, ``encoding_vars``,
    ``encoding_constraints``, ``memory_kib``, ``build_time``,
    ``solve_time``; null where the engine does not count). A bad row is an ``error``
    row naming it; the batch goes on. Limits are per puzzle. Ctrl-C raises
    ``KeyboardInterrupt`` whose ``partial`` is the table of the rows done."""

def count_many(
    puzzles: Column,
    engine: str = "auto",
    *,
    up_to: Optional[int] = 1000,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    stats: bool = False,
    jobs: int = 0,
    progress: Progress = None,
) -> pyarrow.Table:
    """Counts the solutions of many puzzles, each up to ``up_to`` (None:
    all): the table of ``solve_many``, ``count`` exact where ``complete``."""

def analyze_many(
    puzzles: Column,
    engine: str = "auto",
    *,
    up_to: int = 1000,
    redundancy: bool = True,
    difficulty: bool = True,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    jobs: int = 0,
    progress: Progress = None,
) -> pyarrow.Table:
    """Analyses many puzzles: ``row``, ``puzzle``, ``status`` (``solved``
    when a solution was found, ``unsatisfiable`` when none, ``limit``,
    ``error``), ``solutions``, ``exact``, ``unique``,
    ``minimal``, ``givens``, ``solution``, ``redundant``, ``differing``,
    ``guesses``, ``singles``, ``limit``, ``error``."""

def grade_many(
    puzzles: Column,
    engine: str = "auto",
    *,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    jobs: int = 0,
    progress: Progress = None,
) -> pyarrow.Table:
    """Grades many puzzles for a person: ``row``, ``puzzle``, ``status``
    (``solved``, ``limit``, ``error``), ``level``, ``rating`` (ER), ``ep``,
    ``ed``, ``hardest``, ``steps``, ``open_when_stuck``,
    ``score``, ``limit``, ``error`` (a puzzle without one solution)."""

def check_many(grids: Column, *, jobs: int = 0, progress: Progress = None) -> pyarrow.Table:
    """Checks many filled grids against the rules of their size: ``row``,
    ``grid``, ``status`` (``solved``: valid, ``unsatisfiable``: it breaks a
    rule, ``error``: unreadable), ``valid``, ``errors``, ``message``, ``error``."""

def read_table(path: Union[str, "os.PathLike[str]"]) -> pyarrow.Table:
    """A puzzle table from CSV (``puzzle,solution``, ``quizzes,solutions``,
    ``id,puzzle,solution,clues,difficulty``), puzzles and solutions as text,
    read by pyarrow's CSV reader. Raises ``InputError`` without a puzzle
    column."""
