"""Beyond one array, side by side: the cell-resampling bootstrap against scikit-learn's
``f1_score`` looped over index resamples, and Dask on a 2-worker LocalCluster against the
in-memory builder.

    python benchmarks/bench_scale.py            # the full run (about a minute)
    python benchmarks/bench_scale.py --quick    # a smoke run (a few seconds)

Targets (issue 6): the bootstrap of macro F (1000 resamples, n = 10**6, 10 classes) under
0.5 s and at least 200x faster than the scikit-learn loop (a few iterations measured, then
extrapolated); Dask at 10**8 labels with at least half the throughput of the in-memory
builder at 10**7. The Dask inputs are generated and persisted on the workers first, so the
timing is the evaluation alone, as for the in-memory builder whose arrays are in memory.
``brier_score_loss`` of persisted Dask probabilities (3 classes, n / 10 rows) is reduced
on the workers; beside it scikit-learn's on the same arrays gathered into the client (what
the Dask route did before). The ranking metrics (issue 25): ``roc_auc_score`` and
``average_precision_score`` of n persisted float32 scores in two exact passes on the
workers, against the same functions on the same arrays in memory (computed into this
process once; the values are asserted equal bit for bit).
"""

import argparse
import warnings

import numpy as np
from bench_scores import best_of  # the same timer as the other benchmarks (same folder)


def _best(func, repeat):
    """Best wall time of ``repeat`` calls (the timer of bench_scores.py)."""
    return best_of(func, repeat)[0]


def _labels(n, k, seed, dtype=np.int32):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, k, n, dtype=dtype)
    p = np.where(rng.random(n) < 0.8, t, rng.integers(0, k, n, dtype=dtype))
    return t, p


def bench_bootstrap(n, k, n_resamples, sklearn_iterations, repeat):
    import sklearn.metrics as skm

    import metrics_sk as msk

    t, p = _labels(n, k, seed=0, dtype=np.int64)
    ours = _best(lambda: msk.bootstrap("f1_score", t, p, average="macro",
                                       n_resamples=n_resamples, random_state=0), repeat)
    rng = np.random.default_rng(1)

    def sklearn_loop():
        for _ in range(sklearn_iterations):
            idx = rng.integers(0, n, n)
            skm.f1_score(t[idx], p[idx], average="macro")

    sklearn_time = _best(sklearn_loop, 1) / sklearn_iterations * n_resamples
    return ours, sklearn_time


def bench_dask(n_memory, n_dask, k, chunk, repeat):
    import dask.array as da
    import distributed

    from metrics_sk import Confusion

    t, p = _labels(n_memory, k, seed=2)
    Confusion.from_predictions(t, p)  # warm up
    memory = _best(lambda: Confusion.from_predictions(t, p), repeat)
    del t, p
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           host="127.0.0.1", dashboard_address=None,
                                           memory_limit="4GiB")
        client = distributed.Client(cluster)
    try:
        rng = da.random.default_rng(3)
        dt = rng.integers(0, k, size=n_dask, chunks=chunk, dtype=np.int32)
        dp = da.where(rng.random(n_dask, chunks=chunk) < 0.8, dt,
                      rng.integers(0, k, size=n_dask, chunks=chunk, dtype=np.int32))
        dt, dp = client.persist([dt, dp])
        distributed.wait([dt, dp])
        Confusion.from_predictions(dt, dp)  # warm up (imports on the workers)
        on_dask = _best(lambda: Confusion.from_predictions(dt, dp), repeat)
        brier = _bench_dask_brier(client, n_dask // 10, chunk // 10, repeat)
        del dt, dp
        ranking = _bench_dask_ranking(client, n_dask, chunk, 1)  # (seconds each at 1e8)
    finally:
        client.close()
        cluster.close()
    return memory, on_dask, brier, ranking


def _bench_dask_ranking(client, n, chunk, repeat):
    """``{name: (on the workers, in memory)}`` for ``roc_auc_score``,
    ``average_precision_score`` and ``roc_curve`` (its table of one row per distinct
    score concatenated in the client) of ``n`` persisted float32 scores (30 % positives)."""
    import dask
    import dask.array as da
    import distributed

    import metrics_sk as msk

    rng = da.random.default_rng(5)
    y = (rng.random(n, chunks=chunk, dtype=np.float32) < 0.3).astype(np.int8)
    s = (rng.random(n, chunks=chunk, dtype=np.float32) + np.float32(0.4) * y)
    y, s = client.persist([y, s.astype(np.float32)])
    distributed.wait([y, s])
    y_np, s_np = dask.compute(y, s)
    out = {}
    for name in ("roc_auc_score", "average_precision_score", "roc_curve"):
        metric = getattr(msk, name)
        ours = metric(y, s)  # warm up (imports on the workers)
        expected = metric(y_np, s_np)
        assert all(np.array_equal(a, b) for a, b in zip(
            ours if isinstance(ours, tuple) else (ours,),
            expected if isinstance(expected, tuple) else (expected,), strict=True)), name
        out[name] = (_best(lambda: metric(y, s), repeat),
                     _best(lambda: metric(y_np, s_np), repeat))
    return out


def _bench_dask_brier(client, n, chunk, repeat):
    """(metrics_sk's brier_score_loss on the workers, scikit-learn's on the gathered
    arrays) of persisted Dask probabilities; the two values agree."""
    import dask.array as da
    import distributed
    import sklearn.metrics as skm

    import metrics_sk as msk

    rng = da.random.default_rng(4)
    y = rng.integers(0, 3, size=n, chunks=chunk)
    logits = rng.normal(size=(n, 3), chunks=(chunk, 3))
    proba = da.exp(logits) / da.exp(logits).sum(axis=1, keepdims=True)
    y, proba = client.persist([y, proba])
    distributed.wait([y, proba])
    ours = msk.brier_score_loss(y, proba)  # warm up
    theirs = skm.brier_score_loss(np.asarray(y), np.asarray(proba))
    assert np.isclose(ours, theirs, rtol=1e-9), (ours, theirs)
    return (_best(lambda: msk.brier_score_loss(y, proba), repeat),
            _best(lambda: skm.brier_score_loss(np.asarray(y), np.asarray(proba)), repeat))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    args = parser.parse_args(argv)
    if args.quick:
        n_boot, resamples, loops, n_mem, n_dask, chunk, repeat = (
            10**5, 200, 2, 10**6, 10**7, 2 * 10**6, 1)
    else:
        n_boot, resamples, loops, n_mem, n_dask, chunk, repeat = (
            10**6, 1000, 3, 10**7, 10**8, 10**7, 3)
    k = 10
    ours, sklearn_time = bench_bootstrap(n_boot, k, resamples, loops, repeat)
    memory, on_dask, (brier, brier_gathered), ranking = bench_dask(n_mem, n_dask, k, chunk,
                                                                   repeat)
    memory_rate, dask_rate = n_mem / memory, n_dask / on_dask

    rows = [
        (f"bootstrap macro F, metrics_sk ({resamples} resamples)", f"n={n_boot:.0e}",
         f"{ours:.3f} s", "", "< 0.5 s" if not args.quick else "",
         "" if args.quick else ("ok" if ours < 0.5 else "MISSED")),
        (f"bootstrap macro F, sklearn f1_score loop (from {loops})", f"n={n_boot:.0e}",
         f"{sklearn_time:.1f} s", f"{sklearn_time / ours:.0f}x slower", ">= 200x",
         "ok" if sklearn_time / ours >= 200 else "MISSED"),
        ("in-memory builder Confusion.from_predictions", f"n={n_mem:.0e}",
         f"{memory:.3f} s", f"{memory_rate / 1e6:.0f} M labels/s", "", ""),
        ("Dask, 2-worker LocalCluster (persisted)", f"n={n_dask:.0e}",
         f"{on_dask:.3f} s", f"{dask_rate / 1e6:.0f} M labels/s = "
         f"{dask_rate / memory_rate:.2f}x in-memory", ">= 0.5x",
         "ok" if dask_rate / memory_rate >= 0.5 else "MISSED"),
        ("Dask brier_score_loss, 3 classes, on the workers", f"n={n_dask // 10:.0e}",
         f"{brier:.3f} s", "", "", ""),
        ("  sklearn brier_score_loss on the gathered arrays", f"n={n_dask // 10:.0e}",
         f"{brier_gathered:.3f} s", f"{brier_gathered / brier:.1f}x slower", "", ""),
    ]
    for name, (on_workers, in_memory) in ranking.items():
        ratio = in_memory / on_workers  # throughput on Dask / in memory, same n
        rows += [
            (f"Dask {name}, float32, two exact passes", f"n={n_dask:.0e}",
             f"{on_workers:.3f} s", f"{n_dask / on_workers / 1e6:.0f} M scores/s = "
             f"{ratio:.2f}x in-memory", ">= 0.5x", "ok" if ratio >= 0.5 else "MISSED"),
            (f"  in-memory {name} (same arrays, bit-identical value)", f"n={n_dask:.0e}",
             f"{in_memory:.3f} s", f"{n_dask / in_memory / 1e6:.0f} M scores/s", "", ""),
        ]
    header = ("case", "size", "time", "ratio / throughput", "target", "")
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    for row in [header] + rows:
        print("  ".join(str(cell).ljust(w) for cell, w in zip(row, widths)).rstrip())


if __name__ == "__main__":
    main()
