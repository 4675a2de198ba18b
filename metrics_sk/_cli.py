"""The ``metrics-sk`` command (placeholder until the report issue lands)."""

import argparse
import sys


def _digits_predictions():
    from sklearn.datasets import load_digits
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_val_predict
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, y = load_digits(return_X_y=True)
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000))
    return y, cross_val_predict(model, X, y, cv=5)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="metrics-sk", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("report", help="report oneDAL's quality metrics on the digits example")
    parser.parse_args(argv)
    from . import multiclass_quality_metrics

    y, pred = _digits_predictions()
    result = multiclass_quality_metrics(y, pred)
    print(result.confusion_matrix)
    for name, value in result.as_dict().items():
        print(f"{name:>16}  {value:.4f}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
