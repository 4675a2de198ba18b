"""Decisions: expected_cost (a count metric), net_benefit and decision_curve.

References: a hand computation and a brute force sum of ``cost_matrix[true, pred] * w``
for the expected cost; the ``dcurves`` package (its own example data) and a brute force
count of ``y_score >= t`` for the net benefit.
"""

import os

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st
from numpy.testing import assert_allclose
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import TunedThresholdClassifierCV

import metrics_sk as msk
from metrics_sk import _decisions


# -- expected_cost ----------------------------------------------------------------------------
def brute_cost(y_true, y_pred, cost, labels, w=None, normalize=True):
    """sum_s cost[index(true_s), index(pred_s)] * w_s (/ sum w), one sample at a time."""
    index = {label: i for i, label in enumerate(labels)}
    w = np.ones(len(y_true)) if w is None else np.asarray(w, dtype=float)
    total = sum(cost[index[t]][index[p]] * ws for t, p, ws in zip(y_true, y_pred, w))
    return total / w.sum() if normalize else total


def test_expected_cost_by_hand():
    y_true = [0, 0, 1, 1, 2]
    y_pred = [0, 1, 0, 2, 2]
    cost = [[0, 1, 2], [10, 0, 3], [4, 5, -1]]  # a negative diagonal: a gain
    # cells (0,0) 0 + (0,1) 1 + (1,0) 10 + (1,2) 3 + (2,2) -1 = 13, over 5 samples
    assert msk.expected_cost(y_true, y_pred, cost_matrix=cost) == pytest.approx(13 / 5)
    assert msk.expected_cost(y_true, y_pred, cost_matrix=cost, normalize=False) == 13.0
    c = msk.Confusion.from_predictions(y_true, y_pred)
    assert c.expected_cost(cost_matrix=cost) == pytest.approx(13 / 5)


def test_expected_cost_of_zero_one_costs_is_zero_one_loss():
    rng = np.random.default_rng(1)
    y, p = rng.integers(0, 4, 100), rng.integers(0, 4, 100)
    w = rng.uniform(0.1, 3, 100)
    assert msk.expected_cost(y, p, cost_matrix=1 - np.eye(4), sample_weight=w) == \
        pytest.approx(msk.zero_one_loss(y, p, sample_weight=w), rel=1e-12)


@pytest.mark.parametrize("kind", ["int", "str"])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("normalize", [True, False])
def test_expected_cost_brute_force(kind, weighted, normalize):
    rng = np.random.default_rng(7)
    n, k = 300, 5
    y, p = rng.integers(0, k, n), rng.integers(0, k, n)
    names = np.array(["ant", "bee", "cat", "dog", "eel"]) if kind == "str" else np.arange(k) * 3
    y, p = names[y], names[p]
    w = rng.uniform(0, 2, n) if weighted else None
    cost = rng.normal(size=(k, k))
    got = msk.expected_cost(y, p, cost_matrix=cost, sample_weight=w, normalize=normalize)
    assert got == pytest.approx(brute_cost(y, p, cost, names, w, normalize), rel=1e-12)
    # labels= chooses the order of the rows and columns of cost_matrix
    order = names[[3, 1, 4, 0, 2]]
    got = msk.expected_cost(y, p, cost_matrix=cost, labels=order, sample_weight=w,
                            normalize=normalize)
    assert got == pytest.approx(brute_cost(y, p, cost, order, w, normalize), rel=1e-12)


def test_expected_cost_labels_may_add_an_unseen_label():
    y, p = ["a", "b", "b"], ["b", "b", "a"]
    cost = [[0, 2, 7], [3, 0, 7], [7, 7, 0]]  # "z" never occurs
    assert msk.expected_cost(y, p, cost_matrix=cost, labels=["a", "b", "z"]) == \
        pytest.approx(brute_cost(y, p, cost, ["a", "b", "z"]))


def test_expected_cost_refuses_a_sample_outside_the_cost_matrix():
    """labels= never removes samples (docs/streaming.rst): a sample of a label that the
    cost matrix does not cover has no cost, and is refused rather than costed 0."""
    y, p = [0, 1, 2, 1], [0, 1, 1, 2]
    with pytest.raises(ValueError, match="cost_matrix.*\\[2\\]"):
        msk.expected_cost(y, p, cost_matrix=[[0, 1], [1, 0]], labels=[0, 1])
    c = msk.Confusion.from_predictions(y, p, labels=[0, 1])  # the 2's are counted too
    with pytest.raises(ValueError, match="cost_matrix"):
        c.expected_cost(cost_matrix=[[0, 1], [1, 0]])
    # the whole table given: accepted
    assert c.expected_cost(cost_matrix=np.ones((3, 3)) - np.eye(3), labels=[0, 1, 2]) == 0.5


@pytest.mark.parametrize("cost, message", [
    ([[0, 1], [1, 0]], r"cost_matrix must have shape \(3, 3\)"),
    (np.ones((3, 3, 1)), r"cost_matrix must have shape \(3, 3\)"),
    ([1, 2, 3], r"cost_matrix must have shape \(3, 3\)"),
    ([[0, 1, np.nan], [1, 0, 1], [1, 1, 0]], "cost_matrix contains NaN or infinity"),
    ([[0, 1, np.inf], [1, 0, 1], [1, 1, 0]], "cost_matrix contains NaN or infinity"),
    ([["a", 1, 1], [1, 0, 1], [1, 1, 0]], "cost_matrix must be a square array of numbers"),
])
def test_expected_cost_bad_cost_matrix(cost, message):
    y, p = [0, 1, 2], [0, 2, 1]
    with pytest.raises(ValueError, match=message):
        msk.expected_cost(y, p, cost_matrix=cost)
    with pytest.raises(ValueError, match=message):
        msk.Confusion.from_predictions(y, p).expected_cost(cost_matrix=cost)


def test_expected_cost_never_modifies_the_cost_matrix():
    cost = np.array([[0, 1], [5, 0]])
    before = cost.copy()
    msk.expected_cost([0, 1, 1], [1, 1, 0], cost_matrix=cost)
    np.testing.assert_array_equal(cost, before)


def test_expected_cost_streaming_and_merge():
    rng = np.random.default_rng(3)
    y, p, w = rng.integers(0, 3, 200), rng.integers(0, 3, 200), rng.uniform(0, 1, 200)
    cost = rng.uniform(0, 5, (3, 3))
    whole = brute_cost(y, p, cost, [0, 1, 2], w)
    c = msk.Confusion.from_predictions(y[:50], p[:50], sample_weight=w[:50])
    c.update(y[50:], p[50:], w[50:])
    assert c.expected_cost(cost_matrix=cost) == pytest.approx(whole, rel=1e-12)
    a = msk.Confusion.from_predictions(y[:120], p[:120], sample_weight=w[:120])
    b = msk.Confusion.from_predictions(y[120:], p[120:], sample_weight=w[120:])
    assert (a + b).expected_cost(cost_matrix=cost) == pytest.approx(whole, rel=1e-12)


def test_expected_cost_per_group():
    """Each group's expected cost over the labels of all groups (group "b" has no 2)."""
    y = np.array([0, 1, 2, 2, 0, 1, 1, 0, 1])
    p = np.array([0, 2, 2, 1, 1, 1, 0, 0, 0])
    g = np.array(["a", "a", "a", "a", "a", "b", "b", "b", "b"])
    w = np.arange(1, 10) / 4
    cost = np.array([[0, 1, 2], [3, 0, 4], [5, 6, 0.5]])
    grouped = msk.Confusion.from_predictions(y, p, sample_weight=w, groups=g)
    got = grouped.expected_cost(cost_matrix=cost)
    for name in ("a", "b"):
        m = g == name
        assert got[name] == pytest.approx(brute_cost(y[m], p[m], cost, [0, 1, 2], w[m]))


def test_expected_cost_scorer_tunes_a_threshold():
    """No scorer name (a name fixes every argument): make_scorer with the cost matrix,
    as TunedThresholdClassifierCV's scoring; the same threshold as a brute-force scorer."""
    X, y = make_classification(n_samples=300, weights=[0.8], random_state=0)
    cost = np.array([[0.0, 1.0], [8.0, 0.0]])  # a missed positive costs 8 false alarms

    def brute(y_true, y_pred):
        return brute_cost(y_true, y_pred, cost, [0, 1])

    tuned = {}
    for name, metric in (("metrics_sk", msk.expected_cost), ("brute", brute)):
        kwargs = {"cost_matrix": cost} if name == "metrics_sk" else {}
        scorer = msk.make_scorer(metric, greater_is_better=False, **kwargs)
        tuned[name] = TunedThresholdClassifierCV(
            LogisticRegression(), scoring=scorer, cv=3, thresholds=30).fit(X, y)
    assert tuned["metrics_sk"].best_threshold_ == tuned["brute"].best_threshold_
    assert tuned["metrics_sk"].best_score_ == pytest.approx(tuned["brute"].best_score_)
    assert tuned["metrics_sk"].best_score_ < 0  # a negated cost


def test_expected_cost_has_no_analytic_interval_but_bootstraps():
    y, p = [0, 1, 1, 0, 1, 0, 1, 1], [0, 1, 0, 0, 1, 1, 1, 1]
    with pytest.raises(ValueError, match="no analytic interval"):
        msk.analytic_interval("expected_cost", y, p, cost_matrix=[[0, 1], [5, 0]])


# -- net benefit and the decision curve ---------------------------------------------------
def brute_net_benefit(y_true, y_score, t, w=None):
    """Treated: y_score >= t; TP / n - FP / n * t / (1 - t), sample by sample."""
    y_true, y_score = np.asarray(y_true), np.asarray(y_score)
    w = np.ones(len(y_true)) if w is None else np.asarray(w, dtype=float)
    treated = y_score >= t
    tp = w[treated & (y_true == 1)].sum()
    fp = w[treated & (y_true != 1)].sum()
    return tp / w.sum() - fp / w.sum() * t / (1 - t)


def test_net_benefit_by_hand():
    y_true = [0, 0, 1, 1, 1, 0]
    y_score = [0.1, 0.4, 0.35, 0.8, 0.6, 0.7]
    # t = 0.5: treated 0.8, 0.6 (TP) and 0.7 (FP): 2/6 - 1/6 * 1
    assert msk.net_benefit(y_true, y_score, threshold=0.5) == pytest.approx(1 / 6)
    # t = 0.35 (a tie with a score: treated, >=): TP 3, FP 2: 3/6 - 2/6 * 0.35/0.65
    assert msk.net_benefit(y_true, y_score, threshold=0.35) == pytest.approx(
        3 / 6 - 2 / 6 * 0.35 / 0.65)
    assert msk.net_benefit(y_true, y_score, threshold=0.9) == 0.0  # no one treated
    assert msk.net_benefit(y_true, y_score, threshold=0.0) == pytest.approx(0.5)


def test_net_benefit_string_labels_and_weights():
    y = ["no", "yes", "yes", "no", "yes"]
    s = [0.2, 0.9, 0.4, 0.6, 0.4]
    w = [1.0, 2.0, 0.5, 3.0, 1.5]
    got = msk.net_benefit(y, s, threshold=0.3, pos_label="yes", sample_weight=w)
    assert got == pytest.approx(brute_net_benefit(np.array(y) == "yes", s, 0.3, w))


def _dcurves_example():
    dcurves = pytest.importorskip("dcurves")
    path = os.path.join(os.path.dirname(dcurves.__file__), "data", "df_binary.csv")
    return dcurves, pd.read_csv(path)


@pytest.mark.parametrize("model", ["cancerpredmarker", "famhistory"])
def test_decision_curve_equals_dcurves(model):
    """dcurves' own example (df_binary.csv: 750 patients, cancer outcome): its net
    benefit of the model and of treating all, at its default thresholds.

    dcurves moves a risk of exactly 0 to -eps (and 1 to 1 + eps), so that it is never
    treated, even at threshold 0; metrics_sk treats ``y_score >= threshold`` as written
    (the binary famhistory at threshold 0: everyone). With dcurves' move applied to the
    scores, every value is dcurves'."""
    dcurves, df = _dcurves_example()
    reference = dcurves.dca(data=df, outcome="cancer", modelnames=[model])
    eps = np.finfo(float).eps
    scores = df[model].replace({0: -eps, 1: 1 + eps})  # dcurves' convention
    curve = msk.decision_curve(df["cancer"].astype(int), scores)
    as_written = msk.decision_curve(df["cancer"].astype(int), df[model])
    differs = (as_written.net_benefit != curve.net_benefit)
    if model == "famhistory":  # only at threshold 0: everyone treated, the prevalence
        assert differs.tolist() == [True] + [False] * 99
        assert as_written.net_benefit[0] == pytest.approx(df["cancer"].mean())
    else:
        assert not differs.any()
    ours = reference[reference.model == model].sort_values("threshold")
    everyone = reference[reference.model == "all"].sort_values("threshold")
    none = reference[reference.model == "none"].sort_values("threshold")
    assert_allclose(curve.thresholds, ours.threshold, rtol=0, atol=1e-15)
    assert_allclose(curve.net_benefit, ours.net_benefit, rtol=1e-12, atol=1e-15)
    assert_allclose(curve.treat_all, everyone.net_benefit, rtol=1e-12, atol=1e-15)
    assert_allclose(curve.treat_none, none.net_benefit, rtol=0, atol=1e-15)
    for t in (0.05, 0.2, 0.5):
        row = ours[np.isclose(ours.threshold, t)]
        assert msk.net_benefit(df["cancer"], df[model], threshold=t) == pytest.approx(
            float(row.net_benefit.iloc[0]), rel=1e-12)


def test_decision_curve_default_thresholds_and_type():
    curve = msk.decision_curve([0, 1, 1, 0], [0.2, 0.9, 0.5, 0.4])
    assert_allclose(curve.thresholds, np.arange(100) / 100)
    assert set(curve) == {"thresholds", "net_benefit", "treat_all", "treat_none"}
    assert curve.net_benefit is curve["net_benefit"]  # a Bunch, scikit-learn's type


def test_decision_curve_sorts_once(monkeypatch):
    """One sort for all thresholds: confusion_matrix_at_thresholds is called once."""
    calls = []
    real = _decisions.confusion_matrix_at_thresholds

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(_decisions, "confusion_matrix_at_thresholds", counting)
    msk.decision_curve([0, 1, 1, 0, 1], [0.2, 0.9, 0.5, 0.4, 0.3],
                       thresholds=np.linspace(0, 0.95, 40))
    assert len(calls) == 1


_GRID = st.sampled_from(np.arange(20) / 20)  # scores and thresholds on one grid: ties


@settings(max_examples=60, deadline=None)
@given(data=st.lists(st.tuples(st.integers(0, 1), _GRID, st.integers(0, 3)),
                     min_size=1, max_size=30),
       thresholds=st.lists(_GRID, min_size=1, max_size=8), weighted=st.booleans())
def test_decision_curve_is_net_benefit_at_each_threshold(data, thresholds, weighted):
    y = np.array([d[0] for d in data])
    s = np.array([d[1] for d in data])
    w = np.array([d[2] for d in data], dtype=float) + 0.5 if weighted else None
    pos_label = 1  # (one class only: pos_label says which one is positive)
    curve = msk.decision_curve(y, s, thresholds=thresholds, pos_label=pos_label,
                               sample_weight=w)
    for i, t in enumerate(thresholds):
        one = msk.net_benefit(y, s, threshold=t, pos_label=pos_label, sample_weight=w)
        assert curve.net_benefit[i] == pytest.approx(one, rel=1e-12, abs=1e-15)
        assert one == pytest.approx(brute_net_benefit(y, s, t, w), rel=1e-12, abs=1e-15)
        treat_all = brute_net_benefit(y, np.ones_like(s), t, w)
        assert curve.treat_all[i] == pytest.approx(treat_all, rel=1e-12, abs=1e-15)


def test_the_decision_curve_property_can_fail(monkeypatch):
    """Treating ``y_score > t`` instead of ``>=`` (a search on the wrong side among the
    distinct scores) fails the property (hypothesis finds a tie)."""
    def strict(fps, tps, thresholds, at):
        j = np.searchsorted(-thresholds, -np.asarray(at, dtype=float), side="left")
        last = np.maximum(j - 1, 0)
        return np.where(j > 0, fps[last], 0.0), np.where(j > 0, tps[last], 0.0)

    monkeypatch.setattr(_decisions, "counts_at_or_above", strict)
    with pytest.raises(AssertionError):
        test_decision_curve_is_net_benefit_at_each_threshold()


@pytest.mark.parametrize("threshold", [1.0, -0.1, 1.5, np.nan])
def test_net_benefit_threshold_outside_0_1(threshold):
    with pytest.raises(ValueError, match="threshold"):
        msk.net_benefit([0, 1], [0.2, 0.8], threshold=threshold)


@pytest.mark.parametrize("thresholds", [[0.5, 1.0], [-0.01], [np.nan], [[0.1]], [], ["a"]])
def test_decision_curve_bad_thresholds(thresholds):
    with pytest.raises(ValueError, match="thresholds"):
        msk.decision_curve([0, 1], [0.2, 0.8], thresholds=thresholds)


@pytest.mark.parametrize("y_score, name", [
    ([0.2, 0.8], "y_score"),  # a length that differs
    ([0.2, np.nan, 0.3], "y_score"),
    ([0.2, np.inf, 0.3], "y_score"),
    ([[0.2, 0.8], [0.5, 0.5], [0.1, 0.9]], "y_score"),  # 2-D
])
def test_net_benefit_bad_scores(y_score, name):
    for call in (lambda: msk.net_benefit([0, 1, 1], y_score, threshold=0.3),
                 lambda: msk.decision_curve([0, 1, 1], y_score)):
        with pytest.raises(ValueError, match=name):
            call()
