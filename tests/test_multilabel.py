"""Multilabel-indicator targets counted natively (metrics_sk/_multilabel.py).

The references are scikit-learn's own functions, computed before they are patched to
raise, or side by side on the same inputs: dense 0/1, boolean and scipy sparse
indicators, with and without sample weights, every average.
"""

import warnings

import numpy as np
import pytest
import scipy.sparse as sp
import sklearn.metrics as skm
import sklearn.metrics._classification as skc

import metrics_sk as msk

SET_WISE = ("precision_score", "recall_score", "f1_score", "fbeta_score", "jaccard_score")
AVERAGES = (None, "micro", "macro", "weighted", "samples")
FORMS = {
    "dense": lambda y: y,
    "bool": lambda y: y.astype(bool),
    "csr_matrix": sp.csr_matrix,
    "csr_array": sp.csr_array,
    "csc_matrix": sp.csc_matrix,
}


def _indicators(seed, n=40, n_labels=5):
    rng = np.random.default_rng(seed)
    y_true = (rng.random((n, n_labels)) < rng.uniform(0.1, 0.7, n_labels)).astype(int)
    flip = rng.random((n, n_labels)) < 0.3
    y_pred = np.where(flip, 1 - y_true, y_true)
    y_pred[:3] = 0  # samples without predicted labels: 'samples' precision is 0/0
    y_true[3:5] = 0  # and without true labels
    y_true[:, -1] = 0  # a label never true
    return y_true, y_pred, rng.uniform(0.2, 2.0, n)


def _run(function, *args, **kwargs):
    """``(value or (error type, message), warning messages)``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = function(*args, **kwargs)
        except (ValueError, TypeError) as exc:
            value = (type(exc), str(exc))
    return value, [(w.category, str(w.message)) for w in caught]


def _extra(name):
    return {"beta": 0.5} if name == "fbeta_score" else {}


def test_native_with_sklearn_multilabel_functions_patched_to_raise(monkeypatch):
    """The multilabel paths are native: with scikit-learn's multilabel functions patched
    to raise, metrics_sk still gives scikit-learn's values (computed before patching)."""
    y_true, y_pred, w = _indicators(0)
    calls = [(name, average, weighted) for name in SET_WISE for average in AVERAGES
             for weighted in (False, True)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = {(name, average, weighted): getattr(skm, name)(
            y_true, y_pred, average=average, sample_weight=w if weighted else None,
            zero_division=0, **_extra(name)) for name, average, weighted in calls}
        expected_prfs = skm.precision_recall_fscore_support(y_true, y_pred, sample_weight=w)
        expected_mcm = skm.multilabel_confusion_matrix(y_true, y_pred, sample_weight=w)
        expected_other = [skm.accuracy_score(y_true, y_pred), skm.hamming_loss(y_true, y_pred),
                          skm.zero_one_loss(y_true, y_pred, sample_weight=w)]
        expected_report = skm.classification_report(y_true, y_pred, output_dict=True)

    def refuse(*args, **kwargs):
        raise AssertionError("scikit-learn's multilabel function was called")

    for module in (skm, skc):
        for name in ("precision_recall_fscore_support", "multilabel_confusion_matrix",
                     "jaccard_score", "f1_score", "fbeta_score", "precision_score",
                     "recall_score", "accuracy_score", "hamming_loss", "zero_one_loss",
                     "classification_report"):
            monkeypatch.setattr(module, name, refuse)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for (name, average, weighted), value in expected.items():
            got = getattr(msk, name)(y_true, y_pred, average=average,
                                     sample_weight=w if weighted else None, zero_division=0,
                                     **_extra(name))
            np.testing.assert_allclose(got, value, rtol=1e-12,
                                       err_msg=f"{name} {average} {weighted}")
        for got, value in zip(msk.precision_recall_fscore_support(y_true, y_pred,
                                                                  sample_weight=w),
                              expected_prfs):
            np.testing.assert_allclose(got, value, rtol=1e-12)
        np.testing.assert_allclose(
            msk.multilabel_confusion_matrix(y_true, y_pred, sample_weight=w), expected_mcm,
            rtol=1e-12)
        got_other = [msk.accuracy_score(y_true, y_pred), msk.hamming_loss(y_true, y_pred),
                     msk.zero_one_loss(y_true, y_pred, sample_weight=w)]
        np.testing.assert_allclose(got_other, expected_other, rtol=1e-12)
        report = msk.classification_report(y_true, y_pred, output_dict=True)
    assert report.keys() == expected_report.keys()
    for row, cells in expected_report.items():
        np.testing.assert_allclose(list(report[row].values()), list(cells.values()),
                                   rtol=1e-12, err_msg=row)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("name", SET_WISE)
def test_set_wise_equal_sklearn(name, form):
    """Values, warnings and their dtypes as scikit-learn's, for every average,
    zero_division, weights and representation (labels= a subset, in another order)."""
    y_true, y_pred, w = _indicators(1)
    a, b = FORMS[form](y_true), FORMS[form](y_pred)
    zero_divisions = ("warn", 0.0, 1.0) + ((np.nan,) if name != "jaccard_score" else ())
    for average in AVERAGES:
        for zero_division in zero_divisions:
            for weights in (None, w):
                for labels in (None, [3, 0, 4]):
                    kwargs = dict(average=average, sample_weight=weights, labels=labels,
                                  zero_division=zero_division, **_extra(name))
                    expected, expected_warnings = _run(getattr(skm, name), a, b, **kwargs)
                    got, got_warnings = _run(getattr(msk, name), a, b, **kwargs)
                    where = f"{name} {kwargs}"
                    assert got_warnings == expected_warnings, where
                    np.testing.assert_allclose(got, expected, rtol=1e-12, err_msg=where)
                    assert np.asarray(got).dtype == np.asarray(expected).dtype, where


@pytest.mark.parametrize("form", FORMS)
def test_whole_sample_metrics_and_support_equal_sklearn(form):
    y_true, y_pred, w = _indicators(2)
    a, b = FORMS[form](y_true), FORMS[form](y_pred)
    for weights in (None, w, np.arange(40) % 3):  # integer weights, some zero
        for name, kwargs in [("accuracy_score", {}), ("accuracy_score", {"normalize": False}),
                             ("zero_one_loss", {}), ("zero_one_loss", {"normalize": False}),
                             ("hamming_loss", {})]:
            expected = getattr(skm, name)(a, b, sample_weight=weights, **kwargs)
            got = getattr(msk, name)(a, b, sample_weight=weights, **kwargs)
            assert got == pytest.approx(expected, rel=1e-12), (name, kwargs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = skm.precision_recall_fscore_support(a, b, sample_weight=weights)
            got = msk.precision_recall_fscore_support(a, b, sample_weight=weights)
        for g, e in zip(got, expected):
            np.testing.assert_allclose(g, e, rtol=1e-12)
            assert g.dtype == e.dtype


@pytest.mark.parametrize("form", FORMS)
def test_multilabel_confusion_matrix_equals_sklearn(form):
    y_true, y_pred, w = _indicators(3)
    a, b = FORMS[form](y_true), FORMS[form](y_pred)
    for weights in (None, w):
        for labels in (None, [4, 1], [2]):
            for samplewise in (False, True):
                kwargs = dict(sample_weight=weights, labels=labels, samplewise=samplewise)
                expected = skm.multilabel_confusion_matrix(a, b, **kwargs)
                got = msk.multilabel_confusion_matrix(a, b, **kwargs)
                assert got.dtype == expected.dtype and got.shape == expected.shape, kwargs
                np.testing.assert_allclose(got, expected, rtol=1e-12, err_msg=str(kwargs))


def test_multiclass_jaccard_and_multilabel_confusion_matrix_equal_sklearn():
    rng = np.random.default_rng(4)
    y_true, y_pred = rng.integers(0, 4, 60), rng.integers(0, 4, 60)
    w = rng.uniform(0.5, 2.0, 60)
    for weights in (None, w):
        for labels in (None, [3, 0], [0, 1, 2, 3, 7]):
            kwargs = dict(sample_weight=weights, labels=labels)
            np.testing.assert_allclose(msk.multilabel_confusion_matrix(y_true, y_pred, **kwargs),
                                       skm.multilabel_confusion_matrix(y_true, y_pred, **kwargs),
                                       rtol=1e-12)
            for average in (None, "micro", "macro", "weighted"):
                expected, expected_warnings = _run(skm.jaccard_score, y_true, y_pred,
                                                   average=average, **kwargs)
                got, got_warnings = _run(msk.jaccard_score, y_true, y_pred, average=average,
                                         **kwargs)
                assert got_warnings == expected_warnings
                np.testing.assert_allclose(got, expected, rtol=1e-12)
    c = msk.Confusion.from_predictions(y_true, y_pred, sample_weight=w)
    assert c.jaccard_score(average="macro") == pytest.approx(
        skm.jaccard_score(y_true, y_pred, average="macro", sample_weight=w), rel=1e-12)
    np.testing.assert_allclose(c.multilabel_confusion_matrix(labels=[2, 0]),
                               skm.multilabel_confusion_matrix(y_true, y_pred, sample_weight=w,
                                                               labels=[2, 0]), rtol=1e-12)
    # a hand count: class 1 of [1, 1, 0] vs [1, 0, 0] has tp 1, fp 0, fn 1: J = 1/2
    assert msk.jaccard_score([1, 1, 0], [1, 0, 0]) == 0.5


@pytest.mark.parametrize("form", ["dense", "csr_matrix"])
def test_classification_report_equals_sklearn(form):
    y_true, y_pred, w = _indicators(5)
    a, b = FORMS[form](y_true), FORMS[form](y_pred)
    names = list("abcde")
    for kwargs in ({}, {"target_names": names}, {"labels": [4, 0], "digits": 3}):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert msk.classification_report(a, b, **kwargs) == \
                skm.classification_report(a, b, **kwargs)
            expected = skm.classification_report(a, b, sample_weight=w, output_dict=True,
                                                 **kwargs)
            got = msk.classification_report(a, b, sample_weight=w, output_dict=True, **kwargs)
        assert got.keys() == expected.keys()
        for row, cells in expected.items():
            np.testing.assert_allclose(list(got[row].values()), list(cells.values()),
                                       rtol=1e-12, err_msg=row)


@pytest.mark.parametrize("y_true, y_pred, kwargs", [
    (np.eye(3, dtype=int), np.eye(3, dtype=int)[:, :2], {}),  # another number of labels
    (np.eye(3, dtype=int), np.array([0, 1, 2]), {}),  # a mix with a multi-class target
    (np.eye(3, dtype=int), np.eye(3, dtype=int)[:2], {}),  # another number of samples
    (np.eye(3, dtype=int), np.eye(3, dtype=int), {"average": "binary"}),
    (np.eye(3, dtype=int), np.eye(3, dtype=int), {"labels": [0, 3], "average": "macro"}),
    (np.eye(3, dtype=int), np.eye(3, dtype=int), {"labels": [-1, 0], "average": "macro"}),
    (np.eye(3, dtype=int), np.eye(3, dtype=int), {"labels": [0, 3], "average": "samples"}),
    (np.eye(3, dtype=int), np.eye(3, dtype=int), {"sample_weight": [1, 2], "average": "micro"}),
    (np.eye(3, dtype=int), np.eye(3, dtype=int), {"sample_weight": [0, 0, 0],
                                                  "average": "micro"}),
    (np.eye(3, dtype=int) + np.arange(3), np.eye(3, dtype=int), {}),  # multi-output
])
def test_errors_are_sklearn_errors(y_true, y_pred, kwargs):
    for name in ("f1_score", "jaccard_score"):
        expected, _ = _run(getattr(skm, name), y_true, y_pred, **kwargs)
        got, _ = _run(getattr(msk, name), y_true, y_pred, **kwargs)
        assert isinstance(expected, tuple) and got[0] is expected[0], (name, got, expected)
        assert got[1].startswith(expected[1]), (name, got, expected)


def test_values_other_than_0_and_1_are_refused():
    """scikit-learn reads a {0, 2} indicator as "non-zero"; metrics_sk refuses it."""
    y_pred = np.array([[0, 1], [1, 0], [1, 1]])
    for y_true in (2 * y_pred, 2 * y_pred + 1, sp.csr_matrix(2 * y_pred)):
        skm.f1_score(y_true, y_pred, average="macro")  # a multilabel target to scikit-learn
        with pytest.raises(ValueError, match="values other than 0 and 1"):
            msk.f1_score(y_true, y_pred, average="macro")


def test_inputs_are_not_modified():
    y_true, y_pred, w = _indicators(6)
    sparse = sp.csr_matrix(y_true)
    sparse.data[:] = 1
    saved = [y_true.copy(), y_pred.copy(), w.copy(), sparse.toarray(), sparse.data.copy()]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        msk.f1_score(sparse, y_pred, average="samples", sample_weight=w)
        msk.multilabel_confusion_matrix(y_true, y_pred, samplewise=True, labels=[1, 0])
        msk.jaccard_score(y_true, y_pred, average="weighted", sample_weight=w)
    for a, b in zip(saved, [y_true, y_pred, w, sparse.toarray(), sparse.data]):
        np.testing.assert_array_equal(a, b)


def test_large_input_counted_in_chunks_equals_sklearn():
    """More rows than one chunk of the dense counter (metrics_sk/_multilabel.py)."""
    rng = np.random.default_rng(7)
    y_true = rng.random((70_000, 4)) < 0.3
    y_pred = rng.random((70_000, 4)) < 0.3
    w = rng.uniform(0.5, 2.0, 70_000)
    for average in ("macro", "samples"):
        assert msk.f1_score(y_true, y_pred, average=average, sample_weight=w) == \
            pytest.approx(skm.f1_score(y_true, y_pred, average=average, sample_weight=w),
                          rel=1e-12)
    assert msk.hamming_loss(y_true, y_pred) == skm.hamming_loss(y_true, y_pred)


def test_confusion_of_an_indicator_streams_and_merges():
    """MultilabelConfusion.from_predictions: update() and + give the
    counts of all the batches at once, hence scikit-learn's values on all the samples."""
    y_true, y_pred, w = _indicators(8, n=90)
    from_predictions = msk.MultilabelConfusion.from_predictions
    c = from_predictions(y_true[:30], y_pred[:30], sample_weight=w[:30])
    c.update(sp.csr_matrix(y_true[30:60]), y_pred[30:60].astype(bool), sample_weight=w[30:60])
    c = c + from_predictions(y_true[60:], y_pred[60:], sample_weight=w[60:])
    assert c.n_samples == 90
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in SET_WISE:
            for average in AVERAGES:
                np.testing.assert_allclose(
                    getattr(c, name)(average=average, **_extra(name)),
                    getattr(skm, name)(y_true, y_pred, average=average, sample_weight=w,
                                       **_extra(name)), rtol=1e-12, err_msg=f"{name} {average}")
    for name in ("accuracy_score", "zero_one_loss", "hamming_loss"):
        assert getattr(c, name)() == pytest.approx(
            getattr(skm, name)(y_true, y_pred, sample_weight=w), rel=1e-12), name
    np.testing.assert_allclose(c.multilabel_confusion_matrix(labels=[2, 0]),
                               skm.multilabel_confusion_matrix(y_true, y_pred, sample_weight=w,
                                                               labels=[2, 0]), rtol=1e-12)
    unweighted = sum([from_predictions(y_true[:45], y_pred[:45]),
                      from_predictions(y_true[45:], y_pred[45:])])
    assert unweighted.f1_score(average="samples", zero_division=0) == pytest.approx(
        skm.f1_score(y_true, y_pred, average="samples", zero_division=0), rel=1e-12)
    assert unweighted.accuracy_score(normalize=False) == skm.accuracy_score(
        y_true, y_pred, normalize=False)


def test_confusion_of_an_indicator_refuses_what_it_cannot_do():
    y_true, y_pred, _ = _indicators(9)
    c = msk.MultilabelConfusion.from_predictions(y_true, y_pred)
    with pytest.raises(ValueError, match="The 'average' parameter of .*f1_score must be"):
        c.f1_score(average="mean")
    with pytest.raises(ValueError, match="label columns"):
        c + msk.MultilabelConfusion.from_predictions(y_true[:, :3], y_pred[:, :3])
    with pytest.raises(ValueError, match="samplewise=True needs the samples"):
        c.multilabel_confusion_matrix(samplewise=True)
    with pytest.raises(ValueError, match="needs the samples"):
        c.f1_score(average="samples", labels=[0, 1])
    with pytest.raises(ValueError, match="multilabel indicator: count it with Multilabel"):
        msk.Confusion.from_predictions(y_true, y_pred)  # the confusion of labels


def test_hamming_loss_keeps_a_small_weight_next_to_a_large_one():
    """The wrong labels are summed per sample (``|t| + |p| - 2 |t & p|`` times its
    weight), not from the margins, where ``support + predicted - 2 tp`` cancels the
    weight 2 of a wrong sample next to 1e300 of a right one (0.0 instead of
    scikit-learn's 6.7e-301)."""
    y_true = np.array([[0, 0, 1], [0, 1, 0], [1, 1, 0]])
    y_pred = np.array([[0, 1, 1], [0, 1, 0], [1, 1, 0]])
    for w in ([2.0, 1e300, 1.0], [2.0, 1e300, 1e300], [1e-300, 1.0, 1.0]):
        expected = skm.hamming_loss(y_true, y_pred, sample_weight=w)
        assert expected > 0
        assert msk.hamming_loss(y_true, y_pred, sample_weight=w) == pytest.approx(
            expected, rel=1e-12, abs=0)
        c = msk.MultilabelConfusion.from_predictions(y_true, y_pred, sample_weight=w)
        assert c.hamming_loss() == pytest.approx(expected, rel=1e-12, abs=0)
        assert msk.hamming_loss(sp.csr_array(y_true), sp.csr_array(y_pred),
                                sample_weight=w) == pytest.approx(expected, rel=1e-12, abs=0)
