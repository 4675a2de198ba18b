"""Groups of a multilabel target (metrics_sk/_multilabel.py: MultilabelGroups, a batch of
the groups' confusions; metric_frame in metrics_sk/_inference/groups.py): each group's
value is scikit-learn's metric on the group's rows, as fairlearn's MetricFrame gives."""

import functools
import warnings

import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp
import sklearn.metrics as skm
from fairlearn.metrics import MetricFrame as FairlearnFrame

import metrics_sk as msk
from metrics_sk import _multilabel


def _data(n=300, n_labels=4, seed=0):
    rng = np.random.default_rng(seed)
    y_true = (rng.random((n, n_labels)) < 0.3).astype(int)
    y_pred = np.where(rng.random((n, n_labels)) < 0.2, 1 - y_true, y_true)
    groups = pd.DataFrame({"sex": rng.choice(["f", "m"], n),
                           "age": rng.choice([20, 40, 60], n)})
    return y_true, y_pred, groups, rng.integers(1, 4, n).astype(float)


OURS = {"f1 samples": functools.partial(msk.f1_score, average="samples"),
        "f1 macro": functools.partial(msk.f1_score, average="macro"),
        "precision micro": functools.partial(msk.precision_score, average="micro"),
        "jaccard samples": functools.partial(msk.jaccard_score, average="samples"),
        "hamming": "hamming_loss", "subset accuracy": "accuracy_score"}
THEIRS = {"f1 samples": functools.partial(skm.f1_score, average="samples"),
          "f1 macro": functools.partial(skm.f1_score, average="macro"),
          "precision micro": functools.partial(skm.precision_score, average="micro"),
          "jaccard samples": functools.partial(skm.jaccard_score, average="samples"),
          "hamming": skm.hamming_loss, "subset accuracy": skm.accuracy_score}


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("form", ["dense", "sparse"])
@pytest.mark.parametrize("crossed", [False, True])
def test_metric_frame_equals_fairlearn(weighted, form, crossed):
    """metric_frame of multilabel indicators equals fairlearn's MetricFrame with
    scikit-learn's multilabel metrics: by group (one or two crossed group columns) and
    overall, weighted or not, dense or scipy sparse."""
    y_true, y_pred, groups, w = _data()
    groups = groups if crossed else groups["sex"]
    convert = sp.csr_array if form == "sparse" else np.asarray
    w = w if weighted else None
    mf = msk.metric_frame(convert(y_true), convert(y_pred), metrics=OURS, groups=groups,
                          sample_weight=w)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        params = None if w is None else {k: {"sample_weight": w} for k in THEIRS}
        ref = FairlearnFrame(metrics=THEIRS, y_true=y_true, y_pred=y_pred,
                             sensitive_features=groups, sample_params=params)
    pd.testing.assert_frame_equal(mf.by_group, ref.by_group.astype(float), rtol=1e-12,
                                  check_names=False)
    pd.testing.assert_series_equal(mf.overall, ref.overall.astype(float), rtol=1e-12)
    assert mf.difference().to_dict() == pytest.approx(ref.difference().to_dict())


def test_from_predictions_groups_per_label_and_chunks(monkeypatch):
    """MultilabelConfusion.from_predictions(..., groups=): per-label values (a DataFrame)
    and averages equal scikit-learn's on each group's rows, also evaluated in chunks of
    groups."""
    y_true, y_pred, groups, w = _data(n=400, seed=1)
    key = groups["age"].to_numpy()
    grouped = msk.MultilabelConfusion.from_predictions(y_true, y_pred, groups=key,
                                                       sample_weight=w)
    assert grouped.n_groups == 3
    for chunk in (None, 5):
        if chunk:  # a chunk of at most 5 numbers: one group at a time
            monkeypatch.setattr(_multilabel, "_GROUP_CHUNK", chunk)
        per_label = grouped.f1_score(average=None)
        samples = grouped.jaccard_score(average="samples")
        for g in (20, 40, 60):
            rows = key == g
            np.testing.assert_allclose(
                per_label.loc[g], skm.f1_score(y_true[rows], y_pred[rows], average=None,
                                               sample_weight=w[rows]), rtol=1e-12)
            assert samples.loc[g] == pytest.approx(skm.jaccard_score(
                y_true[rows], y_pred[rows], average="samples", sample_weight=w[rows]),
                rel=1e-12)


def test_groups_errors():
    """A group whose weights are all zero (scikit-learn's error for its rows), analytic
    intervals (multilabel groups have the bootstrap's) and a metric a multilabel target
    has not: a ValueError naming the argument."""
    y_true, y_pred, groups, w = _data(n=60, seed=2)
    key = groups["sex"].to_numpy()
    w = np.where(key == "f", 0.0, w)
    with pytest.raises(ValueError) as expected:
        skm.f1_score(y_true[key == "f"], y_pred[key == "f"], average="samples",
                     sample_weight=w[key == "f"])
    for call in (lambda: msk.metric_frame(y_true, y_pred, metrics="hamming_loss",
                                          groups=key, sample_weight=w),
                 lambda: msk.MultilabelConfusion.from_predictions(
                     y_true, y_pred, groups=key, sample_weight=w)):
        with pytest.raises(ValueError, match=str(expected.value)):
            call()
    with pytest.raises(ValueError, match="method: the intervals of the groups"):
        msk.metric_frame(y_true, y_pred, metrics="hamming_loss", groups=key,
                         confidence_level=0.95)
    with pytest.raises(ValueError, match="metrics: 'matthews_corrcoef'"):
        msk.metric_frame(y_true, y_pred, metrics="matthews_corrcoef", groups=key)


@pytest.mark.parametrize("weighted", [False, True])
def test_group_intervals_are_each_groups_bootstrap(weighted):
    """metric_frame(..., confidence_level, method="bootstrap") of a multilabel target:
    each group's interval is the bootstrap of its rows alone (tests/test_multilabel_
    bootstrap.py checks that against scikit-learn on the same resamples), the groups
    drawn one after the other from one generator; every metric on the same replicates."""
    y_true, y_pred, groups, w = _data(n=240, seed=3)
    w = w if weighted else None
    metrics = {"f1 samples": OURS["f1 samples"], "hamming": "hamming_loss"}
    mf = msk.metric_frame(y_true, y_pred, metrics=metrics, groups=groups,
                          confidence_level=0.9, method="bootstrap", n_resamples=80,
                          random_state=5, sample_weight=w)
    rng = np.random.default_rng(5)
    keys = list(zip(groups["sex"], groups["age"]))
    for key in mf.by_group.index:
        rows = np.array([k == key for k in keys])
        c = msk.MultilabelConfusion.from_predictions(
            y_true[rows], y_pred[rows], sample_weight=None if w is None else w[rows])
        expected = msk.confidence_intervals(
            c, lambda c: {"f1 samples": c.f1_score(average="samples"),
                          "hamming": c.hamming_loss()},
            y_true=y_true[rows], y_pred=y_pred[rows],
            sample_weight=None if w is None else w[rows], n_resamples=80,
            confidence_level=0.9, random_state=rng)
        for column in metrics:
            got = (mf.confidence_interval.low.loc[key, column],
                   mf.confidence_interval.high.loc[key, column])
            assert got == pytest.approx(tuple(expected[column]), rel=1e-12)
        assert (mf.interval_method.loc[key] == "bootstrap").all()
    # the first group's f1 against bootstrap of its rows, the test of that file's reference
    first = mf.by_group.index[0]
    rows = np.array([k == first for k in keys])
    res = msk.bootstrap("f1_score", y_true[rows], y_pred[rows], average="samples",
                        n_resamples=80, confidence_level=0.9, random_state=5,
                        sample_weight=None if w is None else w[rows])
    assert (mf.confidence_interval.low.loc[first, "f1 samples"],
            mf.confidence_interval.high.loc[first, "f1 samples"]) == pytest.approx(
        tuple(res.confidence_interval), rel=1e-12)
