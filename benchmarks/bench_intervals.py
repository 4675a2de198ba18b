"""Analytic intervals and paired comparison, side by side in one process.

    python benchmarks/bench_intervals.py            # the sizes of issue 11
    python benchmarks/bench_intervals.py --quick    # small sizes, a smoke test

Targets of issue 11 (ratios are measured here, in this process, best of ``--repeat``):

* DeLong for n = 1e6 binary scores within 2x one ``argsort`` of the scores;
* DeLong at least 100x a naive O(n^2) DeLong at n = 1e4;
* paired bootstrap of macro F1, 1000 replicates, n = 1e6, 10 classes: under 0.5 s and at
  least 200x a loop that resamples indices and calls scikit-learn's ``f1_score`` twice
  (the loop is timed on a few replicates and extrapolated);
* analytic intervals of every count metric of a 10-class report: under 5 ms.

Weighted bootstrap with continuous weights (``macro_fbeta_score``, 1000 replicates, 10
classes, n = 1e6, ``w ~ U(0.1, 3)``): the cell counts drawn exactly and each cell's sum
of resampled weights by its moments where the cell is large (``_CellSampler``), against
the same bootstrap unweighted; target within 10x. The per-sample draw it replaces (one
``n``-index resample per replicate, the code before) is timed on a few replicates and
extrapolated.

The report's intervals (``quality_report(y, p, y_score=P, confidence_level=0.95)``,
1,600 rows x 22 classes; ``--quick``: 400 x 8): the default (bootstrap; the score
metrics' replicates as integer weights on rankings sorted once) against the per-sample
bootstrap of the score metrics it replaces (timed on a few replicates, extrapolated) and
``interval="analytic"``; target under 2 s.

Issue 9 (encode once): the bootstrap of a score metric (``log_loss``, ``roc_auc_mu_score``,
1000 replicates, 5 string classes, n = 1e4 and 1e5) resamples the once-encoded rows; the
reference is the same bootstrap of the same function wrapped in a lambda (not a
registered metric, so every replicate validates and encodes its samples again, as before).
The two distributions are asserted identical.
"""

import argparse
import time

import numpy as np
import sklearn.metrics as skm

# bench_scores first: the same timer as the other benchmarks (same folder), and it puts
# this checkout's metrics_sk on the path ahead of an installed one
from bench_scores import best_of  # isort: skip
import metrics_sk as msk  # noqa: E402
from metrics_sk._inference.intervals import confusion_intervals  # noqa: E402


def naive_delong(y, s):
    """DeLong's variance from the full n_pos x n_neg kernel (DeLong et al. 1988)."""
    pos, neg = s[y == 1], s[y == 0]
    kernel = (pos[:, None] > neg[None]) + 0.5 * (pos[:, None] == neg[None])
    v10, v01 = kernel.mean(1), kernel.mean(0)
    return kernel.mean(), np.var(v10, ddof=1) / v10.size + np.var(v01, ddof=1) / v01.size


#: The count metrics of a report, with their arguments.
REPORT = [
    ("accuracy_score", {}), ("balanced_accuracy_score", {}), ("matthews_corrcoef", {}),
    ("cohen_kappa_score", {}), ("f1_score", {"average": "macro"}),
    ("f1_score", {"average": "weighted"}), ("f1_score", {"average": "micro"}),
    ("precision_score", {"average": None}), ("recall_score", {"average": None}),
    ("f1_score", {"average": None}), ("macro_precision_score", {}),
    ("macro_recall_score", {}), ("macro_fbeta_score", {}), ("micro_fbeta_score", {}),
    ("average_accuracy_score", {}), ("error_rate", {}),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (smoke test)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n_auc, n_naive, n_boot = (10**5, 2000, 10**5) if args.quick else (10**6, 10**4, 10**6)
    rng = np.random.default_rng(0)
    rows = []

    y = rng.integers(0, 2, n_auc)
    s = rng.normal(size=n_auc) + y
    t_sort, _ = best_of(lambda: np.argsort(s), args.repeat)
    t_delong, res = best_of(
        lambda: msk.analytic_interval("one_vs_all_roc_auc_score", y, s), args.repeat)
    rows.append((f"DeLong, n={n_auc:.0e}", t_delong, "one argsort", t_sort,
                 t_delong / t_sort, "<= 2x"))

    yn, sn = y[:n_naive], s[:n_naive]
    t_naive, (auc, var) = best_of(lambda: naive_delong(yn, sn), 1)
    t_ours, res = best_of(lambda: msk.analytic_interval("one_vs_all_roc_auc_score", yn, sn),
                          args.repeat)
    assert np.isclose(res.value, auc) and np.isclose(res.standard_error ** 2, var)
    rows.append((f"DeLong, n={n_naive:.0e}", t_ours, "naive O(n^2) DeLong", t_naive,
                 t_naive / t_ours, ">= 100x faster"))

    k = 10
    yt = rng.integers(0, k, n_boot)
    a = np.where(rng.random(n_boot) < 0.8, yt, rng.integers(0, k, n_boot))
    b = np.where(rng.random(n_boot) < 0.78, yt, rng.integers(0, k, n_boot))
    t_cmp, res = best_of(lambda: msk.compare("f1_score", yt, a, b, average="macro",
                                             n_resamples=1000, random_state=0), args.repeat)
    loops = 3
    start = time.perf_counter()
    for _ in range(loops):
        idx = rng.integers(0, n_boot, n_boot)
        skm.f1_score(yt[idx], a[idx], average="macro")
        skm.f1_score(yt[idx], b[idx], average="macro")
    t_loop = (time.perf_counter() - start) / loops * 1000
    rows.append((f"paired bootstrap macro F1, 1000 x n={n_boot:.0e}", t_cmp,
                 f"index loop + 2 f1_score (x1000, from {loops})", t_loop, t_loop / t_cmp,
                 "< 0.5 s, >= 200x faster"))

    rows.append(weighted_bootstrap_row(rng, yt, a, args.repeat))

    yr, pr = yt[:10**5], a[:10**5]
    t_report, report = best_of(lambda: msk.quality_report(yr, pr), args.repeat)
    c = msk.Confusion.from_predictions(yr, pr)  # the report's counts

    t_all, _ = best_of(lambda: confusion_intervals(c, REPORT), args.repeat)
    rows.append((f"analytic intervals, {len(REPORT)} report metrics, 10 classes", t_all,
                 "quality_report itself", t_report, t_all / t_report, "< 5 ms on top"))

    rows += report_interval_rows(rng, (400, 8) if args.quick else (1600, 22), args.repeat)
    rows += score_bootstrap_rows(rng, (10**3, 10**4) if args.quick else (10**4, 10**5),
                                 args.repeat)
    print(f"{'case':58} {'ours':>10} {'reference':>44} {'ratio':>8}  target")
    for name, ours, ref_name, ref, ratio, target in rows:
        print(f"{name:58} {ours * 1e3:8.1f}ms {ref_name:>34} {ref * 1e3:7.1f}ms "
              f"{ratio:8.2f}  {target}")


def weighted_bootstrap_row(rng, y, pred, repeat, n_resamples=1000):
    """bootstrap with continuous sample weights vs. the same bootstrap unweighted."""
    w = rng.uniform(0.1, 3, y.shape[0])
    kwargs = {"n_resamples": n_resamples, "random_state": 0}
    t_plain, _ = best_of(lambda: msk.bootstrap("macro_fbeta_score", y, pred, **kwargs), repeat)
    t_weighted, _ = best_of(lambda: msk.bootstrap("macro_fbeta_score", y, pred,
                                                  sample_weight=w, **kwargs), repeat)
    loops, n = 3, y.shape[0]  # the per-sample draw of the code before, per replicate
    cell = y * 10 + pred
    start = time.perf_counter()
    for _ in range(loops):
        times = np.bincount(rng.integers(0, n, n), minlength=n)
        np.bincount(cell, weights=w * times, minlength=100)
    t_before = (time.perf_counter() - start) / loops * n_resamples
    print(f"weighted bootstrap: per-sample draws (before, extrapolated) {t_before:.2f} s, "
          f"now {t_weighted:.3f} s ({t_before / t_weighted:.0f}x faster)")
    return (f"weighted bootstrap macro F, {n_resamples} x n={n:.0e}, U(0.1, 3) weights",
            t_weighted, "the same bootstrap unweighted", t_plain, t_weighted / t_plain,
            "<= 10x unweighted")


def report_interval_rows(rng, size, repeat, n_resamples=1000):
    """quality_report's default intervals vs. the per-sample score bootstrap and analytic."""
    import warnings

    from metrics_sk._inference.bootstrap import index_bootstrap
    from metrics_sk._inference.resampling import make_rng
    from metrics_sk._display.report_layout import score_values

    n, k = size
    y = rng.integers(0, k, n)
    logits = rng.normal(size=(n, k)) + 2 * np.eye(k)[y]
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    pred = proba.argmax(axis=1)
    labels = np.arange(k)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t_default, _ = best_of(lambda: msk.quality_report(
            y, pred, y_score=proba, confidence_level=0.95, n_resamples=n_resamples,
            random_state=0), repeat)
        t_analytic, _ = best_of(lambda: msk.quality_report(
            y, pred, y_score=proba, confidence_level=0.95, interval="analytic"), repeat)
        few = 20  # the per-sample bootstrap of the score metrics (the path before)
        t_few, _ = best_of(lambda: index_bootstrap(
            lambda t, s, sample_weight=None: score_values(t, s, labels=labels), y, proba,
            None, {}, few, 0.95, "percentile", make_rng(0)), 1)
    t_before = t_few / few * n_resamples
    name = f"quality_report intervals, {n} x {k} classes, {n_resamples} replicates"
    return [(name, t_default, "score bootstrap per sample (extrap.)", t_before,
             t_before / t_default, "< 2 s, faster"),
            (name, t_default, "interval='analytic'", t_analytic, t_default / t_analytic,
             "(slower than analytic)")]


def score_bootstrap_rows(rng, sizes, repeat, k=5, n_resamples=1000):
    """bootstrap of a score metric on its once-encoded rows vs. re-encoding each replicate."""
    rows = []
    names = np.array([f"class {i}" for i in range(k)])
    for n in sizes:
        codes = rng.integers(0, k, n)
        logits = rng.normal(size=(n, k)) + np.eye(k)[codes]
        proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
        y = names[codes]
        for metric, scores in (("log_loss", proba), ("roc_auc_mu_score", logits)):
            func = getattr(msk, metric)
            kwargs = {"n_resamples": n_resamples, "random_state": 0, "labels": names}
            t_ours, ours = best_of(lambda: msk.bootstrap(metric, y, scores, **kwargs), repeat)
            t_raw, raw = best_of(lambda: msk.bootstrap(lambda a, b, **kw: func(a, b, **kw),
                                                       y, scores, **kwargs), repeat)
            np.testing.assert_array_equal(ours.bootstrap_distribution,
                                          raw.bootstrap_distribution)
            rows.append((f"bootstrap {metric}, {n_resamples} x n={n:.0e}, {k} str classes",
                         t_ours, "re-encoding every replicate", t_raw, t_raw / t_ours,
                         "faster (encode once)"))
    return rows


if __name__ == "__main__":
    main()
