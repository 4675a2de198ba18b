"""How a public count metric is made from its :class:`Confusion` method.

A public function is declared once, with its signature and docstring; the decorator
below turns the declaration into ``Confusion.from_predictions(...)`` followed by the
``Confusion`` method of the same name, so each metric has one definition.
"""

import functools
import inspect

import numpy as np
import scipy.sparse as sp

from . import _confusion
from ._sklearn_compat import validate_params
from ._validation import is_dask_collection


def build_confusion(y_true, y_pred, sample_weight=None, *, sklearn_compatible=False):
    """The one entry from raw inputs to a :class:`Confusion` for the public functions.

    ``sklearn_compatible`` accepts what scikit-learn accepts (column vectors, negative
    weights); metrics_sk's own functions refuse them. Dask collections are counted on
    their workers by ``_confusion.count`` (see ``metrics_sk._dask``).
    """
    labels, cells = _confusion.count(
        y_true, y_pred, sample_weight=sample_weight,
        allow_negative_weights=sklearn_compatible, allow_column=sklearn_compatible)
    if sklearn_compatible and sample_weight is not None and not is_dask_collection(
            sample_weight) and not np.any(sample_weight):
        raise ValueError("Sample weights must contain at least one non-zero number.")
    return _confusion.Confusion()._set(labels, cells, fixed=False)


def _is_multilabel(y):
    if sp.issparse(y):
        return True
    shape = getattr(y, "shape", None)
    if shape is None:
        shape = np.shape(y) if isinstance(y, (list, tuple)) else ()
    return len(shape) == 2 and shape[1] != 1


def count_metric(declaration=None, *, sklearn=None, constraints=None):
    """Make the public function declared by ``declaration`` (signature and docstring).

    ``sklearn``: the scikit-learn function this is a drop-in for; multilabel input is
    handed to it, and ``constraints`` (scikit-learn's own parameter constraints) give the
    same parameter errors.
    """

    def decorate(declared):
        method = getattr(_confusion.Confusion, declared.__name__)
        signature = inspect.signature(declared)
        first, second = list(signature.parameters)[:2]

        @functools.wraps(declared)
        def metric(*args, **kwargs):
            try:
                options = signature.bind(*args, **kwargs).arguments  # only what was passed
            except TypeError as exc:
                raise TypeError(f"{declared.__name__}(): {exc}") from None
            y_true, y_pred = options.pop(first), options.pop(second)
            sample_weight = options.pop("sample_weight", None)
            if sklearn is not None and (_is_multilabel(y_true) or _is_multilabel(y_pred)):
                return sklearn(y_true, y_pred, sample_weight=sample_weight, **options)
            c = build_confusion(y_true, y_pred, sample_weight,
                                sklearn_compatible=sklearn is not None)
            return method(c, **options)

        if constraints is not None:
            return validate_params(constraints, prefer_skip_nested_validation=True)(metric)
        return metric

    return decorate if declaration is None else decorate(declaration)
