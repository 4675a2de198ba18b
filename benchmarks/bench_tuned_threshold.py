"""TunedThresholdClassifierCV with metrics_sk's scorers against scikit-learn's, side by side.

    python benchmarks/bench_tuned_threshold.py           # breast cancer + n = 20,000
    python benchmarks/bench_tuned_threshold.py --quick   # breast cancer only, one run
    python benchmarks/bench_tuned_threshold.py --clock cpu  # steadier on a busy machine

TunedThresholdClassifierCV (scikit-learn's ``_CurveScorer``) calls the scorer's metric
once per threshold and fold, on the labels predicted at that threshold: 100 thresholds x
5 folds = 500 calls per fit. A metrics_sk scorer replaces that call (the loop stays
scikit-learn's), so what it saves is 500 x (scikit-learn's call - metrics_sk's call);
the fits of the model do not change. Each row tunes a standardised logistic regression
with both scorers in this process, alternating them run by run (best of ``--repeat``),
checks that both pick the same ``best_threshold_``, and prints both times and their
ratio:

* ``cv=5``: the whole ``fit`` (6 model fits and the 500 metric calls);
* ``prefit``: ``cv="prefit"`` on a fitted model, half the data for validation: the
  100 metric calls and the 100 thresholdings alone (what the scorer changes).

The metrics: f1 (``make_scorer(metrics_sk.f1_score)`` against scikit-learn's ``"f1"``),
balanced accuracy (the same), and the recall where the precision reaches 0.9
(``metrics_sk.get_scorer("recall_at_precision_90")`` against ``make_scorer`` of a brute
force over the distinct predictions, as scikit-learn's threshold-tuning example writes it).
"""

import argparse
import os
import sys

import numpy as np
import sklearn.metrics as skm
from sklearn.datasets import load_breast_cancer, make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import TunedThresholdClassifierCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

# the metrics_sk of this checkout, not an installed one (sys.path[0] is benchmarks/)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import metrics_sk as msk  # noqa: E402

from _timing import CLOCKS, best_of_each  # noqa: E402


def recall_at_precision_brute(y_true, y_pred, min_precision=0.9):
    """The largest recall where the precision reaches ``min_precision``, over the
    distinct values of ``y_pred`` as thresholds (0.0 where none does)."""
    best = 0.0
    for t in np.unique(y_pred):
        predicted = y_pred >= t
        tp = np.sum(predicted & (y_true == 1))
        fp = np.sum(predicted & (y_true == 0))
        if tp / (tp + fp) >= min_precision:
            best = max(best, tp / np.sum(y_true == 1))
    return best


SCORERS = {  # name -> (metrics_sk's scorer, scikit-learn's)
    "f1": (msk.make_scorer(msk.f1_score), skm.get_scorer("f1")),
    "balanced_accuracy": (msk.make_scorer(msk.balanced_accuracy_score),
                          skm.get_scorer("balanced_accuracy")),
    "recall_at_precision_90": (msk.get_scorer("recall_at_precision_90"),
                               skm.make_scorer(recall_at_precision_brute, min_precision=0.9)),
}


def model():
    return make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))


def tune(scoring, X, y, prefit):
    if prefit is None:
        return TunedThresholdClassifierCV(model(), scoring=scoring, cv=5).fit(X, y)
    return TunedThresholdClassifierCV(prefit, scoring=scoring, cv="prefit",
                                      refit=False).fit(X, y)



def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]
    repeat = 1 if args.quick else args.repeat
    datasets = {"breast_cancer (569)": load_breast_cancer(return_X_y=True)}
    if not args.quick:
        datasets["make_classification (20,000)"] = make_classification(
            20_000, n_features=20, weights=[0.7], random_state=0)
    print(f"TunedThresholdClassifierCV, 100 thresholds ({args.clock} clock, best of {repeat})")
    print(f"{'':58s} {'metrics_sk':>10s} {'sklearn':>9s} {'ratio':>6s}")
    failed = []
    for data_name, (X, y) in datasets.items():
        half = np.arange(y.shape[0]) % 2 == 0
        fitted = model().fit(X[half], y[half])
        for metric, (ours, theirs) in SCORERS.items():
            for mode, prefit, (Xv, yv) in (("cv=5", None, (X, y)),
                                           ("prefit", fitted, (X[~half], y[~half]))):
                (t_ours, t_theirs), (a, b) = best_of_each(
                    lambda s=ours: tune(s, Xv, yv, prefit),
                    lambda s=theirs: tune(s, Xv, yv, prefit), repeat=repeat, clock=clock)
                name = f"{data_name}, {metric}, {mode}"
                if a.best_threshold_ != b.best_threshold_:
                    failed.append(name)
                print(f"{name:58s} {t_ours * 1e3:8.0f}ms {t_theirs * 1e3:7.0f}ms "
                      f"{t_theirs / t_ours:5.1f}x")
    if failed:
        print("different best_threshold_:", failed)
        return 1
    print("same best_threshold_ everywhere")
    return 0


if __name__ == "__main__":
    sys.exit(main())
