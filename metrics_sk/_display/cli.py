"""The ``metrics-sk`` command: a quality report of predictions stored in a file.

``metrics-sk report PATH --true COL --pred COL`` reads a CSV or Parquet file, prints
:func:`~metrics_sk.quality_report` and can write the confusion heatmap. Without PATH it
runs a built-in example on scikit-learn's bundled digits data (nothing is downloaded).

Only a regular file is read (not a pipe or a device), and a line of a CSV file may hold
at most :data:`MAX_LINE_BYTES` (16 MiB), its header included: the memory stays bounded.

Exit status: 0 on success, 2 for a usage error, 1 for a data error (missing or
unreadable file, missing column, empty file, values that are not labels or numbers),
which is reported as one line on stderr.
"""

import argparse
import os
import re
import sys
import warnings

import numpy as np

from .files import (
    DataError,
    MissingDependency,
    Phase,
    UsageError,
    _as_labels,
    _convert_labels,
    _label_column,
    _one_line,
    _weight_column,
    column_names,
    read_columns,
)


_EXAMPLES = """\
examples:
  metrics-sk report
      the built-in example: 5-fold cross-validated logistic regression on scikit-learn's
      bundled digits data; prints the report and writes confusion.png
  metrics-sk report predictions.csv --true y --pred y_hat
  metrics-sk report predictions.parquet --true label --pred pred --plot confusion.png
  metrics-sk report scored.csv --true y --pred y_hat --score-cols p_cat p_dog p_pig
  metrics-sk report scored.csv --true y --pred y_hat --score-prefix p_
  metrics-sk report predictions.csv --true y --pred y_hat --weight w --format json
  metrics-sk compare predictions.csv --true y --pred model_a --pred model_b
      two models side by side: each metric, A - B with its paired-bootstrap interval
      and p-value, and McNemar's test of equal accuracy

--score-cols: one column per class, in the order of the classes (sorted labels, or
--labels), or for two classes one column, the score of the greater class (as
scikit-learn's roc_auc_score takes it); --score-prefix P: the columns P<class>,
matched by name; probabilities, or raw scores with --from-logits.
--format csv prints one metric per line: section,row,metric,value.
PATH is a regular file; a CSV line may hold at most 16 MiB (the header's too).

exit status: 0 success, 1 data error (file, column or values), 2 usage error
"""

# -- the built-in example -------------------------------------------------------------------
def digits_example():
    """Labels, cross-validated predictions and probabilities of a logistic regression on
    scikit-learn's bundled digits data (1797 images of 10 digits; no download)."""
    from sklearn.datasets import load_digits
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_val_predict
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from threadpoolctl import threadpool_limits  # a scikit-learn dependency

    X, y = load_digits(return_X_y=True)
    model = make_pipeline(StandardScaler(), LogisticRegression(C=0.1, max_iter=1000))
    with threadpool_limits(limits=1):  # small problem: BLAS threads only cost time
        proba = cross_val_predict(model, X, y, cv=5, method="predict_proba")
    return y, np.unique(y)[proba.argmax(axis=1)], proba


# -- output ------------------------------------------------------------------------------------
#: The report's notes that speak Python, and what the command says instead.
_PYTHON_ADVICE = (
    ("to_frame() and to_dict() hold every class; max_rows=None shows all",
     "--max-rows 0 shows all; --format csv or json holds every class"),
    ("to_frame('groups') holds every group; max_rows=None shows all",
     "--max-rows 0 shows all; --format csv or json holds every group"),
)


def _cli_words(text):
    """``text`` with the report's Python advice, and scikit-learn's parameter wording
    (`` `zero_division` parameter``), in the command's own terms (``--zero-division``)."""
    for python, command in _PYTHON_ADVICE:  # the note may be wrapped at any space, and
        # Markdown escapes _ and * with a backslash
        words = r"\s+".join("".join(("\\\\?" if c in "_*" else "") + re.escape(c)
                                    for c in word) for word in python.split())
        text = re.sub(words, command, text)
    return re.sub(r"`(\w+)` parameter",
                  lambda m: f"the --{m.group(1).replace('_', '-')} option", text)


def render(report, fmt):
    """The report in the output format ``fmt``, worded for the command line."""
    if fmt == "text":
        return _cli_words(report.to_text()) + "\n"
    if fmt == "markdown":
        return _cli_words(report.to_markdown())
    if fmt == "json":
        return report.to_json() + "\n"
    return report.to_csv()  # the report's long table


def check_plot_path(path):
    """Fail before the work when the heatmap could not be written to ``path``: no
    matplotlib, no such directory, a directory, a read-only place, or a file type
    matplotlib does not write."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise MissingDependency("the heatmap needs matplotlib: pip install "
                                "'metrics_sk[plot]'") from None
    folder = os.path.dirname(os.path.abspath(path))
    ext = os.path.splitext(path)[1][1:].lower()
    types = FigureCanvasBase.get_supported_filetypes()
    if os.path.isdir(path):
        problem = "it is a directory"
    elif not os.path.isdir(folder):
        problem = f"no directory {os.path.dirname(path) or folder}"
    elif not os.access(folder, os.W_OK) or (os.path.exists(path)
                                            and not os.access(path, os.W_OK)):
        problem = "permission denied"
    elif ext and ext not in types:
        problem = (f"matplotlib does not write .{ext} files (it writes "
                   f"{', '.join('.' + t for t in sorted(types))})")
    else:
        return
    raise DataError(f"cannot write the heatmap to {path}: {problem}.")


def write_plot(confusion, path, *, normalize=None, groups=None):
    """Save the heatmap of ``confusion`` to ``path`` (headless); with ``groups`` (a
    report with groups), its per-group chart instead. Returns the path written: ``path``
    with matplotlib's default extension (``savefig.format``) when it has none."""
    try:
        import matplotlib
    except ImportError:
        raise MissingDependency("the heatmap needs matplotlib: pip install "
                                "'metrics_sk[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if not os.path.splitext(path)[1].strip("."):  # the file matplotlib writes
        path = f"{path.rstrip('.')}.{matplotlib.rcParams['savefig.format']}"
    figure = (confusion.plot(normalize=normalize).figure_ if groups is None
              else groups.plot_groups())
    try:
        figure.savefig(path, dpi=100)
    except OSError as exc:
        raise DataError(f"cannot write {path}: {_one_line(exc)}") from None
    finally:
        plt.close(figure)
    return path


# -- the command -------------------------------------------------------------------------------
def build_parser():
    """The ``metrics-sk`` argument parser and its ``report`` sub-parser."""
    parser = argparse.ArgumentParser(
        prog="metrics-sk", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Classification quality metrics (oneDAL, CatBoost, scikit-learn) "
                    "from the command line.", epilog=_EXAMPLES)
    from .. import __version__

    parser.add_argument("--version", action="version", version=f"metrics-sk {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    report = sub.add_parser(
        "report", formatter_class=argparse.RawDescriptionHelpFormatter, epilog=_EXAMPLES,
        help="print the quality report of predictions in a CSV or Parquet file",
        description="Print the quality report (per-class precision, recall, F, "
                    "specificity, balanced AUC; micro / macro / weighted averages; oneDAL's "
                    "multi-class metrics; MCC, kappa; score metrics with --score-cols) of "
                    "the predictions in PATH, a CSV or Parquet file. Without PATH: the "
                    "built-in digits example.")
    report.add_argument("path", nargs="?", metavar="PATH",
                        help="CSV (.csv, .tsv) or Parquet (.parquet, .pq) file; omit for the "
                             "built-in example")
    report.add_argument("--true", metavar="COL", help="column of the true labels")
    report.add_argument("--pred", metavar="COL", help="column of the predicted labels")
    report.add_argument("--score-cols", nargs="+", metavar="COL",
                        help="columns of the class scores, one per class in class order; "
                             "for two classes one column: the score of the greater class")
    report.add_argument("--score-prefix", metavar="PREFIX",
                        help="the score columns are PREFIX + class name, one per class "
                             "(e.g. p_ for p_cat p_dog p_pig): matched to the classes by "
                             "name, in any order")
    report.add_argument("--from-logits", action="store_true",
                        help="the score columns are raw scores (logits), not probabilities")
    report.add_argument("--weight", metavar="COL", help="column of sample weights")
    report.add_argument("--group", metavar="COLUMN", action="append",
                        help="column of the samples' groups (repeatable: the groups are "
                             "crossed): adds the per-group table, worst group first, and "
                             "with --plot FILE.png the chart FILE_groups.png")
    report.add_argument("--labels", nargs="+", metavar="LABEL",
                        help="the classes and their order (default: sorted labels)")
    report.add_argument("--beta", type=float, default=1.0,
                        help="beta of the F-scores (default: 1)")
    report.add_argument("--zero-division", choices=("warn", "0", "1", "nan"), default="warn",
                        help="value of an undefined ratio such as the precision of a class "
                             "never predicted (default: warn, i.e. 0 with a warning)")
    report.add_argument("--digits", type=int, default=4, help="decimals shown (default: 4)")
    report.add_argument("--max-rows", type=int, default=30, metavar="N",
                        help="most per-class rows in text / Markdown (default: 30; 0: all)")
    report.add_argument("--format", choices=("text", "markdown", "json", "csv"),
                        default="text", help="output format (default: text)")
    report.add_argument("--plot", metavar="FILE.png",
                        help="write the confusion heatmap (needs matplotlib); the built-in "
                             "example writes confusion.png")
    report.add_argument("--normalize", choices=("true", "pred", "all"),
                        help="normalize the heatmap over actual or predicted classes or all")
    report.add_argument("-q", "--quiet", action="store_true",
                        help="no progress or status messages on stderr")
    compare = sub.add_parser(
        "compare", help="compare two models' predictions of the same samples",
        description="Put two models side by side on the predictions in PATH: each "
                    "metric of A and of B, the difference A - B with its paired-bootstrap "
                    "interval and p-value, and McNemar's test of equal accuracy.")
    compare.add_argument("path", metavar="PATH", help="CSV or Parquet file")
    compare.add_argument("--true", metavar="COL", required=True,
                         help="column of the true labels")
    compare.add_argument("--pred", metavar="COL", action="append", required=True,
                         help="column of a model's predicted labels; give it twice (A, B)")
    compare.add_argument("--weight", metavar="COL", help="column of sample weights")
    compare.add_argument("--confidence-level", type=float, default=0.95, metavar="LEVEL",
                         help="confidence level of the intervals (default: 0.95)")
    compare.add_argument("--n-resamples", type=int, default=1000, metavar="N",
                         help="bootstrap replicates (default: 1000)")
    compare.add_argument("--seed", type=int, default=0, help="bootstrap seed (default: 0)")
    compare.add_argument("--format", choices=("text", "json"), default="text",
                         help="output format (default: text)")
    compare.add_argument("-q", "--quiet", action="store_true",
                         help="no progress or status messages on stderr")
    return parser, report


def compared_metrics():
    """The metrics of ``metrics-sk compare``, in table order, from the registry's
    ``compared`` rows: ``(shown name, metric, keyword arguments)``."""
    from .._registry import METRICS

    rows = sorted((rank, shown, name, kwargs) for name, m in METRICS.items()
                  for rank, shown, kwargs in m.compared)
    return [(shown, name, kwargs) for _, shown, name, kwargs in rows]


def _compare_command(args):
    """The comparison of ``metrics-sk compare`` as ``(text or JSON, warnings)``."""
    from .._inference.compare import compare

    if len(args.pred) != 2:
        raise UsageError(f"compare needs --pred twice (model A, model B), got "
                         f"{len(args.pred)}")
    names = [args.true, *args.pred]
    columns, n, offset = read_columns(args.path, names, [args.weight] if args.weight else [],
                                      progress=not args.quiet)
    labels = _as_labels(columns, names, args.path, offset)
    weight = _weight_column(columns, args.weight, args.path)
    options = {"confidence_level": args.confidence_level, "n_resamples": args.n_resamples,
               "random_state": args.seed, "sample_weight": weight}
    rows = [(shown, compare(metric, *labels, **options, **kwargs))
            for shown, metric, kwargs in compared_metrics()]
    integer = weight is None or bool(np.all(weight == np.round(weight)))
    mcnemar = (compare("accuracy_score", *labels, method="mcnemar", sample_weight=weight)
               if integer else None)
    if args.format == "json":
        def pair(ci):
            return [float(ci.low), float(ci.high)]

        out = {"samples": n, "model_a": args.pred[0], "model_b": args.pred[1],
               "confidence_level": args.confidence_level, "metrics": {
                   shown: {"a": r.statistic_a, "b": r.statistic_b, "difference": r.difference,
                           "interval": pair(r.confidence_interval), "pvalue": r.pvalue}
                   for shown, r in rows}}
        if mcnemar is not None:
            out["mcnemar_pvalue"] = mcnemar.pvalue
        from .report_table import dumps_json

        return dumps_json(out, indent=2) + "\n"  # NaN (an undefined interval): null
    level = f"{args.confidence_level:.0%}"
    lines = [f"Model comparison: {n} samples, A = {args.pred[0]}, B = {args.pred[1]}; paired "
             f"bootstrap ({args.n_resamples} resamples), {level} intervals of A - B", "",
             f"  {'metric':30} {'A':>8} {'B':>8} {'A - B':>8}  {'interval':>19}  {'p':>7}"]
    for shown, r in rows:
        ci = r.confidence_interval
        lines.append(f"  {shown:30} {r.statistic_a:8.4f} {r.statistic_b:8.4f} "
                     f"{r.difference:+8.4f}  [{ci.low:+.4f}, {ci.high:+.4f}]  {r.pvalue:7.4f}")
    if mcnemar is not None:
        lines += ["", f"  McNemar's exact test of equal accuracy: p = {mcnemar.pvalue:.4g}"]
    return "\n".join(lines) + "\n"


def _status(args, message):
    if not args.quiet:
        print(message, file=sys.stderr)


def _classes(y_true, y_pred):
    """The sorted distinct labels of both columns: hashed (pandas) for text, where a
    sort of every row would compare millions of Python strings."""
    if y_true.dtype.kind != "O":
        return np.union1d(y_true, y_pred)
    import pandas as pd

    return np.array(sorted(set(pd.unique(y_true)) | set(pd.unique(y_pred))), dtype=object)


def _prefixed_columns(path, prefix):
    """The columns of ``path`` whose names start with ``prefix`` (``--score-prefix``)."""
    found = [c for c in (column_names(path) or []) if str(c).startswith(prefix)]
    if not found and column_names(path) is not None:
        raise DataError(f"{path}: no column starts with {prefix!r} (--score-prefix).")
    return found


def _score_columns(args, classes, found):
    """The score columns in class order: ``--score-cols`` as given (one per class, or
    one for two classes: the score of the greater class), or the ``--score-prefix``
    columns matched to the classes by name (PREFIX + class)."""
    shown = ", ".join(map(str, classes[:10].tolist())) + (", ..." if len(classes) > 10
                                                          else "")
    if args.score_cols:
        if len(args.score_cols) != len(classes) and not (
                len(args.score_cols) == 1 and len(classes) == 2):
            raise UsageError(f"{len(args.score_cols)} --score-cols for {len(classes)} classes "
                             f"({shown}): give one score column per class, in this order"
                             + (" (one column only for two classes)"
                                if len(args.score_cols) == 1 else ""))
        return list(args.score_cols)
    by_class = {c[len(args.score_prefix):]: c for c in found}
    wanted = [str(c) for c in classes.tolist()]
    missing = [c for c in wanted if c not in by_class]
    extra = sorted(set(by_class) - set(wanted))
    if missing or extra:
        what = []
        if missing:
            what.append("no column for class(es) " + ", ".join(
                repr(args.score_prefix + c) for c in missing[:5]) + (
                ", ..." if len(missing) > 5 else ""))
        if extra:
            what.append("column(s) " + ", ".join(
                repr(by_class[c]) for c in extra[:5]) + (", ..." if len(extra) > 5 else "")
                + " name no class")
        raise UsageError(f"--score-prefix {args.score_prefix!r}: {'; '.join(what)} (the "
                         f"{len(classes)} classes are {shown})")
    return [by_class[c] for c in wanted]


def _file_report(args):
    from .report import quality_report

    quiet = args.quiet
    names = [args.true, args.pred]
    found = _prefixed_columns(args.path, args.score_prefix) if args.score_prefix else []
    numbers = list(args.score_cols or []) + found + ([args.weight] if args.weight else [])
    columns, n, offset = read_columns(args.path, names + list(args.group or []), numbers,
                                      progress=not quiet)
    with Phase(f"checking the labels of {n:,} rows", enabled=not quiet):
        y_true, y_pred = _as_labels(columns, names, args.path, offset)
        groups = {name: _label_column(columns[name], name, args.path, offset, key=True)
                  for name in args.group} if args.group else None
        labels = _convert_labels(args.labels, y_true)
        y_score = None
        if args.score_cols or args.score_prefix:
            classes = labels if labels is not None else _classes(y_true, y_pred)
            cols = _score_columns(args, classes, found)  # (one: a binary target's 1-D score)
            y_score = columns[cols[0]] if len(cols) == 1 else np.column_stack(
                [columns[c] for c in cols])
        weight = _weight_column(columns, args.weight, args.path)
    with Phase(f"counting {n:,} rows and computing the report", enabled=not quiet):
        return quality_report(y_true, y_pred, y_score=y_score, labels=labels,
                              sample_weight=weight, from_logits=args.from_logits,
                              groups=groups, **_report_options(args))


def _report_options(args):
    zero_division = args.zero_division if args.zero_division == "warn" else \
        float(args.zero_division)
    return {"beta": args.beta, "digits": args.digits, "max_rows": args.max_rows or None,
            "zero_division": zero_division}


def _example_report(args):
    from .report import quality_report

    _status(args, "Built-in example: logistic regression on scikit-learn's digits data "
                  "(1797 images, 10 classes), 5-fold cross-validated predictions.")
    y, pred, proba = digits_example()
    if args.plot is None:  # the example's default heatmap: skipped without matplotlib
        args.plot, args.plot_optional = "confusion.png", True
    return quality_report(y, pred, y_score=proba, **_report_options(args))


def main(argv=None):
    """Run ``metrics-sk``; returns the exit status (0, 1 data error, 2 usage error)."""
    parser, report_parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "compare":
        return _run(args, parser.error, _compare_command)
    if args.path is None:
        given = [f"--{o.replace('_', '-')}" for o in ("true", "pred", "score_cols", "score_prefix",
                                                     "weight", "labels", "group")
                 if getattr(args, o)]
        if given:
            report_parser.error(f"{', '.join(given)} need(s) a PATH (the data file)")
    elif not (args.true and args.pred):
        report_parser.error("a PATH needs --true COL and --pred COL")
    if args.score_cols and args.score_prefix:
        report_parser.error("give --score-cols or --score-prefix, not both")
    if args.digits < 0 or args.max_rows < 0 or not args.beta >= 0:
        report_parser.error("--digits and --max-rows must be >= 0 and --beta >= 0")
    return _run(args, report_parser.error, _report, _write_plot)


def _report(args):
    """The report of ``metrics-sk report`` (a plot path is checked before the work)."""
    if args.plot:
        check_plot_path(args.plot)
    return _file_report(args) if args.path else _example_report(args)


def _write_plot(args, report):
    if args.plot:
        try:
            with Phase(f"drawing the heatmap of {report.confusion.n_classes} classes",
                       enabled=not args.quiet):
                written = write_plot(report.confusion, args.plot, normalize=args.normalize)
            _status(args, f"wrote {written}")
            if getattr(args, "group", None):
                stem, ext = os.path.splitext(written)
                _status(args, f"wrote {write_plot(None, f'{stem}_groups{ext}', groups=report)}")
        except MissingDependency as exc:
            if not getattr(args, "plot_optional", False):
                raise
            _status(args, f"{args.plot} not written: {exc}")


def _run(args, usage_error, produce, after=None):
    """Print ``produce(args)`` (text, or a report rendered in ``args.format``), its
    warnings as one line each on stderr, then run ``after(args, result)``; returns the
    exit status (a usage error exits through ``usage_error``)."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = produce(args)
        for w in caught:
            _status(args, f"warning: {_cli_words(_one_line(w.message))}")
        sys.stdout.write(result if isinstance(result, str) else render(result, args.format))
        sys.stdout.flush()
        if after is not None:
            after(args, result)
    except UsageError as exc:
        usage_error(str(exc))
    except DataError as exc:
        print(f"metrics-sk: error: {exc}", file=sys.stderr)
        return 1
    except (ValueError, TypeError, ArithmeticError) as exc:
        print(f"metrics-sk: error: {_one_line(exc)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
