"""What people read: the quality report (its values, table and rendered forms), the plots and the ``metrics-sk`` command (its file reading and its commands)."""
