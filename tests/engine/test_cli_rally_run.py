import pytest
"""The command line for Rally Run: ``python -m rally run``."""

import random
import subprocess
import sys

from rally.cli import main
from rally.rally_run import ForgetfulBot, NoMemoryBot, PerfectMemoryBot, RallyRunGame, play_out


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rally", *args], capture_output=True, text=True, timeout=60)


def test_run_prints_a_readable_game_and_the_engines_winner(capsys):
    assert main(["run", "--players", "3", "--seed", "3", "--bots", "perfect,forgetful:3,none"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rally Run: 3 players, seed 3")
    assert "Turn 1: Bo reveals A1" in out
    assert "red >" in out and "< blue" in out  # start-finish tiles named by color word
    game = play_out(RallyRunGame.new(3, seed=3), [PerfectMemoryBot(), ForgetfulBot(3), NoMemoryBot()],
                    random.Random(3))
    assert out.strip().splitlines()[-1].startswith(f"Winner: {game.names[game.winner]}, who")


def test_run_is_reproducible_and_brief_is_shorter(capsys):
    main(["run", "--players", "2", "--seed", "5"])
    full = capsys.readouterr().out
    main(["run", "--players", "2", "--seed", "5"])
    assert capsys.readouterr().out == full
    main(["run", "--players", "2", "--seed", "5", "--brief"])
    brief = capsys.readouterr().out
    assert len(brief) < len(full) and "reveals" not in brief
    assert brief.strip().splitlines()[-1] == full.strip().splitlines()[-1]


def test_run_many_games_reports_wins_and_speed(capsys):
    assert main(["run", "--players", "2", "--games", "20", "--bots", "perfect,none"]) == 0
    out = capsys.readouterr().out
    assert "20 games of 2 players" in out and "games a second" in out
    assert "Bo (a computer player with perfect memory)" in out and "Gus (a computer player with no memory)" in out


@pytest.mark.slow
def test_run_bad_arguments_print_one_line_and_exit_2():
    for args in (["--players", "5"], ["--bots", "perfect,none"], ["--bots", "genius"], ["--games", "0"],
                 ["--max-turns", "0"], ["--players", "two"],
                 # every count has a stated bound: nothing runs for days without a word
                 ["--games", "100000000"], ["--max-turns", "100000"], ["--seed", str(2**64)], ["--games", "٣"],
                 ["--players", "٣"], ["--seed", "9" * 5000], ["--bots", "forgetful:٣"], ["--bots", "perfect," * 50],
                 ["--seed", str(2**64 - 1), "--games", "2"], ["--games", "10000", "--max-turns", "10000"]):
        result = run("run", *args)
        assert result.returncode == 2, args
        assert result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert result.stderr.startswith("python -m rally") and ": error: " in result.stderr


def test_the_bounds_the_command_line_states_are_the_engines():
    from rally import cli
    from rally.rally_run import MAX_TURNS
    from rally.rally_run.simulate import MAX_GAMES

    assert cli.MAX_GAMES == MAX_GAMES and cli.MAX_TURNS == MAX_TURNS
