"""Statistics for the seeded experiments of both games: how sure a count of wins is.

>>> low, high = wilson_interval(30, 100)
>>> round(low, 3), round(high, 3)
(0.219, 0.396)
"""

from __future__ import annotations

import math


def wilson_interval(wins: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (good for small counts)."""
    if trials == 0:
        return (0.0, 1.0)
    p = wins / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def sign_test(ahead: int, behind: int) -> float:
    """The chance that one of two equally good choices, played on the same test games,
    wins ``ahead`` or more of the ``ahead + behind`` games only one of them wins (the
    exact one-sided sign test): a small chance says the first is better.

    >>> round(sign_test(14, 2), 4), sign_test(3, 3) > 0.5, sign_test(0, 0)
    (0.0021, True, 1.0)
    """
    apart = ahead + behind
    if apart == 0:
        return 1.0
    return float(sum(math.comb(apart, k) for k in range(max(0, ahead), apart + 1)) / 2 ** apart)
