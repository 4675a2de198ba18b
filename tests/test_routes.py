"""Visible routes: what a reader follows from a public name is what runs.

No function or method is assembled at import time: the package has no ``globals()``
writes, no ``setattr`` on a class at import time (a module-level statement or a class
body, loops included) and no code-object cloning; and every count metric of the
registry has its public function and its ``Confusion`` (and ``GroupedConfusion``,
``ConfusionBatch``) method with the same options, so a metric cannot be half-added.
"""

import ast
import inspect
import pathlib

import numpy as np
import pytest

import metrics_sk as msk
from metrics_sk import _formulas
from metrics_sk._batch import ConfusionBatch
from metrics_sk._registry import METRICS

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "metrics_sk"
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _name(node):
    """``f`` of ``f(...)`` and ``types.FunctionType`` of ``types.FunctionType(...)``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _import_time(tree):
    """The nodes that run when the module is imported: not inside a function body."""
    todo = list(ast.iter_child_nodes(tree))
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, _FUNCTIONS):
            todo.extend(getattr(node, "decorator_list", []))  # decorators, defaults: now
            todo.extend(getattr(node.args, "defaults", []))
            todo.extend(d for d in getattr(node.args, "kw_defaults", []) if d is not None)
        else:
            todo.extend(ast.iter_child_nodes(node))


def hidden_routes(source):
    """``(line, what)`` of each route assembled at run time in ``source``."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):  # anywhere: globals() writes and code-object cloning
        if isinstance(node, ast.Call):
            if _name(node.func) in ("FunctionType", "CodeType"):
                found.append((node.lineno, "code-object cloning"))
            elif any(_name(a) == "__code__" for a in [*node.args,
                                                      *(k.value for k in node.keywords)]):
                found.append((node.lineno, "code-object cloning"))
            elif (isinstance(node.func, ast.Attribute) and _name(node.func.value) == "__code__"
                  and node.func.attr == "replace"):
                found.append((node.lineno, "code-object cloning"))
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(
                node.value, ast.Call) and _name(node.value.func) in ("globals", "vars"):
            # globals().update(...), globals()[name] = ..., vars()[name] = ...
            if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Store):
                continue
            if isinstance(node, ast.Attribute) and node.attr in ("get", "items", "keys",
                                                                  "values", "copy"):
                continue
            found.append((node.lineno, "globals() write"))
    for node in _import_time(tree):  # setattr while the module is imported
        if isinstance(node, ast.Call) and _name(node.func) == "setattr":
            found.append((node.lineno, "setattr at import time"))
    return sorted(found)


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.name)
def test_no_route_is_assembled_at_import_time(path):
    assert hidden_routes(path.read_text()) == []


@pytest.mark.parametrize("snippet, what", [
    ("globals().update({'f': g})", "globals() write"),
    ("globals()['f'] = g", "globals() write"),
    ("for n, f in FORMULAS.items():\n    setattr(Confusion, n, f)", "setattr at import time"),
    ("class C:\n    for n in names:\n        setattr(C, n, None)", "setattr at import time"),
    ("setattr(C, 'f', staticmethod(g))", "setattr at import time"),
    ("import types\nf = types.FunctionType(g.__code__, g.__globals__)",
     "code-object cloning"),
    ("def make(f):\n    return type(f)(f.__code__, f.__globals__, 'x')", "code-object cloning"),
    ("def make(f):\n    return FunctionType(code, {})", "code-object cloning"),
    ("def make(f):\n    return f.__code__.replace(co_name='x')", "code-object cloning"),
])
def test_the_route_check_can_fail(snippet, what):
    assert what in {kind for _, kind in hidden_routes(snippet)}


def test_the_route_check_lets_plain_code_through():
    source = ("x = globals().get('y')\n"
              "def f(obj):\n    setattr(obj, 'a', 1)\n"  # at call time, on an instance
              "class C:\n    def m(self):\n        return vars()\n")
    assert hidden_routes(source) == []


COUNT_METRICS = sorted(name for name, m in METRICS.items() if m.count)
_INPUTS = {"y_true", "y_pred", "y1", "y2", "sample_weight"}


def _options(function, drop):
    """``(name, kind, default)`` of the parameters of ``function`` but ``drop``."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()
            if p.name not in drop]


@pytest.mark.parametrize("name", COUNT_METRICS)
def test_each_count_metric_has_its_function_and_methods_with_the_same_options(name):
    function = METRICS[name].function
    assert getattr(msk, name) is function, f"{name} is not exported by metrics_sk"
    options = _options(function, _INPUTS)
    assert options == _options(getattr(_formulas, name), {"c"})
    for cls in (msk.Confusion, msk.GroupedConfusion, ConfusionBatch):
        method = cls.__dict__.get(name)
        assert method is not None, f"{cls.__name__}.{name} is not declared in the class"
        assert _options(method, {"self"}) == options, f"{cls.__name__}.{name}"


def test_the_signature_check_can_fail():
    def function(y_true, y_pred, *, labels=None, sample_weight=None, beta=1.0):
        pass

    def method(self, *, labels=None, beta=2.0):
        pass

    assert _options(function, _INPUTS) != _options(method, {"self"})


@pytest.mark.parametrize("name", COUNT_METRICS)
def test_one_docstring_per_metric(name):
    """The methods' docstring is the formula's; the function's is the formula's with the
    entries of its inputs (y_true, y_pred, sample_weight) added, nothing else."""
    from metrics_sk._api import _INPUT_DOCS

    formula = getattr(_formulas, name)
    assert msk.Confusion.__dict__[name].__doc__ == formula.__doc__
    assert msk.GroupedConfusion.__dict__[name].__doc__ == formula.__doc__
    doc = METRICS[name].function.__doc__
    for entry in _INPUT_DOCS.values():
        doc = doc.replace(entry, "")
    if "    Parameters\n" not in formula.__doc__:  # a formula without options
        doc = doc.replace("    Parameters\n    ----------\n\n", "")
    assert doc == formula.__doc__


def test_options_are_checked_once_at_the_boundary(monkeypatch):
    """One check per call, by the boundary's table (the formulas trust their options)."""
    from metrics_sk._params import Checker

    callers, check = [], Checker.__call__

    def spy(self, params):
        callers.append(self.caller)
        return check(self, params)

    monkeypatch.setattr(Checker, "__call__", spy)
    y_true, y_pred = np.array([0, 1, 2, 2]), np.array([0, 2, 1, 2])
    msk.f1_score(y_true, y_pred, average="macro")
    msk.Confusion.from_predictions(y_true, y_pred).f1_score(average="macro")
    assert callers == ["f1_score", "Confusion.f1_score"]
    for bad in (lambda: msk.f1_score(y_true, y_pred, average="mean"),
                lambda: msk.Confusion.from_predictions(y_true, y_pred).f1_score(
                    average="mean"),
                lambda: msk.Confusion.from_predictions(
                    y_true, y_pred, groups=["a", "a", "b", "b"]).f1_score(average="mean")):
        with pytest.raises(ValueError, match="The 'average' parameter of .*f1_score must be"):
            bad()
