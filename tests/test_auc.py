"""The ranking kernels of metrics_sk._auc against direct O(n^2) definitions.

The kernels sort once and make linear passes; the references below compare every pair
(or every sample with every threshold) as the formulas read, so ties, zero weights and
tie groups are checked against nothing but the definitions.
"""

import contextlib
import io
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics_sk import (
    _auc,
    catboost,
    one_vs_all_pr_auc_score,
    one_vs_all_roc_auc_score,
    roc_auc_mu_score,
)


def direct_mann_whitney(pos, neg, pos_w, neg_w):
    """sum_{p,n} w_p w_n ([s_p > s_n] + [s_p = s_n] / 2) / (W+ W-), pair by pair."""
    wins = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    pairs = pos_w.sum() * neg_w.sum()
    return np.nan if pairs == 0 else float(pos_w @ wins @ neg_w / pairs)


def direct_auc_mu(codes, scores, weights, cost):
    """Kleiman and Page's AUC mu with CatBoost's conventions, pair of classes by pair."""
    k = scores.shape[1]
    d = scores @ cost.T
    total = 0.0
    for i in range(k):
        for j in range(i + 1, k):
            a, b = codes == i, codes == j
            if not a.any() or not b.any():
                continue
            sign = np.sign(cost[i, j] + cost[j, i])
            if sign == 0:
                total += 0.5
                continue
            s = sign * (d[:, j] - d[:, i])
            total += direct_mann_whitney(s[a], s[b], weights[a], weights[b])
    return 2 * total / (k * (k - 1))


def direct_pr_auc(is_pos, scores, weights):
    """Trapezoids through (0, 1) and (recall, precision) at each distinct threshold."""
    if weights[is_pos].sum() == 0:
        return np.nan
    recall, precision = [0.0], [1.0]
    for t in np.unique(scores)[::-1]:
        above = scores >= t
        tp, predicted = weights[above & is_pos].sum(), weights[above].sum()
        recall.append(tp / weights[is_pos].sum())
        precision.append(tp / predicted if predicted > 0 else 1.0)
    return float(sum((recall[m] - recall[m - 1]) * (precision[m] + precision[m - 1]) / 2
                     for m in range(1, len(recall))))


@st.composite
def ranking_problems(draw):
    """Scores with many ties (small integers or halves) or continuous, classes and
    weights (None, or with zeros)."""
    n = draw(st.integers(2, 40))
    k = draw(st.integers(2, 4))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    kind = draw(st.sampled_from(["ties", "halves", "continuous"]))
    if kind == "ties":
        scores = rng.integers(-2, 3, (n, k)).astype(float)
    elif kind == "halves":
        scores = rng.integers(-4, 5, (n, k)) / 2.0
    else:
        scores = rng.normal(size=(n, k))
    codes = rng.integers(0, k, n)
    weights = None
    if draw(st.booleans()):
        weights = rng.uniform(0, 3, n) * (rng.random(n) > 0.2)
    return codes, scores, weights


@settings(max_examples=150, deadline=None)
@given(ranking_problems())
def test_auc_mu_equals_the_pairwise_definition(problem):
    codes, scores, weights = problem
    k = scores.shape[1]
    w = np.ones(codes.shape[0]) if weights is None else weights
    rng = np.random.default_rng(codes.sum())
    for cost in (1 - np.eye(k), rng.integers(-1, 3, (k, k)) * (1 - np.eye(k))):
        cost = cost.astype(float)
        got = _auc.auc_mu(codes, *_auc.mu_dot_products(scores, cost), weights)
        np.testing.assert_allclose(got, direct_auc_mu(codes, scores, w, cost),
                                   rtol=1e-13, atol=1e-15, equal_nan=True)
    got = _auc.auc_mu(codes, *_auc.mu_dot_products(scores), weights)  # default: a_i - a_j
    np.testing.assert_allclose(got, direct_auc_mu(codes, scores, w, 1 - np.eye(k)),
                               rtol=1e-13, atol=1e-15, equal_nan=True)


@settings(max_examples=150, deadline=None)
@given(ranking_problems())
def test_one_vs_all_auc_and_pr_auc_equal_the_definitions(problem):
    assert_one_vs_all_equal_the_definitions(*problem)


def assert_one_vs_all_equal_the_definitions(codes, scores, weights):
    """Each column's ROC and PR AUC equal the direct sums (NaN without both sides)."""
    w = np.ones(codes.shape[0]) if weights is None else weights
    roc = _auc.one_vs_all_auc(codes, scores, weights)
    pr = _auc.one_vs_all_pr_auc(codes, scores, weights)
    for c in range(scores.shape[1]):
        pos = codes == c
        expected_roc = (direct_mann_whitney(scores[pos, c], scores[~pos, c], w[pos], w[~pos])
                        if pos.any() and (~pos).any() else np.nan)
        np.testing.assert_allclose(roc[c], expected_roc, rtol=1e-13, atol=1e-15,
                                   equal_nan=True)
        np.testing.assert_allclose(pr[c], direct_pr_auc(pos, scores[:, c], w),
                                   rtol=1e-13, atol=1e-15, equal_nan=True)


def test_pr_auc_tie_tolerance_groups_chains_of_close_scores():
    """Scores closer than the tolerance to their neighbour are one threshold, also in a
    chain (0.2, 0.2 + 6e-9, 0.2 + 1.2e-8): hand-computed, as CatBoost groups them."""
    is_pos = np.array([True, False, True, False, False, True])
    scores = np.array([0.5, 0.5 + 3e-9, 0.2, 0.2 + 6e-9, 0.2 + 1.2e-8, 0.9])
    # thresholds: {0.9}: tp 1/1; {0.5, 0.5+3e-9}: tp 2, predicted 3; {0.2 chain}: 3 of 6
    expected = (1 / 3) * (1 + 1) / 2 + (1 / 3) * (1 + 2 / 3) / 2 + (1 / 3) * (2 / 3 + 1 / 2) / 2
    for weights in (None, np.ones(6)):
        assert _auc.pr_auc(is_pos, scores, weights, tie_tolerance=1e-8) == pytest.approx(
            expected, abs=1e-15)


def test_weighted_pair_auc_keeps_digits_at_extreme_weight_ratios():
    """Per-group sums, not differences of cumulative sums: a tie group next to a weight
    of 1e16 keeps its share exactly."""
    pos, neg = np.array([0.0, 1.0]), np.array([0.0, 2.0])
    pos_w, neg_w = np.array([1.0, 1.0]), np.array([1.0, 1e16])
    expected = (0.5 * 1 + 1 * 1) / (2 * (1 + 1e16))  # (0 vs 0) tie, (1 vs 0) win
    assert _auc.mann_whitney(pos, neg, pos_w, neg_w) == pytest.approx(expected, rel=1e-15)


@pytest.mark.parametrize("case", ["one_ulp", "signed_zeros", "extremes"])
def test_pair_auc_one_sort_path_equals_the_definition(case):
    """The unweighted pair kernel sorts int64 keys whose lowest bit is the side: scores
    one ulp apart, -0.0 against 0.0 and the ends of the float range must still rank as
    the numbers do."""
    rng = np.random.default_rng(["one_ulp", "signed_zeros", "extremes"].index(case))
    for _ in range(200):
        if case == "one_ulp":
            base = rng.normal(size=3)
            neg = base[rng.integers(0, 3, 15)]
            pos = np.nextafter(base[rng.integers(0, 3, 12)],
                               rng.choice([-np.inf, np.inf], 12))
        elif case == "signed_zeros":
            pos = rng.choice([0.0, -0.0, 5e-324, -5e-324, 1.0], 12)
            neg = rng.choice([0.0, -0.0, -5e-324, 2e-323], 15)
        else:
            pos = rng.choice([1.7e308, -1.7e308, 1e-310, -1e-310, 3.0], 12)
            neg = rng.normal(size=15) * 1e300
        ones_p, ones_n = np.ones(pos.shape[0]), np.ones(neg.shape[0])
        assert _auc.mann_whitney(pos, neg) == pytest.approx(
            direct_mann_whitney(pos, neg, ones_p, ones_n), abs=1e-15)


def _edge_column(case, rng, n):
    """Scores that stress the exact int64 keys: one ulp apart and scaled far above 2
    (the keys scale by a power of two), signed zeros, a span too wide to scale (a tiny
    non-zero score next to a huge one: the fallback paths), all equal."""
    if case == "ulps_scaled":
        base = rng.normal(size=3) * 2.0 ** rng.integers(1, 900)
        values = base[rng.integers(0, 3, n)]
        return np.where(rng.random(n) < 0.5, values,
                        np.nextafter(values, rng.choice([-np.inf, np.inf], n)))
    if case == "signed_zeros":
        return rng.choice([0.0, -0.0, 5e-324, -5e-324, 1.0, -3.0], n)
    if case == "too_wide":
        return rng.choice([1.7e308, -1.7e308, 1e-310, -1e-310, 0.0, 3.0], n)
    return np.full(n, rng.choice([-0.0, 2.5, 1e300]))


@pytest.mark.parametrize("case", ["ulps_scaled", "signed_zeros", "too_wide", "all_equal"])
@pytest.mark.parametrize("weighted", [False, True])
def test_one_vs_all_and_auc_mu_edge_scores_equal_the_definitions(case, weighted):
    """Every unweighted path of the kernels (keys in (-2, 2) as they are, scaled keys,
    the fallbacks) against the O(n^2) definitions, with ties at every place a
    positive can meet one: below, above and at the start of the sorted order."""
    rng = np.random.default_rng(["ulps_scaled", "signed_zeros", "too_wide",
                                 "all_equal"].index(case) + 10 * weighted)
    for _ in range(40):
        n, k = int(rng.integers(1, 30)), int(rng.integers(2, 4))
        scores = np.stack([_edge_column(case, rng, n) for _ in range(k)], axis=1)
        codes = rng.integers(0, k, n)
        weights = rng.uniform(0, 2, n) * (rng.random(n) > 0.2) if weighted else None
        assert_one_vs_all_equal_the_definitions(codes, scores, weights)
        w = np.ones(n) if weights is None else weights
        if case != "too_wide":  # a_i - a_j of scores near the float limit overflows
            expected, pairs = 0.0, 0
            for i in range(k):  # the default pairs rank by a_i - a_j, exactly
                for j in range(i + 1, k):
                    a, b = codes == i, codes == j
                    if a.any() and b.any():
                        s = scores[:, i] - scores[:, j]
                        expected += direct_mann_whitney(s[a], s[b], w[a], w[b])
            expected *= 2 / (k * (k - 1))
            np.testing.assert_allclose(
                _auc.auc_mu(codes, *_auc.mu_dot_products(scores), weights), expected,
                rtol=1e-13, atol=1e-15, equal_nan=True)


def test_shrink_scales_exactly_or_gives_up():
    """The keys need every |score| < 2: a power-of-two scaling, exact, or None when a
    non-zero score would become subnormal."""
    values = np.array([3.0, -1e150, 0.0, -0.0, 1e-150, np.nextafter(3.0, 4.0)])
    scaled, scale = _auc._shrink(values.copy(), 2.0)
    assert np.abs(scaled).max() < 2 and np.array_equal(scaled / scale, values)
    assert np.log2(scale) == int(np.log2(scale))
    assert _auc._shrink(np.array([1e300, 1e-300]), 2.0) is None  # 1e-300 would round
    assert _auc._shrink(np.array([-2.0, 1e-300]), 2.0) is not None
    assert _auc._shrink(np.array([1e300, 0.0, -0.0]), 2.0) is not None  # zeros stay exact
    small = np.array([0.5, -1.5])
    assert _auc._shrink(small, 2.0)[0] is small  # already below: no copy, scale 1


def test_pr_auc_groups_of_ties_around_positives_hand_computed():
    """Positives tied with negatives, with each other, and a positive alone at the top
    and at the bottom: one point per distinct score (hand-computed)."""
    is_pos = np.array([True, False, True, True, False, False, True])
    scores = np.array([9.0, 5.0, 5.0, 5.0, 2.0, 2.0, 0.0])
    # thresholds 9: tp 1/1; 5: tp 3, predicted 4; 2: 3 of 6; 0: 4 of 7 (recall 1)
    expected = (0.25 * (1 + 1) / 2 + 0.5 * (1 + 0.75) / 2 + 0 + 0.25 * (0.5 + 4 / 7) / 2)
    for weights in (None, np.ones(7)):
        assert _auc.pr_auc(is_pos, scores, weights) == pytest.approx(expected, abs=1e-15)


def test_pr_auc_tie_tolerance_on_scaled_keys_equals_the_argsort_path():
    """With a tolerance the scores come back from their (scaled) keys to measure the
    gaps: the same groups as the weighted path on the scores themselves."""
    rng = np.random.default_rng(7)
    for _ in range(50):
        n = int(rng.integers(2, 40))
        base = rng.choice([-3e6, 1e6, 0.0, 2.5], n)
        scores = base + rng.integers(0, 4, n) * rng.choice([3e-9, 2e-8], n)
        is_pos = rng.random(n) < 0.4
        expected = _auc.pr_auc(is_pos, scores, np.ones(n), tie_tolerance=1e-8)
        assert _auc.pr_auc(is_pos, scores, tie_tolerance=1e-8) == pytest.approx(
            expected, rel=1e-13, nan_ok=True)


@pytest.fixture
def placer_everywhere(monkeypatch):
    """The bucket placer for columns of any size (it starts at 8192 scores)."""
    monkeypatch.setattr(_auc, "_PLACE_FROM", 0)


@pytest.mark.parametrize("steps", [1, 2, 8])
def test_pr_auc_placer_equals_the_definition(placer_everywhere, monkeypatch, steps):
    """Negatives placed among the positives by the bucket table, compared within a
    bucket or searched (``steps`` 1: past one comparison): ties across classes, -0.0 next to
    0.0, subnormals, the largest floats (whose neighbour is infinite), spans beyond
    2^1000, and negatives below or above every positive."""
    monkeypatch.setattr(_auc._place, "__defaults__", (steps,))
    big = np.finfo(float).max
    pools = [np.array([0.0, -0.0, 5e-324, -5e-324, 1e-300, 1.0, 1e300, -big, big]),
             np.array([-2.0, -1.0, -0.0, 0.0, 0.5, 1.0]), None]
    rng = np.random.default_rng(11)
    for trial in range(300):
        n, k = int(rng.integers(1, 40)), int(rng.integers(1, 4))
        pool = pools[trial % 3]
        scores = (rng.choice(pool, (n, k)) if pool is not None
                  else np.exp(rng.normal(scale=30, size=(n, k))))
        codes = rng.integers(-1, k + 1, n)  # -1 and k: negatives of every class
        got = _auc.one_vs_all_pr_auc(codes, scores)
        for c in range(k):
            expected = direct_pr_auc(codes == c, scores[:, c], np.ones(n))
            np.testing.assert_allclose(got[c], expected, rtol=1e-13, atol=1e-15,
                                       equal_nan=True)


def test_pr_auc_placer_on_large_columns_equals_scikit_learn():
    """Columns of 50,000 scores (past ``_PLACE_FROM``): continuous, rounded to 2
    decimals (many ties), and all scores equal, as ``precision_recall_curve`` + ``auc``."""
    skm = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(5)
    n = 50_000
    codes = rng.integers(0, 3, n)
    logits = rng.normal(size=(n, 3))
    logits[np.arange(n), codes] += 1.0
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    for scores in (proba, proba.round(2), np.full((n, 3), 0.25)):
        got = _auc.one_vs_all_pr_auc(codes, scores)
        for c in range(3):
            precision, recall, _ = skm.precision_recall_curve(codes == c, scores[:, c])
            assert got[c] == pytest.approx(skm.auc(recall, precision), rel=1e-12)


# -- the two properties above can fail ------------------------------------------------------
def _weighted_problem():
    codes = np.array([0, 1, 2, 0, 1, 2, 0, 1])
    scores = np.random.default_rng(3).normal(size=(8, 3))
    return codes, scores, np.array([0.5, 2.0, 1.0, 3.0, 0.25, 1.5, 1.0, 2.5])


def test_the_auc_mu_property_can_fail(monkeypatch):
    """An AUC mu kernel that drops the weights fails the pairwise-definition property."""
    check = test_auc_mu_equals_the_pairwise_definition.hypothesis.inner_test
    check(_weighted_problem())
    auc_mu = _auc.auc_mu
    monkeypatch.setattr(_auc, "auc_mu", lambda codes, *args: auc_mu(codes, *args[:-1], None))
    with pytest.raises(AssertionError):
        check(_weighted_problem())


def test_the_one_vs_all_property_can_fail(monkeypatch):
    """A PR AUC computed as scikit-learn's average precision (a step sum, not the
    trapezoids) fails the one-vs-all property."""
    import sklearn.metrics as skm

    check = test_one_vs_all_auc_and_pr_auc_equal_the_definitions.hypothesis.inner_test
    check(_weighted_problem())

    def average_precision(codes, scores, weights=None):
        return np.array([skm.average_precision_score(codes == c, scores[:, c],
                                                     sample_weight=weights)
                         for c in range(scores.shape[1])])

    monkeypatch.setattr(_auc, "one_vs_all_pr_auc", average_precision)
    with pytest.raises(AssertionError):
        check(_weighted_problem())


# -- the values stay in [0, 1] whatever the rounding ---------------------------------------
def exact_mann_whitney(pos, neg, pos_w, neg_w):
    """The pairwise definition in exact rational arithmetic (``Fraction`` of each float)."""
    pos_w, neg_w = [Fraction(v) for v in pos_w], [Fraction(v) for v in neg_w]
    wins = sum(wp * wn * (1 if p > q else Fraction(1, 2) if p == q else 0)
               for p, wp in zip(pos, pos_w) for q, wn in zip(neg, neg_w))
    return wins / (sum(pos_w) * sum(neg_w))


def exact_pr_auc(is_pos, scores, weights):
    """:func:`direct_pr_auc` in exact rational arithmetic."""
    w = [Fraction(v) for v in weights]
    total = sum(v for v, p in zip(w, is_pos) if p)
    recall, precision = [Fraction(0)], [Fraction(1)]
    for t in np.unique(scores)[::-1]:
        tp = sum(v for v, p, s in zip(w, is_pos, scores) if p and s >= t)
        predicted = sum(v for v, s in zip(w, scores) if s >= t)
        recall.append(tp / total)
        precision.append(tp / predicted if predicted > 0 else Fraction(1))
    return sum((recall[m] - recall[m - 1]) * (precision[m] + precision[m - 1]) / 2
               for m in range(1, len(recall)))


# Found by tests/test_dtypes.py and a search: the weighted pair AUC was the dot product of
# weights normalised to sum "1", which rounding could leave above 1 (1 + 2**-52 here).
PERFECT_MU = ([1, 1, 2, 0, 0, 0, 0, 0],
              [[-0.8, 6.7, 0.0], [0.1, 4.3, -0.1], [-1.3, -1.8, 5.7], [4.1, -1.2, -0.2],
               [4.5, 2.3, 0.7], [3.6, 0.9, 0.0], [6.3, 0.5, 0.6], [2.3, 1.0, 0.5]],
              [0.02656421810388565, 0.17113374173641205, 0.9650887250900269,
               0.7499850392341614, 0.3047238290309906, 0.8117086291313171,
               0.2696380019187927, 0.946578860282898])  # float32-exact weights (CatBoost's)


def test_weighted_auc_mu_of_a_perfect_ranking_is_exactly_one():
    """Every pair perfectly ranked: 1, as CatBoost and the exact definition say."""
    y, scores, w = (np.array(v) for v in PERFECT_MU)
    got = roc_auc_mu_score(y, scores, sample_weight=w)
    assert got == 1.0
    assert catboost.eval_metric(y, scores, "AUC:type=Mu", sample_weight=w) == [1.0]
    cb_utils = pytest.importorskip("catboost.utils")
    with contextlib.redirect_stdout(io.StringIO()):
        expected = cb_utils.eval_metric(y.astype(float), scores, "AUC:type=Mu", weight=w,
                                        thread_count=1)
    assert got == expected[0]
    # the one-vs-all ROC AUC of the same (perfect) column ranking
    assert one_vs_all_roc_auc_score(y, scores, sample_weight=w, average=None).tolist() == [
        1.0, 1.0, 1.0]


def test_weighted_pair_auc_of_a_perfect_ranking_is_exactly_one():
    pos, neg = np.array([4.0, 3.0, 3.0]), np.array([0.0])
    pos_w, neg_w = np.array([1.1, 1 / 3, 1.1]), np.array([1.1])
    assert _auc.mann_whitney(pos, neg, pos_w, neg_w) == 1.0  # was 1 + 2**-52


def test_pr_auc_of_a_perfect_precision_is_exactly_one():
    """20 positives above the negatives: every point has precision 1, the area is 1 (the
    recall steps 1/20 summed to 1 + 2**-52 before)."""
    y = [0] * 20 + [1]
    scores = np.c_[np.arange(21.0, 0.0, -1.0), np.zeros(21)]
    assert one_vs_all_pr_auc_score(y, scores, average=None)[0] == 1.0
    assert _auc.pr_auc(np.ones(20, bool), np.arange(20.0)) == 1.0
    assert _auc.pr_auc(np.ones(20, bool), np.arange(20.0), np.full(20, 0.1)) == 1.0


@pytest.mark.parametrize("seed", range(4))
def test_rankings_are_in_unit_interval_and_exact_to_rounding(seed):
    """Random weights, many perfectly ranked columns (where rounding pushed the values
    past 1): each value within a few ulps of the exact rational definition, and in
    [0, 1]."""
    rng = np.random.default_rng(seed)
    for _ in range(60):
        n, k = int(rng.integers(3, 25)), int(rng.integers(2, 4))
        codes = rng.integers(0, k, n)
        scores = rng.normal(size=(n, k)).round(1) + 5 * np.eye(k)[codes] * (rng.random() < .7)
        weights = (None if rng.random() < .3 else
                   rng.random(n) * 10.0 ** rng.integers(-3, 4))
        w = np.ones(n) if weights is None else weights
        values = []
        for c in range(k):
            pos = codes == c
            if pos.any() and (~pos).any():
                got = _auc.one_vs_all_auc(codes, scores, weights)[c]
                exact = exact_mann_whitney(scores[pos, c], scores[~pos, c], w[pos], w[~pos])
                assert abs(got - float(exact)) <= 4e-16, (got, exact)
                values.append(got)
            if pos.any():
                got = _auc.one_vs_all_pr_auc(codes, scores, weights)[c]
                assert abs(got - float(exact_pr_auc(pos, scores[:, c], w))) <= 4e-16
                values.append(got)
        if np.bincount(codes, minlength=k).all():
            values.append(_auc.auc_mu(codes, *_auc.mu_dot_products(scores), weights))
        assert all(0.0 <= v <= 1.0 for v in values), values


@pytest.mark.parametrize("seed", range(3))
def test_pr_areas_are_exactly_rounded_sums_of_their_terms(seed):
    """Average precision and PR AUC sum their per-threshold terms exactly rounded (the
    same bits for any split of the terms, as the Dask ranges need): equal to
    ``math.fsum`` of the terms built from scikit-learn's cumulative counts."""
    import math

    from sklearn.metrics import confusion_matrix_at_thresholds

    from metrics_sk import average_precision_score, one_vs_all_pr_auc_score

    rng = np.random.default_rng(seed)
    n = 20000
    y = (rng.random(n) < 0.3).astype(int)
    scores = (rng.random(n) + 0.3 * y).round(3)  # ties
    _, fps, _, tps, _ = confusion_matrix_at_thresholds(y, scores)
    steps = np.diff(tps, prepend=0.0)
    precision = tps / (tps + fps)
    ap = math.fsum(steps * precision) / tps[-1]
    assert average_precision_score(y, scores) == ap
    previous = np.concatenate(([1.0], precision[:-1]))
    pr = math.fsum(steps * (precision + previous)) / (2.0 * tps[-1])
    assert one_vs_all_pr_auc_score(y, scores, average=None)[1] == pr
    w = rng.random(n)
    _, fps, _, tps, _ = confusion_matrix_at_thresholds(y, scores, sample_weight=w)
    steps = np.diff(tps, prepend=0.0)
    got = _auc.pr_auc(y == 1, scores, w, step=True)
    assert abs(got - math.fsum(steps * tps / (tps + fps)) / math.fsum(steps)) <= 2e-16
