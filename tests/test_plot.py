"""Confusion.plot: headless heatmaps that stay readable, from the sparse matrix."""

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.image as mpimg  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

import metrics_sk as msk  # noqa: E402
from metrics_sk import Confusion, ConfusionDisplay  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _noisy(k, n, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    pred = np.where(rng.random(n) < 0.8, y, (y + rng.integers(1, 3, n)) % k)
    return y, pred


def _check_png(path, figure, dpi):
    image = mpimg.imread(path)
    width, height = figure.get_size_inches() * dpi
    assert image.shape[:2] == (round(height), round(width))
    rgb = image[..., :3].reshape(-1, 3)
    assert rgb.std() > 0.05  # not blank
    assert len(np.unique(np.round(rgb, 2), axis=0)) > 20  # heatmap colours and text
    return image


def test_three_classes_png(tmp_path):
    y = ["bird", "cat", "cat", "dog", "dog", "dog", "cat", "bird", "cat"]
    pred = ["bird", "cat", "dog", "dog", "dog", "cat", "cat", "cat", "cat"]
    c = Confusion.from_predictions(y, pred)
    display = c.plot()
    np.testing.assert_array_equal(display.confusion_matrix, c.to_dense())
    assert [t.get_text() for t in display.ax_.get_xticklabels()] == ["bird", "cat", "dog"]
    assert [t.get_text() for t in display.ax_.get_yticklabels()] == ["bird", "cat", "dog"]
    assert display.ax_.get_xlabel() == "Predicted" and display.ax_.get_ylabel() == "Actual"
    assert display.text_[1, 2].get_text() == "1"  # actual cat predicted dog
    assert display.text_[2, 1].get_text() == "1"
    assert display.text_[0, 2].get_text() == "0"  # few classes: zeros are written
    path = tmp_path / "three.png"
    display.figure_.savefig(path, dpi=80)
    _check_png(path, display.figure_, 80)


def test_two_hundred_classes_png(tmp_path):
    y, pred = _noisy(200, 6000)
    pred[y == 5] = 150  # the largest off-diagonal cell: 5 -> 150
    c = Confusion.from_predictions(y, pred)
    display = c.plot()
    assert display.confusion_matrix.shape == (30, 30)
    assert "30 most-confused of 200 classes" in display.ax_.get_title()
    assert {5, 150} <= set(display.classes_.tolist())
    i, j = display.classes_.tolist().index(5), display.classes_.tolist().index(150)
    assert display.confusion_matrix[i, j] == c.to_dense()[5, 150]
    dense = c.to_dense()[np.ix_(c.label_positions(display.classes_), c.label_positions(display.classes_))]
    np.testing.assert_array_equal(display.confusion_matrix, dense)
    path = tmp_path / "many.png"
    display.figure_.savefig(path, dpi=60)
    _check_png(path, display.figure_, 60)
    # every class, no annotation: the colours carry it
    full = c.plot(max_classes=200, colorbar=False)
    assert full.confusion_matrix.shape == (200, 200)
    assert all(t is None for t in full.text_.ravel())
    path = tmp_path / "all.png"
    full.figure_.savefig(path, dpi=40)
    _check_png(path, full.figure_, 40)


def test_normalize_uses_the_full_totals():
    y, pred = _noisy(40, 2000, seed=3)
    c = Confusion.from_predictions(y, pred)
    dense = c.to_dense().astype(float)
    shown = c.plot(normalize="true", max_classes=10)
    idx = c.label_positions(shown.classes_)
    expected = dense[np.ix_(idx, idx)] / dense.sum(axis=1)[idx, None]
    np.testing.assert_allclose(shown.confusion_matrix, expected)
    np.testing.assert_allclose(c.plot(normalize="pred").confusion_matrix,
                               msk.confusion_matrix(y, pred, normalize="pred")[
                                   np.ix_(*[c.label_positions(c.plot().classes_)] * 2)])
    small = Confusion.from_predictions([0, 1, 1, 2], [0, 1, 2, 2])
    np.testing.assert_allclose(small.plot(normalize="all").confusion_matrix,
                               msk.confusion_matrix([0, 1, 1, 2], [0, 1, 2, 2],
                                                    normalize="all"))
    assert "rows normalized" in small.plot(normalize="true").ax_.get_title()


def test_binary_view_is_onedal_layout():
    y, pred = [1, 1, 0, 0, 1, 0, 1], [1, 0, 0, 1, 1, 0, 1]
    c = Confusion.from_predictions(y, pred)
    display = c.plot(binary=True)
    np.testing.assert_array_equal(display.confusion_matrix,
                                  msk.binary_confusion_matrix(y, pred))
    assert display.text_[0, 0].get_text() == "TP\n3"
    assert display.text_[1, 1].get_text() == "TN\n2"
    assert "oneDAL layout" in display.ax_.get_title()
    # one class against the rest of a multi-class confusion
    y3, p3 = ["a", "b", "c", "a"], ["a", "c", "c", "b"]
    c3 = Confusion.from_predictions(y3, p3)
    display = c3.plot(binary=True, pos_label="a")
    i = 0
    np.testing.assert_array_equal(display.confusion_matrix,
                                  [[c3.tp[i], c3.fn[i]], [c3.fp[i], c3.tn[i]]])
    assert [t.get_text() for t in display.ax_.get_yticklabels()] == ["a", "not a"]
    with pytest.raises(ValueError, match="pos_label"):
        c3.plot(binary=True, pos_label="z")


def test_existing_axes_and_from_predictions():
    fig, (left, right) = plt.subplots(1, 2, figsize=(8, 4))
    display = ConfusionDisplay.from_predictions([0, 1, 1], [0, 1, 0], ax=right,
                                                colorbar=False, cmap="viridis")
    assert display.ax_ is right and display.figure_ is fig
    assert display.im_.get_cmap().name == "viridis"


def test_weighted_counts_and_format():
    c = Confusion.from_predictions([0, 1, 1], [0, 1, 0], sample_weight=[0.5, 1.25, 2.0])
    display = c.plot()
    assert display.text_[1, 0].get_text() == "2"
    assert display.text_[1, 1].get_text() == "1.25"
    assert c.plot(values_format=".1f").text_[1, 1].get_text() == "1.2"


def test_huge_label_space_is_not_densified():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 100_000, 200_000)
    pred = np.where(rng.random(200_000) < 0.9, y, rng.integers(0, 100_000, 200_000))
    c = Confusion.from_predictions(y, pred)  # a dense matrix would need 80 GB
    display = c.plot(max_classes=12, colorbar=False)
    assert display.confusion_matrix.shape == (12, 12)
    assert f"12 most-confused of {c.n_classes} classes" in display.ax_.get_title()


@pytest.mark.parametrize("kwargs, match", [
    ({"normalize": "rows"}, "normalize"), ({"max_classes": 0}, "max_classes"),
])
def test_invalid_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        Confusion.from_predictions([0, 1], [0, 1]).plot(**kwargs)
    with pytest.raises(ValueError, match="empty"):
        Confusion().plot()


def test_large_counts_are_shortened():
    c = Confusion.from_matrix([[123_456, 12], [9_999, 2_500_000]])
    display = c.plot()
    assert [[t.get_text() for t in row] for row in display.text_] == [["123k", "12"],
                                                                     ["9999", "2.5M"]]


# -- scikit-learn's ConfusionMatrixDisplay keywords, compact numbers, long labels ----------------
def _texts(display):
    return [[t.get_text() if t is not None else "" for t in row] for row in display.text_]


def _save(display, tmp_path, name, dpi=60):
    path = tmp_path / f"{name}.png"
    display.figure_.savefig(path, dpi=dpi)
    return _check_png(path, display.figure_, dpi)


def test_same_texts_as_scikit_learns_display(tmp_path):
    from sklearn.metrics import ConfusionMatrixDisplay

    y, pred = _noisy(4, 200, seed=5)
    for kwargs in ({"values_format": "d"}, {"normalize": "true", "values_format": ".2f"}):
        ours = ConfusionDisplay.from_predictions(y, pred, **kwargs)
        theirs = ConfusionMatrixDisplay.from_predictions(y, pred, **kwargs)
        np.testing.assert_allclose(ours.confusion_matrix, theirs.confusion_matrix)
        expected = [[t.get_text() for t in row] for row in theirs.text_]
        if "normalize" in kwargs:  # empty cells are left blank, never "0.00"
            expected = [["" if s == "0.00" else s for s in row] for row in expected]
        assert _texts(ours) == expected
        _save(ours, tmp_path, "sklearn_like")


def test_display_keywords(tmp_path):
    y = ["ant", "bee", "cat", "bee", "cat", "cat"]
    pred = ["ant", "cat", "cat", "bee", "bee", "cat"]
    c = Confusion.from_predictions(y, pred)
    display = c.plot(display_labels=["Ant", "Bee", "Cat"], xticks_rotation=45,
                     im_kw={"cmap": "Greens", "vmax": 10}, text_kw={"color": "red"},
                     colorbar=False)
    assert [t.get_text() for t in display.ax_.get_xticklabels()] == ["Ant", "Bee", "Cat"]
    assert all(t.get_rotation() == 45 for t in display.ax_.get_xticklabels())
    assert display.im_.get_cmap().name == "Greens" and display.im_.norm.vmax == 10
    assert {t.get_color() for t in display.text_.ravel()} == {"red"}
    assert len(display.figure_.axes) == 1  # no colorbar
    _save(display, tmp_path, "keywords")
    vertical = c.plot(xticks_rotation="vertical", include_values=False)
    assert all(t.get_rotation() == 90 for t in vertical.ax_.get_xticklabels())
    assert all(t is None for t in vertical.text_.ravel())
    assert len(vertical.figure_.axes) == 2
    with pytest.raises(ValueError, match="display_labels"):
        c.plot(display_labels=["a", "b"])
    binary = c.plot(binary=True, pos_label="cat", display_labels=["cats", "others"])
    assert [t.get_text() for t in binary.ax_.get_yticklabels()] == ["cats", "others"]


def test_display_labels_follow_the_classes_shown():
    y, pred = _noisy(50, 3000, seed=1)
    c = Confusion.from_predictions(y, pred)
    names = [f"name {v}" for v in c.labels]
    display = c.plot(max_classes=8, display_labels=names)
    assert [t.get_text() for t in display.ax_.get_yticklabels()] == [
        f"name {v}" for v in display.classes_]


def test_weighted_counts_are_compact(tmp_path):
    """Regression: weighted counts were written with .3g (``1.75e+04`` overflowing)."""
    rng = np.random.default_rng(4)
    y, pred = _noisy(10, 20_000, seed=4)
    c = Confusion.from_predictions(y, pred, sample_weight=rng.random(20_000) * 20 + 5)
    texts = [s for row in _texts(c.plot()) for s in row if s]
    assert texts and not any("e+" in s or "e-" in s for s in texts)
    assert max(map(len, texts)) <= 4
    dense = c.to_dense()
    i = np.unravel_index(np.argmax(dense), dense.shape)
    assert _texts(c.plot())[i[0]][i[1]] == f"{dense[i] / 1000:.0f}k"  # e.g. 9.9k -> "10k"
    _save(c.plot(), tmp_path, "weighted")
    big = Confusion.from_matrix([[1_234_567, 12_345], [999, 0.25]])
    assert _texts(big.plot()) == [["1.2M", "12k"], ["999", "0.25"]]


def test_normalized_many_classes_has_no_zero_flood(tmp_path):
    y, pred = _noisy(25, 4000, seed=6)
    pred[:3] = (y[:3] + 7) % 25  # a few rare confusions: fractions below 0.005
    display = Confusion.from_predictions(y, pred).plot(normalize="true")
    texts = [s for row in _texts(display) for s in row]
    assert "0.00" not in texts
    values = display.confusion_matrix
    written = np.array([[bool(s) for s in row] for row in _texts(display)])
    np.testing.assert_array_equal(written, np.round(values, 2) > 0)
    _save(display, tmp_path, "normalized_many")


def test_long_labels_stay_distinct(tmp_path):
    y, pred = _noisy(12, 2000, seed=7)
    names = np.array([f"product_category_{100 + v}" for v in range(12)])
    c = Confusion.from_predictions(names[y], names[pred])
    ticks = [t.get_text() for t in c.plot(max_label_length=12).ax_.get_yticklabels()]
    assert all(len(t) <= 12 for t in ticks) and len(set(ticks)) == 12
    assert ticks[0] == "produc\u2026y_100"
    full = c.plot(max_label_length=None)
    assert [t.get_text() for t in full.ax_.get_yticklabels()] == names.tolist()
    _save(c.plot(), tmp_path, "long_labels", dpi=80)


def test_max_classes_none_shows_all(tmp_path):
    """Regression: ``max_classes=None`` raised although ``max_rows=None`` means all."""
    y, pred = _noisy(45, 3000, seed=8)
    c = Confusion.from_predictions(y, pred)
    display = c.plot(max_classes=None, colorbar=False)
    np.testing.assert_array_equal(display.confusion_matrix, c.to_dense())
    assert "most-confused" not in display.ax_.get_title()
    _save(display, tmp_path, "all_classes")


def test_from_estimator_like_scikit_learn(tmp_path):
    from sklearn.datasets import load_digits
    from sklearn.dummy import DummyRegressor
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import ConfusionMatrixDisplay

    X, y = load_digits(return_X_y=True)
    model = LogisticRegression(max_iter=200).fit(X[:900], y[:900])
    ours = ConfusionDisplay.from_estimator(model, X[900:], y[900:], normalize="pred")
    theirs = ConfusionMatrixDisplay.from_estimator(model, X[900:], y[900:], normalize="pred")
    np.testing.assert_allclose(ours.confusion_matrix, theirs.confusion_matrix)
    _save(ours, tmp_path, "estimator")
    with pytest.raises(ValueError, match="classifier"):
        ConfusionDisplay.from_estimator(DummyRegressor().fit(X, y), X, y)


def test_labels_drawn_as_written_not_as_mathtext():
    """``$x_$`` is a class name: the heatmap and the group chart draw it literally (as
    mathtext it is a parse error at drawing time)."""
    y, pred = ["$x_$", "a", "$x_$", "a"], ["$x_$", "a", "a", "a"]
    display = Confusion.from_predictions(y, pred).plot()
    display.figure_.canvas.draw()
    assert [t.get_text() for t in display.ax_.get_yticklabels()] == ["$x_$", "a"]
    report = msk.quality_report(y, pred, groups={"$g_$": ["$y^", "b", "b", "$y^"]})
    report.plot_groups().canvas.draw()


@pytest.mark.parametrize("ax", ["x", 3])
def test_plot_refuses_an_ax_that_is_not_axes(ax):
    c = Confusion.from_predictions([0, 1, 1], [0, 1, 0])
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        c.plot(ax=ax)
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        ConfusionDisplay.from_predictions([0, 1, 1], [0, 1, 0], ax=ax)
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        ConfusionDisplay.from_confusion(c, ax=ax)

