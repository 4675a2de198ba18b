"""A readable heatmap and report with 500 classes
==============================================

With more classes than ``max_classes`` (30 by default) the heatmap shows the
most-confused classes, taken pair by pair from the largest off-diagonal cells of the
sparse matrix, and says so in its title; only that block is made dense. The text report
keeps its class rows to ``max_rows``: the classes with the lowest F1 and the largest
classes. The binary view shows one class against the rest in oneDAL's layout
``[[TP, FN], [FP, TN]]``.
"""

import matplotlib.pyplot as plt
import numpy as np

import metrics_sk as msk

rng = np.random.default_rng(0)
n_classes, n = 500, 50_000
y = rng.zipf(1.3, n) % n_classes  # a few large classes, many small ones
# mostly right; some classes are confused with a "look-alike" neighbour
look_alike = (y + 1) % n_classes
pred = np.where(rng.random(n) < 0.85, y, look_alike)
pred = np.where(rng.random(n) < 0.03, rng.integers(0, n_classes, n), pred)
labels = np.array([f"sku-{i:04d}" for i in range(n_classes)])

report = msk.quality_report(labels[y], labels[pred], max_rows=12)
print(report.to_text())

c = report.confusion
c.plot(max_classes=25)
fig, ax = plt.subplots(figsize=(4.5, 4), layout="constrained")
c.plot(ax=ax, binary=True, pos_label="sku-0001")
