"""The score metrics of the report and of ``metrics-sk report`` on inputs that the score
functions take: a 1-D score of a binary target, and the edge cases of the score
metrics (tests/test_scores.py has the functions themselves)."""

import json
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm

from metrics_sk import quality_report
from metrics_sk._display import cli as _cli

pd = pytest.importorskip("pandas")

Y = np.array([0, 0, 1, 1, 0, 1, 1, 0, 1, 0])
P = np.array([.1, .4, .35, .8, .2, .7, .55, .6, .9, .3])
W = np.array([1.0, 2.0, 0.5, 1.0, 3.0, 1.0, 0.25, 2.0, 1.0, 1.5])


def expected_scores(y, p, w=None, *, probabilities=True):
    """scikit-learn's values for a binary target and the probability of class 1 (the
    Brier score and the top-label calibration error, of the two columns, only when the
    report's y_score holds probabilities)."""
    two = np.c_[1 - p, p]
    auc = skm.roc_auc_score(y, p, sample_weight=w)
    brier = {"brier_score": skm.brier_score_loss(y, p, sample_weight=w),
             "calibration_error": msk.calibration_error(y, two, sample_weight=w)
             } if probabilities else {}
    return {"log_loss": skm.log_loss(y, two, sample_weight=w),
            "one_vs_all_log_loss": skm.log_loss(y, two, sample_weight=w),
            "roc_auc_mu": auc, "one_vs_all_roc_auc": auc, **brier}


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("labels", [None, [1, 0]])
def test_report_takes_the_1d_score_of_a_binary_target(weighted, labels):
    """A 1-D score is the probability of the greater class, as for scikit-learn's
    roc_auc_score (whatever the order of labels=); it used to raise IndexError."""
    w = W if weighted else None
    pred = (P > 0.5).astype(int)
    report = quality_report(Y, pred, y_score=P, labels=labels, sample_weight=w)
    two_columns = quality_report(Y, pred, y_score=np.c_[1 - P, P], sample_weight=w)
    for key, value in expected_scores(Y, P, w).items():
        assert report.scores[key] == pytest.approx(value, rel=1e-12, abs=1e-15), key
    assert report.scores == pytest.approx(two_columns.scores, rel=1e-12)
    auc = skm.roc_auc_score(Y, P, sample_weight=w)
    per_class = dict(zip(report.labels.tolist(), report.per_class["roc_auc"]))
    assert per_class == pytest.approx({0: auc, 1: auc}, rel=1e-12)


def test_report_takes_a_1d_logit_and_pandas_series():
    logit = np.log(P / (1 - P))
    pred = (P > 0.5).astype(int)
    report = quality_report(Y, pred, y_score=logit, from_logits=True)
    for key, value in expected_scores(Y, P, probabilities=False).items():
        assert report.scores[key] == pytest.approx(value, rel=1e-12), key
    assert "brier_score" not in report.scores  # a score of probabilities only
    assert "calibration_error" not in report.scores
    series = quality_report(Y, pred, y_score=pd.Series(P, name="p"))
    assert series.scores == pytest.approx(expected_scores(Y, P) | {
        "one_vs_all_pr_auc": series.scores["one_vs_all_pr_auc"]}, rel=1e-12)


def test_report_1d_score_bootstrap_intervals():
    report = quality_report(Y, (P > 0.5).astype(int), y_score=P, confidence_level=0.9,
                            n_resamples=40, random_state=0)
    low, high = report.intervals["scores"]["roc_auc_mu"]
    assert low <= report.scores["roc_auc_mu"] <= high


def test_report_1d_score_with_more_classes_is_a_value_error_naming_y_score():
    with pytest.raises(ValueError, match="1-D y_score .* 3 classes"):
        quality_report([0, 1, 2, 0], [0, 1, 2, 1], y_score=[.1, .2, .3, .4])


def run(tmp_path, capsys, *args):
    capsys.readouterr()
    status = _cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_one_score_column_for_a_binary_target(tmp_path, capsys):
    pd.DataFrame({"y": Y, "y_hat": (P > 0.5).astype(int), "p": P, "w": W}).to_csv(
        tmp_path / "bin.csv", index=False)
    for weight in ([], ["--weight", "w"]):
        status, out, err = run(tmp_path, capsys, "report", tmp_path / "bin.csv", "--true", "y",
                               "--pred", "y_hat", "--score-cols", "p", "--format", "json",
                               "-q", *weight)
        assert status == 0, err
        scores = json.loads(out)["scores"]
        for key, value in expected_scores(Y, P, W if weight else None).items():
            assert scores[key] == pytest.approx(value, rel=1e-12), key


def test_cli_one_score_column_for_three_classes_is_a_usage_error(tmp_path, capsys):
    pd.DataFrame({"y": [0, 1, 2], "y_hat": [0, 1, 2], "p": [.1, .2, .3]}).to_csv(
        tmp_path / "tri.csv", index=False)
    with pytest.raises(SystemExit) as exc:
        run(tmp_path, capsys, "report", tmp_path / "tri.csv", "--true", "y", "--pred", "y_hat",
            "--score-cols", "p", "-q")
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "1 --score-cols for 3 classes" in err and "one column only for two classes" in err


# -- the edge battery of the score metrics -------------------------------------------------
import metrics_sk as msk  # noqa: E402

RNG = np.random.default_rng(0)
Y3 = np.array([0, 1, 2, 0, 1, 2, 0, 1, 2, 1])
P3 = RNG.dirichlet([1, 1, 1], 10)
PERFECT = np.eye(3)[Y3]  # per-sample log losses of 2.2e-16: w * loss subnormal at w=1e-300
AUCS = ["roc_auc_mu_score", "one_vs_all_roc_auc_score", "one_vs_all_pr_auc_score"]


@pytest.mark.parametrize("name", AUCS + ["log_loss", "one_vs_all_log_loss"])
def test_all_zero_weights_are_scikit_learns_value_error(name):
    """roc_auc_score's error (the AUCs returned NaN)."""
    with pytest.raises(ValueError) as expected:
        skm.roc_auc_score(Y3, P3, multi_class="ovr", sample_weight=np.zeros(10))
    with pytest.raises(ValueError, match=str(expected.value)):
        getattr(msk, name)(Y3, P3, sample_weight=np.zeros(10))


def sklearn_values(y, proba):
    """Unweighted references of scikit-learn."""
    return {"log_loss": skm.log_loss(y, proba), "hinge_loss": skm.hinge_loss(y, proba),
            "one_vs_all_roc_auc_score": skm.roc_auc_score(y, proba, multi_class="ovr")}


@pytest.mark.parametrize("weight", [1e300, 1e-300, 5e-324])
@pytest.mark.parametrize("proba", ["random", "perfect"])
def test_equal_extreme_weights_give_the_unweighted_values(weight, proba):
    """Equal weights cancel: w * loss was rounded to a subnormal float (1e-300 with tiny
    losses, 5e-324 always: log loss 1.5 instead of 1.49)."""
    scores = P3 if proba == "random" else PERFECT
    w = np.full(10, weight)
    for name, value in sklearn_values(Y3, scores).items():
        got = getattr(msk, name)(Y3, scores, sample_weight=w)
        assert got == pytest.approx(value, rel=1e-13, abs=1e-300), name
    for name in AUCS + ["one_vs_all_log_loss"]:  # (no scikit-learn function)
        got = getattr(msk, name)(Y3, scores, sample_weight=w)
        assert got == pytest.approx(getattr(msk, name)(Y3, scores), rel=1e-13), name
    pred = scores.argmax(1)
    assert quality_report(Y3, pred, y_score=scores, sample_weight=w).scores == pytest.approx(
        quality_report(Y3, pred, y_score=scores).scores, rel=1e-13)


@pytest.mark.parametrize("container", ["list", "numpy", "series", "categorical"])
def test_the_same_labels_in_any_container_give_the_same_scores(container):
    names = np.array(["ant", "bee", "cat"])[Y3]
    y = {"list": names.tolist(), "numpy": names, "series": pd.Series(names),
         "categorical": pd.Categorical(names)}[container]
    expected = sklearn_values(Y3, P3)
    for name, value in expected.items():
        assert getattr(msk, name)(y, P3) == pytest.approx(value, rel=1e-12), name
    scores = quality_report(y, names[P3.argmax(1)], y_score=P3).scores
    assert scores["log_loss"] == pytest.approx(expected["log_loss"], rel=1e-12)
    assert scores["one_vs_all_roc_auc"] == pytest.approx(
        expected["one_vs_all_roc_auc_score"], rel=1e-12)


def test_score_columns_not_one_per_class_name_what_the_user_gave():
    # the report passes its classes to the score metrics as labels=: their message said
    # "labels has 1 entries" though the user gave no labels
    import metrics_sk as msk

    three = np.full((1, 3), 1 / 3)
    with pytest.raises(ValueError) as exc:
        msk.quality_report([1], [1], y_score=three)
    message = str(exc.value)
    assert "y_score has 3 columns but y_true and y_pred hold 1 class(es) [1]" in message
    assert "labels" not in message
    with pytest.raises(ValueError, match=r"y_score has 3 columns but labels= with the "
                                         r"classes of y_true and y_pred give 2 class\(es\) "
                                         r"\[1, 2\]"):
        msk.quality_report([1], [1], y_score=three, labels=[1, 2])
    with pytest.raises(ValueError, match="y_score has 2 columns but y_true and y_pred hold 3"):
        msk.quality_report([0, 1, 2], [0, 1, 2], y_score=pd.DataFrame(np.eye(3)[:, :2]))


@pytest.mark.parametrize("weighted", [False, True])
def test_report_brier_score_of_probabilities_in_the_order_of_labels(weighted):
    """The score block's Brier score is scikit-learn's brier_score_loss, whatever the order
    of the report's labels= (its columns); none from raw scores (from_logits)."""
    rng = np.random.default_rng(4)
    names = np.array(["ant", "bee", "cat"])
    y = names[rng.integers(0, 3, 60)]
    proba = rng.dirichlet(np.ones(3), 60)  # columns: cat, ant, bee (labels= below)
    w = rng.uniform(0.5, 2, 60) if weighted else None
    pred = np.array(["cat", "ant", "bee"])[proba.argmax(1)]
    report = quality_report(y, pred, y_score=proba, labels=["cat", "ant", "bee"],
                            sample_weight=w)
    sorted_columns = proba[:, [1, 2, 0]]  # ant, bee, cat
    assert report.scores["brier_score"] == pytest.approx(
        skm.brier_score_loss(y, sorted_columns, sample_weight=w), rel=1e-12)
    intervals = quality_report(y, pred, y_score=proba, labels=["cat", "ant", "bee"],
                               sample_weight=w, confidence_level=0.9, n_resamples=40,
                               random_state=0)
    low, high = intervals.intervals["scores"]["brier_score"]
    assert low < report.scores["brier_score"] < high
    logits = quality_report(y, pred, y_score=np.log(proba), labels=["cat", "ant", "bee"],
                            from_logits=True)
    assert "brier_score" not in logits.scores


def test_report_calibration_rows_of_a_binary_target_are_the_functions():
    """The calibration error row is calibration_error's (defaults: l1, 15 uniform bins,
    top-label, of the two columns); the decomposition block is score_decomposition's of
    the probability of class 1, whose parts add up to scikit-learn's Brier score."""
    pred = (P > 0.5).astype(int)
    for w in (None, W):
        for y_score in (P, np.c_[1 - P, P]):
            report = quality_report(Y, pred, y_score=y_score, sample_weight=w)
            assert report.scores["calibration_error"] == pytest.approx(
                msk.calibration_error(Y, np.c_[1 - P, P], sample_weight=w), rel=1e-12)
            parts = msk.score_decomposition(Y, P, sample_weight=w)
            for key in ("miscalibration", "discrimination", "uncertainty"):
                assert report.decomposition[key] == pytest.approx(getattr(parts, key),
                                                                  rel=1e-12, abs=1e-15)
            d = report.decomposition
            assert d["miscalibration"] - d["discrimination"] + d["uncertainty"] == (
                pytest.approx(skm.brier_score_loss(Y, P, sample_weight=w), rel=1e-12))
            assert report.to_dict()["decomposition"] == pytest.approx(d, rel=1e-15)
            text, md, html = str(report), report.to_markdown(), report.to_html()
            for form in (text, md, html):
                assert "CORP decomposition" in form and "miscalibration (MCB)" in form
    logits = quality_report(Y, pred, y_score=np.log(P / (1 - P)), from_logits=True)
    assert logits.decomposition is None and "decomposition" not in logits.to_dict()
    assert "MCB" not in str(logits)


@pytest.mark.parametrize("weighted", [False, True])
def test_report_calibration_rows_of_three_classes_in_the_order_of_labels(weighted):
    """Multi-class: calibration_error of the columns (top-label), and the mean over the
    classes of score_decomposition's one-vs-rest parts, whatever the order of labels=;
    the bootstrap interval of the calibration error is the same from the sorted rankings
    (unweighted) as from resampled rows (weights of one)."""
    rng = np.random.default_rng(5)
    names = np.array(["ant", "bee", "cat"])
    y = names[rng.integers(0, 3, 80)]
    proba = rng.dirichlet(np.ones(3), 80)  # columns: cat, ant, bee (labels= below)
    w = rng.uniform(0.5, 2, 80) if weighted else None
    pred = np.array(["cat", "ant", "bee"])[proba.argmax(1)]
    order = ["cat", "ant", "bee"]
    report = quality_report(y, pred, y_score=proba, labels=order, sample_weight=w)
    sorted_columns = proba[:, [1, 2, 0]]  # ant, bee, cat
    assert report.scores["calibration_error"] == pytest.approx(
        msk.calibration_error(y, sorted_columns, sample_weight=w), rel=1e-12)
    parts = msk.score_decomposition(y, sorted_columns, sample_weight=w)
    for key in ("miscalibration", "discrimination", "uncertainty"):
        assert report.decomposition[key] == pytest.approx(np.mean(getattr(parts, key)),
                                                          rel=1e-12, abs=1e-15)
    assert "mean of one-vs-rest" in str(report)
    if not weighted:
        kw = dict(labels=order, confidence_level=0.9, n_resamples=30, random_state=0)
        fast = quality_report(y, pred, y_score=proba, **kw).intervals["scores"]
        slow = quality_report(y, pred, y_score=proba, sample_weight=np.ones(80),
                              **kw).intervals["scores"]
        assert fast["calibration_error"] == pytest.approx(slow["calibration_error"],
                                                          rel=1e-12)
        low, high = fast["calibration_error"]
        assert low < report.scores["calibration_error"] < high


def test_report_fast_bootstrap_calibration_error_is_the_resampled_rows():
    """The unweighted score bootstrap reads each replicate as counts of the samples: its
    calibration error is calibration_error of the resampled rows (not a silent fallback)."""
    from metrics_sk._display.report_intervals import _SortedScores

    rng = np.random.default_rng(6)
    y, proba = rng.integers(0, 3, 90), rng.dirichlet(np.ones(3), 90)
    replicates = _SortedScores.of(y, proba, np.array([0, 1, 2]), False)
    rows = [rng.integers(0, 90, 90) for _ in range(4)]
    counts = np.stack([np.bincount(r, minlength=90) for r in rows]).astype(np.float64)
    fast, _ = replicates._fast(counts)
    for (_, _, scores), r in zip(fast, rows):
        assert scores["calibration_error"] == pytest.approx(
            msk.calibration_error(y[r], proba[r]), rel=1e-12)
