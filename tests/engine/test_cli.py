"""The command line: ``python -m rally``."""

import os
import subprocess
import sys

import pytest

from rally.cli import main


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rally", *args], capture_output=True, text=True, timeout=60)


def test_explain_prints_the_rulebook_trick_explanation():
    result = run("explain", "G11", "R5", "B7", "G3")
    assert result.returncode == 0
    assert "card 3 (B7) wins" in result.stdout
    assert "Blue was the third color played" in result.stdout
    assert "the car moves 3" in result.stdout


def test_simulate_prints_a_readable_game_and_its_winner(capsys):
    assert main(["simulate", "--players", "4", "--track", "beach", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "== Round 1 ==" in out
    assert "Ada plays" in out and "wins the trick" in out
    winner_line = out.strip().splitlines()[-1]
    assert winner_line.startswith("Winner: ")
    # The printed winner is the one the engine finds for the same game.
    import random

    from rally import Game, HeuristicBot, play_out

    game = play_out(Game.new(4, track="beach", seed=3), [HeuristicBot() for _ in range(4)], random.Random(3))
    assert winner_line == f"Winner: {game.names[game.winner]}."


def test_simulate_is_reproducible(capsys):
    main(["simulate", "--players", "5", "--seed", "11", "--brief"])
    first = capsys.readouterr().out
    main(["simulate", "--players", "5", "--seed", "11", "--brief"])
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["explain", "G16", "R5", "B7"], "“G16” is not a card"),
        (["explain", "G11", "G11", "R5"], "same card twice"),
        (["explain", "G11"], "3 to 5 cards"),
        (["explain", "G11", "R5"], "3 to 5 cards"),
        (["explain", "G11", "R5", "B7", "G3", "G2", "G4"], "3 to 5 cards"),
        (["explain", "G11", "R5", "B٣"], "“B٣” is not a card"),
        (["simulate", "--players", "7"], "--players must be a whole number from 3 to 5"),
        (["simulate", "--players", "x"], "not “x”"),
        (["simulate", "--players", "٣"], "written in the digits 0-9"),
        (["simulate", "--seed", "-1"], "--seed must be a whole number from 0 to 18446744073709551615"),
        (["simulate", "--seed", "9" * 5000], "--seed must be a whole number from 0 to 18446744073709551615"),
        (["run", "--games", "100000000"], "--games must be a whole number from 1 to 10000"),
        (["run", "--max-turns", "10" * 2000], "--max-turns must be a whole number from 1 to 10000"),
        (["simulate", "--track", "moon"], "neither a built-in track"),
        (["simulate", "--bots", "clever"], "--bots must be one of"),
        (["bogus"], "invalid choice"),
        ([], "required"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_code_2(args, fragment):
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert fragment in lines[0]
    assert result.stdout == ""


def test_tracks_lists_the_builtin_models():
    result = run("tracks")
    assert result.returncode == 0
    assert "volcano: 31 spaces" in result.stdout and "beach: 28 spaces" in result.stdout
    assert "Models of the printed boards" in result.stdout


# ------------------------------------------------------- output that cannot be written (docs/decisions.md, C1)


def run_into(stdout, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rally", *args], stdout=stdout, stderr=subprocess.PIPE, text=True,
                          timeout=60, env={**os.environ, **env})


@pytest.mark.parametrize("args", [["--lang", "de", "simulate", "--brief"], ["run", "--games", "3"], ["--help"]])
def test_a_reader_that_stops_early_ends_the_command_quietly(args):
    read, write = os.pipe()
    os.close(read)  # the reader is gone before a word is written (| head -c 0)
    try:
        result = run_into(write, *args)
    finally:
        os.close(write)
    assert (result.returncode, result.stderr) == (141, "")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args, line", [
    (["--lang", "de", "simulate", "--brief"], "python -m rally: Fehler: Die Ausgabe lässt sich nicht schreiben: "),
    (["tracks"], "python -m rally: error: the output cannot be written: "),
    (["--help"], "python -m rally: error: the output cannot be written: "),
])
def test_a_full_output_gives_one_line_and_exit_code_2(args, line):
    with open("/dev/full", "w") as full:
        result = run_into(full, *args)
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith(line), result.stderr


def test_a_closed_output_gives_one_line_and_exit_code_2():
    result = subprocess.run([sys.executable, "-m", "rally", "tracks"], stdin=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, timeout=60, close_fds=True,
                            preexec_fn=lambda: os.close(1))
    assert result.returncode == 2
    assert result.stderr == "python -m rally: error: the output cannot be written: the output is closed.\n"


def test_a_terminal_without_umlauts_reads_german_written_plainer():
    result = run_into(subprocess.PIPE, "--lang", "de", "explain", "G11", "R5", "B7", "G3", PYTHONIOENCODING="ascii")
    assert (result.returncode, result.stderr) == (0, "")
    assert "die hoechste Karte in Blau" in result.stdout and "faehrt 3 Felder vor" in result.stdout
    assert result.stdout.isascii() and "?" not in result.stdout
    brief = run_into(subprocess.PIPE, "--lang", "de", "simulate", "--brief", PYTHONIOENCODING="ascii")
    assert brief.returncode == 0 and brief.stdout.isascii() and "Gewinner: " in brief.stdout
    refused = run_into(subprocess.PIPE, "--lang", "de", "explain", "G٣", "R5", "B7", PYTHONIOENCODING="ascii")
    assert refused.returncode == 2 and len(refused.stderr.splitlines()) == 1 and "Traceback" not in refused.stderr
