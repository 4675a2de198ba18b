"""The scripts in ``examples/`` run, each in a fresh interpreter, and say what they should."""

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# script -> lines its output must contain
EXPECTED = {
    "grid_search_macro_fscore.py": ["best C:", "cross-validated macro_fscore:",
                                    "held-out macro_fscore:"],
    "cross_validate_report.py": ["metrics_sk scorer", "macro_fscore", "f1_macro",
                                 "specificity_macro", "neg_error_rate"],
}


@pytest.mark.parametrize("script", sorted(EXPECTED))
def test_example_runs(script):
    done = subprocess.run([sys.executable, str(EXAMPLES / script)], cwd=EXAMPLES.parent,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    for expected in EXPECTED[script]:
        assert expected in done.stdout, done.stdout
    assert "Warning" not in done.stderr, done.stderr
