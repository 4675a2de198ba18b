"""StreamingRanking: the ranking metrics of a stream of batches against one call, side by side.

    python benchmarks/bench_streaming_ranking.py            # n = 1e6, 10 batches
    python benchmarks/bench_streaming_ranking.py --quick    # n = 1e5, in seconds
    python benchmarks/bench_streaming_ranking.py --clock cpu

Rows (both sides in this process, runs alternating, best of ``--repeat``):

* exact state (64 bits), 10 batches: ``update`` per batch, then ``roc_auc_score`` and
  ``average_precision_score``, against metrics_sk's and scikit-learn's two functions on
  the whole arrays (the values must be equal: ``==`` to metrics_sk's);
* the same with scores rounded to 3 decimals (1,001 distinct scores: a small state);
* the sketch (24 and 16 bits), 10 batches, ``roc_auc_score(return_bound=True)``, against
  the same two functions; its table's rows, bound and error are printed;
* the exact state as ``sum()`` of one state per batch of 2,000 (e.g. from many processes).

No target: "info" rows of issue 25 (the state costs a sort of each batch and a merge of
the tables; a one-call function sorts once).
"""

import argparse
import os
import sys

import numpy as np
import sklearn.metrics as skm

# the metrics_sk of this checkout, not an installed one (sys.path[0] is benchmarks/)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import metrics_sk as msk  # noqa: E402

from _timing import CLOCKS, best_of_each  # noqa: E402


def streamed(y, s, bits, n_batches):
    state = msk.StreamingRanking(bits=bits)
    for idx in np.array_split(np.arange(y.shape[0]), n_batches):
        state.update(y[idx[0]:idx[-1] + 1], s[idx[0]:idx[-1] + 1])
    if bits < 64:
        return state, state.roc_auc_score(return_bound=True)
    return state, (state.roc_auc_score(), state.average_precision_score())


def summed(y, s, batch=2_000):
    """One state per batch, then ``sum()`` of them (a + b must not re-merge the sum so far)."""
    state = sum(msk.StreamingRanking().update(y[i:i + batch], s[i:i + batch])
                for i in range(0, y.shape[0], batch))
    return state, (state.roc_auc_score(), state.average_precision_score())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--batches", type=int, default=10)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]
    n = 100_000 if args.quick else 1_000_000
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    proba = 1 / (1 + np.exp(-(y + rng.normal(size=n))))
    rounded = proba.round(3)
    print(f"n = {n:,}, {args.batches} batches ({args.clock} clock, best of {args.repeat})")
    print(f"{'':44s} {'stream':>9s} {'msk one call':>13s} {'sklearn':>9s} "
          f"{'vs msk':>7s} {'vs sklearn':>10s}")
    failed = []
    for name, s, bits in (("exact (64 bits), continuous scores", proba, 64),
                          ("exact (64 bits), 3-decimal scores", rounded, 64),
                          ("sketch, 24 bits, continuous scores", proba, 24),
                          ("sketch, 16 bits, continuous scores", proba, 16),
                          (f"exact, sum() of {-(-n // 2000)} states, continuous", proba, 0)):
        def one_call(m, s=s):
            return m.roc_auc_score(y, s), m.average_precision_score(y, s)

        (ours, mine, theirs), (got, whole, reference) = best_of_each(
            (lambda: summed(y, s)) if bits == 0 else lambda: streamed(y, s, bits, args.batches),
            lambda: one_call(msk),
            lambda: one_call(skm), repeat=args.repeat, clock=clock)
        state, values = got
        if bits in (0, 64):
            ok = values == whole and np.allclose(values, reference, rtol=1e-12, atol=0)
            note = f"rows {state.n_rows:,}"
        else:
            value, bound = values
            ok = abs(value - reference[0]) <= bound
            note = (f"rows {state.n_rows:,}, bound {bound:.1e}, "
                    f"error {abs(value - reference[0]):.1e}")
        if not ok:
            failed.append(name)
        print(f"{name:44s} {ours * 1e3:7.1f}ms {mine * 1e3:11.1f}ms {theirs * 1e3:7.1f}ms "
              f"{mine / ours:6.2f}x {theirs / ours:9.2f}x  {note}")
    if failed:
        print("values differ:", failed)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
