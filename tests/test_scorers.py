"""Scorers: the objects, the docs table, and registration as scikit-learn scoring strings.

Registration changes scikit-learn's state for the whole process, so everything that
registers runs in a fresh interpreter (a subprocess); the tests in this process only
build scorer objects and leave scikit-learn as they found it.
"""

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
import sklearn
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, get_scorer_names as sklearn_scorer_names
from sklearn.metrics import make_scorer

import metrics_sk as msk
from metrics_sk import _sklearn_compat
from metrics_sk._registry import SCORER_NAMES
from metrics_sk._scorers import scorers_table_rst

ROOT = Path(__file__).resolve().parents[1]

REQUIRED = {"average_accuracy", "neg_error_rate", "micro_precision", "micro_recall",
            "micro_fscore", "macro_precision", "macro_recall", "macro_fscore", "specificity",
            "balanced_auc", "roc_auc_mu", "neg_one_vs_all_log_loss", "weighted_kappa"}
#: The operating points of a binary scoring: their minimum in the name (get_scorer takes a
#: name only).
OPERATING_POINTS = {f"{name}_{m}" for name in ("recall_at_precision", "precision_at_recall",
                                               "sensitivity_at_specificity",
                                               "specificity_at_sensitivity")
                    for m in (90, 95)} | {"neg_equal_error_rate"}
BINARY_ONLY = {"specificity", "balanced_auc"} | OPERATING_POINTS  # average="binary"
# Score metrics: on a binary target scikit-learn passes the positive class's column only.
SCORE_METRICS = {"roc_auc_mu", "neg_one_vs_all_log_loss", "one_vs_all_roc_auc",
              "one_vs_all_roc_auc_weighted", "one_vs_all_pr_auc", "one_vs_all_pr_auc_weighted",
              "neg_calibration_error"}

# The checks shared by the test process and the subprocesses: for each scorer name,
# the metric computed by hand from a fitted estimator ``e`` on ``X, y``.
HAND_SOURCE = textwrap.dedent('''
    import metrics_sk as msk

    def _on(method, metric, sign=1, **kwargs):
        def by_hand(e, X, y):
            return sign * metric(y, getattr(e, method)(X), **kwargs)
        return by_hand

    HAND = {
        "average_accuracy": _on("predict", msk.average_accuracy_score),
        "neg_error_rate": _on("predict", msk.error_rate, -1),
        "micro_precision": _on("predict", msk.micro_precision_score),
        "micro_recall": _on("predict", msk.micro_recall_score),
        "micro_fscore": _on("predict", msk.micro_fbeta_score),
        "macro_precision": _on("predict", msk.macro_precision_score),
        "macro_recall": _on("predict", msk.macro_recall_score),
        "macro_fscore": _on("predict", msk.macro_fbeta_score),
        "macro_f2": _on("predict", msk.macro_fbeta_score, beta=2),
        "macro_f05": _on("predict", msk.macro_fbeta_score, beta=0.5),
        "specificity": _on("predict", msk.specificity_score),
        "balanced_auc": _on("predict", msk.balanced_auc_score),
        "cohen_kappa": _on("predict", msk.cohen_kappa_score),
        "weighted_kappa": _on("predict", msk.cohen_kappa_score, weights="quadratic"),
        "weighted_kappa_linear": _on("predict", msk.cohen_kappa_score, weights="linear"),
    }
    for _average in ("micro", "macro", "weighted"):
        HAND[f"specificity_{_average}"] = _on("predict", msk.specificity_score,
                                              average=_average)
        HAND[f"balanced_auc_{_average}"] = _on("predict", msk.balanced_auc_score,
                                               average=_average)
    HAND["roc_auc_mu"] = _on("decision_function", msk.roc_auc_mu_score)
    HAND["neg_one_vs_all_log_loss"] = _on("predict_proba", msk.one_vs_all_log_loss, -1)
    HAND["neg_hinge_loss"] = _on("decision_function", msk.hinge_loss, -1)
    for _auc in ("roc", "pr"):
        _metric = getattr(msk, f"one_vs_all_{_auc}_auc_score")
        HAND[f"one_vs_all_{_auc}_auc"] = _on("predict_proba", _metric)
        HAND[f"one_vs_all_{_auc}_auc_weighted"] = _on("predict_proba", _metric,
                                                      average="weighted")
    for _point, _minimum in (("recall_at_precision", "min_precision"),
                             ("precision_at_recall", "min_recall"),
                             ("sensitivity_at_specificity", "min_specificity"),
                             ("specificity_at_sensitivity", "min_sensitivity")):
        for _m in (90, 95):
            HAND[f"{_point}_{_m}"] = _on("decision_function", getattr(msk, _point),
                                         **{_minimum: _m / 100})
    HAND["neg_equal_error_rate"] = _on("decision_function", msk.equal_error_rate, -1)

    def _calibration(e, X, y):  # a binary target: the positive class's probability (1-D)
        proba = e.predict_proba(X)
        return -msk.calibration_error(y, proba[:, 1] if proba.shape[1] == 2 else proba)
    HAND["neg_calibration_error"] = _calibration

    # A scorer added since (a registry entry, nothing else): its metric, sign and
    # response method as the registry states them.
    from metrics_sk._registry import SCORER_NAMES
    for _name, (_m, _kwargs) in SCORER_NAMES.items():
        if _name not in HAND:
            _response = (_m.response_method if isinstance(_m.response_method, str)
                         else _m.response_method[0])
            HAND[_name] = _on(_response, _m.function, 1 if _m.greater_is_better else -1,
                              **_kwargs)
''')
_namespace = {}
exec(HAND_SOURCE, _namespace)  # the same checks here as in the subprocesses
HAND = _namespace["HAND"]


def run_script(body, *args, timeout=240):
    """Run ``body`` (with ``HAND`` defined) in a fresh interpreter; it must print OK."""
    code = HAND_SOURCE + textwrap.dedent(body)
    done = subprocess.run([sys.executable, "-c", code, *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0 and done.stdout.strip().endswith("OK"), (
        f"stdout:\n{done.stdout}\nstderr:\n{done.stderr[-6000:]}")
    return done.stdout


# --- scorer objects (no registration) ------------------------------------------------


def test_names():
    names = msk.get_scorer_names()
    assert names == sorted(names) and set(names) == SCORER_NAMES.keys() and REQUIRED <= set(names)
    assert not set(names) & set(sklearn_scorer_names()), "never shadow scikit-learn's names"


def test_every_name_has_a_hand_computed_check():
    assert set(msk.get_scorer_names()) == HAND.keys()


@pytest.fixture(scope="module")
def split():
    """One train/test split of iris, with a model fitted on the train part."""
    X, y = load_iris(return_X_y=True)
    rng = np.random.default_rng(0)
    test = rng.permutation(len(y))[:50]
    train = np.setdiff1d(np.arange(len(y)), test)
    model = LogisticRegression(max_iter=1000).fit(X[train], y[train])
    binary = np.isin(y, [1, 2])  # versicolor against virginica, as 0 / 1
    Xb, yb = X[binary], (y[binary] == 2).astype(int)
    model_b = LogisticRegression(max_iter=1000).fit(Xb[::2], yb[::2])
    return {"multi": (model, X[test], y[test]), "binary": (model_b, Xb[1::2], yb[1::2])}


@pytest.mark.parametrize("name", sorted(HAND))
def test_scorer_equals_metric_by_hand(name, split):
    scorer = msk.get_scorer(name)
    assert type(scorer) is type(make_scorer(accuracy_score))  # a plain make_scorer object
    assert (scorer._sign == -1) == name.startswith("neg_")
    targets = {"binary"} if name in BINARY_ONLY else {"multi", "binary"}
    for model, X, y in (split[target] for target in sorted(targets)):
        assert scorer(model, X, y) == pytest.approx(HAND[name](model, X, y), abs=1e-12)


def test_response_methods():
    response = {name: msk.get_scorer(name)._response_method for name in SCORER_NAMES}
    assert response.pop("roc_auc_mu")[0] == "decision_function"  # raw scores, else proba
    assert response.pop("neg_hinge_loss") == "decision_function"
    for name in OPERATING_POINTS:  # raw scores, else the positive class's probability
        assert response.pop(name) == ("decision_function", "predict_proba"), name
    for name in SCORE_METRICS - {"roc_auc_mu"}:
        assert response.pop(name) == "predict_proba", name
    assert set(response.values()) == {"predict"}  # the count metrics


def test_score_metrics_take_the_binary_column_scikit_learn_passes(split):
    model, X, y = split["binary"]
    proba = model.predict_proba(X)  # two columns, as the hand computation uses
    for name in ("roc_auc_mu", "one_vs_all_roc_auc", "one_vs_all_pr_auc"):
        assert msk.get_scorer(name)(model, X, y) == pytest.approx(
            HAND[name](model, X, y), abs=1e-12)
    assert msk.get_scorer("roc_auc_mu")(model, X, y) == pytest.approx(
        msk.one_vs_all_roc_auc_score(y, proba), abs=1e-12)


def test_get_scorer_fresh_object_and_errors():
    assert msk.get_scorer("macro_fscore") is not msk.get_scorer("macro_fscore")
    with pytest.raises(ValueError, match="not a metrics_sk scorer.*sklearn.metrics.get_scorer"):
        msk.get_scorer("accuracy")
    with pytest.raises(ValueError, match="macro_fscore"):
        msk.get_scorer("macro_f1")


REGENERATE = ("python -c 'from metrics_sk._scorers import scorers_table_rst as t; "
              "print(t(), end=\"\")' > docs/scorers_table.rst")


def test_docs_table_is_generated_from_the_table():
    committed = (ROOT / "docs" / "scorers_table.rst").read_text()
    assert committed == scorers_table_rst(), (
        f"docs/scorers_table.rst is stale; regenerate it with {REGENERATE}")
    for name in msk.get_scorer_names():
        assert f"   * - ``{name}``\n" in committed


def test_unsupported_sklearn_fails_clearly(monkeypatch):
    before = sklearn_scorer_names()
    monkeypatch.setattr(_sklearn_compat, "SKLEARN_VERSION", (1, 99))
    with pytest.raises(ImportError, match=f"found scikit-learn {sklearn.__version__}"):
        msk.register_scorers()
    assert sklearn_scorer_names() == before
    assert msk.get_scorer("macro_fscore") is not None  # objects need no registration


# --- registration, in fresh interpreters ---------------------------------------------

EVERY_FORM = '''
import sys
import warnings

import numpy as np
from sklearn.base import clone
from sklearn.datasets import load_iris
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.inspection import permutation_importance
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import check_scoring, get_scorer, get_scorer_names
from sklearn.model_selection import (
    GridSearchCV, HalvingGridSearchCV, HalvingRandomSearchCV, RandomizedSearchCV,
    StratifiedKFold, cross_val_score, cross_validate, learning_curve, validation_curve)

n_jobs = int(sys.argv[1])
names = msk.register_scorers()  # after scikit-learn's modules are imported
assert names == msk.get_scorer_names(), names
assert set(names) <= set(get_scorer_names())

X, y = load_iris(return_X_y=True)
binary = np.isin(y, [1, 2])
Xb, yb = X[binary], (y[binary] == 2).astype(int)
model = LogisticRegression(max_iter=1000)
splits = list(StratifiedKFold(3, shuffle=True, random_state=0).split(X, y))
splits_b = list(StratifiedKFold(3, shuffle=True, random_state=0).split(Xb, yb))


def by_hand(name, X=X, y=y, splits=splits, **params):
    """Per split: fit on the train fold, the metric by hand on the test fold."""
    return np.array([HAND[name](clone(model).set_params(**params).fit(X[tr], y[tr]),
                                X[te], y[te]) for tr, te in splits])


def same(got, want, what):
    assert np.allclose(got, want, rtol=0, atol=1e-12), (what, got, want)


import inspect
from metrics_sk._registry import SCORER_NAMES


def binary_only(name):
    """A binary-only metric, or one whose scorer keeps average='binary' (tested below)."""
    metric, fixed = SCORER_NAMES[name]
    average = inspect.signature(metric.function).parameters.get("average")
    return metric.binary_only or (average is not None and average.default == "binary"
                                  and "average" not in fixed)


multi = [n for n in names if not binary_only(n)]

# list form, every multi-class name, each against the metric by hand
cv = cross_validate(model, X, y, cv=splits, scoring=multi, n_jobs=n_jobs)
for name in multi:
    same(cv[f"test_{name}"], by_hand(name), name)
# dict form, mixed with scikit-learn's names; binary-only names on binary data
cv = cross_validate(model, Xb, yb, cv=splits_b, n_jobs=n_jobs,
                    scoring={"spec": "specificity", "bauc": "balanced_auc", "acc": "accuracy"})
same(cv["test_spec"], by_hand("specificity", Xb, yb, splits_b), "dict")
same(cv["test_bauc"], by_hand("balanced_auc", Xb, yb, splits_b), "dict")
# single strings
same(cross_val_score(model, Xb, yb, cv=splits_b, scoring="specificity", n_jobs=n_jobs),
     by_hand("specificity", Xb, yb, splits_b), "cross_val_score")
same(cross_val_score(model, X, y, cv=splits, scoring="weighted_kappa", n_jobs=n_jobs),
     by_hand("weighted_kappa"), "cross_val_score")

grid = {"C": [0.1, 1.0]}
search = GridSearchCV(model, grid, scoring="macro_fscore", cv=splits, n_jobs=n_jobs).fit(X, y)
for i, C in enumerate(grid["C"]):
    got = [search.cv_results_[f"split{k}_test_score"][i] for k in range(3)]
    same(got, by_hand("macro_fscore", C=C), "GridSearchCV")
search = GridSearchCV(model, grid, cv=splits, n_jobs=n_jobs, refit="macro_recall",
                      scoring=["macro_recall", "neg_error_rate", "f1_macro"]).fit(X, y)
same(search.cv_results_["split1_test_neg_error_rate"][1],
     by_hand("neg_error_rate", C=1.0)[1], "GridSearchCV list")
search = RandomizedSearchCV(model, {"C": [0.5]}, n_iter=1, cv=splits, n_jobs=n_jobs,
                            scoring="roc_auc_mu")
same([search.fit(X, y).cv_results_[f"split{k}_test_score"][0] for k in range(3)],
     by_hand(search.scoring, C=0.5), "RandomizedSearchCV")
for halving in (HalvingGridSearchCV(model, grid, scoring="macro_recall", cv=3,
                                    n_jobs=n_jobs, min_resources=60, random_state=0),
                HalvingRandomSearchCV(model, grid, scoring="micro_fscore", cv=3,
                                      n_jobs=n_jobs, min_resources=60, random_state=0)):
    halving.fit(X, y)
    assert halving.scorer_._score_func is {"macro_recall": msk.macro_recall_score,
                                           "micro_fscore": msk.micro_fbeta_score}[halving.scoring]
    assert np.isfinite(halving.best_score_) and 0.5 < halving.best_score_ <= 1, halving.best_score_

_, _, test_scores = learning_curve(model, X, y, cv=splits, train_sizes=[0.5, 1.0],
                                   scoring="macro_precision", n_jobs=n_jobs)
same(test_scores[-1], by_hand("macro_precision"), "learning_curve")
_, test_scores = validation_curve(model, X, y, param_name="C", param_range=[0.3], cv=splits,
                                  scoring="average_accuracy", n_jobs=n_jobs)
same(test_scores[0], by_hand("average_accuracy", C=0.3), "validation_curve")

fitted = clone(model).fit(X, y)
by_string = permutation_importance(fitted, X, y, scoring="specificity_macro", n_repeats=2,
                                   random_state=0, n_jobs=n_jobs)
by_object = permutation_importance(fitted, X, y, scoring=msk.get_scorer("specificity_macro"),
                                   n_repeats=2, random_state=0, n_jobs=n_jobs)
same(by_string.importances, by_object.importances, "permutation_importance")
both = permutation_importance(fitted, X, y, scoring=["macro_fscore", "accuracy"],
                              n_repeats=2, random_state=0, n_jobs=n_jobs)
assert set(both) == {"macro_fscore", "accuracy"}

same(check_scoring(fitted, "macro_fscore")(fitted, X, y), HAND["macro_fscore"](fitted, X, y),
     "check_scoring")
same(get_scorer("neg_error_rate")(fitted, X, y), HAND["neg_error_rate"](fitted, X, y),
     "sklearn.metrics.get_scorer")

if n_jobs > 1:
    # A string inside an estimator that a fresh worker process fits cannot work ...
    inner = GridSearchCV(model, grid, scoring="macro_fscore", cv=2)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cross_validate(inner, X, y, cv=2, n_jobs=n_jobs)
    except ValueError as exc:
        assert "fits failed" in str(exc) and "InvalidParameterError" in str(exc), exc
    else:
        raise AssertionError("a string inside a worker-fitted estimator did not fail")
    # ... the documented fix, the scorer object, does, and gives the in-process result
    fixed = cross_validate(inner.set_params(scoring=msk.get_scorer("macro_fscore")),
                           X, y, cv=2, n_jobs=n_jobs, scoring="macro_fscore")
    here = cross_validate(inner.set_params(scoring="macro_fscore"), X, y, cv=2, n_jobs=1,
                          scoring="macro_fscore")
    same(fixed["test_score"], here["test_score"], "nested fix")
print("OK")
'''


@pytest.mark.subprocess
@pytest.mark.parametrize("n_jobs", [1, 2])
def test_every_scoring_form(n_jobs):
    run_script(EVERY_FORM, n_jobs)


REGISTRATION = '''
import sys
import warnings

import sklearn.metrics._scorer as sk_scorer
from sklearn.metrics import accuracy_score, check_scoring, make_scorer
from sklearn.utils._param_validation import InvalidParameterError

from metrics_sk import _sklearn_registry

# An incompatible scikit-learn whose validation does not take the names: clear error,
# and nothing left behind.
_takes = _sklearn_registry._takes
_sklearn_registry._takes = lambda names: False
try:
    msk.register_scorers()
except RuntimeError as exc:
    assert "could not register" in str(exc), exc
else:
    raise AssertionError("no error")
_sklearn_registry._takes = _takes
assert "macro_fscore" not in sk_scorer._SCORERS
try:
    check_scoring(scoring="macro_fscore")
except InvalidParameterError:
    pass
else:
    raise AssertionError("rolled-back name still accepted")

# Pretend scikit-learn has a scorer named like one of ours: it must be kept.
theirs = make_scorer(accuracy_score)
sk_scorer._SCORERS["weighted_kappa_linear"] = theirs
before = dict(sk_scorer._SCORERS)
later = [m for m in ("sklearn.model_selection._search_successive_halving",
                     "sklearn.feature_selection._sequential", "sklearn.linear_model._logistic")
         if m not in sys.modules]
assert "sklearn.model_selection._search_successive_halving" in later, later

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    names = msk.register_scorers()
assert [str(w.message) for w in caught if "weighted_kappa_linear" in str(w.message)], caught
assert len(caught) == 1, [str(w.message) for w in caught]
assert "weighted_kappa_linear" not in names and "weighted_kappa" in names
assert all(sk_scorer._SCORERS[k] is v for k, v in before.items()), "a name was replaced"
assert msk.get_scorer("weighted_kappa_linear")._kwargs == {"weights": "linear"}

# Twice: a no-op, silently.
state = dict(sk_scorer._SCORERS)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    assert msk.register_scorers() == names
assert not caught and sk_scorer._SCORERS == state
assert all(sk_scorer._SCORERS[k] is v for k, v in state.items())

# Modules imported after registration take the names too.
import numpy as np
from sklearn.datasets import load_iris
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.feature_selection import SequentialFeatureSelector
from sklearn.linear_model import LogisticRegression, LogisticRegressionCV
from sklearn.model_selection import GridSearchCV, HalvingRandomSearchCV

X, y = load_iris(return_X_y=True)
model = LogisticRegression(max_iter=1000)
HalvingRandomSearchCV(model, {"C": [0.1, 1.0]}, scoring="macro_fscore", cv=2,
                      min_resources=60, random_state=0).fit(X, y)
SequentialFeatureSelector(model, n_features_to_select=2, scoring="macro_recall",
                          cv=2).fit(X, y)
LogisticRegressionCV(Cs=2, cv=2, scoring="average_accuracy", max_iter=1000).fit(X, y)
try:
    GridSearchCV(model, {"C": [1.0]}, scoring="not_a_scorer").fit(X, y)
except InvalidParameterError as exc:
    assert "macro_fscore" in str(exc)  # listed among the valid names
else:
    raise AssertionError("unknown names must still be refused")
print("OK")
'''


@pytest.mark.subprocess
def test_registration_idempotent_never_overrides_and_later_imports():
    run_script(REGISTRATION)


def test_make_scorer_is_scikit_learns():
    import sklearn.metrics
    from sklearn.model_selection import StratifiedKFold, cross_val_score

    assert msk.make_scorer is sklearn.metrics.make_scorer
    X, y = load_iris(return_X_y=True)
    scorer = msk.make_scorer(msk.macro_fbeta_score, beta=2)
    model = LogisticRegression(max_iter=500)
    ours = cross_val_score(model, X, y, cv=3, scoring=scorer)
    folds = [msk.macro_fbeta_score(y[test], model.fit(X[train], y[train]).predict(X[test]),
                                   beta=2)
             for train, test in StratifiedKFold(3).split(X, y)]
    np.testing.assert_allclose(ours, folds)


# --- registration from several threads at once (in a fresh interpreter) ---------------

THREADS_SCRIPT = r"""
import threading, warnings
import sklearn.model_selection  # scikit-learn's name copies exist before registering
import metrics_sk as msk
from sklearn.metrics import get_scorer_names

barrier = threading.Barrier(6)
results, caught = [None] * 6, []

def register(i):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        barrier.wait()
        results[i] = msk.register_scorers()
    caught.extend(str(x.message) for x in w if "already has" in str(x.message))

threads = [threading.Thread(target=register, args=(i,)) for i in range(6)]
for t in threads:
    t.start()
for t in threads:
    t.join()
expected = sorted(msk.get_scorer_names())
assert all(r == expected for r in results), [len(r) for r in results]
assert not caught, caught[:3]
assert set(expected) <= set(get_scorer_names())
print("OK")
"""



def test_register_scorers_from_six_threads_at_once():
    done = subprocess.run([sys.executable, "-c", THREADS_SCRIPT], capture_output=True,
                          text=True, timeout=240, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.strip().endswith("OK"), done.stderr[-3000:]

