"""The CORP decomposition: score_decomposition against one argsort and scikit-learn's PAV.

    python benchmarks/bench_decomposition.py            # n = 1e6
    python benchmarks/bench_decomposition.py --quick    # n = 1e5, in seconds
    python benchmarks/bench_decomposition.py --clock cpu  # process time: steadier on a busy machine

Every row times both sides on the same data in this process, alternating them run by
run so that both see the same load (best of ``--repeat`` runs of each), and prints the
ratio next to the target of issue 23:

* ``score_decomposition`` (Brier score; one sort, the tie blocks, PAV, the three parts)
  within 3x the time of one ``np.argsort`` of the probabilities;
* the same against ``sklearn.isotonic.IsotonicRegression(y_min=0, y_max=1).fit`` (the
  isotonic fit alone, which the decomposition contains); the parts are checked against
  the ones computed from its ``predict`` and ``brier_score_loss``.

The rows marked "info" have no target (weighted inputs, probabilities rounded to 2
decimals: ties everywhere, the log loss).
"""

import argparse
import os
import sys

import numpy as np
from sklearn.isotonic import IsotonicRegression
from sklearn.metrics import brier_score_loss

# the metrics_sk of this checkout, not an installed one (sys.path[0] is benchmarks/)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import metrics_sk as msk  # noqa: E402

from _timing import CLOCKS, best_of_each  # noqa: E402



def sklearn_parts(y, p, w, iso):
    """Brier MCB and DSC from scikit-learn's fitted isotonic regression ``iso``."""
    s_iso = brier_score_loss(y, iso.predict(p), sample_weight=w)
    unc = brier_score_loss(y, np.full(len(y), np.average(y, weights=w)), sample_weight=w)
    return brier_score_loss(y, p, sample_weight=w) - s_iso, unc - s_iso


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]
    n = 100_000 if args.quick else 1_000_000
    rng = np.random.default_rng(0)
    p = rng.random(n)
    y = (rng.random(n) < p ** 2).astype(np.int64)  # miscalibrated: the truth is p**2
    weight = rng.uniform(0.1, 3.0, n)
    rounded = p.round(2)

    def ours(probabilities, w=None, scoring="brier_score_loss"):
        return lambda: msk.score_decomposition(y, probabilities, scoring=scoring,
                                               sample_weight=w)

    def isotonic(probabilities, w=None):
        return lambda: IsotonicRegression(y_min=0, y_max=1).fit(probabilities, y,
                                                                sample_weight=w)

    print(f"n = {n:,} ({args.clock} clock, best of {args.repeat})")
    print(f"{'':52s} {'metrics_sk':>11s} {'reference':>10s} {'ratio':>7s}  target")
    failed = []
    rows = [  # (name, ours, reference, target of ours / reference, or None; check)
        ("score_decomposition vs one np.argsort", ours(p), lambda: np.argsort(p), 3.0,
         None),
        ("score_decomposition vs IsotonicRegression.fit", ours(p), isotonic(p), None,
         (p, None)),
        ("same, weighted, vs IsotonicRegression.fit", ours(p, weight), isotonic(p, weight),
         None, (p, weight)),
        ("same, weighted, vs one np.argsort", ours(p, weight), lambda: np.argsort(p), None,
         None),
        ("same, 2-decimal probabilities, vs IsotonicRegression.fit", ours(rounded),
         isotonic(rounded), None, (rounded, None)),
        ("same, log loss, vs one np.argsort", ours(p, scoring="log_loss"),
         lambda: np.argsort(p), None, None),
    ]
    for name, call, reference, target, check in rows:
        (mine, theirs), (got, fitted) = best_of_each(call, reference, repeat=args.repeat,
                                                     clock=clock)
        if check is not None:
            expected = sklearn_parts(y, check[0], check[1], fitted)
            if not np.allclose((got.miscalibration, got.discrimination), expected,
                               rtol=0, atol=1e-10):
                failed.append(name)
        ratio = mine / theirs
        if target is None:
            shown = (f"{ratio:6.2f}x  info (ours / argsort)" if "argsort" in name
                     else f"{1 / ratio:6.1f}x  info (faster)")
        else:
            shown = (f"{ratio:6.2f}x  <= {target:g}x "
                     f"{'ok' if ratio <= target else 'MISSED'} (ours / argsort)")
        print(f"{name:52s} {mine * 1e3:9.1f}ms {theirs * 1e3:8.1f}ms {shown}")
    if failed:
        print("values differ:", failed)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
