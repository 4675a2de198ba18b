"""How sure: bootstrap, analytic intervals, paired comparison and per-group intervals, on one resampling core."""
