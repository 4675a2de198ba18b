"""Every metric by slice: metrics_sk's grouped confusion against fairlearn's MetricFrame.

n = 10**6 samples, 10 classes, 10**4 groups (integer group ids), side by side in one
process, best of ``--repeats`` runs:

* one grouped count, then every count metric of the registry for every group (target:
  under 0.5 s), and its peak extra memory (tracemalloc; target: under 200 MiB); the same
  with the batch formulas only (a number or per-class array per group), with string
  group keys, and the matrices and result blocks alone (``confusion_matrix``,
  ``multiclass_quality_metrics``: one batch of groups, split per group) against one
  formula call per group's ``Confusion`` (the way they were evaluated before);
* 1000 classes: those matrices for every group (chunked to ``_DENSE_CELLS`` cells);
* ``metric_frame`` with macro ``f1_score`` against fairlearn's ``MetricFrame`` with
  scikit-learn's ``f1_score`` (one call per group; fairlearn is timed on ``--subset``
  groups and extrapolated to all of them, or on all of them with ``--subset 0``;
  target: at least 100x);
* 1000 classes: the group table kept sparse (memory O(groups + non-zero cells));
* the grouped count merged from 10 chunks (``+``) and streamed (``update``);
* 95 % intervals of macro F1 for every group: analytic (delta method) and cell bootstrap.

    python benchmarks/bench_groups.py          # full size
    python benchmarks/bench_groups.py --quick  # smoke run (CI)
"""

import argparse
import inspect
import functools
import os
import sys
import time
import tracemalloc
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import metrics_sk as msk  # noqa: E402  (this checkout's, not an installed one)
from metrics_sk._registry import METRICS  # noqa: E402



def data(n, k, n_groups, seed=0):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.8, t, rng.integers(0, k, n))
    return t, p, rng.integers(0, n_groups, n)


def _kwargs(name):
    kwargs = {"beta": 1.0} if name == "fbeta_score" else {}
    average = inspect.signature(METRICS[name].function).parameters.get("average")
    if average is not None and average.default == "binary":  # (10 classes)
        kwargs["average"] = "macro"
    if name == "expected_cost":  # a required cost matrix: 1 for an error (10 classes)
        kwargs["cost_matrix"] = 1 - np.eye(10)
    return kwargs


def every_metric(t, p, groups, *, batch=None):
    """The grouped count, then every count metric of the registry (``batch``: None all of
    them, True the batch formulas, False the others) for every group; binary-only metrics
    are left out (10 classes)."""
    g = msk.Confusion.from_predictions(t, p, groups=groups)
    return {name: method(g) for name, method in _methods(batch).items()}


def _methods(batch, *, per_group=False):
    """The count metrics chosen by ``batch`` as functions of a grouped confusion: its
    methods, or (``per_group``) the formula called on each group's ``Confusion``."""
    import pandas as pd

    def method(name):
        kwargs, formula = _kwargs(name), METRICS[name].formula

        def call(g):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if per_group:
                    return pd.Series([formula(g.group(i), **kwargs)
                                      for i in range(g.n_groups)], index=g.index())
                return getattr(g, name)(**kwargs)
        return call

    return {name: method(name) for name, m in METRICS.items()
            if m.count and batch in (None, m.batch) and not m.binary_only}


def matrices(g, repeats, case):
    """The matrices and result blocks for every group of ``g``: one batch of groups split
    per group against one formula call per group (as before), and their peak memory."""
    ours, theirs = _methods(False), _methods(False, per_group=True)
    rows = []
    for name in ours:
        seconds, got = best_of(repeats, lambda: ours[name](g))
        reference, expected = best_of(min(repeats, 3), lambda: theirs[name](g))
        for a, b in zip(got, expected):
            a, b = (x.confusion_matrix if hasattr(x, "as_array") else x for x in (a, b))
            assert a.dtype == b.dtype and np.array_equal(a, b)
        rows.append((f"{case}`{name}` for every group, vs one call per group "
                     f"(peak {peak_mib(lambda: ours[name](g)):.0f} MiB vs "
                     f"{peak_mib(lambda: theirs[name](g)):.0f} MiB)", f"{seconds:.3f} s",
                     f"{reference:.3f} s", f"{reference / seconds:.1f}x", ""))
    return rows


def best_of(repeats, func):
    best, value = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        value = func()
        best = min(best, time.perf_counter() - start)
    return best, value


def peak_mib(func):
    tracemalloc.start()
    func()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (smoke run)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--subset", type=int, default=200,
                        help="groups fairlearn is timed on (0: all of them)")
    args = parser.parse_args()
    n, k, n_groups = (10**4, 10, 100) if args.quick else (10**6, 10, 10**4)
    subset = min(args.subset or n_groups, n_groups, 5 if args.quick else n_groups)
    repeats = 1 if args.quick else args.repeats
    t, p, groups = data(n, k, n_groups)
    rows = []

    seconds, values = best_of(repeats, lambda: every_metric(t, p, groups))
    rows.append((f"grouped count + every count metric of the registry ({len(values)}) for "
                 "every group", f"{seconds:.3f} s", "", "", "< 0.5 s"))
    rows.append(("peak extra memory of that (tracemalloc)",
                 f"{peak_mib(lambda: every_metric(t, p, groups)):.0f} MiB", "", "",
                 "< 200 MiB"))
    seconds, values = best_of(repeats, lambda: every_metric(t, p, groups, batch=True))
    rows.append((f"the same, the batch formulas only ({len(values)})", f"{seconds:.3f} s",
                 "", "", ""))
    names = groups.astype(str)
    seconds, _ = best_of(repeats, lambda: every_metric(t, p, names))
    rows.append(("every count metric, string group keys", f"{seconds:.3f} s", "", "", ""))
    rows += matrices(msk.Confusion.from_predictions(t, p, groups=groups), repeats, "")
    # many classes: a confusion matrix per group, chunked (10**4 samples in 100 groups)
    few_k = 100 if args.quick else 1000
    few = data(10**3 if args.quick else 10**4, few_k, 100, seed=2)
    rows += matrices(msk.Confusion.from_predictions(*few[:2], groups=few[2]), repeats,
                     f"{few[0].shape[0]} samples, {few_k} classes, 100 groups: ")

    # many classes: the group table is sparse (dense it would hold groups x distinct cells)
    many = data(n, 100 if args.quick else 1000, n_groups, seed=1)

    def many_classes():
        g = msk.Confusion.from_predictions(*many[:2], groups=many[2])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return g, g.f1_score(average="macro"), g.accuracy_score()

    seconds, (g, *_) = best_of(1, many_classes)
    dense = g.n_groups * g._rows.shape[0] * 8 / 2**20
    rows.append((f"{g.overall.n_classes} classes: grouped count + macro F1 + accuracy for "
                 f"every group ({'dense' if g._batch is not None else 'sparse'} table, "
                 f"{g._rows.shape[0]} distinct cells)",
                 f"{seconds:.2f} s, {peak_mib(many_classes):.0f} MiB", "", "",
                 f"dense: {dense:.0f} MiB"))

    # merged from chunks, streamed
    cuts = np.linspace(0, n, 11).astype(int)
    chunks = list(zip(cuts[:-1], cuts[1:]))
    one = msk.Confusion.from_predictions(t, p, groups=groups)

    def merged():
        return sum(msk.Confusion.from_predictions(t[a:b], p[a:b], groups=groups[a:b])
                   for a, b in chunks)

    def streamed():
        g = msk.GroupedConfusion()
        for a, b in chunks:
            g.update(t[a:b], p[a:b], groups=groups[a:b])
        return g

    one_shot, _ = best_of(repeats, lambda: msk.Confusion.from_predictions(t, p, groups=groups))
    for label, func in (("10 chunks merged with +", merged), ("10 chunks streamed (update)",
                                                              streamed)):
        seconds, g = best_of(repeats, func)
        assert g == one
        rows.append((f"grouped count, {label}, vs one shot", f"{seconds:.3f} s",
                     f"{one_shot:.3f} s", f"{seconds / one_shot:.1f}x slower", ""))

    macro_f1 = functools.partial(msk.f1_score, average="macro")
    ours, ours_f1 = best_of(repeats, lambda: msk.metric_frame(t, p, metrics=macro_f1,
                                                             groups=groups))
    try:
        from fairlearn.metrics import MetricFrame
        from sklearn.metrics import f1_score
    except ImportError:
        MetricFrame = None
    if MetricFrame is not None:
        chosen = np.unique(groups)[:subset]
        keep = np.isin(groups, chosen)
        start = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs_f1 = MetricFrame(metrics=functools.partial(f1_score, average="macro"),
                                    y_true=t[keep], y_pred=p[keep],
                                    sensitive_features=groups[keep]).by_group
        theirs = (time.perf_counter() - start) * n_groups / subset
        np.testing.assert_allclose(ours_f1.by_group.loc[chosen].to_numpy(),
                                   theirs_f1.to_numpy(), rtol=1e-12)
        how = "all groups" if subset == n_groups else f"{subset} groups, extrapolated"
        rows.append((f"`metric_frame` macro F1 by group vs fairlearn `MetricFrame` + "
                     f"scikit-learn `f1_score` (fairlearn on {how})", f"{ours:.3f} s",
                     f"{theirs:.1f} s", f"{theirs / ours:.0f}x", ">= 100x"))

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seconds, _ = best_of(1, lambda: msk.metric_frame(
            t, p, metrics=macro_f1, groups=groups, confidence_level=0.95))
        rows.append(("95 % analytic (delta) interval of macro F1 for every group",
                     f"{seconds:.2f} s", "", "", ""))
        resamples = 20 if args.quick else 200
        seconds, _ = best_of(1, lambda: msk.metric_frame(
            t, p, metrics=macro_f1, groups=groups, confidence_level=0.95, method="bootstrap",
            n_resamples=resamples, random_state=0))
        rows.append((f"95 % cell-bootstrap interval of macro F1 for every group "
                     f"({resamples} replicates)", f"{seconds:.2f} s", "", "", ""))

    print(f"n = {n}, {k} classes, {n_groups} groups; best of {repeats}\n")
    print("| case | metrics_sk | reference | ratio | target |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
