import numpy as np
import sklearn.metrics as skm

import metrics_sk as msk


def test_macro_f_definitions_differ_on_skewed_example():
    y_true, y_pred = [0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1]
    assert msk.macro_fbeta_score(y_true, y_pred) == 0.6
    assert np.isclose(msk.f1_score(y_true, y_pred, average="macro"), 1 / 3)
    assert np.isclose(skm.f1_score(y_true, y_pred, average="macro"), 1 / 3)
