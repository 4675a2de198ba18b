"""How a public count metric is made from its :class:`Confusion` method.

A public function is declared once, with its signature and docstring; the decorator
below turns the declaration into ``Confusion.from_predictions(...)`` followed by the
``Confusion`` method of the same name, so each metric has one definition.
"""

import functools
import inspect
import warnings

import numpy as np
import scipy.sparse as sp

from . import _confusion, _counts
from ._params import Checker, constraints_for
from ._validation import declared_order, is_dask_collection


def build_confusion(y_true, y_pred, sample_weight=None, *, sklearn_compatible=False):
    """The one entry from raw inputs to a :class:`Confusion` for the public functions.

    ``sklearn_compatible`` accepts what scikit-learn accepts (column vectors, negative
    weights); metrics_sk's own functions refuse them. Dask collections are counted on
    their workers by ``_confusion.count`` (see ``metrics_sk._dask``).
    """
    labels, cells = _confusion.count(
        y_true, y_pred, sample_weight=sample_weight,
        allow_negative_weights=sklearn_compatible, allow_column=sklearn_compatible)
    c = _confusion.Confusion._of(labels, cells, fixed=None, weighted=sample_weight is not None,
                                 counted=sample_weight is None)
    if sklearn_compatible and sample_weight is not None and not is_dask_collection(
            sample_weight):
        weights = np.asarray(sample_weight)
        if not weights.any():
            raise ValueError("Sample weights must contain at least one non-zero number.")
        if not (weights > 0).all():
            # scikit-learn checks labels= against the labels in y_true, whatever their
            # weight: which labels occur in y_true, from the one encoder
            true_labels = _confusion.count(y_true, y_true, allow_column=True)[0]
            c._true_present = np.zeros(labels.shape[0], dtype=bool)
            c._true_present[_confusion.positions(labels, true_labels)] = True
    return c


def _is_multilabel(y):
    if type(y) is np.ndarray:  # the cheap check first
        return y.ndim == 2 and y.shape[1] != 1
    if sp.issparse(y):
        return True
    shape = getattr(y, "shape", None)
    if shape is None:
        shape = np.shape(y) if isinstance(y, (list, tuple)) else ()
    return len(shape) == 2 and shape[1] != 1


def _declared_order(c, name, options, y_true, y_pred, dropin):
    """The labels of ``c`` in the declared order of an ordered categorical target.

    metrics_sk's own metrics and the ordinal drop-in (weighted kappa) take the declared
    order; the other drop-ins keep scikit-learn's sorted order and warn where the order
    shows in the result (a matrix, per-class values)."""
    order = declared_order(y_true, y_pred)
    if order is None:
        return c
    if not dropin or (name == "cohen_kappa_score" and options.get("weights")):
        return _confusion.in_order(c, order)
    per_class = name == "confusion_matrix" or options.get(
        "average", None if name == "precision_recall_fscore_support" else "binary") is None
    if per_class and not np.array_equal(np.asarray(order)[np.isin(order, c.labels)],
                                        c.labels):
        warnings.warn(
            f"The targets are an ordered categorical, but {name}, like scikit-learn's, "
            "orders the classes by sorting their values, not in the declared order: pass "
            "labels=<the categories> to get them in the declared order.", UserWarning,
            stacklevel=3)
    return c


def count_metric(declaration=None, *, sklearn=None):
    """Make the public function declared by ``declaration`` (signature and docstring).

    The function checks its parameters once (the constraints of ``metrics_sk._params``),
    builds the :class:`Confusion` and calls the formula of the same name in ``_counts``.
    ``sklearn``: the scikit-learn function this is a drop-in for; multilabel input is
    handed to it.
    """

    def decorate(declared):
        name = declared.__name__
        formula = getattr(_counts, name)
        signature = inspect.signature(declared)
        names = list(signature.parameters)
        first, second = names[:2]
        allowed = frozenset(names[2:])
        required = frozenset(n for n, p in signature.parameters.items()
                             if p.default is p.empty and n not in (first, second))
        check = Checker(name, constraints_for(name, names))
        # whether two ndarrays and no option pass the check by their types alone
        arrays_pass = all(np.ndarray in check._types.get(n, (np.ndarray,))
                          for n in (first, second))
        dropin = sklearn is not None

        @functools.wraps(declared)
        def metric(*args, **options):
            if len(args) == 2 and allowed.issuperset(options) and (
                    not required or required.issubset(options)):
                y_true, y_pred = args
            else:
                try:
                    options = signature.bind(*args, **options).arguments
                except TypeError as exc:
                    raise TypeError(f"{name}(): {exc}") from None
                y_true, y_pred = options.pop(first), options.pop(second)
            arrays = type(y_true) is np.ndarray and type(y_pred) is np.ndarray
            if options or not (arrays and arrays_pass):
                check({first: y_true, second: y_pred, **options})
            sample_weight = options.pop("sample_weight", None)
            if dropin and (_is_multilabel(y_true) or _is_multilabel(y_pred)):
                return sklearn(y_true, y_pred, sample_weight=sample_weight, **options)
            c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=dropin)
            if not arrays and "labels" not in options:  # (a numpy dtype has no order)
                c = _declared_order(c, name, options, y_true, y_pred, dropin)
            return formula(c, **options)

        return metric

    return decorate if declaration is None else decorate(declaration)


_TARGETS_DOC = """    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
"""
_WEIGHT_DOC = """    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
"""


def count_function(formula, module):
    """The public function of a count ``formula`` of ``_counts`` that has no declaration:
    ``(y_true, y_pred, *, <the formula's options>, sample_weight=None)``, documented by the
    formula's docstring with the targets and the weights added to its parameters."""
    kind = inspect.Parameter
    options = list(inspect.signature(formula).parameters.values())[1:]
    declared = type(formula)(formula.__code__, formula.__globals__, formula.__name__)
    declared.__signature__ = inspect.Signature(
        [kind("y_true", kind.POSITIONAL_OR_KEYWORD), kind("y_pred", kind.POSITIONAL_OR_KEYWORD),
         *options, kind("sample_weight", kind.KEYWORD_ONLY, default=None)])
    declared.__module__, declared.__qualname__ = module, formula.__name__
    head, sep, rest = formula.__doc__.partition("    Parameters\n    ----------\n")
    params, sep2, tail = rest.partition("\n    Returns\n")
    declared.__doc__ = (head + sep + _TARGETS_DOC + params.rstrip("\n") + "\n" + _WEIGHT_DOC
                        + sep2 + tail)
    return count_metric(declared)
