"""Score-based metrics against scikit-learn and against the formulas computed by hand."""

import itertools
import re
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import metrics_sk as msk
from metrics_sk._registry import METRICS
from metrics_sk._sklearn_compat import UndefinedMetricWarning

PUBLIC = [msk.log_loss, msk.hinge_loss, msk.one_vs_all_log_loss, msk.roc_auc_mu_score,
          msk.one_vs_all_roc_auc_score, msk.one_vs_all_pr_auc_score]


def softmax(a):
    e = np.exp(a - a.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def data(seed, n=60, k=4, *, ties=False, weights=False, absent=False):
    rng = np.random.default_rng(seed)
    logits = rng.integers(-2, 3, (n, k)).astype(float) if ties else rng.normal(size=(n, k))
    y = rng.integers(0, k - 1 if absent else k, n)
    y[:k - 1 if absent else k] = np.arange(k - 1 if absent else k)  # every class occurs
    w = rng.uniform(0, 2, n) if weights else None
    return y, logits, w


def readonly(*arrays):
    for a in arrays:
        if isinstance(a, np.ndarray):
            a.flags.writeable = False
    return arrays


def outcome(func, *args, **kwargs):
    """(value or exception type and message, warning messages) of a call."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = ("value", func(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001 - compared below
            result = (type(exc).__name__, str(exc))
    return result, sorted({str(w.message) for w in caught})


def assert_same_outcome(ours, theirs, *args, **kwargs):
    (kind, got), got_warnings = outcome(ours, *args, **kwargs)
    (ref_kind, ref), ref_warnings = outcome(theirs, *args, **kwargs)
    assert kind == ref_kind, (got, ref)
    if kind == "value":
        np.testing.assert_allclose(got, ref, rtol=1e-12, atol=1e-15)
    else:
        assert got == ref
    assert got_warnings == ref_warnings


# -- log_loss --------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("weights", [False, True])
def test_log_loss_matches_sklearn(seed, weights):
    y, logits, w = data(seed, weights=weights)
    proba = softmax(3 * logits)
    readonly(y, proba, w)
    for normalize in (True, False):
        got = msk.log_loss(y, proba, sample_weight=w, normalize=normalize)
        assert got == pytest.approx(skm.log_loss(y, proba, sample_weight=w, normalize=normalize),
                                    rel=1e-13)
    # binary, 1-D and (n, 1) probabilities, string labels, a class given by labels only
    yb = np.where(y > 1, "spam", "ham")
    p1 = proba[:, 0]
    # (sums exactly rounded, scikit-learn's float sums: equal to rounding, not bit for bit)
    assert msk.log_loss(yb, p1, sample_weight=w) == pytest.approx(
        skm.log_loss(yb, p1, sample_weight=w), rel=1e-15)
    assert msk.log_loss(yb, p1[:, None]) == pytest.approx(skm.log_loss(yb, p1[:, None]),
                                                          rel=1e-15)
    y3 = np.minimum(y, 2)
    p = softmax(logits)
    assert msk.log_loss(y3, p, labels=[0, 1, 2, 3]) == pytest.approx(
        skm.log_loss(y3, p, labels=[0, 1, 2, 3]), rel=1e-13)


def test_log_loss_float32_and_clipping():
    y = np.array([0, 1, 1, 0, 1])
    p = np.array([0.0, 1.0, 0.3, 0.2, 1e-20], dtype=np.float32)
    assert msk.log_loss(y, p) == pytest.approx(skm.log_loss(y, p), rel=1e-6)
    p64 = p.astype(np.float64)
    assert msk.log_loss(y, p64) == pytest.approx(skm.log_loss(y, p64), rel=1e-13)


@pytest.mark.parametrize("case", [
    dict(y_true=[0, 1, 2], y_proba=[[0.5, 0.6, 0.1], [0.2, 0.3, 0.5], [0.1, 0.1, 0.8]]),  # rows
    dict(y_true=[0, 1, 1], y_proba=[0.2, 1.3, 0.5]),
    dict(y_true=[0, 1, 1], y_proba=[0.2, np.nan, 0.5]),
    dict(y_true=[0, 1, 1], y_proba=[0.2, np.inf, 0.5]),
    dict(y_true=[1, 1, 1], y_proba=[0.2, 0.3, 0.5]),
    dict(y_true=[0, 1, 2], y_proba=[0.2, 0.3, 0.5]),
    dict(y_true=[0, 1, 1], y_proba=[[0.2, 0.8], [0.3, 0.7]]),
    dict(y_true=[0, 1, 1], y_proba=[[0.2, 0.8], [0.3, 0.7], [0.1, 0.9]], labels=[1, 0]),
    dict(y_true=[0, 1, 2], y_proba=[[0.2, 0.8], [0.3, 0.7], [0.1, 0.9]], labels=[0, 1]),
    dict(y_true=[0, 1, 1], y_proba=[0.2, 0.3, 0.5], sample_weight=[0, 0, 0]),
    dict(y_true=[0, 1, 1], y_proba=[0.2, 0.3, 0.5], sample_weight=[1, -2, 1]),
    dict(y_true=[0, 1, 1], y_proba=[0.2, 0.3, 0.5], sample_weight=[1, 2]),
    dict(y_true=[[0, 1], [1, 0]], y_proba=[[0.2, 0.8], [0.7, 0.3]]),
    dict(y_true=[0.5, 1, 1], y_proba=[0.2, 0.3, 0.5]),
    dict(y_true=[0, 1, 1], y_proba=["a", "b", "c"]),
    dict(y_true=[0, 1, 1], y_pred=[0.2, 0.3, 0.5]),
    dict(y_true=[0, 1, 1], y_proba=[0.2, 0.3, 0.5], normalize="yes"),
    dict(y_true=[[0, 1], [1]], y_proba=[0.2, 0.3]),  # a ragged (legacy multilabel) target
    dict(y_true=["a", "b"], y_proba=[[0.2, 0.8], [0.3, 0.7]], labels=["a", "a", "b"]),
    dict(y_true=np.array(["a", "b"], dtype=object), y_proba=[[0.2, 0.8], [0.3, 0.7]]),
    dict(y_true=[1e20, 1.0], y_proba=[0.2, 0.3]),
])
def test_log_loss_warnings_and_errors_are_sklearns(case):
    assert_same_outcome(msk.log_loss, skm.log_loss, **case)


def test_log_loss_from_logits_is_exact():
    assert msk.log_loss([1], [[800.0, -800.0, 0.0]], labels=[0, 1, 2], from_logits=True) == 1600.0
    assert skm.log_loss([1], [[1.0, 0.0, 0.0]], labels=[0, 1, 2]) == pytest.approx(36.04, abs=0.01)
    y, logits, w = data(7, weights=True)
    got = msk.log_loss(y, logits, sample_weight=w, from_logits=True)
    assert got == pytest.approx(skm.log_loss(y, softmax(logits), sample_weight=w), rel=1e-13)
    # binary: a 1-D logit is the 2-column case [0, f]
    f = logits[:, 0]
    yb = y > 1
    two = np.column_stack([np.zeros_like(f), f])
    assert msk.log_loss(yb, f, from_logits=True) == pytest.approx(
        msk.log_loss(yb, two, from_logits=True), rel=1e-14)
    assert msk.log_loss(yb, f, from_logits=True) == pytest.approx(
        skm.log_loss(yb, 1 / (1 + np.exp(-f))), rel=1e-13)
    assert msk.log_loss(yb, np.array([1000.0, -1000.0] * 30), from_logits=True) > 100


@pytest.mark.parametrize("kwargs, match", [
    (dict(y_true=[0, 1, 2], y_proba=[[0, 1], [1, 0], [2, 2]]), "y_proba has 2 columns"),
    (dict(y_true=[0, 1, 2], y_proba=[[0, 1, np.nan]] * 3), "y_proba contains NaN"),
    (dict(y_true=[0, 1, 2], y_proba=[[0, 1, 1]] * 2), "inconsistent numbers of samples"),
    (dict(y_true=[0, 1, 2], y_proba=[1.0, 2.0, 3.0]), "binary target"),
    (dict(y_true=[0, 0], y_proba=[1.0, 2.0]), "only one label"),
    (dict(y_true=[0, 1], y_proba=[[1.0, 2.0]] * 2, labels=[1, 0]), "labels must be sorted"),
    (dict(y_true=[0, 1], y_pred=[1.0, 2.0]), "y_pred is deprecated"),
])
def test_log_loss_from_logits_errors(kwargs, match):
    with pytest.raises(ValueError, match=match):
        msk.log_loss(**kwargs, from_logits=True)


# -- hinge_loss --------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("weights", [False, True])
def test_hinge_loss_matches_sklearn(seed, weights):
    y, logits, w = data(seed, ties=seed == 0, weights=weights)
    readonly(y, logits, w)
    assert msk.hinge_loss(y, logits, sample_weight=w) == pytest.approx(
        skm.hinge_loss(y, logits, sample_weight=w), rel=1e-14)
    y3 = np.minimum(y, 2)
    assert msk.hinge_loss(y3, logits, labels=range(4)) == pytest.approx(
        skm.hinge_loss(y3, logits, labels=range(4)), rel=1e-14)
    yb, f = np.where(y > 1, 1, -1), logits[:, 0]
    assert msk.hinge_loss(yb, f, sample_weight=w) == pytest.approx(
        skm.hinge_loss(yb, f, sample_weight=w), rel=1e-15)
    f32 = logits.astype(np.float32)
    # float32 losses, summed exactly here and in float32 by scikit-learn
    assert msk.hinge_loss(y, f32) == pytest.approx(skm.hinge_loss(y, f32), rel=1e-6)


@pytest.mark.parametrize("case", [
    dict(y_true=[1, 1, 1], pred_decision=[0.5, -1, 2]),
    dict(y_true=[0, 1, 2], pred_decision=[0.5, -1, 2]),
    dict(y_true=[0, 1, 2], pred_decision=[[0, 1], [1, 0], [2, 2]]),
    dict(y_true=[0, 1, 2], pred_decision=[[0, 1, 2]] * 3, labels=[0, 1, 2, 3]),
    dict(y_true=[0, 1, 2], pred_decision=[[0, 1, np.nan]] * 3),
    dict(y_true=[0, 1], pred_decision=[0.5, -1], labels=[0, 1, 2]),
    dict(y_true=[0, 1, 5], pred_decision=[[0, 1, 2]] * 3, labels=[0, 1, 2]),
    dict(y_true=[0, 1, 1], pred_decision=[0.5, -1, 2], sample_weight=[0, 0, 0]),
    dict(y_true=[0, 1, 1], pred_decision=[True, False, True]),
    dict(y_true=[[0, 1], [1]], pred_decision=[0.2, 0.3]),
    dict(y_true=[0, 1, 2], pred_decision=[[1, 0, 0], [0, 1, 0], [0, 0, 1]], labels=[2, 1, 0]),
])
def test_hinge_loss_edge_cases_are_sklearns(case):
    assert_same_outcome(msk.hinge_loss, skm.hinge_loss, **case)


@pytest.mark.parametrize("y_true", [[0, 1, 2**64 - 2], np.array([0.0, 1.0, 2.0**63]),
                                    [0.0, -1e20, 1.0]])
def test_floats_beyond_int64_are_refused_by_every_score_metric(y_true):
    # numpy makes these lists float64 (2**64 - 2 becomes 2**64): labels beyond int64 no
    # longer are the integers they were written as. scikit-learn's log_loss refuses them
    # ("Unknown label type"); its hinge_loss would merge neighbours silently.
    proba = np.full((3, 3), 1 / 3)
    for metric in (msk.hinge_loss, msk.log_loss, msk.roc_auc_mu_score):
        with pytest.raises(ValueError):
            metric(y_true, proba)
    with pytest.raises(ValueError, match="Unknown label type"):
        msk.hinge_loss(y_true, proba)
    assert msk.hinge_loss([0, 1, 2], proba) == pytest.approx(skm.hinge_loss([0, 1, 2], proba))


# -- one_vs_all_log_loss -------------------------------------------------------------------
@pytest.mark.parametrize("weights", [False, True])
def test_one_vs_all_log_loss_is_mean_of_per_class_binary_log_loss(weights):
    y, logits, w = data(3, weights=weights)
    proba = 1 / (1 + np.exp(-logits))
    proba[0, 0], proba[1, 1] = 0.0, 1.0  # clipped like log_loss
    reference = np.mean([skm.log_loss(y == k, proba[:, k], sample_weight=w, labels=[False, True])
                         for k in range(4)])
    readonly(y, proba, logits, w)
    assert msk.one_vs_all_log_loss(y, proba, sample_weight=w) == pytest.approx(reference,
                                                                              rel=1e-13)
    from_proba = msk.one_vs_all_log_loss(y, 1 / (1 + np.exp(-logits)), sample_weight=w)
    assert msk.one_vs_all_log_loss(y, logits, sample_weight=w, from_logits=True) == \
        pytest.approx(from_proba, rel=1e-12)


def test_one_vs_all_log_loss_from_logits_is_stable():
    value = msk.one_vs_all_log_loss([0, 1], [[1000.0, -1000.0], [-800.0, 5.0]], from_logits=True)
    # class 0: sample 1 costs log(1 + e^-800) + log(1 + e^5) - 5 ... all finite
    expected = ((0 + 0) + (0 + np.logaddexp(0, -5))) / 4
    assert value == pytest.approx(expected, rel=1e-12)
    with pytest.raises(ValueError, match=r"probabilities in \[0, 1\].*from_logits=True"):
        msk.one_vs_all_log_loss([0, 1], [[1000.0, -1000.0], [-800.0, 5.0]])


# -- roc_auc_mu_score ------------------------------------------------------------------------
def auc_mu_by_hand(y, scores, cost, weights=None):
    """The definition, pair by pair and sample pair by sample pair."""
    y, scores, cost = np.asarray(y), np.asarray(scores, float), np.asarray(cost, float)
    w = np.ones(len(y)) if weights is None else np.asarray(weights, float)
    k = scores.shape[1]
    d = scores @ cost.T  # D_r = sum_k M[r, k] a_k
    total = 0.0
    for i, j in itertools.combinations(range(k), 2):
        if not ((y == i).any() and (y == j).any()):
            continue
        sign = cost[i, j] + cost[j, i]
        if sign == 0:
            total += 0.5
            continue
        s = (d[:, j] - d[:, i]) * np.sign(sign)
        num = den = 0.0
        for p in np.flatnonzero(y == i):
            for q in np.flatnonzero(y == j):
                num += w[p] * w[q] * ((s[p] > s[q]) + 0.5 * (s[p] == s[q]))
                den += w[p] * w[q]
        total += num / den
    return 2 * total / (k * (k - 1))


def test_roc_auc_mu_hand_checked_custom_cost_matrix():
    y = [0, 0, 1, 1, 2, 2]
    a = [[2, 1, 0], [0, 1, 1], [1, 2, 0], [1, 0, 3], [0, 0, 1], [1, 1, 1]]
    cost = [[0, 1, 3], [2, 0, 1], [1, 1, 0]]
    # D = a @ cost.T, rows: [1, 4, 3], [4, 1, 1], [2, 3, 3], [9, 5, 1], [3, 1, 0], [4, 3, 2]
    # pair (0, 1): s = D1 - D0 for class 0: [3, -3], class 1: [1, -4]
    #   3 > 1, 3 > -4, -3 < 1, -3 > -4  ->  3/4
    # pair (0, 2): s = D2 - D0 for class 0: [2, -3], class 2: [-3, -2]
    #   2 > -3, 2 > -2, -3 = -3 (1/2), -3 < -2  ->  2.5/4
    # pair (1, 2): s = D2 - D1 for class 1: [0, -4], class 2: [-1, -1]
    #   0 > -1 twice, -4 < -1 twice  ->  2/4
    expected = 2 / 6 * (0.75 + 0.625 + 0.5)
    assert msk.roc_auc_mu_score(y, a, cost_matrix=cost) == pytest.approx(expected, abs=1e-15)
    assert auc_mu_by_hand(y, a, cost) == pytest.approx(expected, abs=1e-15)


@pytest.mark.parametrize("cost", [
    None,
    [[0, 0.5, 2, 1], [1, 0, 1, 3], [0, 0.5, 0, 1], [2, 1, -3, 0]],  # pair (2, 3) sums to -2
    [[0, 1, -1, 1], [1, 0, 1, 1], [1, 2, 0, 1], [1, 1, -1, 0]],  # pair (0, 2) sums to 0
])
@pytest.mark.parametrize("ties, weights", [(False, False), (True, False), (True, True)])
def test_roc_auc_mu_matches_definition(cost, ties, weights):
    y, a, w = data(11, n=40, ties=ties, weights=weights)
    readonly(y, a, w)
    matrix = 1 - np.eye(4) if cost is None else cost
    assert msk.roc_auc_mu_score(y, a, sample_weight=w, cost_matrix=cost) == pytest.approx(
        auc_mu_by_hand(y, a, matrix, w), abs=1e-13)


def test_roc_auc_mu_absent_class_pairs_count_zero():
    y, a, _ = data(5, absent=True)
    with pytest.warns(UndefinedMetricWarning, match=r"Classes \[3\]"):
        with_absent = msk.roc_auc_mu_score(y, a, labels=[0, 1, 2, 3])
    present = msk.roc_auc_mu_score(y, a[:, :3])  # 3 pairs out of 3
    assert with_absent == pytest.approx(present * 3 / 6, abs=1e-15)


def test_roc_auc_mu_two_classes_is_binary_auc():
    y, a, w = data(2, k=2, weights=True)
    assert msk.roc_auc_mu_score(y, a, sample_weight=w) == pytest.approx(
        skm.roc_auc_score(y == 0, a[:, 0] - a[:, 1], sample_weight=w), abs=1e-14)


def test_roc_auc_mu_string_labels_follow_labels_order():
    y, a, _ = data(8)
    names = np.array(["a", "b", "c", "d"])
    reversed_labels = names[::-1]
    assert msk.roc_auc_mu_score(names[y], a[:, ::-1], labels=reversed_labels) == pytest.approx(
        msk.roc_auc_mu_score(y, a), abs=1e-15)


# -- one-vs-all ROC AUC and PR AUC -------------------------------------------------------------
@pytest.mark.parametrize("seed, ties, weights", [(0, False, False), (1, True, False),
                                                 (2, False, True), (3, True, True)])
def test_one_vs_all_roc_auc_matches_sklearn(seed, ties, weights):
    y, logits, w = data(seed, n=80, ties=ties, weights=weights)
    proba = softmax(logits)
    readonly(y, proba, logits, w)
    per_class = [skm.roc_auc_score(y == k, logits[:, k], sample_weight=w) for k in range(4)]
    np.testing.assert_allclose(
        msk.one_vs_all_roc_auc_score(y, logits, sample_weight=w, average=None), per_class,
        rtol=0, atol=1e-14)
    for average in ("macro", "weighted"):
        assert msk.one_vs_all_roc_auc_score(y, proba, sample_weight=w, average=average) == \
            pytest.approx(skm.roc_auc_score(y, proba, sample_weight=w, multi_class="ovr",
                                            average=average), abs=1e-14)


@pytest.mark.parametrize("seed, ties, weights", [(0, False, False), (1, True, False),
                                                 (2, False, True), (3, True, True)])
def test_one_vs_all_pr_auc_is_trapezoid_not_average_precision(seed, ties, weights):
    y, logits, w = data(seed, n=80, ties=ties, weights=weights)
    readonly(y, logits, w)

    def trapezoid(k):
        precision, recall, _ = skm.precision_recall_curve(y == k, logits[:, k], sample_weight=w)
        return skm.auc(recall, precision)

    got = msk.one_vs_all_pr_auc_score(y, logits, sample_weight=w, average=None)
    np.testing.assert_allclose(got, [trapezoid(k) for k in range(4)], rtol=0, atol=1e-14)
    step = [skm.average_precision_score(y == k, logits[:, k], sample_weight=w) for k in range(4)]
    assert np.abs(got - step).max() > 1e-4
    support = np.bincount(y, weights=w)
    assert msk.one_vs_all_pr_auc_score(y, logits, sample_weight=w, average="weighted") == \
        pytest.approx(np.average(got, weights=support), abs=1e-15)


@pytest.mark.parametrize("metric", [msk.one_vs_all_roc_auc_score, msk.one_vs_all_pr_auc_score])
def test_one_vs_all_absent_class_is_nan_and_left_out(metric):
    y, a, _ = data(4, absent=True)
    with pytest.warns(UndefinedMetricWarning, match=r"classes \[3\]"):
        per_class = metric(y, a, labels=range(4), average=None)
    assert np.isnan(per_class[3]) and not np.isnan(per_class[:3]).any()
    with pytest.warns(UndefinedMetricWarning):
        assert metric(y, a, labels=range(4)) == pytest.approx(per_class[:3].mean())


# -- properties ------------------------------------------------------------------------------
@st.composite
def scored(draw, k=3):
    n = draw(st.integers(4, 25))
    y = draw(hnp.arrays(np.int64, n, elements=st.integers(0, k - 1)))
    y[:k] = np.arange(k)
    scores = draw(hnp.arrays(np.float64, (n, k), elements=st.integers(-3, 3).map(float)))
    return y, scores


@settings(max_examples=40, deadline=None)
@given(scored(), st.randoms(use_true_random=False))
def test_auc_invariances(sample, rnd):
    y, scores = sample
    order = np.array(rnd.sample(range(len(y)), len(y)))
    for metric in (msk.one_vs_all_roc_auc_score, msk.one_vs_all_pr_auc_score,
                   msk.roc_auc_mu_score):
        base = metric(y, scores)
        assert metric(y[order], scores[order]) == pytest.approx(base, abs=1e-12)
    # one-vs-all rank each column alone: any increasing transform of a column is invisible
    transformed = np.column_stack([np.exp(scores[:, 0]), scores[:, 1] ** 3, 2 * scores[:, 2] - 7])
    for metric in (msk.one_vs_all_roc_auc_score, msk.one_vs_all_pr_auc_score):
        np.testing.assert_allclose(metric(y, transformed, average=None),
                                   metric(y, scores, average=None), atol=1e-12)
    # AUC mu ranks differences of a row: adding a constant to a row is invisible
    shift = np.arange(len(y), dtype=float)[:, None]
    assert msk.roc_auc_mu_score(y, scores + shift) == pytest.approx(
        msk.roc_auc_mu_score(y, scores), abs=1e-12)


@settings(max_examples=30, deadline=None)
@given(scored(), st.lists(st.integers(0, 3), min_size=25, max_size=25))
def test_integer_weights_are_repetitions(sample, counts):
    y, scores = sample
    w = np.array(counts[:len(y)], dtype=float)
    w[:3] += 1  # keep every class
    rep = np.repeat(np.arange(len(y)), w.astype(int))
    for metric in (msk.one_vs_all_roc_auc_score, msk.roc_auc_mu_score, msk.one_vs_all_pr_auc_score,
                   msk.hinge_loss):
        assert metric(y, scores, sample_weight=w) == pytest.approx(
            metric(y[rep], scores[rep]), abs=1e-12)


# -- bad input ----------------------------------------------------------------------------------
@pytest.mark.parametrize("metric", [msk.one_vs_all_log_loss, msk.roc_auc_mu_score,
                                    msk.one_vs_all_roc_auc_score, msk.one_vs_all_pr_auc_score])
@pytest.mark.parametrize("y_true, y_score, match", [
    ([0, 1, 2], [[0.1, 0.9]] * 3, "y_score has 2 columns but y_true has 3 classes"),
    ([0, 1, 2], [[0.2, 0.3, 0.5]] * 2, "inconsistent numbers of samples"),
    ([0, 1, 2], [0.2, 0.3, 0.5], "A 1-D y_score .* binary target, but there are 3 classes"),
    ([0, 1, 2], np.zeros((3, 3, 1)), "y_score must be 2-D"),
    ([0, 1, 2], [[0.2, np.nan, 0.5]] * 3, "y_score contains NaN"),
    ([0, 1, 2], [[0.2, -np.inf, 0.5]] * 3, "y_score contains infinity"),
    ([0, 1, 2], [["a", "b", "c"]] * 3, "y_score must hold numbers"),
    ([0, 1, np.nan], [[0.2, 0.3, 0.5]] * 3, "y_true contains NaN"),
])
def test_bad_scores(metric, y_true, y_score, match):
    with pytest.raises(ValueError, match=match):
        metric(y_true, y_score)


def test_bad_labels_weights_and_probabilities():
    y, a = [0, 1, 2], [[0.2, 0.3, 0.5]] * 3
    with pytest.raises(ValueError, match=r"y_true contains labels that are not in labels: \[2\]"):
        msk.roc_auc_mu_score(y, [[0.2, 0.8]] * 3, labels=[0, 1])
    with pytest.raises(ValueError, match="y_score has 3 columns but labels has 4 entries"):
        msk.one_vs_all_roc_auc_score(y, a, labels=[0, 1, 2, 3])
    with pytest.raises(ValueError, match="sample_weight contains negative"):
        msk.one_vs_all_pr_auc_score(y, a, sample_weight=[1, -1, 1])
    with pytest.raises(ValueError, match=r"probabilities in \[0, 1\], got values from -0.5"):
        msk.one_vs_all_log_loss(y, [[-0.5, 0.3, 0.5]] * 3)
    with pytest.raises(ValueError, match="average"):
        msk.one_vs_all_roc_auc_score(y, a, average="micro")
    with pytest.raises(ValueError, match=r"At least two classes.*only one label \(0\)"):
        msk.roc_auc_mu_score([0, 0], [[1.0], [2.0]])


@pytest.mark.parametrize("cost, match", [
    ([[0, 1], [1, 0]], r"cost_matrix must have shape \(3, 3\)"),
    ([[1, 1, 1], [1, 0, 1], [1, 1, 0]], "zero diagonal"),
    ([[0, 1, np.nan], [1, 0, 1], [1, 1, 0]], "cost_matrix contains NaN"),
    ([["a", 1, 1], [1, 0, 1], [1, 1, 0]], "cost_matrix must be a square array of numbers"),
])
def test_bad_cost_matrix(cost, match):
    with pytest.raises(ValueError, match=match):
        msk.roc_auc_mu_score([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, cost_matrix=cost)


def test_response_methods_cover_every_public_function():
    methods = {f.__name__: METRICS[f.__name__].response_method for f in PUBLIC}
    allowed = {"predict_proba", "decision_function"}
    for method in methods.values():
        assert set((method,) if isinstance(method, str) else method) <= allowed


@pytest.mark.parametrize("metric", PUBLIC)
def test_keyword_only_and_accepts_lists(metric):
    y, scores = [0, 1, 2, 1], [[0.5, 0.3, 0.2], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3]]
    assert np.isfinite(metric(y, scores, sample_weight=[1, 2, 1, 1]))
    with pytest.raises(TypeError):
        metric(y, scores, None)


def test_valid_inputs_never_reach_sklearn(monkeypatch):
    """The drop-ins compute valid inputs themselves; only odd ones go to scikit-learn."""
    import metrics_sk._scores as scores_module

    class Refuse:
        def __getattr__(self, name):
            raise AssertionError(f"sklearn.metrics.{name} was called")

    y, logits, w = data(0, weights=True)
    expected = (msk.log_loss(y, softmax(logits), sample_weight=w),
                msk.log_loss(y > 1, softmax(logits)[:, 0]),
                msk.hinge_loss(y, logits, sample_weight=w),
                msk.hinge_loss(y > 1, logits[:, 0]))
    monkeypatch.setattr(scores_module, "skm", Refuse())
    assert (msk.log_loss(y, softmax(logits), sample_weight=w),
            msk.log_loss(y > 1, softmax(logits)[:, 0]),
            msk.hinge_loss(y, logits, sample_weight=w),
            msk.hinge_loss(y > 1, logits[:, 0])) == expected


@pytest.mark.parametrize("bad", [np.nan, np.inf])
@pytest.mark.parametrize("metric, score", [
    (msk.hinge_loss, [0.3, -0.2, 0.5]),
    (msk.log_loss, [0.3, 0.8, 0.6]),
])
def test_drop_in_losses_refuse_non_finite_weights(metric, score, bad):
    # scikit-learn returns NaN here; docs/design.rst: no silent wrong number.
    with pytest.raises(ValueError, match="sample_weight contains"):
        metric([0, 1, 1], score, sample_weight=[1.0, bad, 1.0])


@pytest.mark.parametrize("metric", [msk.one_vs_all_log_loss, msk.roc_auc_mu_score,
                                    msk.one_vs_all_roc_auc_score, msk.one_vs_all_pr_auc_score])
def test_binary_one_column_is_the_positive_class(metric):
    # scikit-learn's binary convention (and what its scorers pass): the greater class's score
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 60)
    p = np.clip(0.4 * y + 0.6 * rng.random(60), 0.01, 0.99)
    assert metric(y, p) == pytest.approx(metric(y, np.column_stack((1 - p, p))), abs=1e-12)
    if metric is msk.one_vs_all_log_loss:
        logit = np.log(p / (1 - p))
        assert metric(y, logit, from_logits=True) == pytest.approx(metric(y, p), rel=1e-12)
    else:
        assert metric(y, p) == pytest.approx(skm.roc_auc_score(y, p) if metric is not
                                             msk.one_vs_all_pr_auc_score else metric(y, -(1 - p)),
                                             abs=1e-12)


def test_auc_mu_warns_when_a_class_has_zero_weight():
    y = np.array([0, 1, 2, 0, 1, 2])
    scores = np.array([[2, 1, 0], [0, 2, 1], [1, 0, 2], [0, 1, 0], [1, 2, 0], [2, 0, 1.0]])
    with pytest.warns(UndefinedMetricWarning, match=r"Classes \[2\] occur .* zero total weight"):
        value = msk.roc_auc_mu_score(y, scores, sample_weight=[1, 1, 0, 1, 1, 0])
    assert np.isnan(value)


@pytest.mark.parametrize("metric, score", [
    ("hinge_loss", [0.3, -0.2, 0.5]),
    ("log_loss", [0.3, 0.8, 0.6]),
])
def test_drop_in_losses_check_weights_once_and_fall_back_on_length(metric, score):
    # a 1-D sample_weight is checked once, before the fallback: non-finite weights are
    # refused whatever their length, a wrong length gets scikit-learn's own error
    ours, theirs = getattr(msk, metric), getattr(skm, metric)
    with pytest.raises(ValueError, match="sample_weight contains NaN"):
        ours([0, 1, 1], score, sample_weight=[1.0, np.nan])
    with pytest.raises(ValueError) as expected:
        theirs([0, 1, 1], score, sample_weight=[1.0, 2.0])
    with pytest.raises(ValueError, match=re.escape(str(expected.value))):
        ours([0, 1, 1], score, sample_weight=[1.0, 2.0])
    weights = np.array([1, 2, 3])
    assert ours([0, 1, 1], score, sample_weight=weights) == pytest.approx(
        theirs([0, 1, 1], score, sample_weight=weights), rel=1e-12)


def test_named_score_columns_are_aligned_by_name_or_warned():
    """A DataFrame of scores whose column names are the classes, in another order: our own
    score metrics read each class's column by name; the drop-ins read by position as
    scikit-learn does, and warn (issue "Tried as a new user would")."""
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(0)
    y = rng.choice(["setosa", "versicolor", "virginica"], 200)
    raw = rng.normal(size=(200, 3)) + 2.0 * (y[:, None] == np.array(
        ["setosa", "versicolor", "virginica"]))
    proba = np.exp(raw) / np.exp(raw).sum(1, keepdims=True)
    frame = pd.DataFrame(proba, columns=["setosa", "versicolor", "virginica"])
    shuffled = frame[["virginica", "setosa", "versicolor"]]
    for f in (msk.one_vs_all_roc_auc_score, msk.one_vs_all_pr_auc_score,
              msk.one_vs_all_log_loss, msk.roc_auc_mu_score):
        assert f(y, shuffled) == f(y, proba), f.__name__
    assert msk.one_vs_all_roc_auc_score(y, proba) > 0.85
    for ours, theirs, scores in ((msk.log_loss, skm.log_loss, shuffled),
                                 (msk.hinge_loss, skm.hinge_loss, np.log(shuffled))):
        with pytest.warns(UserWarning, match="named as the classes.*by position"):
            value = ours(y, scores)
        assert value == pytest.approx(theirs(y, scores), rel=1e-12)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # in order, or other names: no warning
        msk.log_loss(y, frame)
        msk.log_loss(y, pd.DataFrame(proba, columns=["p0", "p1", "p2"]))


@pytest.mark.parametrize("function, kernel, scores", [
    (msk.log_loss, "log_losses", [[0.8, 0.2], [0.3, 0.7], [0.6, 0.4]]),
    (msk.hinge_loss, "hinge_losses", [0.5, -1.0, 2.0]),
])
def test_no_exception_driven_fallback(monkeypatch, function, kernel, scores):
    # Which inputs go to scikit-learn is decided before computing: an error raised while
    # computing an accepted input is a bug, and it propagates (it never becomes
    # scikit-learn's answer).
    import metrics_sk._scores as scores_module

    def broken(*args, **kwargs):
        raise ValueError("a bug in the kernel")

    monkeypatch.setattr(scores_module, kernel, broken)
    with pytest.raises(ValueError, match="a bug in the kernel"):
        function([0, 1, 0], scores)
    # inputs scikit-learn handles (here: a multilabel target) still go to it
    if function is msk.log_loss:
        assert function([[0, 1], [1, 0]], [[0.2, 0.8], [0.7, 0.3]]) == pytest.approx(
            skm.log_loss([[0, 1], [1, 0]], [[0.2, 0.8], [0.7, 0.3]]))


# -- moved from test_edges.py: extreme weights in the AUCs, all-zero weights of the losses

Y_AUC = [0, 1, 2, 0, 1, 2]


S_AUC = np.eye(3)[[0, 1, 1, 0, 2, 2]] * 0.8 + 0.1


W_BIG = np.array([2**62, 2**62, 1, 3, 2**62, 5], dtype=np.int64)


@pytest.mark.parametrize("name", ["one_vs_all_roc_auc_score", "roc_auc_mu_score"])
def test_integer_weights_near_int64_limit_in_auc(name):
    value = getattr(msk, name)(Y_AUC, S_AUC, sample_weight=W_BIG)
    assert value == pytest.approx(getattr(msk, name)(Y_AUC, S_AUC,
                                                     sample_weight=W_BIG.astype(float)))
    if name == "one_vs_all_roc_auc_score":  # scikit-learn's macro one-vs-rest AUC
        assert value == pytest.approx(skm.roc_auc_score(
            Y_AUC, S_AUC / S_AUC.sum(1, keepdims=True), multi_class="ovr",
            sample_weight=W_BIG.astype(float)))
    assert 0 <= value <= 1


def test_auc_weights_whose_products_overflow():
    w = np.array([1e200, 1e200, 1.0, 3.0, 1e200, 5.0])
    value = msk.one_vs_all_roc_auc_score(Y_AUC, S_AUC, sample_weight=w)
    assert value == pytest.approx(msk.one_vs_all_roc_auc_score(Y_AUC, S_AUC,
                                                               sample_weight=w / 1e200))
    # scikit-learn's macro one-vs-rest AUC on the rescaled weights (its products fit)
    assert value == pytest.approx(skm.roc_auc_score(
        Y_AUC, S_AUC / S_AUC.sum(1, keepdims=True), multi_class="ovr",
        sample_weight=w / 1e200))


def test_all_zero_weights_of_a_loss_are_a_value_error():
    """metrics_sk's own losses refuse all-zero weights with scikit-learn's log_loss
    ValueError (they raised numpy's ZeroDivisionError); the hinge_loss drop-in keeps
    scikit-learn's ZeroDivisionError."""
    y, proba = [0, 1, 1], np.array([[0.8, 0.2], [0.3, 0.7], [0.4, 0.6]])
    message = "Sample weights must contain at least one non-zero number"
    for call in (lambda w: msk.one_vs_all_log_loss(y, proba, sample_weight=w),
                 lambda w: msk.log_loss(y, proba, sample_weight=w),
                 lambda w: msk.log_loss(y, np.log(proba), sample_weight=w, from_logits=True),
                 lambda w: skm.log_loss(y, proba, sample_weight=w)):
        with pytest.raises(ValueError, match=message):
            call([0, 0, 0])
        assert np.isfinite(call([0, 1, 0]))
    for f in (msk.hinge_loss, skm.hinge_loss):
        with pytest.raises(ZeroDivisionError):
            f(y, proba[:, 1], sample_weight=[0, 0, 0])



# -- the two properties above can fail ------------------------------------------------------
_TIED = (np.array([0, 1, 2, 0, 1, 2, 1]),
         np.array([[0, 1, 0], [0, 1, 0], [1, 1, 1], [0, 0, 0], [1, 0, 1], [0, 0, 1],
                   [2, 2, 2]], dtype=float))


def test_the_auc_invariance_property_can_fail(monkeypatch):
    """An AUC mu that breaks tied scores by the samples' positions fails the property."""
    import random

    check = test_auc_invariances.hypothesis.inner_test
    check(_TIED, random.Random(0))
    auc_mu = msk.roc_auc_mu_score

    def by_position(y_true, y_score, **kwargs):
        y_score = np.asarray(y_score, dtype=float)
        position = np.arange(len(y_score))[:, None] * np.arange(y_score.shape[1])
        return auc_mu(y_true, y_score + 1e-3 * position, **kwargs)

    monkeypatch.setattr(msk, "roc_auc_mu_score", by_position)
    with pytest.raises(AssertionError):
        check(_TIED, random.Random(0))


def test_the_repetition_property_can_fail(monkeypatch):
    """A one-vs-all AUC that drops the weights fails the integer-weight property."""
    check = test_integer_weights_are_repetitions.hypothesis.inner_test
    counts = [0, 3, 1, 2, 0, 3, 1] + [0] * 18
    check(_TIED, counts)
    auc = msk.one_vs_all_roc_auc_score
    monkeypatch.setattr(msk, "one_vs_all_roc_auc_score",
                        lambda y_true, y_score, sample_weight=None, **kwargs: auc(
                            y_true, y_score, **kwargs))
    with pytest.raises(AssertionError):
        check(_TIED, counts)


@pytest.mark.parametrize("labels", [None, [0, 1], [1, 0], ["b", "a"]])
def test_1d_score_is_the_greater_class_whatever_the_order_of_labels(labels):
    """A 1-D score of a binary target is the greater class's, as in scikit-learn; with
    labels=[1, 0] it was read as class 0's (AUCs 1 - AUC, the wrong log loss)."""
    y = np.array([0, 0, 1, 1, 0, 1, 1, 0])
    p = np.array([.1, .4, .35, .8, .2, .7, .55, .6])
    if labels == ["b", "a"]:
        y = np.array(["a", "b"])[y]
    auc, loss = skm.roc_auc_score(y, p), skm.log_loss(y, np.c_[1 - p, p])
    assert msk.one_vs_all_roc_auc_score(y, p, labels=labels) == pytest.approx(auc, rel=1e-12)
    assert msk.roc_auc_mu_score(y, p, labels=labels) == pytest.approx(auc, rel=1e-12)
    assert msk.one_vs_all_log_loss(y, p, labels=labels) == pytest.approx(loss, rel=1e-12)
    logit = np.log(p / (1 - p))
    assert msk.one_vs_all_log_loss(y, logit, labels=labels, from_logits=True) == \
        pytest.approx(loss, rel=1e-12)
    per_class = msk.one_vs_all_pr_auc_score(y, p, labels=labels, average=None)
    order = [0, 1] if labels is None or labels[0] < labels[1] else [1, 0]
    two = msk.one_vs_all_pr_auc_score(y, np.c_[1 - p, p][:, order], labels=labels,
                                      average=None)
    np.testing.assert_allclose(per_class, two, rtol=1e-12)
