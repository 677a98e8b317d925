"""The Python examples of the user guide (docs/guide/python.md), run by doctest: each ```pycon
block's `>>> ` lines and the output they must print, so that the page cannot drift from the
package. The command-line examples of the guide are run by `cargo test -p pathsat --test docs`."""

import doctest
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
GUIDE = "docs/guide/python.md"


class PyconBlocks(doctest.DocTestParser):
    """The examples of a Markdown page's ```pycon blocks only. Every other line is blanked, so
    that the line numbers of failures are the page's and a closing fence never reads as output."""

    def parse(self, string, name="<string>"):
        lines = []
        fence = None  # the info string of the fenced block we are in, if any
        for line in string.split("\n"):
            stripped = line.strip()
            if stripped.startswith("```"):
                fence = stripped[3:].strip() if fence is None else None
                lines.append("")
            else:
                lines.append(line if fence == "pycon" else "")
        return super().parse("\n".join(lines), name)


def test_the_guide_examples_print_what_the_page_says(monkeypatch):
    # The examples read fixtures/ as the page says, from the repository root.
    monkeypatch.chdir(ROOT)
    failed, attempted = doctest.testfile(
        str(ROOT / GUIDE),
        module_relative=False,
        name=GUIDE,
        parser=PyconBlocks(),
        optionflags=doctest.ELLIPSIS,
        raise_on_error=False,
    )
    assert attempted > 0, f"no examples found in {GUIDE}"
    assert failed == 0, f"{failed} of the {attempted} examples of {GUIDE} failed (above)"
