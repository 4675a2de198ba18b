"""The package's modules import only downward: no cycles, no upward edges.

``LAYERS`` is the architecture of docs/design.rst as data, lowest first: validation and
parameters; Dask plumbing; formulas and kernels; the builder; the public functions;
streaming and CatBoost; bootstrap, comparison and slices; report, plot, scorers, CLI.
A module may import modules of its own or a lower layer, never a higher one. Imports
inside functions count as well: deferring an import hides a cycle, it does not remove
it. The one allowed upward edge is ``Confusion.plot`` importing the plotting module.
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "metrics_sk"

LAYERS = [
    ["_sklearn_compat"],
    ["_facts", "_validation", "_params", "_sklearn_registry"],
    ["_dask"],
    ["_counts", "_auc"],
    ["_confusion"],
    ["_api", "_losses"],
    ["_streaming"],
    ["_dropins", "_onedal", "_scores"],
    ["_curves"],
    ["catboost"],
    ["_registry"],
    ["_bootstrap", "_intervals", "_compare", "_groups"],
    ["_report", "_plot", "_scorers"],
    ["_cli"],
    ["__init__"],
    ["__main__"],
]
ALLOWED_UPWARD = {("_confusion", "_plot")}


def _layer(module):
    for level, modules in enumerate(LAYERS):
        if module in modules:
            return level
    raise AssertionError(f"metrics_sk.{module} is in no layer of tests/test_layers.py")


def imports_of(path):
    """The metrics_sk modules ``path`` imports (anywhere in the file)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:  # from . import _x, _y
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("metrics_sk"):
            parts = node.module.split(".")
            found.update([parts[1]] if len(parts) > 1 else [a.name for a in node.names])
    return found - {"__version__"}


def graph():
    return {path.stem: imports_of(path) for path in sorted(PACKAGE.glob("*.py"))}


def upward_edges(edges, layer=_layer):
    return sorted((a, b) for a, targets in edges.items() for b in targets
                  if layer(b) > layer(a) and (a, b) not in ALLOWED_UPWARD)


def test_every_module_has_a_layer():
    for module in graph():
        _layer(module)


def test_no_upward_import():
    assert upward_edges(graph()) == []


def test_no_cycle():
    edges = {a: {b for b in targets if (a, b) not in ALLOWED_UPWARD}
             for a, targets in graph().items()}
    state = {}

    def visit(node, path):
        state[node] = "open"
        for nxt in edges.get(node, ()):
            if state.get(nxt) == "open":
                pytest.fail("import cycle: " + " -> ".join(path + [node, nxt]))
            if nxt not in state:
                visit(nxt, path + [node])
        state[node] = "done"

    for node in edges:
        if node not in state:
            visit(node, [])


def test_the_check_can_fail():
    """An upward edge and a module outside the layers are caught."""
    assert upward_edges({"_counts": {"_report"}}) == [("_counts", "_report")]
    with pytest.raises(AssertionError, match="no layer"):
        _layer("_not_a_module")


#: The modules that may sort or search label values: the one label encoder (with the
#: builder), and the modules that sort *scores* or rankings, not labels.
ENCODERS = {
    "_confusion": "the label encoder (encode, compact) and the builder",
    "_auc": "ranking kernels: searchsorted over sorted scores",
    "_plot": "the first place of each class in a ranking of cells",
    "_cli": "the digits demo: the classes of predict_proba's columns (not label encoding "
            "of user data)",
}


def encoding_calls(path):
    """Lines of ``path`` that call ``unique`` or ``searchsorted`` (numpy's or a method)."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("unique", "searchsorted", "union1d"):
                lines.append(node.lineno)
    return lines


def test_one_label_encoder():
    """No module encodes labels on its own: they all go through ``_confusion.encode`` (or
    its key compactor ``compact``)."""
    found = {path.stem: encoding_calls(path) for path in sorted(PACKAGE.glob("*.py"))}
    assert {m: lines for m, lines in found.items() if lines and m not in ENCODERS} == {}


def test_the_encoder_check_can_fail(tmp_path):
    path = tmp_path / "_x.py"
    path.write_text("import numpy as np\nnp.unique([1])\n")
    assert encoding_calls(path) == [2]
