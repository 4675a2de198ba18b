"""Cross-validate a classifier on metrics_sk's scorers next to scikit-learn's
==========================================================================

After ``metrics_sk.register_scorers()`` a single ``scoring=[...]`` list mixes both kinds
of names; ``metrics_sk.get_scorer_names()`` lists metrics_sk's.

Run: ``python examples/cross_validate_report.py``
"""

from sklearn.datasets import load_wine
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import metrics_sk

# Pairs to read side by side: a metrics_sk scorer and the closest scikit-learn one.
PAIRS = [
    ("average_accuracy", "accuracy"),
    ("macro_precision", "precision_macro"),
    ("macro_recall", "recall_macro"),
    ("macro_fscore", "f1_macro"),
    ("micro_fscore", "f1_micro"),
    ("specificity_macro", None),
    ("balanced_auc_macro", "balanced_accuracy"),
    ("weighted_kappa", None),
    ("neg_error_rate", None),
    ("roc_auc_mu", "roc_auc_ovo"),
    ("one_vs_all_roc_auc", "roc_auc_ovr"),
    ("one_vs_all_pr_auc", None),
    ("neg_one_vs_all_log_loss", "neg_log_loss"),
]


def main():
    metrics_sk.register_scorers()
    scoring = [name for pair in PAIRS for name in pair if name is not None]

    X, y = load_wine(return_X_y=True)
    model = make_pipeline(StandardScaler(), LogisticRegression(C=0.1, max_iter=1000))
    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    results = cross_validate(model, X, y, cv=cv, scoring=scoring)

    def summary(name):
        scores = results[f"test_{name}"]
        return f"{scores.mean():.4f} +/- {scores.std():.3f}"

    print(f"{'metrics_sk scorer':<25}{'mean +/- std':>16}   {'scikit-learn scorer':<19}"
          f"{'mean +/- std':>16}")
    for mine, theirs in PAIRS:
        beside = f"{theirs:<19}{summary(theirs):>16}" if theirs else ""
        print(f"{mine:<25}{summary(mine):>16}   {beside}".rstrip())


if __name__ == "__main__":
    main()
