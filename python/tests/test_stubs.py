"""The type stubs say what the extension really has: mypy's stubtest compares them."""

import subprocess
import sys


def test_the_stubs_match_the_extension():
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "--ignore-disjoint-bases", "pathsat._pathsat"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
