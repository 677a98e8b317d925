"""Type stubs of pathsat's Rust extension (re-exported by the package ``pathsat``)."""

import os
from typing import Any, Hashable, Iterable, Iterator, Mapping, Optional, Sequence, Union, final

__all__ = [
    "BatchReport",
    "Cnf",
    "CountResult",
    "Generated",
    "Graph",
    "GraphFilter",
    "InternalError",
    "Puzzle",
    "PuzzleError",
    "Solution",
    "Solutions",
    "__version__",
    "batch",
    "count_hamiltonian_cycles",
    "generate",
    "hamg",
    "hamiltonian_cycle",
    "hamiltonian_path",
    "is_hypohamiltonian",
]

__version__: str

_Pos = tuple[int, int]
"""A board cell: (row, column), both from 0."""

_Grid = list[list[Optional[int]]]

class PuzzleError(ValueError):
    """A puzzle, model or request pathsat cannot take; the message is the CLI's one line,
    naming the file (and the line and column where they exist)."""

class InternalError(RuntimeError):
    """pathsat failed, or one of its runs did not pass the verifier: a bug to report."""

@final
class Puzzle:
    """A path puzzle: place 1..N on the cells of a board (or the vertices of a graph) so that
    consecutive numbers are one move apart. Every solution returned has passed pathsat's
    independent verifier."""

    @staticmethod
    def from_file(path: Union[str, os.PathLike[str]]) -> Puzzle:
        """Reads a puzzle file: ``.toml``, ``.json``, or a graph (``.hcp``, ``.col``, ``.g6``,
        ``.s6``)."""
    @staticmethod
    def from_toml(text: str, name: Optional[str] = None) -> Puzzle:
        """Reads the text of a TOML puzzle file; errors call it ``name`` (``<toml>``)."""
    @staticmethod
    def from_json(text: str, name: Optional[str] = None) -> Puzzle:
        """Reads the text of a JSON puzzle file (the TOML file's fields)."""
    @staticmethod
    def from_dict(d: Mapping[str, object]) -> Puzzle:
        """A puzzle from a dictionary with the fields of a puzzle file, e.g.
        ``{"moves": "king", "grid": [[1, None], [None, 4]]}``."""
    @staticmethod
    def board(
        rows: int,
        cols: int,
        moves: Union[str, Sequence[tuple[int, int]], None] = None,
        closed: bool = False,
        givens: Optional[Mapping[_Pos, int]] = None,
        holes: Optional[Sequence[_Pos]] = None,
        marks: Optional[Mapping[_Pos, Union[str, Sequence[int]]]] = None,
        name: Optional[str] = None,
    ) -> Puzzle:
        """A ``rows`` x ``cols`` board: ``moves`` a name (``"rook"``, ``"king"`` (default),
        ``"knight"``, ...) or ``(dr, dc)`` steps; ``closed`` for a tour; ``givens``
        ``{(row, col): value}``; ``holes``; ``marks`` ``{(row, col): "primes" | "squares" |
        "even" | "odd" | [values]}``."""
    @staticmethod
    def graph(
        edges: Sequence[tuple[int, int]],
        vertices: Optional[int] = None,
        closed: bool = False,
        directed: bool = False,
        start: Optional[int] = None,
        end: Optional[int] = None,
        name: Optional[str] = None,
    ) -> Puzzle:
        """A Hamiltonian path (``closed``: cycle) problem on a graph whose vertices are
        numbered from 1; ``start`` and ``end`` pin the vertices holding 1 and N."""
    @property
    def name(self) -> str: ...
    @property
    def file(self) -> str:
        """The file it was read from, or how it was made (``<toml>``, ``board 8x8``)."""
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def cells(self) -> int:
        """N: the cells (vertices) to fill."""
    @property
    def closed(self) -> bool: ...
    @property
    def is_graph(self) -> bool: ...
    @property
    def moves(self) -> str: ...
    @property
    def givens(self) -> dict[Union[_Pos, int], int]:
        """``{(row, col): value}``, or ``{vertex: value}`` for a graph (vertices from 1)."""
    @property
    def holes(self) -> list[_Pos]: ...
    @property
    def marks(self) -> dict[_Pos, str]:
        """The marked cells and their letters."""
    def solve(
        self,
        timeout: Optional[float] = None,
        *,
        encoding: str = "auto",
        solver: str = "varisat",
        certify: bool = False,
        seed: int = 0,
    ) -> Optional[Solution]:
        """The first solution, or None when there is none. ``timeout`` in seconds raises
        ``TimeoutError`` when it passes first; ``seed`` sends the search along another
        path, as reproducibly (0: the unseeded run)."""
    def solutions(
        self,
        limit: Optional[int] = None,
        *,
        encoding: str = "auto",
        solver: str = "varisat",
        seed: int = 0,
    ) -> Solutions:
        """The solutions, lazily: the solver finds the next one when the loop asks."""
    def count(
        self,
        method: str = "auto",
        timeout: Optional[float] = None,
        limit: Optional[int] = None,
        *,
        encoding: str = "auto",
        solver: str = "varisat",
        jobs: Optional[int] = None,
        certify: bool = False,
        seed: int = 0,
        memory: Optional[int] = None,
        spill: bool = True,
        spill_dir: Optional[Union[str, os.PathLike[str]]] = None,
        checkpoint: Optional[Union[str, os.PathLike[str]]] = None,
        checkpoint_every: Optional[float] = None,
    ) -> CountResult:
        """How many solutions: ``method`` ``"auto"``, ``"dp"``, ``"sat"`` or
        ``"enumerate"``; a timeout or limit makes the count a lower bound.
        ``memory`` (bytes) bounds the frontier program's tables; tables that
        outgrow it go on in temporary files (in ``spill_dir`` if given), or
        stop the count with ``spill=False``;
        ``checkpoint`` saves its table to that file every ``checkpoint_every``
        seconds (600) and resumes from it when the same count runs again; a first
        Ctrl-C then saves the layer under way before KeyboardInterrupt."""
    def sample(
        self,
        n: int = 1,
        seed: Optional[int] = None,
        *,
        method: str = "auto",
        timeout: Optional[float] = None,
        jobs: Optional[int] = None,
        memory: Optional[int] = None,
        spill: bool = True,
        spill_dir: Optional[Union[str, os.PathLike[str]]] = None,
        enumerate_limit: Optional[int] = None,
    ) -> list[Solution]:
        """``n`` solutions drawn independently and exactly uniformly, each
        verified; the same ``seed`` gives the same samples. ``method`` ``"auto"``,
        ``"dp"`` or ``"enumerate"``; where the frontier program does not apply,
        at most ``enumerate_limit`` solutions are enumerated to draw from."""
    def is_unique(
        self,
        timeout: Optional[float] = None,
        *,
        encoding: str = "auto",
        solver: str = "varisat",
        certify: bool = False,
        seed: int = 0,
    ) -> bool:
        """Whether exactly one solution exists, proved by the solver."""
    def forced(self, timeout: Optional[float] = None) -> dict[str, object]:
        """The cells every solution agrees on: ``status``, ``complete``, ``forced``
        (``{(row, col): value}`` or ``{vertex: value}``), ``deduced`` and, without solution,
        ``conflict`` (givens that have none together)."""
    def hint(
        self,
        filling: Optional[Sequence[Sequence[Optional[int]]] | Sequence[Optional[int]]] = None,
        timeout: Optional[float] = None,
        *,
        certify: bool = False,
    ) -> dict[str, object]:
        """The next step solved by hand: ``status`` (``"hint"``, ``"wrong"``, ``"solved"``,
        ...), ``hint`` (``cell``, ``value``, ``rule``, ``level``, ``reason``, ``cited``) or
        ``wrong`` (the first wrong cell of ``filling``: ``cell``, ``value``, ``reason``);
        with ``certify=True`` (a package built with CaDiCaL), ``certificate``: the checked
        certificate's summary."""
    def explain(
        self, cell: tuple[int, int] | int, *, pruning: str = "none", exactly_one: str = "pairwise"
    ) -> dict[str, object]:
        """Why ``cell`` holds its value: ``how``, ``value`` and ``steps`` (``sets``,
        ``clause``, ``family``), the clauses unit propagation used."""
    def to_cnf(self, encoding: str = "auto") -> Cnf:
        """The CNF pathsat's solver receives, for PySAT and other solvers."""
    def decode(self, model: Optional[Sequence[int]], encoding: str = "auto") -> Optional[Solution]:
        """The verified solution a model of ``to_cnf(encoding)`` encodes (None for None)."""
    def to_toml(self) -> str: ...
    def to_json(self) -> str: ...
    def to_dict(self) -> dict[str, object]: ...
    def svg(self) -> str:
        """The blank puzzle as an SVG picture."""
    def _repr_svg_(self) -> str: ...

@final
class Solution:
    """A solution, checked by pathsat's independent verifier."""

    @property
    def grid(self) -> Optional[_Grid]:
        """Values by rows, None for holes and cells off a trail; None for a graph."""
    @property
    def order(self) -> list[Union[_Pos, int]]:
        """The path: ``(row, col)`` of 1, 2, ...; for a graph its vertices (from 1)."""
    @property
    def values(self) -> list[int]:
        """The value of each cell (vertex), in cell order."""
    @property
    def note(self) -> str:
        """How the solution was found and checked; a sample's names its count and seed."""
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Solutions(Iterator[Solution]):
    """The lazy iterator of ``Puzzle.solutions()``; closing it ends the solver's thread."""

    def __iter__(self) -> Solutions: ...
    def __next__(self) -> Solution: ...
    def close(self) -> None: ...
    @property
    def found(self) -> int: ...
    def __enter__(self) -> Solutions: ...
    def __exit__(self, kind: object, value: object, traceback: object) -> None: ...

@final
class CountResult:
    """How many solutions a puzzle has."""

    @property
    def count(self) -> int:
        """Exact, however large; a lower bound when ``complete`` is false."""
    @property
    def complete(self) -> bool: ...
    @property
    def method(self) -> str:
        """``"frontier-dp"``, ``"sat-cubes"`` or ``"enumeration"``."""
    @property
    def why(self) -> str: ...
    @property
    def stopped(self) -> Optional[str]:
        """``"limit"``, ``"timeout"``, ``"memory"``, ``"out-of-reach"`` or None."""
    @property
    def verified(self) -> bool: ...
    @property
    def counts(self) -> str:
        """``"fillings"`` or ``"trails"``."""
    @property
    def expected(self) -> Optional[int]:
        """The file's ``[expect] count``, or None."""
    @property
    def agrees(self) -> Optional[bool]:
        """Whether the count agrees with ``expected``; None when there is none, or when a
        count stopped early at or below it cannot tell."""
    @property
    def seconds(self) -> float: ...
    def json(self) -> str:
        """What ``pathsat count --format json`` prints for the same run."""
    def to_dict(self) -> dict[str, object]: ...
    def __int__(self) -> int: ...

@final
class Cnf:
    """A puzzle's CNF: ``clauses`` and ``nv`` as PySAT names them, and ``var_map``."""

    @property
    def clauses(self) -> list[list[int]]: ...
    @property
    def nv(self) -> int: ...
    @property
    def encoding(self) -> str:
        """``"position"``, ``"successor"`` or a complete ``"successor-*"`` encoding."""
    @property
    def var_map(self) -> dict[tuple[object, ...], int]:
        """``(row, col, value)`` (or ``(vertex, value)``) -> variable in the position
        encoding; ``(from, to)`` -> variable in the successor encoding."""
    @property
    def projection(self) -> Optional[list[int]]: ...
    @property
    def comments(self) -> list[str]: ...
    def to_dimacs(self) -> str: ...
    def __len__(self) -> int: ...

@final
class Generated:
    """A generated puzzle whose solution the solver proved unique."""

    @property
    def puzzle(self) -> Puzzle: ...
    @property
    def solution(self) -> Solution: ...
    @property
    def seed(self) -> int: ...
    @property
    def givens(self) -> int: ...
    @property
    def marked(self) -> int: ...
    @property
    def minimal(self) -> bool: ...
    @property
    def grade(self) -> dict[str, object]: ...
    @property
    def attempts(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def toml(self) -> str: ...
    def json(self) -> str: ...
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...

def generate(
    template: Union[Puzzle, str, os.PathLike[str], None] = None,
    *,
    size: Optional[tuple[int, int]] = None,
    moves: Optional[str] = None,
    closed: bool = False,
    trail: Optional[int] = None,
    distinct: bool = False,
    labels: Optional[int] = None,
    seed: Optional[int] = None,
    givens: Union[str, int, None] = None,
    keep_ends: bool = False,
    uniform: bool = False,
    difficulty: Optional[str] = None,
    mark: Optional[str] = None,
    certify: bool = False,
    timeout: Optional[float] = None,
) -> Generated:
    """A puzzle whose solution the solver proves unique, as ``pathsat generate`` makes it."""

@final
class BatchReport:
    """The report of a batch run: one row per puzzle file, sorted by path."""

    @property
    def rows(self) -> list[dict[str, object]]:
        """The rows of ``pathsat batch --format json`` (counts are exact ints)."""
    @property
    def summary(self) -> dict[str, int]: ...
    @property
    def skipped(self) -> list[str]: ...
    @property
    def failed(self) -> bool:
        """Whether some row fails the batch (mismatch, timeout, out-of-reach or error)."""
    @property
    def seconds(self) -> float: ...
    def json(self) -> str: ...
    def table(self) -> str: ...
    def csv(self) -> str: ...

def batch(
    dir: Union[str, os.PathLike[str]],
    *,
    jobs: Optional[int] = None,
    method: str = "auto",
    limit: Optional[int] = None,
    timeout: Optional[float] = None,
    memory: Optional[int] = None,
    spill: bool = True,
    patience: Optional[float] = None,
    shard: Optional[str] = None,
    output: Union[str, os.PathLike[str], None] = None,
    resume: bool = False,
    format: str = "json",
    encoding: str = "auto",
    solver: str = "auto",
    seed: int = 0,
) -> BatchReport:
    """Every puzzle file under ``dir`` counted and checked against its ``[expect]``, as
    ``pathsat batch DIR`` does: the same rows."""

@final
class Graph:
    """An undirected graph on the vertices 0..n-1: ``n`` and its ``edges``; ``labels`` names
    the vertices (a networkx graph's nodes, kept by ``from_networkx``). Equal graphs have the
    same ``n`` and the same set of edges on 0..n-1, whatever their labels."""

    def __new__(
        cls,
        n: int,
        edges: Iterable[tuple[int, int]],
        labels: Optional[Iterable[Hashable]] = None,
    ) -> Graph: ...
    @staticmethod
    def from_graph6(text: Union[str, bytes]) -> Graph:
        """One graph6 or sparse6 line (a header and the end of line allowed); ``PuzzleError``
        names the column of a mistake."""
    @staticmethod
    def from_networkx(g: Any) -> Graph:
        """A networkx graph (anything with ``nodes`` and ``edges``): vertex ``i`` is the
        ``i``-th node, whose label is kept."""
    @property
    def n(self) -> int: ...
    @property
    def edges(self) -> list[tuple[int, int]]: ...
    @property
    def labels(self) -> list[Any]:
        """The vertices' labels, or ``[0, ..., n-1]``."""
    def to_graph6(self) -> str: ...
    def to_sparse6(self) -> str: ...
    def to_networkx(self) -> Any:
        """A ``networkx.Graph`` whose nodes are the labels."""
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[object, ...]: ...

_GraphLike = Any
"""A ``Graph``, a networkx graph (anything with ``nodes`` and ``edges``), or a graph6 or
sparse6 line (``str`` or ``bytes``)."""

def hamiltonian_cycle(
    g: _GraphLike,
    *,
    certify: Union[str, os.PathLike[str], None] = None,
    timeout: Optional[float] = None,
) -> Optional[list[Any]]:
    """A Hamiltonian cycle of ``g`` (each vertex once, in ``g``'s labels), or None;
    ``TimeoutError`` when undecided within ``timeout``; ``certify=DIR`` (a package built with
    CaDiCaL) keeps the DRAT certificate of a "no"."""

def hamiltonian_path(
    g: _GraphLike,
    *,
    certify: Union[str, os.PathLike[str], None] = None,
    timeout: Optional[float] = None,
) -> Optional[list[Any]]:
    """A Hamiltonian path of ``g`` (in ``g``'s labels), or None."""

def is_hypohamiltonian(g: _GraphLike, *, timeout: Optional[float] = None) -> bool:
    """No Hamiltonian cycle, but one in every vertex-deleted subgraph."""

def count_hamiltonian_cycles(g: _GraphLike, *, timeout: Optional[float] = None) -> int:
    """The exact number of Hamiltonian cycles (each once, whatever its start and direction)."""

@final
class GraphFilter(Iterator[Any]):
    """The lazy iterator ``hamg`` returns: the graphs kept, as they came in, in input order."""

    def __iter__(self) -> GraphFilter: ...
    def __next__(self) -> Any: ...
    def close(self) -> None: ...
    @property
    def read(self) -> int: ...
    @property
    def decided(self) -> int: ...
    @property
    def kept(self) -> int: ...

def hamg(
    graphs: Iterable[_GraphLike],
    *,
    path: bool = False,
    hypo: bool = False,
    invert: bool = False,
    timeout: Optional[float] = None,
    certify: Union[str, os.PathLike[str], None] = None,
) -> GraphFilter:
    """The graphs that have a Hamiltonian cycle (``path``: path; ``hypo``: are
    hypohamiltonian), or lack it with ``invert``: lazily, each as it came in, in input order;
    ``certify=DIR`` keeps the DRAT certificate of every "no" in ``DIR/graph-i``."""
