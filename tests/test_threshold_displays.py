"""MetricThresholdCurveDisplay and DecisionCurveDisplay: what is drawn is the functions'
values (scikit-learn's metric_at_thresholds, the net benefit formula by hand), from one
threshold batch, and mistakes are named."""

import functools

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import sklearn.metrics as skm  # noqa: E402
from sklearn.datasets import load_breast_cancer  # noqa: E402
from sklearn.dummy import DummyRegressor  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

import metrics_sk as msk  # noqa: E402
from metrics_sk import DecisionCurveDisplay, MetricThresholdCurveDisplay  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _data(n=300, seed=0, ties=True):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.35).astype(int)
    score = np.clip(0.3 * y + rng.normal(0.35, 0.2, n), 0, 0.999)
    if ties:
        score = np.round(score, 2)
    return y, score


def _specificity(y_true, y_pred, **kwargs):
    return skm.recall_score(y_true, y_pred, pos_label=0, **kwargs)


def _g_mean(y_true, y_pred, sample_weight=None):  # imbalanced-learn's, binary
    recalls = skm.recall_score(y_true, y_pred, average=None, sample_weight=sample_weight)
    return float(np.sqrt(np.prod(recalls)))


# (metric as the display takes it, its label, scikit-learn's function and arguments)
REFERENCES = [
    ("f1_score", "f1_score", skm.f1_score, {}),
    ("precision_score", "precision_score", skm.precision_score, {"zero_division": 0.0}),
    ("recall_score", "recall_score", skm.recall_score, {}),
    ("accuracy_score", "accuracy_score", skm.accuracy_score, {}),
    ("balanced_accuracy_score", "balanced_accuracy_score", skm.balanced_accuracy_score, {}),
    ("matthews_corrcoef", "matthews_corrcoef", skm.matthews_corrcoef, {}),
    ("specificity_score", "specificity_score", _specificity, {}),
    (("fbeta_score", {"beta": 2.0}), "fbeta_score(beta=2.0)", skm.fbeta_score, {"beta": 2.0}),
    ("geometric_mean", "geometric_mean", _g_mean, {}),  # a scorer name
    (("macro_precision", {"zero_division": 0.0}), "macro_precision(zero_division=0.0)",
     skm.precision_score, {"average": "macro", "zero_division": 0.0}),
]


@pytest.mark.parametrize("weighted", [False, True])
def test_values_are_metric_at_thresholds(weighted):
    y, score = _data()
    w = np.random.default_rng(1).uniform(0.2, 3.0, y.shape[0]) if weighted else None
    y0, score0 = y.copy(), score.copy()
    display = MetricThresholdCurveDisplay.from_predictions(
        y, score, metrics=[spec for spec, *_ in REFERENCES], sample_weight=w)
    np.testing.assert_array_equal(y, y0)  # inputs unchanged
    np.testing.assert_array_equal(score, score0)
    assert list(display.lines_) == [label for _, label, *_ in REFERENCES]
    for _, label, func, kwargs in REFERENCES:
        want, thresholds = skm.metric_at_thresholds(y, score, func, sample_weight=w,
                                                    metric_params=kwargs)
        np.testing.assert_array_equal(display.thresholds, thresholds)
        np.testing.assert_allclose(display.metric_values[label], want, rtol=1e-12,
                                   atol=1e-12, err_msg=label)
        line = display.lines_[label]  # what is drawn
        np.testing.assert_array_equal(line.get_xdata(), thresholds)
        np.testing.assert_allclose(line.get_ydata(), want, rtol=1e-12, atol=1e-12)
    # metrics_sk's drop-in gives the same
    ours, _ = msk.metric_at_thresholds(y, score, msk.matthews_corrcoef, sample_weight=w)
    np.testing.assert_allclose(display.metric_values["matthews_corrcoef"], ours, rtol=1e-12)


def test_one_batch_no_loop(monkeypatch):
    """All metrics come from one Confusion.at_thresholds batch; no metric function is
    called per threshold."""
    y, score = _data()
    calls = []
    original = msk.Confusion.at_thresholds

    def counting(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(msk.Confusion, "at_thresholds", counting)
    monkeypatch.setattr(skm, "f1_score", None)  # never called (scikit-learn's loop)
    display = MetricThresholdCurveDisplay.from_predictions(
        y, score, metrics=["f1_score", msk.recall_score,
                           functools.partial(msk.fbeta_score, beta=0.5)])
    assert len(calls) == 1
    assert list(display.metric_values) == ["f1_score", "recall_score", "fbeta_score"]


def test_string_labels_and_pos_label():
    y, score = _data(seed=3)
    names = np.where(y == 1, "sick", "well")
    display = MetricThresholdCurveDisplay.from_predictions(
        names, score, pos_label="sick", metrics=["f1_score", "precision_score"])
    for label, func in (("f1_score", skm.f1_score), ("precision_score", skm.precision_score)):
        want, thresholds = skm.metric_at_thresholds(y, score, func)
        np.testing.assert_array_equal(display.thresholds, thresholds)
        np.testing.assert_allclose(display.metric_values[label], want, rtol=1e-12)
    assert display.pos_label == "sick"
    assert "sick" in display.ax_.get_xlabel()


def test_marked_threshold_and_title():
    y, score = _data()
    display = MetricThresholdCurveDisplay.from_predictions(y, score, threshold=0.42,
                                                           name="model A")
    assert display.threshold_line_.get_xdata()[0] == 0.42
    assert display.ax_.get_title() == "model A"
    assert display.line_ is display.lines_["f1_score"]
    fig, ax = plt.subplots()
    again = display.plot(ax=ax, threshold=0.6)
    assert again.ax_ is ax and again.threshold_line_.get_xdata()[0] == 0.6


def test_from_estimator_is_from_predictions():
    X, y = load_breast_cancer(return_X_y=True)
    model = LogisticRegression(max_iter=5000).fit(X, y)
    display = MetricThresholdCurveDisplay.from_estimator(
        model, X, y, metrics=["f1_score", "balanced_accuracy_score"])
    want, thresholds = skm.metric_at_thresholds(y, model.predict_proba(X)[:, 1],
                                                skm.balanced_accuracy_score)
    np.testing.assert_array_equal(display.thresholds, thresholds)
    np.testing.assert_allclose(display.metric_values["balanced_accuracy_score"], want)
    assert display.ax_.get_title() == "LogisticRegression"
    # pos_label=0: the scores of class 0
    display0 = MetricThresholdCurveDisplay.from_estimator(model, X, y, pos_label=0,
                                                          metrics="recall_score")
    want0, _ = skm.metric_at_thresholds((y == 0).astype(int), model.predict_proba(X)[:, 0],
                                        skm.recall_score)
    np.testing.assert_allclose(display0.metric_values["recall_score"], want0)


@pytest.mark.parametrize("metrics, match", [
    ("f2_sc0re", "not a metrics_sk metric"),
    ("roc_auc_score", "count metrics"),
    (skm.f1_score, "count metrics"),  # scikit-learn's function: pass the name
    ("confusion_matrix", "count metrics"),
    ([], "non-empty"),
    (("f1_score", {"average": None}), "per class"),
])
def test_bad_metrics(metrics, match):
    y, score = _data()
    with pytest.raises(ValueError, match=match):
        MetricThresholdCurveDisplay.from_predictions(y, score, metrics=metrics)


def test_bad_inputs():
    y, score = _data()
    with pytest.raises(ValueError, match="y_score"):
        MetricThresholdCurveDisplay.from_predictions(y, score[:-1])
    with pytest.raises(ValueError, match="two classes"):
        MetricThresholdCurveDisplay.from_predictions(np.arange(y.shape[0]) % 3, score)
    with pytest.raises(TypeError, match="ax must be"):
        MetricThresholdCurveDisplay.from_predictions(y, score, ax="left")
    with pytest.raises(ValueError, match="binary classifier"):  # scikit-learn's displays'
        MetricThresholdCurveDisplay.from_estimator(DummyRegressor().fit([[0], [1]], [0, 1]),
                                                   [[0], [1]], [0, 1])
    three = LogisticRegression().fit([[0], [1], [2]], [0, 1, 2])
    with pytest.raises(ValueError, match="binary classifier"):
        DecisionCurveDisplay.from_estimator(three, [[0], [1], [2]], [0, 1, 2])


def test_bad_options_are_named():
    """scikit-learn's InvalidParameterError (a ValueError and a TypeError), naming the
    option, before anything is computed or drawn."""
    y, score = _data()
    X, yb = load_breast_cancer(return_X_y=True)
    model = LogisticRegression(max_iter=5000).fit(X, yb)
    for call, option in (
            (lambda: MetricThresholdCurveDisplay.from_predictions(y, score, threshold="0.5"),
             "threshold"),
            (lambda: MetricThresholdCurveDisplay.from_predictions(y, score, name=3), "name"),
            (lambda: MetricThresholdCurveDisplay.from_estimator(
                model, X, yb, response_method="predict"), "response_method"),
            (lambda: DecisionCurveDisplay.from_predictions(y, score, name=["a"]), "name"),
            (lambda: DecisionCurveDisplay.from_estimator(model, X, yb, name=1), "name")):
        with pytest.raises(ValueError, match=f"'{option}' parameter") as raised:
            call()
        assert isinstance(raised.value, TypeError)
    assert plt.get_fignums() == []


# -- decision curve ----------------------------------------------------------------------------
def _net_benefit_by_hand(y, score, t, w=None):
    w = np.ones(y.shape[0]) if w is None else w
    treated = score >= t
    n = w.sum()
    return (w[treated & (y == 1)].sum() / n
            - w[treated & (y == 0)].sum() / n * t / (1 - t))


@pytest.mark.parametrize("weighted", [False, True])
def test_decision_curve_values(weighted):
    y, score = _data(seed=5)
    w = np.random.default_rng(2).uniform(0.5, 2.0, y.shape[0]) if weighted else None
    display = DecisionCurveDisplay.from_predictions(y, score, sample_weight=w, name="m")
    t = np.arange(100) / 100
    np.testing.assert_array_equal(display.thresholds, t)
    want = [_net_benefit_by_hand(y, score, ti, w) for ti in t]
    np.testing.assert_allclose(display.net_benefit["m"], want, atol=1e-12)
    np.testing.assert_allclose(display.lines_["m"].get_ydata(), want, atol=1e-12)
    everyone = [_net_benefit_by_hand(y, np.ones_like(score), ti, w) for ti in t]
    np.testing.assert_allclose(display.treat_all_line_.get_ydata(), everyone, atol=1e-12)
    np.testing.assert_array_equal(display.treat_none_line_.get_ydata(), np.zeros(100))
    curve = msk.decision_curve(y, score, sample_weight=w)  # the same numbers
    np.testing.assert_array_equal(display.net_benefit["m"], curve.net_benefit)


def test_decision_curve_y_range():
    """The treat-all tail (about -99 at t = 0.99) does not set the y range."""
    y, score = _data(seed=5)
    display = DecisionCurveDisplay.from_predictions(y, score)
    low, high = display.ax_.get_ylim()
    prevalence = y.mean()
    assert display.treat_all.min() < -50
    assert high == pytest.approx(1.05 * prevalence)
    assert low == pytest.approx(-0.05 * prevalence)


def test_decision_curve_several_models():
    y, score = _data(seed=5)
    other = np.clip(score + np.random.default_rng(4).normal(0, 0.2, y.shape[0]), 0, 1)
    both = DecisionCurveDisplay.from_predictions(y, {"a": score, "b": other},
                                                 thresholds=[0.1, 0.3, 0.5])
    assert list(both.lines_) == ["a", "b"]
    for key, s in (("a", score), ("b", other)):
        np.testing.assert_allclose(
            both.net_benefit[key], [_net_benefit_by_hand(y, s, t) for t in (0.1, 0.3, 0.5)],
            atol=1e-12)
    # one model per call on the same axes: the references drawn once
    first = DecisionCurveDisplay.from_predictions(y, score, name="a")
    second = DecisionCurveDisplay.from_predictions(y, other, name="b", ax=first.ax_)
    labels = [line.get_label() for line in first.ax_.get_lines()]
    assert labels == ["a", "treat all", "treat none", "b"]
    assert second.treat_all_line_ is None


def test_decision_curve_from_estimator():
    X, y = load_breast_cancer(return_X_y=True)
    model = LogisticRegression(max_iter=5000).fit(X, y)
    display = DecisionCurveDisplay.from_estimator(model, X, y, thresholds=[0.2, 0.5])
    proba = model.predict_proba(X)[:, 1]
    np.testing.assert_allclose(display.net_benefit["LogisticRegression"],
                               [_net_benefit_by_hand(y, proba, t) for t in (0.2, 0.5)])


def test_decision_curve_bad_inputs():
    y, score = _data()
    with pytest.raises(ValueError, match="thresholds"):
        DecisionCurveDisplay.from_predictions(y, score, thresholds=[0.5, 1.0])
    with pytest.raises(ValueError, match="y_score"):
        DecisionCurveDisplay.from_predictions(y, {})
    with pytest.raises(ValueError, match="name"):
        DecisionCurveDisplay.from_predictions(y, {"a": score}, name="b")
    with pytest.raises(ValueError, match="y_score"):
        DecisionCurveDisplay.from_predictions(y, score[:-1])
    with pytest.raises(TypeError, match="ax must be"):
        DecisionCurveDisplay.from_predictions(y, score, ax=3)
    display = DecisionCurveDisplay.from_predictions(y, {"a": score, "b": score})
    with pytest.raises(ValueError, match="one model"):
        display.plot(name="c")
