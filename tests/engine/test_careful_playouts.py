"""Careful players' playouts take a fast path (decision D27); it must play exactly as the
careful bots play through the game's public actions."""

from __future__ import annotations

import random

from rally import Game, HeuristicBot
from rally.common.turns import play_bots


def test_careful_playouts_make_the_careful_bots_choices():
    """``play_out`` with careful bots takes the fast path (``Game.play_policy``): it must
    make exactly the choices the bots make through ``legal_actions`` and ``apply``."""
    from rally.stich_rallye.bots import play_out

    for seed in range(60):
        n = 3 + seed % 3
        bots = ([HeuristicBot(min_gain=1 + (seed + i) % 4, turbo=("smart", "always", "never")[(seed // 3 + i) % 3])
                 for i in range(n)] if seed % 2 else [HeuristicBot()] * n)
        fast = Game.new(n, seed=seed)
        slow = fast.clone()
        play_out(fast, bots, random.Random(1))
        play_bots(slow, bots, random.Random(1))
        assert fast.state() == slow.state() and fast.events == slow.events
