"""The package's modules import only downward: no cycles, no upward edges, and no private
name across subpackage lines.

``LAYERS`` is the architecture of docs/design.rst as data, lowest first: validation and
parameters; the label encoder and Dask plumbing; cell counting; the formulas (a
subpackage, shared helpers first) and kernels; batches; the confusion; groups; the public
functions;
streaming and CatBoost; the inference subpackage (its resampling core, then bootstrap,
analytic intervals, comparison and groups); the display subpackage (report tables, their
formats, the report, plot, scorers, the command's file reading and commands). A module
is named by its path in the package without ``.py``: ``_auc``, ``_inference/bootstrap``.
A module may import modules of its own or a lower layer, never a higher one. Imports
inside functions count as well: deferring an import hides a cycle, it does not remove
it. The allowed upward edges are listed in ``ALLOWED_UPWARD``.

A subpackage (``_inference``, ``_display``) uses only public (non-underscore) names of
the modules outside it, and the modules outside it only its public names;
``PRIVATE_ACROSS`` lists the exceptions (none).
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "metrics_sk"

LAYERS = [
    ["_sklearn_compat"],
    ["_facts", "_validation", "_params", "_sklearn_registry"],
    ["_encoding", "_dask"],
    ["_counting"],
    ["_formulas/shared", "_auc"],
    ["_formulas/prf", "_formulas/matrix", "_formulas/onevsrest", "_formulas/onedal"],
    ["_formulas/blocks"],
    ["_formulas/__init__"],
    ["_batch"],
    ["_confusion"],
    ["_grouped"],
    ["_api", "_losses"],
    ["_streaming"],
    ["_dropins", "_onedal", "_scores"],
    ["_curves"],
    ["_thresholds"],
    ["catboost"],
    ["_registry"],
    ["_inference/__init__", "_display/__init__", "_inference/resampling"],
    ["_inference/bootstrap"],
    ["_inference/intervals"],
    ["_inference/compare", "_inference/groups"],
    ["_display/report_layout", "_display/plot", "_display/files", "_scorers"],
    ["_display/report_intervals", "_display/report_table"],
    ["_display/report_format"],
    ["_display/report"],
    ["_display/cli"],
    ["__init__"],
    ["__main__"],
]
#: ``Confusion.plot`` imports the plotting module (matplotlib); ``Confusion.from_predictions``
#: with ``groups=`` returns the grouped confusion, whose module builds on ``_confusion``;
#: ``Confusion.at_thresholds`` returns the threshold batch of ``_thresholds`` (it checks
#: scores as the ranking drop-ins of ``_curves`` do).
ALLOWED_UPWARD = {("_confusion", "_display/plot"), ("_confusion", "_grouped"),
                  ("_confusion", "_thresholds")}

#: Private names imported across subpackage lines, as ``(importer, module, name)``.
PRIVATE_ACROSS = set()


def _layer(module):
    for level, modules in enumerate(LAYERS):
        if module in modules:
            return level
    raise AssertionError(f"metrics_sk.{module} is in no layer of tests/test_layers.py")


def module_names(package=PACKAGE):
    """``{name: path}`` of the package's modules, ``pkg/mod`` in a subpackage."""
    return {path.relative_to(package).with_suffix("").as_posix(): path
            for path in sorted(package.rglob("*.py"))}


def _resolve(importer, level, module, package=PACKAGE):
    """The module name (``pkg/mod``) that ``from <level dots><module> import`` reaches from
    the module ``importer``; None outside the package."""
    parts = importer.split("/")[:-1]  # the importer's package, as a path
    if level == 0:
        dotted = (module or "").split(".")
        if dotted[0] != "metrics_sk":
            return None
        return "/".join(dotted[1:]) or "__init__"
    base = parts[:len(parts) - (level - 1)] if level > 1 else parts
    target = base + (module.split(".") if module else [])
    return "/".join(target) if target else "__init__"


def _is_module(name, package=PACKAGE):
    return (package / f"{name}.py").exists() or (package / name / "__init__.py").exists()


def _node(name, package=PACKAGE):
    """The module that ``name`` is: a subpackage is its ``__init__``."""
    return name if (package / f"{name}.py").exists() else f"{name}/__init__"


def import_edges(importer, path, package=PACKAGE):
    """``[(module, imported name or None)]`` of the package's modules ``path`` imports
    (anywhere in the file); a module imported by name (``from . import _auc``) is an edge
    to it, with no name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.ImportFrom):
            continue
        target = _resolve(importer, node.level, node.module)
        if target is None:
            continue
        for alias in node.names:
            sub = target + "/" + alias.name if target != "__init__" else alias.name
            if _is_module(sub, package):
                found.append((_node(sub, package), None))
            else:
                found.append((_node(target, package) if _is_module(target, package) else
                              target + "/__init__", alias.name))
    return [(m, n) for m, n in found if n != "__version__"]


def imports_of(path, importer=None):
    """The metrics_sk modules ``path`` imports (anywhere in the file)."""
    if importer is None:
        importer = path.relative_to(PACKAGE).with_suffix("").as_posix()
    return {module for module, _ in import_edges(importer, path)}


def graph():
    return {name: imports_of(path, name) for name, path in module_names().items()}


def _subpackage(module):
    return module.rsplit("/", 1)[0] if "/" in module else ""


def private_across(edges):
    """``(importer, module, name)`` of the private names imported across subpackage lines."""
    return sorted((a, m, n) for a, targets in edges.items() for m, n in targets
                  if n is not None and n.startswith("_") and not n.startswith("__")
                  and _subpackage(a) != _subpackage(m))


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


def test_no_private_name_across_subpackages():
    edges = {name: import_edges(name, path) for name, path in module_names().items()}
    assert [e for e in private_across(edges) if e not in PRIVATE_ACROSS] == []
    assert [e for e in PRIVATE_ACROSS if e not in private_across(edges)] == []  # kept short


def test_subpackage_imports_resolve(tmp_path):
    """Relative imports from a subpackage reach the right modules."""
    (tmp_path / "_sub").mkdir()
    for name in ("_a.py", "_sub/__init__.py", "_sub/b.py", "_sub/c.py"):
        (tmp_path / name).write_text("")
    path = tmp_path / "_sub" / "c.py"
    path.write_text("from .._a import _x, y\nfrom . import b\nfrom .b import z\n"
                    "from metrics_sk._a import w\nfrom .. import _a\n")
    assert import_edges("_sub/c", path, tmp_path) == [
        ("_a", "_x"), ("_a", "y"), ("_sub/b", None), ("_sub/b", "z"), ("_a", "w"),
        ("_a", None)]
    assert private_across({"_sub/c": import_edges("_sub/c", path, tmp_path)}) == [
        ("_sub/c", "_a", "_x")]
    assert private_across({"_sub/c": [("_sub/b", "_y")]}) == []  # inside the subpackage


def test_the_check_can_fail():
    """An upward edge and a module outside the layers are caught."""
    assert upward_edges({"_formulas/prf": {"_display/report"}}) == [
        ("_formulas/prf", "_display/report")]
    with pytest.raises(AssertionError, match="no layer"):
        _layer("_not_a_module")


#: The modules that may sort or search label values: the one label encoder (with the
#: builder), and the modules that sort *scores* or rankings, not labels.
ENCODERS = {
    "_encoding": "the label encoder (encode, compact, positions)",
    "_auc": "ranking kernels: searchsorted over sorted scores",
    "_display/plot": "the first place of each class in a ranking of cells",
    "_display/cli": "the digits demo: the classes of predict_proba's columns (not label encoding "
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
    """No module encodes labels on its own: they all go through ``_encoding.encode`` (or
    its key compactor ``compact``)."""
    found = {name: encoding_calls(path) for name, path in module_names().items()}
    assert {m: lines for m, lines in found.items() if lines and m not in ENCODERS} == {}


def test_the_encoder_check_can_fail(tmp_path):
    path = tmp_path / "_x.py"
    path.write_text("import numpy as np\nnp.unique([1])\n")
    assert encoding_calls(path) == [2]
