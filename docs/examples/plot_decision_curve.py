"""Decision curve: is a model worth acting on, and at which risk?
================================================================

Decision curve analysis (Vickers & Elkin 2006) asks, for each threshold probability
``t`` (the risk at which one would act), whether acting on a model's predictions does
more good than acting on everyone or on no one. The net benefit counts true positives
and charges each false positive ``t / (1 - t)`` of a true positive.

Two logistic regressions on scikit-learn's bundled breast cancer data, here with the
malignant tumours as the positive class (what one would act on): one on two features,
one on all thirty. :class:`~metrics_sk.DecisionCurveDisplay` draws
:func:`~metrics_sk.decision_curve`'s values for both, with "treat all" and "treat none".
"""

import matplotlib.pyplot as plt
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import metrics_sk as msk

data = load_breast_cancer()
X, y = data.data, 1 - data.target  # 1: malignant
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, stratify=y,
                                                    random_state=0)
two = [list(data.feature_names).index(name) for name in ("mean texture", "mean smoothness")]
small = make_pipeline(StandardScaler(), LogisticRegression()).fit(X_train[:, two], y_train)
full = make_pipeline(StandardScaler(), LogisticRegression()).fit(X_train, y_train)
print(f"prevalence of malignant tumours in the test set: {y_test.mean():.3f}")

# %%
# Both models on one plot: a dict of predicted probabilities. The y axis stops a little
# below 0, as decision curves are usually drawn: "treat all" falls to about -60 at
# ``t = 0.99``, which would flatten everything else.
display = msk.DecisionCurveDisplay.from_predictions(
    y_test, {"two features": small.predict_proba(X_test[:, two])[:, 1],
             "all features": full.predict_proba(X_test)[:, 1]})

# %%
# The numbers behind the curves, at a few thresholds:
curve = msk.decision_curve(y_test, full.predict_proba(X_test)[:, 1],
                           thresholds=[0.05, 0.1, 0.2, 0.5])
for t, model_nb, all_nb in zip(curve.thresholds, curve.net_benefit, curve.treat_all):
    print(f"t = {t:.2f}: all features {model_nb:.3f}, treat all {all_nb:+.3f}, "
          f"treat none 0")

# %%
# One model at a time on the same axes works too (the references are drawn once),
# here from the fitted estimators, over the thresholds of interest only:
fig, ax = plt.subplots(figsize=(6.4, 4.4), layout="constrained")
thresholds = [i / 100 for i in range(51)]
msk.DecisionCurveDisplay.from_estimator(full, X_test, y_test, thresholds=thresholds,
                                        name="all features", ax=ax)
msk.DecisionCurveDisplay.from_estimator(small, X_test[:, two], y_test,
                                        thresholds=thresholds, name="two features", ax=ax)
ax.set_title("threshold probabilities up to 0.5")
