"""numpydoc validation of every public object, as scikit-learn's ``test_docstrings.py``.

Every name of ``metrics_sk.__all__``, the public methods and properties of every public
class (the ``Confusion`` count-metric methods included: declared in the class, with the
docstring of their formula in ``metrics_sk._formulas``) and
``metrics_sk.catboost.eval_metric`` are validated with :func:`numpydoc.validate.validate`,
with scikit-learn's filter of error codes.
"""

import inspect

import pytest

import metrics_sk

numpydoc_validation = pytest.importorskip("numpydoc.validate")


def _public_members(cls):
    """Public methods and properties of ``cls`` (``None`` stands for the class itself)."""
    members = []
    for name in dir(cls):
        if name.startswith("_"):
            continue
        attr = inspect.getattr_static(cls, name)
        if isinstance(attr, (property, classmethod, staticmethod)) or callable(attr):
            members.append(name)
    return [None, *sorted(members)]


def _objects():
    """``(import path, class or None, member name or None)`` of every public object."""
    for name in metrics_sk.__all__:
        obj = getattr(metrics_sk, name)
        if getattr(obj, "__module__", "").startswith("sklearn"):
            continue  # re-exported from scikit-learn (make_scorer): scikit-learn's docstring
        if inspect.isclass(obj):
            for member in _public_members(obj):
                path = f"metrics_sk.{name}" + (f".{member}" if member else "")
                yield path, obj, member
        else:
            yield f"metrics_sk.{name}", None, None
    yield "metrics_sk.catboost.eval_metric", None, None


OBJECTS = list(_objects())


def filter_errors(errors, method, cls=None):
    """scikit-learn's filter: drop RT02, GL01 and GL02 everywhere; PR02 for properties;
    EX01, SA01 and ES01 for methods (they are required of classes and functions)."""
    for code, message in errors:
        if code in ("RT02", "GL01", "GL02"):
            continue
        if cls is not None and method is not None:
            if isinstance(inspect.getattr_static(cls, method), property) and code in (
                    "PR02", "GL08"):
                continue
            if code in ("EX01", "SA01", "ES01"):
                continue
        yield code, message


def validation_errors(path, cls=None, method=None):
    """numpydoc's errors of the object at ``path`` that the filter keeps."""
    result = numpydoc_validation.validate(path)
    return list(filter_errors(result["errors"], method, cls))


def test_objects_cover_the_public_api():
    paths = {path for path, _, _ in OBJECTS}
    assert "metrics_sk.f1_score" in paths
    assert "metrics_sk.catboost.eval_metric" in paths
    # every count formula is a Confusion method, and each one is checked
    for name in metrics_sk._formulas.FORMULAS:
        assert f"metrics_sk.Confusion.{name}" in paths
    assert {"metrics_sk.Confusion.plot", "metrics_sk.Confusion.update",
            "metrics_sk.Confusion.tp"} <= paths


@pytest.mark.parametrize("path, cls, method", OBJECTS, ids=[p for p, _, _ in OBJECTS])
def test_docstring(path, cls, method):
    errors = validation_errors(path, cls, method)
    assert not errors, "\n".join(f"{path}: {code}: {message}" for code, message in errors)


def _badly_documented(y_true, y_pred, *, beta=1.0):
    """computes something"""


class _BadlyDocumented:
    """A class."""

    def method(self, x):
        """does things

        Parameters
        ----------
        y : int
            Not a parameter of this method.
        """

    @property
    def value(self):
        """value"""


def test_the_check_can_fail(monkeypatch):
    # A deliberately bad docstring yields errors, so a passing test_docstring means something.
    monkeypatch.setattr(metrics_sk, "_badly_documented", _badly_documented, raising=False)
    monkeypatch.setattr(metrics_sk, "_BadlyDocumented", _BadlyDocumented, raising=False)
    codes = {code for code, _ in validation_errors("metrics_sk._badly_documented")}
    # no capital, no period, no Parameters / Returns / See Also / Examples sections
    assert {"SS02", "SS03", "PR01", "SA01", "EX01"} <= codes
    codes = {code for code, _ in validation_errors(
        "metrics_sk._BadlyDocumented.method", _BadlyDocumented, "method")}
    assert {"SS02", "PR01", "PR02"} <= codes  # x undocumented, y unknown
    assert not codes & {"EX01", "SA01", "ES01"}  # scikit-learn's filter for methods
    codes = {code for code, _ in validation_errors(
        "metrics_sk._BadlyDocumented.value", _BadlyDocumented, "value")}
    assert {"SS02", "SS03"} <= codes
