"""Bootstrap of multilabel metrics: metrics_sk's row-unit resampling against a loop that
resamples indices and calls scikit-learn's metric, side by side in one process.

    python benchmarks/bench_multilabel_bootstrap.py            # n = 1e5, 1000 replicates
    python benchmarks/bench_multilabel_bootstrap.py --quick    # n = 1e4, in seconds
    python benchmarks/bench_multilabel_bootstrap.py --clock cpu  # steadier on a busy machine

A multilabel replicate is a multinomial draw of the counts of the samples' distinct
(row, weight) units (``metrics_sk/_multilabel.py``: ``RowUnits``), summed per column by
one sparse product into a batch of confusions that the formulas evaluate at once. The
reference resamples ``n`` indices per replicate and calls scikit-learn's metric; it is
timed on ``--subset`` replicates and extrapolated to all. Cases: few distinct rows (10
labels, sparse predictions: rows repeat), every row distinct (40 labels, dense: no
compression), scipy sparse input, continuous weights (a unit per sample). The number of
units is printed next to ``n``. Last, ``metric_frame`` of the repeated-rows case over 100
groups against fairlearn's ``MetricFrame``. No target was set by the issue; the rows are
"info".
"""

import argparse
import os
import sys
import time
import warnings

import numpy as np
import scipy.sparse as sp
import sklearn.metrics as skm

# the metrics_sk of this checkout, not an installed one (sys.path[0] is benchmarks/)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import metrics_sk as msk  # noqa: E402
from metrics_sk._multilabel import checked_rows  # noqa: E402

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def make(n, n_labels, density, flip, seed=0):
    rng = np.random.default_rng(seed)
    y_true = (rng.random((n, n_labels)) < density).astype(np.int8)
    y_pred = np.where(rng.random((n, n_labels)) < flip, 1 - y_true, y_true).astype(np.int8)
    return y_true, y_pred


def loop(metric, y_true, y_pred, w, n_resamples, seed, kwargs):
    """The per-sample bootstrap: ``n`` indices per replicate, scikit-learn's metric."""
    rng = np.random.default_rng(seed)
    n = y_true.shape[0]
    out = []
    for _ in range(n_resamples):
        idx = rng.integers(0, n, n)
        extra = {} if w is None else {"sample_weight": w[idx]}
        out.append(metric(y_true[idx], y_pred[idx], **extra, **kwargs))
    return np.array(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--subset", type=int, default=20,
                        help="replicates timed of the reference loop (extrapolated)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # (0/0 samples of both sides: zero_division)
    clock = CLOCKS[args.clock]
    n = 10_000 if args.quick else 100_000
    r = 100 if args.quick else args.resamples
    subset = min(args.subset, r)
    few = make(n, 10, 0.1, 0.05)
    distinct = make(n, 40, 0.3, 0.2, seed=1)
    weights = np.random.default_rng(2).uniform(0.1, 3, n)
    cases = [  # (name, y_true, y_pred, w, metric, kwargs)
        ("f1 samples, 10 labels, repeated rows", *few, None, "f1_score",
         {"average": "samples"}),
        ("f1 macro, 10 labels, repeated rows", *few, None, "f1_score", {"average": "macro"}),
        ("hamming_loss, 10 labels, repeated rows", *few, None, "hamming_loss", {}),
        ("f1 samples, 40 labels, distinct rows", *distinct, None, "f1_score",
         {"average": "samples"}),
        ("f1 samples, 40 labels, scipy sparse", *(sp.csr_array(a) for a in distinct), None,
         "f1_score", {"average": "samples"}),
        ("jaccard samples, 10 labels, continuous weights", *few, weights, "jaccard_score",
         {"average": "samples"}),
    ]
    print(f"n = {n:.0e}, {r} replicates; reference: {subset} replicates extrapolated "
          f"(best of {args.repeat}, {args.clock} clock)")
    print(f"{'case':50s} {'units':>8s} {'metrics_sk':>11s} {'loop':>10s} {'ratio':>8s}")
    for name, y_true, y_pred, w, metric, kwargs in cases:
        units = checked_rows(y_true, y_pred, w)[1].size
        best, result = np.inf, None
        for _ in range(args.repeat):
            start = clock()
            result = msk.bootstrap(metric, y_true, y_pred, sample_weight=w, n_resamples=r,
                                   random_state=0, **kwargs)
            best = min(best, clock() - start)
        ref = np.inf
        for _ in range(args.repeat):
            start = clock()
            values = loop(getattr(skm, metric), y_true, y_pred, w, subset, 0, kwargs)
            ref = min(ref, (clock() - start) * r / subset)
        # the same law: the loop's replicates lie within the interval's range
        spread = result.bootstrap_distribution
        assert spread.min() - 0.05 <= np.median(values) <= spread.max() + 0.05, name
        print(f"{name:50s} {units:8d} {best:10.3f}s {ref:9.2f}s {ref / best:7.0f}x")
    groups_of(args, clock, n, *few)


def groups_of(args, clock, n, y_true, y_pred):
    """``metric_frame`` of F1 ``samples`` over 100 groups against fairlearn's
    ``MetricFrame`` with scikit-learn's ``f1_score`` (the values asserted equal)."""
    import functools

    from fairlearn.metrics import MetricFrame

    groups = np.random.default_rng(3).integers(0, 100, n)
    ours = functools.partial(msk.f1_score, average="samples")
    theirs = functools.partial(skm.f1_score, average="samples")
    best, ref = np.inf, np.inf
    for _ in range(args.repeat):
        start = clock()
        got = msk.metric_frame(y_true, y_pred, metrics=ours, groups=groups).by_group
        best = min(best, clock() - start)
        start = clock()
        expected = MetricFrame(metrics=theirs, y_true=y_true, y_pred=y_pred,
                               sensitive_features=groups).by_group
        ref = min(ref, clock() - start)
    np.testing.assert_allclose(got.to_numpy(), expected.to_numpy(dtype=float), rtol=1e-12)
    print(f"{'metric_frame f1 samples, 100 groups (vs fairlearn)':50s} {'':8s} "
          f"{best:10.3f}s {ref:9.2f}s {ref / best:7.0f}x")


if __name__ == "__main__":
    main()
