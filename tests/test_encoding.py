"""The one label encoder (``metrics_sk._encoding``): the lookup and the dictionary encoder
that the cell counting and ``encode`` share, against independent references."""

import numpy as np
import pytest
from sklearn.preprocessing import LabelEncoder

import metrics_sk as msk
from metrics_sk._encoding import dictionary_codes, encode, positions


@pytest.mark.parametrize("haystack, wanted", [
    ([30, 10, 20], [20, 5, 30, 10, 10, 40]),  # any order, values outside
    (["b", "c", "a"], ["a", "z", "c", "b"]),
    ([2.0, -1.0], [-1, 2, 3]),
])
@pytest.mark.parametrize("missing", [-1, "k"])
def test_positions_are_list_index_with_the_missing_code(haystack, wanted, missing):
    missing = len(haystack) if missing == "k" else missing
    expected = [haystack.index(v) if v in haystack else missing for v in wanted]
    got = positions(np.array(haystack), np.array(wanted), missing=missing)
    assert got.tolist() == expected


def test_encode_with_labels_puts_other_labels_in_the_other_slot():
    """Integer labels (the lookup) and strings (the dictionary): a label outside
    ``labels`` gets ``len(labels)``, the others their position in ``labels``."""
    for labels, y in (([3, 1], [1, 2, 3, 3]), (["c", "a"], ["a", "b", "c", "c"])):
        values, (codes,) = encode(np.array(y), labels=labels)
        assert values.tolist() == labels
        assert codes.tolist() == [labels.index(v) if v in labels else 2 for v in y]


def test_one_dictionary_encoder_for_counting_and_encode():
    """Strings are numbered by one encoder: ``encode``'s codes are scikit-learn's
    ``LabelEncoder`` codes and the confusion counted from strings is the one counted
    from those codes."""
    rng = np.random.default_rng(0)
    y_true = rng.choice(["cat", "dog", "emu", "yak"], 200)
    y_pred = rng.choice(["cat", "dog", "emu", "ant"], 200)
    enc = LabelEncoder().fit(np.concatenate((y_true, y_pred)))
    values, (t, p) = encode(y_true, y_pred, names=["y_true", "y_pred"])
    assert values.tolist() == enc.classes_.tolist()
    assert t.tolist() == enc.transform(y_true).tolist()
    assert p.tolist() == enc.transform(y_pred).tolist()
    by_strings = msk.Confusion.from_predictions(y_true, y_pred)
    by_codes = msk.Confusion.from_predictions(t, p)
    np.testing.assert_array_equal(by_strings.to_dense(), by_codes.to_dense())
    assert by_strings.labels.tolist() == enc.classes_.tolist()


def test_labels_that_do_not_sort_name_their_arrays():
    mixed = np.array([1, "a"], dtype=object)
    with pytest.raises(TypeError, match="labels of y_true and y_pred cannot be sorted"):
        dictionary_codes((mixed, mixed), None, "y_true and y_pred")
    with pytest.raises(TypeError, match="labels of y0 cannot be sorted"):
        dictionary_codes((mixed,), None, "y0")


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint8, bool, np.float64])
@pytest.mark.parametrize("lo", [0, -1, 7])
def test_two_adjacent_labels_are_numbered_without_a_count(dtype, lo, monkeypatch):
    """A binary target of two adjacent values (0/1, bool, -1/0): its minimum and maximum
    both occur, so the encoder numbers it without counting the values (the codes are the
    offsets), as np.unique does, in a copy (the input is never the codes); a single value
    too. A third value still goes through the count."""
    from metrics_sk import _encoding

    if dtype is bool and lo != 0 or np.dtype(dtype).kind == "u" and lo < 0:
        pytest.skip("not representable")
    rng = np.random.default_rng(lo + 3)
    y = (rng.integers(0, 2, 1000) + lo).astype(dtype)
    counted = []
    real = _encoding.bincount
    monkeypatch.setattr(_encoding, "bincount", lambda *a: counted.append(1) or real(*a))
    for sample in (y, y[:1]):
        values, (codes,) = _encoding.encode(sample)
        expected_values, expected_codes = np.unique(sample, return_inverse=True)
        np.testing.assert_array_equal(values, expected_values)
        if np.dtype(dtype).kind != "f":  # (integer-valued floats are numbered as ints)
            assert values.dtype == expected_values.dtype
        np.testing.assert_array_equal(codes, expected_codes)
        assert codes.dtype == np.int64 and not np.shares_memory(codes, sample)
    assert not counted
    three = np.append(y, np.asarray(lo + 2).astype(dtype)) if dtype is not bool else None
    if three is not None:
        _encoding.encode(three)
        assert counted
