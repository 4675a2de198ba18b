"""oneDAL's macro F-score against scikit-learn's, as the classes get skewed
========================================================================

oneDAL's ``macroFscore`` is the F1 of the macro precision and the macro recall;
scikit-learn's ``f1_score(average="macro")`` is the mean of the per-class F1. With a
classifier that is precise on one class and sensitive on another they part ways: this
example makes a two-class problem more and more imbalanced, with a classifier that
predicts the minority class for a fixed share of the majority, and plots both.
"""

import matplotlib.pyplot as plt
import numpy as np

import metrics_sk as msk

majority_shares = np.linspace(0.5, 0.98, 25)
onedal, sklearn_macro = [], []
n = 1000
for share in majority_shares:
    n_major = int(share * n)
    y_true = np.r_[np.zeros(n_major, int), np.ones(n - n_major, int)]
    y_pred = y_true.copy()
    y_pred[: int(0.3 * n_major)] = 1  # 30% of the majority predicted as the minority
    onedal.append(msk.macro_fbeta_score(y_true, y_pred))
    sklearn_macro.append(msk.f1_score(y_true, y_pred, average="macro"))

print("majority share  oneDAL macroFscore  scikit-learn macro F1")
for share, a, b in zip(majority_shares[::6], onedal[::6], sklearn_macro[::6]):
    print(f"{share:14.2f}  {a:18.4f}  {b:21.4f}")

fig, ax = plt.subplots(figsize=(6.5, 4), layout="constrained")
ax.plot(majority_shares, onedal, label="oneDAL: F1 of macro P and macro R")
ax.plot(majority_shares, sklearn_macro, label="scikit-learn: mean of per-class F1")
ax.set_xlabel("share of the majority class")
ax.set_ylabel("macro F1")
ax.set_title("Two macro F-scores on the same predictions")
ax.legend()
