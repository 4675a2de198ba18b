"""Curve displays: metrics_sk's RocCurveDisplay and PrecisionRecallDisplay against
scikit-learn's, side by side.

    python benchmarks/bench_curve_displays.py          # n = 1e6 (the band: 1e4, 200 resamples)
    python benchmarks/bench_curve_displays.py --quick  # n = 1e5 (the band: 2e3, 50), in seconds

Every row times both sides on the same data in this process, alternating them run by run
(best of ``--repeat``), checks that they draw the same lines, and prints the ratio. The
rows have no target of issue 22 (info): a display is its curve (the drop-ins, timed by
``benchmarks/bench_thresholds.py``) plus matplotlib's drawing, which both sides share.

* binary ROC ``from_predictions``;
* 10 classes one-vs-rest: one call with the 2-D scores against scikit-learn's ten calls
  (one per class) on one axes;
* the bootstrap band of a precision-recall curve against the same resamples computed by
  hand with scikit-learn's ``precision_recall_curve`` (the curves alone, no drawing).
"""

import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import sklearn.metrics as skm  # noqa: E402

# the metrics_sk of this checkout, not an installed one (sys.path[0] is benchmarks/)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import metrics_sk as msk  # noqa: E402

from _timing import CLOCKS, best_of_each  # noqa: E402



def lines(display):
    return [line.get_xydata() for line in np.atleast_1d(display.line_)]


def report(name, best, agree, failed):
    ours, theirs = best
    print(f"{name:58s} {ours * 1e3:9.1f}ms {theirs * 1e3:9.1f}ms {theirs / ours:6.2f}x  "
          f"info {'same' if agree else 'DIFFERENT'}")
    if not agree:
        failed.append(name)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]
    n = 100_000 if args.quick else 1_000_000
    n_band, resamples = (2_000, 50) if args.quick else (10_000, 200)
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    score = y + rng.normal(size=n)
    y10 = rng.integers(0, 10, n)
    proba10 = rng.dirichlet(np.ones(10), n)
    proba10[np.arange(n), y10] += 0.5
    proba10 /= proba10.sum(1, keepdims=True)
    failed = []
    print(f"{'case':58s} {'metrics_sk':>11s} {'reference':>11s} {'ratio':>7s}")

    best, (ours, ref) = best_of_each(
        lambda: lines(msk.RocCurveDisplay.from_predictions(y, score)),
        lambda: lines(skm.RocCurveDisplay.from_predictions(y, score)),
        repeat=args.repeat, clock=clock)
    report(f"binary RocCurveDisplay.from_predictions, n={n:,}", best,
           all(np.array_equal(a, b) for a, b in zip(ours, ref)), failed)

    def sklearn_classes():
        _, ax = plt.subplots()
        return [skm.RocCurveDisplay.from_predictions(y10 == k, proba10[:, k], ax=ax)
                .line_.get_xydata() for k in range(10)]

    best, (ours, ref) = best_of_each(
        lambda: lines(msk.RocCurveDisplay.from_predictions(y10, proba10)),
        sklearn_classes, repeat=args.repeat, clock=clock)
    report(f"10 classes one-vs-rest ROC (sklearn: 10 calls), n={n:,}", best,
           all(np.array_equal(a, b) for a, b in zip(ours, ref)), failed)

    yb, sb = y[:n_band], np.round(score[:n_band], 2)
    grid = np.linspace(0, 1, 101)

    def sklearn_band():
        draws = np.random.default_rng(0)
        curves = []
        for _ in range(resamples):
            idx = draws.integers(0, n_band, n_band)
            precision, recall, _ = skm.precision_recall_curve(yb[idx], sb[idx])
            at = np.searchsorted(recall[::-1], grid, side="left")
            curves.append(precision[::-1][np.minimum(at, recall.shape[0] - 1)])
        return np.percentile(curves, [2.5, 97.5], axis=0)

    def our_band():
        band = msk.PrecisionRecallDisplay.from_predictions(
            yb, sb, confidence_level=0.95, n_resamples=resamples, random_state=0).band[0]
        return np.array(band[1:])

    best, (ours, ref) = best_of_each(our_band, sklearn_band, repeat=args.repeat, clock=clock)
    report(f"PR band, n={n_band:,}, {resamples} resamples (sklearn: by hand)", best,
           np.allclose(ours, ref, rtol=1e-12, atol=0), failed)
    if failed:
        print("lines or bands differ:", ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
