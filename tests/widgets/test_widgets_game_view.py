"""GameView: a whole game played through the widget, compared with rally alone."""

from __future__ import annotations

import asyncio
import random
import re

import pytest

import rally
from rally import CardPlayed, Game, HeuristicBot, Moved, RandomBot, Turbo, TurboDeclined, TurboUsed, play_out
from widgets import GameView, replay_states
from widgets.stich_rallye.track_figure import CARS_FIRST


def play_human(view: GameView, bot, check=None) -> int:
    """Let ``bot`` play the human's seat through the widgets, as a person would: a
    click on a card (the hand's ``selected``) or on a turbo button. Returns how many
    times the human acted."""
    turns = 0
    while not view.game.is_over:
        assert view.waiting_for_human
        action = bot.choose(view.game, view.game.legal_actions(), view.rng)
        if isinstance(action, Turbo):
            assert view.turbo_box.layout.display == "flex"
            (view.turbo_yes if action.use else view.turbo_no).click()
        else:
            assert view.turbo_box.layout.display == "none"
            assert str(action) in view.hand.playable
            view.hand.selected = str(action)
        turns += 1
        if check:
            check(view)
    return turns


def shows_the_game(view: GameView) -> None:
    """Every widget agrees with the game after the human's action."""
    game = view.game
    assert view.figure.positions == game.positions
    for seat in range(game.players):
        assert view.figure.car_xy(seat) == view.figure.car_spot(game.positions, seat)
    assert [d.position for d in view.dials] == list(game.motors)
    assert [d.laps for d in view.dials] == list(game.laps)
    assert view.messages == game.narrate()
    if not game.is_over:
        assert view.hand.codes == [str(c) for c in game.hands[view.human]]
        assert [r["card"]["code"] for r in view.trick_table.plays] == [str(c) for c in game.trick]


@pytest.mark.parametrize("bot_type", [RandomBot, HeuristicBot])
@pytest.mark.parametrize("players, seed", [(3, 1), (4, 7), (5, 12), (4, 30)])
def test_a_full_game_through_the_view_matches_rally_alone(bot_type, players, seed):
    reference = play_out(Game.new(players, track="volcano", seed=seed), [bot_type()] * players, random.Random(seed))
    view = GameView(players, "volcano", seed, bots=bot_type())
    turns = play_human(view, bot_type(), check=shows_the_game)
    assert turns >= 5
    assert view.game.winner == reference.winner
    assert view.game.positions == reference.positions
    assert view.game.events == reference.events
    assert view.replay_box.layout.display == "flex"
    assert f"{view.game.names[view.game.winner]} won" in repr(view)


def test_the_human_may_sit_anywhere_and_bots_lead_first():
    view = GameView(4, "beach", 5, human=2, first_player=1)
    assert view.waiting_for_human and view.game.current_player == 2
    assert [e.seat for e in view.game.events if isinstance(e, CardPlayed)] == [1]
    assert view.hand.title.startswith("Cy's hand")
    play_human(view, HeuristicBot())
    reference = play_out(Game.new(4, "beach", 5, first_player=1), [HeuristicBot()] * 4, random.Random(5))
    assert view.game.events == reference.events


def test_illegal_or_malformed_input_shows_why_and_changes_nothing():
    view = GameView(4, "beach", seed=3)
    view.play_card("G9")
    while not view.game.trick or view.game.current_player != 0:
        view.play_card(str(view.game.legal_actions()[0]))
    before = view.game.to_json()
    illegal = next(c for c in view.game.hands[0] if c not in view.game.legal_actions())
    assert view.play_card(illegal) is False
    assert view.alert_text == view.game.why_illegal(illegal) and view.alert_text.startswith("You must follow")
    assert view.play_card("Z3") is False and "“Z3” is not a card" in view.alert_text
    assert view.choose_turbo(True) is False and "Only a trick's winner chooses the turbo" in view.alert_text
    assert view.choose_turbo("no") is False  # not read as True
    assert view.alert_text == "A turbo choice must be True or False, like True, not “no”."
    view.hand.selected = str(illegal)  # a click on a dimmed card
    assert view.hand.message == view.game.why_illegal(illegal)
    assert view.game.to_json() == before
    assert view.play_card(view.game.legal_actions()[0]) is True and view.alert_text == ""


def test_turbo_buttons_appear_only_for_the_humans_choice():
    offered = 0
    for seed in range(40):
        view = GameView(3, "volcano", seed, bots=HeuristicBot())
        while not view.game.is_over:
            actions = view.game.legal_actions()
            if isinstance(actions[0], Turbo):
                offered += 1
                assert view.turbo_box.layout.display == "flex"
                lowest = rally.explain_trick(view.game.trick).lowest
                value = view.game.motor_values[0]
                n = len(view.game.track)
                ends = {}
                for use in (True, False):
                    trial = view.game.clone()
                    # The trick's own move (a round's end may move the car again after it).
                    ends[use] = next(e.move.final for e in trial.apply_recorded(Turbo(use)) if isinstance(e, Moved))

                def where(p: int) -> str:
                    return ("the finish: you win!" if p >= 2 * n else "start/finish" if p % n == 0 else
                            f"space {p % n}" + (f", lap {p // n + 1}" if p >= n else ""))

                # Each button says how far its choice drives and where the car ends ...
                assert view.turbo_yes.description == f"Use turbo: {lowest} + {value} → {where(ends[True])}"
                assert view.turbo_no.description == f"Card alone: {lowest} → {where(ends[False])}"
                # ... and the track marks both ends (one mark when both end on the same space).
                marks = [(label, m.mover, m.final) for label, m in view.figure.choices]
                if ends[True] == ends[False]:
                    assert marks == [("turbo or card alone", 0, ends[True])]
                else:
                    assert marks == [("turbo", 0, ends[True]), ("card alone", 0, ends[False])]
                assert view.hand.playable == []
                view.turbo_yes.click()
                event = [e for e in view.game.events if isinstance(e, (TurboUsed, TurboDeclined))][-1]
                assert isinstance(event, TurboUsed) and event.seat == 0
                assert view.figure.choices == ()  # the marks go once the choice is made
                break
            assert view.turbo_box.layout.display == "none"
            view.play_card(str(actions[-1]))
        if offered >= 3:
            break
    assert offered >= 3


def test_the_turbo_box_says_why_both_choices_end_on_one_space():
    """The buttons say where each choice ends; when both end on the same space, the box says
    so, and which move rolls there, in the move's own words (no track needed: on a phone it
    is scrolled away). Otherwise it points to the buttons and the track's rings."""
    seen = set()
    for seed in range(12):
        view = GameView(3, "volcano", seed, bots=HeuristicBot())
        while not view.game.is_over and len(seen) < 3:
            actions = view.game.legal_actions()
            if not isinstance(actions[0], Turbo):
                view.play_card(str(actions[-1]))
                continue
            moves = {use: next(e.move for e in view.game.clone().apply_recorded(Turbo(use)) if isinstance(e, Moved))
                     for use in (True, False)}
            text = re.sub("<[^>]+>", "", view.turbo_text.value)
            assert "beside" not in view.hand.prompt and "below the trick" in view.hand.prompt
            rolled = [use for use in moves if moves[use].roll is not None]
            same = moves[True].final == moves[False].final < 2 * len(view.game.track)
            # One space either way is said plainly, and the turbo's button is not coloured then (walk 80).
            assert ("Both choices end on the same space: the turbo gains nothing here." in text) is same, text
            assert view.turbo_yes.button_style == ("" if same else "warning")
            if not same:
                assert text.endswith("Each button says where you end. Rings on the track show it too."), text
                seen.add("apart")
            elif not rolled:
                assert text.endswith("the turbo gains nothing here."), text
            elif len(rolled) == 2:
                assert text.endswith("Either way, your car " + min(
                    (moves[use].captions(view.game.names)[-1] for use in rolled), key=len) + "."), text
                seen.add("both")
            else:
                start = "With the turbo" if rolled[0] else "With the card alone"
                assert text.endswith(f"{start}, your car {moves[rolled[0]].captions(view.game.names)[-1]}."), text
                seen.add("one")
            view.choose_turbo(False)
    assert seen == {"apart", "both", "one"}


def test_every_event_is_shown_in_words():
    view = GameView(3, "beach", 2)
    play_human(view, RandomBot())
    assert view.messages == [e.describe(view.game.names) for e in view.game.events]
    assert "wins the race" in view.messages[-1]
    assert view.event_log.value.count("<li>") == min(len(view.messages), 80)


def test_replay_steps_through_what_happened():
    view = GameView(4, "volcano", 9, bots=RandomBot())
    play_human(view, RandomBot())
    game = view.game
    states = replay_states(game)
    assert view.replay_index == len(game.events) - 1
    moved = [i for i, e in enumerate(game.events) if isinstance(e, Moved)]
    index = moved[len(moved) // 2]
    view.replay_to(index)
    move = game.events[index].move
    assert view.figure.current_move == move
    assert view.figure.positions == states[index].positions
    assert view.figure.positions[move.mover] == move.final
    assert game.events[index].describe(game.names) in view.replay_text.value
    view.replay_step(-1)
    assert view.replay_index == index - 1 and view.figure.positions == states[index - 1].positions
    view.replay_back.click()
    assert view.replay_index == index - 2
    view.replay_forward.click(), view.replay_forward.click()
    assert view.replay_index == index
    assert [d.position for d in view.dials] == list(states[index].motors)
    view.replay_to(0)
    assert view.figure.positions == (0, 0, 0, 0) and view.hand.codes == [str(c) for c in game.events[0].hands[0]]
    # The hand as it was, none of it playable now, and none with the reason of a game that is over.
    assert all(c["reason"] == "Replay: the hand as it was then." and c["waiting"] for c in view.hand.cards)


def test_a_finished_game_opens_as_a_replay():
    game = play_out(Game.new(5, "beach", seed=8), [HeuristicBot()] * 5, random.Random(8))
    view = GameView(game=game)
    assert view.replay_index == len(game.events) - 1
    assert view.messages == game.narrate()
    assert view.figure.positions == game.positions
    view.replay_to(0)
    assert "Round 1: each player gets 5 cards." in view.replay_text.value


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_replay_states_match_the_game_at_every_action(seed):
    """Folding the events gives the same table as replaying the actions on a fresh game."""
    game = play_out(Game.new(4, seed=seed), [RandomBot()] * 4, random.Random(seed))
    states = replay_states(game)
    fresh = Game.new(4, seed=seed)
    for index, event in enumerate(game.events):
        if isinstance(event, CardPlayed):
            action = event.card
        elif isinstance(event, (TurboUsed, TurboDeclined)):
            action = Turbo(isinstance(event, TurboUsed))
        else:
            continue
        before = len(fresh.events)
        fresh.apply(action)
        assert fresh.events == game.events[: len(fresh.events)]
        state = states[len(fresh.events) - 1]
        assert (state.positions, state.motors, state.flag, state.round) == (
            fresh.positions, fresh.motors, fresh.flag, fresh.round), index
        assert state.hands == fresh.hands and state.trick == fresh.trick and state.trick_seats == fresh.trick_seats
        assert before < len(fresh.events)
    assert states[-1].winner == game.winner


def test_bots_can_play_on_a_timer_in_jupyter():
    async def scenario():
        view = GameView(3, "volcano", 4, bot_delay=0.01)
        assert view.busy or view.waiting_for_human
        while view.busy:
            await asyncio.sleep(0.01)
        card = view.hand.playable[0]
        view.hand.selected = card
        assert view.busy  # the bots now play in the background
        assert view.play_card(view.game.legal_actions()[0] if not view.game.is_over else "G3") is False
        assert view.alert_text == "Wait a moment: the bots are still playing."
        while view.busy:
            await asyncio.sleep(0.01)
        return view

    view = asyncio.run(scenario())
    assert view.waiting_for_human or view.game.is_over
    assert view.messages == view.game.narrate()
    assert view.figure.positions == view.game.positions
    assert view.figure.frames_left == 0


def test_bad_setup_raises_rally_errors():
    with pytest.raises(rally.SetupError):
        GameView(6)
    with pytest.raises(rally.SetupError, match=re.escape("The human's seat must be a whole number from 0 to 2, like 0, "
                                                         "not 3.")):
        GameView(3, human=3)
    with pytest.raises(rally.SetupError, match="The human's seat must be a whole number"):
        GameView(3, human=True)
    with pytest.raises(rally.SetupError, match="The bots' delay in seconds must be a number from 0 to 10"):
        GameView(3, bot_delay=-1)
    with pytest.raises(rally.SetupError, match="GameView's game must be a Game"):
        GameView(game="a game")  # type: ignore[arg-type]
    # A game that keeps its log only from some moment on cannot be replayed from the deal.
    later = Game.from_state(play_out(Game.new(3, seed=1), [HeuristicBot()] * 3, random.Random(1)).state()
                            .replace(events=None))
    later.record_from_now()
    with pytest.raises(rally.SetupError, match="records its events from the first deal"):
        GameView(game=later)
    with pytest.raises(rally.TrackError):
        GameView(3, track="S..X..")
    with pytest.raises(rally.SetupError, match=r"a list of 3 bots \(one per seat\) or of 2 \(one per computer player\)"):
        GameView(3, bots=[RandomBot()] * 4)
    assert all(isinstance(bot, RandomBot) for bot in GameView(3, bots=[RandomBot()] * 2).bots[1:])  # one per computer player
    with pytest.raises(rally.SetupError):
        GameView(game=Game.new(3, record=False))


def test_repr_is_stable():
    a, b = GameView(4, "beach", 3), GameView(4, "beach", 3)
    assert repr(a) == repr(b) == ("A game on the beach track, seed 3, round 1: Ada to play. "
                                  "The cars have driven 0, 0, 0 and 0 spaces.")
    bundle = a._repr_mimebundle_()
    assert bundle["text/plain"] == repr(a) and "application/vnd.jupyter.widget-view+json" in bundle
    assert a.figure.plot.data[CARS_FIRST].x == b.figure.plot.data[CARS_FIRST].x


def test_the_trick_on_the_table_names_who_won_the_one_before():
    """On a phone "Previous trick" stands below the hand, out of sight: until the trick on the
    table is complete, its line names who won the trick before (the winner of that trick)."""
    import rally

    view = GameView(4, seed=7)
    assert view.trick_table.status == "No cards played yet."  # no trick before the first
    said = 0
    while view.game.round == 1 and not view.game.is_over:
        if view.game.awaiting_turbo:
            view.choose_turbo(False)
        else:
            view.play_card(view.hand.playable[0])
        won = [e for e in view.game.events if isinstance(e, rally.TrickWon)]
        if len(view.game.trick) < view.game.players and won:
            assert view.trick_table.status.endswith(f"{view.game.names[won[-1].seat]} won the last trick.")
            said += 1
        else:
            assert "won the last trick" not in view.trick_table.status
    assert said >= 3
