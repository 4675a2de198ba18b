"""oneDAL's quality metrics against a transliteration of oneDAL's own kernels.

The reference below is written from oneDAL's kernels as docs/design.rst describes them, one
sample at a time as oneDAL's kernels count (``idx = label > 0 ? 0 : 1`` for binary,
``C[truth][pred]`` for multi-class), with IEEE 0/0 = NaN as in oneDAL; it shares no code
with metrics_sk. metrics_sk is compared with ``zero_division=np.nan`` (oneDAL's NaN) and
``labels=range(l)`` (oneDAL's ``nClasses``).
"""

import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.exceptions import UndefinedMetricWarning

import metrics_sk as msk

MULTICLASS_FIELDS = ("average_accuracy", "error_rate", "micro_precision", "micro_recall",
                     "micro_fscore", "macro_precision", "macro_recall", "macro_fscore")
BINARY_FIELDS = ("accuracy", "precision", "recall", "fscore", "specificity", "auc")
MULTICLASS_FUNCTIONS = {  # oneDAL's order; each field's function and whether it takes beta
    "average_accuracy": ("average_accuracy_score", False),
    "error_rate": ("error_rate", False),
    "micro_precision": ("micro_precision_score", False),
    "micro_recall": ("micro_recall_score", False),
    "micro_fscore": ("micro_fbeta_score", True),
    "macro_precision": ("macro_precision_score", False),
    "macro_recall": ("macro_recall_score", False),
    "macro_fscore": ("macro_fbeta_score", True),
}


# -- the transliteration ----------------------------------------------------------------
def onedal_binary(truth, pred, beta=1.0, weights=None):
    """binary_confusion_matrix kernel: ``[[tp, fn], [fp, tn]]`` and the six metrics."""
    cm = np.zeros(4)
    for i, (t, p) in enumerate(zip(truth, pred)):
        cm[(0 if t > 0 else 1) * 2 + (0 if p > 0 else 1)] += 1 if weights is None else weights[i]
    tp, fn, fp, tn = (np.float64(v) for v in cm)
    b2 = beta * beta
    with np.errstate(divide="ignore", invalid="ignore"):
        values = [(tp + tn) / (tp + fn + fp + tn), tp / (tp + fp), tp / (tp + fn),
                  (b2 + 1) * tp / ((b2 + 1) * tp + b2 * fn + fp), tn / (fp + tn),
                  (tp / (tp + fn) + tn / (tn + fp)) / 2]
    return cm.reshape(2, 2), np.array(values)


def onedal_multiclass(truth, pred, n_classes, beta=1.0, weights=None):
    """multiclass_confusion_matrix kernel: ``C[truth][pred]`` and the eight metrics."""
    c = np.zeros((n_classes, n_classes))
    for i, (t, p) in enumerate(zip(truth, pred)):
        c[int(t)][int(p)] += 1 if weights is None else weights[i]
    n = c.sum()
    tp = np.array([c[i][i] for i in range(n_classes)])
    fp = np.array([sum(c[j][i] for j in range(n_classes)) for i in range(n_classes)]) - tp
    fn = np.array([sum(c[i][j] for j in range(n_classes)) for i in range(n_classes)]) - tp
    tn = n - tp - fp - fn
    b2 = beta * beta
    with np.errstate(divide="ignore", invalid="ignore"):
        p_mu, r_mu = tp.sum() / (tp + fp).sum(), tp.sum() / (tp + fn).sum()
        p_m, r_m = (tp / (tp + fp)).sum() / n_classes, (tp / (tp + fn)).sum() / n_classes
        values = [((tp + tn) / (tp + fn + fp + tn)).sum() / n_classes,
                  ((fp + fn) / (tp + fn + fp + tn)).sum() / n_classes,
                  p_mu, r_mu, (b2 + 1) * p_mu * r_mu / (b2 * p_mu + r_mu),
                  p_m, r_m, (b2 + 1) * p_m * r_m / (b2 * p_m + r_m)]
    return c, np.array(values)


def _multiclass_data(seed, n_classes, n=40, absent=None):
    rng = np.random.RandomState(seed)
    truth = rng.randint(n_classes, size=n)
    pred = np.where(rng.rand(n) < 0.5, truth, rng.randint(n_classes, size=n))
    if absent is not None:  # a class in neither truth nor predictions
        truth[truth == absent] = (absent + 1) % n_classes
        pred[pred == absent] = (absent + 1) % n_classes
    return truth, pred, rng.uniform(0.2, 2.0, size=n)


# -- multi-class ----------------------------------------------------------------------------
@pytest.mark.parametrize("beta", [0.5, 1.0, 2.0])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed, n_classes, absent", [(0, 2, None), (1, 3, None),
                                                     (2, 5, None), (3, 4, 2)])
def test_multiclass_against_kernel(seed, n_classes, absent, weighted, beta):
    truth, pred, w = _multiclass_data(seed, n_classes, absent=absent)
    w = w if weighted else None
    cm, expected = onedal_multiclass(truth, pred, n_classes, beta, w)
    kwargs = {"labels": range(n_classes), "sample_weight": w, "zero_division": np.nan}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # zero_division=np.nan: no warning
        result = msk.multiclass_quality_metrics(truth, pred, beta=beta, **kwargs)
        for field, value in zip(MULTICLASS_FIELDS, expected):
            name, takes_beta = MULTICLASS_FUNCTIONS[field]
            extra = {"beta": beta} if takes_beta else {}
            assert_allclose(getattr(msk, name)(truth, pred, **kwargs, **extra), value,
                            rtol=1e-12, equal_nan=True, err_msg=name)
    assert_allclose(result.as_array(), expected[None, :], rtol=1e-12, equal_nan=True)
    assert_allclose(result.confusion_matrix, cm, rtol=1e-12)
    assert np.isnan(expected).any() == (absent is not None)


def test_quality_metrics_results():
    truth, pred, _ = _multiclass_data(5, 3)
    m = msk.multiclass_quality_metrics(truth, pred, beta=2)
    assert list(m.as_dict()) == list(MULTICLASS_FIELDS)
    assert m.as_array().shape == (1, 8)
    assert_array_equal(m.as_array()[0], [getattr(m, f) for f in MULTICLASS_FIELDS])
    assert_array_equal(m.confusion_matrix, skm.confusion_matrix(truth, pred))
    assert m.macro_fscore == msk.macro_fbeta_score(truth, pred, beta=2)
    assert "macro_fscore=" in repr(m)
    b = msk.binary_quality_metrics(truth % 2, pred % 2, beta=0.5)
    assert list(b.as_dict()) == list(BINARY_FIELDS)
    assert b.as_array().shape == (1, 6)
    assert isinstance(b, msk.BinaryQualityMetrics) and isinstance(m, msk.MulticlassQualityMetrics)


def test_skewed_example():
    """oneDAL's macro F (harmonic mean of macro P and macro R) is 0.6 where scikit-learn's
    macro F1 (mean of per-class F1) is 1/3."""
    y_true, y_pred = [0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1]
    assert msk.macro_fbeta_score(y_true, y_pred) == 0.6
    assert msk.macro_precision_score(y_true, y_pred) == 0.6
    assert msk.macro_recall_score(y_true, y_pred) == 0.6
    assert_allclose(msk.f1_score(y_true, y_pred, average="macro"), 1 / 3, rtol=1e-15)
    assert_allclose(skm.f1_score(y_true, y_pred, average="macro"), 1 / 3, rtol=1e-15)
    assert_allclose(onedal_multiclass(y_true, y_pred, 2)[1][-1], 0.6, rtol=1e-15)


@pytest.mark.parametrize("seed, n_classes", [(0, 2), (1, 3), (2, 4), (3, 7)])
def test_accuracy_identities(seed, n_classes):
    """averageAccuracy = 1 - 2(1 - acc)/l, errorRate = 2(1 - acc)/l, and micro P = micro
    R = micro F = accuracy for every beta."""
    truth, pred, w = _multiclass_data(seed, n_classes, n=60)
    for weights in (None, w):
        acc = skm.accuracy_score(truth, pred, sample_weight=weights)
        kwargs = {"sample_weight": weights}
        average_accuracy = msk.average_accuracy_score(truth, pred, **kwargs)
        assert_allclose(average_accuracy, 1 - 2 * (1 - acc) / n_classes, rtol=1e-12)
        assert_allclose(msk.error_rate(truth, pred, **kwargs), 2 * (1 - acc) / n_classes,
                        rtol=1e-12)
        assert_allclose(msk.error_rate(truth, pred, **kwargs) + average_accuracy, 1.0,
                        rtol=1e-12)
        assert_allclose(msk.micro_precision_score(truth, pred, **kwargs), acc, rtol=1e-12)
        assert_allclose(msk.micro_recall_score(truth, pred, **kwargs), acc, rtol=1e-12)
        for beta in (0.1, 0.5, 1.0, 2.0, 10.0):
            assert_allclose(msk.micro_fbeta_score(truth, pred, beta=beta, **kwargs), acc,
                            rtol=1e-12)
    assert average_accuracy != acc or acc == 1  # not accuracy_score


def test_macro_equals_sklearn_when_every_class_is_predicted():
    truth, pred, w = _multiclass_data(7, 4, n=80)
    for average_name, ours in (("precision", msk.macro_precision_score),
                               ("recall", msk.macro_recall_score)):
        theirs = getattr(skm, f"{average_name}_score")(truth, pred, average="macro",
                                                       sample_weight=w)
        assert_allclose(ours(truth, pred, sample_weight=w), theirs, rtol=1e-12)
    assert_allclose(msk.macro_recall_score(truth, pred),
                    skm.balanced_accuracy_score(truth, pred), rtol=1e-12)
    f_ours = msk.macro_fbeta_score(truth, pred)
    assert f_ours != skm.f1_score(truth, pred, average="macro")  # different definitions


# -- zero division ----------------------------------------------------------------------------
# Per name: data where one of three classes is 0/0 (never predicted for precision, never
# true for recall) and the values of the two defined classes (None: not a plain mean).
UNDEFINED = {
    "macro_precision_score": ([0, 1, 2, 2], [0, 1, 1, 1], [1.0, 1 / 3]),
    "macro_recall_score": ([0, 1, 1, 1], [0, 1, 2, 2], [1.0, 1 / 3]),
    "macro_fbeta_score": ([0, 1, 2, 2], [0, 1, 1, 1], None),
}


@pytest.mark.parametrize("name", UNDEFINED)
def test_zero_division(name):
    y_true, y_pred, defined = UNDEFINED[name]
    function = getattr(msk, name)
    with pytest.warns(UndefinedMetricWarning, match="ill-defined") as record:
        warned = function(y_true, y_pred)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        zero = function(y_true, y_pred, zero_division=0)
        one = function(y_true, y_pred, zero_division=1)
        nan = function(y_true, y_pred, zero_division=np.nan)
    assert warned == zero and one > zero and np.isnan(nan)
    if defined is not None:
        assert_allclose(zero, np.mean(defined + [0.0]), rtol=1e-12)
        assert_allclose(one, np.mean(defined + [1.0]), rtol=1e-12)
        what = "precision" if "precision" in name else "recall"
        assert {str(w.message).split(" is")[0] for w in record} == {f"Macro {what}"}


@pytest.mark.parametrize("name, y_true, y_pred", [
    ("macro_precision_score", [0, 1, 1, 1], [0, 1, 2, 2]),  # recall 0/0, precision fine
    ("macro_recall_score", [0, 1, 2, 2], [0, 1, 1, 1]),
    ("micro_precision_score", [0, 1], [0, 1]),
])
def test_no_warning_for_the_other_ratio(name, y_true, y_pred):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert 0 < getattr(msk, name)(y_true, y_pred) <= 1


def test_onedal_nan_matches_kernel():
    """A class never predicted: oneDAL's macro precision and macro F are NaN, average
    accuracy is not."""
    truth, pred = [0, 1, 2, 2, 1], [0, 1, 1, 1, 0]
    _, expected = onedal_multiclass(truth, pred, 3)
    assert np.isnan(expected[5]) and np.isnan(expected[7]) and not np.isnan(expected[0])
    got = msk.multiclass_quality_metrics(truth, pred, zero_division=np.nan).as_array()[0]
    assert_allclose(got, expected, rtol=1e-12, equal_nan=True)


def test_all_zero_weights_follow_zero_division():
    """metrics_sk's own functions take all-zero weights: every ratio is 0/0."""
    y, w = [0, 1, 2], [0.0, 0.0, 0.0]
    with pytest.warns(UndefinedMetricWarning):
        assert msk.average_accuracy_score(y, y, sample_weight=w) == 0.0
    assert np.isnan(msk.error_rate(y, y, sample_weight=w, zero_division=np.nan))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert msk.micro_precision_score(y, y, sample_weight=w, zero_division=1) == 1.0
        assert msk.macro_recall_score(y, y, sample_weight=w, zero_division=0) == 0.0


# -- binary -------------------------------------------------------------------------------------
@pytest.mark.parametrize("encoding", [(-1, 1), (0, 1)])
@pytest.mark.parametrize("beta", [0.5, 1.0, 3.0])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_binary_against_kernel(seed, beta, encoding):
    """Both encodings of the SVM example ({-1, +1}) and of {0, 1}: +1 / 1 is positive."""
    truth, pred, w = _multiclass_data(seed, 2, n=30)
    negative, positive = encoding
    truth, pred = np.where(truth == 1, positive, negative), np.where(pred == 1, positive, negative)
    for weights in (None, w):
        cm, expected = onedal_binary(truth, pred, beta, weights)
        result = msk.binary_quality_metrics(truth, pred, beta=beta, sample_weight=weights)
        assert_allclose(result.as_array()[0], expected, rtol=1e-12)
        assert_allclose(result.confusion_matrix, cm, rtol=1e-12)
        assert_allclose(msk.binary_confusion_matrix(truth, pred, sample_weight=weights), cm,
                        rtol=1e-12)
        assert_allclose(msk.specificity_score(truth, pred, sample_weight=weights),
                        expected[4], rtol=1e-12)
        assert_allclose(msk.balanced_auc_score(truth, pred, sample_weight=weights),
                        expected[5], rtol=1e-12)
    assert_array_equal(msk.binary_confusion_matrix(truth, pred),
                       skm.confusion_matrix(truth, pred, labels=[positive, negative]))


def test_binary_zero_division_is_nan_like_onedal():
    """A classifier that never predicts C1: precision NaN in oneDAL while fscore is 0."""
    truth, pred = [1, 1, -1, -1], [-1, -1, -1, -1]
    _, expected = onedal_binary(truth, pred)
    assert np.isnan(expected[1]) and expected[3] == 0
    result = msk.binary_quality_metrics(truth, pred, zero_division=np.nan)
    assert_allclose(result.as_array()[0], expected, rtol=1e-12, equal_nan=True)
    with pytest.warns(UndefinedMetricWarning, match="Precision is ill-defined"):
        assert msk.binary_quality_metrics(truth, pred).precision == 0.0


@pytest.mark.parametrize("kind", ["int", "str"])
def test_specificity_and_balanced_auc_against_sklearn(kind):
    truth, pred, w = _multiclass_data(11, 2, n=50)
    if kind == "str":
        truth, pred = np.array(["no", "yes"])[truth], np.array(["no", "yes"])[pred]
    positive, negative = (1, 0) if kind == "int" else ("yes", "no")
    for weights in (None, w):
        assert_allclose(
            msk.specificity_score(truth, pred, pos_label=positive, sample_weight=weights),
            skm.recall_score(truth, pred, pos_label=negative, sample_weight=weights),
            rtol=1e-12)
        assert_allclose(
            msk.balanced_auc_score(truth, pred, pos_label=positive, sample_weight=weights),
            skm.balanced_accuracy_score(truth, pred, sample_weight=weights), rtol=1e-12)


def _one_vs_rest_reference(truth, pred, weights, labels):
    """Per-class specificity and balanced AUC from scikit-learn's one-vs-rest matrices."""
    mcm = skm.multilabel_confusion_matrix(truth, pred, sample_weight=weights, labels=labels)
    tn, fp, fn, tp = (mcm[:, i, j].astype(float) for i, j in ((0, 0), (0, 1), (1, 0), (1, 1)))
    specificity = tn / (tn + fp)
    return tn, fp, tp + fn, specificity, (tp / (tp + fn) + specificity) / 2


@pytest.mark.parametrize("labels", [None, [2, 0], [0, 1, 2, 3]])
@pytest.mark.parametrize("average", [None, "micro", "macro", "weighted"])
def test_specificity_and_balanced_auc_averages(average, labels):
    truth, pred, w = _multiclass_data(4, 4, n=60)
    for weights in (None, w):
        tn, fp, support, spec, auc = _one_vs_rest_reference(truth, pred, weights, labels)
        expected = {None: (spec, auc),
                    "macro": (spec.mean(), auc.mean()),
                    "weighted": (np.average(spec, weights=support),
                                 np.average(auc, weights=support))}
        kwargs = {"average": average, "labels": labels, "sample_weight": weights}
        if average == "micro":
            assert_allclose(msk.specificity_score(truth, pred, **kwargs),
                            tn.sum() / (tn + fp).sum(), rtol=1e-12)
            continue
        assert_allclose(msk.specificity_score(truth, pred, **kwargs), expected[average][0],
                        rtol=1e-12)
        assert_allclose(msk.balanced_auc_score(truth, pred, **kwargs), expected[average][1],
                        rtol=1e-12)


def test_binary_errors_name_the_argument():
    with pytest.raises(ValueError, match="pos_label=5 is not a valid label"):
        msk.binary_confusion_matrix([0, 1, 1], [0, 1, 0], pos_label=5)
    with pytest.raises(ValueError, match="pos_label"):
        msk.specificity_score(["a", "b"], ["a", "a"], pos_label="c")
    with pytest.raises(ValueError, match="binary"):
        msk.binary_quality_metrics([0, 1, 2], [0, 1, 1])
    with pytest.raises(ValueError, match="average='binary'"):
        msk.specificity_score([0, 1, 2], [0, 1, 1])
    with pytest.raises(ValueError, match="beta"):
        msk.macro_fbeta_score([0, 1, 2], [0, 1, 1], beta=-1.0)
    with pytest.raises(ValueError, match="zero_division"):
        msk.error_rate([0, 1, 2], [0, 1, 1], zero_division="nan")
