#!/usr/bin/env python3
"""The house rules a compiler does not check: no source file or function too long, no module
circle.

Run from the repository root (`just layout`; `.ci/run` runs it too):

    python3 tests/layout.py            # exit 1 and one line a finding, if any
    python3 tests/layout.py --graph    # also print every crate's module edges

1. No non-test Rust source file longer than 700 lines, counted up to its first `#[cfg(test)]`
   (the unit tests at the end of a file are not what a reader has to hold in their head).
   Test-only files (under a `tests/` folder, `proptest-regressions/`) are left out.
2. No function longer than 100 lines outside the tests, from its `fn` line to its closing
   brace (its doc comment aside), in the crates' sources, examples and benchmarks. The code is
   as rustfmt lays it out, so a function's body ends at the first line that closes a brace at
   the indentation of its `fn`.
3. No circle among the modules of a crate: module A depends on module B when A's code names
   B's items (`use crate::b::X`, `super::b::f()`, `crate::X` where the crate root re-exports X
   from B). A `mod b;` declaration is not a dependency, and a facade (the crate root or a
   `mod.rs`) re-exporting an item is seen through: `crate::X` is a dependency on the module
   that defines X. A module naming the items of its own ancestors (its parent, the crate root)
   is the usual shape of a module tree and is left out; any other pair of modules naming each
   other, directly or round a longer loop, is a circle.

Standard library only, so that it runs anywhere Python does.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

LIMIT = 700
FUNCTION_LIMIT = 100
ROOT = Path(__file__).resolve().parent.parent
# Every tree of Rust sources in the repository, with the crate roots under it.
SOURCE_TREES = ["crates", "cli", "python", "fuzz"]
SKIPPED_PARTS = {"target", "tests", "proptest-regressions", "vendor"}


def strip_comments(text: str) -> str:
    """The code without `//` comments and `/* */` blocks, string literals kept as they are
    (a `//` inside a string is rare in this code base and harmless: it only hides a path)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def before_tests(text: str) -> str:
    """The part of a file before its first `#[cfg(test)]`."""
    index = text.find("#[cfg(test)]")
    return text if index < 0 else text[:index]


FN_LINE = re.compile(
    r"^(?P<indent>\s*)(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?"
    r"(?:extern\s+\"[^\"]*\"\s+)?fn\s+(?P<name>\w+)"
)


def long_functions(text: str) -> list[tuple[str, int, int]]:
    """The functions of `text` (up to its tests) longer than FUNCTION_LIMIT lines, as (name,
    first line, length). A declaration without a body (in a trait) is not a function here."""
    lines = before_tests(text).split("\n")
    found = []
    for start, line in enumerate(lines):
        match = FN_LINE.match(line)
        if not match:
            continue
        body = start
        while body < len(lines) and "{" not in lines[body] and not lines[body].rstrip().endswith(";"):
            body += 1
        if body == len(lines) or lines[body].rstrip().endswith(";"):
            continue
        if lines[body].rstrip().endswith("}"):
            continue  # a body on one line
        close = re.compile("^" + match.group("indent") + r"\}")
        end = body + 1
        while end < len(lines) and not close.match(lines[end]):
            end += 1
        length = end - start + 1
        if length > FUNCTION_LIMIT:
            found.append((match.group("name"), start + 1, length))
    return found


def other_sources() -> list[Path]:
    """The crates' examples and benchmarks: not compiled into a crate, held to the same rule."""
    files = []
    for tree in SOURCE_TREES:
        for folder in ("examples", "benches"):
            for path in sorted((ROOT / tree).rglob(f"{folder}/*.rs")):
                if not SKIPPED_PARTS & set(path.relative_to(ROOT).parts):
                    files.append(path)
    return files


def crate_roots() -> list[Path]:
    roots = []
    for tree in SOURCE_TREES:
        for manifest in sorted((ROOT / tree).rglob("Cargo.toml")):
            if SKIPPED_PARTS & set(manifest.relative_to(ROOT).parts[:-1]):
                continue
            src = manifest.parent / "src"
            if src.is_dir():
                roots.append(src)
    return roots


def rust_files(src: Path) -> list[Path]:
    return sorted(
        p for p in src.rglob("*.rs") if not SKIPPED_PARTS & set(p.relative_to(src).parts)
    )


def module_of(src: Path, path: Path) -> tuple[str, ...]:
    """The module path of a file: `src/a/b.rs` and `src/a/b/mod.rs` are `("a", "b")`; the
    crate roots and binaries (`lib.rs`, `main.rs`, `bin/x.rs`) are their own roots."""
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "mod":
        parts.pop()
    if parts in (["lib"], ["main"]):
        return ()
    return tuple(parts)


def expand_use_tree(tree: str) -> list[str]:
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"] (aliases dropped)."""
    tree = re.sub(r"\s+", "", tree)
    brace = tree.find("{")
    if brace < 0:
        return [tree.split("as")[0] if "as" not in tree else re.sub(r"as\w+$", "", tree)]
    prefix, inner = tree[:brace], tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    parts.append(inner[start:])
    paths = []
    for part in parts:
        if part:
            paths.extend(prefix + sub for sub in expand_use_tree(part))
    return paths


USE = re.compile(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);")
INLINE = re.compile(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)")
DEFINED = re.compile(
    r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+|const\s+|unsafe\s+)*"
    r"(?:fn|struct|enum|trait|type|const|static|macro_rules!)\s*(\w+)",
    re.M,
)


class Crate:
    def __init__(self, src: Path):
        self.src = src
        self.files = {module_of(src, p): p for p in rust_files(src)}
        self.code = {m: strip_comments(before_tests(p.read_text())) for m, p in self.files.items()}
        # Each module's `pub use` re-exports: name -> the absolute path it stands for.
        self.reexports: dict[tuple[str, ...], dict[str, list[str]]] = {}
        self.uses: dict[tuple[str, ...], list[str]] = {}
        for module, code in self.code.items():
            exports, uses = {}, []
            for match in USE.finditer(code):
                for path in expand_use_tree(match.group(2)):
                    absolute = self.absolute(module, path.split("::"))
                    if absolute is None:
                        continue
                    uses.append(absolute)
                    if match.group(1):
                        name = path.split("::")[-1]
                        if name != "*":
                            exports[name] = absolute
            for match in INLINE.finditer(USE.sub(" ", code)):
                absolute = self.absolute(module, match.group(1).split("::"))
                if absolute is not None:
                    uses.append(absolute)
            self.reexports[module] = exports
            self.uses[module] = uses

    def absolute(self, module: tuple[str, ...], path: list[str]) -> list[str] | None:
        """A `crate::`/`super::`/`self::` path from `module` as a list of names from the crate
        root; None for paths into other crates."""
        head, rest = path[0], path[1:]
        if head == "crate":
            base: list[str] = []
        elif head == "self":
            base = list(module)
        elif head == "super":
            base = list(module[:-1])
            while rest and rest[0] == "super":
                base, rest = base[:-1], rest[1:]
        else:
            # A `use` of a child module by name (`use journal::Header;` in a mod.rs), or of
            # another crate.
            if tuple(module) + (head,) in self.files:
                base, rest = list(module), path
            else:
                return None
        return base + [segment for segment in rest if segment != "self"]

    def resolve(self, path: list[str], depth: int = 0) -> tuple[str, ...]:
        """The module file a path names: the deepest module along it, seen through re-exports."""
        module: tuple[str, ...] = ()
        for i, segment in enumerate(path):
            child = module + (segment,)
            if child in self.files:
                module = child
                continue
            exported = self.reexports.get(module, {}).get(segment)
            if exported is not None and depth < 16 and exported != path[: i + 1]:
                return self.resolve(exported + path[i + 1 :], depth + 1)
            break
        return module

    def edges(self) -> dict[tuple[str, ...], set[tuple[str, ...]]]:
        graph: dict[tuple[str, ...], set[tuple[str, ...]]] = {m: set() for m in self.files}
        for module, uses in self.uses.items():
            for path in uses:
                target = self.resolve(path)
                # A module naming the items of its own parent (or the crate root) is the
                # usual shape of a Rust module tree, not a circle: the parent is its context.
                if target in self.files and target != module[: len(target)]:
                    graph[module].add(target)
        return graph


def circles(graph: dict) -> list[list]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def name(crate: Crate, module: tuple[str, ...]) -> str:
    return str(crate.files[module].relative_to(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--graph", action="store_true", help="print each crate's module edges")
    args = parser.parse_args()
    problems = []
    for src in crate_roots():
        crate = Crate(src)
        for module, path in crate.files.items():
            text = path.read_text()
            lines = before_tests(text).count("\n")
            if lines > LIMIT:
                problems.append(f"{path.relative_to(ROOT)}: {lines} lines before its tests (at most {LIMIT})")
            problems.extend(function_findings(path, text))
        graph = crate.edges()
        if args.graph:
            for module in sorted(graph):
                targets = ", ".join(name(crate, t) for t in sorted(graph[module]))
                print(f"{name(crate, module)} -> {targets}")
        for component in circles(graph):
            members = ", ".join(name(crate, m) for m in component)
            problems.append(f"{src.parent.relative_to(ROOT)}: a module circle: {members}")
    for path in other_sources():
        problems.extend(function_findings(path, path.read_text()))
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} finding(s)", file=sys.stderr)
        return 1
    print(
        f"layout: no file over {LIMIT} lines, no function over {FUNCTION_LIMIT}, no module circle"
    )
    return 0


def function_findings(path: Path, text: str) -> list[str]:
    """A finding for each function of the file at `path` longer than FUNCTION_LIMIT lines."""
    return [
        f"{path.relative_to(ROOT)}:{line}: fn {name} is {length} lines (at most {FUNCTION_LIMIT})"
        for name, line, length in long_functions(text)
    ]


if __name__ == "__main__":
    sys.exit(main())
