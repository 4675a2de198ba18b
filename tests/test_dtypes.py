"""Every metric of the registry over label dtypes, magnitudes, containers and weights.

Hypothesis draws the labels' dtypes (``int8`` ... ``uint64``, ``bool``, integer-valued
``float32`` / ``float64``, ``str``, ``object``; ``y_true`` and ``y_pred`` of different
widths), values at the limits of those dtypes, the containers (list of Python values,
list of numpy scalars, tuple, ndarray, read-only and non-contiguous arrays, pandas Series,
categorical Series, object arrays) and the weights (none, small and huge integers, floats,
huge and tiny floats, some zeros, ``int32`` / ``float32``, lists). For every metric of
``metrics_sk._registry.METRICS`` it checks:

* the value equals the reference's (scikit-learn's, imbalanced-learn's or fairlearn's
  function, or a formula of scikit-learn's counts for oneDAL's metrics) on the same
  labels encoded as their ranks in ``int64`` (exact at any magnitude) with the weights
  rescaled by a power of two (exact), and equals the reference on the very same inputs
  wherever the reference accepts them and computes them exactly;
* the value is inside the metric's range;
* an input the reference refuses is refused with the same exception type;
* no input is modified.

Score metrics get the same over ``y_true``'s dtypes and containers and ``y_score``'s
containers and float dtypes. The mistakes (mixed label kinds, NaN, masked arrays, ...)
raise the same exception type in every family. The defaults are fast (a few dozen
examples per metric); ``METRICS_SK_HYPOTHESIS_EXAMPLES=500`` runs more.
"""

import copy
import inspect
import math
import os
import warnings
from functools import partial

import numpy as np
import pandas as pd
import pytest
import sklearn.metrics as skm
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose, assert_array_equal

import metrics_sk as msk
from metrics_sk._registry import METRICS

imblearn_metrics = pytest.importorskip("imblearn.metrics")
fairlearn_metrics = pytest.importorskip("fairlearn.metrics")

EXAMPLES = int(os.environ.get("METRICS_SK_HYPOTHESIS_EXAMPLES", "25"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.filter_too_much])

COUNT = sorted(name for name, m in METRICS.items() if m.count)
#: The operating points of one binary score column (metrics_sk/_thresholds.py): called
#: with a 1-D score and a minimum of 0.5 (:func:`_function`); their values are checked
#: against brute force in tests/test_thresholds.py, not against a reference here.
BINARY_SCORES = {name for name, m in METRICS.items()
                 if m.takes == "scores" and m.binary_only and not m.count}
#: The multilabel ranking drop-ins: a label indicator matrix as y_true; their values over
#: containers, dtypes and weights are checked in tests/test_label_ranking.py.
INDICATOR_TARGETS = {name for name, m in METRICS.items() if m.target == "indicator"}
SCORE = sorted(name for name, m in METRICS.items() if not m.count and name not in BINARY_SCORES
               and name not in INDICATOR_TARGETS)


def _function(name):
    """The registry function of ``name``, an operating point's with its minimum 0.5."""
    function = METRICS[name].function
    minimum = [p for p in inspect.signature(function).parameters if p.startswith("min_")]
    return partial(function, **{minimum[0]: 0.5}) if minimum else function


# -- label dtypes and their values at the limits ---------------------------------------------
def _int_values(dtype):
    info = np.iinfo(dtype)
    return sorted({int(info.min), int(info.min) + 1, 0, 1, 2, int(info.max) - 1,
                   int(info.max)})


TEXT = ["", "a", "b", "NA", "zz", "é", "10", "9"]
#: name -> (dtype, the values drawn: exact Python values)
LABEL_DTYPES = {
    **{np.dtype(d).name: (np.dtype(d), _int_values(d)) for d in
       (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)},
    "bool": (np.dtype(bool), [False, True]),
    "float64": (np.dtype(np.float64), [-2.0**53, -1.0, 0.0, 1.0, 2.0, 2.0**53]),
    "float32": (np.dtype(np.float32), [-2.0**24, 0.0, 1.0, 2.0, 2.0**24]),
    "object int": (np.dtype(object), [-2**63, -1, 0, 1, 2, 2**63 - 1]),
    "str": (np.dtype(str), TEXT),
    "object str": (np.dtype(object), TEXT),
}
NUMERIC = [name for name in LABEL_DTYPES if "str" not in name]
TEXTUAL = ["str", "object str"]


def representable(value, dtype_name):
    """Whether the exact label ``value`` is a value of that dtype (kept exact)."""
    dtype, values = LABEL_DTYPES[dtype_name]
    if isinstance(value, str) or dtype_name in TEXTUAL:
        return isinstance(value, str) and dtype_name in TEXTUAL
    if dtype.kind == "b":
        return value in (0, 1)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return info.min <= value <= info.max
    if dtype.kind == "f":
        return float(dtype.type(value)) == value
    return True  # object of Python integers


def make_array(values, dtype_name):
    dtype = LABEL_DTYPES[dtype_name][0]
    if dtype.kind == "O":
        out = np.empty(len(values), dtype=object)
        out[:] = [v if isinstance(v, str) else int(v) for v in values]
        return out
    if dtype.kind == "b":
        return np.array([bool(v) for v in values], dtype=bool)
    return np.array(values, dtype=dtype)


def _non_contiguous(a):
    buffer = np.empty(2 * a.shape[0], dtype=a.dtype)
    buffer[::2] = a
    view = buffer[::2]
    assert a.shape[0] < 2 or not view.flags.c_contiguous
    return view


def _read_only(a):
    a = a.copy()
    a.flags.writeable = False
    return a


CONTAINERS = {
    "list": lambda a: a.tolist(),
    "list of numpy scalars": list,
    "tuple": lambda a: tuple(a.tolist()),
    "ndarray": lambda a: a,
    "read-only": _read_only,
    "non-contiguous": _non_contiguous,
    "series": pd.Series,
    "categorical series": lambda a: pd.Series(a, dtype="category"),
}


# -- weights ------------------------------------------------------------------------------
WEIGHT_KINDS = ["none", "small int", "huge int", "float", "huge float", "tiny float",
                "some zeros", "int32", "float32", "list"]


def draw_weights(draw, kind, n):
    if kind == "none":
        return None
    if kind in ("small int", "int32", "list"):
        w = np.array(draw(st.lists(st.integers(1, 5), min_size=n, max_size=n)),
                     dtype=np.int32 if kind == "int32" else np.int64)
        return w.tolist() if kind == "list" else w
    if kind == "huge int":  # every total still fits int64 (n <= 16)
        return np.array(draw(st.lists(st.integers(2**58, 2**59 - 1), min_size=n, max_size=n)),
                        dtype=np.int64)
    base = np.array(draw(st.lists(st.floats(0.25, 4.0), min_size=n, max_size=n)))
    if kind == "some zeros":
        base[np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)))] = 0.0
        base[0] = max(base[0], 1.0)  # not all zero (the all-zero case is its own test)
    return {"huge float": base * 2.0**1000, "tiny float": base * 2.0**-1000,
            "float32": base.astype(np.float32)}.get(kind, base)


def reference_weights(w):
    """Float64 weights rescaled by the power of two that brings the largest to [0.5, 1)
    (exact), and that power: references overflow or underflow at extreme weights."""
    if w is None:
        return None, 0
    w = np.asarray(w, dtype=np.float64)
    shift = int(np.frexp(w.max())[1])
    return np.ldexp(w, -shift), shift


# -- references ---------------------------------------------------------------------------
def _mcm(t, p, w, labels=None):
    """Per-class (tn, fp, fn, tp) of the union of the labels from scikit-learn's
    confusion matrix; tn summed over the cells outside the class's row and column (not
    the total minus the rest, which leaves rounding crumbs such as 1e-16 for 0)."""
    c = skm.confusion_matrix(t, p, sample_weight=w, labels=labels).astype(float)
    tp = np.diag(c)
    tn = np.array([np.delete(np.delete(c, k, 0), k, 1).sum() for k in range(len(tp))])
    return tn, c.sum(0) - tp, c.sum(1) - tp, tp


def _average_accuracy(t, p, sample_weight=None, **_):
    tn, fp, fn, tp = _mcm(t, p, sample_weight)
    return float(np.mean((tp + tn) / (tp + tn + fp + fn)))


def _harmonic(precision, recall, beta):
    denominator = beta**2 * precision + recall
    return 0.0 if denominator == 0 else (1 + beta**2) * precision * recall / denominator


def _macro_p(t, p, sample_weight=None, **_):
    return skm.precision_score(t, p, average="macro", zero_division=0,
                               sample_weight=sample_weight)


def _macro_r(t, p, sample_weight=None, **_):
    return skm.recall_score(t, p, average="macro", zero_division=0,
                            sample_weight=sample_weight)


def _macro_f(t, p, beta=1.0, sample_weight=None, **_):
    return _harmonic(_macro_p(t, p, sample_weight), _macro_r(t, p, sample_weight), beta)


def _accuracy(t, p, sample_weight=None, **_):
    return skm.accuracy_score(t, p, sample_weight=sample_weight)


def _multiclass_block(t, p, beta=1.0, sample_weight=None, **_):
    accuracy = _accuracy(t, p, sample_weight)
    average = _average_accuracy(t, p, sample_weight)
    return np.array([average, 1 - average, accuracy, accuracy, accuracy,
                     _macro_p(t, p, sample_weight), _macro_r(t, p, sample_weight),
                     _macro_f(t, p, beta, sample_weight)])


def _negative_of(t, p, pos_label):
    others = [v for v in skm._classification.unique_labels(t, p) if v != pos_label]
    return others[0] if others else None


def _binary_confusion(t, p, *, pos_label=1, sample_weight=None, **_):
    labels = [_negative_of(t, p, pos_label), pos_label]
    if labels[0] is None:  # one class: the negative row and column are zero
        labels[0] = pos_label + 1 if not isinstance(pos_label, str) else pos_label + "~"
    (tn, fp), (fn, tp) = skm.confusion_matrix(t, p, labels=labels, sample_weight=sample_weight)
    return np.array([[tp, fn], [fp, tn]])


def _ratio(a, b):
    return 0.0 if b == 0 else a / b


def _per_class(t, p, sample_weight=None, labels=None):
    """Per-class sensitivity and specificity (0/0 -> 0) and supports, from scikit-learn's
    counts."""
    tn, fp, fn, tp = _mcm(t, p, sample_weight, labels)
    sens = np.array([_ratio(a, b) for a, b in zip(tp, tp + fn)])
    spec = np.array([_ratio(a, b) for a, b in zip(tn, tn + fp)])
    return sens, spec, (tp + fn).astype(float), (tn, fp, fn, tp)


def _sens_spec(t, p, *, average="binary", pos_label=1, labels=None, sample_weight=None,
               **_):
    """Sensitivity and specificity from scikit-learn's counts, 0/0 -> 0 (imbalanced-
    learn's own differ where a class has no negatives, and with non-integer weights)."""
    if average == "binary":
        (tp, fn), (fp, tn) = _binary_confusion(t, p, pos_label=pos_label,
                                               sample_weight=sample_weight)
        return _ratio(tp, tp + fn), _ratio(tn, tn + fp)
    sens, spec, support, (tn, fp, fn, tp) = _per_class(t, p, sample_weight, labels)
    if average == "micro":
        return _ratio(tp.sum(), (tp + fn).sum()), _ratio(tn.sum(), (tn + fp).sum())
    if average == "weighted":
        return (_ratio(sens @ support, support.sum()), _ratio(spec @ support, support.sum()))
    return sens.mean(), spec.mean()


def _specificity(t, p, **kwargs):
    return _sens_spec(t, p, **kwargs)[1]


def _balanced_auc(t, p, **kwargs):
    return np.add(*_sens_spec(t, p, **kwargs)) / 2


def _binary_block(t, p, pos_label=1, beta=1.0, sample_weight=None, **_):
    binary = {"pos_label": pos_label, "sample_weight": sample_weight, "zero_division": 0}
    sensitivity, specificity = _sens_spec(t, p, pos_label=pos_label,
                                          sample_weight=sample_weight)
    precision = skm.precision_score(t, p, **binary)
    return np.array([_accuracy(t, p, sample_weight), precision,
                     skm.recall_score(t, p, **binary),
                     skm.fbeta_score(t, p, beta=beta, **binary), specificity,
                     (sensitivity + specificity) / 2])


def _costs(k):
    """expected_cost's cost matrix over ``k`` labels: asymmetric, a non-zero diagonal."""
    i = np.arange(k)
    return np.abs(np.subtract.outer(i, i)) + np.eye(k, k=1) + 0.5 * np.eye(k)


def _expected_cost(t, p, *, cost_matrix, sample_weight=None):
    """sum(C * M) / sum(C) with scikit-learn's confusion matrix C (sorted labels)."""
    c = skm.confusion_matrix(t, p, sample_weight=sample_weight).astype(float)
    return float((c * cost_matrix).sum() / c.sum())


def _cost_kwargs(name, *arrays):
    """The required cost matrix of expected_cost, over the labels of ``arrays``."""
    if name != "expected_cost":
        return {}
    try:
        k = msk.Confusion.from_predictions(*arrays).n_classes
    except (TypeError, ValueError):
        k = 1  # (the inputs are refused before the cost matrix is read)
    return {"cost_matrix": _costs(k)}


REFERENCES = {
    **{name: getattr(skm, name) for name, m in METRICS.items() if m.family == "sklearn"},
    "expected_cost": _expected_cost,
    "average_accuracy_score": _average_accuracy,
    "error_rate": lambda t, p, **kw: 1 - _average_accuracy(t, p, **kw),
    "micro_precision_score": _accuracy,  # micro P = micro R = micro F = accuracy
    "micro_recall_score": _accuracy,
    "micro_fbeta_score": _accuracy,
    "macro_precision_score": _macro_p,
    "macro_recall_score": _macro_r,
    "macro_fbeta_score": _macro_f,
    "multiclass_quality_metrics": _multiclass_block,
    "binary_confusion_matrix": _binary_confusion,
    "binary_quality_metrics": _binary_block,
    "specificity_score": _specificity,
    "balanced_auc_score": _balanced_auc,
    # imbalanced-learn counts its true negatives in samples, not weights: unweighted only
    "geometric_mean_score": imblearn_metrics.geometric_mean_score,
    "selection_rate": fairlearn_metrics.selection_rate,
}

#: Results that are sums of weights (scaled with them); every other result is a ratio.
SCALE_DEPENDENT = {"confusion_matrix", "binary_confusion_matrix", "multilabel_confusion_matrix"}


def _has(name, parameter):
    return parameter in inspect.signature(METRICS[name].function).parameters


def _default(name, parameter):
    return inspect.signature(METRICS[name].function).parameters[parameter].default


def configurations(name):
    """``(binary, kwargs)`` pairs to call a count metric with."""
    fixed = {"zero_division": 0} if _has(name, "zero_division") else {}
    if name == "fbeta_score":
        fixed["beta"] = 2.0
    if name == "cohen_kappa_score":
        return [(False, {"weights": w}) for w in (None, "linear", "quadratic")]
    if name == "precision_recall_fscore_support":
        return [(False, {**fixed, "average": a}) for a in (None, "macro", "weighted")]
    if METRICS[name].binary_only:
        return [(True, fixed)]
    if not _has(name, "average"):
        return [(False, fixed)]
    default = _default(name, "average")
    averages = ["macro", "weighted"] + (["micro"] if name not in (
        "geometric_mean_score",) else [])
    configs = [(False, {**fixed, "average": a}) for a in averages]
    if default == "binary" or name == "geometric_mean_score":
        configs.append((True, {**fixed, "average": "binary"}))
    if name == "geometric_mean_score":
        configs.append((False, fixed))  # average="multiclass"
    return configs


# -- ranges --------------------------------------------------------------------------------
SIGNED = {"matthews_corrcoef", "cohen_kappa_score"}
UNBOUNDED = {"confusion_matrix", "binary_confusion_matrix", "log_loss", "hinge_loss",
             "one_vs_all_log_loss", "expected_cost", "multilabel_confusion_matrix",
             "class_likelihood_ratios"}  # LR+ in [1, inf], LR- in [0, 1] (both above 1: worse
                                         # than chance)


def values_of(result):
    if hasattr(result, "as_array"):
        return np.asarray(result.as_array(), dtype=float).ravel()
    if isinstance(result, tuple):
        return np.concatenate([np.ravel(np.asarray(v, dtype=float)) for v in result
                               if v is not None])
    return np.ravel(np.asarray(result, dtype=float))


def assert_in_range(name, value, kwargs):
    finite = value[~np.isnan(value)]
    low = -1.0 if name in SIGNED else 0.0
    # (a count found by subtraction from float totals near 2**61, as scikit-learn's
    # multilabel_confusion_matrix finds its true negatives, may round a few units below 0)
    slack = 1e-15 * np.abs(finite).max(initial=0.0) if name in UNBOUNDED else 0.0
    assert (finite >= low - slack).all(), (name, value)
    supports = name == "precision_recall_fscore_support" and kwargs.get("average") is None
    if name not in UNBOUNDED and not supports:
        assert (finite <= 1.0 + 1e-12).all(), (name, value)


# -- one case -------------------------------------------------------------------------------
def outcome(function, *args, **kwargs):
    """The result as a float array, or the exception's type."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return values_of(function(*args, **kwargs))
        except Exception as error:  # noqa: BLE001 - its type is what is compared
            return type(error)


def exact_value(v):
    """A label as an exact Python value (numbers merge across dtypes: 1 == 1.0 == True)."""
    v = v.item() if isinstance(v, np.generic) else v
    return int(v) if isinstance(v, (bool, float)) else v


def rank_encode(t_values, p_values, pos_label):
    """The labels as their ranks in the sorted union (int64) and pos_label's rank."""
    union = sorted(set(t_values) | set(p_values))
    rank = {v: i for i, v in enumerate(union)}
    pos = rank.get(exact_value(pos_label), len(union)) if pos_label is not None else None
    return (np.array([rank[v] for v in t_values], dtype=np.int64),
            np.array([rank[v] for v in p_values], dtype=np.int64), pos)


def snapshot(x):
    return copy.deepcopy(x)


def assert_unchanged(before, after):
    if isinstance(after, pd.Series):
        assert after.equals(before) and after.dtype == before.dtype
    elif isinstance(after, np.ndarray):
        assert after.dtype == before.dtype
        np.testing.assert_array_equal(after, before)
    else:
        assert after == before


def sklearn_rounds(t, p):
    """Where scikit-learn does not count the labels exactly: it converts uint64 labels
    met with signed ones (and integers met with floats) to float64, which merges labels
    beyond 2**53 (a documented difference; the rank reference is exact), and it loses
    samples of a categorical Series of booleans met with integers."""
    if any(isinstance(x, pd.Series) and x.dtype == "category" for x in (t, p)):
        return True
    a, b = np.asarray(t), np.asarray(p)
    if a.dtype.kind not in "iubf" or b.dtype.kind not in "iubf":
        return False
    if np.result_type(a, b).kind != "f":
        return False
    return max(abs(int(v)) for v in np.concatenate([a.astype(object), b.astype(object)])) > 2**53


def check_count_case(name, t, p, w, kwargs, *, ours=None):
    """The properties of one count-metric case (see the module docstring)."""
    metric = METRICS[name].function if ours is None else ours
    reference = REFERENCES[name]
    ref_kwargs = kwargs
    t_values = [exact_value(v) for v in t]
    p_values = [exact_value(v) for v in p]
    before = [snapshot(x) for x in (t, p, w)]
    got = outcome(metric, t, p, sample_weight=w, **kwargs)
    for b, a in zip(before, (t, p, w)):
        assert_unchanged(b, a)

    arrays = [np.asarray(x) for x in (t, p)]
    def beyond(a):
        return a.dtype.kind in "uf" and (a.max() >= 2**63 or a.min() < -2**63)

    beyond_int64 = any(a.dtype.kind == "f" and beyond(a) for a in arrays) or (
        all(a.dtype != object for a in arrays) and any(beyond(a) for a in arrays))
    if beyond_int64:  # documented: uint64 labels >= 2**63 are refused by the integer
        # encoder (int64), and floats there always (a list [0, 2**64 - 2] is float64 for
        # numpy: not the integers it was); uint64 met with an object array is counted
        # exactly as objects
        assert got is ValueError, (name, got)
        return
    rt, rp, rpos = rank_encode(t_values, p_values, kwargs.get("pos_label"))
    rkw = dict(ref_kwargs)
    if "pos_label" in rkw:
        rkw["pos_label"] = rpos
    rw, shift = reference_weights(w)
    expected = outcome(reference, rt, rp, sample_weight=rw, **rkw)
    if isinstance(expected, type):  # the reference refuses: the same exception type
        assert got is expected or (isinstance(got, type) and issubclass(got, expected)), (
            name, got, expected)
        return
    assert not isinstance(got, type), (name, got, expected)
    if name in SCALE_DEPENDENT or (name == "precision_recall_fscore_support"
                                   and kwargs.get("average") is None):
        k = expected.shape[0] // 4 if name == "precision_recall_fscore_support" else 0
        expected = expected.copy()
        expected[3 * k:] = np.ldexp(expected[3 * k:], shift)  # the sums of weights
    # sums of weights beyond 2**53 are float64: exact to a few ulps of the total
    atol = 1e-12 * max(1.0, float(np.nanmax(np.abs(expected), initial=0)))
    np.testing.assert_allclose(got, expected, rtol=1e-9, atol=atol, equal_nan=True,
                               err_msg=name)
    assert_in_range(name, got, kwargs)
    # the reference on the very same inputs, where it takes them and counts exactly
    same = outcome(reference, t, p, sample_weight=None if w is None else
                   np.ldexp(np.asarray(w, dtype=np.float64), -shift), **ref_kwargs)
    if not isinstance(same, type) and not sklearn_rounds(t, p):
        if name in SCALE_DEPENDENT or (name == "precision_recall_fscore_support"
                                       and kwargs.get("average") is None):
            return  # compared above (its weight sums are scaled)
        np.testing.assert_allclose(got, same, rtol=1e-9, atol=1e-12, equal_nan=True,
                                   err_msg=name)


# -- strategies ------------------------------------------------------------------------------
@st.composite
def label_pair(draw, binary):
    """(y_true values, y_pred values, their dtype names, pos_label) of one kind of labels
    (numbers or text), each side of its own dtype, values at the dtypes' limits."""
    group = draw(st.sampled_from([NUMERIC, TEXTUAL]))
    dt, dp = draw(st.sampled_from(group)), draw(st.sampled_from(group))
    vt, vp = LABEL_DTYPES[dt][1], LABEL_DTYPES[dp][1]
    common = [v for v in vt if representable(v, dp)]
    if binary:
        pool = draw(st.lists(st.sampled_from(common), min_size=2, max_size=2, unique=True))
        pool_t = pool_p = sorted(pool)
    else:
        pool_t = draw(st.lists(st.sampled_from(vt), min_size=1, max_size=4, unique=True))
        shared = [v for v in pool_t if representable(v, dp)]
        pool_p = draw(st.lists(st.sampled_from(shared + vp), min_size=1, max_size=4,
                               unique=True))
    n = draw(st.integers(1, 16))
    t = draw(st.lists(st.sampled_from(pool_t), min_size=n, max_size=n))
    p = draw(st.lists(st.sampled_from(pool_p), min_size=n, max_size=n))
    pos_label = max(pool_t) if binary else None
    return make_array(t, dt), make_array(p, dp), pos_label


def count_case(name):
    @st.composite
    def case(draw):
        binary, kwargs = draw(st.sampled_from(configurations(name)))
        t, p, pos_label = draw(label_pair(binary))
        kwargs = dict(kwargs, **_cost_kwargs(name, t, p))
        if binary and _has(name, "pos_label"):
            kwargs["pos_label"] = pos_label
        wrap_t = CONTAINERS[draw(st.sampled_from(sorted(CONTAINERS)))]
        wrap_p = CONTAINERS[draw(st.sampled_from(sorted(CONTAINERS)))]
        kinds = ["none"] if name == "geometric_mean_score" else WEIGHT_KINDS
        w = draw_weights(draw, draw(st.sampled_from(kinds)), t.shape[0])
        return wrap_t(t), wrap_p(p), w, kwargs
    return case()


@pytest.mark.parametrize("name", COUNT)
@SETTINGS
@given(data=st.data())
def test_count_metric_over_dtypes_containers_and_weights(name, data):
    t, p, w, kwargs = data.draw(count_case(name))
    check_count_case(name, t, p, w, kwargs)


# -- score metrics ------------------------------------------------------------------------------
def _ova(function):
    """The mean over the classes of ``function(y == class, column)``."""
    def reference(t, scores, *, sample_weight=None):
        classes = np.unique(t)
        return float(np.mean([function(t == c, scores[:, k], sample_weight=sample_weight)
                              for k, c in enumerate(classes)]))
    return reference


SCORE_REFERENCES = {
    "log_loss": skm.log_loss,
    "hinge_loss": skm.hinge_loss,
    "one_vs_all_log_loss": _ova(partial(skm.log_loss, labels=[False, True])),
    "one_vs_all_roc_auc_score": _ova(skm.roc_auc_score),
    # no reference outside metrics_sk (CatBoost's are in test_catboost.py): the value on
    # the plain int64 ranks and a float64 array
    "roc_auc_score": skm.roc_auc_score,
    "average_precision_score": skm.average_precision_score,
    "top_k_accuracy_score": skm.top_k_accuracy_score,
    "roc_auc_mu_score": msk.roc_auc_mu_score,
    "one_vs_all_pr_auc_score": msk.one_vs_all_pr_auc_score,
    "brier_score_loss": skm.brier_score_loss,
    "d2_brier_score": skm.d2_brier_score,
    "d2_log_loss_score": skm.d2_log_loss_score,
    "calibration_error": msk.calibration_error,  # (tests/test_calibration.py: brute force)
}

SCORE_CONTAINERS = {
    "ndarray": lambda a: a,
    "float32": lambda a: a.astype(np.float32),
    "list of lists": lambda a: a.tolist(),
    "read-only": _read_only,
    "non-contiguous": lambda a: np.repeat(a, 2, axis=1)[:, ::2],
    "fortran": np.asfortranarray,
    "dataframe": pd.DataFrame,
}


@st.composite
def score_case(draw, name):
    k = draw(st.integers(2, 3))
    group = draw(st.sampled_from(sorted(LABEL_DTYPES)))
    k = min(k, len(LABEL_DTYPES[group][1]))
    pool = draw(st.lists(st.sampled_from(LABEL_DTYPES[group][1]), min_size=k, max_size=k,
                         unique=True))
    pool = sorted(pool, key=exact_value)
    if len({exact_value(v) for v in pool}) < k:
        assume(False)
    n = draw(st.integers(0, 12))
    t = pool + draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    raw = rng.normal(size=(len(t), k))
    if name in ("log_loss", "one_vs_all_log_loss", "one_vs_all_roc_auc_score",
                "one_vs_all_pr_auc_score", "calibration_error") \
            or METRICS[name].takes == "probabilities":
        raw = np.exp(raw) / np.exp(raw).sum(1, keepdims=True)
    scores = draw(st.sampled_from(sorted(SCORE_CONTAINERS)))
    kind = draw(st.sampled_from(["none", "small int", "float", "huge float", "tiny float"]))
    w = draw_weights(draw, kind, len(t))
    labels = CONTAINERS[draw(st.sampled_from(sorted(CONTAINERS)))](make_array(t, group))
    if name == "hinge_loss" and k == 2:
        raw = raw[:, 1]
        scores = draw(st.sampled_from(["ndarray", "float32", "list of lists", "read-only"]))
    return labels, SCORE_CONTAINERS[scores](raw), w


@pytest.mark.parametrize("name", SCORE)
@SETTINGS
@given(data=st.data())
def test_score_metric_over_label_dtypes_containers_and_weights(name, data):
    t, scores, w = data.draw(score_case(name))
    metric, reference = METRICS[name].function, SCORE_REFERENCES[name]
    before = [snapshot(x) for x in (t, scores, w)]
    got = outcome(metric, t, scores, sample_weight=w)
    for b, a in zip(before, (t, scores, w)):
        if isinstance(a, pd.DataFrame):
            assert a.equals(b)
        else:
            assert_unchanged(b, a)
    arrays = np.asarray(t)
    # y_true alone is encoded exactly (uint64 too); integral floats beyond int64 are refused
    if arrays.dtype.kind == "f" and (
            arrays.max() >= 2**63 or arrays.min() < -2**63):
        assert got is ValueError, (name, got)
        return
    values = [exact_value(v) for v in t]
    ranks, _, _ = rank_encode(values, values, None)
    plain = np.array(scores, dtype=np.asarray(scores).dtype)  # contiguous, same dtype
    rw, _ = reference_weights(w)
    expected = outcome(reference, ranks, plain, sample_weight=rw)
    if isinstance(expected, type):
        assert got is expected, (name, got, expected)
        return
    assert not isinstance(got, type), (name, got, expected)
    single = np.asarray(scores).dtype == np.float32  # float32 sums in the references
    # (D^2 = 1 - S / S_0: the references' float32 rounding is relative to the ratio)
    shift = 1.0 if name.startswith("d2_") else 0.0
    np.testing.assert_allclose(shift - np.asarray(got), shift - np.asarray(expected),
                               rtol=1e-6 if single else 1e-9, atol=1e-12, err_msg=name)
    low, high = 0.0, (np.inf if name in UNBOUNDED else 1.0)
    if name.startswith("d2_"):  # 1 - S / S_0: any value up to 1 (-inf, NaN: scikit-learn's)
        low, got = -np.inf, got[~np.isnan(got)]
    if name == "brier_score_loss":  # sum over the classes of squares: [0, 2]
        high = 2.0
    assert ((got >= low) & (got <= high)).all(), (name, got)


# -- the same mistake, the same exception type, in every family -------------------------------
def _second(name, n):
    m = METRICS[name]
    if m.count:
        return np.array([0, 1] * (n // 2))
    proba = np.tile([[0.3, 0.7]], (n, 1))
    return proba[:, 1] if name == "hinge_loss" or name in BINARY_SCORES else proba


MISTAKES = {
    "strings and numbers in y_true": (ValueError, lambda n: (
        np.array(["a"] + [0, 1] * (n // 2 - 1) + [1], dtype=object), None)),
    "NaN in y_true": (ValueError, lambda n: (np.array([np.nan] + [0.0, 1.0] * (n // 2 - 1)
                                                      + [1.0]), None)),
    "non-integer float in y_true": (ValueError, lambda n: (
        np.array([0.5] + [0.0, 1.0] * (n // 2 - 1) + [1.0]), None)),
    "masked y_true": (ValueError, lambda n: (
        np.ma.array([0, 1] * (n // 2), mask=[1] + [0] * (n - 1)), None)),
    "complex y_true": (ValueError, lambda n: (np.array([0, 1] * (n // 2), dtype=complex),
                                              None)),
    "None in y_true": (TypeError, lambda n: (np.array([None] + [0, 1] * (n // 2 - 1) + [1],
                                                      dtype=object), None)),
    "y_true too short": (ValueError, lambda n: (np.array([0, 1] * (n // 2 - 1)), None)),
    "NaN weight": (ValueError, lambda n: (None, np.r_[np.nan, np.ones(n - 1)])),
    "infinite weight": (ValueError, lambda n: (None, np.r_[np.inf, np.ones(n - 1)])),
    "weights of the wrong length": (ValueError, lambda n: (None, np.ones(n + 1))),
    "2-D weights": (ValueError, lambda n: (None, np.ones((n, 2)))),
    "text weights": (TypeError, lambda n: (None, np.array(["w"] * n))),
    "complex weights": (ValueError, lambda n: (None, np.ones(n, dtype=complex))),
    "masked weights": (ValueError, lambda n: (None, np.ma.array(np.ones(n),
                                                                mask=[1] + [0] * (n - 1)))),
}


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
@pytest.mark.parametrize("name", sorted(METRICS))
def test_the_same_mistake_is_the_same_exception_type_in_every_family(name, mistake):
    error, make = MISTAKES[mistake]
    n = 6
    y_true, w = make(n)
    if y_true is None:
        y_true = np.array([0, 1] * (n // 2))
    kwargs = {} if w is None else {"sample_weight": w}
    if name == "fbeta_score":
        kwargs["beta"] = 1.0
    if name == "expected_cost":
        kwargs["cost_matrix"] = _costs(2)
    if name in INDICATOR_TARGETS:  # the mistake in a column of an indicator matrix
        if mistake == "non-integer float in y_true" and name.endswith("dcg_score"):
            return  # a gain per label: any real number
        y_true = (np.ma.stack if np.ma.isMaskedArray(y_true) else np.stack)(
            [y_true, y_true[::-1]], axis=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(error) as raised:
            _function(name)(y_true, _second(name, n), **kwargs)
    # (a subclass such as InputError or scikit-learn's InvalidParameterError is the type)
    assert isinstance(raised.value, error)


@pytest.mark.parametrize("name", sorted(METRICS))
def test_all_zero_weights_are_a_value_error_or_the_undefined_value(name):
    """Never a ZeroDivisionError or a value out of range: scikit-learn's ValueError, or
    the metric's value for an undefined ratio (zero_division, NaN for the AUCs)."""
    n = 6
    y_true = np.array([0, 1] * (n // 2))
    kwargs = {"beta": 1.0} if name == "fbeta_score" else {}
    if name == "expected_cost":
        kwargs["cost_matrix"] = _costs(2)
    if name == "hinge_loss":  # the drop-in keeps scikit-learn's ZeroDivisionError
        pytest.skip("scikit-learn's hinge_loss raises ZeroDivisionError (test_scores.py)")
    result = outcome(_function(name), y_true, _second(name, n),
                     sample_weight=np.zeros(n), **kwargs)
    assert result is ValueError or not isinstance(result, type), (name, result)
    if not isinstance(result, type):
        finite = result[~np.isnan(result)]
        assert ((finite >= -1) & (finite <= 1)).all(), (name, result)


# -- the key property can fail ------------------------------------------------------------------
def test_the_dtype_property_catches_a_metric_that_casts_to_one_dtype():
    """A count metric that casts y_pred to y_true's dtype (the classic overflow: 261 as
    uint8 is 5) fails the property; so does one that sorts its input in place."""
    t, p = np.array([0, 5], dtype=np.uint8), np.array([0, 261])
    check_count_case("accuracy_score", t, p, None, {})  # the real metric passes

    def casting(y_true, y_pred, **kwargs):
        y_true = np.asarray(y_true)
        return msk.accuracy_score(y_true, np.asarray(y_pred).astype(y_true.dtype), **kwargs)

    with pytest.raises(AssertionError):
        check_count_case("accuracy_score", t, p, None, {}, ours=casting)

    def sorting(y_true, y_pred, **kwargs):
        y_pred.sort()  # modifies the caller's array
        return msk.accuracy_score(y_true, y_pred, **kwargs)

    with pytest.raises(AssertionError):
        check_count_case("accuracy_score", np.array([1, 0]), np.array([1, 0]), None, {},
                         ours=sorting)


# -- the same labels in any pair of containers -------------------------------------------------
#: Containers of strings and of integers: a kind of labels is the same whatever holds it.
LABEL_CONTAINERS = {
    "str": {"numpy str": np.array, "object array": lambda v: np.array(v, dtype=object),
            "list": list, "Series": pd.Series,
            "Series of pandas string": lambda v: pd.Series(v, dtype="string"),
            "Categorical": pd.Categorical},
    "int": {"int64": np.array, "uint8": lambda v: np.array(v, dtype=np.uint8),
            "object array": lambda v: np.array(v, dtype=object), "list": list,
            "Int64 Series": lambda v: pd.Series(v, dtype="Int64"),
            "Categorical": pd.Categorical},
}
_CODES_TRUE, _CODES_PRED = [0, 1, 2, 1, 0, 2, 1], [0, 2, 2, 1, 1, 0, 1]


@pytest.mark.parametrize("kind", sorted(LABEL_CONTAINERS))
@pytest.mark.parametrize("name", COUNT)
def test_count_metric_gives_the_same_numbers_in_every_pair_of_containers(name, kind):
    """Every pair of containers for (y_true, y_pred) gives the metric's value on int64
    numpy codes (scikit-learn's value for the drop-ins)."""
    for binary, kwargs in configurations(name):
        t, p = ([c % 2 for c in v] for v in (_CODES_TRUE, _CODES_PRED)) if binary else (
            _CODES_TRUE, _CODES_PRED)
        expected = outcome(_function(name), np.array(t), np.array(p), **kwargs)
        if METRICS[name].family == "sklearn":
            assert_allclose(expected, outcome(getattr(skm, name), t, p, **kwargs), rtol=1e-14)
        if kind == "str":
            t, p = (["abc"[c] for c in v] for v in (t, p))
            if _has(name, "pos_label"):
                kwargs = {**kwargs, "pos_label": "b"}
        for wrap_t in LABEL_CONTAINERS[kind].values():
            for wrap_p in LABEL_CONTAINERS[kind].values():
                got = outcome(_function(name), wrap_t(t), wrap_p(p), **kwargs)
                assert_array_equal(got, expected, err_msg=f"{name} {kwargs} {wrap_t} {wrap_p}")


# -- weights that are not numbers, or integers beyond int64, in every entry point --------------
_N = 6
_Y = np.array([0, 1, 2, 0, 1, 2])
_P = np.array([0, 2, 2, 0, 1, 1])
_PROBA = np.eye(3)[_P] * 0.7 + 0.1
_GROUPS = np.array(["g", "h"] * 3)


def _extra_calls():
    """Entry points besides the registry's functions that take sample_weight: name ->
    call(weights)."""
    import matplotlib

    matplotlib.use("Agg")
    from sklearn.linear_model import LogisticRegression

    from metrics_sk.catboost import eval_metric

    X = np.arange(2 * _N, dtype=float).reshape(_N, 2)
    fitted = LogisticRegression().fit(X, _Y)
    binary = LogisticRegression().fit(X, _Y % 2)
    folds = {"estimator": [LogisticRegression().fit(X[[2, 3, 4, 5]], _Y[[2, 3, 4, 5]] % 2)],
             "indices": {"train": [np.array([2, 3, 4, 5])], "test": [np.array([0, 1])]}}
    few = {"n_resamples": 20, "random_state": 0}
    return {
        "Confusion.from_predictions": lambda w: msk.Confusion.from_predictions(
            _Y, _P, sample_weight=w),
        "Confusion.from_predictions(groups=)": lambda w: msk.Confusion.from_predictions(
            _Y, _P, sample_weight=w, groups=_GROUPS),
        "Confusion.update": lambda w: msk.Confusion.from_predictions(_Y, _P).update(
            _Y, _P, sample_weight=w),
        "MultilabelConfusion.from_predictions": lambda w:
            msk.MultilabelConfusion.from_predictions(np.eye(3, dtype=int)[_Y % 3],
                                                     np.eye(3, dtype=int)[_P % 3],
                                                     sample_weight=w),
        "MultilabelConfusion.update": lambda w: msk.MultilabelConfusion.from_predictions(
            np.eye(3, dtype=int)[_Y % 3], np.eye(3, dtype=int)[_P % 3]).update(
            np.eye(3, dtype=int)[_Y % 3], np.eye(3, dtype=int)[_P % 3], sample_weight=w),
        "bootstrap (multilabel)": lambda w: msk.bootstrap(
            "f1_score", np.eye(3, dtype=int)[_Y % 3], np.eye(3, dtype=int)[_P % 3],
            average="samples", sample_weight=w, n_resamples=5),
        "MultilabelConfusion.from_predictions (groups)": lambda w:
            msk.MultilabelConfusion.from_predictions(np.eye(3, dtype=int)[_Y % 3],
                                                     np.eye(3, dtype=int)[_P % 3],
                                                     sample_weight=w, groups=_GROUPS),
        "GroupedConfusion.update": lambda w: msk.Confusion.from_predictions(
            _Y, _P, groups=_GROUPS).update(_Y, _P, groups=_GROUPS, sample_weight=w),
        "StreamingLoss.update": lambda w: msk.StreamingLoss("log_loss").update(
            _Y, _PROBA, sample_weight=w),
        "StreamingRanking.update": lambda w: msk.StreamingRanking().update(
            _Y % 2, _PROBA[:, 1], sample_weight=w),
        "bootstrap": lambda w: msk.bootstrap("accuracy_score", _Y, _P, sample_weight=w, **few),
        "bootstrap (scores)": lambda w: msk.bootstrap("log_loss", _Y, _PROBA, sample_weight=w,
                                                      **few),
        "confidence_intervals": lambda w: msk.confidence_intervals(
            msk.Confusion.from_predictions(_Y, _P), "accuracy_score", y_true=_Y, y_pred=_P,
            sample_weight=w, **few),
        "analytic_interval": lambda w: msk.analytic_interval("accuracy_score", _Y, _P,
                                                             sample_weight=w),
        "analytic_interval (scores)": lambda w: msk.analytic_interval(
            "one_vs_all_roc_auc_score", _Y, _PROBA, sample_weight=w),
        "compare": lambda w: msk.compare("accuracy_score", _Y, _P, _Y, sample_weight=w, **few),
        "metric_frame": lambda w: msk.metric_frame(_Y, _P, metrics="accuracy_score",
                                                   groups=_GROUPS, sample_weight=w),
        "demographic_parity_difference": lambda w: msk.demographic_parity_difference(
            _Y % 2, _P % 2, sensitive_features=_GROUPS, sample_weight=w),
        "equalized_odds_difference": lambda w: msk.equalized_odds_difference(
            _Y % 2, _P % 2, sensitive_features=_GROUPS, sample_weight=w),
        "classification_report": lambda w: msk.classification_report(_Y, _P, sample_weight=w),
        **{name: (lambda w, f=getattr(msk, name): f(_Y % 2, _PROBA[:, 1], sample_weight=w))
           for name in ("roc_curve", "precision_recall_curve", "det_curve",
                        "confusion_matrix_at_thresholds", "decision_curve")},
        "net_benefit": lambda w: msk.net_benefit(_Y % 2, _PROBA[:, 1], threshold=0.3,
                                                 sample_weight=w),
        "calibration_curve": lambda w: msk.calibration_curve(_Y % 2, _PROBA[:, 1],
                                                             sample_weight=w),
        "CalibrationSums.update": lambda w: msk.CalibrationSums().update(
            _Y % 2, _PROBA[:, 1], sample_weight=w),
        "Confusion.at_thresholds": lambda w: msk.Confusion.at_thresholds(
            _Y % 2, _PROBA[:, 1], sample_weight=w),
        "metric_at_thresholds": lambda w: msk.metric_at_thresholds(
            _Y % 2, _PROBA[:, 1], msk.f1_score, sample_weight=w),
        "quality_report": lambda w: msk.quality_report(_Y, _P, sample_weight=w),
        "ConfusionDisplay.from_predictions": lambda w: msk.ConfusionDisplay.from_predictions(
            _Y, _P, sample_weight=w),
        "ConfusionDisplay.from_estimator": lambda w: msk.ConfusionDisplay.from_estimator(
            fitted, X, _Y, sample_weight=w),
        **{f"{display}.from_predictions": (
            lambda w, d=getattr(msk, display): d.from_predictions(_Y % 2, _PROBA[:, 1],
                                                                  sample_weight=w))
           for display in ("MetricThresholdCurveDisplay", "DecisionCurveDisplay")},
        **{f"{display}.from_estimator": (
            lambda w, d=getattr(msk, display): d.from_estimator(binary, X, _Y % 2,
                                                                sample_weight=w))
           for display in ("MetricThresholdCurveDisplay", "DecisionCurveDisplay")},
        **{f"{display}.from_predictions": (
            lambda w, d=getattr(msk, display): d.from_predictions(_Y, _PROBA, sample_weight=w))
           for display in ("RocCurveDisplay", "PrecisionRecallDisplay", "DetCurveDisplay")},
        **{f"{display}.from_estimator": (
            lambda w, d=getattr(msk, display): d.from_estimator(fitted, X, _Y,
                                                                sample_weight=w))
           for display in ("RocCurveDisplay", "PrecisionRecallDisplay", "DetCurveDisplay")},
        **{f"{display}.from_cv_results": (
            lambda w, d=getattr(msk, display): d.from_cv_results(folds, X, _Y % 2,
                                                                 sample_weight=w))
           for display in ("RocCurveDisplay", "PrecisionRecallDisplay")},
        "catboost.eval_metric": lambda w: eval_metric(_Y, _PROBA, "MultiClass",
                                                      sample_weight=w),
        "score_decomposition": lambda w: msk.score_decomposition(_Y, _PROBA, sample_weight=w),
        "ReliabilityDisplay.from_predictions": lambda w: (
            msk.ReliabilityDisplay.from_predictions(_Y % 2, _PROBA[:, 1], sample_weight=w)),
        "ReliabilityDisplay.from_estimator": lambda w: msk.ReliabilityDisplay.from_estimator(
            fitted, X, _Y, sample_weight=w),
    }


def _weighted_entry_points():
    """Every public function and method that takes sample_weight (the registry's and the
    other public callables'), found by their signatures."""
    import metrics_sk.catboost as catboost_module

    found = set()
    for module, prefix in ((msk, ""), (catboost_module, "catboost.")):
        for name in module.__all__:
            obj = getattr(module, name)
            members = [(name, obj)] + ([(f"{name}.{a}", getattr(obj, a)) for a in vars(obj)
                                        if not a.startswith("_")]
                                       if inspect.isclass(obj) else [])
            for member, function in members:
                function = getattr(function, "__func__", function)
                if callable(function) and not inspect.isclass(function):
                    try:
                        parameters = inspect.signature(function).parameters
                    except (TypeError, ValueError):
                        continue
                    if "sample_weight" in parameters:
                        found.add(prefix + member)
    return found


WEIGHTED_METRICS = sorted(name for name, m in METRICS.items()
                          if "sample_weight" in inspect.signature(m.function).parameters)
EXTRA_CALLS = _extra_calls()


def test_every_entry_point_taking_sample_weight_is_checked_below():
    covered = set(WEIGHTED_METRICS) | {name.split(" ")[0].split("(")[0] for name in EXTRA_CALLS}
    assert _weighted_entry_points() <= covered, _weighted_entry_points() - covered


def _call(name, w):
    if name in EXTRA_CALLS:
        return EXTRA_CALLS[name](w)
    kwargs = {"beta": 1.0} if name == "fbeta_score" else {}
    if name == "roc_auc_score":  # multi_class="raise" refuses the three classes of _Y
        kwargs["multi_class"] = "ovr"
    binary = METRICS[name].binary_only or (_has(name, "average")
                                           and _default(name, "average") == "binary")
    t = _Y % 2 if binary else _Y
    second = _P % 2 if binary else _P
    if not METRICS[name].count:
        second = _PROBA[:, 1] if name in BINARY_SCORES else _PROBA
    if name in INDICATOR_TARGETS:  # the labels of _Y and of _P as an indicator matrix
        t = np.eye(3, dtype=int)[_Y] | np.eye(3, dtype=int)[_P]
    kwargs.update(_cost_kwargs(name, t, second))
    return _function(name)(t, second, sample_weight=w, **kwargs)


BAD_WEIGHTS = {
    "datetime64": np.arange(_N).astype("datetime64[D]"),
    "timedelta64": np.arange(1, _N + 1).astype("timedelta64[s]"),
    "datetime64 Series": pd.Series(pd.date_range("2024-01-01", periods=_N)),
}


@pytest.mark.parametrize("weights", sorted(BAD_WEIGHTS))
@pytest.mark.parametrize("name", WEIGHTED_METRICS + sorted(EXTRA_CALLS))
def test_dates_and_durations_are_refused_as_weights(name, weights):
    """They were read as numbers of days or seconds (scikit-learn's _check_sample_weight
    converts them too, while its accuracy_score raises a TypeError): refused, naming
    sample_weight, with an error that is a TypeError (metrics_sk's type for a weight
    that is not a number, as for text) and a ValueError (scikit-learn's
    _check_sample_weight's for non-numeric weights)."""
    from sklearn.utils.validation import _check_sample_weight

    with pytest.raises(ValueError):  # scikit-learn's type for weights that are not numbers
        _check_sample_weight(np.array(["w"] * _N), np.zeros((_N, 1)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(TypeError, match="sample_weight must be numeric") as raised:
            _call(name, BAD_WEIGHTS[weights])
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize("name", WEIGHTED_METRICS + sorted(EXTRA_CALLS))
def test_uint64_weights_beyond_int64_are_refused(name):
    """A uint64 weight >= 2**63 wrapped to a negative count (total -9223372036854775800)."""
    w = np.array([2**63 + 5, 1, 1, 1, 1, 1], dtype=np.uint64)
    assert np.array(w, dtype=np.int64)[0] < 0  # (what the weight became in int64)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(ValueError, match="sample_weight holds integers above 2\\*\\*63"):
            _call(name, w)
        if name in METRICS:  # within int64: counted, as the same weights as floats
            fits = np.array([2**40, 1, 3, 1, 2, 1], dtype=np.uint64)
            assert_allclose(values_of(_call(name, fits)),
                            values_of(_call(name, fits.astype(float))), rtol=1e-12)


# -- moved from test_edges.py: labels at their dtype's limits, masks, NaN-likes, bytes,
# -- Decimals, ordered categoricals, containers, and the mistakes named in their messages
import decimal  # noqa: E402

from metrics_sk import Confusion  # noqa: E402

def test_boolean_targets_are_values_never_masks():
    p = np.arange(3000)
    p[5] = 0
    t = np.ones(3000, dtype=bool)
    assert msk.accuracy_score(t, p) == skm.accuracy_score(t, p) == pytest.approx(1 / 3000)
    assert msk.accuracy_score(p, t) == skm.accuracy_score(p, t)
    np.testing.assert_array_equal(Confusion.from_predictions(t, p).labels[:3], [0, 1, 2])


@pytest.mark.parametrize("t, p", [
    (np.array([32767, -32768], dtype=np.int16), np.array([-32768, 32767], dtype=np.int16)),
    (np.array([0, 5], dtype=np.uint8), np.array([-3, 5000])),
    (np.array([0, 5, 100], dtype=np.int8), np.array([-3, 5, 100000])),
    (np.array([0, 65535], dtype=np.uint16), np.array([0, -70000], dtype=np.int64)),
    (np.array([127, -128, 0], dtype=np.int8), np.array([127, -128, 1], dtype=np.int8)),
])
def test_small_integer_dtypes_never_overflow(t, p):
    assert msk.accuracy_score(t, p) == skm.accuracy_score(t, p)
    np.testing.assert_array_equal(msk.confusion_matrix(t, p), skm.confusion_matrix(t, p))


INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
              np.uint64, np.bool_]


@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_any_integer_dtypes_count_as_scikit_learn(data):
    """Labels of any two integer (or boolean) dtypes, near their dtype's limits."""
    dt, dp = (data.draw(st.sampled_from(INT_DTYPES)) for _ in range(2))
    n = data.draw(st.integers(1, 30))

    def draw(dtype):
        info = np.iinfo(dtype) if dtype is not np.bool_ else None
        values = st.booleans() if info is None else st.sampled_from(
            [info.min, info.min + 1, 0, 1, 2, info.max - 1, info.max])
        return np.array(data.draw(st.lists(values, min_size=n, max_size=n)), dtype=dtype)

    t, p = draw(dt), draw(dp)
    if np.uint64 in (dt, dp) and max(int(t.max()), int(p.max())) >= 2**63:
        with pytest.raises(ValueError, match="2\\*\\*63"):
            msk.accuracy_score(t, p)
        return
    if np.result_type(t, p).kind == "f":  # uint64 with signed: scikit-learn rounds to float
        check_exact(t, p)
    else:
        check_like_sklearn(t, p)


def check_exact(t, p, ours=getattr):
    """The confusion matrix and accuracy from Python integers (exact at any magnitude);
    ``ours(msk, name)`` gives the metric checked (a broken one in the companion test)."""
    ti, pi = [int(v) for v in t], [int(v) for v in p]
    labels = sorted(set(ti) | set(pi))
    index = {v: i for i, v in enumerate(labels)}
    expected = np.zeros((len(labels), len(labels)), dtype=np.int64)
    for a, b in zip(ti, pi):
        expected[index[a], index[b]] += 1
    np.testing.assert_array_equal(ours(msk, "confusion_matrix")(t, p), expected)
    assert ours(msk, "accuracy_score")(t, p) == np.trace(expected) / len(ti)


def check_like_sklearn(t, p, ours=getattr):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = skm.confusion_matrix(t, p)
        for name in ("accuracy_score", "balanced_accuracy_score", "matthews_corrcoef"):
            assert ours(msk, name)(t, p) == pytest.approx(
                getattr(skm, name)(t, p), rel=1e-12, nan_ok=True), name
    np.testing.assert_array_equal(ours(msk, "confusion_matrix")(t, p), expected)


def test_the_integer_dtype_property_can_fail():
    """Both checks of the property above pass the real metrics and catch a broken one:
    one that casts y_pred to y_true's dtype (256 as uint8 is 0), one that counts on the
    float64 common type of uint64 and int64 (2**53 + 1 becomes 2**53)."""
    def casting(module, name):
        def metric(y_true, y_pred, **kwargs):
            y_true = np.asarray(y_true)
            return getattr(module, name)(y_true, np.asarray(y_pred).astype(y_true.dtype),
                                         **kwargs)
        return metric

    t, p = np.array([0, 5], dtype=np.uint8), np.array([256, 5])
    check_like_sklearn(t, p)
    with pytest.raises(AssertionError):
        check_like_sklearn(t, p, ours=casting)
    def rounding(module, name):  # counts on numpy's common type, float64 here
        def metric(y_true, y_pred, **kwargs):
            common = np.result_type(y_true, y_pred)
            return getattr(module, name)(np.asarray(y_true, dtype=common),
                                         np.asarray(y_pred, dtype=common), **kwargs)
        return metric

    t, p = np.array([2**53 + 1, 5], dtype=np.uint64), np.array([2**53, 5], dtype=np.int64)
    assert np.result_type(t, p).kind == "f"  # the property's check_exact branch
    check_exact(t, p)
    with pytest.raises(AssertionError):
        check_exact(t, p, ours=rounding)


@pytest.mark.parametrize("name", ["macro_fbeta_score", "accuracy_score", "f1_score",
                                  "confusion_matrix", "cohen_kappa_score"])
def test_masked_arrays_are_refused_not_dropped(name):
    masked = np.ma.array([0, 1, 0, 1, 1], mask=[0, 0, 0, 0, 1])
    with pytest.raises(ValueError, match="y_true is a masked array"):
        getattr(msk, name)(masked, [0, 1, 1, 1, 0])
    with pytest.raises(ValueError, match="y_pred is a masked array"):
        getattr(msk, name)([0, 1, 1, 1, 0], masked)
    with pytest.raises(ValueError, match="sample_weight is a masked array"):
        getattr(msk, name)([0, 1, 1, 1, 0], [0, 1, 1, 1, 0],
                           sample_weight=np.ma.array(np.ones(5), mask=[1, 0, 0, 0, 0]))
    unmasked = np.ma.array([0, 1, 0, 1, 1])  # nothing masked: a plain array
    assert np.all(getattr(msk, name)(unmasked, [0, 1, 1, 1, 0])
                  == getattr(msk, name)(unmasked.data, [0, 1, 1, 1, 0]))


def test_ordered_categoricals_keep_their_declared_order():
    """Issue "Tried as a new user would": an ordered Categorical is not sorted
    lexicographically by metrics_sk's own builder and metrics, nor by the ordinal drop-in
    (weighted kappa); the other drop-ins follow scikit-learn and warn where it shows."""
    pd = pytest.importorskip("pandas")
    cats = ["low", "medium", "high"]
    rng = np.random.default_rng(0)
    t = rng.integers(0, 3, 300)
    p = np.clip(t + rng.integers(-1, 2, 300), 0, 2)
    yt = pd.Categorical(np.array(cats)[t], categories=cats, ordered=True)
    yp = pd.Series(pd.Categorical(np.array(cats)[p], categories=cats, ordered=True))
    for weights in ("linear", "quadratic"):
        # the integer codes are the declared order: scikit-learn's value on them
        assert msk.cohen_kappa_score(yt, yp, weights=weights) == pytest.approx(
            skm.cohen_kappa_score(t, p, weights=weights), rel=1e-12)
    assert msk.get_scorer("weighted_kappa")._score_func(yt, yp, weights="quadratic") == (
        pytest.approx(skm.cohen_kappa_score(t, p, weights="quadratic"), rel=1e-12))
    c = Confusion.from_predictions(yt, yp)
    assert c.labels.tolist() == cats
    np.testing.assert_array_equal(c.to_dense(), skm.confusion_matrix(t, p))
    np.testing.assert_array_equal(msk.multiclass_quality_metrics(yt, yp).confusion_matrix,
                                  skm.confusion_matrix(t, p))
    with pytest.warns(UserWarning, match="ordered categorical.*declared order"):
        cm = msk.confusion_matrix(yt, yp)
    np.testing.assert_array_equal(cm, skm.confusion_matrix(yt, yp))  # scikit-learn's order
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the order does not show: no warning
        assert msk.f1_score(yt, yp, average="macro") == skm.f1_score(yt, yp, average="macro")
        unordered = pd.Categorical(np.array(cats)[t], categories=cats)
        assert msk.Confusion.from_predictions(unordered, unordered).labels.tolist() == sorted(
            cats)


@pytest.mark.parametrize("name", ["accuracy_score", "f1_score", "matthews_corrcoef",
                                  "balanced_accuracy_score", "cohen_kappa_score"])
def test_integer_weights_whose_total_exceeds_int64(name):
    t, p = [0, 1, 1, 0], [0, 1, 0, 0]
    # every cell fits int64, the totals do not (a cell beyond int64 wraps around in
    # confusion_matrix, as scikit-learn's own test_confusion_matrix_dtype requires)
    for w in (np.array([2**62, 2**62 - 1, 2**62, 2**61]),
              np.array([2**62 + 1, 2**62 + 1, 1, 2**60])):
        assert getattr(msk, name)(t, p, sample_weight=w) == pytest.approx(
            getattr(skm, name)(t, p, sample_weight=w.astype(float)))
    assert msk.accuracy_score([0, 1, 1], [0, 1, 0], sample_weight=np.full(3, 2**62)) == (
        pytest.approx(2 / 3))


@pytest.mark.parametrize("name", ["macro_fbeta_score", "f1_score", "accuracy_score",
                                  "one_vs_all_roc_auc_score", "log_loss"])
def test_float_weights_whose_sum_overflows_are_refused(name):
    t, p = [0, 1, 1, 0], [0, 1, 0, 0]
    if name in ("one_vs_all_roc_auc_score", "log_loss"):
        p = np.array([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4], [0.7, 0.3]])
    with pytest.raises(ValueError, match="sample_weight sums to infinity"):
        getattr(msk, name)(t, p, sample_weight=[1e308] * 4)


@pytest.mark.parametrize("name", ["macro_recall_score", "macro_fbeta_score", "f1_score"])
def test_bytes_targets_with_str_labels_are_refused(name):
    kwargs = {"f1_score": {"average": "macro", "zero_division": 0},
              "macro_fbeta_score": {"zero_division": 0}}.get(name, {})
    with pytest.raises(ValueError, match="labels are strings but the targets are bytes"):
        getattr(msk, name)([b"a", b"b"], [b"a", b"b"], labels=["a", "b"], **kwargs)
    with pytest.raises((ValueError, TypeError), match="bytes"):  # scikit-learn's TypeError
        getattr(msk, name)(np.array([b"a", "b"], dtype=object), ["a", "b"], **kwargs)
    # bytes with bytes labels are counted (scikit-learn refuses bytes labels altogether);
    # hand-computed: class a has P 1/2, R 1; class b has P 0/0 (-> 0), R 0
    assert getattr(msk, name)([b"a", b"b"], [b"a", b"a"], labels=[b"a", b"b"], **kwargs) == (
        pytest.approx({"macro_recall_score": 0.5, "macro_fbeta_score": 1 / 3,  # P 1/4, R 1/2
                       "f1_score": 1 / 3}[name]))


NAN_LIKES = [float("nan"), np.float32("nan"), decimal.Decimal("NaN"), decimal.Decimal("sNaN"),
             pd.NA, pd.NaT]


@pytest.mark.parametrize("nan", NAN_LIKES, ids=repr)
@pytest.mark.parametrize("name", ["accuracy_score", "macro_fbeta_score", "confusion_matrix"])
def test_nan_likes_in_object_arrays_are_the_float_nan_error(nan, name):
    with pytest.raises(ValueError, match="Input y_true contains NaN"):
        getattr(msk, name)(np.array([nan, 1, 0], dtype=object), [1, 1, 0])
    with pytest.raises(ValueError, match="Input y_pred contains NaN"):
        getattr(msk, name)([1, 1, 0], np.array([1, nan, 0], dtype=object))
    with pytest.raises(ValueError, match="Input y_true contains NaN"):  # the float array
        getattr(msk, name)(np.array([np.nan, 1, 0]), [1, 1, 0])


def test_non_integer_decimals_are_refused_like_floats():
    with pytest.raises(ValueError):  # scikit-learn's continuous-target error for floats
        msk.accuracy_score(np.array([1.5, 1.0, 0.0]), [1, 1, 0])
    with pytest.raises(ValueError, match="y_true holds continuous values"):
        msk.accuracy_score(np.array([decimal.Decimal("1.5"), 1, 0], dtype=object), [1, 1, 0])
    with pytest.raises(ValueError, match="y_true contains infinity"):
        msk.accuracy_score(np.array([decimal.Decimal("Infinity"), 1, 0], dtype=object),
                           [1, 1, 0])
    for y in (np.array([1 + 1j, 1, 0], dtype=object), np.array([1 + 1j, 1, 0])):
        with pytest.raises(ValueError, match="Complex data not supported"):
            msk.accuracy_score(y, [1, 1, 0])
        with pytest.raises(ValueError, match="Complex data not supported"):
            skm.accuracy_score(np.array([1 + 1j, 1, 0]), [1, 1, 0])
    # integer-valued Decimals are labels, counted as the integers they hold
    assert msk.accuracy_score(np.array([decimal.Decimal(3), 1, 0], dtype=object),
                              [3, 1, 1]) == skm.accuracy_score([3, 1, 0], [3, 1, 1])


PLAIN_CONTAINERS = {
    "list": list,
    "ndarray": np.asarray,
    "series": pd.Series,
    "object array": lambda v: np.array(v, dtype=object),
    "tuple": tuple,
}


COUNT_CASES = [
    ("accuracy_score", {}), ("balanced_accuracy_score", {}), ("matthews_corrcoef", {}),
    ("cohen_kappa_score", {}), ("hamming_loss", {}), ("zero_one_loss", {}),
    ("confusion_matrix", {}),
    ("f1_score", {"average": "macro", "zero_division": 0}),
    ("precision_score", {"average": "weighted", "zero_division": 0}),
    ("recall_score", {"average": "micro", "zero_division": 0}),
    ("fbeta_score", {"average": None, "beta": 2.0, "zero_division": 0}),
]


def check_containers(t, p, wrap_t, wrap_p, ours=None):
    """Every count case on the wrapped labels equals scikit-learn on the plain lists
    (scikit-learn itself refuses object arrays of numbers as 'unknown' targets)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, kwargs in COUNT_CASES:
            metric = getattr(msk, name) if ours is None else ours(name)
            got = metric(wrap_t(t), wrap_p(p), **kwargs)
            expected = getattr(skm, name)(list(t), list(p), **kwargs)
            np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12,
                                       err_msg=name)


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_any_label_container_counts_as_scikit_learn(data):
    values = data.draw(st.sampled_from([[0, 1, 2, 7], ["a", "b", "NA", "zz"], [True, False]]))
    n = data.draw(st.integers(1, 25))
    t = data.draw(st.lists(st.sampled_from(values), min_size=n, max_size=n))
    p = data.draw(st.lists(st.sampled_from(values), min_size=n, max_size=n))
    wrap_t, wrap_p = (PLAIN_CONTAINERS[data.draw(st.sampled_from(sorted(PLAIN_CONTAINERS)))]
                      for _ in range(2))
    check_containers(t, p, wrap_t, wrap_p)


def test_the_container_property_can_fail():
    """A metric that loses the pairing of a pandas Series (sorting it) fails the check."""
    def sorting(name):
        def metric(y_true, y_pred, **kwargs):
            if isinstance(y_pred, pd.Series):
                y_pred = y_pred.sort_values()
            return getattr(msk, name)(y_true, y_pred, **kwargs)
        return metric

    t, p = [1, 0, 2, 0], [2, 0, 1, 0]
    check_containers(t, p, list, pd.Series)
    with pytest.raises(AssertionError):
        check_containers(t, p, list, pd.Series, ours=sorting)


MASKED_LABELS = np.ma.array([0, 1, 0, 1], mask=[0, 0, 1, 0])


PROBA_2 = np.array([0.2, 0.7, 0.6, 0.9])


@pytest.mark.parametrize("name, argument", [
    ("log_loss", "y_proba"), ("hinge_loss", "pred_decision"), ("one_vs_all_log_loss", "y_score"),
    ("one_vs_all_roc_auc_score", "y_score"), ("one_vs_all_pr_auc_score", "y_score"),
    ("roc_auc_mu_score", "y_score"),
])
def test_masked_score_inputs_are_refused_not_dropped(name, argument):
    """A masked y_true or y_score of a score metric is refused as for the count metrics,
    also by the drop-ins (scikit-learn drops the mask of y_score, and fails on a masked
    y_true with "unhashable type: 'MaskedConstant'")."""
    metric = getattr(msk, name)
    scores = np.column_stack((1 - PROBA_2, PROBA_2)) if name != "hinge_loss" else PROBA_2
    masked_scores = np.ma.array(scores, mask=np.zeros(scores.shape, bool))
    masked_scores.mask[2] = True
    with pytest.raises(ValueError, match="y_true is a masked array"):
        metric(MASKED_LABELS, scores)
    with pytest.raises(ValueError, match=f"{argument} is a masked array"):
        metric(MASKED_LABELS.data, masked_scores)
    # nothing masked: the plain arrays' value (to rounding: scikit-learn computes the
    # masked arrays' drop-ins, with float sums)
    assert metric(np.ma.array(MASKED_LABELS.data), np.ma.array(scores)) == pytest.approx(
        metric(MASKED_LABELS.data, scores), rel=1e-15)


@pytest.mark.parametrize("name", ["log_loss", "hinge_loss", "one_vs_all_log_loss",
                                  "roc_auc_mu_score", "accuracy_score", "macro_fbeta_score"])
def test_mixed_label_types_are_one_value_error_in_every_family(name):
    """A y_true mixing strings and numbers is the same ValueError for the score drop-ins
    as for every other metric (scikit-learn's log_loss and hinge_loss raise TypeError)."""
    y = np.array(["a", 1, 0, 1], dtype=object)
    from metrics_sk._registry import METRICS

    second = ([1, 1, 0, 1] if METRICS[name].count else PROBA_2 if name == "hinge_loss"
              else np.column_stack((1 - PROBA_2, PROBA_2)))
    with pytest.raises(ValueError, match="Mix of label input types"):
        getattr(msk, name)(y, second)


@pytest.mark.parametrize("name", ["hinge_loss", "log_loss", "accuracy_score",
                                  "one_vs_all_log_loss"])
def test_two_dimensional_weights_are_a_value_error_everywhere(name):
    """scikit-learn's hinge_loss raises TypeError for 2-D weights, its log_loss and
    every metrics_sk function ValueError: the drop-in checks weights before handing over."""
    y = [0, 1, 1, 0]
    second = {"hinge_loss": PROBA_2, "accuracy_score": [0, 1, 0, 0]}.get(
        name, np.column_stack((1 - PROBA_2, PROBA_2)))
    with pytest.raises(ValueError, match="1D array or scalar"):
        getattr(msk, name)(y, second, sample_weight=np.ones((4, 2)))



def test_the_score_dtype_property_can_fail(monkeypatch):
    """A log loss that reads the score columns in reverse class order fails the property
    (hypothesis finds a counterexample among its first draws)."""
    import dataclasses

    real = METRICS["log_loss"].function

    def reversed_columns(y_true, y_score, **kwargs):
        return real(y_true, np.asarray(y_score)[:, ::-1], **kwargs)

    monkeypatch.setitem(METRICS, "log_loss",
                        dataclasses.replace(METRICS["log_loss"], function=reversed_columns))
    with pytest.raises((AssertionError, ExceptionGroup)) as raised:
        test_score_metric_over_label_dtypes_containers_and_weights("log_loss")
    if isinstance(raised.value, ExceptionGroup):  # several distinct failures found
        assert raised.value.subgroup(AssertionError) is not None


@pytest.mark.parametrize("container", ["ndarray", "series", "categorical series"])
@pytest.mark.parametrize("name, kwargs", [("matthews_corrcoef", {}), ("accuracy_score", {}),
                                          ("f1_score", {"average": "macro"}),
                                          ("f1_score", {"average": "macro",
                                                        "labels": [5, 0]})])
def test_uint64_beyond_int64_met_with_objects_and_zero_weights(container, name, kwargs):
    # uint64 labels >= 2**63 met with an object array are counted exactly as objects, also
    # with zero weights (where the labels of y_true were encoded alone, and refused)
    values = [2**64 - 2, 0, 2**64 - 2, 5, 0, 2**64 - 2, 5, 0, 0, 2**64 - 2, 5]
    pred = [2**64 - 2, 0, 5, 5, 0, 2**64 - 2, 0, 0, 5, 2**64 - 2, 5]
    t = CONTAINERS[container](np.array(values, dtype=np.uint64))
    p = np.array(pred, dtype=object)
    w = np.array([0, 1, 2, 1, 0, 3, 1, 1, 2, 1, 1], dtype=np.float64)
    rank = {0: 0, 5: 1, 2**64 - 2: 2}  # the labels' order, in int64
    ref_kwargs = dict(kwargs)
    if "labels" in kwargs:
        ref_kwargs["labels"] = [rank[v] for v in kwargs["labels"]]
    expected = getattr(skm, name)([rank[v] for v in values], [rank[v] for v in pred],
                                  sample_weight=w, **ref_kwargs)
    got = getattr(msk, name)(t, p, sample_weight=w, **kwargs)
    assert got == pytest.approx(expected, rel=1e-12)
