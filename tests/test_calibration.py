"""Calibration (metrics_sk/_calibration.py): calibration_curve against scikit-learn's and
the repeated sample, calibration_error against a brute-force loop over the bins of its
definition and against torchmetrics (a fixture, tests/data/calibration_torchmetrics.json,
written by tests/data/make_calibration_torchmetrics.py; live when torchmetrics imports)."""

import json
import pathlib
from fractions import Fraction

import numpy as np
import pytest
from sklearn.calibration import calibration_curve as sk_calibration_curve
from sklearn.utils._param_validation import InvalidParameterError

import metrics_sk as msk
from metrics_sk import CalibrationSums

DATA = pathlib.Path(__file__).with_name("data")
EDGE_VALUES = np.array([0.0, 0.2, 0.25, 0.4, 0.5, 0.6, 0.75, 0.8, 1.0, 1 / 3, 2 / 3, 0.1])


def _binary(seed, n, *, edges=True):
    rng = np.random.default_rng(seed)
    p = rng.random(n)
    if edges:
        p[:EDGE_VALUES.shape[0]] = EDGE_VALUES[:n]
    y = (rng.random(n) < p ** 1.3).astype(int)
    return y, p


def _multiclass(seed, n, k):
    rng = np.random.default_rng(seed)
    proba = rng.dirichlet(np.ones(k) * 0.7, size=n)
    y = np.array([rng.choice(k, p=row) for row in proba])
    return y, proba


# -- calibration_curve --------------------------------------------------------------------
@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("n_bins", [1, 2, 3, 5, 10, 40])
@pytest.mark.parametrize("seed", range(4))
def test_calibration_curve_equals_scikit_learn(strategy, n_bins, seed):
    y, p = _binary(seed, 30 + 40 * seed)
    ours = msk.calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
    theirs = sk_calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
    for a, b in zip(ours, theirs):
        np.testing.assert_array_equal(a, b)


def test_calibration_curve_labels_and_pos_label_as_scikit_learn():
    y, p = _binary(7, 60)
    names = np.array(["no", "yes"])[y]
    for kwargs in ({"pos_label": "yes"}, {"pos_label": "no"}):
        ours = msk.calibration_curve(names, p, **kwargs)
        theirs = sk_calibration_curve(names, p, **kwargs)
        for a, b in zip(ours, theirs):
            np.testing.assert_array_equal(a, b)
    ours = msk.calibration_curve(2 * y - 1, p)  # {-1, 1}: 1 is positive
    for a, b in zip(ours, sk_calibration_curve(2 * y - 1, p)):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("n_bins", [1, 3, 5, 8])
@pytest.mark.parametrize("seed", range(6))
def test_calibration_curve_integer_weights_are_repetitions(strategy, n_bins, seed):
    """With integer weights: the unweighted result (scikit-learn's) on the samples
    repeated w times; the quantile edges are np.percentile's of the repeated sample."""
    rng = np.random.default_rng(100 + seed)
    y, p = _binary(seed, 25 + 10 * seed)
    p[rng.random(p.shape[0]) < 0.2] = 0.5  # ties, some of them on edges
    w = rng.integers(0, 5, p.shape[0])
    w[0] = 3
    ours = msk.calibration_curve(y, p, n_bins=n_bins, strategy=strategy, sample_weight=w)
    repeated = sk_calibration_curve(np.repeat(y, w), np.repeat(p, w), n_bins=n_bins,
                                    strategy=strategy)
    for a, b in zip(ours, repeated):
        assert a.shape == b.shape  # the same bins (none empty on one side only)
        np.testing.assert_allclose(a, b, rtol=1e-13, atol=1e-15)


def test_weighted_quantile_edges_are_numpys_on_the_repeated_sample():
    from metrics_sk._calibration import weighted_percentile_edges

    rng = np.random.default_rng(0)
    for _ in range(300):
        n = int(rng.integers(1, 40))
        values = rng.random(n)
        values[rng.random(n) < 0.3] = 0.5
        w = rng.integers(0, 5, n)
        w[0] = max(w[0], 1)
        n_bins = int(rng.integers(1, 12))
        expected = np.percentile(np.repeat(values, w), np.linspace(0, 1, n_bins + 1) * 100)
        np.testing.assert_array_equal(
            weighted_percentile_edges(values, w.astype(float), n_bins), expected)


def test_calibration_curve_zero_weight_removes_a_sample():
    y, p = _binary(3, 50)
    w = np.ones(50)
    w[::7] = 0
    for strategy in ("uniform", "quantile"):
        ours = msk.calibration_curve(y, p, strategy=strategy, sample_weight=w)
        kept = w > 0
        theirs = sk_calibration_curve(y[kept], p[kept], strategy=strategy)
        for a, b in zip(ours, theirs):
            np.testing.assert_allclose(a, b, rtol=1e-13)


def test_calibration_curve_errors():
    y, p = [0, 1, 1, 0], [0.1, 0.6, 0.8, 0.3]
    for kwargs in ({"n_bins": 0}, {"strategy": "median"}):
        with pytest.raises(InvalidParameterError) as ours:
            msk.calibration_curve(y, p, **kwargs)
        with pytest.raises(InvalidParameterError) as theirs:
            sk_calibration_curve(y, p, **kwargs)
        assert str(ours.value) == str(theirs.value)
    for bad_y, bad_p, kwargs, message in (
            (y, [0.1, 0.6, 1.8, 0.3], {}, r"y_prob has values outside \[0, 1\]"),
            ([0, 1, 2, 0], p, {"pos_label": 1}, "Only binary classification is supported"),
            ([0, 1, 2, 0], p, {}, "pos_label is not specified"),
            (["a", "b", "a", "b"], p, {}, "pos_label is not specified"),
            (y, [0.1, 0.6], {}, "inconsistent numbers of samples")):
        with pytest.raises(ValueError, match=message):
            msk.calibration_curve(bad_y, bad_p, **kwargs)
        with pytest.raises(ValueError, match=message):
            sk_calibration_curve(bad_y, bad_p, **kwargs)
    with pytest.raises(ValueError, match="y_prob contains NaN"):  # scikit-learn bins it
        msk.calibration_curve(y, [0.1, np.nan, 0.8, 0.3])
    with pytest.raises(ValueError, match="negative"):
        msk.calibration_curve(y, p, sample_weight=[1, -1, 1, 1])
    with pytest.raises(ValueError, match="sample_weight sums to zero"):
        msk.calibration_curve(y, p, sample_weight=[0, 0, 0, 0])


# -- calibration_error: the definition, brute force ----------------------------------------
def brute_force(y, proba, *, n_bins=15, strategy="uniform", norm="l1",
                multi_class="top_label", sample_weight=None, pos_label=1):
    """The definition, bin by bin. ``y`` holds column indices for 2-D ``proba``; integer
    weights (the quantile edges are np.percentile's of the repeated sample)."""
    w = np.ones(len(y)) if sample_weight is None else np.asarray(sample_weight, float)
    if proba.ndim == 1:
        problems = [(proba, y == pos_label)]
    elif multi_class == "top_label":
        problems = [(proba.max(axis=1), proba.argmax(axis=1) == y)]
    else:
        problems = [(proba[:, k], y == k) for k in range(proba.shape[1])]
    errors = []
    for conf, hit in problems:
        if strategy == "uniform":  # i / n exactly, each probability exactly
            edges = [Fraction(i, n_bins) for i in range(n_bins + 1)]
            conf_exact = [Fraction(float(c)) for c in conf]
        else:
            edges = np.percentile(np.repeat(conf, w.astype(int)),
                                  np.linspace(0, 1, n_bins + 1) * 100)
            conf_exact = conf
        total = w.sum()
        l1 = l2 = debiased = 0.0
        worst = 0.0
        for i in range(n_bins):
            lo, hi = edges[i], edges[i + 1]
            if i == n_bins - 1:
                inside = [lo <= c <= hi for c in conf_exact]
            else:
                inside = [lo <= c < hi for c in conf_exact]
            inside = np.array(inside)
            wb = w[inside].sum()
            if wb == 0:
                continue
            acc = (w[inside] * hit[inside]).sum() / wb
            mean_conf = (w[inside] * conf[inside]).sum() / wb
            l1 += wb / total * abs(acc - mean_conf)
            l2 += wb / total * (acc - mean_conf) ** 2
            worst = max(worst, abs(acc - mean_conf))
            if wb > 1:
                debiased += wb / total * ((acc - mean_conf) ** 2 - acc * (1 - acc) / (wb - 1))
        errors.append({"l1": l1, "l2": np.sqrt(l2), "max": worst,
                       "l2_debiased": np.sqrt(max(debiased, 0.0))}[norm])
    return np.mean(errors)


NORMS = ["l1", "l2", "max", "l2_debiased"]


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("n_bins", [1, 4, 5, 10, 15, 60])
@pytest.mark.parametrize("weighted", [False, True])
def test_binary_equals_the_definition(norm, strategy, n_bins, weighted):
    y, p = _binary(n_bins, 80)  # edge values included; 60 bins: many empty
    w = np.random.default_rng(n_bins).integers(0, 4, 80) if weighted else None
    if w is not None:
        w[0] = 2
    expected = brute_force(y, p, n_bins=n_bins, strategy=strategy, norm=norm, sample_weight=w)
    got = msk.calibration_error(y, p, n_bins=n_bins, strategy=strategy, norm=norm,
                                sample_weight=w)
    assert got == pytest.approx(expected, rel=1e-12, abs=1e-14)


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("multi_class", ["top_label", "classwise"])
@pytest.mark.parametrize("k", [2, 3, 5])
@pytest.mark.parametrize("weighted", [False, True])
def test_multiclass_equals_the_definition(norm, strategy, multi_class, k, weighted):
    rng = np.random.default_rng(k)
    y, proba = _multiclass(k, 120, k)
    proba[:4] = np.round(proba[:4] * 4) / 4  # values on edges of 4, 10, 20 bins
    proba[4] = np.full(k, 1 / k)  # a tie: the first column is the top label
    w = rng.integers(0, 4, 120) if weighted else None
    if w is not None:
        w[4] = 2
    for n_bins in (1, 4, 10, 20):
        expected = brute_force(y, proba, n_bins=n_bins, strategy=strategy, norm=norm,
                               multi_class=multi_class, sample_weight=w)
        got = msk.calibration_error(y, proba, n_bins=n_bins, strategy=strategy, norm=norm,
                                    multi_class=multi_class, sample_weight=w)
        assert got == pytest.approx(expected, rel=1e-12, abs=1e-14), n_bins


def test_hand_computed_values():
    # bins of 2: [0, 0.5) holds 0.25, 0.25 (no positive), [0.5, 1] holds 0.55, 0.75, 0.75
    # (all positive): l1 = 2/5 * 0.25 + 3/5 * (1 - 2.05/3) = 0.29
    y, p = [0, 0, 1, 1, 1], [0.25, 0.25, 0.55, 0.75, 0.75]
    assert msk.calibration_error(y, p, n_bins=2) == pytest.approx(0.29, abs=1e-15)
    assert msk.calibration_error(y, p, n_bins=2, norm="max") == pytest.approx(
        1 - 2.05 / 3, abs=1e-15)
    # a value on an inner edge belongs to the upper bin, 1 to the last (closed) bin
    assert msk.calibration_error([1, 0], [0.5, 1.0], n_bins=2) == pytest.approx(
        abs(0.5 - 0.75), abs=1e-15)
    assert msk.calibration_error([1], [0.5], n_bins=2) == pytest.approx(0.5)
    # in exact arithmetic: the double 0.3 lies below 3/10, so in [0.2, 0.3) with 0.25
    # (although 0.3 * 10 rounds to 3.0); the next double lies above 3/10
    above = np.nextafter(0.3, 1)
    assert msk.calibration_error([1, 0, 1], [0.3, 0.25, above], n_bins=10) == pytest.approx(
        2 / 3 * abs(0.5 - 0.275) + 1 / 3 * (1 - above), rel=1e-14)
    # the debiased l2 of one bin of 4 samples, acc 1/2, conf 1/2: the variance makes the
    # squared estimate negative, clipped to 0
    assert msk.calibration_error([0, 1, 0, 1], [0.5] * 4, n_bins=1, norm="l2_debiased") == 0
    # conf 0.3, acc 3/4 over 4 samples: (0.45^2 - (3/16) / 3) ** 0.5
    assert msk.calibration_error([0, 1, 1, 1], [0.3] * 4, n_bins=1, norm="l2_debiased") == \
        pytest.approx(np.sqrt(0.45**2 - 0.1875 / 3), rel=1e-14)


def test_debiased_is_smaller_on_a_calibrated_model():
    """A calibrated model: the plug-in l2 is positive by noise alone; the debiased
    estimate removes most of it."""
    rng = np.random.default_rng(0)
    p = rng.random(2000)
    y = (rng.random(2000) < p).astype(int)
    plug_in = msk.calibration_error(y, p, n_bins=50, norm="l2")
    debiased = msk.calibration_error(y, p, n_bins=50, norm="l2_debiased")
    assert debiased < plug_in / 2


def test_labels_and_pos_label():
    y, proba = _multiclass(1, 60, 3)
    names = np.array(["cat", "dog", "emu"])[y]
    assert msk.calibration_error(names, proba) == msk.calibration_error(y, proba)
    # labels= gives the class of each column: reversed columns, reversed labels
    assert msk.calibration_error(names, proba[:, ::-1], labels=["emu", "dog", "cat"],
                                 multi_class="classwise") == pytest.approx(
        msk.calibration_error(y, proba, multi_class="classwise"), rel=1e-14)
    yb, p = _binary(2, 50)
    text = np.array(["no", "yes"])[yb]
    assert msk.calibration_error(text, p, pos_label="yes") == msk.calibration_error(yb, p)
    assert msk.calibration_error(text, 1 - p, pos_label="no") == pytest.approx(
        brute_force(yb, 1 - p, pos_label=0), rel=1e-12)


def test_weights_as_repetitions_and_inputs_unchanged():
    y, proba = _multiclass(2, 50, 4)
    w = np.random.default_rng(2).integers(0, 4, 50)
    before = proba.copy(), w.copy()
    for strategy in ("uniform", "quantile"):
        for multi_class in ("top_label", "classwise"):
            weighted = msk.calibration_error(y, proba, strategy=strategy, sample_weight=w,
                                             multi_class=multi_class, n_bins=6)
            repeated = msk.calibration_error(np.repeat(y, w), np.repeat(proba, w, axis=0),
                                             strategy=strategy, multi_class=multi_class,
                                             n_bins=6)
            assert weighted == pytest.approx(repeated, rel=1e-12)
    np.testing.assert_array_equal(proba, before[0])
    np.testing.assert_array_equal(w, before[1])


@pytest.mark.parametrize("kwargs, match", [
    ({"n_bins": 0}, "'n_bins' parameter of calibration_error"),
    ({"n_bins": 2.5}, "'n_bins' parameter of calibration_error"),
    ({"strategy": "median"}, "'strategy' parameter of calibration_error"),
    ({"norm": "l3"}, "'norm' parameter of calibration_error"),
    ({"multi_class": "ovr"}, "'multi_class' parameter of calibration_error"),
])
def test_bad_options_are_value_errors_naming_the_argument(kwargs, match):
    with pytest.raises(ValueError, match=match):
        msk.calibration_error([0, 1], [0.2, 0.7], **kwargs)


@pytest.mark.parametrize("y, proba, kwargs, match", [
    ([0, 1], [0.2, np.nan], {}, "y_proba contains NaN"),
    ([0, 1], [0.2, 1.5], {}, r"y_proba must hold probabilities in \[0, 1\]"),
    ([0, 1], [-0.1, 0.5], {}, r"y_proba must hold probabilities in \[0, 1\]"),
    ([0, 1], [[0.2, 0.8], [np.nan, 0.5]], {}, "y_proba contains NaN"),
    ([0, 1], [[0.2, 0.8], [1.2, -0.2]], {}, r"y_proba must hold probabilities"),
    ([0, 1, 2], [0.2, 0.5, 0.1], {}, "1-D y_proba"),
    (["a", "b"], [0.2, 0.5], {}, "pos_label"),
    (["a", "b"], [0.2, 0.5], {"pos_label": "c"}, "pos_label='c' is not a label"),
    ([0, 1], [0.2, 0.5], {"labels": [0, 1]}, "labels"),
    ([0, 1], [0.2, 0.5, 0.3], {}, "inconsistent|y_proba"),
    ([0, 1], [0.2, 0.5], {"sample_weight": [0, 0]}, "sample_weight sums to zero"),
    ([0, 1], [0.2, 0.5], {"sample_weight": [1, -1]}, "negative"),
    ([0, 1, 1], [[0.2, 0.5, 0.3]] * 3, {}, "y_proba has 3 columns"),
])
def test_bad_inputs(y, proba, kwargs, match):
    with pytest.raises(ValueError, match=match):
        msk.calibration_error(y, proba, **kwargs)


# -- streaming: the per-bin sums add up ------------------------------------------------
@pytest.mark.parametrize("norm", NORMS)
def test_sums_stream_and_merge(norm):
    y, p = _binary(4, 90)
    w = np.random.default_rng(4).random(90)
    acc = CalibrationSums(n_bins=7)
    for start in range(0, 90, 25):
        acc = acc.update(y[start:start + 25], p[start:start + 25], w[start:start + 25])
    assert acc.compute(norm) == pytest.approx(
        msk.calibration_error(y, p, n_bins=7, norm=norm, sample_weight=w), rel=1e-12)
    yk, proba = _multiclass(5, 90, 3)
    for multi_class in ("top_label", "classwise"):
        a = CalibrationSums(n_bins=7, multi_class=multi_class, labels=[0, 1, 2])
        b = CalibrationSums(n_bins=7, multi_class=multi_class, labels=[0, 1, 2])
        merged = a.update(yk[:40], proba[:40]) + b.update(yk[40:], proba[40:])
        assert merged.compute(norm) == pytest.approx(
            msk.calibration_error(yk, proba, n_bins=7, norm=norm, multi_class=multi_class),
            rel=1e-12)


@pytest.mark.parametrize("weighted", [False, True])
def test_dask_partitions_reduce_to_the_same_value(weighted):
    da = pytest.importorskip("dask.array")
    dask = pytest.importorskip("dask")
    y, p = _binary(6, 200)
    w = np.random.default_rng(6).random(200) if weighted else None
    yk, proba = _multiclass(6, 200, 3)
    with dask.config.set(scheduler="sync"):
        for norm in NORMS:
            got = msk.calibration_error(da.from_array(y, chunks=70), da.from_array(p, chunks=70),
                                        sample_weight=None if w is None else
                                        da.from_array(w, chunks=70), norm=norm, n_bins=8)
            assert got == pytest.approx(msk.calibration_error(
                y, p, sample_weight=w, norm=norm, n_bins=8), rel=1e-12)
            for multi_class in ("top_label", "classwise"):
                got = msk.calibration_error(
                    da.from_array(yk, chunks=70), da.from_array(proba, chunks=(70, 3)),
                    labels=[0, 1, 2], multi_class=multi_class, norm=norm, n_bins=8)
                assert got == pytest.approx(msk.calibration_error(
                    yk, proba, multi_class=multi_class, norm=norm, n_bins=8), rel=1e-12)
        with pytest.raises(ValueError, match="strategy='uniform'"):
            msk.calibration_error(da.from_array(y, chunks=70), da.from_array(p, chunks=70),
                                  strategy="quantile")
        with pytest.raises(ValueError, match="labels="):
            msk.calibration_error(da.from_array(yk, chunks=70),
                                  da.from_array(proba, chunks=(70, 3)))


def test_sums_check_their_options_and_merges():
    with pytest.raises(ValueError, match="'n_bins' parameter of CalibrationSums"):
        CalibrationSums(n_bins=0)
    with pytest.raises(ValueError, match="'norm' parameter of CalibrationSums"):
        CalibrationSums().update([0, 1], [0.2, 0.9]).compute("l3")
    with pytest.raises(ValueError, match="labels="):
        CalibrationSums().update([0, 1], [[0.8, 0.2], [0.1, 0.9]])
    with pytest.raises(ValueError, match="Cannot merge"):
        CalibrationSums(n_bins=5).update([0, 1], [0.2, 0.9]) + CalibrationSums(n_bins=6)
    with pytest.raises(ValueError, match="No samples yet"):
        CalibrationSums().compute()
    parts = [CalibrationSums(n_bins=4).update([0, 1], [0.2, 0.9]),
             CalibrationSums(n_bins=4).update([1, 1], [0.6, 0.7])]
    total = sum(parts)
    assert total.compute() == pytest.approx(
        msk.calibration_error([0, 1, 1, 1], [0.2, 0.9, 0.6, 0.7], n_bins=4), rel=1e-14)
    assert parts[0].sums[0].sum() == 2  # the parts are unchanged


# -- torchmetrics ------------------------------------------------------------------------
def _torchmetrics_cases():
    return json.loads((DATA / "calibration_torchmetrics.json").read_text())["cases"]


#: torchmetrics computes in float32 (the probabilities, the edges and the sums).
TORCH_TOLERANCE = 1e-6


@pytest.mark.parametrize("case", _torchmetrics_cases(),
                         ids=lambda c: f"{c['kind']}-{c['seed']}")
def test_equals_torchmetrics_fixture(case):
    y, proba = np.array(case["y_true"]), np.array(case["y_proba"])
    for key, expected in case["values"].items():
        norm, n_bins = key.split("_")
        got = msk.calibration_error(y, proba, n_bins=int(n_bins), norm=norm)
        assert got == pytest.approx(expected, abs=TORCH_TOLERANCE), key


@pytest.mark.parametrize("case", _torchmetrics_cases(),
                         ids=lambda c: f"{c['kind']}-{c['seed']}")
def test_equals_torchmetrics_live(case):
    torch = pytest.importorskip("torch")
    classification = pytest.importorskip("torchmetrics.functional.classification")
    y = torch.tensor(case["y_true"])
    proba = torch.tensor(case["y_proba"], dtype=torch.float32)
    for n_bins in (3, 15):
        for norm in ("l1", "l2", "max"):
            if case["kind"] == "binary":
                expected = classification.binary_calibration_error(proba, y, n_bins=n_bins,
                                                                   norm=norm)
            else:
                expected = classification.multiclass_calibration_error(
                    proba, y, num_classes=proba.shape[1], n_bins=n_bins, norm=norm)
            got = msk.calibration_error(y.numpy(), proba.numpy(), n_bins=n_bins, norm=norm)
            assert got == pytest.approx(float(expected), abs=TORCH_TOLERANCE)


@pytest.mark.parametrize("weight", [5e-324, 1e-300, 1e300])
@pytest.mark.parametrize("norm", ["l1", "l2", "max"])
def test_equal_extreme_weights_give_the_unweighted_error(weight, norm):
    """Equal weights cancel in the l1, l2 and max errors of uniform bins (ratios of weight
    sums): the products w * p were subnormal with 5e-324 (0.6 instead of 0.357 on this
    sample). (Quantile edges read the weights as counts, so tiny weights move them.)"""
    strategy = "uniform"
    rng = np.random.default_rng(0)
    y, proba = rng.integers(0, 3, 10), rng.dirichlet([1, 1, 1], 10)
    w = np.full(10, weight)
    for y_proba, yy in ((proba, y), (proba[:, 1], (y == 1).astype(int))):
        expected = brute_force(yy, y_proba, n_bins=15, strategy=strategy, norm=norm,
                               sample_weight=None)
        got = msk.calibration_error(yy, y_proba, strategy=strategy, norm=norm,
                                    sample_weight=w)
        assert got == pytest.approx(expected, rel=1e-12, abs=1e-14)
