"""ROC, precision-recall and DET curves: every class, a band, a threshold
======================================================================

metrics_sk's ``RocCurveDisplay``, ``PrecisionRecallDisplay`` and ``DetCurveDisplay`` take
scikit-learn's names and arguments (``from_estimator``, ``from_predictions``,
``plot(ax=...)``, ``name``, ``plot_chance_level``), so swapping the import is enough. They
add what scikit-learn draws with one call per curve, or not at all:

* a multi-class problem in **one** axes: every class one-vs-rest, the legend giving each
  class and its AUC (or AP);
* a **bootstrap band** (``confidence_level=``): the samples are resampled, every curve is
  recomputed and the band is the pointwise percentile interval;
* the **operating point** of a threshold (``threshold=``): where the predictions
  ``score >= threshold`` sit on each curve.

The curves are metrics_sk's drop-ins (``roc_curve``, ``precision_recall_curve``,
``det_curve``), so the lines are scikit-learn's to the last digit.
"""

import matplotlib.pyplot as plt
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split

import metrics_sk as msk

# %%
# Every class of a multi-class problem
# ------------------------------------
# A logistic regression on four classes; ``from_estimator`` reads its ``predict_proba``
# and draws each class against the rest.
X, y = make_classification(n_samples=3000, n_features=10, n_informative=5, n_classes=4,
                           n_clusters_per_class=1, class_sep=0.8, random_state=0)
names = ["bird", "cat", "dog", "fish"]
y = [names[k] for k in y]
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=0)
model = LogisticRegression(max_iter=1000).fit(X_train, y_train)

fig, (roc_ax, pr_ax) = plt.subplots(1, 2, figsize=(11, 5), layout="constrained")
msk.RocCurveDisplay.from_estimator(model, X_test, y_test, ax=roc_ax, plot_chance_level=True)
msk.PrecisionRecallDisplay.from_estimator(model, X_test, y_test, ax=pr_ax,
                                          plot_chance_level=True)
roc_ax.set_title("ROC, one-vs-rest")
pr_ax.set_title("Precision-recall, one-vs-rest")
plt.show()

# %%
# A bootstrap band
# ----------------
# A rare positive class (5 %) and 600 test samples: how much would the precision-recall
# curve move on another test set of the same size? The band resamples the test samples
# 200 times and keeps, at each recall, the middle 95 % of the precisions. The chance level
# is the prevalence of the positive class.
X, y = make_classification(n_samples=1200, weights=[0.95], class_sep=0.7, random_state=1)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, stratify=y,
                                                    random_state=0)
binary = LogisticRegression().fit(X_train, y_train)
display = msk.PrecisionRecallDisplay.from_estimator(
    binary, X_test, y_test, confidence_level=0.95, n_resamples=200, random_state=0,
    plot_chance_level=True)
display.ax_.set_title(f"Precision-recall, {int(sum(y_test))} positives in {len(y_test)}")
plt.show()

# %%
# DET curves of two models
# ------------------------
# The DET curve plots the two error rates on normal-deviate axes, where the curves of
# scores with normal distributions are straight lines. ``ax=`` puts several models in one
# figure, as with scikit-learn's displays.
from sklearn.ensemble import RandomForestClassifier  # noqa: E402

forest = RandomForestClassifier(n_estimators=200, random_state=0).fit(X_train, y_train)
fig, ax = plt.subplots(figsize=(6, 5), layout="constrained")
msk.DetCurveDisplay.from_estimator(binary, X_test, y_test, ax=ax)
msk.DetCurveDisplay.from_estimator(forest, X_test, y_test, ax=ax, plot_chance_level=True)
ax.set_title("Detection error tradeoff")
plt.show()

# %%
# The operating point of a threshold
# ----------------------------------
# ``predict`` decides at a probability of 0.5; with 5 % positives a lower threshold finds
# more of them. ``threshold=0.2`` marks where the predictions ``score >= 0.2`` sit on the
# ROC and precision-recall curves.
scores = binary.predict_proba(X_test)[:, 1]
fig, (roc_ax, pr_ax) = plt.subplots(1, 2, figsize=(11, 5), layout="constrained")
roc = msk.RocCurveDisplay.from_predictions(y_test, scores, threshold=0.2, ax=roc_ax,
                                           name="LogisticRegression", plot_chance_level=True)
pr = msk.PrecisionRecallDisplay.from_predictions(y_test, scores, threshold=0.2, ax=pr_ax,
                                                 name="LogisticRegression")
roc_ax.set_title("ROC, operating point of 0.2")
pr_ax.set_title("Precision-recall, operating point of 0.2")
plt.show()

# %%
# The points are the rates of the confusion of the predictions at that threshold:
decided = (scores >= 0.2).astype(int)
print("ROC point (fpr, tpr):       ", [round(v, 4) for v in roc.operating_point[0]])
print("1 - specificity, recall:    ", round(1 - msk.specificity_score(y_test, decided), 4),
      round(msk.recall_score(y_test, decided), 4))
print("PR point (recall, precision):", [round(v, 4) for v in pr.operating_point[0]])
print("recall, precision:          ", round(msk.recall_score(y_test, decided), 4),
      round(msk.precision_score(y_test, decided), 4))
