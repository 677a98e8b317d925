#!/usr/bin/env python3
"""Execute knights_tour.ipynb headless with nbclient and print its timing table.

The executed copy goes to OUT (default: a new temporary directory); the committed notebook, which
is kept without outputs, is never overwritten.

    python python/examples/run_notebook.py                      # everything, pathsat included
    python python/examples/run_notebook.py --skip-pathsat       # the baselines only
    python python/examples/run_notebook.py -o /tmp/kt.ipynb --budget 120 --sizes 6,8,10

--budget, --sizes and --ip set the notebook's KT_BUDGET, KT_SIZES and KT_IP for this run.
"""
import argparse
import os
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

HERE = Path(__file__).resolve().parent
NOTEBOOK = HERE / "knights_tour.ipynb"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", help="where to write the executed notebook "
                        "(default: knights_tour.executed.ipynb in a new temporary directory)")
    parser.add_argument("-o", "--output", dest="out_opt", help="same as OUT")
    parser.add_argument("--notebook", default=str(NOTEBOOK), help="notebook to run (default: %(default)s)")
    parser.add_argument("--timeout", type=int, default=900, help="seconds per cell (default: %(default)s)")
    parser.add_argument("--skip-pathsat", action="store_true",
                        help="drop the cells tagged 'pathsat' (for running before pathsat is installed)")
    parser.add_argument("--budget", help="KT_BUDGET: seconds per method and board in the timing table")
    parser.add_argument("--sizes", help="KT_SIZES: board sizes for the timing table, e.g. 6,8,10")
    parser.add_argument("--ip", choices=["xpress", "pulp"], help="KT_IP: integer programming back end")
    args = parser.parse_args()

    source = Path(args.notebook).resolve()
    out = args.out_opt or args.out
    out = Path(out) if out else Path(tempfile.mkdtemp(prefix="knights_tour-")) / "knights_tour.executed.ipynb"
    if out.exists() and out.resolve() == source:
        parser.error(f"refusing to overwrite the notebook itself: {out}")

    for option, variable in ((args.budget, "KT_BUDGET"), (args.sizes, "KT_SIZES"), (args.ip, "KT_IP")):
        if option is not None:
            os.environ[variable] = option  # the kernel inherits this environment

    nb = nbformat.read(source, as_version=4)
    if args.skip_pathsat:
        nb.cells = [c for c in nb.cells if "pathsat" not in c.metadata.get("tags", [])]

    client = NotebookClient(nb, timeout=args.timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(source.parent)}})
    failed = None
    try:
        client.execute()
    except CellExecutionError as error:
        failed = error
    out.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, out)
    print(f"executed notebook written to {out}", file=sys.stderr)

    if failed is not None:
        print(f"a cell failed:\n{failed}", file=sys.stderr)
        return 1
    for cell in nb.cells:
        if "timing-table" in cell.metadata.get("tags", []):
            for output in cell.get("outputs", []):
                if output.get("output_type") == "stream" and output.get("name") == "stdout":
                    print(output.get("text", ""), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
