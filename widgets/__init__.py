"""Interactive widgets over :mod:`rally` (see the widgets issue)."""
