"""Bootstrap of multilabel-indicator metrics (metrics_sk/_multilabel.py: RowUnits and
MultilabelBatch; metrics_sk/_inference/resampling.py: RowSampler): a replicate resamples
the samples' rows. Checked against a brute-force bootstrap on the same resamples with
scikit-learn's metric per resample, and by coverage in simulation."""

import re
import warnings

import numpy as np
import pytest
import scipy.sparse as sp
import sklearn.metrics as skm

import metrics_sk as msk
from metrics_sk._inference.bootstrap import interval_of
from metrics_sk._inference.resampling import RowSampler
from metrics_sk._multilabel import checked_rows


def _data(n=120, n_labels=4, seed=0, density=0.4, flip=0.2):
    rng = np.random.default_rng(seed)
    y_true = (rng.random((n, n_labels)) < density).astype(np.int64)
    y_pred = np.where(rng.random((n, n_labels)) < flip, 1 - y_true, y_true)
    return y_true, y_pred


def _resamples(y_true, y_pred, w, seed, n_resamples, columns=None):
    """The resamples the bootstrap draws for ``seed``, as row indices: ``n`` indices
    when there are many distinct (row, weight) units, else each unit's first row
    repeated as often as the multinomial draw of the units' counts says."""
    _, units = checked_rows(y_true, y_pred, w, columns)
    rng = np.random.default_rng(seed)
    n = y_true.shape[0]
    if units.size * RowSampler.INDICES_PER_UNIT > n:
        return [rng.integers(0, n, n) for _ in range(n_resamples)]
    counts = rng.multinomial(units.n, units.count / units.n, size=n_resamples)
    return [np.repeat(units.first, row) for row in counts]


def _brute(metric, y_true, y_pred, w, seed, n_resamples, columns=None, **kwargs):
    """scikit-learn's ``metric`` on every resample of :func:`_resamples`."""
    values = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for idx in _resamples(y_true, y_pred, w, seed, n_resamples, columns):
            extra = {} if w is None else {"sample_weight": w[idx]}
            values.append(metric(y_true[idx], y_pred[idx], **extra, **kwargs))
    return np.array(values, dtype=np.float64)


CALLS = [
    ("f1_score", {"average": "micro"}),
    ("f1_score", {"average": "macro"}),
    ("f1_score", {"average": "weighted"}),
    ("f1_score", {"average": "samples"}),
    ("f1_score", {"average": None}),
    ("f1_score", {"average": "samples", "labels": [2, 0]}),
    ("fbeta_score", {"average": "samples", "beta": 2.0, "zero_division": 1.0}),
    ("precision_score", {"average": "macro", "labels": [3, 1]}),
    ("recall_score", {"average": "samples"}),
    ("jaccard_score", {"average": "samples"}),
    ("jaccard_score", {"average": "macro", "zero_division": 1.0}),
    ("hamming_loss", {}),
    ("accuracy_score", {}),
    ("zero_one_loss", {"normalize": False}),
]


@pytest.mark.parametrize("rows", ["repeated", "distinct"])
@pytest.mark.parametrize("form, weights", [
    ("dense", None), ("dense", "classes"), ("dense", "continuous"), ("sparse", None),
    ("sparse", "classes"), ("bool", None)])
@pytest.mark.parametrize("name, kwargs", CALLS)
def test_percentile_interval_equals_brute_force(name, kwargs, weights, form, rows):
    """The same resamples (a multinomial draw of the distinct rows' counts, or ``n``
    indices when rows rarely repeat, made row indices) with scikit-learn's metric per
    resample: the same distribution and percentile interval, for every average (samples
    included), weights and input form."""
    n = {"repeated": 1000, "distinct": 80}[rows]  # (4 labels: at most 256 distinct rows)
    y_true, y_pred = _data(n=n, n_labels=4, seed=1, density=0.2, flip=0.1)
    w = {None: None, "classes": np.where(y_true[:, 0] == 1, 2.0, 0.5),
         "continuous": np.random.default_rng(2).random(n)}[weights]
    convert = {"dense": np.asarray, "sparse": sp.csr_array,
               "bool": lambda y: y.astype(bool)}[form]
    res = msk.bootstrap(name, convert(y_true), convert(y_pred), sample_weight=w,
                        n_resamples=60, random_state=7, **kwargs)
    columns = kwargs["labels"] if kwargs.get("average") == "samples" and "labels" in kwargs \
        else None
    brute = _brute(getattr(skm, name), convert(y_true), convert(y_pred), w, 7, 60,
                   columns, **kwargs)
    got = np.moveaxis(res.bootstrap_distribution, -1, 0)
    np.testing.assert_allclose(got, brute, rtol=1e-12, atol=1e-12, equal_nan=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        extra = {} if w is None else {"sample_weight": w}
        np.testing.assert_allclose(res.value, getattr(skm, name)(y_true, y_pred, **extra,
                                                                 **kwargs), rtol=1e-12)
        low, high = np.nanpercentile(brute, [2.5, 97.5], axis=0)
    np.testing.assert_allclose(res.confidence_interval.low, low, rtol=1e-12)
    np.testing.assert_allclose(res.confidence_interval.high, high, rtol=1e-12)
    _, units = checked_rows(y_true, y_pred, w)
    by_index = units.size * RowSampler.INDICES_PER_UNIT > n
    assert by_index == (rows == "distinct" or weights == "continuous")


def test_units_are_the_distinct_rows_and_weights():
    """The units partition the samples into equal (row, weight) pairs: as many as
    numpy's distinct rows of ``[y_true, y_pred, w]``, with the same counts; dense and
    sparse (hashed) alike, also with more than 64 bits per row."""
    rng = np.random.default_rng(3)
    for n_labels in (3, 40):
        y_true = (rng.random((400, n_labels)) < 0.05).astype(int)
        y_pred = (rng.random((400, n_labels)) < 0.05).astype(int)
        w = rng.integers(1, 3, 400).astype(float)
        whole = np.hstack([y_true, y_pred, w[:, None]])
        expected = np.sort(np.unique(whole, axis=0, return_counts=True)[1])
        for a, b in ((y_true, y_pred), (sp.csr_array(y_true), sp.csr_array(y_pred))):
            _, units = checked_rows(a, b, w)
            assert np.array_equal(np.sort(units.count), expected)
            assert units.count.sum() == 400
            # each unit's first row stands for samples equal to it
            rows = np.unique(whole[units.first], axis=0)
            assert rows.shape[0] == units.size


def test_bca_equals_bca_of_the_brute_force():
    """BCa: the acceleration from the leave-one-out values of the units (each weighted
    by its samples) equals the per-sample jackknife of scikit-learn's metric."""
    y_true, y_pred = _data(n=40, n_labels=3, seed=4)
    res = msk.bootstrap("f1_score", y_true, y_pred, average="samples", method="bca",
                        n_resamples=50, random_state=3)
    brute = _brute(skm.f1_score, y_true, y_pred, None, 3, 50, average="samples")
    estimate = skm.f1_score(y_true, y_pred, average="samples")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        jack = np.array([skm.f1_score(np.delete(y_true, i, 0), np.delete(y_pred, i, 0),
                                      average="samples") for i in range(40)])
    assert res.value == pytest.approx(estimate, rel=1e-12)
    # (the same estimate: BCa counts the replicates below it, and scikit-learn's differs
    # from ours in the last bit, 0.6499999999999999 and 0.65, where replicates tie)
    low, high = interval_of(brute, np.float64(res.value), jack, np.ones(40), 0.95, "bca")
    assert tuple(res.confidence_interval) == pytest.approx((float(low), float(high)), rel=1e-12)


def test_per_replicate_metric_and_confidence_intervals():
    """A metric that is not batched (multilabel_confusion_matrix) is evaluated replicate
    by replicate, as scikit-learn on the resamples; confidence_intervals of a
    MultilabelConfusion with its samples gives bootstrap's intervals."""
    y_true, y_pred = _data(n=60, seed=5)
    res = msk.bootstrap("multilabel_confusion_matrix", y_true, y_pred, n_resamples=20,
                        random_state=0)
    brute = _brute(skm.multilabel_confusion_matrix, y_true, y_pred, None, 0, 20)
    np.testing.assert_array_equal(np.moveaxis(res.bootstrap_distribution, -1, 0), brute)
    c = msk.MultilabelConfusion.from_predictions(y_true, y_pred)
    ci = msk.confidence_intervals(c, ["hamming_loss", "accuracy_score"], y_true=y_true,
                                  y_pred=y_pred, n_resamples=200, random_state=1)
    brute = _brute(skm.hamming_loss, y_true, y_pred, None, 1, 200)
    assert tuple(ci["hamming_loss"]) == pytest.approx(np.percentile(brute, [2.5, 97.5]))
    subset = _brute(skm.accuracy_score, y_true, y_pred, None, 1, 200)
    assert tuple(ci["accuracy_score"]) == pytest.approx(np.percentile(subset, [2.5, 97.5]))
    one = msk.confidence_intervals(c, lambda c: c.f1_score(average="samples"), y_true=y_true,
                                   y_pred=y_pred, n_resamples=200, random_state=1)
    brute = _brute(skm.f1_score, y_true, y_pred, None, 1, 200, average="samples")
    assert tuple(one) == pytest.approx(np.percentile(brute, [2.5, 97.5]))


def test_errors_name_the_argument():
    y_true, y_pred = _data(n=30, seed=6)
    c = msk.MultilabelConfusion.from_predictions(y_true, y_pred)
    with pytest.raises(ValueError, match="pass y_true and y_pred"):
        msk.confidence_intervals(c, "hamming_loss")
    with pytest.raises(ValueError, match="confusion is not the MultilabelConfusion"):
        msk.confidence_intervals(c, "hamming_loss", y_true=y_true, y_pred=1 - y_pred)
    with pytest.raises(ValueError, match="not a metric of a MultilabelConfusion"):
        msk.confidence_intervals(c, "matthews_corrcoef", y_true=y_true, y_pred=y_pred)
    # a metric scikit-learn refuses for multilabel targets: scikit-learn's error
    with pytest.raises(ValueError) as expected:
        skm.matthews_corrcoef(y_true, y_pred)
    with pytest.raises(ValueError, match=str(expected.value)):
        msk.bootstrap("matthews_corrcoef", y_true, y_pred, n_resamples=10)
    with pytest.raises(ValueError, match="average='binary'"):
        msk.bootstrap("f1_score", y_true, y_pred, n_resamples=10)


def _coverage(n_sets, n, n_resamples, seed):
    """Share of 95% percentile intervals covering the population value of the Hamming
    loss, the subset accuracy and the micro F1 (independent labels, known rates)."""
    rates = np.array([0.5, 0.3, 0.2])  # P(t = 1) per label
    flip = np.array([0.1, 0.2, 0.15])  # P(p != t) per label
    both = rates * (1 - flip)
    truth = {"hamming_loss": flip.mean(), "accuracy_score": np.prod(1 - flip),
             "f1_score": 2 * both.sum() / (2 * both.sum() + (rates * flip).sum()
                                           + ((1 - rates) * flip).sum())}
    rng = np.random.default_rng(seed)
    hits = dict.fromkeys(truth, 0)
    for _ in range(n_sets):
        y_true = (rng.random((n, 3)) < rates).astype(int)
        y_pred = np.where(rng.random((n, 3)) < flip, 1 - y_true, y_true)
        c = msk.MultilabelConfusion.from_predictions(y_true, y_pred)
        ci = msk.confidence_intervals(
            c, lambda c: {"hamming_loss": c.hamming_loss(),
                          "accuracy_score": c.accuracy_score(),
                          "f1_score": c.f1_score(average="micro")},
            y_true=y_true, y_pred=y_pred, n_resamples=n_resamples, random_state=rng)
        for name, value in truth.items():
            hits[name] += ci[name].low <= value <= ci[name].high
    return {name: h / n_sets for name, h in hits.items()}


def test_coverage_short():
    """150 data sets: the coverage of the 95% intervals is near 95% (binomial sd 1.8%)."""
    for name, share in _coverage(150, 300, 200, 0).items():
        assert 0.88 <= share <= 0.99, (name, share)


@pytest.mark.slow
def test_coverage_long():
    """2,000 data sets: the coverage of the 95% intervals within 2 points of 95%."""
    for name, share in _coverage(2000, 300, 500, 1).items():
        assert 0.93 <= share <= 0.965, (name, share)


# -- edges of the multilabel entry points ------------------------------------------------------
Y = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0]])
P = np.array([[1, 0, 0], [0, 1, 1], [1, 0, 0], [0, 1, 1], [1, 1, 0], [0, 1, 0]])


def _entry_points(y_true, y_pred, w):
    """Every multilabel entry point on one input: the drop-in, the confusion (built and
    updated), the bootstrap and confidence_intervals."""
    c = msk.MultilabelConfusion.from_predictions(Y, P)
    return {
        "f1_score": lambda: msk.f1_score(y_true, y_pred, average="samples",
                                         sample_weight=w),
        "from_predictions": lambda: msk.MultilabelConfusion.from_predictions(
            y_true, y_pred, sample_weight=w),
        "update": lambda: c.update(y_true, y_pred, sample_weight=w),
        "bootstrap": lambda: msk.bootstrap("f1_score", y_true, y_pred, average="samples",
                                           sample_weight=w, n_resamples=20),
        "confidence_intervals": lambda: msk.confidence_intervals(
            c, "hamming_loss", y_true=y_true, y_pred=y_pred, sample_weight=w,
            n_resamples=20),
    }


def _sk_error(func):
    with pytest.raises(Exception) as caught:
        func()
    return type(caught.value), str(caught.value)


@pytest.mark.parametrize("case", ["zero weights", "more columns", "a 1-D target",
                                  "no sample", "weights too short", "NaN weight",
                                  "label out of range"])
def test_edge_errors_are_scikit_learns(case):
    """A mistake scikit-learn refuses is refused with its error (type and message) by
    every multilabel entry point."""
    y_true, y_pred, w, kwargs = Y, P, None, {}
    if case == "zero weights":
        w = np.zeros(6)
    elif case == "more columns":
        y_pred = np.hstack([P, P[:, :1]])
    elif case == "a 1-D target":
        y_pred = P[:, 0]
    elif case == "no sample":
        y_true, y_pred = Y[:0], P[:0]
    elif case == "weights too short":
        w = np.ones(4)
    elif case == "NaN weight":
        w = np.array([1, np.nan, 1, 1, 1, 1])
    else:
        kwargs = {"labels": [5]}
    kind, message = _sk_error(lambda: skm.f1_score(y_true, y_pred, average="macro",
                                                   sample_weight=w, **kwargs))
    calls = _entry_points(y_true, y_pred, w)
    if kwargs:
        calls = {"f1_score": lambda: msk.f1_score(Y, P, average="macro", labels=[5]),
                 "bootstrap": lambda: msk.bootstrap("f1_score", Y, P, average="macro",
                                                    labels=[5], n_resamples=20)}
    for name, call in calls.items():
        if case == "weights too short":  # (ours names each argument's length)
            message = "inconsistent numbers of samples"
        with pytest.raises(kind, match=re.escape(message)):
            call()


@pytest.mark.parametrize("case", ["value 2", "negative weight"])
def test_edge_errors_name_the_argument(case):
    """What scikit-learn takes but metrics_sk refuses (documented differences): a value
    other than 0/1 in an indicator (scikit-learn reads it as 1) and, where samples are
    resampled or streamed, a negative weight: a ValueError naming the argument."""
    if case == "value 2":
        y_true, w, match = Y * 2, None, "y_true is a multilabel indicator with values"
    else:
        y_true, w, match = Y, np.array([1, -1, 1, 1, 1, 1.0]), "sample_weight"
    calls = _entry_points(y_true, P, w)
    if case == "negative weight":  # (the drop-in takes them, as scikit-learn does)
        del calls["f1_score"]
    for name, call in calls.items():
        with pytest.raises(ValueError, match=match):
            call()


def test_edge_input_forms():
    """A list, a numpy array (int, bool, float), scipy sparse (CSR, CSC, COO, matrix)
    and a pandas DataFrame: the same bootstrap replicates and intervals, as scikit-learn
    takes them all."""
    import pandas as pd

    forms = [lambda a: a.tolist(), lambda a: a.astype(bool), lambda a: a.astype(float),
             sp.csr_array, sp.csc_array, sp.coo_array, sp.csr_matrix, pd.DataFrame]
    ref = msk.bootstrap("f1_score", Y, P, average="samples", n_resamples=50,
                        random_state=0)
    c = msk.MultilabelConfusion.from_predictions(Y, P)
    ci = msk.confidence_intervals(c, "hamming_loss", y_true=Y, y_pred=P, n_resamples=50,
                                  random_state=0)
    for form in forms:
        y_true, y_pred = form(Y), form(P)
        assert msk.f1_score(y_true, y_pred, average="samples") == pytest.approx(
            skm.f1_score(y_true, y_pred, average="samples"))
        res = msk.bootstrap("f1_score", y_true, y_pred, average="samples", n_resamples=50,
                            random_state=0)
        np.testing.assert_array_equal(res.bootstrap_distribution, ref.bootstrap_distribution)
        assert msk.confidence_intervals(c, "hamming_loss", y_true=y_true, y_pred=y_pred,
                                        n_resamples=50, random_state=0) == ci


def test_edge_replicates_of_zero_weight_samples_are_nan():
    """A resample of zero-weight samples only is refused by scikit-learn (its weights
    sum to zero): that replicate is NaN (dropped, with a warning), for every metric,
    batched or not; the others equal scikit-learn's on the same resamples."""
    w = np.array([0, 0, 3.0, 0, 0, 1.0])
    for name, kwargs in [("f1_score", {"average": "samples"}),
                         ("f1_score", {"average": "macro"}), ("hamming_loss", {}),
                         ("jaccard_score", {"average": "samples"}), ("accuracy_score", {}),
                         ("multilabel_confusion_matrix", {})]:
        with pytest.warns(RuntimeWarning, match="NaN"):
            res = msk.bootstrap(name, Y, P, sample_weight=w, n_resamples=40,
                                random_state=1, **kwargs)
        metric = getattr(skm, name)

        def refused_is_nan(y_true, y_pred, **kw):
            try:
                return metric(y_true, y_pred, **kw)
            except (ValueError, ZeroDivisionError):
                return np.full(np.shape(res.value), np.nan)

        brute = _brute(refused_is_nan, Y, P, w, 1, 40, **kwargs)
        assert np.isnan(brute).any()
        np.testing.assert_allclose(np.moveaxis(res.bootstrap_distribution, -1, 0), brute,
                                   equal_nan=True, rtol=1e-12)


@pytest.mark.parametrize("scale", [1e300, 1e-300])
def test_edge_extreme_weights(scale):
    """Weights 1e300 and 1e-300 (equal: the unweighted replicates; unequal: scikit-learn's
    on the same resamples) give finite values, no overflow or underflow to 0."""
    unweighted = msk.bootstrap("f1_score", Y, P, average="samples", n_resamples=50,
                               random_state=0)
    res = msk.bootstrap("f1_score", Y, P, average="samples", n_resamples=50,
                        random_state=0, sample_weight=np.full(6, scale))
    np.testing.assert_allclose(res.bootstrap_distribution, unweighted.bootstrap_distribution,
                               rtol=1e-12)
    w = np.array([scale, 1, 1, 2, 1, scale])
    for name, kwargs in [("f1_score", {"average": "micro"}), ("hamming_loss", {})]:
        res = msk.bootstrap(name, Y, P, sample_weight=w, n_resamples=50, random_state=2,
                            **kwargs)
        assert np.isfinite(res.bootstrap_distribution).all()
        np.testing.assert_allclose(res.bootstrap_distribution,
                                   _brute(getattr(skm, name), Y, P, w, 2, 50, **kwargs),
                                   rtol=1e-9)


def test_edge_one_sample():
    """One sample: every replicate is that sample, the interval is its value
    (scikit-learn's); BCa is undefined there (NaN, with a warning)."""
    for average in ("samples", "macro"):
        res = msk.bootstrap("f1_score", Y[:1], P[:1], average=average, n_resamples=20,
                            random_state=0)
        value = skm.f1_score(Y[:1], P[:1], average=average, zero_division=0)
        assert tuple(res.confidence_interval) == pytest.approx((value, value))
    with pytest.warns(RuntimeWarning, match="BCa interval is undefined"):
        res = msk.bootstrap("f1_score", Y[:1], P[:1], average="samples", method="bca",
                            n_resamples=20, random_state=0)
    assert np.isnan(res.confidence_interval.low)


def test_edge_label_column_all_zero_in_a_resample():
    """A label with one positive sample: the resamples without it have an all-zero
    column, which stays a label (scikit-learn's labels of a multilabel target are its
    columns): per-label and macro values equal scikit-learn's on the same resamples."""
    y_true, y_pred = _data(n=50, n_labels=3, seed=8)
    y_true[:, 2] = 0
    y_pred[:, 2] = 0
    y_true[7, 2] = y_pred[7, 2] = 1
    for kwargs in ({"average": None}, {"average": "macro"},
                   {"average": "macro", "zero_division": 1.0}, {"average": "weighted"}):
        res = msk.bootstrap("f1_score", y_true, y_pred, n_resamples=60, random_state=4,
                            **kwargs)
        brute = _brute(skm.f1_score, y_true, y_pred, None, 4, 60, **kwargs)
        got = np.moveaxis(res.bootstrap_distribution, -1, 0)
        np.testing.assert_allclose(got, brute, rtol=1e-12)
        if kwargs["average"] is None:
            assert (brute[:, 2] == 0).any()  # some resamples miss the label
