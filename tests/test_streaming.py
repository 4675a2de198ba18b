"""Streaming: batches through ``update`` and merges through ``+`` equal one shot, for the
confusion and for the score-loss accumulators."""

import pickle
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import metrics_sk as msk
import sklearn.metrics as skm
from metrics_sk import Confusion, StreamingLoss
from metrics_sk._streaming import streaming_loss
from sklearn.exceptions import UndefinedMetricWarning

SETTINGS = settings(max_examples=60, deadline=None)


@st.composite
def labelled(draw, max_classes=5, max_n=60):
    """``(y_true, y_pred, weights or None, cut points)``; ints or strings."""
    n = draw(st.integers(1, max_n))
    k = draw(st.integers(1, max_classes))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    t, p = rng.integers(0, k, n), rng.integers(0, k, n)
    if draw(st.booleans()):
        names = np.array(["ant", "bee", "cat", "dog", "eel"])
        t, p = names[t], names[p]
    w = rng.random(n) * 3 if draw(st.booleans()) else None
    cuts = sorted(draw(st.lists(st.integers(1, max(1, n - 1)), max_size=4, unique=True)))
    return t, p, w, [c for c in cuts if c < n]


def _batches(cuts, *arrays):
    bounds = [0, *cuts, len(arrays[0])]
    for a, b in zip(bounds[:-1], bounds[1:]):
        yield tuple(None if x is None else x[a:b] for x in arrays)


@SETTINGS
@given(labelled(), st.booleans())
def test_confusion_update_and_merge_equal_one_shot(data, fixed):
    t, p, w, cuts = data
    labels = np.unique(np.concatenate([t, p]))[::-1] if fixed else None
    one_shot = Confusion.from_predictions(t, p, labels=labels, sample_weight=w)
    streamed = Confusion() if labels is None else None  # empty, or fixed by the 1st batch
    parts = []
    for bt, bp, bw in _batches(cuts, t, p, w):
        part = Confusion.from_predictions(bt, bp, labels=labels, sample_weight=bw)
        parts.append(part)
        if streamed is None:
            streamed = part.copy()
        else:
            streamed.update(bt, bp, sample_weight=bw)
    merged = sum(parts)
    for c in (streamed, merged):
        np.testing.assert_array_equal(c.labels, one_shot.labels)
        np.testing.assert_allclose(c.to_dense(), one_shot.to_dense(), rtol=1e-12)
        assert np.isclose(c.macro_fbeta_score(zero_division=0),
                          one_shot.macro_fbeta_score(zero_division=0))
    # pickled parts merge the same (results from other processes)
    again = sum(pickle.loads(pickle.dumps(part)) for part in parts)
    np.testing.assert_allclose(again.to_dense(), one_shot.to_dense(), rtol=1e-12)


def _scores_from(metric, from_logits, logits):
    """What ``metric`` takes for these logits: the logits, softmax or sigmoid probabilities."""
    if metric == "hinge_loss" or from_logits:
        return logits
    if metric in ("log_loss", "brier_score_loss"):
        return np.exp(logits) / np.exp(logits).sum(1, keepdims=True)
    return 1 / (1 + np.exp(-logits))


@st.composite
def scored(draw):
    """``(metric, options, y_true, scores, weights, cuts)`` that the metric accepts."""
    metric = draw(st.sampled_from(["log_loss", "one_vs_all_log_loss", "hinge_loss",
                                   "brier_score_loss"]))
    from_logits = metric not in ("hinge_loss", "brier_score_loss") and draw(st.booleans())
    n = draw(st.integers(5, 50))
    binary_1d = metric != "one_vs_all_log_loss" and draw(st.booleans())
    k = 2 if binary_1d else draw(st.integers(3 if metric == "hinge_loss" else 2, 5))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)  # every class occurs (or pass labels=)
    rng.shuffle(y)
    with_labels = draw(st.booleans())
    names = np.array([10, 20, 30, 40, 50])
    y = names[y]
    scores = _scores_from(metric, from_logits, rng.normal(scale=2.0, size=(n, k)))
    if binary_1d:
        scores = scores[:, 1] if metric in ("log_loss", "brier_score_loss") and (
            not from_logits) else \
            scores[:, 1] - scores[:, 0]
    options = {"from_logits": True} if from_logits else {}
    if with_labels:
        options["labels"] = names[:k]
    w = rng.random(n) * 2 if draw(st.booleans()) else None
    cuts = sorted(draw(st.lists(st.integers(1, n - 1), max_size=5, unique=True)))
    return metric, options, y, scores, w, cuts


@SETTINGS
@given(scored())
def test_streaming_loss_update_and_merge_equal_one_shot(case):
    metric, options, y, scores, w, cuts = case
    expected = getattr(msk, metric)(y, scores, sample_weight=w, **options)
    streamed = StreamingLoss(metric, **options)
    parts = []
    for by, bs, bw in _batches(cuts, y, scores, w):
        streamed.update(by, bs, sample_weight=bw)  # batches may miss classes
        parts.append(StreamingLoss(metric, **options).update(by, bs, sample_weight=bw))
    assert np.isclose(streamed.compute(), expected, rtol=1e-10)
    # merge in a scrambled order, after a pickle round trip
    order = np.random.default_rng(len(parts)).permutation(len(parts))
    merged = sum(pickle.loads(pickle.dumps(parts[i])) for i in order)
    assert np.isclose(merged.compute(), expected, rtol=1e-10)
    assert merged.n_samples == streamed.n_samples == y.shape[0]
    assert np.isclose(merged.weight, y.shape[0] if w is None else w.sum())


@SETTINGS
@given(scored(), st.booleans(), st.booleans())
def test_one_batch_is_the_function_to_the_last_bit(case, float32, normalize):
    # the same kernels and the same reduction (weighted sum of the per-sample losses, one
    # division) in the function and the stream: equal with ==, not approximately
    metric, options, y, scores, w, cuts = case
    if float32:
        scores = scores.astype(np.float32)
    function = getattr(msk, metric)
    extra = {"normalize": normalize} if metric == "log_loss" else {}
    expected = function(y, scores, sample_weight=w, **options, **extra)
    acc = StreamingLoss(metric, normalize=normalize if extra else True, **options)
    assert acc.update(y, scores, sample_weight=w).compute() == expected
    # several batches and merges: the same sums, added in another order (rounding only)
    streamed = StreamingLoss(metric, normalize=normalize if extra else True, **options)
    for by, bs, bw in _batches(cuts, y, scores, w):
        streamed.update(by, bs, sample_weight=bw)
    rtol = 1e-6 if float32 and metric != "one_vs_all_log_loss" else 1e-13
    np.testing.assert_allclose(streamed.compute(), expected, rtol=rtol, atol=0)


def test_sum_instead_of_mean():
    y = [0, 1, 1, 0]
    proba = [[.9, .1], [.2, .8], [.6, .4], [.5, .5]]
    total = StreamingLoss(normalize=False).update(y, proba).compute()
    assert np.isclose(total, msk.log_loss(y, proba, normalize=False))
    assert np.isclose(streaming_loss("log_loss", y, proba, normalize=False), total)


def test_merging_does_not_change_the_operands():
    a = StreamingLoss().update([0, 1], [[.8, .2], [.3, .7]])
    b = StreamingLoss().update([1, 0], [[.4, .6], [.1, .9]])
    before = a.compute(), b.compute()
    c = a + b
    assert (a.compute(), b.compute()) == before
    assert c.n_samples == 4


def test_inputs_are_not_modified():
    y = np.array([0, 1, 2, 2])
    s = np.array([[2., 1, 0], [0, 3, 1], [1, 1, 1], [0, 2, 2]])
    copies = y.copy(), s.copy()
    y.flags.writeable = s.flags.writeable = False
    for metric in ("hinge_loss", "one_vs_all_log_loss"):
        StreamingLoss(metric, **({} if metric == "hinge_loss" else {"from_logits": True})) \
            .update(y, s)
    np.testing.assert_array_equal(y, copies[0])
    np.testing.assert_array_equal(s, copies[1])


@pytest.mark.parametrize("make, match", [
    (lambda: StreamingLoss("brier"), "'metric' parameter of StreamingLoss must be a str among"),
    (lambda: StreamingLoss("hinge_loss", from_logits=True), "from_logits"),
    (lambda: StreamingLoss(labels=[1, 1]), "duplicate"),
    (lambda: StreamingLoss().compute(), "No samples yet"),
    (lambda: StreamingLoss().update([0, 1], [[.5, .5], [.5, .5]]).update(
        [0], [[.2, .3, .5]]), "3 columns, but earlier batches had 2"),
    (lambda: StreamingLoss().update([0, 1], [[.5, 1.5], [.5, .5]]), "probabilities"),
    (lambda: StreamingLoss().update([0, 1], [[.5, np.nan], [.5, .5]]), "NaN"),
    (lambda: StreamingLoss().update([0, 1, 2], [[.5, .5]] * 3), "3 classes but y_score has 2"),
    (lambda: StreamingLoss().update([0, 0], [[.5, .5]] * 2).compute(), "only one label"),
    (lambda: StreamingLoss(labels=[0, 1]).update([0, 5], [[.5, .5]] * 2),
     "not in labels"),
    (lambda: StreamingLoss().update([0, 1], [[.5, .5]] * 2, sample_weight=[1]),
     "inconsistent numbers of samples"),
    (lambda: StreamingLoss().update([0, 1], [[.5, .5]] * 2) + StreamingLoss("hinge_loss")
     .update([0, 1], [.5, .5]), "Cannot merge"),
    (lambda: StreamingLoss().update([0, 1], [[.5, .5]] * 2) + StreamingLoss()
     .update(["a", "b"], [[.5, .5]] * 2), "different types"),
    (lambda: StreamingLoss("hinge_loss").update([0, 1], [[1., 0]] * 2), "1-D decisions"),
])
def test_errors(make, match):
    with pytest.raises(ValueError, match=match):
        make()


@pytest.mark.parametrize("metric", ["log_loss", "one_vs_all_log_loss"])
def test_float32_probabilities_give_the_functions_value(metric):
    y = np.array([0, 1, 2, 1, 0])
    proba = np.array([[1, 0, 0], [0.2, 0.8, 0], [0, 0, 1], [0, 1, 0], [0.5, 0.5, 0]],
                     dtype=np.float32)
    acc = StreamingLoss(metric)
    acc.update(y[:2], proba[:2])
    acc.update(y[2:], proba[2:])
    # log_loss, like scikit-learn's, sums float32 losses in float32: equal to its precision.
    rel = 1e-6 if metric == "log_loss" else 1e-12
    assert acc.compute() == pytest.approx(getattr(msk, metric)(y, proba), rel=rel)


@pytest.mark.parametrize("metric, from_logits", [
    ("log_loss", True), ("log_loss", False), ("one_vs_all_log_loss", True),
    ("one_vs_all_log_loss", False), ("hinge_loss", False)])
def test_many_classes_small_batches_without_labels(metric, from_logits):
    # each batch shows a few of the 200 classes: every candidate column of each label is
    # summed in one pass, and the merged value is the function's
    k, n = 200, 1600
    rng = np.random.default_rng(7)
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)
    rng.shuffle(y)
    scores = _scores_from(metric, from_logits, rng.normal(scale=2.0, size=(n, k)))
    w = rng.random(n)
    options = {"from_logits": True} if from_logits else {}
    acc = StreamingLoss(metric, **options)
    parts = []
    for start in range(0, n, 16):
        batch = slice(start, start + 16)
        acc.update(y[batch], scores[batch], sample_weight=w[batch])
        parts.append(StreamingLoss(metric, **options).update(y[batch], scores[batch],
                                                              sample_weight=w[batch]))
    expected = getattr(msk, metric)(y, scores, sample_weight=w, **options)
    assert acc.compute() == pytest.approx(expected, rel=1e-12)
    assert sum(parts[::-1]).compute() == pytest.approx(expected, rel=1e-12)


# -- each property above can fail: a deliberately broken accumulator fails its body -------------
def test_the_confusion_streaming_property_can_fail(monkeypatch):
    """An update that drops the batch's weights fails the update-and-merge property."""
    case = (np.array([0, 1, 1, 0]), np.array([0, 1, 0, 0]), np.array([0.5, 2.0, 1.5, 3.0]),
            [2])
    check = test_confusion_update_and_merge_equal_one_shot.hypothesis.inner_test
    check(case, False)
    check(case, True)
    update = Confusion.update
    monkeypatch.setattr(Confusion, "update",
                        lambda self, y_true, y_pred, sample_weight=None: update(
                            self, y_true, y_pred))
    for fixed in (False, True):
        with pytest.raises(AssertionError):
            check(case, fixed)


def _loss_case():
    rng = np.random.default_rng(0)
    y = np.array([10, 20, 30, 10, 20, 30, 10, 20])
    logits = rng.normal(size=(8, 3))
    return ("log_loss", {"from_logits": True}, y, logits, rng.random(8) * 2, [3, 5])


def test_the_loss_streaming_property_can_fail(monkeypatch):
    """An update that drops the batch's weights fails the streaming-loss property."""
    check = test_streaming_loss_update_and_merge_equal_one_shot.hypothesis.inner_test
    check(_loss_case())
    update = StreamingLoss.update
    monkeypatch.setattr(StreamingLoss, "update",
                        lambda self, y_true, scores, sample_weight=None: update(
                            self, y_true, scores))
    with pytest.raises(AssertionError):
        check(_loss_case())


def test_the_last_bit_property_can_fail(monkeypatch):
    """A stream whose result is one unit in the last place off (another order of the
    sums) fails the property that one batch is the function to the last bit."""
    check = test_one_batch_is_the_function_to_the_last_bit.hypothesis.inner_test
    check(_loss_case(), False, True)
    compute = StreamingLoss.compute
    monkeypatch.setattr(StreamingLoss, "compute",
                        lambda self: np.nextafter(compute(self), np.inf))
    with pytest.raises(AssertionError):
        check(_loss_case(), False, True)


@pytest.mark.parametrize("scale", [5e-324, 1e-300, 1e300])
@pytest.mark.parametrize("labels", [[0, 1, 2], None])
def test_streamed_log_loss_with_tiny_or_huge_equal_weights(scale, labels):
    # equal weights give scikit-learn's unweighted log loss; streamed, the products w_i l_i
    # were subnormal (5e-324 * l rounds to 0 or 5e-324: 1.625 instead of 1.6264)
    import sklearn.metrics as skm

    rng = np.random.default_rng(0)
    n = 40
    y = rng.integers(0, 3, n)
    # class 0 only in the last batch: without labels=, the sums are pending until then
    y[0], y[1:3], y[3:] = 0, (1, 2), np.where(y[3:] == 0, 1, y[3:])
    p = rng.dirichlet([1, 1, 1], n)
    w = np.full(n, scale)
    expected = skm.log_loss(y, p)
    assert msk.log_loss(y, p, sample_weight=w) == pytest.approx(expected, rel=1e-12)
    acc = StreamingLoss("log_loss", labels=labels)
    for lo, hi in [(30, 40), (20, 30), (10, 20), (1, 10), (0, 1)]:
        acc.update(y[lo:hi], p[lo:hi], sample_weight=w[lo:hi])
    assert acc.n_samples == n
    assert acc.compute() == pytest.approx(expected, rel=1e-12)
    assert acc.weight == pytest.approx(n * scale, rel=1e-12)
    # two accumulators of different scales (1 : 4) merged: scikit-learn's weights 1 and 4
    other = StreamingLoss("log_loss", labels=labels).update(y[:20], p[:20],
                                                           sample_weight=4 * w[:20])
    mixed = StreamingLoss("log_loss", labels=labels).update(y[20:], p[20:],
                                                           sample_weight=w[20:]) + other
    ref = skm.log_loss(y, p, sample_weight=np.r_[np.full(20, 4.0), np.ones(20)])
    assert mixed.compute() == pytest.approx(ref, rel=1e-12)


def test_brier_score_streams_as_scikit_learns():
    """StreamingLoss("brier_score_loss") over batches that miss classes, merged, equals
    scikit-learn's brier_score_loss (halved for two columns, not for more)."""
    rng = np.random.default_rng(8)
    for k in (2, 4):
        y = np.array(["ant", "bee", "cat", "dog"])[rng.integers(0, k, 90)]
        proba = rng.dirichlet(np.ones(k), 90)
        w = rng.uniform(0, 2, 90)
        expected = skm.brier_score_loss(y, proba, sample_weight=w)
        parts = [StreamingLoss("brier_score_loss").update(y[i:i + 7], proba[i:i + 7],
                                                          sample_weight=w[i:i + 7])
                 for i in range(0, 90, 7)]
        assert sum(parts).compute() == pytest.approx(expected, rel=1e-12)
    binary = rng.integers(0, 2, 50)
    p = rng.uniform(0, 1, 50)
    acc = StreamingLoss("brier_score_loss").update(binary[:20], p[:20]).update(binary[20:], p[20:])
    assert acc.compute() == pytest.approx(skm.brier_score_loss(binary, p), rel=1e-12)
    with pytest.raises(ValueError, match="from_logits applies to the log losses"):
        StreamingLoss("brier_score_loss", from_logits=True)


def test_brier_stream_of_float32_probabilities_warns_as_the_function():
    """float32 probabilities are checked in float32, as brier_score_loss checks them: rows
    that sum to 1 within float32's tolerance give no warning (checked in float64 they did)."""
    rng = np.random.default_rng(2)
    logits = rng.normal(size=(40, 3)).astype(np.float32)
    proba = np.exp(logits) / np.exp(logits).sum(1, keepdims=True)
    y = rng.integers(0, 3, 40)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        expected = msk.brier_score_loss(y, proba)
        got = StreamingLoss("brier_score_loss", labels=[0, 1, 2]).update(y, proba).compute()
    assert got == expected


def test_d2_scores_stream_as_scikit_learns():
    """StreamingLoss of the D^2 scores over batches that miss classes (their sums pending,
    the weight of each class too), merged, equals scikit-learn's."""
    import sklearn.metrics as skm

    rng = np.random.default_rng(11)
    y = np.sort(rng.integers(0, 3, 60))  # the first batches show class 0 only
    proba = rng.dirichlet([1, 1, 1], 60)
    w = rng.gamma(2.0, size=60)
    for name in ("d2_brier_score", "d2_log_loss_score"):
        for weights in (None, w):
            parts = [StreamingLoss(name).update(
                y[i:i + 7], proba[i:i + 7], None if weights is None else weights[i:i + 7])
                for i in range(0, 60, 7)]
            expected = getattr(skm, name)(y, proba, sample_weight=weights)
            assert sum(parts).compute() == pytest.approx(expected, rel=1e-12)
    with pytest.warns(UndefinedMetricWarning, match="less than two samples"):
        assert np.isnan(StreamingLoss("d2_brier_score").update([0], [0.4]).compute())
    with pytest.raises(ValueError, match="normalize applies to the losses"):
        StreamingLoss("d2_log_loss_score", normalize=False)
    with pytest.raises(ValueError, match="from_logits applies to the log losses"):
        StreamingLoss("d2_log_loss_score", from_logits=True)
    with pytest.raises(ValueError, match="sample_weight"):
        StreamingLoss("d2_brier_score").update([0, 1], [0.2, 0.7], [1.0, -1.0])
