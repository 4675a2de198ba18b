"""The ``metrics-sk report`` command against the Python API on the same file.

For each file (CSV and Parquet; integer labels and text labels ``product_category_NNN``;
weighted), side by side in one process, best of several repeats:

* **API**: ``pd.read_csv`` / ``pd.read_parquet`` of the three columns, then
  ``quality_report(y_true, y_pred, sample_weight=w)`` and ``str()`` of it;
* **CLI**: ``metrics_sk._display.cli.main(["report", FILE, "--true", ..., "--pred", ...,
  "--weight", ...])`` in-process (reading, checking, the report, the text);

and the ratio CLI / API (the issue's target: at most 1.5). The start-up of the command
(a fresh ``python -m metrics_sk._display.cli --version``, i.e. the imports) is measured apart,
against a fresh ``python -c "import pandas, metrics_sk"``.

    python benchmarks/bench_cli.py           # 2,000,000 rows, 500 classes
    python benchmarks/bench_cli.py --quick   # 20,000 rows, 50 classes (CI smoke run)
    python benchmarks/bench_cli.py --rows 2000000 --classes 500 --dir /tmp

``--group-intervals G``: the per-group table of ``metrics-sk report --group`` with
analytic intervals (``quality_report(..., groups=..., confidence_level=0.95,
interval="analytic")``) on ``--rows`` rows in ``G`` groups, the intervals of all the
groups in one batch against each group's own ``analytic_interval`` (the report's way
before), side by side, and the largest difference of their bounds.

    python benchmarks/bench_cli.py --group-intervals 10000 --rows 200000 --classes 3
"""

import argparse
import contextlib
import io
import os
import subprocess
import sys
import tempfile

import numpy as np
import pandas as pd

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # this checkout's metrics_sk, as in the start-up runs below
import metrics_sk as msk  # noqa: E402
from bench_scores import best_of  # noqa: E402  (the same timer, same folder)
from metrics_sk._display import cli as _cli  # noqa: E402


def make_files(directory, n, k, seed=0):
    """Weighted predictions of ``n`` rows and ``k`` classes as CSV and Parquet files,
    with integer and with text labels; returns ``{(format, labels): path}``."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    pred = np.where(rng.random(n) < 0.7, y, rng.integers(0, k, n))
    w = rng.uniform(0.5, 2.0, n).round(3)
    names = np.array([f"product_category_{i:03d}" for i in range(k)], dtype=object)
    frames = {"int": pd.DataFrame({"y": y, "y_hat": pred, "w": w}),
              "str": pd.DataFrame({"y": names[y], "y_hat": names[pred], "w": w})}
    paths = {}
    for labels, frame in frames.items():
        for fmt in ("csv", "parquet"):
            path = os.path.join(directory, f"cli_bench_{n}_{k}_{labels}.{fmt}")
            if not os.path.exists(path):
                if fmt == "csv":
                    frame.to_csv(path, index=False)
                else:
                    frame.to_parquet(path, index=False)
            paths[fmt, labels] = path
    return paths


def api(path):
    """The Python API's way: read the columns with pandas, report, print."""
    columns = ["y", "y_hat", "w"]
    if path.endswith(".csv"):
        frame = pd.read_csv(path, usecols=columns)
    else:
        frame = pd.read_parquet(path, columns=columns)
    report = msk.quality_report(frame["y"], frame["y_hat"], sample_weight=frame["w"])
    return str(report)


def cli(path):
    """The command in this process; its output is discarded."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = _cli.main(["report", path, "--true", "y", "--pred", "y_hat",
                            "--weight", "w", "-q"])
    assert status == 0, status
    return out.getvalue()


def best(func, repeat):
    """Best wall time of ``repeat`` calls (the timer of bench_scores.py)."""
    return best_of(func, repeat)[0]


def startup(code, repeat):
    """Best wall time of a fresh interpreter running ``code``."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    return best(lambda: subprocess.run([sys.executable, *code], env=env, check=True,
                                       capture_output=True), repeat)


def group_intervals(n, k, n_groups, repeat):
    """The report's per-group analytic intervals: one batch against group by group."""
    import warnings

    from metrics_sk._display import report_intervals as _report

    rng = np.random.default_rng(0)
    y = rng.integers(0, k, n)
    pred = np.where(rng.random(n) < 0.7, y, rng.integers(0, k, n))
    groups = rng.integers(0, n_groups, n)
    batch = _report._analytic_group_rows

    def one_by_one(grouped, squares, calls, columns, order, confidence_level, bounds):
        return list(enumerate(order)), 0  # every group to its own analytic_interval

    def report(rows):
        _report._analytic_group_rows = rows
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return msk.quality_report(y, pred, groups=groups, confidence_level=0.95,
                                          interval="analytic", random_state=0)
        finally:
            _report._analytic_group_rows = batch

    old, before = best_of(lambda: report(one_by_one), repeat)
    new, after = best_of(lambda: report(batch), repeat)
    a, b = (r.to_frame("groups").select_dtypes(float).to_numpy() for r in (before, after))
    print(f"{n:,} rows, {k} classes, {n_groups:,} groups; best of {repeat}; load "
          f"{os.getloadavg()[0]:.1f}\n\n| group by group (s) | one batch (s) | speed-up | "
          f"largest difference |\n|---|---|---|---|\n| {old:.2f} | {new:.2f} | "
          f"{old / new:.1f}x | {np.nanmax(np.abs(a - b)):.1e} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="20,000 rows, 50 classes, 2 repeats (smoke run)")
    parser.add_argument("--rows", type=int, default=2_000_000)
    parser.add_argument("--classes", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dir", default=None,
                        help="where the data files are written (default: a temporary "
                             "directory; give one to keep them between runs)")
    parser.add_argument("--group-intervals", type=int, default=None, metavar="GROUPS",
                        help="time the per-group analytic intervals instead (see above)")
    args = parser.parse_args()
    if args.quick:
        args.rows, args.classes, args.repeat = 20_000, 50, 2
    if args.group_intervals:
        return group_intervals(args.rows, args.classes, args.group_intervals, args.repeat)
    with contextlib.ExitStack() as stack:
        directory = args.dir or stack.enter_context(tempfile.TemporaryDirectory())
        paths = make_files(directory, args.rows, args.classes)
        print(f"{args.rows:,} rows, {args.classes} classes, weighted; best of {args.repeat}; "
              f"load {os.getloadavg()[0]:.1f}\n")
        print("| file | labels | API: read + quality_report (s) | CLI in-process (s) | "
              "CLI / API | target |")
        print("|---|---|---|---|---|---|")
        for (fmt, labels), path in paths.items():
            assert cli(path) == _cli._cli_words(api(path)) + "\n"  # the same report
            ours = best(lambda: cli(path), args.repeat)
            theirs = best(lambda: api(path), args.repeat)
            print(f"| {fmt} | {labels} | {theirs:.2f} | {ours:.2f} | {ours / theirs:.2f} | "
                  f"<= 1.5 |")
        runs = 1 if args.quick else args.repeat
        command = startup(["-m", "metrics_sk._display.cli", "--version"], runs)
        imports = startup(["-c", "import pandas, metrics_sk"], runs)
        print(f"\nstart-up: `python -m metrics_sk._display.cli --version` {command:.2f} s, "
              f"`python -c 'import pandas, metrics_sk'` {imports:.2f} s "
              f"(ratio {command / imports:.2f})")


if __name__ == "__main__":
    main()
