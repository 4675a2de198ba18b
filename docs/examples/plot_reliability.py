"""Are the probabilities right? Reliability diagrams and the CORP decomposition
===============================================================================

A Gaussian naive Bayes model ranks well but its probabilities are too sure of
themselves: they pile up near 0 and 1. :class:`~metrics_sk.ReliabilityDisplay` draws
the CORP reliability diagram: the isotonic recalibration of the predicted
probabilities (no bins to choose) as a step function, a Clopper-Pearson band around
each step and a histogram of the predictions under the curve. The same model
recalibrated by scikit-learn's ``CalibratedClassifierCV`` (isotonic, cross-validated)
follows the diagonal. The right panel is the binned diagram of the same predictions
(``method="quantile"``: :func:`~metrics_sk.calibration_curve`'s points, one per bin of
a tenth of the predictions, with a Clopper-Pearson band per bin).

:func:`~metrics_sk.score_decomposition` splits each model's Brier score into
miscalibration (MCB, what recalibrating would gain), discrimination (DSC, what the
recalibrated probabilities gain over the base rate) and uncertainty (UNC, the score of
the base rate): ``Brier = MCB - DSC + UNC``. Calibration removes most of the
miscalibration and keeps the discrimination.
"""

import matplotlib.pyplot as plt
from sklearn.calibration import CalibratedClassifierCV
from sklearn.datasets import make_classification
from sklearn.metrics import brier_score_loss
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB

import metrics_sk as msk

X, y = make_classification(n_samples=20_000, n_features=20, n_informative=3,
                           n_redundant=10, random_state=0)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=0)

models = {
    "GaussianNB": GaussianNB().fit(X_train, y_train),
    "GaussianNB + isotonic": CalibratedClassifierCV(
        GaussianNB(), method="isotonic", cv=5).fit(X_train, y_train),
}

fig, (ax, binned) = plt.subplots(1, 2, figsize=(10, 5.5), layout="constrained")
print(f"{'model':24} {'Brier':>7} {'MCB':>7} {'DSC':>7} {'UNC':>7}")
for name, model in models.items():
    msk.ReliabilityDisplay.from_estimator(model, X_test, y_test, name=name, ax=ax)
    # the binned diagram: calibration_curve's points (10 bins at the quantiles of the
    # predictions, so that each holds a tenth of them) with a Clopper-Pearson band per bin
    msk.ReliabilityDisplay.from_estimator(model, X_test, y_test, name=name, ax=binned,
                                          method="quantile", n_bins=10, histogram=False)
    p = model.predict_proba(X_test)[:, 1]
    d = msk.score_decomposition(y_test, p)
    brier = brier_score_loss(y_test, p)  # scikit-learn's Brier score, for comparison
    print(f"{name:24} {brier:7.4f} {d.miscalibration:7.4f} {d.discrimination:7.4f} "
          f"{d.uncertainty:7.4f}")
ax.set_title("CORP reliability diagrams (test half)")
binned.set_title("Binned: 10 quantile bins (calibration_curve)")

# %%
# Three classes, one curve per class (each column against its class)
X3, y3 = make_classification(n_samples=6_000, n_features=10, n_informative=4,
                             n_classes=3, random_state=1)
X3_train, X3_test, y3_train, y3_test = train_test_split(X3, y3, random_state=1)
nb3 = GaussianNB().fit(X3_train, y3_train)
fig, ax = plt.subplots(figsize=(5.5, 5.5), layout="constrained")
msk.ReliabilityDisplay.from_estimator(nb3, X3_test, y3_test, ax=ax)
print(msk.score_decomposition(y3_test, nb3.predict_proba(X3_test)))
plt.show()
