"""Sphinx configuration of the metrics_sk documentation.

Build with ``docs/build.sh`` (``sphinx-build -W -b html docs docs/_build/html``).

Two pages are written into ``generated/`` when the build starts:

* the API reference: one autosummary table per family over ``metrics_sk.__all__``
  (grouped by the private module each object comes from), so a new public name shows up
  without editing the docs; names re-exported from scikit-learn are listed, not documented;
* the methods of ``Confusion`` by role (construction, accumulation, metrics, plotting);
* the layering figure and table of the developer guide (``docs/layers.py``, from the
  list in ``tests/test_layers.py``).

The examples are sphinx-gallery galleries of ``docs/examples/`` and ``examples/``.
"""

import os
import sys
from pathlib import Path

from docutils import nodes, statemachine
from docutils.parsers.rst import Directive

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
GENERATED = DOCS / "generated"

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
    "sphinx.ext.viewcode",  # [source] links
    "sphinx.ext.intersphinx",  # links to scikit-learn, numpy, scipy, pandas (see below)
    "numpydoc",
    "sphinx_gallery.gen_gallery",
]
autosummary_generate = True
autodoc_typehints = "none"
numpydoc_show_class_members = False  # the class template documents the members
numpydoc_show_inherited_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
templates_path = ["_templates"]
exclude_patterns = ["_build", "_templates", "scorers_table.rst", "examples",
                    "generated/confusion_methods.rst", "generated/layers.rst"]
html_theme = "pydata_sphinx_theme"
html_title = "metrics_sk"
html_theme_options = {"navigation_with_keys": False, "show_toc_level": 2}
html_show_sourcelink = False
html_static_path = ["_static"]
html_css_files = ["wrap.css"]  # long titles and code lines wrap instead of being cut
default_role = "literal"


# -- intersphinx, offline ----------------------------------------------------------------------
# The build must pass with no network (CI reaches package registries only), so the
# inventories are not downloaded: each one is written here from the *installed* package,
# listing its public functions and classes at the URL pattern of that project's API pages
# (all four use autosummary's one-page-per-object layout). Links go to the projects'
# current ("stable") documentation. Methods and attributes of external classes, and
# names outside the modules listed, are not in these inventories (they stay plain text).
INVENTORIES = {
    "sklearn": ("https://scikit-learn.org/stable/", "modules/generated/{}.html#{}",
                ("sklearn.metrics", "sklearn.model_selection", "sklearn.base",
                 "sklearn.linear_model", "sklearn.datasets", "sklearn.pipeline")),
    "numpy": ("https://numpy.org/doc/stable/", "reference/generated/{}.html#{}", ("numpy",)),
    "scipy": ("https://docs.scipy.org/doc/scipy/", "reference/generated/{}.html#{}",
              ("scipy.sparse", "scipy.stats")),
    "pandas": ("https://pandas.pydata.org/docs/", "reference/api/{}.html#{}", ("pandas",)),
}


def _write_inventory(project, pattern, modules):
    """A Sphinx objects.inv (version 2) of the public functions and classes of ``modules``."""
    import importlib
    import inspect
    import zlib

    lines = []
    for module_name in modules:
        module = importlib.import_module(module_name)
        names = getattr(module, "__all__", None) or [n for n in dir(module)
                                                    if not n.startswith("_")]
        for name in sorted(set(names)):
            try:
                obj = getattr(module, name, None)
            except ImportError:  # an experimental name that needs an explicit enable
                continue
            if inspect.isclass(obj):
                role = "class"
            elif callable(obj) and not inspect.ismodule(obj):
                role = "function"
            else:
                continue
            full = f"{module_name}.{name}"
            lines.append(f"{full} py:{role} 1 {pattern.format(full, full)} -")
    version = getattr(importlib.import_module(project), "__version__", "")
    header = (f"# Sphinx inventory version 2\n# Project: {project}\n# Version: {version}\n"
              "# The remainder of this file is compressed using zlib.\n")
    path = GENERATED / "inventories" / f"{project}.inv"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header.encode() + zlib.compress("\n".join(lines).encode() + b"\n"))
    return str(path)


intersphinx_mapping = {project: (url, _write_inventory(project, pattern, modules))
                       for project, (url, pattern, modules) in INVENTORIES.items()}


# -- API reference ---------------------------------------------------------------------------
API_SECTIONS = (
    ("Confusion matrix, report and heatmap",
     ("metrics_sk._confusion", "metrics_sk._display.report", "metrics_sk._display.plot")),
    ("oneDAL quality metrics", ("metrics_sk._onedal", "metrics_sk._formulas")),
    ("scikit-learn drop-ins", ("metrics_sk._dropins",)),
    ("Score metrics (log loss, hinge, AUC)", ("metrics_sk._scores",)),
    ("Calibration", ("metrics_sk._calibration",)),
    ("Scorers", ("metrics_sk._scorers",)),
    ("Beyond one array: streaming, Dask, bootstrap",
     ("metrics_sk._streaming", "metrics_sk._dask", "metrics_sk._inference.bootstrap")),
    ("How sure, and is A better than B? Analytic intervals and paired comparison",
     ("metrics_sk._inference.intervals", "metrics_sk._inference.compare",
      "metrics_sk._inference.groups")),
    ("Are the probabilities right? The CORP decomposition and reliability diagram",
     ("metrics_sk._decomposition", "metrics_sk._display.reliability")),
    ("ROC, precision-recall and DET curves", ("metrics_sk._display.curves",)),
)


def _api_page():
    """``generated/api.rst``: autosummary tables over ``metrics_sk.__all__``."""
    groups = {title: [] for title, _ in API_SECTIONS}
    groups["Other"] = []
    borrowed = [n for n in metrics_sk.__all__
                if getattr(getattr(metrics_sk, n), "__module__", "").startswith("sklearn.")]
    for name in metrics_sk.__all__:
        if name in borrowed:
            continue
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
    if borrowed:
        title = "Re-exported from scikit-learn"
        lines += [title, "-" * len(title), "",
                  "scikit-learn's own objects, unchanged, importable from ``metrics_sk``: "
                  + ", ".join(f"``{n}`` (``sklearn.metrics.{n}``)" for n in borrowed) + ".",
                  ""]
    return "\n".join(lines)


# -- the Confusion page: its methods grouped by role ---------------------------------------------
#: Roles of the Confusion methods that are not metrics; every other public method is a metric.
CONFUSION_ROLES = (
    ("Construction", ("from_predictions", "from_matrix", "copy")),
    ("Accumulation (streaming, partitions, resamples)", ("update", "__add__")),
    ("Dense view", ("to_dense",)),
    ("Plotting", ("plot",)),
)


def _confusion_methods():
    """``generated/confusion_methods.rst``: the methods of Confusion, one table per role."""
    named = {m for _, methods in CONFUSION_ROLES for m in methods}
    metrics = sorted(name for name, value in vars(metrics_sk.Confusion).items()
                     if callable(value) and not name.startswith("_") and name not in named)
    lines = [".. currentmodule:: metrics_sk", "", ".. rubric:: Methods by role", ""]
    for title, methods in CONFUSION_ROLES + (("Metrics (one per count-based function, same "
                                              "keywords)", metrics),):
        lines += [f"**{title}**", "", ".. autosummary::", "   :nosignatures:", ""]
        lines += [f"   Confusion.{m}" for m in methods] + [""]
    return "\n".join(lines)


# -- examples: sphinx-gallery -------------------------------------------------------------------
# docs/examples/ (plot_*.py) and the repository's examples/ are run when the docs are built;
# each page has the code, its output, its figures (and their thumbnails), and .py / .ipynb
# downloads. A cell that ends with a QualityReport shows its HTML table.
sphinx_gallery_conf = {
    "examples_dirs": ["examples", "../examples"],
    "gallery_dirs": ["generated/gallery", "generated/scripts"],
    "filename_pattern": r"\.py$",  # run every script, not only plot_*.py
    "capture_repr": ("_repr_html_", "__repr__"),
    "within_subsection_order": "FileNameSortKey",
    "remove_config_comments": True,
    "download_all_examples": False,
    "min_reported_time": 10,
    "show_signature": False,
    "write_computation_times": False,
}


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


def _layers():
    """``docs/layers.py``, the drawing of the layers (imported by path: ``docs/`` is not a
    package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("metrics_sk_docs_layers", DOCS / "layers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def setup(app):
    GENERATED.mkdir(exist_ok=True)
    (GENERATED / "api.rst").write_text(_api_page())
    (GENERATED / "confusion_methods.rst").write_text(_confusion_methods())
    _layers().write(GENERATED)
    app.add_directive("include-if-exists", IncludeIfExists)
    return {"parallel_read_safe": True}
