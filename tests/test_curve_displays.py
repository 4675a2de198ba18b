"""ROC, precision-recall and DET displays: scikit-learn's line data, one curve per class,
the bootstrap band, the operating point, and scikit-learn's errors."""

import warnings

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import sklearn.metrics as skm  # noqa: E402
from scipy.stats import norm  # noqa: E402
from sklearn.datasets import load_iris, make_classification  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.svm import LinearSVC  # noqa: E402
from sklearn.utils._param_validation import InvalidParameterError  # noqa: E402

import metrics_sk as msk  # noqa: E402

NAMES = ["RocCurveDisplay", "PrecisionRecallDisplay", "DetCurveDisplay"]


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _binary(n=300, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    score = np.round(rng.normal(size=n) + y, 1)  # ties: vertical and diagonal segments
    return y, score


def _multiclass(n=400, k=3, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    proba = rng.dirichlet(np.ones(k), n)
    proba[np.arange(n), y] += 0.4
    return y, proba / proba.sum(axis=1, keepdims=True)


def _both(display, *args, **kwargs):
    return (getattr(skm, display).from_predictions(*args, **kwargs),
            getattr(msk, display).from_predictions(*args, **kwargs))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("case", ["plain", "weights", "strings", "minus_one", "keep_all"])
def test_binary_line_data_are_sklearns(name, case):
    y, score = _binary()
    kwargs = {}
    if case == "weights":
        kwargs["sample_weight"] = np.random.default_rng(1).uniform(0, 2, y.shape[0])
    elif case == "strings":
        y = np.where(y == 1, "spam", "ham")
        kwargs["pos_label"] = "ham"
    elif case == "minus_one":
        y = 2 * y - 1
    else:
        kwargs["drop_intermediate"] = name == "PrecisionRecallDisplay"
    ref, ours = _both(name, y, score, **kwargs)
    np.testing.assert_array_equal(ours.line_.get_xydata(), ref.line_.get_xydata())
    assert ours.line_.get_drawstyle() == ref.line_.get_drawstyle()
    assert ours.line_.get_label() == ref.line_.get_label()
    assert ours.ax_.get_xlabel() == ref.ax_.get_xlabel()
    assert ours.ax_.get_ylabel() == ref.ax_.get_ylabel()
    assert ours.ax_.get_xlim() == ref.ax_.get_xlim()
    assert ours.pos_label == ref.pos_label
    assert [t.get_text() for t in ours.ax_.get_legend().get_texts()] == \
        [t.get_text() for t in ref.ax_.get_legend().get_texts()]


@pytest.mark.parametrize("name", ["RocCurveDisplay", "PrecisionRecallDisplay"])
def test_chance_level_and_attributes_are_sklearns(name):
    y, score = _binary()
    ref, ours = _both(name, y, score, plot_chance_level=True, name="model",
                      chance_level_kw={"c": "r"}, despine=True)
    np.testing.assert_array_equal(ours.chance_level_.get_xydata(),
                                  ref.chance_level_.get_xydata())
    assert ours.chance_level_.get_label() == ref.chance_level_.get_label()
    assert ours.chance_level_.get_color() == ref.chance_level_.get_color() == "r"
    assert ours.line_.get_label() == ref.line_.get_label()
    assert ours.ax_.spines["top"].get_visible() is False
    x, y_ = ("fpr", "tpr") if name == "RocCurveDisplay" else ("recall", "precision")
    summary = "roc_auc" if name == "RocCurveDisplay" else "average_precision"
    for attr in (x, y_):
        np.testing.assert_array_equal(getattr(ours, attr), getattr(ref, attr))
    assert getattr(ours, summary) == pytest.approx(getattr(ref, summary), abs=1e-12)


@pytest.mark.parametrize("name", NAMES)
def test_from_estimator_binary_is_sklearns(name):
    X, y = make_classification(n_samples=200, random_state=0)
    model = LogisticRegression().fit(X, y)
    for kwargs in ({}, {"pos_label": 0}, {"response_method": "decision_function"}):
        ref = getattr(skm, name).from_estimator(model, X, y, **kwargs)
        ours = getattr(msk, name).from_estimator(model, X, y, **kwargs)
        np.testing.assert_array_equal(ours.line_.get_xydata(), ref.line_.get_xydata())
        assert ours.line_.get_label() == ref.line_.get_label()
        assert ours.ax_.get_xlabel() == ref.ax_.get_xlabel()


@pytest.mark.parametrize("name", NAMES)
def test_sklearn_constructor_and_plot_calls_work(name):
    y, score = _binary()
    ref = getattr(skm, name).from_predictions(y, score)
    if name == "RocCurveDisplay":
        ours = msk.RocCurveDisplay(fpr=ref.fpr, tpr=ref.tpr, roc_auc=ref.roc_auc, name="m")
    elif name == "PrecisionRecallDisplay":
        ours = msk.PrecisionRecallDisplay(ref.precision, ref.recall,
                                          average_precision=ref.average_precision, name="m")
    else:
        ours = msk.DetCurveDisplay(fpr=ref.fpr, fnr=ref.fnr, estimator_name="m")
        assert ours.estimator_name == "m"
    fig, ax = plt.subplots()
    kwargs = {"color": "g"} if name != "RocCurveDisplay" else {}  # their **kwargs
    assert ours.plot(ax=ax, **kwargs) is ours
    assert ours.ax_ is ax and ours.figure_ is fig
    np.testing.assert_array_equal(ours.line_.get_xydata(), ref.line_.get_xydata())
    assert ours.line_.get_label().startswith("m")


# -- every class one-vs-rest ----------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_one_line_per_class_is_sklearns_one_vs_rest(name):
    y, proba = _multiclass()
    labels = np.array(["setosa", "versicolor", "virginica"])
    ours = getattr(msk, name).from_predictions(labels[y], proba)
    assert len(ours.line_) == 3
    for k, line in enumerate(ours.line_):
        ref = getattr(skm, name).from_predictions(y == k, proba[:, k])
        np.testing.assert_array_equal(line.get_xydata(), ref.line_.get_xydata())
        assert line.get_label().startswith(labels[k])
    assert ours.pos_label is None


def test_legend_gives_each_class_and_its_auc_or_ap():
    y, proba = _multiclass(k=4)
    roc = msk.RocCurveDisplay.from_predictions(y, proba, name="model")
    auc = skm.roc_auc_score(y, proba, multi_class="ovr", average=None)
    assert [line.get_label() for line in roc.line_] == \
        [f"model: {k} (AUC = {auc[k]:0.2f})" for k in range(4)]
    np.testing.assert_allclose(roc.roc_auc, auc, rtol=1e-12)
    pr = msk.PrecisionRecallDisplay.from_predictions(y, proba)
    ap = [skm.average_precision_score(y == k, proba[:, k]) for k in range(4)]
    assert [line.get_label() for line in pr.line_] == \
        [f"{k} (AP = {ap[k]:0.2f})" for k in range(4)]
    np.testing.assert_allclose(pr.average_precision, ap, rtol=1e-12)


def test_labels_name_the_columns_and_pos_label_picks_one_class():
    y, proba = _multiclass()
    words = np.array(["c", "a", "b"])  # the columns' classes, not sorted
    ours = msk.RocCurveDisplay.from_predictions(words[y], proba, labels=words)
    for k, line in enumerate(ours.line_):
        ref = skm.RocCurveDisplay.from_predictions(y == k, proba[:, k])
        np.testing.assert_array_equal(line.get_xydata(), ref.line_.get_xydata())
        assert line.get_label().startswith(words[k])
    one = msk.RocCurveDisplay.from_predictions(words[y], proba, labels=words, pos_label="b")
    ref = skm.RocCurveDisplay.from_predictions(y == 2, proba[:, 2])
    np.testing.assert_array_equal(one.line_.get_xydata(), ref.line_.get_xydata())


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("method", ["auto", "decision_function"])
def test_from_estimator_multiclass(name, method):
    X, y = load_iris(return_X_y=True)
    y = np.array(["setosa", "versicolor", "virginica"])[y]
    model = LogisticRegression(max_iter=1000).fit(X[:, :2], y)
    ours = getattr(msk, name).from_estimator(model, X[:, :2], y, response_method=method)
    scores = (model.predict_proba if method == "auto" else model.decision_function)(X[:, :2])
    for k, line in enumerate(ours.line_):
        ref = getattr(skm, name).from_predictions(y == model.classes_[k], scores[:, k])
        np.testing.assert_array_equal(line.get_xydata(), ref.line_.get_xydata())
        assert line.get_label().startswith(f"LogisticRegression: {model.classes_[k]}")


def test_from_estimator_multiclass_pos_label_draws_that_class():
    X, y = load_iris(return_X_y=True)
    model = LogisticRegression(max_iter=1000).fit(X[:, :2], y)
    ours = msk.PrecisionRecallDisplay.from_estimator(model, X[:, :2], y, pos_label=1)
    ref = skm.PrecisionRecallDisplay.from_predictions(
        y == 1, model.predict_proba(X[:, :2])[:, 1])
    np.testing.assert_array_equal(ours.line_.get_xydata(), ref.line_.get_xydata())
    assert ours.classes == [1]


def test_from_estimator_decision_function_only():
    X, y = load_iris(return_X_y=True)
    model = LinearSVC(random_state=0).fit(X, y)
    ours = msk.RocCurveDisplay.from_estimator(model, X, y)
    scores = model.decision_function(X)
    for k, line in enumerate(ours.line_):
        ref = skm.RocCurveDisplay.from_predictions(y == k, scores[:, k])
        np.testing.assert_array_equal(line.get_xydata(), ref.line_.get_xydata())


# -- the operating point --------------------------------------------------------------------
def _rates_at(y01, score, threshold, weights=None):
    """Hand count of the predictions ``score >= threshold`` (scikit-learn's confusion)."""
    tn, fp, fn, tp = skm.confusion_matrix(y01, score >= threshold, labels=[0, 1],
                                          sample_weight=weights).ravel()
    return {"fpr": fp / (fp + tn), "tpr": tp / (tp + fn), "fnr": fn / (fn + tp),
            "recall": tp / (tp + fn), "precision": tp / (tp + fp) if tp + fp else 1.0}


AXES = {"RocCurveDisplay": ("fpr", "tpr"), "PrecisionRecallDisplay": ("recall", "precision"),
        "DetCurveDisplay": ("fpr", "fnr")}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("weighted", [False, True])
def test_operating_point_is_the_confusion_at_the_threshold(name, weighted):
    y, score = _binary()
    w = np.random.default_rng(2).uniform(0.5, 2, y.shape[0]) if weighted else None
    top_negative = score[y == 0].max()
    # between scores, on a score, above every negative (the part of the DET curve it
    # drops: fpr 0 with positives left), above every score
    for t in (0.05, 0.5, top_negative + 0.05, score.max() + 1):
        ours = getattr(msk, name).from_predictions(y, score, sample_weight=w, threshold=t)
        expected = _rates_at(y, score, t, w)
        x, y_ = AXES[name]
        assert ours.operating_point[0] == pytest.approx((expected[x], expected[y_]),
                                                        abs=1e-12)
        drawn = ours.operating_point_.get_xydata()[0]
        if name == "DetCurveDisplay":
            eps = np.finfo(float).eps
            want = norm.ppf(np.clip([expected[x], expected[y_]], eps, 1 - eps))
        else:
            want = [expected[x], expected[y_]]
        np.testing.assert_allclose(drawn, want, atol=1e-12)


def test_operating_point_of_every_class():
    y, proba = _multiclass()
    ours = msk.RocCurveDisplay.from_predictions(y, proba, threshold=0.5)
    assert len(ours.operating_point_) == 3
    for k, point in enumerate(ours.operating_point):
        expected = _rates_at((y == k).astype(int), proba[:, k], 0.5)
        assert point == pytest.approx((expected["fpr"], expected["tpr"]), abs=1e-12)


# -- the bootstrap band ---------------------------------------------------------------------
def test_roc_band_is_the_percentile_interval_of_resampled_sklearn_curves():
    y, score = _binary(n=200)
    ours = msk.RocCurveDisplay.from_predictions(y, score, confidence_level=0.9,
                                                n_resamples=50, random_state=3)
    grid, low, high = ours.band[0]
    rng = np.random.default_rng(3)  # the same draws, the curves by scikit-learn
    curves = []
    for _ in range(50):
        idx = rng.integers(0, y.shape[0], y.shape[0])
        fpr, tpr, _ = skm.roc_curve(y[idx], score[idx])
        curves.append(np.interp(grid, fpr, tpr))
    np.testing.assert_allclose(low, np.percentile(curves, 5, axis=0), atol=1e-12)
    np.testing.assert_allclose(high, np.percentile(curves, 95, axis=0), atol=1e-12)


@pytest.mark.parametrize("name", NAMES)
def test_band_contains_the_curve(name):
    y, proba = _multiclass(n=600)
    ours = getattr(msk, name).from_predictions(y, proba, confidence_level=0.95,
                                               n_resamples=100, random_state=0)
    x, y_ = AXES[name]
    for k, (grid, low, high) in enumerate(ours.band):
        ref = getattr(skm, name).from_predictions(y == k, proba[:, k])
        xs, ys = np.asarray(getattr(ref, x)), np.asarray(getattr(ref, y_))
        if name == "PrecisionRecallDisplay":  # the steps drawn, read at each recall
            at = [np.flatnonzero(xs >= g).max() for g in grid]
            observed = ys[at]
        elif name == "DetCurveDisplay":  # from the largest fpr (fnr 0) down; fnr 0 beyond
            observed = np.interp(grid, xs[::-1], ys[::-1], right=0.0)
        else:
            observed = np.interp(grid, xs, ys)
        inside = np.isfinite(low) & np.isfinite(high)
        assert inside.sum() >= 0.9 * grid.shape[0]
        assert np.all(low[inside] <= observed[inside] + 1e-12)
        assert np.all(observed[inside] <= high[inside] + 1e-12)
        assert np.mean(high[inside] - low[inside]) > 0.01  # a band, not the curve
    assert len(ours.band_) == 3


def test_band_is_reproducible_and_leaves_inputs_alone():
    y, proba = _multiclass()
    y_copy, proba_copy = y.copy(), proba.copy()
    a = msk.PrecisionRecallDisplay.from_predictions(y, proba, confidence_level=0.8,
                                                    n_resamples=20, random_state=7)
    b = msk.PrecisionRecallDisplay.from_predictions(y, proba, confidence_level=0.8,
                                                    n_resamples=20, random_state=7)
    for (_, lo_a, hi_a), (_, lo_b, hi_b) in zip(a.band, b.band):
        np.testing.assert_array_equal(lo_a, lo_b)
        np.testing.assert_array_equal(hi_a, hi_b)
    np.testing.assert_array_equal(y, y_copy)
    np.testing.assert_array_equal(proba, proba_copy)


def test_band_replicates_missing_a_class_are_dropped_with_a_warning():
    y = np.array([0] * 30 + [1])
    score = np.linspace(0, 1, 31)
    with pytest.warns(RuntimeWarning, match="NaN"):
        msk.RocCurveDisplay.from_predictions(y, score, confidence_level=0.9, n_resamples=20,
                                             random_state=0)


# -- errors ---------------------------------------------------------------------------------
def _same_error(name, call):
    """The same exception (type and message) from both displays, or none from either."""
    outcomes = []
    for module in (skm, msk):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                call(getattr(module, name))
            outcomes.append(None)
        except Exception as exc:  # noqa: BLE001 - compared below
            outcomes.append((type(exc), str(exc)))
    assert outcomes[0] == outcomes[1]
    return outcomes[0]


@pytest.mark.parametrize("name", NAMES)
def test_errors_are_sklearns(name):
    y, score = _binary()
    y3 = np.arange(y.shape[0]) % 3
    _same_error(name, lambda d: d.from_predictions(y3, score))  # not binary
    _same_error(name, lambda d: d.from_predictions(y, score[:-1]))  # lengths
    raised = _same_error(name, lambda d: d.from_predictions(y, score, pos_label=2))
    assert (raised is None) == (name != "PrecisionRecallDisplay")  # as scikit-learn
    _same_error(name, lambda d: d.from_predictions(np.array(["a", "b"])[y], score))
    X, yy = make_classification(n_samples=50, random_state=0)
    _same_error(name, lambda d: d.from_estimator(LogisticRegression(), X, yy))  # not fitted
    model = LogisticRegression().fit(X, yy)
    _same_error(name, lambda d: d.from_estimator(model, X, yy, response_method="predict"))
    _same_error(name, lambda d: d.from_estimator(model, X, yy, pos_label=3))


def test_errors_of_the_extras():
    y, proba = _multiclass()
    with pytest.raises(ValueError, match="y_score has 3 columns but there are 4 labels"):
        msk.RocCurveDisplay.from_predictions(y, proba, labels=[0, 1, 2, 5])
    with pytest.raises(ValueError, match="y_score has 3 columns but there are 2 classes"):
        msk.RocCurveDisplay.from_predictions(y % 2, proba)
    with pytest.raises(ValueError, match="not in parameter 'labels'"):
        msk.RocCurveDisplay.from_predictions(y, proba, labels=[0, 1, 5])
    with pytest.raises(ValueError, match="pos_label=7 is not a class"):
        msk.RocCurveDisplay.from_predictions(y, proba, pos_label=7)
    with pytest.raises(InvalidParameterError, match="confidence_level"):
        msk.RocCurveDisplay.from_predictions(y, proba, confidence_level=95)
    with pytest.raises(InvalidParameterError, match="threshold"):
        msk.DetCurveDisplay.from_predictions(y, proba, threshold="0.5")
    with pytest.raises(ValueError, match="curve_kwargs"):
        msk.RocCurveDisplay.from_predictions(y, proba, curve_kwargs=[{}, {}])
