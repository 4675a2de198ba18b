"""Quality report and confusion heatmap of a digits classifier
===========================================================

A logistic regression on scikit-learn's bundled digits data (1797 images of 10 digits),
evaluated with 5-fold cross-validated predictions and probabilities. The report puts the
per-class precision, recall and F1 next to their micro, macro and weighted averages,
oneDAL's multi-class metrics and the score metrics; the heatmaps show where the errors
are: in counts, and with each row divided by the class size (recall on the diagonal).
"""

import matplotlib.pyplot as plt
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import metrics_sk as msk

X, y = load_digits(return_X_y=True)
model = make_pipeline(StandardScaler(), LogisticRegression(C=0.1, max_iter=1000))
proba = cross_val_predict(model, X, y, cv=5, method="predict_proba")
pred = proba.argmax(axis=1)  # the classes are 0..9, in column order

report = msk.quality_report(y, pred, y_score=proba)

# %%
# In a notebook (and on this page) the report shows as an HTML table:
report

# %%
# As text, for a terminal or a log:
print(report)

# %%
# scikit-learn's ``classification_report``, same text, from the same kind of counts:
print(msk.classification_report(y, pred, digits=3))

# %%
# The heatmaps: counts, and each row divided by the class size (recall on the diagonal).
fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5.5), layout="constrained")
report.confusion.plot(ax=left)
report.confusion.plot(ax=right, normalize="true", cmap="Greens")
