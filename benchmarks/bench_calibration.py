"""Calibration: calibration_error against np.bincount, calibration_curve against scikit-learn.

    python benchmarks/bench_calibration.py            # n = 1e6
    python benchmarks/bench_calibration.py --quick    # n = 1e5, in seconds
    python benchmarks/bench_calibration.py --clock cpu  # process time: steadier on a busy machine

Every row times both sides on the same data in this process, alternating them run by run
so that both see the same load (best of ``--repeat`` runs of each), and prints the
ratio next to the target of issue 23:

* ``calibration_error`` (binary, 15 uniform bins, the checks of its inputs included)
  within 3x the time of one ``np.bincount`` over the bin indices (the indices given);
* ``calibration_curve`` against scikit-learn's (the same values checked): no target,
  the ratio is scikit-learn's time over metrics_sk's.

The "plain numpy" row is the same number computed without any input check (the bin
indices, three bincounts, the formula), for scale.
"""

import argparse
import os
import sys

import numpy as np
from sklearn.calibration import calibration_curve as sk_calibration_curve

# the metrics_sk of this checkout, not an installed one (sys.path[0] is benchmarks/)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import metrics_sk as msk  # noqa: E402

from _timing import CLOCKS, best_of_each  # noqa: E402



def plain_numpy(y, p, n_bins=15):
    """The binary l1 calibration error, unchecked: floor(p n) bins (the last closed)."""
    bins = np.minimum((p * n_bins).astype(np.intp), n_bins - 1)
    w = np.bincount(bins, minlength=n_bins)
    wy = np.bincount(bins, weights=y, minlength=n_bins)
    wp = np.bincount(bins, weights=p, minlength=n_bins)
    return np.abs(wy - wp).sum() / w.sum()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]
    n = 100_000 if args.quick else 1_000_000
    rng = np.random.default_rng(0)
    p = rng.random(n)
    y = (rng.random(n) < p ** 1.2).astype(np.int64)
    weight = rng.random(n)
    bins = np.minimum((p * 15).astype(np.intp), 14)
    y10 = rng.integers(0, 10, n)
    proba10 = rng.dirichlet(np.ones(10), n)

    print(f"n = {n:,} ({args.clock} clock, best of {args.repeat})")
    print(f"{'':52s} {'metrics_sk':>11s} {'reference':>10s} {'ratio':>7s}  target")
    failed = []
    rows = [  # (name, ours, reference, target: ours / reference at most, or None)
        ("calibration_error, binary / one np.bincount", lambda: msk.calibration_error(y, p),
         lambda: np.bincount(bins, weights=p, minlength=15), 3.0),
        ("calibration_error, binary / plain numpy", lambda: msk.calibration_error(y, p),
         lambda: plain_numpy(y, p), None),
        ("calibration_error, binary, weighted / one bincount",
         lambda: msk.calibration_error(y, p, sample_weight=weight),
         lambda: np.bincount(bins, weights=p, minlength=15), None),
        ("calibration_error, quantile / one np.bincount",
         lambda: msk.calibration_error(y, p, strategy="quantile"),
         lambda: np.bincount(bins, weights=p, minlength=15), None),
        ("calibration_error, top-label, 10 classes / bincount",
         lambda: msk.calibration_error(y10, proba10),
         lambda: np.bincount(bins, weights=p, minlength=15), None),
    ]
    for name, ours_call, reference_call, target in rows:
        (ours, theirs), _ = best_of_each(ours_call, reference_call, repeat=args.repeat, clock=clock)
        ratio = ours / theirs
        verdict = "info" if target is None else (
            f"<= {target:g}x " + ("ok" if ratio <= target else "MISSED"))
        print(f"{name:52s} {ours * 1e3:9.1f}ms {theirs * 1e3:8.1f}ms {ratio:6.1f}x  {verdict}")
    if not np.isclose(msk.calibration_error(y, p), plain_numpy(y, p), rtol=1e-9):
        failed.append("calibration_error")
    print("calibration_curve: the ratio is scikit-learn's time / metrics_sk's")
    for strategy in ("uniform", "quantile"):
        name = f"calibration_curve, {strategy}, 10 bins"
        (ours, theirs), (a, b) = best_of_each(
            lambda: msk.calibration_curve(y, p, n_bins=10, strategy=strategy),
            lambda: sk_calibration_curve(y, p, n_bins=10, strategy=strategy),
            repeat=args.repeat, clock=clock)
        if not all(np.array_equal(u, v) for u, v in zip(a, b)):
            failed.append(name)
        print(f"{name:52s} {ours * 1e3:9.1f}ms {theirs * 1e3:8.1f}ms "
              f"{theirs / ours:6.1f}x  info")
    if failed:
        print("values differ:", failed)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
