"""class_likelihood_ratios: the drop-in, its Confusion method and every batch axis
(groups, thresholds, bootstrap replicates) against scikit-learn's function."""

import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from numpy.testing import assert_allclose
from sklearn.exceptions import UndefinedMetricWarning

import metrics_sk as msk
from metrics_sk._batch import ConfusionBatch


def _outcome(function, *args, **kwargs):
    """(value or (error type, message), the UndefinedMetricWarning messages)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = function(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - type and message compared
            value = (type(error).__name__, str(error))
    messages = sorted(str(w.message) for w in caught
                      if issubclass(w.category, UndefinedMetricWarning))
    return value, messages


def _assert_same(ours, theirs):
    (a, wa), (b, wb) = ours, theirs
    assert wa == wb
    if isinstance(b[0], float):
        assert_allclose(a, b, rtol=1e-12, equal_nan=True)
    else:
        assert a == b


@pytest.mark.parametrize("replace", [np.nan, 1.0, {"LR+": np.inf, "LR-": 0.0},
                                     {"LR+": 2.0, "LR-": np.nan}])
@pytest.mark.parametrize("seed", range(40))
def test_equals_sklearn_with_its_warnings(seed, replace):
    """Small samples, so every undefined case occurs (fp = 0, tn = 0, no positives)."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 9))
    y, p = rng.integers(0, 2, n), rng.integers(0, 2, n)
    w = rng.uniform(0, 2, n) if seed % 2 else None
    for args in ((y, p), (np.where(y == 1, "yes", "no"), np.where(p == 1, "yes", "no"))):
        kwargs = {"sample_weight": w, "replace_undefined_by": replace}
        _assert_same(_outcome(msk.class_likelihood_ratios, *args, **kwargs),
                     _outcome(skm.class_likelihood_ratios, *args, **kwargs))


def test_hand_computed():
    # tn=9, fp=8, fn=1, tp=2: LR+ = (2/3) / (8/17) = 34/24, LR- = (1/3) / (9/17) = 17/27
    y_true = np.array([1] * 3 + [0] * 17)
    y_pred = np.array([1] * 2 + [0] * 10 + [1] * 8)
    assert_allclose(msk.class_likelihood_ratios(y_true, y_pred), (34 / 24, 17 / 27),
                    rtol=1e-15)
    # labels=[negative, positive] chooses the positive class: 0 here
    # (tn=2, fp=1, fn=8, tp=9): LR+ = (9/17) / (1/3) = 27/17, LR- = (8/17) / (2/3) = 12/17
    assert_allclose(msk.class_likelihood_ratios(y_true, y_pred, labels=[1, 0]),
                    (27 / 17, 12 / 17), rtol=1e-15)


@pytest.mark.parametrize("labels", [[0, 1, 2], [1], [0], [5, 6], []])
def test_errors_are_sklearns(labels):
    y, p = [0, 1, 0, 1, 1], [1, 1, 0, 0, 1]
    _assert_same(_outcome(msk.class_likelihood_ratios, y, p, labels=labels),
                 _outcome(skm.class_likelihood_ratios, y, p, labels=labels))
    for args in (([0, 1, 2, 1], [0, 1, 1, 1]), ([0, 0, 0], [0, 0, 0]),
                 (np.eye(2, dtype=int), np.eye(2, dtype=int))):
        _assert_same(_outcome(msk.class_likelihood_ratios, *args),
                     _outcome(skm.class_likelihood_ratios, *args))
    for bad in ({"LR+": 0.5, "LR-": 0.0}, {"LR+": 2.0}, 0.5, "nan"):
        _assert_same(_outcome(msk.class_likelihood_ratios, y, p, replace_undefined_by=bad),
                     _outcome(skm.class_likelihood_ratios, y, p, replace_undefined_by=bad))


def test_weights_too_large_for_their_products():
    """Rates first: tp (tn + fp) overflows for weights of 1e300, their ratios do not."""
    y_true = np.array([1] * 3 + [0] * 17)
    y_pred = np.array([1] * 2 + [0] * 10 + [1] * 8)
    huge = np.full(20, 1e300)
    assert_allclose(msk.class_likelihood_ratios(y_true, y_pred, sample_weight=huge),
                    (34 / 24, 17 / 27), rtol=1e-12)


def test_confusion_method_groups_thresholds_and_batches():
    rng = np.random.default_rng(0)
    y, p, g = rng.integers(0, 2, 300), rng.integers(0, 2, 300), rng.integers(0, 4, 300)
    score = y + rng.normal(size=300)
    c = msk.Confusion.from_predictions(y, p)
    assert_allclose(c.class_likelihood_ratios(), skm.class_likelihood_ratios(y, p), rtol=1e-12)
    # groups: one pair of Series
    lr_pos, lr_neg = msk.Confusion.from_predictions(y, p, groups=g).class_likelihood_ratios()
    for k in range(4):
        assert_allclose((lr_pos.loc[k], lr_neg.loc[k]),
                        skm.class_likelihood_ratios(y[g == k], p[g == k]), rtol=1e-12)
    # thresholds: predictions score >= threshold
    batch = msk.Confusion.at_thresholds(y, score)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        lr_pos, lr_neg = batch.class_likelihood_ratios()
        for i in (3, len(batch.thresholds) // 2, len(batch.thresholds) - 5):
            expected = skm.class_likelihood_ratios(y, (score >= batch.thresholds[i]).astype(int))
            assert_allclose((lr_pos[i], lr_neg[i]), expected, rtol=1e-12)
    # a batch of confusions (the bootstrap's): itself and its double
    rows, cols, values = c.nonzero_cells(whole=True)
    twice = ConfusionBatch(c, rows, cols, np.array([values, 2 * values]))
    lr_pos, lr_neg = msk.Confusion.class_likelihood_ratios(twice)
    assert_allclose(lr_pos, [skm.class_likelihood_ratios(y, p)[0]] * 2, rtol=1e-12)
    assert_allclose(lr_neg, [skm.class_likelihood_ratios(y, p)[1]] * 2, rtol=1e-12)


def test_sklearn_scorers_serve_it():
    """scikit-learn's scorer names stay scikit-learn's (metrics_sk registers none)."""
    assert {"positive_likelihood_ratio", "neg_negative_likelihood_ratio"} <= set(
        skm.get_scorer_names())
    assert not {"positive_likelihood_ratio", "neg_negative_likelihood_ratio"} & set(
        msk.get_scorer_names())
