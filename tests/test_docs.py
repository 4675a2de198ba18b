"""The examples in the documentation pages run and print what the pages say."""

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = sorted(p for p in DOCS.glob("*.rst") if p.name != "scorers_table.rst")


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_examples(page):
    result = doctest.testfile(str(page), module_relative=False, verbose=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} example(s) of {page.name} failed (see stdout)"


def test_readme_python_example_runs():
    # A fresh interpreter: the example registers scorers with scikit-learn, which must not
    # leak into the other tests of this process.
    readme = (DOCS.parent / "README.md").read_text()
    start = readme.index("```python\n") + len("```python\n")
    code = readme[start:readme.index("```", start)]
    code += "\nassert msk.macro_fbeta_score([0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1]) == 0.6\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, cwd=DOCS.parent)
    assert done.returncode == 0, done.stderr
    assert "macro F1, oneDAL" in done.stdout


def test_sklearn_names_table_names_exist():
    """Every metrics_sk name in the table is exported, every scorer name is known."""
    import re

    import sklearn.calibration
    import sklearn.metrics

    import metrics_sk as msk

    page = (DOCS / "sklearn_names.rst").read_text()
    rows = page.split("\n   * -")[2:]  # after the header row
    assert len(rows) > 15
    scorers = set(msk.get_scorer_names()) | set(sklearn.metrics.get_scorer_names())
    for row in rows:
        cells = row.rstrip().split("\n     -")
        assert len(cells) == 4, row
        sk, ours, scorer, _ = cells
        for name in re.findall(r"``(\w+)", sk):
            assert hasattr(sklearn.metrics, name) or name in scorers \
                or hasattr(sklearn.calibration, name) \
                or name == "specificity_score", name  # imbalanced-learn's
        for name in re.findall(r"``(\w+)", ours):
            assert name in msk.__all__ or hasattr(msk.Confusion, name), name
        for name in re.findall(r"``(\w+)``", scorer):
            assert name in scorers, name


def readme_table_misses(readme, names):
    """The names of ``names`` that README's function table does not mention (``micro_/
    macro_x`` stands for ``micro_x`` and ``macro_x``)."""
    table = readme[readme.index("| family | functions |"):]
    table = table[:table.index("\n\n")]
    table += " ".join(re.sub(r"`micro_/macro_(\w+)`", r"`micro_\1` `macro_\1`", table).split())
    return [n for n in names if f"`{n}`" not in table and f"`{n} " not in table
            and f"`{n}(" not in table]


def test_readme_function_table_lists_every_export():
    import metrics_sk

    readme = (DOCS.parent / "README.md").read_text()
    assert readme_table_misses(readme, metrics_sk.__all__) == []


def test_the_readme_table_check_can_fail():
    readme = "| family | functions |\n|---|---|\n| a | `f1_score`, `micro_/macro_recall_score` |\n\n"
    assert readme_table_misses(readme, ["f1_score", "micro_recall_score", "g"]) == ["g"]
