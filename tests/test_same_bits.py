"""The same number whatever the partitioning (issue 25): the score losses and the
confusions of float weights give the same bits from one in-memory call, any stream of
batches (in any order, merged in any order) and Dask partitions, because the sums that
cross batches are exactly rounded (``metrics_sk/_exact.py``).

The references are the in-memory functions' own values; that those are right is checked
against scikit-learn (and ``math.fsum``, the exactly rounded sum) in the tests of each
metric and here for the exact sums themselves.
"""

import functools
import os
import math
import operator
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import metrics_sk as msk
from metrics_sk import Confusion, StreamingLoss
from metrics_sk import _counting, _exact, _losses

da = pytest.importorskip("dask.array")
import dask  # noqa: E402

#: (metric, options, scores: "proba", "logits", "decision"); 1-D: a binary target
LOSSES = [
    ("log_loss", {}, "proba"), ("log_loss", {"from_logits": True}, "logits"),
    ("brier_score_loss", {}, "proba"), ("hinge_loss", {}, "decision"),
    ("one_vs_all_log_loss", {}, "proba"), ("one_vs_all_log_loss", {"from_logits": True}, "logits"),
    ("d2_brier_score", {}, "proba"), ("d2_log_loss_score", {}, "proba"),
]
#: the scale of the weights: ordinary, and where products or sums leave the normal range
SCALES = [1.0, 1e-300, 2.0**-1060, 1e290]


def _loss_data(seed, n, k, scores, scale):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)  # every class occurs
    logits = rng.normal(scale=3.0, size=(n, k))
    if scores == "proba":
        s = np.exp(logits - logits.max(axis=1, keepdims=True))
        s /= s.sum(axis=1, keepdims=True)
    else:
        s = logits
    if scores == "decision" and k == 2:  # a binary target's 1-D decision
        s = logits[:, 1] - logits[:, 0]
    return y, s, _weights(rng, n, scale)


def _weights(rng, n, scale):
    """Weights around ``scale`` spread over 80 binades (subnormal ones included, none
    rounded to zero), and some zeros (not the first)."""
    binades = np.clip(rng.integers(-40, 40, n) + math.frexp(scale)[1], -1073, 1000)
    w = np.ldexp(0.5 + rng.random(n) / 2, binades)
    w[1:][rng.random(n - 1) < 0.1] = 0.0
    return w


def _batches(n, cuts):
    edges = [0, *sorted({min(c, n) for c in cuts}), n]
    return [slice(a, b) for a, b in zip(edges, edges[1:]) if b > a]


def check_losses(metric, options, scores, seed, n, k, cuts, scale, order):
    y, s, w = _loss_data(seed, n, k, scores, scale)
    labels = list(range(k))
    whole = getattr(msk, metric)(y, s, sample_weight=w, labels=labels, **options)
    batches = _batches(n, cuts)
    stream = StreamingLoss(metric, labels=labels, **options)
    for b in batches:
        stream.update(y[b], s[b], sample_weight=w[b])
    parts = [StreamingLoss(metric, labels=labels, **options).update(y[b], s[b], w[b])
             for b in batches]
    merged = sum(parts[i] for i in order(len(parts)))
    sizes = tuple(b.stop - b.start for b in batches)
    with dask.config.set(scheduler="synchronous"):
        on_dask = getattr(msk, metric)(
            da.from_array(y, chunks=(sizes,)), da.from_array(s, chunks=(sizes, k)[:s.ndim]),
            sample_weight=da.from_array(w, chunks=(sizes,)), labels=labels, **options)
    assert whole == stream.compute() == merged.compute() == on_dask, (
        whole, stream.compute(), merged.compute(), on_dask)
    return whole


def _orders(draw_permutation):
    return lambda m: draw_permutation(m)


@settings(max_examples=int(os.environ.get('SAME_BITS_EXAMPLES', 60)), deadline=None)
@given(st.sampled_from(LOSSES), st.integers(0, 2**32 - 1), st.integers(4, 60),
       st.integers(2, 4), st.lists(st.integers(1, 59), max_size=6), st.sampled_from(SCALES),
       st.data())
def test_losses_are_the_same_bits_for_every_batching(loss, seed, n, k, cuts, scale, data):
    metric, options, scores = loss
    order = _orders(lambda m: data.draw(st.permutations(range(m))))
    check_losses(metric, options, scores, seed, n, k, cuts, scale, order)


def _count_data(seed, n, k, scale):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.5, t, rng.integers(0, k, n))
    return t, p, _weights(rng, n, scale)


def _values(c):
    return (c.to_dense(), c.accuracy_score(), c.f1_score(average="macro"),
            c.matthews_corrcoef(), c.cohen_kappa_score())


def _same(a, b):
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y, strict=True)


def check_confusions(seed, n, k, cuts, scale, order):
    t, p, w = _count_data(seed, n, k, scale)
    whole = Confusion.from_predictions(t, p, sample_weight=w)
    batches = _batches(n, cuts)
    stream = Confusion()
    for b in batches:
        stream.update(t[b], p[b], sample_weight=w[b])
    parts = [Confusion.from_predictions(t[b], p[b], sample_weight=w[b]) for b in batches]
    merged = sum(parts[i] for i in order(len(parts)))
    sizes = tuple(b.stop - b.start for b in batches)
    with dask.config.set(scheduler="synchronous"):
        on_dask = Confusion.from_predictions(
            da.from_array(t, chunks=(sizes,)), da.from_array(p, chunks=(sizes,)),
            sample_weight=da.from_array(w, chunks=(sizes,)))
    reference = _values(whole)
    for c in (stream, merged, on_dask):
        _same(_values(c), reference)
    # the functions count the same confusion
    _same((msk.accuracy_score(t, p, sample_weight=w),
           msk.f1_score(t, p, sample_weight=w, average="macro"),
           msk.matthews_corrcoef(t, p, sample_weight=w),
           msk.cohen_kappa_score(t, p, sample_weight=w)), reference[1:])
    return whole


@settings(max_examples=int(os.environ.get('SAME_BITS_EXAMPLES', 60)), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 80), st.integers(2, 12),
       st.lists(st.integers(1, 79), max_size=7), st.sampled_from(SCALES), st.data())
def test_confusions_of_float_weights_are_the_same_bits_for_every_batching(
        seed, n, k, cuts, scale, data):
    order = _orders(lambda m: data.draw(st.permutations(range(m))))
    check_confusions(seed, n, k, cuts, scale, order)


def _exact_dot(losses, weights):
    """The float nearest to the exact sum of the exact products."""
    return float(sum((Fraction(float(a)) * Fraction(float(b))
                      for a, b in zip(losses, weights)), Fraction(0)))


def test_the_sums_are_the_exactly_rounded_sums():
    # independent references: Fraction sums of the exact terms, math.fsum
    y, s, w = _loss_data(3, 500, 3, "proba", 1.0)
    losses = -np.log(np.clip(s[np.arange(500), y], 2.0**-52, 1 - 2.0**-52))
    assert msk.log_loss(y, s, sample_weight=w, normalize=False) == _exact_dot(losses, w)
    t, p, w = _count_data(4, 500, 4, 1.0)
    cells = Confusion.from_predictions(t, p, sample_weight=w).to_dense()
    for i in range(4):
        for j in range(4):
            assert cells[i, j] == math.fsum(w[(t == i) & (p == j)])


def _float_products(values, weights):
    """A float sum of the terms per batch, in order (a stand-in for the former state:
    ``np.sum``, whose order even depends on the alignment of the batch in memory)."""
    return _exact.exact_sum_of(functools.reduce(operator.add,
                                                np.multiply(values, weights).tolist(), 0.0))


def _float_totals_by(index, values, size, shifts=None):
    return _exact.exact_of(np.bincount(index, weights=values, minlength=size))


def test_the_properties_can_fail(monkeypatch):
    """Float sums per batch (the former state) give other bits for some batchings: the
    checks above catch them."""
    order = _orders(lambda m: list(range(m))[::-1])
    cuts = [7, 19, 23, 31, 40, 52]
    check_losses("log_loss", {}, "proba", 2, 60, 3, cuts, 1.0, order)
    check_confusions(2, 80, 5, cuts, 1.0, order)
    with monkeypatch.context() as m:
        m.setattr(_losses, "exact_dot_of", _float_products)
        with pytest.raises(AssertionError):
            check_losses("log_loss", {}, "proba", 2, 60, 3, cuts, 1.0, order)
    with monkeypatch.context() as m:
        m.setattr(_counting, "exact_totals_by", _float_totals_by)
        with pytest.raises(AssertionError):
            check_confusions(2, 80, 5, cuts, 1.0, order)
    # in-order float sums of the same terms: the batches' order changes the last bits
    y, s, w = _loss_data(2, 60, 3, "proba", 1.0)
    terms = (-np.log(s[np.arange(60), y]) * w).tolist()
    batches = _batches(60, cuts)
    forward = functools.reduce(operator.add, (x for b in batches for x in terms[b]))
    backward = functools.reduce(operator.add, (x for b in batches[::-1] for x in terms[b]))
    assert forward != backward
    assert msk.log_loss(y, s, sample_weight=w, labels=[0, 1, 2],
                        normalize=False) == _exact_dot(-np.log(s[np.arange(60), y]), w)


def test_a_cluster_gives_the_same_bits(client):
    """On a real two-worker cluster (the accumulators and exact cells pickled between
    processes) the values are the in-memory ones, bit for bit."""
    import pickle

    y, s, w = _loss_data(5, 3000, 3, "proba", 1e-300)
    t, p, cw = _count_data(6, 3000, 7, 1.0)
    sizes = (700, 1100, 1, 1199)
    for metric in ("log_loss", "d2_brier_score"):
        expected = getattr(msk, metric)(y, s, sample_weight=w)
        got = getattr(msk, metric)(da.from_array(y, chunks=(sizes,)),
                                   da.from_array(s, chunks=(sizes, 3)),
                                   sample_weight=da.from_array(w, chunks=(sizes,)))
        assert got == expected
    whole = Confusion.from_predictions(t, p, sample_weight=cw)
    on_cluster = Confusion.from_predictions(
        da.from_array(t, chunks=(sizes,)), da.from_array(p, chunks=(sizes,)),
        sample_weight=da.from_array(cw, chunks=(sizes,)))
    _same(_values(on_cluster), _values(whole))
    again = pickle.loads(pickle.dumps(on_cluster)) + Confusion.from_predictions(
        t, p, sample_weight=cw)
    _same(_values(again), _values(Confusion.from_predictions(
        np.tile(t, 2), np.tile(p, 2), sample_weight=np.tile(cw, 2))))
