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
    ["_facts", "_validation", "_params", "_sklearn_registry", "_exact"],
    ["_encoding", "_dask"],
    ["_counting"],
    ["_formulas/shared", "_auc", "_isotonic"],
    ["_formulas/prf", "_formulas/matrix", "_formulas/onevsrest", "_formulas/onedal",
     "_dask_ranking"],
    ["_formulas/blocks"],
    ["_formulas/__init__"],
    ["_batch", "_multilabel"],
    ["_confusion"],
    ["_grouped"],
    ["_api", "_losses"],
    ["_streaming"],
    ["_dropins", "_onedal", "_scores", "_decomposition", "_calibration"],
    ["_curves"],
    ["_decisions", "_thresholds", "_label_ranking", "_ranking_state"],
    ["catboost"],
    ["_registry"],
    ["_inference/__init__", "_display/__init__", "_inference/resampling"],
    ["_inference/bootstrap"],
    ["_inference/intervals"],
    ["_inference/compare", "_inference/groups"],
    ["_display/report_layout", "_display/plot", "_display/files", "_scorers",
     "_display/reliability"],
    ["_display/thresholds", "_display/curves"],
    ["_display/report_intervals", "_display/report_table"],
    ["_display/report_format"],
    ["_display/report"],
    ["_display/cli"],
    ["__init__"],
    ["__main__"],
]
#: ``Confusion.plot`` imports the plotting module (matplotlib); ``Confusion.from_predictions``
#: with ``groups=`` returns the grouped confusion, whose module builds on ``_confusion``.
ALLOWED_UPWARD = {("_confusion", "_display/plot"), ("_confusion", "_grouped")}

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
    "_isotonic": "the isotonic fit read at scores: searchsorted over sorted scores",
    "_calibration": "bins: searchsorted of probabilities among bin edges and cumulative "
                    "weights",
    "_display/plot": "the first place of each class in a ranking of cells",
    "_display/cli": "the digits demo: the classes of predict_proba's columns (not label encoding "
            "of user data)",
    "_display/curves": "a precision-recall curve read on a grid of recalls (searchsorted over "
            "recalls, not labels)",
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


# -- no module reads another module's classes' private attributes --------------------------
#: Names every module must reach through the batch interface's public names
#: (``counted_labels``, ``n_fixed``, ``is_weighted``, ``from_cells``, ``counts``, ``batch``:
#: docs/design.rst): never read as ``<expr>._name`` outside the module defining them.
GUARDED = {"_counts", "_labels", "_fixed", "_weighted", "_of"}

#: Known reads of another module's private attributes, as ``(module, name)``: the raw cells
#: of a confusion (its other slot included), the chunks of a grouped confusion, a checker's
#: accepted types, and ``_fields`` of a named tuple (a false positive: numpy's record
#: arrays, not ours). Never one of ``GUARDED``.
FOREIGN_PRIVATE = {("_inference/intervals", "_cells"), ("_inference/resampling", "_cells"),
                   ("_inference/groups", "_parts"), ("_inference/groups", "_part"),
                   ("_api", "_types"), ("_grouped", "_fields")}


def private_definitions(tree):
    """The private (single underscore) attributes the classes of a module define: their
    methods, class attributes and ``self._x = ...`` / ``cls._x`` / ``out._x`` stores."""
    names = set()
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        for node in ast.walk(cls):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names.add(node.name)
            elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                  and isinstance(node.value, ast.Name)
                  and node.value.id in ("self", "cls", "out")):
                names.add(node.attr)
        for node in cls.body:
            if isinstance(node, ast.Assign):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def foreign_private_reads(sources):
    """``[(module, name, line)]``: ``<expr>._name`` reads (``expr`` not ``self`` or ``cls``)
    of a private attribute that a class of another module defines and the reading module
    does not."""
    trees = {m: ast.parse(text) for m, text in sources.items()}
    defined = {m: private_definitions(t) for m, t in trees.items()}
    found = []
    for module, tree in trees.items():
        foreign = set().union(*(d for m, d in defined.items() if m != module)) - defined[module]
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr in foreign
                    and not (isinstance(node.value, ast.Name)
                             and node.value.id in ("self", "cls"))):
                found.append((module, node.attr, node.lineno))
    return sorted(found)


def test_no_module_reads_another_modules_private_attributes():
    reads = foreign_private_reads({m: p.read_text() for m, p in module_names().items()})
    assert [r for r in reads if r[1] in GUARDED] == []
    assert [r for r in reads if r[:2] not in FOREIGN_PRIVATE] == []
    assert not {name for _, name in FOREIGN_PRIVATE} & GUARDED
    assert FOREIGN_PRIVATE <= {r[:2] for r in reads}  # kept short


def test_the_private_attribute_check_can_fail():
    sources = {
        "_a": "class A:\n    def __init__(self):\n        self._counts = 1\n"
              "    @classmethod\n    def _of(cls):\n        return cls()\n",
        "_b": "def f(x, A):\n    return x._counts, A._of(), x.counts\n",
        "_c": "class C:\n    def __init__(self):\n        self._counts = 2\n"
              "    def g(self, other):\n        return self._counts + other._counts\n",
    }
    assert foreign_private_reads(sources) == [("_b", "_counts", 2), ("_b", "_of", 2)]
