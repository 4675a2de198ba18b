"""Metrics against the decision threshold, and a threshold tuned with a metrics_sk scorer
=========================================================================================

A logistic regression on scikit-learn's bundled breast cancer data (569 tumours, the
positive class 1 is "benign"). :class:`~metrics_sk.MetricThresholdCurveDisplay` draws
count metrics at every distinct score of the test set, all from one sorted pass
(:meth:`Confusion.at_thresholds <metrics_sk.Confusion.at_thresholds>`). Then
scikit-learn's :class:`~sklearn.model_selection.TunedThresholdClassifierCV` tunes the
threshold with a metrics_sk scorer and with scikit-learn's: the same threshold, and the
time each takes.
"""

import time

import matplotlib.pyplot as plt
import sklearn.metrics as skm
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import TunedThresholdClassifierCV, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import metrics_sk as msk

X, y = load_breast_cancer(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, stratify=y,
                                                    random_state=0)
model = make_pipeline(StandardScaler(), LogisticRegression())
model.fit(X_train, y_train)

# %%
# Four metrics at every threshold of the test set's probabilities. Names are the
# registry's (a scorer name or a ``(name, kwargs)`` pair work too).
display = msk.MetricThresholdCurveDisplay.from_estimator(
    model, X_test, y_test,
    metrics=["f1_score", "precision_score", "recall_score", "balanced_accuracy_score"],
    name="logistic regression, test set")
display.ax_.set_xlim(0, 1)
print(f"{display.thresholds.size} thresholds")

# %%
# Tuning the threshold for F1 with 5-fold cross-validation. TunedThresholdClassifierCV
# calls the scorer's metric on the predictions at each of 100 thresholds of each fold
# (500 calls per fit); a metrics_sk scorer only replaces that call. Each tuning runs
# three times (the best time is kept).


def timed(scoring, X, y, **kwargs):
    best, tuned = float("inf"), None
    for _ in range(3):
        start = time.perf_counter()
        tuned = TunedThresholdClassifierCV(model, scoring=scoring, **kwargs).fit(X, y)
        best = min(best, time.perf_counter() - start)
    return tuned, best


ours, t_ours = timed(msk.make_scorer(msk.f1_score), X_train, y_train, cv=5)
theirs, t_theirs = timed(skm.get_scorer("f1"), X_train, y_train, cv=5)
print(f"best threshold, metrics_sk scorer:    {ours.best_threshold_:.4f} "
      f"(F1 {ours.best_score_:.4f}) in {t_ours:.2f} s")
print(f"best threshold, scikit-learn's scorer: {theirs.best_threshold_:.4f} "
      f"(F1 {theirs.best_score_:.4f}) in {t_theirs:.2f} s")
assert ours.best_threshold_ == theirs.best_threshold_

# %%
# Most of the cross-validated time is the six fits of the model, which the scorer does
# not change. On a model fitted already (``cv="prefit"``, tuned on the other half of the
# data), tuning is only the 100 metric calls, and the scorer's share shows:
ours_prefit, t_ours = timed(msk.make_scorer(msk.f1_score), X_test, y_test, cv="prefit",
                            refit=False)
theirs_prefit, t_theirs = timed(skm.get_scorer("f1"), X_test, y_test, cv="prefit",
                                refit=False)
print(f"prefit tuning: metrics_sk {t_ours * 1e3:.1f} ms, scikit-learn {t_theirs * 1e3:.1f} ms "
      f"({t_theirs / t_ours:.0f}x); same threshold: "
      f"{ours_prefit.best_threshold_ == theirs_prefit.best_threshold_}")

# %%
# The tuned threshold on the test set's curve: F1 is flat around its best, and the
# default threshold 0.5 was close to it.
fig, ax = plt.subplots(figsize=(6.4, 4.4), layout="constrained")
msk.MetricThresholdCurveDisplay.from_estimator(
    model, X_test, y_test, metrics=["f1_score", ("fbeta_score", {"beta": 2.0})],
    threshold=ours.best_threshold_, name="F1 and F2 on the test set", ax=ax)
ax.set_xlim(0, 1)
ax.set_ylim(0.8, 1.0)
