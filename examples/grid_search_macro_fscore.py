"""Tune a classifier on oneDAL's macro F-score with ``GridSearchCV(scoring="macro_fscore")``
=========================================================================================

``metrics_sk.register_scorers()`` makes metrics_sk's scorer names scikit-learn scoring
strings.  oneDAL's ``macro_fscore`` is the F-score of macro precision and macro recall,
not scikit-learn's ``f1_macro`` (the mean of the per-class F1): both are reported.

Run: ``python examples/grid_search_macro_fscore.py``
"""

from sklearn.datasets import load_wine
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import metrics_sk


def main():
    metrics_sk.register_scorers()
    X, y = load_wine(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=0)

    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    search = GridSearchCV(
        model,
        {"logisticregression__C": [0.01, 0.1, 1.0, 10.0]},
        scoring=["macro_fscore", "f1_macro", "specificity_macro"],
        refit="macro_fscore",  # the model is chosen on oneDAL's macro F-score
        cv=3,
    ).fit(X_train, y_train)

    print(f"best C: {search.best_params_['logisticregression__C']}")
    print(f"cross-validated macro_fscore: {search.best_score_:.4f}")
    print("C        macro_fscore  f1_macro  specificity_macro")
    results = search.cv_results_
    for i, C in enumerate(results["param_logisticregression__C"]):
        print(f"{C:<8} {results['mean_test_macro_fscore'][i]:>12.4f}"
              f"  {results['mean_test_f1_macro'][i]:>8.4f}"
              f"  {results['mean_test_specificity_macro'][i]:>17.4f}")

    y_pred = search.predict(X_test)
    print(f"held-out macro_fscore: {metrics_sk.macro_fbeta_score(y_test, y_pred):.4f}")
    print(f"held-out f1_macro:     {metrics_sk.f1_score(y_test, y_pred, average='macro'):.4f}")


if __name__ == "__main__":
    main()
