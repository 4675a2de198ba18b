"""Intervals and comparisons at extreme weight and score scales, zero weights, and the
paired comparisons' symmetry: each against scikit-learn, scipy or statsmodels."""

import warnings

import numpy as np
import pytest
import scipy.stats as st
from numpy.testing import assert_allclose

from metrics_sk import corrected_resampled_ttest


# -- D. corrected resampled t-test at the float range ------------------------------------------
def test_corrected_ttest_near_the_float_range_is_the_scaled_one():
    a = np.array([1e308, 0.5e308, 0.2e308])
    b = np.array([-1e308, 0.7e308, -1e307])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no overflow on the way
        res = corrected_resampled_ttest(a, b, n_train=90, n_test=10)
    # by hand on the data divided by 1e308, and scipy's paired t-test of the same
    d = a / 1e308 - b / 1e308
    t = d.mean() / np.sqrt((1 / 3 + 10 / 90) * d.var(ddof=1))
    assert_allclose(res.test_statistic, t, rtol=1e-12)
    assert_allclose(res.pvalue, 2 * st.t.sf(abs(t), 2), rtol=1e-12)
    plain = st.ttest_rel(a / 1e308, b / 1e308).statistic
    assert_allclose(res.test_statistic, plain * np.sqrt((1 / 3) / (1 / 3 + 10 / 90)),
                    rtol=1e-12)
    assert_allclose(res.difference, d.mean() * 1e308, rtol=1e-12)
    # the brief's case: mean difference 0, t 0, p 1 (the interval's bounds are beyond
    # the float range: infinite, not NaN)
    res = corrected_resampled_ttest([1e308, -1e308], [-1e308, 1e308], n_train=90, n_test=10)
    assert (res.difference, res.test_statistic, res.pvalue) == (0.0, 0.0, 1.0)
    assert res.confidence_interval == (-np.inf, np.inf)
