"""Thresholds as a batch axis: ``Confusion.at_thresholds``, ``metric_at_thresholds``.

The references are the metrics of the predictions ``y_score >= t`` computed one threshold
at a time by scikit-learn (its drop-ins' originals), imbalanced-learn and fairlearn, and
by metrics_sk's own functions for oneDAL's metrics (tested against hand-computed values
in tests/test_onedal.py) and the G-mean (imbalanced-learn's differs where a class is
never predicted or has only zero weights).
"""

import inspect
import warnings

import numpy as np
import pytest
import sklearn.metrics
from hypothesis import given, settings
from hypothesis import strategies as st

import metrics_sk
from metrics_sk import Confusion
from metrics_sk._facts import FACTS

COUNT_METRICS = [name for name, f in FACTS.items() if f.count]


def _reference(name):
    """The one-threshold reference of count metric ``name``."""
    if name == "selection_rate":
        import fairlearn.metrics

        return fairlearn.metrics.selection_rate
    if hasattr(sklearn.metrics, name) and FACTS[name].family == "sklearn":
        return getattr(sklearn.metrics, name)
    return getattr(metrics_sk, name)


def _params(name, pos_label):
    params = set(inspect.signature(getattr(metrics_sk, name)).parameters)
    out = {"pos_label": pos_label} if "pos_label" in params else {}
    if name == "fbeta_score":
        out["beta"] = 2.0
    if name == "geometric_mean_score":
        out["average"] = "binary"
    if name == "expected_cost":  # a required cost matrix over the two classes (binary)
        out["cost_matrix"] = [[0.0, 5.0], [1.0, -0.5]]
    return out


def _values(value):
    """A metric value as a flat list of floats (blocks: their fields; tuples: each part)."""
    if hasattr(value, "as_dict"):
        value = list(value.as_dict().values())
    if isinstance(value, (tuple, list)):
        return np.concatenate([np.ravel(np.asarray(v, dtype=float)) for v in value
                               if v is not None])
    return np.ravel(np.asarray(value, dtype=float))


def _mismatches(y_true, y_score, weights, pos_label, batch):
    """The count metrics whose value on ``batch`` differs, at some threshold, from the
    metric of the predictions ``y_score >= t`` (the other class below ``t``)."""
    classes = np.unique(y_true)
    neg = classes[classes != pos_label][0]
    kept = np.ones(len(y_score), bool) if weights is None else weights != 0
    expected_thresholds = np.unique(y_score[kept])[::-1]
    assert np.array_equal(batch.thresholds, expected_thresholds)
    wrong = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in COUNT_METRICS:
            params = _params(name, pos_label)
            got = getattr(batch, name)(**params)
            for j, t in enumerate(batch.thresholds):
                y_pred = np.where(y_score >= t, pos_label, neg)
                want = _values(_reference(name)(y_true, y_pred, sample_weight=weights,
                                                **params))
                if hasattr(got, "as_dict"):
                    here = _values([v[j] for v in got.as_dict().values()])
                elif isinstance(got, tuple):
                    here = _values([None if v is None else v[j] for v in got])
                else:
                    here = _values(got[j])
                if not np.allclose(here, want, rtol=1e-12, atol=1e-12, equal_nan=True):
                    wrong.append((name, t))
                    break
    return wrong


@st.composite
def _scored(draw):
    n = draw(st.integers(2, 30))
    y = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    y[0], y[1] = 0, 1  # both classes
    scores = draw(st.lists(st.integers(0, 6), min_size=n, max_size=n))  # ties
    weighted = draw(st.booleans())
    weights = None
    if weighted:
        weights = np.array(draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.5, 3.0]),
                                          min_size=n, max_size=n)))
        weights[0], weights[1] = 1.0, 2.0  # both classes weigh
    strings = draw(st.booleans())
    labels = np.array(["no", "yes"]) if strings else np.array([0, 1])
    pos = draw(st.sampled_from([0, 1]))
    return labels[np.array(y)], np.array(scores) / 4.0, weights, labels[pos]


@settings(max_examples=60, deadline=None)
@given(_scored())
def test_every_count_metric_at_every_threshold(case):
    y_true, y_score, weights, pos_label = case
    batch = Confusion.at_thresholds(y_true, y_score, pos_label=pos_label,
                                    sample_weight=weights)
    assert _mismatches(y_true, y_score, weights, pos_label, batch) == []


def test_the_property_can_fail():
    """The check of the property finds a batch of the wrong class or thresholds."""
    y_true = np.array([0, 0, 1, 1, 0, 1])
    y_score = np.array([0.1, 0.4, 0.35, 0.8, 0.8, 0.2])
    flipped = Confusion.at_thresholds(y_true, -y_score)  # the ranking reversed
    flipped.thresholds = -flipped.thresholds[::-1]
    assert _mismatches(y_true, y_score, None, 1, flipped)
    other = Confusion.at_thresholds(y_true, y_score, pos_label=0)
    assert _mismatches(y_true, y_score, None, 1, other)


@pytest.mark.parametrize("pos_label", [1, 0])
@pytest.mark.parametrize("weighted", [False, True])
def test_threshold_batch_margins_are_the_cells_sums(weighted, pos_label):
    """The 2 x 2 margins of a threshold batch (summed per column, column-major) are
    those a batch sums from the same cells, bit for bit and of the same dtypes; the
    supports are the class totals at every threshold."""
    from metrics_sk._batch import ConfusionBatch

    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 300)
    s = np.round(rng.normal(size=300), 1)  # ties
    w = rng.random(300) if weighted else None
    batch = Confusion.at_thresholds(y, s, sample_weight=w, pos_label=pos_label)
    assert batch.counts.flags.f_contiguous
    summed = ConfusionBatch(batch, batch.rows, batch.cols,
                            np.ascontiguousarray(batch.counts), own_labels=True)
    for got, want in zip(batch.whole_margins(), summed.whole_margins()):
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)
    weights = np.ones(300) if w is None else w
    totals = [weights[y == 0].sum(), weights[y == 1].sum()]
    np.testing.assert_allclose(batch.support, np.tile(totals, (len(batch), 1)), rtol=1e-12)


@pytest.mark.parametrize("exponent", [-101, -99, 0, 99, 101])
def test_mcc_of_scaled_weights(exponent):
    """MCC is scale-free: weights times 2**e give the value bit for bit, whether the
    totals need the formula's power-of-two scaling (beyond 2**+-100) or not; and
    scikit-learn's value."""
    rng = np.random.default_rng(6)
    y = rng.integers(0, 2, 50)
    s = rng.normal(size=50) + y
    w = rng.random(50)
    base = Confusion.at_thresholds(y, s, sample_weight=w).matthews_corrcoef()
    scaled = Confusion.at_thresholds(y, s, sample_weight=np.ldexp(w, exponent))
    np.testing.assert_array_equal(scaled.matthews_corrcoef(), base)
    at = len(base) // 2
    want = sklearn.metrics.matthews_corrcoef(y, s >= scaled.thresholds[at], sample_weight=w)
    assert base[at] == pytest.approx(want, rel=1e-12)


def test_every_threshold_mcc_allocates_little():
    """Every-threshold MCC of n distinct scores (the case of issue 22's target, at
    n = 2e5) allocates at most 64 bytes per score at its peak: the sort's keys (the
    thresholds), the diagonal and predicted counts of the 2 x 2 tables, two arrays of the
    formula. It allocated 169 (the R x 4 cells, four margin arrays, a dozen formula
    temporaries), and each fresh array of a long batch costs more in page faults than
    the pass filling it. The values: scikit-learn's at every 1000th threshold."""
    import tracemalloc

    rng = np.random.default_rng(11)
    n = 200_000
    y = rng.integers(0, 2, n)
    s = y + rng.normal(size=n)
    tracemalloc.start()
    try:
        batch = Confusion.at_thresholds(y, s)
        values = batch.matthews_corrcoef()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak <= 64 * n, peak / n
    for at in range(0, n, 1000):
        want = sklearn.metrics.matthews_corrcoef(y, s >= batch.thresholds[at])
        assert values[at] == pytest.approx(want, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("pos_label", [1, 0])
@pytest.mark.parametrize("weighted", [False, True])
def test_threshold_batch_values_are_those_of_its_cells(weighted, pos_label):
    """Every count metric of a threshold batch (its supports and total broadcast rows
    when unweighted, its cells built when first read) is, bit for bit, that of the
    plain batch of a copy of the same cells (margins summed, stored as arrays; the same
    column-major order: a sum over a row's 4 cells rounds otherwise in C order); and its
    cells are scikit-learn's ``confusion_matrix_at_thresholds``."""
    from metrics_sk._batch import ConfusionBatch

    rng = np.random.default_rng(12)
    y = rng.integers(0, 2, 500)
    s = np.round(rng.normal(size=500), 2)  # ties
    w = rng.random(500) if weighted else None
    batch = Confusion.at_thresholds(y, s, sample_weight=w, pos_label=pos_label)
    plain = ConfusionBatch(batch, batch.rows, batch.cols,
                           batch.counts.copy(order="F"), own_labels=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in COUNT_METRICS:
            params = _params(name, pos_label)
            got = _values(getattr(batch, name)(**params))
            want = _values(getattr(ConfusionBatch, name)(plain, **params))
            np.testing.assert_array_equal(got, want, err_msg=name)
    tns, fps, fns, tps, _ = sklearn.metrics.confusion_matrix_at_thresholds(
        y, s, pos_label=pos_label, sample_weight=w)
    for got, want in zip((batch.tns, batch.fps, batch.fns, batch.tps), (tns, fps, fns, tps)):
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-9)


def test_result_blocks_at_every_threshold_print():
    """The result blocks of a threshold batch hold one value per threshold, and their
    repr prints them (it raised TypeError formatting an array with ``.6g``). Hand-computed:
    scores 0.8 (1), 0.4 (0), 0.35 (1), 0.1 (0)."""
    batch = Confusion.at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    binary = batch.binary_quality_metrics()
    assert repr(binary) == (
        "BinaryQualityMetrics(accuracy=[0.75, 0.5, 0.75, 0.5], "
        "precision=[1, 0.5, 0.666667, 0.5], recall=[0.5, 0.5, 1, 1], "
        "fscore=[0.666667, 0.5, 0.8, 0.666667], specificity=[1, 0.5, 0.5, 0], "
        "auc=[0.75, 0.5, 0.75, 0.5])")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (nothing predicted as 0 at the lowest threshold)
        multi = batch.multiclass_quality_metrics()
    assert repr(multi).startswith(
        "MulticlassQualityMetrics(average_accuracy=[0.75, 0.5, 0.75, 0.5], "
        "error_rate=[0.25, 0.5, 0.25, 0.5], ")
    assert "macro_precision=[0.833333, 0.5, 0.833333, 0.25]" in repr(multi)
    long = Confusion.at_thresholds(np.arange(100) % 2, np.arange(100.0))  # odd: positive
    assert "accuracy=[0.51, 0.5, 0.51, ..., 0.5, 0.51, 0.5]" in repr(
        long.binary_quality_metrics())
    one = metrics_sk.binary_quality_metrics([1, 1, -1, -1, 1], [1, -1, -1, 1, 1])
    assert repr(one).startswith("BinaryQualityMetrics(accuracy=0.6, precision=0.666667, ")


_BAD_SCORES = [
    ([0.1, 0.2, 0.3], ValueError),  # a length that differs
    ([[0.1, 0.9], [0.2, 0.8], [0.3, 0.7], [0.4, 0.6]], ValueError),  # 2-D
    ([0.1, np.nan, 0.3, 0.4], ValueError),
    ([0.1, np.inf, 0.3, 0.4], ValueError),
    (np.array([1, 2**53, 3, 4]), ValueError),  # integers float64 would round
]


@pytest.mark.parametrize("y_score, error", _BAD_SCORES)
def test_one_check_of_binary_scores(y_score, error):
    """Every binary scoring that names its mistakes (the batch, the operating points,
    the decision curve) gives the same error, type and message, for the same mistake in
    ``y_score``: one check (``net_benefit`` had its own messages and read integers from
    2**53 rounded; the others blamed such integers on ``y_true``)."""
    y = [0, 1, 0, 1]
    calls = [lambda: Confusion.at_thresholds(y, y_score),
             lambda: metrics_sk.recall_at_precision(y, y_score, min_precision=0.5),
             lambda: metrics_sk.equal_error_rate(y, y_score),
             lambda: metrics_sk.net_benefit(y, y_score, threshold=0.3),
             lambda: metrics_sk.decision_curve(y, y_score)]
    messages = set()
    for call in calls:
        with pytest.raises(error, match="y_score") as info:
            call()
        assert type(info.value) is error
        messages.add(str(info.value))
    assert len(messages) == 1, messages


def test_boolean_scores_at_every_threshold():
    """Boolean scores are the scores 0 and 1 (a misleading "both classes weight" error
    before): scikit-learn's counts and thresholds."""
    y = np.array([0, 1, 1, 0, 1])
    s = np.array([False, True, False, False, True])
    batch = Confusion.at_thresholds(y, s)
    tns, fps, fns, tps, thresholds = sklearn.metrics.confusion_matrix_at_thresholds(
        y, s.astype(float))
    assert batch.thresholds.tolist() == thresholds.tolist() == [1.0, 0.0]
    assert batch.tps.tolist() == tps.tolist() and batch.fps.tolist() == fps.tolist()
    assert metrics_sk.equal_error_rate(y, s) == metrics_sk.equal_error_rate(y, s * 1.0)


def test_at_thresholds_values():
    """Hand-computed: scores 0.8 (1), 0.4 (0), 0.35 (1), 0.1 (0)."""
    batch = Confusion.at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    assert batch.thresholds.tolist() == [0.8, 0.4, 0.35, 0.1]
    assert batch.tps.tolist() == [1, 1, 2, 2] and batch.fps.tolist() == [0, 1, 1, 2]
    assert batch.accuracy_score().tolist() == [0.75, 0.5, 0.75, 0.5]
    assert batch.confusion_matrix().tolist()[2] == [[1, 1], [0, 2]]
    assert len(batch) == 4 and batch.labels.tolist() == [0, 1]


@pytest.mark.parametrize("kwargs, match", [
    ({"y_score": [0.1, 0.2, 0.3]}, "y_score"),
    ({"y_score": [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6], [0.7, 0.8]]}, "y_score"),
    ({"y_score": [0.1, np.nan, 0.3, 0.4]}, "y_score"),
    ({"sample_weight": [1, 1, 1]}, "sample_weight"),
    ({"y_true": [0, 1, 2, 1]}, "y_true"),
    ({"y_true": [1, 1, 1, 1]}, "y_true"),
    ({"y_true": ["a", "b", "a", "b"]}, "pos_label"),
    ({"pos_label": 3}, "pos_label"),
])
def test_at_thresholds_bad_input(kwargs, match):
    args = {"y_true": [0, 1, 0, 1], "y_score": [0.1, 0.2, 0.3, 0.4], **kwargs}
    with pytest.raises(ValueError, match=match):
        Confusion.at_thresholds(**args)


def test_metric_options_are_checked():
    batch = Confusion.at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    with pytest.raises(ValueError, match="average"):
        batch.f1_score(average="nope")


# -- metric_at_thresholds against scikit-learn's -------------------------------------------
def _case(n=300, seed=0, weighted=False):
    rng = np.random.RandomState(seed)
    y = rng.randint(0, 2, n)
    s = np.round(rng.rand(n) + 0.3 * y, 2)  # ties
    w = rng.choice([0.0, 1.0, 2.0, 0.5], n) if weighted else None
    return y, s, w


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("func, params", [
    (sklearn.metrics.f1_score, {}),
    (metrics_sk.f1_score, {}),
    (sklearn.metrics.matthews_corrcoef, {}),
    (sklearn.metrics.accuracy_score, {"normalize": False}),
    (sklearn.metrics.precision_score, {"pos_label": 0, "zero_division": 0}),
    (sklearn.metrics.recall_score, {"average": None}),
    (sklearn.metrics.fbeta_score, {"beta": 0.5, "average": "macro"}),
    (sklearn.metrics.cohen_kappa_score, {}),
    (sklearn.metrics.balanced_accuracy_score, {"adjusted": True}),
    (metrics_sk.specificity_score, {}),
    (sklearn.metrics.confusion_matrix, {}),  # a matrix: per threshold
    (lambda y, p, **kw: float(np.mean(y == p)), {}),  # any callable: per threshold
])
def test_metric_at_thresholds_is_sklearns(func, params, weighted):
    y, s, w = _case(weighted=weighted)
    if func is metrics_sk.specificity_score:  # scikit-learn's: recall of the negatives
        ref = (sklearn.metrics.recall_score, {"pos_label": 0})
    else:
        ref = (func, params)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want, want_t = sklearn.metrics.metric_at_thresholds(y, s, ref[0], sample_weight=w,
                                                            metric_params=ref[1])
        got, got_t = metrics_sk.metric_at_thresholds(y, s, func, sample_weight=w,
                                                     metric_params=params)
    np.testing.assert_array_equal(got_t, want_t)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-14)


def test_metric_at_thresholds_recognises_count_metrics():
    """A recognised metric is evaluated on the batch: never called per threshold."""
    from metrics_sk._thresholds import _count_metric_name

    assert _count_metric_name(sklearn.metrics.f1_score) == "f1_score"
    assert _count_metric_name(metrics_sk.matthews_corrcoef) == "matthews_corrcoef"
    assert _count_metric_name(metrics_sk.macro_fbeta_score) == "macro_fbeta_score"
    assert _count_metric_name(lambda y, p: 0.0) is None
    assert _count_metric_name(sklearn.metrics.confusion_matrix) is None  # per threshold


def test_metric_at_thresholds_errors_are_sklearns():
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        metrics_sk.metric_at_thresholds([0, 1, 1], [0.1, 0.2], sklearn.metrics.f1_score)
    with pytest.raises(TypeError, match="unexpected keyword argument"):
        metrics_sk.metric_at_thresholds([0, 1, 1], [0.1, 0.2, 0.3], lambda y, p: 0.0,
                                        sample_weight=[1, 1, 1])
    with pytest.raises(ValueError, match="metric_func"):
        metrics_sk.metric_at_thresholds([0, 1, 1], [0.1, 0.2, 0.3], "f1_score")


# -- operating points and the equal error rate against brute force -------------------------
POINTS = {  # name: (minimum keyword, value, constraint, with the +inf threshold)
    "recall_at_precision": ("min_precision", "recall", "precision", False),
    "precision_at_recall": ("min_recall", "precision", "recall", False),
    "sensitivity_at_specificity": ("min_specificity", "recall", "specificity", True),
    "specificity_at_sensitivity": ("min_sensitivity", "specificity", "recall", True),
}


def _rate(which, y_true, y_pred, weights, pos_label):
    """scikit-learn's precision or recall (specificity: the recall of the negatives) of
    labels ``y_pred``; None where undefined (nothing predicted positive)."""
    neg = [c for c in np.unique(y_true) if c != pos_label][0]
    if which == "precision":
        if not (y_pred == pos_label).any():
            return None
        return sklearn.metrics.precision_score(y_true, y_pred, pos_label=pos_label,
                                               sample_weight=weights)
    label = pos_label if which == "recall" else neg
    return sklearn.metrics.recall_score(y_true, y_pred, pos_label=label, sample_weight=weights)


def _brute_point(name, y_true, y_score, minimum, weights, pos_label):
    """The definition, one threshold at a time: (value, largest threshold giving it)."""
    _, value, constraint, roc = POINTS[name]
    kept = np.ones(len(y_score), bool) if weights is None else weights != 0
    thresholds = sorted(set(y_score[kept].tolist()) | ({np.inf} if roc else set()),
                        reverse=True)
    neg = [c for c in np.unique(y_true) if c != pos_label][0]
    best = (0.0, np.nan)
    for t in thresholds:
        y_pred = np.where(y_score >= t, pos_label, neg)
        reached = _rate(constraint, y_true, y_pred, weights, pos_label)
        if reached is None or reached < minimum:
            continue
        v = _rate(value, y_true, y_pred, weights, pos_label)
        if v > best[0] or np.isnan(best[1]) and v == best[0]:
            best = (v, t)
    return best


def _brute_eer(y_true, y_score, weights, pos_label):
    """The crossing of FPR and FNR on scikit-learn's ROC points, searched segment by
    segment."""
    fpr, tpr, _ = sklearn.metrics.roc_curve(y_true, y_score, pos_label=pos_label,
                                            sample_weight=weights, drop_intermediate=False)
    fnr = 1 - tpr
    for i in range(1, len(fpr)):
        d0, d1 = fpr[i - 1] - fnr[i - 1], fpr[i] - fnr[i]
        if d0 < 0 <= d1:
            return fpr[i - 1] + d0 / (d0 - d1) * (fpr[i] - fpr[i - 1])
    raise AssertionError("no crossing")


@settings(max_examples=60, deadline=None)
@given(_scored(), st.sampled_from(sorted(POINTS)),
       st.sampled_from([0.0, 0.25, 0.5, 0.6, 2 / 3, 0.8, 1.0]))
def test_operating_points_are_the_brute_force(case, name, minimum):
    y_true, y_score, weights, pos_label = case
    keyword = POINTS[name][0]
    function = getattr(metrics_sk, name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = _brute_point(name, y_true, y_score, minimum, weights, pos_label)
    got = function(y_true, y_score, **{keyword: minimum}, pos_label=pos_label,
                   sample_weight=weights, return_threshold=True)
    assert got[0] == pytest.approx(want[0], abs=1e-12)
    assert got[1] == want[1] or (np.isnan(got[1]) and np.isnan(want[1]))
    assert function(y_true, y_score, **{keyword: minimum}, pos_label=pos_label,
                    sample_weight=weights) == got[0]


@settings(max_examples=60, deadline=None)
@given(_scored())
def test_equal_error_rate_is_the_brute_force(case):
    y_true, y_score, weights, pos_label = case
    got = metrics_sk.equal_error_rate(y_true, y_score, pos_label=pos_label,
                                      sample_weight=weights)
    assert got == pytest.approx(_brute_eer(y_true, y_score, weights, pos_label), abs=1e-12)


def test_operating_points_by_hand():
    """Scores (class): 0.9 (1), 0.8 (1), 0.7 (0), 0.4 (0), 0.35 (1), 0.1 (0)."""
    y, s = [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.7, 0.9]
    # precision >= 0.6 at 0.9, 0.8, 0.7 (2/3) and 0.35 (3/5): recall 1 at 0.35
    assert metrics_sk.recall_at_precision(y, s, min_precision=0.6,
                                          return_threshold=True) == (1.0, 0.35)
    # precision 1 at recall 2/3 (0.8) is the best with recall >= 0.6
    assert metrics_sk.precision_at_recall(y, s, min_recall=0.6,
                                          return_threshold=True) == (1.0, 0.8)
    assert metrics_sk.precision_at_recall(y, s, min_recall=0.9) == 0.6
    # specificity 1 (no false positive) only at +inf, 0.9, 0.8: sensitivity 2/3 at 0.8
    assert metrics_sk.sensitivity_at_specificity(y, s, min_specificity=1.0,
                                                 return_threshold=True) == (2 / 3, 0.8)
    # specificity 1 needs no threshold below 0.8; with min_sensitivity 0, +inf reaches it
    assert metrics_sk.specificity_at_sensitivity(y, s, min_sensitivity=0.0,
                                                 return_threshold=True) == (1.0, np.inf)
    assert metrics_sk.recall_at_precision([0, 1], [0.9, 0.1], min_precision=1.0,
                                          return_threshold=True)[0] == 0.0
    # FPR - FNR: -1 (inf), -2/3 (0.9), -1/3 (0.8), 0 (0.7: FPR = FNR = 1/3)
    assert metrics_sk.equal_error_rate(y, s) == pytest.approx(1 / 3)
    # interpolated: at 0.8 FPR 1/3, FNR 1/2 (-1/6); at 0.7 FPR 1/3, FNR 0 (1/3): a third
    # of the way, FPR = FNR = 1/3
    assert metrics_sk.equal_error_rate([1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.1]) == \
        pytest.approx(1 / 3)


@pytest.mark.parametrize("name", sorted(POINTS) + ["equal_error_rate"])
def test_operating_points_properties(name):
    """Sample order, integer weights as repetitions, zero weights as removal, string
    labels, lists and Series give the same value."""
    import pandas as pd

    f = getattr(metrics_sk, name)
    kw = {POINTS[name][0]: 0.7} if name in POINTS else {}
    y, s, _ = _case(n=60, seed=3)
    base = f(y, s, **kw)
    order = np.random.RandomState(0).permutation(len(y))
    assert f(y[order], s[order], **kw) == base
    w = np.random.RandomState(1).randint(0, 3, len(y))
    assert f(y, s, sample_weight=w, **kw) == pytest.approx(
        f(np.repeat(y, w), np.repeat(s, w), **kw), abs=1e-12)
    names = np.array(["no", "yes"])[y]
    assert f(names, s, pos_label="yes", **kw) == base
    assert f(list(y), list(s), **kw) == base == f(pd.Series(y), pd.Series(s), **kw)


@pytest.mark.parametrize("name", sorted(POINTS))
@pytest.mark.parametrize("minimum", [-0.1, 1.5, np.nan])
def test_operating_points_minimum_outside(name, minimum):
    keyword = POINTS[name][0]
    with pytest.raises(ValueError, match=keyword):
        getattr(metrics_sk, name)([0, 1], [0.1, 0.9], **{keyword: minimum})


@pytest.mark.parametrize("name", sorted(POINTS) + ["equal_error_rate"])
@pytest.mark.parametrize("kwargs, match", [
    ({"y_score": [0.1, 0.2, 0.3]}, "y_score"),
    ({"y_score": [[0.1, 0.9], [0.2, 0.8], [0.3, 0.7], [0.4, 0.6]]}, "y_score"),
    ({"y_score": [0.1, np.nan, 0.3, 0.4]}, "y_score"),
    ({"y_score": [0.1, np.inf, 0.3, 0.4]}, "y_score"),
    ({"sample_weight": [1.0, 2.0]}, "sample_weight"),
])
def test_operating_points_bad_input(name, kwargs, match):
    args = {"y_true": [0, 1, 0, 1], "y_score": [0.1, 0.2, 0.3, 0.4], **kwargs}
    if name in POINTS:
        args[POINTS[name][0]] = 0.5
    with pytest.raises(ValueError, match=match):
        getattr(metrics_sk, name)(**args)


def test_operating_point_scorers():
    """The minimum is part of the scorer name (get_scorer takes a name only)."""
    from sklearn.linear_model import LogisticRegression

    X = np.random.RandomState(0).randn(200, 3)
    y = (X[:, 0] + np.random.RandomState(1).randn(200) > 0).astype(int)
    model = LogisticRegression().fit(X, y)
    score = model.decision_function(X)
    assert metrics_sk.get_scorer("recall_at_precision_90")(model, X, y) == \
        metrics_sk.recall_at_precision(y, score, min_precision=0.9)
    assert metrics_sk.get_scorer("neg_equal_error_rate")(model, X, y) == \
        -metrics_sk.equal_error_rate(y, score)
    assert {"precision_at_recall_95", "sensitivity_at_specificity_90",
            "specificity_at_sensitivity_95"} <= set(metrics_sk.get_scorer_names())


def test_every_count_metric_is_a_checked_method_of_the_batch():
    """Each count metric of the registry is declared in ThresholdBatch (checked options),
    not only inherited unchecked from ConfusionBatch."""
    from metrics_sk._thresholds import ThresholdBatch

    missing = [name for name in COUNT_METRICS if name not in vars(ThresholdBatch)]
    assert missing == []


@pytest.mark.parametrize("y", [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [1, 0, 1, 1, 1]])
@pytest.mark.parametrize("average", ["macro", "weighted", None])
def test_metric_at_thresholds_labels_of_each_threshold(y, average):
    """A label may be missing at some thresholds (y_true of one class, every sample
    predicted 1 at the lowest): each threshold averages over its own labels, as
    scikit-learn's call on that threshold's predictions."""
    s = [0.9, 0.8, 0.8, 0.3, 0.1]
    outcomes = []
    for module in (sklearn.metrics, metrics_sk):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                outcomes.append(module.metric_at_thresholds(
                    y, s, sklearn.metrics.f1_score, metric_params={"average": average}))
            except ValueError:  # per-class values of varying length: ragged
                outcomes.append(ValueError)
    want, got = outcomes
    if want is ValueError:
        assert got is ValueError
        return
    np.testing.assert_allclose(got[0], want[0], rtol=1e-12)
    np.testing.assert_array_equal(got[1], want[1])
