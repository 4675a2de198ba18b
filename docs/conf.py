"""Sphinx configuration of the metrics_sk documentation.

Build with ``docs/build.sh`` (``sphinx-build -W -b html docs docs/_build/html``).

Two pages are written into ``generated/`` when the build starts:

* the API reference: one autosummary table per family over ``metrics_sk.__all__``
  (grouped by the private module each object comes from), so a new public name shows up
  without editing the docs;
* the examples: every script in ``docs/examples/`` and in the repository's ``examples/``
  is run (matplotlib's Agg backend, in a scratch directory); its page shows the docstring,
  the source, what it printed and the figures it left open.
"""

import contextlib
import io
import os
import runpy
import sys
import tempfile
import warnings
from pathlib import Path

from docutils import nodes, statemachine
from docutils.parsers.rst import Directive

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
GENERATED = DOCS / "generated"
EXAMPLE_DIRS = (DOCS / "examples", ROOT / "examples")

sys.path.insert(0, str(ROOT))
os.environ.setdefault("MPLBACKEND", "Agg")

import metrics_sk  # noqa: E402

project = "metrics_sk"
author = "metrics_sk developers"
copyright = "metrics_sk developers"
release = version = metrics_sk.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
]
autosummary_generate = True
autodoc_typehints = "none"
numpydoc_show_class_members = False  # the class template documents the members
numpydoc_show_inherited_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
templates_path = ["_templates"]
exclude_patterns = ["_build", "_templates", "scorers_table.rst", "examples"]
html_theme = "pydata_sphinx_theme"
html_title = "metrics_sk"
html_theme_options = {"navigation_with_keys": False, "show_toc_level": 2}
html_show_sourcelink = False
default_role = "literal"


# -- API reference ---------------------------------------------------------------------------
API_SECTIONS = (
    ("Confusion matrix, report and heatmap",
     ("metrics_sk._confusion", "metrics_sk._report", "metrics_sk._plot")),
    ("oneDAL quality metrics", ("metrics_sk._onedal", "metrics_sk._counts")),
    ("scikit-learn drop-ins", ("metrics_sk._dropins",)),
    ("Score metrics (log loss, hinge, AUC)", ("metrics_sk._scores",)),
    ("Scorers", ("metrics_sk._scorers",)),
    ("Beyond one array: streaming, Dask, bootstrap",
     ("metrics_sk._streaming", "metrics_sk._dask", "metrics_sk._bootstrap")),
    ("How sure, and is A better than B? Analytic intervals and paired comparison",
     ("metrics_sk._intervals", "metrics_sk._compare")),
)


def _api_page():
    """``generated/api.rst``: autosummary tables over ``metrics_sk.__all__``."""
    groups = {title: [] for title, _ in API_SECTIONS}
    groups["Other"] = []
    for name in metrics_sk.__all__:
        module = getattr(getattr(metrics_sk, name), "__module__", "")
        title = next((t for t, modules in API_SECTIONS if module in modules), "Other")
        groups[title].append(name)
    if hasattr(metrics_sk, "catboost"):
        groups["CatBoost compatibility (metrics_sk.catboost)"] = [
            f"catboost.{n}" for n in getattr(metrics_sk.catboost, "__all__", ())]
    lines = ["API reference", "=============", "",
             "Every public name of ``metrics_sk``, with the docstring it carries.", "",
             ".. currentmodule:: metrics_sk", ""]
    for title, names in groups.items():
        if names:
            lines += [title, "-" * len(title), "", ".. autosummary::", "   :toctree: api",
                      "   :nosignatures:", ""] + [f"   {n}" for n in names] + [""]
    return "\n".join(lines)


# -- examples ----------------------------------------------------------------------------------
def _split_docstring(source):
    """``(title, body, code)`` of an example script (title: the docstring's first line)."""
    import ast

    tree = ast.parse(source)
    doc = ast.get_docstring(tree) or ""
    first, _, body = doc.partition("\n")
    code = source
    if tree.body and isinstance(tree.body[0], ast.Expr) and doc:
        code = "\n".join(source.splitlines()[tree.body[0].end_lineno:]).strip("\n")
    return first.strip(), body.strip(), code


def _run_example(script):
    """Run ``script`` as ``__main__``; return its stdout and the figures it left open."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.close("all")
    out = io.StringIO()
    old_argv, old_cwd = sys.argv, os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        try:
            sys.argv = [str(script)]
            os.chdir(scratch)
            with contextlib.redirect_stdout(out), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                runpy.run_path(str(script), run_name="__main__")
        finally:
            sys.argv = old_argv
            os.chdir(old_cwd)
    figures = [plt.figure(n) for n in plt.get_fignums()]
    return out.getvalue(), figures


def _indent(text):
    return "\n".join(("   " + line) if line.strip() else "" for line in text.splitlines())


def _example_pages():
    """Run every example and write its page and figures under ``generated/examples``."""
    import matplotlib.pyplot as plt

    target = GENERATED / "examples"
    target.mkdir(parents=True, exist_ok=True)
    scripts = sorted((p for d in EXAMPLE_DIRS if d.is_dir() for p in d.glob("*.py")),
                     key=lambda p: p.name)
    names = []
    for script in scripts:
        source = script.read_text()
        title, body, code = _split_docstring(source)
        title = title or script.stem.replace("_", " ").capitalize()
        printed, figures = _run_example(script)
        stem = script.stem
        page = [title, "=" * len(title), "", body, "",
                f"Source: ``{script.relative_to(ROOT)}``", "",
                ".. code-block:: python", "", _indent(code), ""]
        if printed.strip():
            page += ["Output", "------", "", ".. code-block:: text", "",
                     _indent(printed.rstrip()), ""]
        for i, figure in enumerate(figures, 1):
            figure.savefig(target / f"{stem}_{i}.png", dpi=90)
            page += [f".. image:: {stem}_{i}.png", f"   :alt: figure {i} of {stem}", ""]
        plt.close("all")
        (target / f"{stem}.rst").write_text("\n".join(page))
        names.append(stem)
    index = ["Examples", "========", "",
             "Each example is run when the documentation is built; its output and figures "
             "are shown below its source.", "", ".. toctree::", "   :maxdepth: 1", ""]
    (target / "index.rst").write_text("\n".join(index + [f"   {n}" for n in names]) + "\n")


# -- the scorer table, when its generator has written it -----------------------------------------
class IncludeIfExists(Directive):
    """``.. include-if-exists:: FILE``: include FILE (relative to ``docs/``) if it exists,
    else the reST that ``fallback()`` returns, else a note."""

    required_arguments = 1

    def run(self):
        path = DOCS / self.arguments[0]
        if path.exists():
            self.state.document.settings.record_dependencies.add(str(path))
            text = path.read_text()
        else:
            try:
                from metrics_sk._scorers import scorers_table_rst
            except ImportError:
                return [nodes.paragraph(text=f"({self.arguments[0]} has not been generated.)")]
            text = scorers_table_rst()
        self.state_machine.insert_input(statemachine.string2lines(text, convert_whitespace=True),
                                        str(path))
        return []


def setup(app):
    GENERATED.mkdir(exist_ok=True)
    (GENERATED / "api.rst").write_text(_api_page())
    _example_pages()
    app.add_directive("include-if-exists", IncludeIfExists)
    return {"parallel_read_safe": True}
