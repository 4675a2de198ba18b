"""metrics_sk.catboost.eval_metric against catboost.utils.eval_metric itself."""

import contextlib
import io

import numpy as np
import pytest

from metrics_sk.catboost import METRICS, eval_metric, parse_metric

catboost_utils = pytest.importorskip("catboost.utils")

MULTICLASS = [
    "MultiClass", "MultiClassOneVsAll", "Accuracy", "Accuracy:type=Classic", "Precision",
    "Recall", "F:beta=2", "F:beta=0.5", "F1", "TotalF1", "TotalF1:average=Weighted",
    "TotalF1:average=Macro", "TotalF1:average=Micro", "MCC", "HingeLoss", "HammingLoss",
    "ZeroOneLoss", "Kappa", "WKappa", "AUC", "AUC:type=Mu",
    "AUC:misclass_cost_matrix=0/0.5/2/1/1/0/1/3/0/0.5/0/1/2/1/-3/0",
    "AUC:type=Mu;misclass_cost_matrix=0/1/-1/1/1/0/1/1/1/-1/0/1/1/1/-1/0",
    "Precision:proba_border=0.3;use_weights=false", "Recall:hints=skip_train~false",
]
BINARY = [
    "Logloss", "Accuracy", "Precision", "Recall", "F:beta=2", "F1", "TotalF1",
    "TotalF1:average=Macro", "TotalF1:average=Micro", "MCC", "HingeLoss", "HammingLoss",
    "ZeroOneLoss", "Kappa", "WKappa", "AUC", "AUC:type=Classic", "PRAUC", "BalancedAccuracy",
    "Accuracy:proba_border=0.3", "Precision:proba_border=0.8", "F1:proba_border=0.1",
    "BalancedAccuracy:proba_border=0.7", "MCC:proba_border=0.6;use_weights=true",
]


def reference(y, approx, metric, w=None):
    with contextlib.redirect_stdout(io.StringIO()):  # CatBoost's "Setting Precision ..." log
        return catboost_utils.eval_metric(y, approx, metric, weight=w, thread_count=1)


def check(y, approx, metric, w=None, rtol=1e-12):
    expected = reference(y, approx, metric, w)
    got = eval_metric(y, approx, metric, sample_weight=w)
    assert isinstance(got, list) and all(isinstance(v, float) for v in got)
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=1e-14, equal_nan=True,
                               err_msg=metric)


def dataset(seed, *, n=40, k=4, ties=False, weights=None, absent=False):
    """Random approxes and targets; ``ties`` uses small integers (many equal scores),
    ``absent`` leaves class ``k - 1`` out of the targets, ``weights`` is None, "float"
    (not float32-exact) or "int" (some zeros)."""
    rng = np.random.default_rng(seed)
    approx = rng.integers(-2, 3, (n, k)).astype(float) if ties else rng.normal(size=(n, k))
    y = rng.integers(0, k - 1 if absent else k, n).astype(float)
    w = {None: None, "float": rng.uniform(0.1, 2, n), "int": rng.integers(0, 3, n).astype(float)}
    return y, approx, w[weights]


CASES = [dict(seed=s, ties=t, weights=w, absent=a)
         for s, (t, w, a) in enumerate([(False, None, False), (True, None, False),
                                        (False, "float", False), (True, "int", False),
                                        (False, None, True), (True, "float", True)])]


@pytest.mark.parametrize("case", CASES, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_multiclass_metrics_match_catboost(case):
    y, approx, w = dataset(**case)
    approx.flags.writeable = False
    for metric in MULTICLASS:
        check(y, approx, metric, w)
    if not case["absent"]:
        check(y, approx, "PRAUC", w)
        check(y, approx, "PRAUC:type=OneVsAll", w)


@pytest.mark.parametrize("case", CASES, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_binary_metrics_match_catboost(case):
    y, approx, w = dataset(**case)
    yb, f = (y > 1).astype(float), approx[:, 0]
    for metric in BINARY:
        check(yb, f, metric, w)
    check(yb, approx[:, :1], "Accuracy", w)  # an (n, 1) approx is binary too


@pytest.mark.parametrize("weights", [None, "float"])
def test_one_vs_all_auc_on_softmax_probabilities(weights):
    """CatBoost's softmax uses an approximate vectorised exp, so probabilities that are
    equal only up to rounding may tie or not; exactly repeated rows tie in both, and
    continuous approxes agree."""
    y, approx, w = dataset(3, weights=weights)
    check(y, approx, "AUC:type=OneVsAll", w)
    approx[20:30] = approx[:10]  # the same softmax rows: exact ties
    y[20:25] = y[:5]
    check(y, approx, "AUC:type=OneVsAll", w)
    yb = y.copy()
    yb[yb == 3] = 0  # an absent class scores 0
    check(yb, approx, "AUC:type=OneVsAll", w)


def test_two_columns_are_multiclass():
    y, approx, w = dataset(9, k=2, weights="float")
    for metric in ("AUC", "PRAUC", "Precision", "TotalF1", "MultiClass", "HingeLoss"):
        check(y, approx, metric, w)


def test_binary_soft_targets_for_auc_and_logloss():
    rng = np.random.default_rng(4)
    t = rng.uniform(size=30).round(2)
    t[:3] = [0, 1, 1]
    f = rng.normal(size=30)
    for w in (None, rng.uniform(0.1, 2, 30)):
        check(t, f, "AUC", w)
        check(t, f, "Logloss", w)
        check(t, f, "PRAUC", w)  # only targets == 1 are positive


def test_prauc_groups_scores_within_1e8():
    y = np.array([1, 0, 1, 0, 0, 1.0])
    f = np.array([0.5, 0.5 + 3e-9, 0.2, 0.2 + 6e-9, 0.2 + 1.2e-8, 0.9])
    check(y, f, "PRAUC")
    # by hand: the groups within 1e-8 are {0.9: +}, {0.5, 0.5+3e-9: +-} and the chain
    # {0.2, 0.2+6e-9, 0.2+1.2e-8: +--}; (recall, precision) goes (0, 1), (1/3, 1),
    # (2/3, 2/3), (1, 1/2) and the trapezoids sum to 1/3 + 5/18 + 7/36 = 29/36
    assert eval_metric(y, f, "PRAUC") == pytest.approx([29 / 36], abs=1e-15)


@pytest.mark.parametrize("binary", [False, True])
def test_all_zero_weights(binary):
    y, approx, _ = dataset(5)
    w = np.zeros(len(y))
    if binary:
        y, approx = (y > 1).astype(float), approx[:, 0]
    names = BINARY if binary else MULTICLASS
    for metric in names:
        if metric != "PRAUC":
            check(y, approx, metric, w)
    with pytest.raises(ValueError, match="No element of a positive class"):
        eval_metric(y, approx, "PRAUC", sample_weight=w)


def test_single_class_targets():
    y, approx, _ = dataset(6)
    y[:] = 1
    for metric in MULTICLASS:
        check(y, approx, metric)
    check(np.zeros(len(y)), approx[:, 0], "BalancedAccuracy")
    check(np.zeros(len(y)), approx[:, 0], "AUC")


def test_fractional_multiclass_targets_are_truncated():
    y, approx, _ = dataset(7)
    for metric in ("Accuracy", "MultiClass", "AUC", "WKappa"):
        check(y + 0.7, approx, metric)


@pytest.mark.parametrize("y, approx, metric, match", [
    ([0, 1], [[1, 2], [3, 4]], "Foo", "Unknown CatBoost metric 'Foo'"),
    ([0, 1], [[1, 2], [3, 4]], "accuracy", "Unknown CatBoost metric 'accuracy'"),
    ([0, 1], [[1, 2], [3, 4]], "Accuracy:foo=1", r"Accuracy metric has no parameter 'foo'"),
    ([0, 1], [[1, 2], [3, 4]], "MultiClass:proba_border=0.5", "no parameter 'proba_border'"),
    ([0, 1], [[1, 2], [3, 4]], "F1:beta=2", "F1 metric has no parameter 'beta'"),
    ([0, 1], [[1, 2], [3, 4]], "F", "requires beta"),
    ([0, 1], [[1, 2], [3, 4]], "F:beta=0", "positive"),
    ([0, 1], [[1, 2], [3, 4]], "Accuracy:", "Invalid metric description"),
    ([0, 1], [[1, 2], [3, 4]], "Accuracy:use_weights", "Invalid metric description"),
    ([0, 1], [[1, 2], [3, 4]], "Accuracy:use_weights=maybe", "true or false"),
    ([0, 1], [[1, 2], [3, 4]], "Accuracy:use_weights=1;use_weights=0", "Duplicated"),
    ([0, 1], [[1, 2], [3, 4]], "TotalF1:average=weighted", "average='weighted'"),
    ([0, 1], [[1, 2], [3, 4]], "AUC:type=Classic", "type='Classic'"),
    ([0, 1], [[1, 2], [3, 4]], "AUC:misclass_cost_matrix=0/1/1", "needs 2x2"),
    ([0, 1], [[1, 2], [3, 4]], "AUC:misclass_cost_matrix=1/1/1/0", "zero diagonal"),
    ([0, 1], [[1, 2], [3, 4]], "AUC:misclass_cost_matrix=0/a/1/0", "Cannot parse"),
    ([0, 1], [[1, 2], [3, 4]], "AUC:type=OneVsAll;misclass_cost_matrix=0/1/1/0", "type=Mu only"),
    ([0, 1], [[1, 2], [3, 4]], "Logloss", "single-dimensional"),
    ([0, 1], [[1, 2], [3, 4]], "BalancedAccuracy", "only for binary"),
    ([0, 1], [[1, 2], [3, 4]], "HingeLoss:border=0.5", "not supported by metrics_sk"),
    ([0, 1], [1.0, 2.0], "AUC:type=Mu", "type='Mu'"),
    ([0, 1], [1.0, 2.0], "AUC:type=Ranking", "type='Ranking'"),
    ([0, 1], [1.0, 2.0], "MultiClass", "n_samples, n_classes"),
    ([0, 2], [1.0, 2.0], "AUC", r"segment \[0, 1\]"),
    ([0, 0], [1.0, 2.0], "PRAUC", "No element of a positive class"),
    ([0, 1, 1], [[1, 2, 0], [3, 4, 0], [1, 1, 0]], "PRAUC", "No element of a positive class"),
    ([0, 3], [[1, 2, 0], [3, 4, 0]], "Accuracy", r"classes \[3\] outside 0..2"),
    ([0, -1], [[1, 2, 0], [3, 4, 0]], "Accuracy", r"classes \[-1\]"),
    ([0, 1], [[1, np.nan], [3, 4]], "Accuracy", "approx contains NaN"),
    ([0, 1, 1], [[1, 2], [3, 4]], "Accuracy", "inconsistent numbers of samples"),
    (["a", "b"], [[1, 2], [3, 4]], "Accuracy", "y_true must hold numbers"),
])
def test_errors_name_the_problem(y, approx, metric, match):
    with pytest.raises(ValueError, match=match):
        eval_metric(y, approx, metric)


def test_negative_weights_and_parse():
    with pytest.raises(ValueError, match="sample_weight contains negative"):
        eval_metric([0, 1], [[1, 2], [3, 4]], "Accuracy", sample_weight=[1, -1])
    assert parse_metric("F:beta=2;use_weights=false") == ("F", {"beta": "2",
                                                               "use_weights": "false"})
    assert {"MultiClass", "AUC", "PRAUC", "WKappa", "TotalF1"} <= set(METRICS)


def test_auc_mu_ranks_catboosts_rounded_score_differences():
    """Issue 15: CatBoost ranks ``(S - a_i) - (S - a_j)``, where the exact tie of
    ``a_i - a_j`` here (0.5 and 0.5) breaks; ``roc_auc_mu_score`` keeps the exact tie."""
    import metrics_sk as msk

    a = [[-1.0, -1.5, -0.5], [-0.4, -0.9, -0.3]]
    for metric in ("AUC", "AUC:type=Mu", "AUC:misclass_cost_matrix=0/1/2/1/0/1/2/1/0"):
        check([0, 1], a, metric)
    assert eval_metric([0, 1], a, "AUC") == [0.0]
    with pytest.warns(UserWarning, match="do not occur in y_true"):  # class 2 absent
        exact = msk.roc_auc_mu_score([0, 1], a, labels=[0, 1, 2])
    assert exact == pytest.approx(0.5 * 2 / 6, abs=1e-15)  # the tied pair 1/2, two pairs 0


@pytest.mark.parametrize("seed", range(8))
def test_auc_mu_matches_catboost_on_one_decimal_approxes(seed):
    """One-decimal approxes make many differences that are exact ties in real numbers
    and not in CatBoost's floating point."""
    rng = np.random.default_rng(seed)
    approx = rng.normal(size=(80, 4)).round(1)
    y = rng.integers(0, 4, 80).astype(float)
    w = rng.uniform(0.1, 2, 80) if seed % 2 else None
    for metric in ("AUC", "AUC:misclass_cost_matrix=0/0.5/2/1/1/0/1/3/0/0.5/0/1/2/1/-3/0",
                   "AUC:misclass_cost_matrix=0/0.1/0.2/0.3/0.3/0/0.7/0.1/0.2/0.3/0/0.1/0.7/0.2/0.1/0"):
        check(y, approx, metric, w)


def test_one_vs_all_positives_are_targets_equal_to_the_class():
    """Issue 15: CatBoost's one-vs-all AUC and PRAUC count ``target == k`` as the
    positives of class k; a fractional target is a negative of every class."""
    y = [0.0, 1.5, 1.0, 0.0]
    approx = [[2, .1], [.3, 1.2], [.2, .9], [1.1, .4]]
    for metric in ("PRAUC", "PRAUC:type=OneVsAll", "AUC:type=OneVsAll"):
        check(y, approx, metric)
    assert eval_metric(y, approx, "PRAUC:type=OneVsAll") == pytest.approx([1.0, 0.25])
    y, approx, w = dataset(11, weights="float")
    y[::3] += 0.5
    for metric in ("PRAUC", "AUC:type=OneVsAll", "AUC", "Accuracy"):
        check(y, approx, metric, w)
