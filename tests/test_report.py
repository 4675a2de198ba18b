"""quality_report: its numbers are the functions' numbers, and every output form parses."""

import json
import warnings
from html.parser import HTMLParser

import numpy as np
import pytest
import sklearn.metrics as skm
from sklearn.exceptions import UndefinedMetricWarning

import metrics_sk as msk
from metrics_sk import Confusion, QualityReport, quality_report


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(7)
    n, k = 400, 5
    y = rng.integers(0, k, n)
    logits = rng.normal(size=(n, k)) + 2.0 * np.eye(k)[y]
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    pred = proba.argmax(axis=1)
    w = rng.uniform(0.2, 3.0, n)
    return y, pred, proba, logits, w


def test_numbers_equal_the_functions(data):
    y, pred, proba, _, w = data
    r = quality_report(y, pred, y_score=proba, sample_weight=w, beta=2.0)
    kw = {"sample_weight": w}
    p, rc, f, s = msk.precision_recall_fscore_support(y, pred, beta=2.0, average=None, **kw)
    np.testing.assert_array_equal(r.per_class["precision"], p)
    np.testing.assert_array_equal(r.per_class["recall"], rc)
    np.testing.assert_array_equal(r.per_class["fscore"], f)
    np.testing.assert_array_equal(r.per_class["support"], s)
    np.testing.assert_array_equal(r.per_class["specificity"],
                                  msk.specificity_score(y, pred, average=None, **kw))
    np.testing.assert_array_equal(r.per_class["balanced_auc"],
                                  msk.balanced_auc_score(y, pred, average=None, **kw))
    for average in ("micro", "macro", "weighted"):
        row = r.averages[average]
        assert row["precision"] == msk.precision_score(y, pred, average=average, **kw)
        assert row["recall"] == msk.recall_score(y, pred, average=average, **kw)
        assert row["fscore"] == msk.fbeta_score(y, pred, beta=2.0, average=average, **kw)
        assert row["specificity"] == msk.specificity_score(y, pred, average=average, **kw)
        assert row["balanced_auc"] == msk.balanced_auc_score(y, pred, average=average, **kw)
        assert row["fscore"] == pytest.approx(
            skm.fbeta_score(y, pred, beta=2.0, average=average, **kw), abs=1e-12)
    o = r.overall
    assert o["accuracy"] == msk.accuracy_score(y, pred, **kw)
    assert o["matthews_corrcoef"] == msk.matthews_corrcoef(y, pred, **kw)
    assert o["cohen_kappa"] == msk.cohen_kappa_score(y, pred, **kw)
    assert o["average_accuracy"] == msk.average_accuracy_score(y, pred, **kw)
    assert o["error_rate"] == msk.error_rate(y, pred, **kw)
    assert o["micro_precision"] == msk.micro_precision_score(y, pred, **kw)
    assert o["micro_recall"] == msk.micro_recall_score(y, pred, **kw)
    assert o["micro_fscore"] == msk.micro_fbeta_score(y, pred, beta=2.0, **kw)
    assert o["macro_precision"] == msk.macro_precision_score(y, pred, **kw)
    assert o["macro_recall"] == msk.macro_recall_score(y, pred, **kw)
    assert o["macro_fscore"] == msk.macro_fbeta_score(y, pred, beta=2.0, **kw)
    assert o["mean_class_fscore"] == msk.fbeta_score(y, pred, beta=2.0, average="macro", **kw)
    sc = r.scores
    assert sc["log_loss"] == msk.log_loss(y, proba, **kw)
    assert sc["one_vs_all_log_loss"] == msk.one_vs_all_log_loss(y, proba, **kw)
    assert sc["roc_auc_mu"] == msk.roc_auc_mu_score(y, proba, **kw)
    assert sc["one_vs_all_roc_auc"] == pytest.approx(
        msk.one_vs_all_roc_auc_score(y, proba, **kw), abs=1e-15)
    assert sc["one_vs_all_pr_auc"] == pytest.approx(
        msk.one_vs_all_pr_auc_score(y, proba, **kw), abs=1e-15)
    np.testing.assert_array_equal(r.per_class["roc_auc"], msk.one_vs_all_roc_auc_score(
        y, proba, average=None, **kw))
    np.testing.assert_array_equal(r.per_class["pr_auc"], msk.one_vs_all_pr_auc_score(
        y, proba, average=None, **kw))
    assert sc["log_loss"] == pytest.approx(skm.log_loss(y, proba, **kw), rel=1e-12)


def test_logits(data):
    y, pred, _, logits, _ = data
    r = quality_report(y, pred, y_score=logits, from_logits=True)
    assert r.scores["log_loss"] == msk.log_loss(y, logits, from_logits=True)
    assert r.scores["roc_auc_mu"] == msk.roc_auc_mu_score(y, logits)


def test_skewed_example_macro_f_side_by_side():
    r = quality_report([0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1])
    assert r.overall["macro_fscore"] == 0.6
    assert r.overall["mean_class_fscore"] == pytest.approx(1 / 3)
    text = str(r)
    assert "macro F1, oneDAL: F1 of macro P and R     0.6000" in text
    assert "macro F1, scikit-learn: mean of class F1  0.3333" in text


def test_labels_order_strings_and_absent_class():
    y = ["cat", "dog", "dog", "pig", "cat"]
    pred = ["cat", "dog", "cat", "pig", "cat"]
    labels = ["pig", "dog", "cat", "cow"]
    with pytest.warns(UndefinedMetricWarning):
        r = quality_report(y, pred, labels=labels)
    assert r.labels.tolist() == labels
    p, rc, f, s = skm.precision_recall_fscore_support(y, pred, labels=labels,
                                                      zero_division=0.0)
    np.testing.assert_allclose(r.per_class["precision"], p)
    np.testing.assert_allclose(r.per_class["fscore"], f)
    assert r.to_dict()["per_class"]["cow"]["support"] == 0


def test_warnings_once_and_nan_rendered():
    y, pred = [0, 1, 2, 0], [0, 1, 1, 0]  # class 2 is never predicted
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        quality_report(y, pred)
    messages = [str(w.message) for w in caught]
    assert messages and len(messages) == len(set(messages))
    r = quality_report(y, pred, zero_division=np.nan)
    assert np.isnan(r.per_class["precision"][2])
    assert " nan " in str(r)
    assert json.loads(r.to_json())["per_class"]["2"]["precision"] is None


def test_from_confusion_and_streaming_equal(data):
    y, pred, _, _, w = data
    direct = quality_report(y, pred, sample_weight=w)
    c = Confusion()
    for part in np.array_split(np.arange(y.size), 4):
        c.update(y[part], pred[part], sample_weight=w[part])
    streamed = QualityReport.from_confusion(c)
    assert streamed.to_dict()["overall"] == pytest.approx(direct.to_dict()["overall"])
    for m in ("precision", "recall", "fscore", "specificity", "support"):
        np.testing.assert_allclose(streamed.per_class[m], direct.per_class[m])


def _class_names(k):
    return [f"class_{i:03d}" for i in range(k)]


def test_text_markdown_json_html_contain_every_class(data):
    y, pred, proba, _, _ = data
    names = np.array(["a|pipe", "b<tag>", "c&amp", "d_under", "e*star"])
    r = quality_report(names[y], names[pred], y_score=proba)
    text = str(r)
    md = r.to_markdown()
    js = json.loads(r.to_json())
    html = r._repr_html_()
    cells = _html_cells(html)
    for name in names:
        assert name in text
        assert name in cells
        assert name in js["per_class"]
    assert set(js["labels"]) == set(names)
    # Markdown: every table row has the column count of its header; escaped labels
    table = [line for line in md.splitlines() if line.startswith("|")]
    assert "a\\|pipe" in md and "d\\_under" in md
    assert len(table) == (2 + 5 + 3) + (2 + 3) + (2 + 9) + (2 + 7) + (2 + 3)
    for line in table:
        assert line.endswith("|")
    header_cols = table[0].count(" | ") + 1
    for line in table[:10]:
        assert line.replace("\\|", "").count("|") == header_cols + 1
    assert js["scores"]["log_loss"] == pytest.approx(r.scores["log_loss"])
    for key in ("precision", "recall", "fscore", "specificity", "balanced_auc", "roc_auc",
                "pr_auc", "support"):
        assert key in js["per_class"]["b<tag>"]


class _Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.cells, self.stack, self._in = [], [], False

    def handle_starttag(self, tag, attrs):
        self.stack.append(tag)
        if tag in ("td", "th"):
            self.cells.append("")

    def handle_endtag(self, tag):
        assert self.stack.pop() == tag  # well nested

    def handle_data(self, data):
        if self.stack and self.stack[-1] in ("td", "th"):
            self.cells[-1] += data


def _html_cells(text):
    parser = _Cells()
    parser.feed(text)
    parser.close()
    assert parser.stack == []
    return parser.cells


def test_many_classes_text_is_limited_with_a_note():
    rng = np.random.default_rng(0)
    k = 200
    y = rng.integers(0, k, 6000)
    pred = np.where(rng.random(6000) < 0.8, y, rng.integers(0, k, 6000))
    pred[y == 17] = 18  # class 17: F = 0, the worst
    names = np.array(_class_names(k))
    r = quality_report(names[y], names[pred], max_rows=12)
    text = str(r)
    shown = [n for n in names if n in text.split()]
    assert len(shown) == 12
    assert "class_017" in shown
    largest = names[np.argmax(np.bincount(y, minlength=k))]
    assert largest in shown
    assert "188 of 200 classes not shown" in " ".join(text.split())
    assert len(r.to_dict()["per_class"]) == 200
    assert len(r.to_frame()) == 203
    full = quality_report(names[y], names[pred], max_rows=None)
    assert all(n in str(full) for n in names)
    assert "not shown" not in str(full)
    assert len(_html_cells(r._repr_html_())) < len(_html_cells(full._repr_html_()))


def test_wide_label_space_stays_sparse():
    # 50k classes: a dense K x K matrix would need 20 GB.
    rng = np.random.default_rng(1)
    y = rng.integers(0, 50_000, 100_000)
    pred = np.where(rng.random(100_000) < 0.9, y, rng.integers(0, 50_000, 100_000))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = quality_report(y, pred)
    assert r.overall["accuracy"] == msk.accuracy_score(y, pred)
    assert len(str(r).splitlines()) < 60


def test_to_frame(data):
    pd = pytest.importorskip("pandas")
    y, pred, proba, _, _ = data
    r = quality_report(y, pred, y_score=proba)
    frame = r.to_frame()
    assert list(frame.index[-3:]) == ["micro avg", "macro avg", "weighted avg"]
    assert list(frame.columns) == ["precision", "recall", "fscore", "specificity",
                                   "balanced_auc", "roc_auc", "pr_auc", "support"]
    np.testing.assert_array_equal(frame["recall"].to_numpy()[:5], r.per_class["recall"])
    assert frame.loc["macro avg", "precision"] == r.averages["macro"]["precision"]
    # the one-vs-all AUCs have macro and weighted averages (issue 13: no longer blank)
    assert frame.loc["macro avg", "roc_auc"] == r.scores["one_vs_all_roc_auc"]
    assert np.isnan(frame.loc["micro avg", "roc_auc"])
    summary = r.to_frame("summary")
    assert summary.loc["roc_auc_mu", "value"] == r.scores["roc_auc_mu"]
    assert isinstance(summary, pd.DataFrame)
    with pytest.raises(ValueError, match="table"):
        r.to_frame("nope")


def test_intervals_extension_point(data):
    y, pred, _, _, _ = data
    r = quality_report(y, pred)
    low = {k: v - 0.01 for k, v in r.overall.items()}
    intervals = {
        "overall": {k: (low[k], v + 0.01) for k, v in r.overall.items()},
        "per_class": {"precision": (r.per_class["precision"] - 0.05,
                                    r.per_class["precision"] + 0.05)},
        "averages": {"macro": {"fscore": (0.1, 0.9)}},
    }
    values = {"per_class": r.per_class, "averages": r.averages, "overall": r.overall}
    r2 = QualityReport(r.confusion, values, intervals=intervals, confidence_level=0.95)
    text = str(r2)
    assert "95% confidence intervals" in text
    assert "[0.1000, 0.9000]" in text
    d = r2.to_dict()
    assert d["intervals"]["averages"]["macro"]["fscore"] == [0.1, 0.9]
    assert d["intervals"]["per_class"]["0"]["precision"][0] == pytest.approx(
        r.per_class["precision"][0] - 0.05)
    json.loads(r2.to_json())
    _html_cells(r2._repr_html_())


@pytest.mark.parametrize("kwargs, match", [
    ({"digits": -1}, "digits"), ({"max_rows": 0}, "max_rows"), ({"beta": -1}, "beta"),
    ({"zero_division": "x"}, "zero_division"),
])
def test_invalid_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        quality_report([0, 1], [0, 1], **kwargs)


def test_repr_and_weighted_header(data):
    y, pred, _, _, w = data
    r = quality_report(y, pred, sample_weight=w, digits=2)
    assert repr(r).startswith("<QualityReport: 5 classes, accuracy 0.")
    assert str(r).startswith("Quality report: total weight ")


def test_bootstrap_intervals_plug_in(data):
    """The extension point: intervals of count_values from the bootstrap module."""
    from metrics_sk._inference.bootstrap import confidence_intervals
    from metrics_sk._display.report_layout import count_values

    y, pred, _, _, _ = data
    r = quality_report(y, pred)
    intervals = confidence_intervals(r.confusion, lambda c: count_values(c, zero_division=0.0),
                                     n_resamples=50, random_state=0)
    values = {"per_class": r.per_class, "averages": r.averages, "overall": r.overall}
    with_ci = QualityReport(r.confusion, values, intervals=intervals, confidence_level=0.9)
    low, high = with_ci.to_dict()["intervals"]["overall"]["accuracy"]
    assert low <= r.overall["accuracy"] <= high
    assert "90% confidence intervals" in str(with_ci)


@pytest.mark.parametrize("weighted", [False, True])
def test_quality_report_confidence_level_adds_bootstrap_intervals(weighted):
    from metrics_sk._inference.bootstrap import confidence_intervals
    from metrics_sk._display.report_layout import count_values

    rng = np.random.default_rng(7)
    y = rng.integers(0, 4, 2000)
    p = np.where(rng.random(2000) < 0.7, y, rng.integers(0, 4, 2000))
    w = rng.random(2000) if weighted else None
    report = quality_report(y, p, sample_weight=w, confidence_level=0.9, n_resamples=300,
                            random_state=3)
    direct = confidence_intervals(
        report.confusion, count_values, n_resamples=300, confidence_level=0.9,
        random_state=3, **({} if w is None else {"y_true": y, "y_pred": p, "sample_weight": w}))
    got = report.to_dict()["intervals"]
    for name in ("accuracy", "macro_fscore", "matthews_corrcoef"):
        low, high = got["overall"][name]
        assert (low, high) == tuple(direct["overall"][name])
        assert low < report.overall[name] < high
    assert "90% confidence intervals" in str(report)


def test_score_columns_follow_unsorted_labels_for_every_score_metric():
    y = np.array(["a", "b", "b", "a", "b"])
    y_pred = np.array(["a", "b", "a", "a", "b"])
    proba = np.array([[0.8, 0.2], [0.3, 0.7], [0.6, 0.4], [0.9, 0.1], [0.2, 0.8]])  # a, b
    in_order = quality_report(y, y_pred, y_score=proba).scores
    reversed_ = quality_report(y, y_pred, y_score=proba[:, ::-1], labels=["b", "a"]).scores
    assert reversed_["log_loss"] == pytest.approx(skm.log_loss(y, proba), rel=1e-12)
    for name, value in in_order.items():
        assert reversed_[name] == pytest.approx(value, rel=1e-12), name


def test_from_estimator_like_scikit_learn():
    from sklearn.datasets import load_digits
    from sklearn.linear_model import LogisticRegression
    from sklearn.svm import LinearSVC

    X, y = load_digits(return_X_y=True)
    model = LogisticRegression(max_iter=300).fit(X[:1000], y[:1000])
    X_test, y_test = X[1000:], y[1000:]
    pred, proba = model.predict(X_test), model.predict_proba(X_test)
    report = msk.QualityReport.from_estimator(model, X_test, y_test, beta=2.0)
    p, r, f, s = skm.precision_recall_fscore_support(y_test, pred, beta=2.0)
    for ours, theirs in zip((report.per_class[k] for k in ("precision", "recall", "fscore",
                                                            "support")), (p, r, f, s)):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)
    np.testing.assert_allclose(report.scores["log_loss"], skm.log_loss(y_test, proba),
                               rtol=1e-10)
    # no predict_proba: counts only
    svc = msk.QualityReport.from_estimator(LinearSVC().fit(X[:1000], y[:1000]), X_test, y_test)
    assert svc.scores is None
    with pytest.raises(ValueError, match="classifier"):
        msk.QualityReport.from_estimator(object(), X_test, y_test)


# -- one tidy table, read through the registry ------------------------------------------------
def _expected(section, row, metric, y, pred, proba, w, beta, groups=None):
    """The metric function the report's layout names for a cell of its table, called on
    the raw data (the group's rows for a group cell)."""
    from metrics_sk._registry import METRICS
    from metrics_sk._display.report_layout import (_CLASS_COLUMNS, _GROUP_COLUMNS, _ONEDAL,
                                                   _OVERALL, _SCORE_COLUMNS, _SCORES, _call)

    kw = {"sample_weight": w}
    if section == "group":
        keep = groups == row
        y, pred, kw = y[keep], pred[keep], {"sample_weight": None if w is None else w[keep]}
        if metric == "support":
            return keep.sum() if w is None else w[keep].sum()
        name, kwargs = _call(*_GROUP_COLUMNS[metric], beta, "warn")
        return METRICS[name].function(y, pred, **kwargs, **kw)
    if metric == "support":
        support = msk.precision_recall_fscore_support(y, pred, average=None, **kw)[3]
        return support[list(np.unique(y)).index(row)] if section == "class" else support.sum()
    if section in ("class", "average"):
        average = None if section == "class" else row
        if metric in _CLASS_COLUMNS:
            name, kwargs = _call(_CLASS_COLUMNS[metric], {"average": average}, beta, "warn")
            value = METRICS[name].function(y, pred, **kwargs, **kw)
        else:
            value = METRICS[_SCORE_COLUMNS[metric]].function(y, proba, average=average, **kw)
        return value[list(np.unique(y)).index(row)] if section == "class" else value
    if section == "overall":
        name, kwargs = _call(*{**_OVERALL, **_ONEDAL}[metric], beta, "warn")
        return METRICS[name].function(y, pred, **kwargs, **kw)
    if section == "decomposition":  # the mean of the one-vs-rest parts
        return np.mean(getattr(msk.score_decomposition(y, proba, **kw), metric))
    name, kwargs = _SCORES[metric]
    return METRICS[name].function(y, proba, **kwargs, **kw)


@pytest.mark.parametrize("weighted", [False, True])
def test_every_row_of_the_table_is_its_registry_metric(data, weighted):
    y, pred, proba, _, w = data
    w = w if weighted else None
    groups = np.array(["north", "south", "east", "west"])[np.arange(y.size) % 4]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = quality_report(y, pred, y_score=proba, sample_weight=w, beta=2.0, groups=groups)
        t = r.table
        assert set(t) == {"section", "row", "metric", "value", "low", "high"}
        sections = set(t["section"])
        assert sections == {"class", "average", "overall", "scores", "decomposition", "group"}
        for section, row, metric, value in zip(t["section"], t["row"], t["metric"],
                                               t["value"]):
            expected = _expected(section, row, metric, y, pred, proba, w, 2.0, groups)
            if metric in ("roc_auc", "pr_auc", "one_vs_all_roc_auc", "one_vs_all_pr_auc",
                          "support") or section == "group":
                assert value == pytest.approx(float(expected), rel=1e-13, abs=1e-15), \
                    (section, row, metric)
            elif weighted:  # (the report counts groups= with float sums of the
                # weights, the functions sum them exactly: equal to rounding)
                assert value == pytest.approx(expected, rel=1e-15, abs=0), (section, row,
                                                                              metric)
            else:
                assert value == expected, (section, row, metric)
    assert np.isnan(t["low"]).all() and np.isnan(t["high"]).all()
    assert len(t["value"]) == 5 * 8 + (3 * 6 + 2 * 2) + 12 + 7 + 3 + 4 * 4


def test_projections_are_of_the_one_table(data):
    pd = pytest.importorskip("pandas")
    y, pred, proba, _, _ = data
    r = quality_report(y, pred, y_score=proba, confidence_level=0.9, n_resamples=30,
                       random_state=0)
    tidy = r.to_frame("tidy")
    assert list(tidy.columns) == ["section", "row", "metric", "value", "low", "high"]
    assert len(tidy) == len(r.table["value"])
    d = r.to_dict()
    rows = list(__import__("csv").reader(__import__("io").StringIO(r.to_csv())))
    assert rows[0] == ["section", "row", "metric", "value", "low", "high"]
    assert len(rows) == len(tidy) + 1
    for (section, row, metric, value, low, high), line in zip(tidy.itertuples(index=False),
                                                              rows[1:]):
        assert line[:3] == [section, str(row), metric]
        assert float(line[3]) == pytest.approx(value, rel=1e-15, nan_ok=True)
        if section == "class":
            assert d["per_class"][str(row)][metric] == pytest.approx(value, nan_ok=True)
            if metric != "support":
                assert d["intervals"]["per_class"][str(row)][metric] == pytest.approx(
                    [low, high], nan_ok=True)
        elif section == "average":
            assert d["averages"][row][metric] == pytest.approx(value)
        elif section == "decomposition":  # (no interval)
            assert d[section][metric] == pytest.approx(value)
            assert np.isnan(low) and np.isnan(high)
        else:
            assert d[section][metric] == pytest.approx(value)
            assert d["intervals"][section][metric] == pytest.approx([low, high],
                                                                    nan_ok=True)
    # without intervals the CSV keeps its four columns
    plain = quality_report(y, pred).to_csv().splitlines()[0]
    assert plain == "section,row,metric,value"


def test_sections_pick_what_is_computed_and_shown(data):
    y, pred, proba, _, _ = data
    r = quality_report(y, pred, y_score=proba, sections=["overall", "scores"])
    assert set(r.table["section"]) == {"overall", "scores", "decomposition"}
    assert set(r.overall) == {"accuracy", "matthews_corrcoef", "cohen_kappa"}
    text = str(r)
    assert "class" not in text.split() and "oneDAL" not in text and "log loss" in text
    assert "= accuracy" not in text  # the oneDAL block is not shown
    only_onedal = quality_report(y, pred, sections="onedal")
    assert "accuracy" not in only_onedal.overall
    assert only_onedal.overall["micro_precision"] == msk.micro_precision_score(y, pred)
    assert "micro precision" in str(only_onedal) and "= accuracy" not in str(only_onedal)
    averages = quality_report(y, pred, sections=["averages"])
    assert "macro avg" in str(averages) and not averages.per_class
    with pytest.raises(ValueError, match="sections must be some of"):
        quality_report(y, pred, sections=["classes", "nope"])
    with pytest.raises(ValueError, match="'sections' parameter"):
        quality_report(y, pred, sections=3)


def test_equal_by_construction_said_once(data):
    y, pred, _, _, _ = data
    r = quality_report(y, pred, digits=4)
    text = str(r)
    accuracy = f"{r.overall['accuracy']:.4f}"
    assert text.count(accuracy) == 1  # not 7 times
    assert "micro precision                           = accuracy" in text
    # micro P, R, F and the weighted recall
    assert sum(line.count("= acc.") for line in text.splitlines() if " avg " in line) == 4
    assert "equal accuracy by construction" in " ".join(text.split())
    for form in (r.to_markdown(), r.to_html()):
        assert "= accuracy" in form and "by construction" in form
    # the numbers themselves stay in every data form
    assert r.averages["micro"]["precision"] == r.overall["accuracy"]
    assert r.to_dict()["overall"]["micro_fscore"] == r.overall["accuracy"]
    # labels= leaving some predictions out: micro P and R differ, all are printed
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        subset = quality_report(y, pred, labels=[0, 1, 2])
    assert subset.overall["micro_precision"] != subset.overall["micro_recall"]
    assert "= acc" not in str(subset) and "by construction" not in str(subset)


def test_auc_average_rows_are_filled(data):
    y, pred, proba, _, _ = data
    r = quality_report(y, pred, y_score=proba)
    assert r.averages["macro"]["roc_auc"] == msk.one_vs_all_roc_auc_score(y, proba)
    assert r.averages["weighted"]["pr_auc"] == msk.one_vs_all_pr_auc_score(
        y, proba, average="weighted")
    assert "roc_auc" not in r.averages["micro"]  # no micro one-vs-all AUC
    macro_line = next(line for line in str(r).splitlines() if "macro avg" in line)
    assert f"{r.averages['macro']['roc_auc']:.4f}" in macro_line


@pytest.mark.parametrize("interval", ["bootstrap", "analytic"])
def test_score_metrics_get_intervals_or_a_note(data, interval):
    y, pred, proba, _, _ = data
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = quality_report(y, pred, y_score=proba, confidence_level=0.9, n_resamples=100,
                           random_state=0, interval=interval)
    low, high = r.intervals["per_class"]["roc_auc"]
    assert np.all(low <= r.per_class["roc_auc"]) and np.all(r.per_class["roc_auc"] <= high)
    note = " ".join(" ".join(str(r).split()).split())
    if interval == "bootstrap":
        for key, value in r.scores.items():
            lo, hi = r.intervals["scores"][key]
            assert lo <= value <= hi, key
        assert "score metrics: bootstrap of the samples (100 resamples)" in note
        # the per-sample bootstrap of one metric, with the same seed, has the same law
        ref = msk.bootstrap("log_loss", y, proba, n_resamples=100, random_state=0)
        assert ref.confidence_interval.high > r.scores["log_loss"]
    else:
        ref = msk.analytic_interval("one_vs_all_roc_auc_score", y, proba, average=None,
                                    confidence_level=0.9)
        np.testing.assert_allclose(low, ref.confidence_interval.low)
        assert "scores" not in r.intervals
        assert "have no analytic interval" in note
    big = quality_report(np.tile(y, 20), np.tile(pred, 20), y_score=np.tile(proba, (20, 1)),
                         confidence_level=0.9, n_resamples=1000, sections=["scores"])
    assert "scores" not in big.intervals
    assert "score metrics: no interval" in " ".join(str(big).split())


def test_truncated_rows_say_why_they_are_shown():
    rng = np.random.default_rng(0)
    k = 200
    y = rng.integers(0, k, 6000)
    pred = np.where(rng.random(6000) < 0.8, y, rng.integers(0, k, 6000))
    r = quality_report(y, pred, max_rows=10)
    lines = str(r).splitlines()
    assert lines[2].split()[-2:] == ["shown", "as"]
    rows = lines[3:13]
    assert [line.split()[-2:] for line in rows[:5]] == [["lowest", "F1"]] * 5
    assert [line.split()[-1] for line in rows[5:]] == ["largest"] * 5
    worst = [float(line.split()[3]) for line in rows[:5]]
    assert worst == sorted(worst) and max(worst) <= np.sort(r.per_class["fscore"])[4] + 1e-4
    supports = [int(line.split()[6]) for line in rows[5:]]
    assert supports == sorted(supports, reverse=True)


def test_html_cells_do_not_wrap_and_ipython_shows_the_table(data):
    y, pred, _, _, _ = data
    r = quality_report(y, pred, confidence_level=0.9, n_resamples=50, random_state=0)
    html = r.to_html()
    assert html.count("<td ") == html.count("white-space:nowrap") - html.count("<th ")
    cell = next(c for c in _html_cells(html) if "[" in c)
    assert "\n" not in cell

    class Printer:
        def __init__(self):
            self.out = ""

        def text(self, text):
            self.out += text

    printer = Printer()
    r._repr_pretty_(printer, False)
    assert printer.out == str(r)
    assert repr(r).startswith("<QualityReport: 5 classes, accuracy")


def test_groups_table_sorted_worst_first_with_intervals(data):
    pytest.importorskip("pandas")
    y, pred, _, _, w = data
    region = np.array(["north", "south", "east"])[np.arange(y.size) % 3]
    pred = pred.copy()
    pred[(region == "east") & (np.arange(y.size) % 2 == 0)] = 0  # east: the worst group
    r = quality_report(y, pred, groups={"region": region}, confidence_level=0.9,
                       n_resamples=200, random_state=1)
    frame = r.to_frame("groups")
    assert list(frame.index) == list(frame.sort_values("mean_class_fscore").index)
    assert frame.index[0] == "east" and frame.index.name == "region"
    for key in frame.index:
        keep = region == key
        assert frame.loc[key, "accuracy"] == msk.accuracy_score(y[keep], pred[keep])
        assert frame.loc[key, "mean_class_fscore"] == pytest.approx(
            skm.f1_score(y[keep], pred[keep], average="macro"), rel=1e-13)
        assert frame.loc[key, "mean_class_fscore low"] < frame.loc[key, "mean_class_fscore"]
        assert frame.loc[key, "accuracy high"] > frame.loc[key, "accuracy"]
        assert frame.loc[key, "support"] == keep.sum()
    text = str(r)
    assert "By group, worst first (lowest macro F1)" in text
    block = text[text.index("By group"):].splitlines()
    assert block[1].split()[0] == "region" and block[2].split()[0] == "east"
    assert "3 groups" in text.splitlines()[0]
    # weighted: analytic intervals per group, said in a note
    weighted = quality_report(y, pred, groups=region, sample_weight=w,
                              confidence_level=0.9, sections=["groups"])
    assert "groups: analytic intervals" in " ".join(str(weighted).split())
    assert weighted.to_dict()["groups"]["east"]["support"] == pytest.approx(
        w[region == "east"].sum())
    # crossed groups and the limit on rows
    crossed = quality_report(y, pred, groups={"region": region, "parity": y % 2},
                             max_rows=2, sections=["groups"])
    assert crossed.to_frame("groups").index.names == ["region", "parity"]
    assert "4 of 6 groups not shown" in " ".join(str(crossed).split())


def test_groups_equal_fairlearn(data):
    fairlearn = pytest.importorskip("fairlearn.metrics")
    y, pred, _, _, _ = data
    groups = np.array(list("abcd"))[np.arange(y.size) % 4]
    r = quality_report(y, pred, groups=groups, sections=["groups"])
    mf = fairlearn.MetricFrame(
        metrics={"accuracy": skm.accuracy_score,
                 "balanced_accuracy": skm.balanced_accuracy_score},
        y_true=y, y_pred=pred, sensitive_features=groups)
    frame = r.to_frame("groups")
    for column in ("accuracy", "balanced_accuracy"):
        np.testing.assert_allclose(frame[column].sort_index(), mf.by_group[column],
                                   rtol=1e-13)


def test_plot_groups_renders(tmp_path, data):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    y, pred, _, _, _ = data
    groups = np.array([f"segment_{i}" for i in range(8)])[np.arange(y.size) % 8]
    r = quality_report(y, pred, groups=groups, confidence_level=0.9, interval="analytic")
    fig = r.plot_groups(max_groups=5)
    assert [ax.get_title() for ax in fig.axes] == ["macro F1", "balanced accuracy",
                                                   "accuracy"]
    ticks = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert ticks == [str(g) for g in r.to_frame("groups").index[:5]]
    assert "the 5 worst of 8 groups" in fig._suptitle.get_text()
    fig.savefig(tmp_path / "groups.png", dpi=80)
    assert (tmp_path / "groups.png").stat().st_size > 5000
    plt.close(fig)
    one = r.plot_groups(metrics=["accuracy"])
    assert len(one.axes) == 1
    plt.close(one)
    with pytest.raises(ValueError, match="metrics must be"):
        r.plot_groups(metrics=["f1"])
    with pytest.raises(ValueError, match="no groups"):
        quality_report(y, pred).plot_groups()


def test_cli_group_flag(tmp_path, capsys, data):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    from metrics_sk._display import cli as _cli

    y, pred, _, _, _ = data
    region = np.array(["north", "south", "east"])[np.arange(y.size) % 3]
    device = np.array(["ios", "android"])[np.arange(y.size) % 2]
    path = tmp_path / "p.csv"
    pd.DataFrame({"y": y, "p": pred, "region": region, "device": device}).to_csv(path,
                                                                               index=False)
    assert _cli.main(["report", str(path), "--true", "y", "--pred", "p", "--group", "region",
                      "--group", "device", "--plot", str(tmp_path / "cm.png"), "-q"]) == 0
    out = capsys.readouterr().out
    expected = quality_report(y, pred, groups={"region": region, "device": device})
    assert out == str(expected) + "\n"
    assert (tmp_path / "cm_groups.png").stat().st_size > 5000
    assert _cli.main(["report", str(path), "--true", "y", "--pred", "p", "--group", "region",
                      "--format", "csv"]) == 0
    rows = [line.split(",") for line in capsys.readouterr().out.splitlines()]
    assert {r[1] for r in rows if r[0] == "group"} == {"north", "south", "east"}


@pytest.mark.parametrize("kwargs, match", [
    ({"confidence_level": 1.5}, "confidence_level"), ({"n_resamples": 1}, "n_resamples"),
    ({"interval": "exact"}, "interval"), ({"from_logits": "yes"}, "from_logits"),
    ({"digits": 2.5}, "digits"),
])
def test_parameters_checked_once_from_constraints(kwargs, match):
    from sklearn.utils._param_validation import InvalidParameterError

    with pytest.raises(InvalidParameterError, match=f"'{match}' parameter of quality_report"):
        quality_report([0, 1], [0, 1], **kwargs)


@pytest.mark.parametrize("weighted", [False, True])
def test_group_analytic_intervals_in_one_batch_are_each_groups(weighted):
    """The analytic intervals of all the groups, computed at once, are each group's own
    analytic_interval on its rows (weights included)."""
    rng = np.random.default_rng(21)
    n = 3000
    y = rng.integers(0, 3, n)
    pred = np.where(rng.random(n) < 0.6, y, rng.integers(0, 3, n))
    groups = rng.integers(0, 25, n)
    w = rng.uniform(0.5, 2.0, n) if weighted else None
    r = quality_report(y, pred, groups=groups, sample_weight=w, confidence_level=0.9,
                       interval="analytic")
    table = r.to_frame("groups")
    metrics = {"mean_class_fscore": ("f1_score", {"average": "macro"}),
               "balanced_accuracy": ("balanced_accuracy_score", {}),
               "accuracy": ("accuracy_score", {})}
    for key, row in table.iterrows():
        rows = groups == key
        for column, (name, kwargs) in metrics.items():
            ref = msk.analytic_interval(name, y[rows], pred[rows], confidence_level=0.9,
                                        sample_weight=None if w is None else w[rows],
                                        **kwargs)
            assert ref.method != "bootstrap"
            np.testing.assert_allclose([row[f"{column} low"], row[f"{column} high"]],
                                       ref.confidence_interval, rtol=1e-12, atol=1e-15)


def test_weighted_group_intervals_undefined_are_empty_with_a_note():
    """With sample weights, a group whose analytic interval is undefined (macro F1 1) has
    none (its weight sums cannot be resampled), and a note says how many."""
    y = np.array([0, 1, 0, 1, 0, 1, 1, 0, 0, 1])
    pred = np.array([0, 1, 0, 1, 0, 0, 1, 1, 0, 1])
    groups = np.array([0, 0, 0, 0, 1, 1, 1, 1, 1, 1])
    r = quality_report(y, pred, groups=groups, sample_weight=np.full(10, 1.5),
                       confidence_level=0.9, interval="analytic")
    table = r.to_frame("groups")
    assert table.loc[0, "mean_class_fscore"] == 1.0  # the delta method's logit: undefined
    assert np.isnan(table.loc[0, ["mean_class_fscore low", "mean_class_fscore high"]]).all()
    assert np.isfinite(table.loc[0, ["accuracy low", "accuracy high"]]).all()  # Wilson's
    assert np.isfinite(table.loc[1, ["mean_class_fscore low", "accuracy high"]]).all()
    assert "left empty" in " ".join(r.to_text().split())


def test_named_score_columns_read_by_name_for_every_score_metric(data):
    """A DataFrame of class-named columns in another order: the log loss and the AUCs all
    read each class's own column (scikit-learn on the columns put in class order)."""
    pd = pytest.importorskip("pandas")
    y, pred, proba, _, _ = data
    names = np.array(["ant", "bee", "cat", "dog", "eel"])
    y, pred = names[y], names[pred]
    frame = pd.DataFrame(proba, columns=names)
    shuffled = frame[["dog", "ant", "eel", "cat", "bee"]]
    r = quality_report(y, pred, y_score=shuffled)
    assert r.scores["log_loss"] == pytest.approx(skm.log_loss(y, proba), rel=1e-12)
    assert r.scores["one_vs_all_roc_auc"] == pytest.approx(
        skm.roc_auc_score(y, proba, multi_class="ovr", average="macro"), rel=1e-12)
    onehot = (y[:, None] == names).astype(int)
    np.testing.assert_allclose(r.per_class["roc_auc"],
                               skm.roc_auc_score(onehot, proba, average=None), rtol=1e-12)
    curves = [skm.precision_recall_curve(onehot[:, k], proba[:, k]) for k in range(5)]
    np.testing.assert_allclose(r.per_class["pr_auc"],
                               [skm.auc(rc, p) for p, rc, _ in curves], rtol=1e-9)
    # columns not named by the classes are read by position
    unnamed = pd.DataFrame(proba, columns=[f"p{i}" for i in range(5)])
    assert quality_report(y, pred, y_score=unnamed).scores["log_loss"] == pytest.approx(
        skm.log_loss(y, proba), rel=1e-12)
    # names that are partly the classes: refused, naming y_score
    with pytest.raises(ValueError, match="y_score"):
        quality_report(y, pred, y_score=frame.rename(columns={"eel": "fish"}))


def test_threads_leave_the_warnings_filters_alone():
    """quality_report from 8 threads: the process's warnings filters (the user's
    "ignore") are as before, and the report still warns once, through them."""
    import threading

    y, pred = np.tile([0, 1, 2, 0, 1], 20), np.tile([0, 1, 1, 0, 1], 20)  # 2 never predicted
    groups = np.repeat(["a", "b"], 50)
    errors = []
    with warnings.catch_warnings():  # the user's setting, made before the threads start
        warnings.simplefilter("ignore")
        before = list(warnings.filters)
        start = threading.Barrier(8)

        def work():
            try:
                start.wait()
                for _ in range(25):
                    quality_report(y, pred, groups=groups)
            except Exception as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

        threads = [threading.Thread(target=work) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        after = list(warnings.filters)
    assert not errors
    assert after == before
    with pytest.warns(UndefinedMetricWarning, match="precision of class 2") as caught:
        quality_report(y, pred)
    assert len([w for w in caught if w.category is UndefinedMetricWarning]) == 1


def test_label_with_a_line_break_keeps_its_row():
    """A newline (or another control character) in a class or group name is written as
    its escape: the text and Markdown tables have as many lines as with a plain name."""
    y, pred = ["a\nb", "c", "c", "d\x00e"], ["a\nb", "c", "a\nb", "d\x00e"]
    plain = [v.replace("\n", "_").replace("\x00", "_") for v in y], \
        [v.replace("\n", "_").replace("\x00", "_") for v in pred]
    groups, plain_groups = ["g\rh", "i", "i", "i"], ["g_h", "i", "i", "i"]
    r = quality_report(y, pred, groups=groups, zero_division=0.0)
    p = quality_report(*plain, groups=plain_groups, zero_division=0.0)
    for form in ("to_text", "to_markdown"):
        lines, expected = getattr(r, form)().splitlines(), getattr(p, form)().splitlines()
        assert len(lines) == len(expected), form
        assert any(line.lstrip("| ").startswith("a\\nb ") for line in lines), form
        assert any(line.lstrip("| ").startswith("g\\rh ") for line in lines), form
        assert any("d\\x00e" in line for line in lines), form
    assert list(r.to_dict()["per_class"]) == ["a\nb", "c", "d\x00e"]  # data forms: as is


def test_bytes_labels_in_json_are_their_str():
    """Bytes labels: JSON has no bytes; each is written as its ``str`` (``"b'a'"``, the
    name the tables and the ``to_dict`` keys give it: lossless, never equal to a text
    label)."""
    y, pred = [b"a", b"b\xff", b"a", b"a"], [b"a", b"a", b"b\xff", b"a"]
    r = quality_report(y, pred, zero_division=0.0)
    data = json.loads(r.to_json())
    assert data["labels"] == ["b'a'", "b'b\\xff'"]
    assert list(data["per_class"]) == data["labels"]
    # scikit-learn refuses bytes labels: the same labels as text
    p, rc, _, _ = skm.precision_recall_fscore_support(
        [v.decode("latin-1") for v in y], [v.decode("latin-1") for v in pred],
        zero_division=0.0)
    assert [data["per_class"][k]["precision"] for k in data["labels"]] == pytest.approx(p)
    assert [data["per_class"][k]["recall"] for k in data["labels"]] == pytest.approx(rc)


def test_sorted_ranking_under_integer_weights_equals_scikit_learn():
    # One sort, many weightings: each row of multinomial counts is the resample, as
    # scikit-learn's ROC AUC and PR curve see it with those counts as sample weights.
    from metrics_sk._auc import SortedRanking

    rng = np.random.default_rng(4)
    n = 200
    scores = np.round(rng.normal(size=n), 1)  # ties
    is_pos = rng.random(n) < 0.3
    counts = rng.multinomial(n, np.full(n, 1 / n), size=6).astype(np.float64)
    roc, pr = SortedRanking(scores, is_pos).evaluate(counts)
    for i, w in enumerate(counts):
        assert roc[i] == pytest.approx(skm.roc_auc_score(is_pos, scores, sample_weight=w),
                                       rel=1e-12)
        precision, recall, _ = skm.precision_recall_curve(is_pos, scores, sample_weight=w)
        assert pr[i] == pytest.approx(skm.auc(recall, precision), rel=1e-12)


def test_report_score_bootstrap_sorted_once_equals_the_per_sample_bootstrap():
    # The report's score intervals from replicates as integer weights on rankings sorted
    # once equal the per-sample bootstrap of the score functions (same draws), including
    # replicates that miss the rare class (evaluated on their rows) and tied scores.
    from metrics_sk._inference.bootstrap import index_bootstrap
    from metrics_sk._inference.resampling import flatten, make_rng
    from metrics_sk._display.report_layout import score_values

    rng = np.random.default_rng(5)
    n, k = 150, 4
    y = np.r_[[3, 3], rng.integers(0, 3, n - 2)]  # class 3: about e**-2 of the draws miss it
    logits = np.round(rng.normal(size=(n, k)) + 1.5 * np.eye(k)[y], 1)
    proba = np.exp(logits) / np.exp(logits).sum(1, keepdims=True)
    labels = np.arange(k)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = quality_report(y, proba.argmax(1), y_score=proba, confidence_level=0.9,
                           n_resamples=200, random_state=3, sections=["classes", "scores"])

        def statistic(t, s, sample_weight=None):
            return score_values(t, s, labels=labels, sample_weight=sample_weight)

        leaves = []
        rebuild = flatten(statistic(y, proba), leaves)
        results = index_bootstrap(statistic, y, proba, None, {}, 200, 0.9, "percentile",
                                  make_rng(3))
    draws = np.random.default_rng(3)  # the replicates' draws
    missing = sum(not (y[draws.integers(0, n, n)] == 3).any() for _ in range(200))
    assert 5 < missing < 195
    per_class, _, scores = rebuild([res.confidence_interval for res in results])
    for key in ("roc_auc", "pr_auc"):
        np.testing.assert_allclose(r.intervals["per_class"][key], per_class[key],
                                   rtol=1e-12, equal_nan=True)
    for key, ci in scores.items():
        np.testing.assert_allclose(r.intervals["scores"][key], ci, rtol=1e-12)


def test_slow_score_bootstrap_says_so_on_stderr(data, monkeypatch, capsys):
    from metrics_sk._display import report_intervals as _report

    y, pred, proba, _, w = data
    monkeypatch.setattr(_report._Progress, "SECONDS", 0.0)  # any duration is "slow"
    for weights in (None, w):  # sorted once, and per sample (weighted)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            quality_report(y, pred, y_score=proba, sample_weight=weights,
                           confidence_level=0.9, n_resamples=30, random_state=0)
        err = capsys.readouterr().err
        assert "quality_report: score bootstrap: 30 resamples of" in err
        assert "done in" in err


def test_labels_keep_every_sample_in_the_report():
    """``labels=`` chooses the classes shown; the sample count and the whole-table metrics
    are over every sample, as scikit-learn's on the same samples."""
    t, p = [0, 1, 2, 2, 2, 0], [0, 1, 1, 0, 2, 2]
    r = quality_report(t, p, labels=[0, 1])
    d = r.to_dict()
    assert d["labels"] == [0, 1] and d["total"] == 6
    assert d["overall"]["accuracy"] == pytest.approx(skm.accuracy_score(t, p))  # 0.5
    assert d["overall"]["matthews_corrcoef"] == pytest.approx(skm.matthews_corrcoef(t, p))
    assert d["overall"]["cohen_kappa"] == pytest.approx(skm.cohen_kappa_score(t, p))
    ref = skm.precision_recall_fscore_support(t, p, labels=[0, 1], average="macro")
    assert d["averages"]["macro"]["recall"] == pytest.approx(ref[1])
    text = str(r)
    assert "6 samples" in text and "accuracy                    0.5000" in text
