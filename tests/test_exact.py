"""Exactly rounded sums (metrics_sk/_exact.py) against the exact rational sum
(fractions.Fraction), whatever the order or the split of the terms."""

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from metrics_sk._auc import (key_table, mann_whitney, merge_key_tables, score_buckets,
                             table_twice_wins)
from metrics_sk import _exact
from metrics_sk._exact import ExactSum, exact_sum, exact_sum_of


def _rational(values):
    total = sum((Fraction(float(v)) for v in values), Fraction(0))
    try:
        return float(total)
    except OverflowError:
        return math.inf if total > 0 else -math.inf


finite = st.floats(allow_nan=False, allow_infinity=False)


@settings(max_examples=300, deadline=None)
@given(arrays(np.float64, st.integers(0, 60), elements=finite), st.data())
def test_the_sum_is_the_rounded_rational_sum_in_any_split(values, data):
    expected = _rational(values)
    assert exact_sum(values) == expected
    order = data.draw(st.permutations(range(values.shape[0])))
    cut = data.draw(st.integers(0, values.shape[0]))
    shuffled = values[list(order)]
    parts = exact_sum_of(shuffled[:cut]) + exact_sum_of(shuffled[cut:])
    assert float(parts) == expected


def test_the_property_test_can_fail():
    # np.sum (a float sum) is what the property would catch: cancellation and order
    values = np.array([1e16, 1.0, -1e16])
    assert np.sum(values) != _rational(values) == exact_sum(values) == 1.0


@pytest.mark.parametrize("values, expected", [
    ([np.inf, 1.0], np.inf), ([-np.inf, 1e308], -np.inf), ([1e308, 1e308], np.inf),
    ([5e-324, 5e-324, -5e-324], 5e-324), ([-0.0], 0.0), ([], 0.0),
])
def test_edges(values, expected):
    assert exact_sum(values) == expected
    assert math.isnan(exact_sum([np.inf, -np.inf])) and math.isnan(exact_sum([np.nan, 1.0]))


def test_blocks_and_flushes_are_exact():
    rng = np.random.default_rng(0)
    values = rng.normal(size=(1 << 15) * 3 + 17) * 10.0 ** rng.integers(-20, 20, (1 << 15) * 3 + 17)
    assert exact_sum(values) == math.fsum(values)
    assert exact_sum_of(values) == exact_sum_of(values[::-1])
    assert isinstance(exact_sum_of(values) + ExactSum(), ExactSum)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 80), st.integers(1, 64), st.integers(0, 2**32 - 1))
def test_bucket_tables_give_the_auc_within_the_bound(n, bits, seed):
    rng = np.random.default_rng(seed)
    scores = [rng.normal(size=n), np.round(rng.random(n), 1), -rng.random(n) * 1e-300][seed % 3]
    scores[rng.random(n) < 0.1] = -0.0
    is_pos = np.arange(n) < max(1, n // 3)
    buckets = score_buckets(scores, bits)
    assert (np.diff(buckets[np.argsort(scores, kind="stable")].astype(float)) >= 0).all()
    _, index = np.unique(buckets, return_inverse=True)
    pos = np.bincount(index, weights=is_pos).astype(np.int64)
    neg = np.bincount(index).astype(np.int64) - pos
    twice, mixed = table_twice_wins(pos, neg)
    exact = mann_whitney(scores[is_pos], scores[~is_pos])
    n_pos, n_neg = int(is_pos.sum()), int((~is_pos).sum())
    assert abs(twice / (2 * n_pos * n_neg) - exact) <= mixed / (2 * n_pos * n_neg) + 1e-15
    if bits == 64:
        assert float(twice / (2.0 * n_pos * n_neg)) == exact


def test_key_tables_merge_to_the_table_of_the_union():
    rng = np.random.default_rng(0)
    scores, is_pos = np.round(rng.random(1000), 2), rng.random(1000) < 0.3
    whole = key_table(is_pos, scores)
    parts = merge_key_tables(*(key_table(is_pos[i:i + 90], scores[i:i + 90])
                               for i in range(0, 1000, 90)))
    for a, b in zip(whole, parts):
        np.testing.assert_array_equal(a, b)
    assert whole[1].dtype == np.int64 and whole[1].sum() == is_pos.sum()
    twice, _ = table_twice_wins(whole[1], whole[2])
    n_pos, n_neg = int(is_pos.sum()), int((~is_pos).sum())
    assert float(twice / (2.0 * n_pos * n_neg)) == mann_whitney(scores[is_pos], scores[~is_pos])
    assert merge_key_tables(key_table(is_pos[:0], scores[:0]))[0].shape == (0,)


def _ideal_product(a, b):
    """``a * b`` exactly, as a Fraction."""
    return Fraction(float(a)) * Fraction(float(b))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 50), st.sampled_from([1.0, 1e-300, 1e300]))
def test_products_are_summed_exactly(seed, n, scale):
    rng = np.random.default_rng(seed)
    values = rng.normal(size=n) * 10.0 ** rng.integers(-300, 300, n)
    weights = rng.random(n) * scale
    exact = sum((_ideal_product(a, b) for a, b in zip(values, weights)), Fraction(0))
    got = _exact.exact_dot_of(values, weights)
    assert Fraction(got.total, 1 << _exact._UNIT) == exact
    index = rng.integers(0, 4, n)
    by = _exact.exact_dots_by(index, values, weights, 4)
    for i in range(4):
        mine = index == i
        assert Fraction(by[i], 1 << _exact._UNIT) == sum(
            (_ideal_product(a, b) for a, b in zip(values[mine], weights[mine])), Fraction(0))


def test_tiny_weights_give_the_unweighted_ratio():
    losses = np.array([0.3, 1.7, 2.2])
    for w in (5e-324, 1e-310, 1e300):
        weights = np.full(3, w)
        mean = _exact.ratio(_exact.exact_dot_of(losses, weights), _exact.exact_sum_of(weights))
        assert mean == math.fsum(losses) / 3  # (0.3 + 1.7 + 2.2 = 4.2 exactly rounded)


def test_totals_by_index_are_the_exactly_rounded_sums(monkeypatch):
    rng = np.random.default_rng(5)
    n, size = 3000, 700
    values = rng.normal(size=n) * 10.0 ** rng.integers(-300, 300, n)
    index = rng.integers(0, size, n)
    expected = [math.fsum(values[index == i]) for i in range(size)]
    assert _exact.rounded_all(_exact.exact_totals_by(index, values, size)).tolist() == expected
    # a few exponents at a time (many indices) and flushes every 100 floats: the same
    monkeypatch.setattr(_exact, "_FLUSH", 100)
    assert _exact.rounded_all(_exact.exact_totals_by(index, values, size)).tolist() == expected
    monkeypatch.setattr(_exact, "_BINS", 2 * size)
    assert _exact.rounded_all(_exact.exact_totals_by(index, values, size)).tolist() == expected
    assert _exact.rounded_all(_exact.exact_of(np.array([3, -4]))).tolist() == [3.0, -4.0]


def test_blocks_of_products_mix_both_routes():
    # one block with subnormal products (the fractions' route), the others plain
    rng = np.random.default_rng(8)
    n = (1 << 15) * 2 + 100
    values, weights = rng.random(n) * 3, rng.random(n)
    weights[40000:40010] = 5e-324
    exact = sum((_ideal_product(a, b) for a, b in zip(values, weights)), Fraction(0))
    assert Fraction(_exact.exact_dot_of(values, weights).total, 1 << _exact._UNIT) == exact


def test_products_beyond_the_largest_float_are_kept_exactly():
    # 3.5e152 * 1.4e299 overflows a float; the float product route gave -9e307
    values, weights = np.array([3.4558419e152, -1.0]), np.array([1.4415961e299, 2.0])
    exact = _ideal_product(values[0], weights[0]) - 2
    assert Fraction(_exact.exact_dot_of(values, weights).total, 1 << _exact._UNIT) == exact
    assert float(_exact.exact_dot_of(values, weights)) == math.inf
