"""Input validation at the public boundary.

Public functions call these once; the builder and the metric formulas behind them trust
their inputs. Errors name the argument and the problem. Where scikit-learn already has a
message for the same problem (a continuous target, a mix of target types), the exact
scikit-learn error is raised so that the drop-ins behave like the originals.
"""

import decimal
import numbers
from collections import Counter

import numpy as np
import scipy.sparse as sp
from sklearn.utils.multiclass import unique_labels

from ._sklearn_compat import _check_targets

_STRING_KINDS = frozenset("USO")
_NUMBER_KINDS = frozenset("biuf")


def is_dask_collection(x):
    """True for Dask arrays, Series and DataFrames, without importing Dask."""
    return type(x).__module__.split(".")[0] == "dask" and hasattr(x, "__dask_graph__")


class InputError(ValueError):
    """A mistake in the inputs that every metrics_sk function reports the same way, the
    drop-ins included: they raise it rather than hand the inputs to scikit-learn, which
    would read them differently (a masked array's mask dropped) or raise another type."""


class NonNumericWeightError(InputError, TypeError):
    """``sample_weight`` of a dtype that holds no numbers (text, dates, durations): a
    TypeError, as metrics_sk reports a dtype that cannot hold weights, and a ValueError
    (an :class:`InputError`), as scikit-learn's ``_check_sample_weight`` reports weights
    it cannot read as numbers."""


#: scikit-learn's error for sample weights that are all zero.
ZERO_WEIGHTS = "Sample weights must contain at least one non-zero number."


def refuse_zero_weights(sample_weight):
    """scikit-learn's ``ValueError`` when ``sample_weight`` is given and all zero (the
    entry points of the intervals and comparisons: every metric, proportion and variance
    of them is a ratio to the total weight). None, Dask collections and non-numeric
    weights pass (checked where they are counted)."""
    if sample_weight is None or is_dask_collection(sample_weight) or sp.issparse(
            sample_weight):
        return
    w = np.asarray(sample_weight)
    if w.dtype.kind in "biuf" and w.size and not w.any():
        raise ValueError(ZERO_WEIGHTS)


def refuse_masked(x, name):
    """Refuse a numpy masked array with masked entries: its mask would be silently dropped
    by ``np.asarray`` (scikit-learn drops it in some functions and rejects it in others;
    metrics_sk refuses it everywhere)."""
    if isinstance(x, np.ma.MaskedArray) and np.ma.getmaskarray(x).any():
        raise InputError(f"{name} is a masked array with masked entries; metrics_sk does not "
                         f"drop them silently: pass {name}.compressed() (and the matching "
                         "entries of the other inputs) or fill the masked entries.")


def declared_order(*arrays):
    """The categories of the first ordered categorical among ``arrays`` (a pandas ordered
    ``Categorical`` or Series of one, a polars ``Enum`` Series), in their declared order;
    None when there is none."""
    for y in arrays:
        if type(y) is np.ndarray:  # the cheap check first: a numpy dtype has no order
            continue
        dtype = getattr(y, "dtype", None)
        if getattr(dtype, "ordered", False) and hasattr(dtype, "categories"):  # pandas
            return np.asarray(dtype.categories)
        if type(dtype).__name__ == "Enum" and hasattr(dtype, "categories"):  # polars
            return np.asarray(dtype.categories.to_list())
    return None


def plain_integer_labels(y_true, y_pred):
    """The cheap check of the usual input, in a few attribute reads: two 1-D numpy arrays
    (not a subclass) of one non-zero length, of an integer or boolean dtype. For them the
    full checks (``label_array``, ``check_same_length``, the label kind, the integer
    values) pass and return the arrays unchanged; anything else gets the full checks."""
    return (type(y_true) is np.ndarray and type(y_pred) is np.ndarray
            and y_true.ndim == 1 and y_pred.ndim == 1
            and y_true.shape[0] == y_pred.shape[0] and y_true.shape[0] > 0
            and y_true.dtype.kind in "biu" and y_pred.dtype.kind in "biu")


def label_array(y, name, *, allow_column=False):
    """Return ``y`` as a 1-D numpy array of labels (never a copy of the caller's array
    that we later write to: callers treat the result as read-only)."""
    refuse_masked(y, name)
    if sp.issparse(y):
        raise TypeError(
            f"{name} is a sparse matrix; pass a 1-D array of labels "
            "(sparse input is only supported for multilabel targets)."
        )
    if isinstance(y, (str, bytes)) or np.isscalar(y):
        raise TypeError(f"{name} must be a 1-D array-like of labels, got a scalar {y!r}.")
    arr = np.asarray(y)
    if arr.ndim == 2 and allow_column and arr.shape[1] == 1:
        arr = arr.ravel()
    if arr.ndim != 1:
        hint = (" (a multilabel indicator: count it with MultilabelConfusion.from_predictions)"
                if arr.ndim == 2 else "")
        raise ValueError(
            f"{name} must be a 1-D array of labels, got an array of shape {arr.shape}.{hint}"
        )
    return check_label_dtype(arr, name)


def check_label_dtype(arr, name):
    """Refuse an array whose dtype cannot hold labels (complex numbers, dates, ...);
    complex data is scikit-learn's ValueError."""
    if arr.dtype.kind == "c":
        raise ValueError(f"Complex data not supported: {name} has dtype {arr.dtype}.")
    if arr.dtype.kind not in _STRING_KINDS | _NUMBER_KINDS:
        raise TypeError(f"{name} has unsupported dtype {arr.dtype}; labels must be "
                        "integers, booleans, floats holding integers, or strings.")
    return arr


def check_same_length(*named):
    """``named`` is a sequence of (name, array or None); all arrays must have one length."""
    lengths = [(name, len(a)) for name, a in named if a is not None and np.ndim(a) > 0]
    if len({n for _, n in lengths}) > 1:
        detail = ", ".join(f"{name} has {n}" for name, n in lengths)
        raise ValueError(
            "Found input variables with inconsistent numbers of samples: "
            f"{[n for _, n in lengths]} ({detail})."
        )
    if lengths and lengths[0][1] == 0:
        raise ValueError(
            "Found empty input array (e.g., `y_true` or `y_pred`) while a minimum "
            "of 1 sample is required."
        )


def _raise_like_sklearn(y_true, y_pred, fallback):
    """Raise scikit-learn's own error for these targets, or ``fallback`` if it has none."""
    _check_targets(y_true, y_pred)
    raise fallback


def check_numeric_labels(arr, name, y_true, y_pred):
    """Return integer-valued labels as an integer array; floats must be finite integers."""
    if arr.dtype.kind in "bu" or arr.dtype.kind == "i":
        return arr
    finite = np.isfinite(arr)
    if not finite.all():
        what = "NaN" if np.isnan(arr).any() else "infinity or a value too large"
        raise ValueError(f"Input {name} contains {what}.")
    with np.errstate(invalid="ignore"):  # beyond int64: not equal below
        as_int = arr.astype(np.int64)
    if not np.array_equal(as_int, arr):
        error = ValueError(f"{name} holds continuous values (such as "
                           f"{arr[as_int != arr][0].item()!r}); classification metrics need class "
                           "labels: integers, integer-valued floats or strings.")
        if y_true is None:  # the labels= argument: no targets to ask scikit-learn about
            raise error
        _raise_like_sklearn(y_true, y_pred, error)
    return as_int


#: What each label kind is called in messages: text labels are ``str`` or ``bytes``
#: (never equal to each other, so never mixed), all others are numbers.
KIND_NAMES = {"str": "strings", "bytes": "bytes", "num": "numbers"}


def _nan_like(v):
    """Whether ``v`` is a NaN of any type (float, numpy, Decimal, pandas' NA and NaT):
    the one value not equal to itself, or whose comparison is itself undefined."""
    try:
        return bool(v != v)
    except (TypeError, ArithmeticError):  # pandas.NA; a signalling Decimal NaN
        return True


def python_label_error(values, name):
    """``(kind, error)`` of a set of Python label values from an object/str array: the
    kind (``"str"``, ``"bytes"`` or ``"num"``) and None when they are labels, else the
    exception :func:`check_python_labels` raises (NaN, None, continuous values, other
    objects; an :class:`InputError` for a mix of strings, bytes and numbers), not raised,
    so that a caller can decide on it without catching."""
    has_str = has_bytes = has_num = False
    for v in values:
        if isinstance(v, (str, np.str_)):
            has_str = True
        elif isinstance(v, (bytes, np.bytes_)):
            has_bytes = True
        elif _nan_like(v):
            return None, ValueError(f"Input {name} contains NaN.")
        elif isinstance(v, (numbers.Real, decimal.Decimal, np.bool_)):  # not complex
            try:
                integral = v == int(v)
            except OverflowError:
                return None, ValueError(f"Input {name} contains infinity or a value too "
                                        "large.")
            if not integral:
                return None, ValueError(f"{name} holds continuous values; classification "
                                        "metrics need class labels.")
            has_num = True
        elif isinstance(v, numbers.Complex):  # as a complex array (scikit-learn's error)
            return None, ValueError(f"Complex data not supported: {name} contains {v!r}.")
        else:
            return None, TypeError(f"{name} contains {v!r} of type {type(v).__name__}; "
                                   "labels must be strings, integers or booleans.")
    if has_str + has_bytes + has_num > 1:
        return None, InputError(
            f"Mix of label input types (string and number) in {name}." if not has_bytes else
            f"Mix of label input types (bytes and strings or numbers) in {name}.")
    return ("str" if has_str else ("bytes" if has_bytes else "num")), None


def check_python_labels(values, name):
    """Check a set of Python label values from an object/str array: no NaN, no None,
    and not a mix of strings, bytes and numbers. Returns their kind."""
    kind, error = python_label_error(values, name)
    if error is not None:
        raise error
    return kind


def label_kind(arr):
    """``"str"``, ``"bytes"`` or ``"num"``: the kind of an array of checked labels (of one
    kind: see :func:`check_python_labels`), whatever holds them. Strings are strings in a
    numpy ``U`` array and in an object array (a list, a pandas object, ``string`` or
    categorical Series); integers are numbers in any integer, boolean or float dtype and
    in an object array (a pandas nullable ``Int64``); booleans are numbers (``True == 1``,
    as scikit-learn counts them). The dtype says, or for an object array its first label;
    None for an empty object array. An unchecked object array is checked by
    :func:`check_python_labels`, which returns its kind."""
    kind = arr.dtype.kind
    if kind != "O":
        return "str" if kind == "U" else "bytes" if kind == "S" else "num"
    if arr.shape[0] == 0:
        return None
    first = arr[0]
    return "str" if isinstance(first, str) else "bytes" if isinstance(first, bytes) else "num"


def check_labels_param(labels, data_kind):
    """Validate the ``labels=`` argument: 1-D, non-empty, no duplicates, same kind as data."""
    if labels is None:
        return None
    lab = np.array(labels)  # a copy: the caller may change its array later
    if lab.ndim != 1:
        raise ValueError(f"labels must be a 1-D array-like, got shape {lab.shape}.")
    if lab.size == 0:
        raise ValueError("'labels' should contain at least one label.")
    check_label_dtype(lab, "labels")
    if lab.dtype.kind == "O":
        kind = check_python_labels(lab.tolist(), "labels")
    else:
        kind = label_kind(lab)
    if lab.dtype.kind == "f":
        check_numeric_labels(lab, "labels", None, None)
    if data_kind is not None and kind != data_kind:
        raise ValueError(
            f"labels are {KIND_NAMES[kind]} but the targets are {KIND_NAMES[data_kind]}: "
            "every entry of labels must "
            "be a label of the same type as y_true and y_pred."
        )
    counts = Counter(lab.tolist())
    if len(counts) != lab.size:
        dup = sorted(v for v, c in counts.items() if c > 1)
        raise ValueError(f"labels contains duplicate entries: {dup!r}.")
    return lab


def check_cost_matrix(cost_matrix, n_classes, *, zero_diagonal=False):
    """Return ``cost_matrix`` as a float ``(n_classes, n_classes)`` array: numbers, that
    shape, finite (``zero_diagonal``: and 0 on the diagonal); a ValueError naming
    cost_matrix otherwise."""
    try:
        matrix = np.asarray(cost_matrix, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"cost_matrix must be a square array of numbers: {exc}") from exc
    if matrix.shape != (n_classes, n_classes):
        raise ValueError(f"cost_matrix must have shape ({n_classes}, {n_classes}), a row and a "
                         f"column per class; got shape {matrix.shape}.")
    if not np.isfinite(matrix).all():
        raise ValueError("cost_matrix contains NaN or infinity.")
    if zero_diagonal and np.any(np.diagonal(matrix) != 0):
        raise ValueError("cost_matrix must have a zero diagonal (predicting the true class "
                         f"costs nothing); got diagonal {np.diagonal(matrix).tolist()}.")
    return matrix


def check_sample_weight(sample_weight, n, *, allow_negative=False):
    """Return sample weights as a numeric 1-D array of length ``n`` (or None); integer and
    float dtypes are kept, a scalar becomes a float64 array."""
    if sample_weight is None:
        return None
    if sp.issparse(sample_weight):
        raise TypeError("sample_weight must be a 1-D array-like, got a sparse matrix.")
    refuse_masked(sample_weight, "sample_weight")
    w = np.asarray(sample_weight)
    if w.dtype.kind in "mM":  # numpy would read them as numbers of days, seconds, ...
        raise NonNumericWeightError(
            f"sample_weight must be numeric, got dtype {w.dtype}: dates and durations are "
            "not weights; convert them to the numbers meant (e.g. a duration in seconds: "
            "sample_weight / np.timedelta64(1, 's')).")
    if w.ndim == 0:
        w = np.full(n, w.item(), dtype=np.float64)
    if w.ndim != 1:
        raise ValueError("Sample weights must be 1D array or scalar: sample_weight has "
                         f"shape {w.shape}.")
    if w.dtype.kind == "c":
        raise ValueError("Complex data not supported: sample_weight must be real.")
    if w.shape[0] != n:
        raise ValueError(f"sample_weight.shape == {w.shape}, expected {(n,)}!")
    if w.dtype.kind not in "biuf":
        try:
            w = w.astype(np.float64)
        except (TypeError, ValueError) as exc:
            raise NonNumericWeightError(f"sample_weight must be numeric, got dtype "
                                        f"{w.dtype}.") from exc
    if w.dtype == np.uint64 and w.shape[0] and int(w.max()) >= 2**63:
        # integer weights are summed in int64: these would wrap around to negative counts
        raise ValueError("sample_weight holds integers above 2**63 - 1 that do not fit "
                         "int64, in which integer weights are summed; pass them as floats "
                         "(sample_weight.astype(float)) or rescale them.")
    if w.dtype.kind == "f":
        with np.errstate(over="ignore", invalid="ignore"):
            total = np.abs(w).sum()  # finite exactly when every weight and every sum is
        if not np.isfinite(total):
            if np.isfinite(w).all():
                raise ValueError("sample_weight sums to infinity (beyond the float64 range): "
                                 "every total of the weights would overflow; rescale them.")
            what = "NaN" if np.isnan(w).any() else "infinity or a value too large"
            raise ValueError(f"Input sample_weight contains {what}.")
    if not allow_negative and (w < 0).any():
        raise ValueError("sample_weight contains negative values; weights must be >= 0.")
    return w


def classifier_predictions(estimator, X):
    """``estimator.predict(X)``, after checking that ``estimator`` is a classifier (as
    scikit-learn's ``from_estimator`` displays do)."""
    from sklearn.base import is_classifier

    try:
        classifier = is_classifier(estimator)
    except (AttributeError, TypeError):  # not a scikit-learn estimator at all
        classifier = False
    if not classifier:
        raise ValueError(f"estimator must be a fitted classifier, got {estimator!r}.")
    return estimator.predict(X)


def plain_targets(y_true):
    """``y_true`` as a 1-D array when the one label encoder takes it as it is: numbers
    (floats holding integers) or strings, also in an object array, not a masked, sparse
    or 2-D array; None otherwise."""
    if sp.issparse(y_true) or isinstance(y_true, np.ma.MaskedArray) or (
            isinstance(y_true, (list, tuple))
            and any(isinstance(v, (list, tuple, np.ndarray)) for v in y_true)):
        return None  # (sequences of sequences: scikit-learn's legacy-multilabel error)
    if np.ndim(y_true) != 1:
        return None
    y = np.asarray(y_true)
    if y.shape[0] == 0 or y.dtype.kind not in "biufUSO":
        return None
    if y.dtype.kind == "O":  # Python labels, as every metrics_sk function takes them
        _, error = python_label_error(y, "y_true")
        if isinstance(error, InputError):  # strings mixed with numbers: refused everywhere
            raise error
        return None if error is not None else y  # NaN, continuous, other: scikit-learn's
    if y.dtype.kind == "f":
        if not (np.isfinite(y).all() and np.array_equal(y, np.trunc(y))):
            return None  # NaN, infinite or continuous: scikit-learn's own outcome
        if y.min() < -(2.0**63) or y.max() >= 2.0**63:  # refused in every family,
            unique_labels(y_true)  # with scikit-learn's own error ("Unknown label type")
            raise ValueError("y_true holds integer-valued floats beyond int64, no longer "
                             "the integers they were written as.")
    return y
