"""The learned Othello evaluation: symmetric, compiled like its plain twin, trainable end to end."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from damero.core import Side
from damero.engines.othello.board import engine_board
from damero.engines.othello.patterns import (
    FEATURES,
    STAGES,
    evaluate_position,
    load_weights,
    pattern_score,
    plain_pattern_score,
    read_weights,
    symmetries,
)
from damero.games.othello import OthelloPosition
from damero.training import othello as training
from damero.training.othello import main as train_main


def random_boards(count: int, seed: int) -> list[tuple[int, int]]:
    """Positions of random games at every stage, side to move first, in the engine layout."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        position = OthelloPosition.start(8)
        while not position.is_game_over() and len(boards) < count:
            position = position.play(rng.choice(position.legal_moves()))
            if rng.random() < 0.3:
                _, player, opponent = engine_board(position)
                boards.append((player, opponent))
    return boards


def transformed(bits: int, symmetry: int) -> int:
    image = 0
    for square in range(64):
        if bits >> square & 1:
            row, column = symmetries(*divmod(square, 8))[symmetry]
            image |= 1 << (row * 8 + column)
    return image


def score(board: tuple[int, int], weights: npt.NDArray[np.float32]) -> float:
    return float(pattern_score(np.uint64(board[0]), np.uint64(board[1]), weights))


def random_weights(seed: int) -> npt.NDArray[np.float32]:
    generator = np.random.default_rng(seed)
    return generator.standard_normal((STAGES, FEATURES)).astype(np.float32)


@pytest.mark.parametrize("which", ["shipped", "random"])
def test_the_eight_symmetries_of_a_position_score_alike(which: str) -> None:
    weights = load_weights() if which == "shipped" else random_weights(1)
    for player, opponent in random_boards(40, seed=2):
        scores = [
            score((transformed(player, k), transformed(opponent, k)), weights) for k in range(8)
        ]
        assert max(scores) - min(scores) < 1e-3, scores


def test_the_compiled_score_agrees_with_the_plain_twin() -> None:
    weights = random_weights(3)
    rng = random.Random(4)
    boards = random_boards(60, seed=5)
    # Also arbitrary contents, which no game reaches, to cover every index digit.
    for _ in range(40):
        cells = [rng.randrange(3) for _ in range(64)]
        boards.append(
            (
                sum(1 << square for square, cell in enumerate(cells) if cell == 1),
                sum(1 << square for square, cell in enumerate(cells) if cell == 2),
            )
        )
    for board in boards:
        assert score(board, weights) == pytest.approx(
            plain_pattern_score(*board, weights), abs=1e-3
        )


def test_the_shipped_weights_favour_the_side_holding_corners_and_edges() -> None:
    rows = [
        "XXXXXXXX",
        "XXOOOOOX",
        "XOOXOOOX",
        "XOXOOXOX",
        "XOOXOOOX",
        "XOOOXO.X",
        "XO.OOO.X",
        "XXXXXX.X",
    ]
    # X wins by 42 whoever is to move; the estimate need only see who is far ahead.
    for side in (Side.FIRST, Side.SECOND):
        position = OthelloPosition.from_rows(rows, side)
        value = evaluate_position(position)
        assert value > 5 if side is Side.FIRST else value < -5


def test_only_8x8_has_learned_weights() -> None:
    with pytest.raises(ValueError, match="8x8 only"):
        evaluate_position(OthelloPosition.start(6))


def test_training_runs_end_to_end_and_a_seed_gives_the_same_weights(tmp_path: Path) -> None:
    budget = ["--games", "4", "--positions", "12", "--depth", "1", "--exact-empties", "8"]
    command = [sys.executable, "-m", "damero.training.othello", "--seed", "9", *budget]
    finished = subprocess.run(
        [*command, "--output", str(tmp_path / "first.npz")],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert finished.returncode == 0, finished.stderr
    assert "weights written to" in finished.stdout
    first = read_weights(tmp_path / "first.npz")
    assert first.shape == (STAGES, FEATURES)
    assert np.count_nonzero(first) > 0
    assert train_main(["--seed", "9", *budget, "--output", str(tmp_path / "again.npz")]) == 0
    assert np.array_equal(first, read_weights(tmp_path / "again.npz"))
    boards = random_boards(5, seed=6)
    assert all(np.isfinite(score(board, first)) for board in boards)
    assert not [path for path in tmp_path.iterdir() if "partial" in path.name]


def test_training_refuses_a_budget_of_nothing_or_nowhere_to_write(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert train_main(["--games", "0"]) == 2
    assert "--games must be 1 or more" in capsys.readouterr().err
    missing = tmp_path / "missing" / "weights.npz"
    assert train_main(["--games", "1", "--output", str(missing)]) == 2
    assert f"cannot write {missing}: no such directory" in capsys.readouterr().err


def test_a_training_stopped_halfway_through_a_stage_resumes_at_its_last_chunk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(training, "LABEL_CHUNK", 2)
    budget = training.Budget(rounds=2, games=3, positions_per_game=12, depth=1, exact_empties=8)
    first = training.train(4, budget, cache=tmp_path)
    (folder,) = tmp_path.iterdir()
    chunks = sorted(folder.glob("labels-2-*.npy"))
    assert len(chunks) > len({path.name.rsplit("-", 1)[0] for path in chunks})
    # Stopped in round 2, after half its chunks: the weights and the other chunks are gone.
    (folder / "weights-2.npy").unlink()
    for path in chunks[len(chunks) // 2 :]:
        path.unlink()
    labelled: list[int] = []
    real_label = training.label

    def counting(boards: list[tuple[int, int]], *arguments: object) -> object:
        labelled.append(len(boards))
        return real_label(boards, *arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(training, "label", counting)
    again = training.train(4, budget, cache=tmp_path)
    assert np.array_equal(first, again)
    assert len(labelled) == len(chunks) - len(chunks) // 2


def test_the_games_can_be_played_deeper_and_without_noise() -> None:
    weights = load_weights()
    boards = training.play_game(random.Random(3), weights, noise=0.0, depths=(1, 1))
    opening = random.Random(3).randint(2, 10)
    geometry = training._GEOMETRY
    for before, after in zip(boards[opening:], boards[opening + 1 :], strict=False):
        mover = before if geometry.legal_moves(*before) else (before[1], before[0])
        scores = training._move_scores(mover, 1, weights)
        played = [score for score, bit in scores if geometry.play(*mover, bit) == after]
        assert played == [max(score for score, _ in scores)]
    assert training.play_game(random.Random(3), weights, noise=0.0, depths=(1, 1)) == boards


def test_the_training_reports_its_error_stage_by_stage() -> None:
    solved = [((0x0000000810000000, 0x0000001008000000), 0), ((0xFF, 0xFF00), 8)]
    report = training.check_error(load_weights(), solved)
    assert report.startswith("mean absolute error")
    assert "0-3 empties" not in report
    assert "48-51 empties" in report
    assert "60-63 empties" in report


def test_each_position_is_labelled_once_whatever_the_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    labelled: list[tuple[int, int]] = []
    real_label = training.label

    def counting(boards: list[tuple[int, int]], *arguments: object) -> object:
        labelled.extend(boards)
        return real_label(boards, *arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(training, "label", counting)
    budget = training.Budget(rounds=3, games=2, positions_per_game=10, depth=1, exact_empties=8)
    training.train(5, budget)
    assert len(labelled) == len(set(labelled)) > 20


def test_a_check_file_is_read_again_each_round(tmp_path: Path) -> None:
    solved = tmp_path / "solved.txt"
    solved.write_text("# two positions\n00000000000000ff 000000000000ff00 8\n")
    lines: list[str] = []

    def report(line: str) -> None:
        lines.append(line)
        if line.startswith("round 1: mean"):
            with solved.open("a") as out:
                out.write("0000000810000000 0000001008000000 0\n")

    budget = training.Budget(rounds=2, games=2, positions_per_game=8, depth=1, exact_empties=6)
    training.train(3, budget, report=report, check=solved)
    assert "  2 of 2 games played" in lines
    checks = [line for line in lines if "mean absolute error" in line]
    assert "on 1 solved positions" in checks[0]
    assert "on 2 solved positions" in checks[1]
    lines.clear()
    training.train(3, budget, report=report, check=tmp_path / "not yet drawn.txt")
    assert lines and not [line for line in lines if "mean absolute error" in line]


def test_a_stage_fits_a_table_beside_the_patterns_when_told_the_rows_length() -> None:
    """The evaluation benchmark tries features the patterns lack as tables after theirs."""
    boards = random_boards(200, seed=11)
    parity = np.array([(player | opponent).bit_count() % 2 for player, opponent in boards])
    rows = np.concatenate(
        [training.feature_rows(boards), (FEATURES + parity)[:, None]], axis=1
    ).astype(np.int32)
    targets = np.where(parity == 1, 10.0, -10.0)
    weights = training.fit_stage(rows, targets, ridge=3.0, iterations=60, size=FEATURES + 2)
    assert len(weights) == FEATURES + 2
    assert weights[FEATURES + 1] - weights[FEATURES] > 5
    assert np.abs(weights[rows].sum(axis=1) - targets).mean() < 2
