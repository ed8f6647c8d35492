"""The command line of docs/record-format.md ("Command"): ``python -m engine replay RECORD.json [--at N]``
from a
file or standard input, its exit statuses and its one-line errors; and ``python -m engine bench``."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import Game, Setup, parse_record, replay, state
from engine.bench import play_random

ROOT = Path(__file__).resolve().parents[2]
FORMAT = "cardia-replay/1"


def run(
    *args: str, stdin: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env=env,
    )


def make_record(
    deck: Any = "I", location: str | None = None, seed: int = 4242, choices: int = 1
) -> dict[str, Any]:
    """A complete random game with seeded chance, as a record dict."""
    setup = Setup.model_validate({"deck": deck, "location": location, "seed": seed})
    game = Game(setup)
    actions = play_random(game, random.Random(choices))
    return {
        "format": FORMAT,
        "setup": setup.model_dump(mode="json"),
        "actions": [{"player": player, "choose": choose} for player, choose in actions],
    }


def expected(record: dict[str, Any], at: int | None = None) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(json.dumps(state(replay(parse_record(record), at))))
    return value


def ok(result: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.endswith("\n")
    value: dict[str, Any] = json.loads(result.stdout)  # exactly one JSON document
    return value


def error_line(result: subprocess.CompletedProcess[str]) -> str:
    """Exit status 2, nothing on standard output, exactly one line on standard error."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert result.stderr == lines[0] + "\n"
    return lines[0]


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    data = make_record(deck={"rebels": "I", "academy": "II", "guild": "I", "dynasty": "II"}, seed=99)
    assert len(data["actions"]) >= 8
    return data


@pytest.fixture
def record_file(record: dict[str, Any], tmp_path: Path) -> Path:
    path = tmp_path / "game.record.json"
    path.write_text(json.dumps(record, indent=1))
    return path


# --- reading a record ---------------------------------------------------------------------------------


def test_replay_from_a_file(record: dict[str, Any], record_file: Path) -> None:
    out = ok(run("replay", str(record_file)))
    assert out == expected(record)
    assert out["status"] == "finished" and out["pending"] == []
    assert out["format"] == FORMAT


def test_replay_from_stdin(record: dict[str, Any], record_file: Path) -> None:
    from_stdin = run("replay", "-", stdin=json.dumps(record))
    assert ok(from_stdin) == expected(record)
    assert from_stdin.stdout == run("replay", str(record_file)).stdout


def test_relative_path_from_the_repo_root(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "relative.json"
    path.write_text(json.dumps(record))
    assert ok(run("replay", os.path.relpath(path, ROOT))) == expected(record)


def test_running_out_of_actions_is_not_an_error(record: dict[str, Any], tmp_path: Path) -> None:
    partial = dict(record, actions=record["actions"][:3])
    path = tmp_path / "partial.json"
    path.write_text(json.dumps(partial))
    out = ok(run("replay", str(path)))
    assert out["status"] == "in_progress" and out["result"] is None and out["pending"]
    assert out == expected(partial)


# --- --at -----------------------------------------------------------------------------------------------


def test_at_zero_is_the_opening(record: dict[str, Any], record_file: Path) -> None:
    out = ok(run("replay", str(record_file), "--at", "0"))
    assert out == expected(record, 0)
    assert out["status"] == "in_progress" and out["round"] == 1
    assert out["signets"] == {"p1": 0, "p2": 0}
    assert [(d["player"], d["count"]) for d in out["pending"]] == [("p1", 1), ("p2", 1)]
    for decision in out["pending"]:
        zones = out["players"][decision["player"]]
        assert len(zones["hand"]) == 5 and len(zones["deck"]) == 11 and zones["discard"] == []
        assert sorted(decision["options"]) == sorted(f"{decision['player']}:{card}" for card in zones["hand"])


def test_at_n_matches_the_api_and_the_truncated_record(
    record: dict[str, Any], record_file: Path, tmp_path: Path
) -> None:
    total = len(record["actions"])
    for n in sorted({1, 2, 3, total // 2, total - 1}):
        out = ok(run("replay", str(record_file), "--at", str(n)))
        assert out == expected(record, n), n
        truncated = tmp_path / f"first{n}.json"
        truncated.write_text(json.dumps(dict(record, actions=record["actions"][:n])))
        assert out == ok(run("replay", str(truncated))), n


def test_at_the_end(record: dict[str, Any], record_file: Path) -> None:
    total = len(record["actions"])
    assert ok(run("replay", str(record_file), "--at", str(total))) == ok(run("replay", str(record_file)))


@pytest.mark.parametrize("beyond", [1, 1000])
def test_at_beyond_the_end_is_an_error(record: dict[str, Any], record_file: Path, beyond: int) -> None:
    """Not silently the end: the record does not hold that many actions."""
    total = len(record["actions"])
    line = error_line(run("replay", str(record_file), "--at", str(total + beyond)))
    assert line == f"--at: the record holds {total} actions, so 0 to {total}, not {total + beyond}"
    five = dict(record, actions=record["actions"][:5])
    line = error_line(run("replay", "-", "--at", "99", stdin=json.dumps(five)))
    assert line == "--at: the record holds 5 actions, so 0 to 5, not 99"


def test_at_with_stdin(record: dict[str, Any]) -> None:
    out = ok(run("replay", "-", "--at", "2", stdin=json.dumps(record)))
    assert out == expected(record, 2)


@pytest.mark.parametrize("at", ["-1", "-5"])
def test_negative_at_is_an_error_of_the_option(record_file: Path, at: str) -> None:
    line = error_line(run("replay", str(record_file), "--at", at))
    assert line == f"--at: must be 0 or more, not {at}"
    line = error_line(run("replay", str(record_file), f"--at={at}"))
    assert line == f"--at: must be 0 or more, not {at}"


# --- errors ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["{not json", "", "[1, 2", '{"format": "cardia-replay/1",}'])
def test_invalid_json_is_an_error_of_the_record(text: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert error_line(run("replay", str(path))).startswith("record: not valid JSON (")
    assert error_line(run("replay", "-", stdin=text)).startswith("record: not valid JSON (")


def test_non_utf8_input_is_an_error_of_the_record(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"format": "cardia-replay/1\xff"}')
    assert error_line(run("replay", str(path))).startswith("record: ")


@pytest.mark.parametrize(
    ("edit", "prefix"),
    [
        ({"extra": 1}, "record: extra: "),
        ({"format": "cardia-replay/2"}, "record: format: "),
        ({"setup": {"deck": "I", "location": None, "seed": True}}, "setup: "),
        ({"setup": {"deck": "I", "location": None, "seed": 1, "speed": 2}}, "setup: "),
        ({"setup": {"deck": "I", "location": None, "seed": 1, "chance": "explicit"}}, "setup: "),
    ],
)
def test_schema_errors(record: dict[str, Any], tmp_path: Path, edit: dict[str, Any], prefix: str) -> None:
    path = tmp_path / "schema.json"
    path.write_text(json.dumps(dict(record, **edit)))
    assert error_line(run("replay", str(path))).startswith(prefix)


def test_unknown_key_in_an_action(record: dict[str, Any], tmp_path: Path) -> None:
    actions = [dict(a) for a in record["actions"]]
    actions[4]["comment"] = "nice move"
    path = tmp_path / "action-key.json"
    path.write_text(json.dumps(dict(record, actions=actions)))
    assert error_line(run("replay", str(path))).startswith("action 4: ")


def test_rejected_action(record: dict[str, Any], tmp_path: Path) -> None:
    actions = [dict(a) for a in record["actions"]]
    # answer the same decision twice: the second answer is rejected
    actions.insert(6, dict(actions[5]))
    path = tmp_path / "rejected.json"
    path.write_text(json.dumps(dict(record, actions=actions)))
    result = run("replay", str(path))
    assert error_line(result).startswith("action 6: ")
    assert error_line(run("replay", "-", stdin=json.dumps(dict(record, actions=actions)))).startswith(
        "action 6: "
    )


def test_at_stops_before_a_rejected_action_and_step_refuses_it(
    record: dict[str, Any], tmp_path: Path
) -> None:
    """``--at N`` replays the first N actions of a record valid as a whole; stepping through goes through
    every action, so a rejected one is said first, in one line."""
    actions = [dict(a) for a in record["actions"]]
    actions.insert(6, dict(actions[5]))
    path = tmp_path / "rejected.json"
    path.write_text(json.dumps(dict(record, actions=actions)))
    assert ok(run("replay", str(path), "--at", "3")) == expected(record, 3)
    assert error_line(run("replay", str(path), "--step")).startswith("action 6: ")


def test_action_after_the_end(record: dict[str, Any], tmp_path: Path) -> None:
    actions = [*record["actions"], {"player": "p1", "choose": ["p1:hired_blade"]}]
    path = tmp_path / "late.json"
    path.write_text(json.dumps(dict(record, actions=actions)))
    assert error_line(run("replay", str(path))).startswith(f"action {len(record['actions'])}: ")


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "no-such-record.json"
    assert error_line(run("replay", str(path))) == f"cannot read {path} (No such file or directory)"


def test_directory_instead_of_a_file(tmp_path: Path) -> None:
    assert error_line(run("replay", str(tmp_path))) == f"cannot read {tmp_path} (Is a directory)"


# --- determinism across processes ------------------------------------------------------------------------


@pytest.mark.parametrize("location", [None, "scrapyard", "foggy_swamp", "serpent_temple"])
def test_same_record_same_output_in_every_process(location: str | None, tmp_path: Path) -> None:
    """The engine is a pure function of the record: no dependence on hash seeds or the process."""
    record = make_record(deck="II", location=location, seed=31337, choices=8)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    outputs = []
    for hash_seed in ("0", "1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        result = run("replay", str(path), env=env)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1] == outputs[2]
    assert json.loads(outputs[0]) == expected(record)


# --- bench ---------------------------------------------------------------------------------------------


def test_bench_runs_and_prints_figures() -> None:
    result = run("bench", "--games", "20")
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert lines, "bench printed nothing"
    assert any(any(ch.isdigit() for ch in line) for line in lines)
    assert "games" in result.stdout


def test_first_rejected_action_is_reported_even_if_a_later_one_is_malformed(tmp_path: Path) -> None:
    """docs/record-format.md: the error names the first rejected action. An illegal action 0 comes before a
    malformed action 1; a malformed action is reported when nothing before it is rejected."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "setup": {"deck": "I", "seed": 3},
        "actions": [{"player": "chance", "choose": ["p1:djinn"]}, {"player": "p1", "bogus": True}],
    }
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path))
    assert result.returncode == 2 and result.stdout == ""
    assert error_line(result).startswith("action 0: ")
    record["actions"] = record["actions"][1:]
    path.write_text(json.dumps(record))
    result = run("replay", str(path))
    assert error_line(result).startswith("action 0: ")


# --- hostile or odd input: bounded, one short line ---------------------------------------------------------


def test_a_byte_order_mark_is_accepted(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record).encode())
    assert ok(run("replay", str(path))) == expected(record)


def test_an_invalid_explicit_deck_is_said_once(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    setup = {"deck": "I", "seed": 1, "chance": "explicit", "decks": {"p1": ["judge"], "p2": ["judge"]}}
    path.write_text(json.dumps(dict(record, setup=setup, actions=[])))
    line = error_line(run("replay", str(path)))
    assert line == "setup: the deck of p1 must hold each of the 16 cards of the composition exactly once"


def test_a_bad_faction_source_names_the_faction(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "mixed.json"
    deck = {"rebels": "III", "academy": "I", "guild": "II", "dynasty": "I"}
    path.write_text(json.dumps(dict(record, setup={"deck": deck, "seed": 1}, actions=[])))
    assert error_line(run("replay", str(path))) == "setup: deck.rebels: Input should be 'I' or 'II'"


def test_a_huge_option_is_not_echoed(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "option.json"
    path.write_text(json.dumps(dict(record, actions=[{"player": "p1", "choose": ["x" * 100_000]}])))
    line = error_line(run("replay", str(path)))
    assert line.startswith("action 0: ") and "is not an option" in line and len(line) <= 200


def test_a_record_far_larger_than_a_game_is_refused_at_once(tmp_path: Path) -> None:
    many = tmp_path / "many.json"
    actions = [{"player": "p1", "choose": ["p1:judge"]}] * 5_000
    many.write_text(json.dumps({"format": FORMAT, "setup": {"deck": "I", "seed": 1}, "actions": actions}))
    assert (
        error_line(run("replay", str(many)))
        == "record: a record holds at most 2,000 actions (a game, a few hundred)"
    )
    huge = tmp_path / "huge.json"
    with huge.open("w") as out:  # 58 MB: read no further than the limit
        out.write('{"format": "cardia-replay/1", "setup": {"deck": "I", "seed": 1}, "actions": [')
        out.write(", ".join(['{"player": "p1", "choose": ["p1:judge"]}'] * 1_400_000))
        out.write("]}")
    assert huge.stat().st_size > 50_000_000
    line = error_line(run("replay", str(huge)))
    assert line == "record: a record is at most 1,000,000 bytes (a game's is far smaller)"


def test_a_reader_that_stops_early_is_not_an_error(record_file: Path) -> None:
    # `true` reads nothing and is gone before the state is written: the write meets a closed pipe.
    result = subprocess.run(
        f"{sys.executable} -m engine replay {record_file} | true",
        shell=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.stdout == "" and result.stderr == "" and result.returncode == 0


def test_bench_refuses_zero_games() -> None:
    result = run("bench", "--games", "0")
    assert (
        result.returncode == 2 and "must be 1 or more" in result.stderr and "Traceback" not in result.stderr
    )


def test_an_option_error_names_the_command_it_was_typed_as(capsys: pytest.CaptureFixture[str]) -> None:
    """``cardia replay`` and ``python -m engine replay`` run the same code: each names itself in errors."""
    from cardia.__main__ import main as cardia
    from engine.__main__ import main as engine

    for command, prog in ((cardia, "cardia replay"), (engine, "python -m engine replay")):
        with pytest.raises(SystemExit) as stopped:
            command(["replay"])
        assert stopped.value.code == 2
        assert capsys.readouterr().err.splitlines()[-1].startswith(f"{prog}: error: ")


def test_a_language_the_terminal_does_not_speak_is_refused_naming_those_it_does(record_file: Path) -> None:
    from text.catalogue import LANGUAGES

    result = run("replay", str(record_file), "--step", "--language", "de")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1].endswith(f"--language: 'de': choose {', '.join(LANGUAGES)}")
    spoken = run("replay", str(record_file), "--step", "--language", LANGUAGES[-1], stdin="q\n")
    assert spoken.returncode == 0, spoken.stderr
