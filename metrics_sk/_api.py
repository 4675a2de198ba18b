"""The stages the public count functions share: their parameter check, the
:class:`Confusion` of their inputs, the declared order of an ordered categorical.

Each public function (``_dropins``, ``_onedal``) shows its route in its body: check
(:func:`checked_metric`) -> count (:func:`build_confusion`) -> the formula of
``_formulas`` of the same name.
"""

import functools
import inspect
import re
import warnings

import numpy as np

from . import _confusion, _formulas
from ._encoding import positions
from ._multilabel import is_indicator as _is_multilabel, multilabel_confusion
from ._params import Checker, constraints_for
from ._validation import declared_order, is_dask_collection


def build_confusion(y_true, y_pred, sample_weight=None, *, sklearn_compatible=False,
                    wrap=False, multilabel=False, columns=None):
    """The one entry from raw inputs to a :class:`Confusion` for the public functions.

    ``sklearn_compatible`` accepts what scikit-learn accepts (column vectors, negative
    weights); metrics_sk's own functions refuse them. Dask collections are counted on
    their workers by ``_confusion.confusion_cells`` (see ``metrics_sk._dask``). ``wrap``: integer
    weights summing beyond int64 wrap around (scikit-learn's ``confusion_matrix``) instead
    of being refused. ``multilabel``: a multilabel-indicator pair gives its
    :class:`~metrics_sk._multilabel.MultilabelConfusion` (the drop-ins that accept one),
    over its ``columns`` only when given.
    """
    if multilabel and (_is_multilabel(y_true) or _is_multilabel(y_pred)):
        return multilabel_confusion(y_true, y_pred, sample_weight, columns)
    labels, cells = _confusion.confusion_cells(
        y_true, y_pred, sample_weight=sample_weight,
        allow_negative_weights=sklearn_compatible, allow_column=sklearn_compatible,
        wrap=wrap)
    c = _confusion.Confusion.from_cells(labels, cells, fixed=None,
                                        weighted=sample_weight is not None,
                                        counted=sample_weight is None)
    if sklearn_compatible and sample_weight is not None and not is_dask_collection(
            sample_weight):
        weights = np.asarray(sample_weight)
        if not weights.any():
            raise ValueError("Sample weights must contain at least one non-zero number.")
        if not (weights > 0).all():
            # scikit-learn checks labels= against the labels in y_true, whatever their
            # weight: which labels occur in y_true, from the one encoder met with y_pred
            # as above (y_true alone may encode otherwise: uint64 beyond int64 met with
            # an object y_pred is counted as objects, alone it is refused)
            counted, cells = _confusion.confusion_cells(y_true, y_pred, allow_column=True)
            rows = np.asarray(cells.sum(axis=1)).ravel()[:counted.shape[0]]
            true_labels = counted[rows != 0]
            c.true_present = np.zeros(labels.shape[0], dtype=bool)
            c.true_present[positions(labels, true_labels)] = True
    return c


def _declared_order(c, name, y_true, y_pred, *, dropin=True, per_class=False):
    """``c`` with its labels in the declared order of an ordered categorical target.

    metrics_sk's own metrics (``dropin=False``) and the ordinal drop-in (weighted kappa)
    take the declared order; the other drop-ins keep scikit-learn's sorted order and warn
    where the order shows in the result (``per_class``: a matrix, per-class values)."""
    if (type(y_true) is np.ndarray and type(y_pred) is np.ndarray) or c.is_multilabel:
        return c  # (a dtype has no order; a multilabel target's labels are its columns)
    order = declared_order(y_true, y_pred)
    if order is None:
        return c
    if not dropin:
        return _confusion.in_order(c, order)
    if per_class and not np.array_equal(np.asarray(order)[np.isin(order, c.labels)],
                                        c.labels):
        warnings.warn(
            f"The targets are an ordered categorical, but {name}, like scikit-learn's, "
            "orders the classes by sorting their values, not in the declared order: pass "
            "labels=<the categories> to get them in the declared order.", UserWarning,
            stacklevel=4)
    return c


def checked_metric(function):
    """Decorator of a public count function ``function(y_true, y_pred, *, <options>)``:
    its arguments are checked once against their constraints (``metrics_sk._params``,
    scikit-learn's errors), then its body runs.

    Two plain ndarrays and no option skip the check (their types satisfy it already).
    """
    name = function.__name__
    signature = inspect.signature(function)
    names = list(signature.parameters)
    first, second = names[:2]
    allowed = frozenset(names[2:])
    required = frozenset(n for n, p in signature.parameters.items()
                         if p.default is p.empty and n not in (first, second))
    check = Checker(name, constraints_for(name, names))
    # whether two ndarrays and no option pass the check by their types alone
    arrays_pass = all(np.ndarray in check._types.get(n, (np.ndarray,))
                      for n in (first, second))

    @functools.wraps(function)
    def checked(*args, **options):
        if len(args) == 2 and allowed.issuperset(options) and (
                not required or required.issubset(options)):
            y_true, y_pred = args
            if options or not (arrays_pass and type(y_true) is np.ndarray
                               and type(y_pred) is np.ndarray):
                check({first: y_true, second: y_pred, **options})
            return function(y_true, y_pred, **options)
        try:
            params = signature.bind(*args, **options).arguments
        except TypeError as exc:
            raise TypeError(f"{name}(): {exc}") from None
        check(params)
        return function(**params)

    return checked


#: The docstring entries of the parameters a public function has and its formula has not.
_INPUT_DOCS = {
    "y_true": ("    y_true : array-like of shape (n_samples,)\n"
               "        True labels (any sortable type).\n"),
    "y_pred": ("    y_pred : array-like of shape (n_samples,)\n"
               "        Predicted labels (any sortable type).\n"),
    "y1": "    y1 : array-like of shape (n_samples,)\n        Labels of the first rater.\n",
    "y2": "    y2 : array-like of shape (n_samples,)\n        Labels of the second rater.\n",
    "sample_weight": ("    sample_weight : array-like of shape (n_samples,), default=None\n"
                      "        Sample weights: non-negative, except for the scikit-learn\n"
                      "        drop-ins, which take what scikit-learn takes.\n"),
}
_PARAMETERS = "    Parameters\n    ----------\n"


def documented_by(formula):
    """Decorator: give a public count function the docstring of its ``formula`` (one text
    per metric, shared with the :class:`Confusion` method), with the entries of the
    function's inputs (``y_true``, ``y_pred``, ``sample_weight``) added to the parameters,
    all in the order of the function's signature.

    Examples
    --------
    >>> from metrics_sk import _formulas
    >>> from metrics_sk._api import documented_by
    >>> @documented_by(_formulas.matthews_corrcoef)
    ... def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    ...     pass
    >>> "    y_pred : array-like" in matthews_corrcoef.__doc__
    True
    """
    doc = formula.__doc__
    if _PARAMETERS not in doc:  # a formula without options: the section goes before Returns
        doc = doc.replace("    Returns\n", _PARAMETERS + "\n    Returns\n", 1)
    head, _, rest = doc.partition(_PARAMETERS)
    params, returns, tail = rest.partition("\n    Returns\n")
    entries = {}  # one per parameter: from a line "    name : ..." to the next one
    for block in re.split(r"\n(?=    \S)", params.strip("\n")):
        if block.strip():
            entries[block.split(" :")[0].strip()] = block + "\n"

    def document(function):
        names = inspect.signature(function).parameters
        text = "".join(entries[n] if n in entries else _INPUT_DOCS[n] for n in names)
        function.__doc__ = head + _PARAMETERS + text + returns + tail
        return function

    return document
