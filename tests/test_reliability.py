"""ReliabilityDisplay: the CORP reliability diagram against scikit-learn's isotonic
regression and statsmodels' Clopper-Pearson intervals."""

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from sklearn.isotonic import IsotonicRegression  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from statsmodels.stats.proportion import proportion_confint  # noqa: E402

import metrics_sk as msk  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _binary(seed=0, n=400, digits=2, weighted=False):
    rng = np.random.default_rng(seed)
    p = rng.uniform(0, 1, n).round(digits)
    y = (rng.random(n) < p ** 2).astype(int)
    w = rng.uniform(0.2, 3, n) if weighted else None
    return y, p, w


@pytest.mark.parametrize("weighted", [False, True])
def test_the_curve_is_sklearns_isotonic_regression(weighted):
    y, p, w = _binary(weighted=weighted)
    display = msk.ReliabilityDisplay.from_predictions(y, p, sample_weight=w)
    iso = IsotonicRegression(y_min=0, y_max=1).fit(p, y, sample_weight=w)
    np.testing.assert_allclose(display.prob_true, iso.predict(display.prob_pred), atol=1e-10)
    # the steps start where the fit changes: every distinct score is read off the steps
    values = np.unique(p)
    at = np.searchsorted(display.prob_pred[:-1], values, side="right") - 1
    np.testing.assert_allclose(display.prob_true[at], iso.predict(values), atol=1e-10)
    assert display.prob_pred[0] == p.min() and display.prob_pred[-1] == p.max()


def test_the_bands_are_clopper_pearson_per_level_set():
    y, p, _ = _binary(1)
    display = msk.ReliabilityDisplay.from_predictions(y, p, confidence=0.9)
    iso = IsotonicRegression(y_min=0, y_max=1).fit(p, y)
    fitted = iso.predict(p)
    for x, level, low, high in zip(display.prob_pred[:-1], display.prob_true[:-1],
                                   display.lower[:-1], display.upper[:-1]):
        members = fitted == fitted[p == x][0]  # the samples of this level set
        count, nobs = int(y[members].sum()), int(members.sum())
        expected = proportion_confint(count, nobs, alpha=0.1, method="beta")
        assert count / nobs == pytest.approx(level, abs=1e-12)
        assert (low, high) == pytest.approx(expected, abs=1e-10)
        assert low <= level <= high


def test_weighted_bands_use_kish_effective_counts():
    y = np.array([0, 1, 1, 0, 1, 1])
    p = np.array([0.1, 0.1, 0.1, 0.9, 0.9, 0.9])
    w = np.array([1.0, 2.0, 3.0, 1.0, 2.0, 10.0])  # shares 5/6 < 12/13: two level sets
    display = msk.ReliabilityDisplay.from_predictions(y, p, sample_weight=w, confidence=0.95)
    for members, low, high in [(slice(0, 3), display.lower[0], display.upper[0]),
                               (slice(3, 6), display.lower[1], display.upper[1])]:
        weight, share = w[members].sum(), w[members][y[members] == 1].sum() / w[members].sum()
        n_eff = weight ** 2 / (w[members] ** 2).sum()
        expected = proportion_confint(share * n_eff, n_eff, alpha=0.05, method="beta")
        assert (low, high) == pytest.approx(expected, abs=1e-10)


def test_drawing_attributes_and_several_models_on_one_axes():
    y, p, _ = _binary(2)
    first = msk.ReliabilityDisplay.from_predictions(y, p, name="a")
    second = msk.ReliabilityDisplay.from_predictions(y, np.sqrt(p), name="b", ax=first.ax_)
    assert second.ax_ is first.ax_ and second.figure_ is first.figure_
    labels = first.ax_.get_legend_handles_labels()[1]
    assert labels == ["Perfectly calibrated", "a", "b"]  # the diagonal once
    assert first.line_.get_drawstyle() == "steps-post"
    np.testing.assert_array_equal(second.line_.get_xdata(), second.prob_pred)
    assert first.ax_.patches  # the histograms


def test_multiclass_by_class_and_top_label():
    rng = np.random.default_rng(3)
    logits = rng.normal(size=(300, 3))
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    y = np.array(["x", "y", "z"])[rng.integers(0, 3, 300)]
    by_class = msk.ReliabilityDisplay.from_predictions(y, proba, name="m")
    assert len(by_class.line_) == 3 and by_class.labels == ["x", "y", "z"]
    for k, label in enumerate("xyz"):
        one = msk.ReliabilityDisplay.from_predictions(y == label, proba[:, k])
        np.testing.assert_array_equal(by_class.prob_true[k], one.prob_true)
        np.testing.assert_array_equal(by_class.prob_pred[k], one.prob_pred)
    top = msk.ReliabilityDisplay.from_predictions(y, proba, multi_class="top_label")
    correct = np.array(["x", "y", "z"])[proba.argmax(axis=1)] == y
    iso = IsotonicRegression(y_min=0, y_max=1).fit(proba.max(axis=1), correct)
    np.testing.assert_allclose(top.prob_true[0], iso.predict(top.prob_pred[0]), atol=1e-12)


def test_from_estimator():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(300, 2))
    y = np.where(X[:, 0] + rng.normal(size=300) > 0, "spam", "ham")
    model = LogisticRegression().fit(X, y)
    display = msk.ReliabilityDisplay.from_estimator(model, X, y)
    expected = msk.ReliabilityDisplay.from_predictions(y, model.predict_proba(X)[:, 1])
    np.testing.assert_array_equal(display.prob_true, expected.prob_true)
    assert display.name == "LogisticRegression" and display.pos_label == "spam"
    ham = msk.ReliabilityDisplay.from_estimator(model, X, y, pos_label="ham")
    iso = IsotonicRegression(y_min=0, y_max=1).fit(model.predict_proba(X)[:, 0], y == "ham")
    np.testing.assert_allclose(ham.prob_true, iso.predict(ham.prob_pred), atol=1e-12)


def test_no_band_without_confidence():
    y, p, _ = _binary(5)
    display = msk.ReliabilityDisplay.from_predictions(y, p, confidence=None,
                                                      histogram=False)
    assert display.lower is None and display.upper is None
    assert not display.ax_.collections and not display.ax_.patches


@pytest.mark.parametrize("kwargs, match", [
    ({"method": "isotonic"}, "method"),
    ({"method": "uniform", "n_bins": 0}, "n_bins"),
    ({"multi_class": "ovr"}, "multi_class"),
    ({"confidence": 1.5}, "confidence"),
    ({"y_prob": [0.2, 1.5, 0.4, 0.3]}, "y_prob must hold probabilities"),
    ({"pos_label": "a"}, "pos_label"),
])
def test_errors_name_the_argument(kwargs, match):
    args = {"y_true": [0, 1, 1, 0], "y_prob": [0.2, 0.5, 0.4, 0.3], **kwargs}
    with pytest.raises(ValueError, match=match):
        msk.ReliabilityDisplay.from_predictions(args.pop("y_true"), args.pop("y_prob"), **args)


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("n_bins", [3, 7, 10])
def test_binned_curve_is_calibration_curve_and_sklearns_display_line(strategy, n_bins):
    """method='uniform'|'quantile': the points of calibration_curve (weighted too) and,
    unweighted, of scikit-learn's CalibrationDisplay line."""
    from sklearn.calibration import CalibrationDisplay

    y, p, w = _binary(7, weighted=True)
    display = msk.ReliabilityDisplay.from_predictions(y, p, method=strategy, n_bins=n_bins)
    theirs = CalibrationDisplay.from_predictions(y, p, n_bins=n_bins, strategy=strategy)
    x, level = theirs.line_.get_data()
    np.testing.assert_allclose(display.prob_pred, x, rtol=1e-12)
    np.testing.assert_allclose(display.prob_true, level, rtol=1e-12)
    weighted = msk.ReliabilityDisplay.from_predictions(y, p, method=strategy, n_bins=n_bins,
                                                       sample_weight=w)
    prob_true, prob_pred = msk.calibration_curve(y, p, n_bins=n_bins, strategy=strategy,
                                                 sample_weight=w)
    np.testing.assert_allclose(weighted.prob_true, prob_true, rtol=1e-12)
    np.testing.assert_allclose(weighted.prob_pred, prob_pred, rtol=1e-12)
    assert weighted.line_.get_marker() == "s"
    assert weighted.ax_.get_ylabel() == "Fraction of positives"


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
def test_binned_bands_are_clopper_pearson_per_bin(strategy):
    """Per non-empty bin, statsmodels' proportion_confint(method='beta') of its positives
    out of its samples (the bins: scikit-learn's, an inner edge in the lower bin)."""
    y, p, _ = _binary(8)
    n_bins = 6
    display = msk.ReliabilityDisplay.from_predictions(y, p, method=strategy, n_bins=n_bins,
                                                      confidence=0.9)
    edges = (np.percentile(p, np.linspace(0, 100, n_bins + 1)) if strategy == "quantile"
             else np.linspace(0, 1, n_bins + 1))
    bins = np.searchsorted(edges[1:-1], p, side="left")
    expected = [proportion_confint(int(y[bins == b].sum()), int((bins == b).sum()),
                                   alpha=0.1, method="beta")
                for b in range(n_bins) if (bins == b).any()]
    assert len(expected) == len(display.lower)
    np.testing.assert_allclose(display.lower, [e[0] for e in expected], atol=1e-10)
    np.testing.assert_allclose(display.upper, [e[1] for e in expected], atol=1e-10)
    assert (display.lower <= display.prob_true).all()
    assert (display.prob_true <= display.upper).all()


def test_binned_weighted_bands_use_kish_effective_counts_and_every_class():
    y = np.array([0, 1, 1, 0, 1, 1])
    p = np.array([0.1, 0.15, 0.2, 0.8, 0.85, 0.9])
    w = np.array([1.0, 2.0, 3.0, 1.0, 2.0, 10.0])
    display = msk.ReliabilityDisplay.from_predictions(y, p, sample_weight=w, method="uniform",
                                                      n_bins=2, confidence=0.95)
    for members, low, high in [(slice(0, 3), display.lower[0], display.upper[0]),
                               (slice(3, 6), display.lower[1], display.upper[1])]:
        weight, share = w[members].sum(), w[members][y[members] == 1].sum() / w[members].sum()
        n_eff = weight ** 2 / (w[members] ** 2).sum()
        expected = proportion_confint(share * n_eff, n_eff, alpha=0.05, method="beta")
        assert (low, high) == pytest.approx(expected, abs=1e-10)
    rng = np.random.default_rng(3)
    y3, proba = rng.integers(0, 3, 300), rng.dirichlet(np.ones(3), 300)
    by_class = msk.ReliabilityDisplay.from_predictions(y3, proba, method="quantile", n_bins=4)
    for k in range(3):
        prob_true, prob_pred = msk.calibration_curve(y3 == k, proba[:, k], n_bins=4,
                                                     strategy="quantile")
        np.testing.assert_allclose(by_class.prob_true[k], prob_true, rtol=1e-12)
        np.testing.assert_allclose(by_class.prob_pred[k], prob_pred, rtol=1e-12)
