"""Othello engine figures: the solver beside Edax on positions it was never tuned on, perft, the
midgame search's speed, FFO endgames, 6x6 solved, a 10x10 game.

Prints measurements only; nothing here passes or fails.  Run from the repository root:

    python benchmarks/othello_engine.py                  # the check set beside Edax, 1 and 2 threads
    python benchmarks/othello_engine.py check --set tuning --max-empties 22   # what tuning looks at
    python benchmarks/othello_engine.py check --baseline d8b7d2e   # that commit's engine too
    python benchmarks/othello_engine.py draw             # draw and solve the sets again
    python benchmarks/othello_engine.py threads --set tuning --max-empties 21   # 2 threads' losses
    python benchmarks/othello_engine.py perft --depths 9 10 11
    python benchmarks/othello_engine.py nps --depth 10 --baseline d8b7d2e
    python benchmarks/othello_engine.py ffo --empties 26
    python benchmarks/othello_engine.py edax --repeats 2   # FFO #26-#39 beside Edax
    python benchmarks/othello_engine.py short            # 1000 small solves beside Edax
    python benchmarks/othello_engine.py last --baseline main   # the last empties' search alone
    python benchmarks/othello_engine.py six --seconds 600
    python benchmarks/othello_engine.py sixes --threads 1   # 6x6 tuning positions, nodes and CPU
    python benchmarks/othello_engine.py ten --seconds 1
    python benchmarks/othello_engine.py error           # the evaluations against exact scores
    python benchmarks/othello_engine.py match           # learned against hand-set, 100 games
    python benchmarks/othello_engine.py all             # every part but draw

Edax is the binary `--edax` names, else $DAMERO_EDAX (see docs on building it); without one the
parts that compare with it print damero's figures alone.  `--baseline COMMIT` runs the same part
with that commit's engine first (from `git archive`), so that a change is measured before and
after in one run.  The last two parts are `othello_eval.py`'s, which has their options.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# `--baseline` runs this file again with DAMERO_BENCHMARK_SOURCE naming another commit's sources.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engines"))
sys.path.insert(
    0, os.environ.get("DAMERO_BENCHMARK_SOURCE", str(Path(__file__).parent.parent / "src"))
)

import othello_check_set
from othello_positions import FFO_FILE, Problem, midgame_positions, random_endgame, read_problems

from damero.core import Limit, Side
from damero.engines.othello import EVALUATIONS, perft, search
from damero.engines.othello.board import engine_board, move_of
from damero.engines.othello.endgame import EndgameSolver
from damero.engines.othello.midgame import CUT_MARGIN_DEFAULT
from damero.engines.othello.player import level_analyses
from damero.games.othello import OthelloPosition, format_move

ROOT = Path(__file__).resolve().parent.parent
BASELINE_SOURCE = "DAMERO_BENCHMARK_SOURCE"
"""Set by `--baseline` for the run of another commit's engine: where its sources are."""

PERFT_8X8 = {
    1: 4,
    2: 12,
    3: 56,
    4: 244,
    5: 1396,
    6: 8200,
    7: 55092,
    8: 390216,
    9: 3005288,
    10: 24571284,
    11: 212258800,
}


def warm_up() -> float:
    """Loads (or compiles, on a first run) the compiled code; returns the seconds it took."""
    started = time.perf_counter()
    for size in (4, 8, 10):
        position = OthelloPosition.start(size)
        perft(position, 3)
        list(search(position, Limit(depth=2), exact_empties=0))
    geometry, player, opponent = engine_board(OthelloPosition.start(4))
    EndgameSolver(geometry, table_bits=10).solve(player, opponent)
    return time.perf_counter() - started


def bench_perft(depths: list[int], edax_name: str | None) -> None:
    """damero's compiled perft, and Edax's (`perft D` at its prompt) depth by depth beside it
    when an Edax binary is given: both count the last ply from the move mask."""
    found = find_edax(edax_name)
    print("perft from the 8x8 start (compiled, last ply counted from the move mask)")
    start = OthelloPosition.start(8)
    for depth in depths:
        started = time.perf_counter()
        leaves = perft(start, depth)
        seconds = time.perf_counter() - started
        expected = PERFT_8X8.get(depth)
        check = (
            "" if expected is None else (" ok" if leaves == expected else f" EXPECTED {expected}")
        )
        beside = ""
        if found is not None:
            edax_seconds = _edax_perft_seconds(*found, depth)
            beside = f"; Edax {edax_seconds:.3f} s, ratio {seconds / max(edax_seconds, 0.001):.2f}"
        print(
            f"  depth {depth:2}: {leaves:>12,} leaves in {seconds:8.3f} s"
            f" = {leaves / seconds / 1e6:8.1f} million leaves/s{check}{beside}",
            flush=True,
        )


def _edax_perft_seconds(edax: Path, eval_file: Path, depth: int) -> float:
    """Seconds Edax's own perft takes for `depth` plies from the start (its table for that ply).

    Edax builds an opening book where it finds none, so it gets a throwaway one at level 1."""
    with tempfile.TemporaryDirectory() as directory:
        command = [str(edax), "-eval-file", str(eval_file), "-l", "1"]
        command += ["-book-file", str(Path(directory) / "book.dat")]
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=edax.parent,
        )
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(f"perft {depth}\n")
        process.stdin.flush()
        seconds = None
        for line in process.stdout:
            # "  10,        24571056,   0,   0,   0,   228,    0 - 16,        0:00.059,  467.2 MN/s"
            fields = [field.strip() for field in line.split(",")]
            if len(fields) > 7 and fields[0] == str(depth):
                seconds = _edax_seconds(fields[7])
            if line.startswith("Total"):
                break
        process.stdin.write("quit\n")
        process.stdin.close()
        process.wait()
    if seconds is None:
        raise SystemExit(f"could not read Edax's perft {depth}")
    return seconds


def bench_nps(depth: int, thread_counts: list[int]) -> None:
    print(f"8x8 midgame search: 6 positions 20 plies from the start, each to depth {depth}")
    print("  (CPU seconds beside the wall clock's: the machine is shared)")
    for threads in thread_counts:
        for evaluation in EVALUATIONS:
            for cut_margin, cuts in ((CUT_MARGIN_DEFAULT, "probable cut-offs"), (0, "none")):
                total_nodes = 0
                total_seconds = total_cpu = 0.0
                for position in midgame_positions(6, 20, seed=1):
                    started, started_cpu = time.perf_counter(), time.process_time()
                    *_, analysis = search(
                        position,
                        Limit(depth=depth),
                        evaluation=evaluation,
                        threads=threads,
                        cut_margin=cut_margin,
                    )
                    total_seconds += time.perf_counter() - started
                    total_cpu += time.process_time() - started_cpu
                    total_nodes += analysis.nodes
                print(
                    f"  {threads} thread{'s' if threads > 1 else ''}, {evaluation} evaluation,"
                    f" cut-offs: {cuts}: {total_nodes:,} nodes in {total_seconds:.2f} s"
                    f" ({total_cpu:.2f} CPU s): {total_nodes / total_seconds / 1e6:.2f} million"
                    f" nodes/s, {total_nodes / total_cpu / 1e6:.2f} million per CPU second",
                    flush=True,
                )


def bench_ffo(max_empties: int) -> None:
    problems = [problem for problem in read_problems() if problem.empties <= max_empties]
    print(
        f"FFO problems of {FFO_FILE.name} up to {max_empties} empties, full window, one solver each"
    )
    total_nodes = total_seconds = total_cpu = 0.0
    right = 0
    for problem in problems:
        geometry, player, opponent = engine_board(problem.position)
        solver = EndgameSolver(geometry)
        started, started_cpu = time.perf_counter(), time.process_time()
        solution = solver.solve(player, opponent)
        seconds, cpu = time.perf_counter() - started, time.process_time() - started_cpu
        move = move_of(geometry, solution.move_bit)
        is_right = solution.score == problem.score and move in problem.best_moves
        right += is_right
        total_nodes += solution.nodes
        total_seconds += seconds
        total_cpu += cpu
        print(
            f"  #{problem.number:2} ({problem.empties} empties): {solution.score:+3}"
            f" {format_move(move)} {'ok' if is_right else 'WRONG'}, {solution.nodes:>12,} nodes,"
            f" {seconds:7.2f} s ({cpu:7.2f} CPU s)",
            flush=True,
        )
    print(
        f"  total: {right}/{len(problems)} right, {total_nodes:,.0f} nodes in {total_seconds:.1f} s"
        f" ({total_cpu:.1f} CPU s, {total_nodes / total_cpu / 1e6:.1f} million nodes per CPU s)"
    )


EDAX_ENVIRONMENT = "DAMERO_EDAX"
"""Names an Edax binary when `--edax` does not (docs/engine.md, "Against Edax": how to build
one)."""


def _problems_between(low: int, high: int, path: Path) -> list[Problem]:
    return [problem for problem in read_problems(path) if low <= problem.empties <= high]


def _damero_times(problems: list[Problem], threads: int) -> list[tuple[float, int]]:
    """Wall seconds and nodes of damero's solver on each problem, a fresh table each time, as
    Edax starts each problem afresh; a wrong answer stops the benchmark."""
    measured = []
    for problem in problems:
        geometry, player, opponent = engine_board(problem.position)
        solver = EndgameSolver(geometry, threads=threads)
        started = time.perf_counter()
        solution = solver.solve(player, opponent)
        seconds = time.perf_counter() - started
        move = move_of(geometry, solution.move_bit)
        if solution.score != problem.score or (
            problem.best_moves and move not in problem.best_moves
        ):
            raise SystemExit(f"damero got #{problem.number} wrong: {solution.score} {move}")
        measured.append((seconds, solution.nodes))
    return measured


def _edax_seconds(text: str) -> float:
    """Edax's 'h:mm:ss.sss' or 'm:ss.sss' as seconds."""
    seconds = 0.0
    for part in text.split(":"):
        seconds = seconds * 60 + float(part)
    return seconds


def _edax_times(
    edax: Path, eval_file: Path, problems: list[Problem], threads: int
) -> list[tuple[float, int]]:
    """Wall seconds and nodes of Edax solving each problem exactly (`-l 60 -solve`)."""
    with tempfile.TemporaryDirectory() as directory:
        problem_file = Path(directory) / "problems.obf"
        lines = []
        for problem in problems:
            rows = problem.position.board_rows()
            board = "".join(rows).replace(".", "-")
            side = "X" if problem.position.side_to_move is Side.FIRST else "O"
            lines.append(f"{board} {side}; % {problem.score:+d}")
        problem_file.write_text("\n".join(lines) + "\n", encoding="ascii")
        output = subprocess.run(
            [
                str(edax),
                "-eval-file",
                str(eval_file),
                "-l",
                "60",
                "-n",
                str(threads),
                "-solve",
                str(problem_file),
            ],
            check=True,
            capture_output=True,
            text=True,
            cwd=edax.parent,
        ).stdout
    measured = []
    for line in output.splitlines():
        # A problem's line: "  3|   24   +04        0:20.073     489830098   24402436 b2 C8 ..."
        number_field, _, rest = line.partition("|")
        if not number_field.strip().isdigit() or len(rest.split()) < 4:
            continue
        _depth, score, clock, nodes, *_ = rest.split()
        number = int(number_field)
        problem = problems[number - 1]
        if int(score) != problem.score:
            raise SystemExit(f"Edax got #{problem.number} wrong: {score}, not {problem.score:+d}")
        measured.append((_edax_seconds(clock), int(nodes)))
    if len(measured) != len(problems):
        raise SystemExit(f"could not read Edax's answers:\n{output[-2000:]}")
    return measured


def find_edax(given: str | None) -> tuple[Path, Path] | None:
    """The Edax binary (`--edax`, else $DAMERO_EDAX) and its eval.dat (data/ beside its bin/)."""
    name = given or os.environ.get(EDAX_ENVIRONMENT)
    if not name:
        return None
    edax = Path(name).resolve()
    return edax, edax.parent.parent / "data" / "eval.dat"


def side_by_side(
    edax_name: str | None,
    problems: list[Problem],
    labels: list[str],
    thread_counts: list[int],
    repeats: int,
) -> None:
    """damero's solver beside Edax's on each problem and thread count, each program's best of
    `repeats` tries (a busy machine slows some tries, not all), problem by problem, each program
    in turn, so that the machine's load weighs on both; then the totals, the worst ratio and the
    speed-up from one thread to the most."""
    found = find_edax(edax_name)
    if found is None:
        print(f"  (no Edax to compare with: give --edax PATH or set {EDAX_ENVIRONMENT})")
    totals: dict[int, tuple[float, float]] = {}
    for threads in thread_counts:
        print(f"  {threads} thread{'s' if threads > 1 else ''}:")
        print(
            "    position                 empties score  damero s       nodes   Edax s"
            "    Edax nodes  ratio"
        )
        ours, theirs = [], []
        worst = (0.0, "")
        for problem, label in zip(problems, labels, strict=True):
            our_tries, their_tries = [], []
            for _ in range(repeats):
                our_tries += _damero_times([problem], threads)
                if found is not None:
                    their_tries += _edax_times(*found, [problem], threads)
            seconds, nodes = min(our_tries)
            edax_seconds, edax_nodes = min(their_tries) if their_tries else (float("nan"), 0)
            ours.append(seconds)
            theirs.append(edax_seconds)
            ratio = seconds / max(edax_seconds, 0.001)
            worst = max(worst, (ratio, label))
            print(
                f"    {label:<24} {problem.empties:>7} {problem.score:>+5} {seconds:>9.2f}"
                f" {nodes:>11,} {edax_seconds:>8.2f} {edax_nodes:>13,} {ratio:>6.2f}",
                flush=True,
            )
        total, edax_total = sum(ours), sum(theirs)
        totals[threads] = (total, edax_total)
        print(
            f"    total: damero {total:.2f} s, Edax {edax_total:.2f} s, ratio"
            f" {total / max(edax_total, 0.001):.2f}; worst {worst[1]}, ratio {worst[0]:.2f}",
            flush=True,
        )
    if len(totals) > 1:
        fewest, most = min(totals), max(totals)
        print(
            f"  speed-up from {fewest} to {most} threads: damero"
            f" {totals[fewest][0] / max(totals[most][0], 0.001):.2f},"
            f" Edax {totals[fewest][1] / max(totals[most][1], 0.001):.2f}"
        )


def bench_check(
    edax_name: str | None,
    which: str,
    min_empties: int,
    max_empties: int,
    thread_counts: list[int],
    repeats: int,
) -> None:
    """The solver beside Edax on the check set (or the tuning set), one and two threads."""
    positions = [
        position
        for position in othello_check_set.read(which=which)
        if min_empties <= position.empties <= max_empties
    ]
    sources = ", ".join(
        f"{source} {sum(position.source == source for position in positions)}"
        for source in othello_check_set.SOURCES
    )
    lopsided = sum(abs(position.score) >= 20 for position in positions)
    print(
        f"exact solving beside Edax, the {which} set: {len(positions)} positions ({sources}),"
        f" {min_empties}-{max_empties} empties,"
        f" {lopsided} won by 20 discs or more; wall seconds (the machine is shared)"
    )
    problems = [
        Problem(position.number, position.position, position.empties, position.score, frozenset())
        for position in positions
    ]
    labels = [f"#{position.number} {position.source}" for position in positions]
    side_by_side(edax_name, problems, labels, thread_counts, repeats)


def _solve_recorded(
    position: OthelloPosition, threads: int
) -> tuple[int, float, float, list[tuple[int, int, Any]]]:
    """A solve from an empty table on `threads` threads: its nodes, wall seconds, the CPU seconds
    of the calling thread outside the windows' threads, and its windows' records."""
    geometry, player, opponent = engine_board(position)
    solver = EndgameSolver(geometry, threads=threads)
    started, cpu = time.perf_counter(), time.thread_time()
    solution = solver.solve(player, opponent)
    seconds, cpu = time.perf_counter() - started, time.thread_time() - cpu
    windows = getattr(solver, "windows", [])
    if threads == 1:  # the windows ran on the calling thread
        cpu -= sum(record.threads[0].cpu for _, _, record in windows)
    return solution.nodes, seconds, cpu, windows


def bench_threads(which: str, min_empties: int, max_empties: int) -> None:
    """Where two threads lose against twice one: each position solved on one thread and on two,
    from an empty table.  Node overhead: both threads' nodes over one thread's (the load does not
    move it).  Searching share: the part of a two-thread solve's wall seconds in which both
    threads were searching (the rest: the first guess, starting and stopping threads, Python
    between windows).  CPU a node on two threads against one: what sharing the table and the
    caches costs.  The speed-up is about 2 x share / overhead x (CPU a node, one over two).
    Joined: the share of the two threads' nodes spent on moves another thread was still on.
    Outside: a two-thread solve's wall milliseconds outside its windows' threads, and in brackets
    the calling thread's CPU milliseconds in all (the first guess, starting threads, waking while
    they search: `wakes`)."""
    positions = [
        position
        for position in othello_check_set.read(which=which)
        if min_empties <= position.empties <= max_empties
    ]
    print(
        f"one thread against two, the {which} set, {min_empties}-{max_empties} empties:"
        f" {len(positions)} positions"
    )
    print(
        "  position            nodes 1   nodes 2  overhead  share  cpu/node 2:1  outside ms  wakes"
        "  deferred joined  windows (nodes 2 / nodes 1 thread by window)"
    )
    bands: dict[str, list[float]] = {}
    by_kind: dict[str, list[int]] = {}
    for position in positions:
        nodes_1, _seconds_1, _outside_1, windows_1 = _solve_recorded(position.position, 1)
        nodes_2, seconds_2, outside_2, windows_2 = _solve_recorded(position.position, 2)
        cpu_1 = sum(record.threads[0].cpu for _, _, record in windows_1)
        searching = sum(
            thread.ended - thread.started for _, _, record in windows_2 for thread in record.threads
        )
        cpu_2 = sum(thread.cpu for _, _, record in windows_2 for thread in record.threads)
        deferred = sum(thread.deferred for _, _, record in windows_2 for thread in record.threads)
        wakes = sum(getattr(record, "wakes", 0) for _, _, record in windows_2)
        joins = sum(
            getattr(thread, "join_nodes", 0)
            for _, _, record in windows_2
            for thread in record.threads
        )
        in_windows = sum(record.seconds for _, _, record in windows_2)
        share = searching / (2 * seconds_2)
        cost = (cpu_2 / max(1, nodes_2)) / (cpu_1 / max(1, nodes_1))
        by_window = " ".join(
            f"({low},{high}) {sum(t.nodes for t in record.threads) / 1e6:.2f}"
            for low, high, record in windows_2
        )
        alone = " ".join(
            f"({low},{high}) {record.threads[0].nodes / 1e6:.2f}" for low, high, record in windows_1
        )
        print(
            f"  #{position.number:<3} {position.empties} {position.score:+3d} {position.source:8}"
            f" {nodes_1 / 1e6:6.2f}M  {nodes_2 / 1e6:6.2f}M  {nodes_2 / nodes_1:6.3f}"
            f"  {share:5.3f}  {cost:6.3f}  {1000 * (seconds_2 - in_windows):6.1f}"
            f" ({1000 * outside_2:4.1f}) {wakes:5d}  {deferred:8d} {joins / max(1, nodes_2):5.3f}"
            f"  {by_window} | one: {alone}",
            flush=True,
        )
        band = f"{position.empties - position.empties % 2}-{position.empties - position.empties % 2 + 1}"
        totals = bands.setdefault(band, [0.0] * 9)
        for index, value in enumerate(
            (nodes_1, nodes_2, searching, 2 * seconds_2, cpu_1, cpu_2, joins, outside_2, wakes)
        ):
            totals[index] += value
        if [window[:2] for window in windows_1] == [window[:2] for window in windows_2]:
            for (low, high, alone), (_, _, shared) in zip(windows_1, windows_2, strict=True):
                kind = (
                    "holding the score"
                    if low < position.score < high
                    else "failing low"
                    if position.score <= low
                    else "failing high"
                )
                kinds = by_kind.setdefault(
                    f"{kind}, {'null' if high - low == 2 else 'wide'}", [0, 0]
                )
                kinds[0] += alone.threads[0].nodes
                kinds[1] += sum(thread.nodes for thread in shared.threads)
    for kind, (alone_nodes, shared_nodes) in sorted(by_kind.items()):
        print(
            f"  root windows {kind}: {alone_nodes / 1e6:.2f} million nodes on one thread,"
            f" {shared_nodes / 1e6:.2f} on two (overhead {shared_nodes / max(1, alone_nodes):.3f})"
        )
    every = [sum(values) for values in zip(*bands.values(), strict=True)]
    for band, totals in [*sorted(bands.items()), ("all", every)]:
        nodes_1, nodes_2, searching, both, cpu_1, cpu_2, joins, outside, wakes = totals
        overhead, share = nodes_2 / nodes_1, searching / both
        cost = (cpu_2 / nodes_2) / (cpu_1 / nodes_1)
        print(
            f"  {band:>5}: {nodes_1 / 1e6:.2f} million nodes on one thread, {nodes_2 / 1e6:.2f} on"
            f" two (overhead {overhead:.3f}); searching share {share:.3f}; CPU a node two:one"
            f" {cost:.3f}; CPU seconds {cpu_1:.2f} and {cpu_2:.2f}; joined {joins / nodes_2:.3f};"
            f" the calling thread {outside:.3f} CPU seconds, {wakes:.0f} wakes;"
            f" speed-up by these 2 x {share:.3f} / {overhead:.3f} = {2 * share / overhead:.2f}"
        )


def bench_edax(
    edax_name: str | None,
    low: int,
    high: int,
    thread_counts: list[int],
    path: Path,
    repeats: int,
) -> None:
    """damero's solver beside Edax's on the FFO problems of `low` to `high` empties."""
    problems = _problems_between(low, high, path)
    print(f"exact solving beside Edax, FFO problems of {low} to {high} empties from {path.name}")
    labels = [f"#{problem.number}" for problem in problems]
    side_by_side(edax_name, problems, labels, thread_counts, repeats)


def bench_short(edax_name: str | None, count: int, empties: int) -> None:
    """Many small solves, as hints and the computer player make near the end of a game:
    `count` random positions of `empties` empties, one solver for all of them, beside Edax.
    Timed in CPU seconds (one thread), so that other work on the machine weighs on it less."""
    rng = random.Random(empties)
    solver = EndgameSolver(engine_board(OthelloPosition.start(8))[0], threads=1)
    problems, seconds, nodes = [], 0.0, 0
    for number in range(1, count + 1):
        position = random_endgame(8, empties, rng)
        geometry, player, opponent = engine_board(position)
        started = time.process_time()
        solution = solver.solve(player, opponent)
        seconds += time.process_time() - started
        nodes += solution.nodes
        problems.append(
            Problem(
                number, position, geometry.empties(player, opponent), solution.score, frozenset()
            )
        )
    print(
        f"{count} random positions of about {empties} empties, one solver: {seconds:.2f} s,"
        f" {nodes:,} nodes, {1000 * seconds / count:.2f} ms a solve,"
        f" {nodes / max(seconds, 0.001) / 1e6:.2f} million nodes a CPU second"
    )
    found = find_edax(edax_name)
    if found is not None:
        edax_seconds = sum(seconds for seconds, _ in _edax_times(*found, problems, 1))
        print(f"  Edax: {edax_seconds:.2f} s, ratio {seconds / max(edax_seconds, 0.001):.2f}")


def bench_last(count: int, empties: int) -> None:
    """The last empties' search alone, where nearly all of a big solve's nodes are: `count`
    random 8x8 positions of exactly `empties` empty squares, each searched in a full window and
    in a null one, five times over; the best pass's CPU microseconds a search, and a checksum of
    the scores (the same for every version of the search)."""
    import numba
    import numpy as np

    from damero.engines.othello import endgame
    from damero.engines.othello.control import new_control

    rng = random.Random(empties)
    boards: list[tuple[int, int]] = []
    while len(boards) < count:
        geometry, player, opponent = engine_board(random_endgame(8, empties, rng))
        if geometry.empties(player, opponent) == empties:
            boards.append((player, opponent))
    players = np.array([player for player, _ in boards], dtype=np.uint64)
    opponents = np.array([opponent for _, opponent in boards], dtype=np.uint64)
    shape, control = geometry.shape, new_control(None)
    search = endgame._solve_last_empties

    @numba.njit(nogil=True)
    def run(players, opponents, shape, empties, alpha, beta, control):  # type: ignore[no-untyped-def]
        total = 0
        for index in range(players.shape[0]):
            total += search(players[index], opponents[index], shape, empties, alpha, beta, control)
        return total

    print(f"the last empties' search alone, {count} random 8x8 positions of {empties} empties")
    for name, alpha, beta in (("full window", -64, 64), ("null window (-1, 0)", -1, 0)):
        checksum = run(players[:1], opponents[:1], shape, empties, alpha, beta, control)
        best = float("inf")
        for _ in range(5):
            started = time.process_time()
            checksum = run(players, opponents, shape, empties, alpha, beta, control)
            best = min(best, time.process_time() - started)
        print(f"  {name}: {1e6 * best / count:.2f} CPU microseconds a search, checksum {checksum}")


def bench_six(seconds: float) -> None:
    """Solves the 6x6 start, giving up after about `seconds`."""
    print(f"6x6 Othello solved from the start, within {seconds:g} s (published: O wins 20-16)")
    geometry, player, opponent = engine_board(OthelloPosition.start(6))
    solver = EndgameSolver(geometry, table_bits=22)
    # Node budget from a short run's speed, so the figure does not depend on a clock in the solver.
    started, started_cpu = time.perf_counter(), time.process_time()
    trial = solver.solve(player, opponent, node_limit=2_000_000)
    rate = trial.nodes / max(time.process_time() - started_cpu, 1e-3)
    if trial.is_complete:
        solution = trial
    else:
        solution = solver.solve(player, opponent, node_limit=int(rate * seconds))
    elapsed, cpu = time.perf_counter() - started, time.process_time() - started_cpu
    if not solution.is_complete:
        print(f"  unfinished after {elapsed:.0f} s ({cpu:.0f} CPU s) and {solution.nodes:,} nodes")
        return
    print(
        f"  X to move: {solution.score:+d} for X, move {format_move(move_of(geometry, solution.move_bit))},"
        f" {solution.nodes:,} nodes in {elapsed:.1f} s ({cpu:.1f} CPU s)"
    )
    for alpha, beta, record in solver.windows:
        nodes = sum(thread.nodes for thread in record.threads)
        print(f"    window ({alpha:+d}, {beta:+d}): {nodes:,} nodes in {record.seconds:.1f} s")


def bench_six_positions(thread_counts: list[int]) -> None:
    """The 6x6 tuning positions: eight random ones (seed 6, four of 22 empties and four of 24),
    each solved from an empty table on each thread count; nodes and CPU seconds, which the
    machine's load moves far less than wall seconds, and each window's nodes."""
    rng = random.Random(6)
    positions = [random_endgame(6, 22, rng) for _ in range(4)]
    positions += [random_endgame(6, 24, rng) for _ in range(4)]
    for threads in thread_counts:
        print(f"eight random 6x6 positions of 22 and 24 empties, {threads} thread(s)")
        total_nodes, total_cpu = 0, 0.0
        for number, position in enumerate(positions):
            geometry, player, opponent = engine_board(position)
            solver = EndgameSolver(geometry, table_bits=22, threads=threads)
            started = time.process_time()
            solution = solver.solve(player, opponent)
            cpu = time.process_time() - started
            total_nodes += solution.nodes
            total_cpu += cpu
            windows = ", ".join(
                f"({alpha:+d}, {beta:+d}) {sum(thread.nodes for thread in record.threads):,}"
                for alpha, beta, record in solver.windows
            )
            print(
                f"  #{number} {geometry.empties(player, opponent)} empties, {solution.score:+d}:"
                f" {solution.nodes:,} nodes, {cpu:.2f} CPU s; windows {windows}"
            )
        print(f"  in all {total_nodes:,} nodes, {total_cpu:.2f} CPU s")


def bench_ten(seconds: float) -> None:
    """A whole 10x10 game, both sides level 5 with `seconds` a move."""
    print(f"10x10 game, level 5 against itself, {seconds:g} s a move")
    position = OthelloPosition.start(10)
    nodes = 0
    thinking = 0.0
    moves = 0
    started_cpu = time.process_time()
    while position.legal_moves():
        started = time.perf_counter()
        best = position.legal_moves()[0]
        for analysis in level_analyses(
            position, level=5, limit=Limit(seconds=seconds), clock=time.monotonic
        ):
            best = analysis.best_move
            last = analysis
        thinking += time.perf_counter() - started
        nodes += last.nodes
        moves += 1
        position = position.play(best)
    cpu = time.process_time() - started_cpu
    x_discs, o_discs = position.count(Side.FIRST), position.count(Side.SECOND)
    print(
        f"  {moves} moves, X {x_discs} - O {o_discs}; {nodes:,} nodes in {thinking:.1f} s of"
        f" thinking ({cpu:.1f} CPU s): {nodes / thinking / 1e6:.2f} million nodes/s,"
        f" {nodes / cpu / 1e6:.2f} million per CPU second"
    )


def run_baseline(commit: str, argv: Sequence[str]) -> None:
    """This benchmark's same part with the engine of `commit`, from a copy of its sources."""
    with tempfile.TemporaryDirectory() as directory:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, "src"], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", directory], input=archive, check=True)
        print(f"--- the engine of {commit} (its own compiled cache) ---", flush=True)
        # The copy's engine compiles into a cache of its own, apart from this one.
        subprocess.run(
            [sys.executable, __file__, *argv],
            check=True,
            env={**os.environ, BASELINE_SOURCE: str(Path(directory) / "src")},
        )
    print("--- this tree's engine ---", flush=True)


PARTS = {
    "check": lambda options: bench_check(
        options.edax,
        options.set,
        options.min_empties,
        options.max_empties,
        options.threads,
        options.repeats,
    ),
    "threads": lambda options: bench_threads(options.set, options.min_empties, options.max_empties),
    "perft": lambda options: bench_perft(options.depths, options.edax),
    "nps": lambda options: bench_nps(options.depth, options.threads),
    "ffo": lambda options: bench_ffo(options.empties),
    "edax": lambda options: bench_edax(
        options.edax,
        options.from_empties,
        options.empties,
        options.threads,
        options.ffo,
        options.repeats,
    ),
    "short": lambda options: bench_short(options.edax, options.count, options.short_empties),
    "last": lambda options: bench_last(options.count, options.last_empties),
    "six": lambda options: bench_six(options.seconds or 300.0),
    "sixes": lambda options: bench_six_positions(options.threads),
    "ten": lambda options: bench_ten(options.seconds or 1.0),
    "error": lambda options: _evaluation_benchmark("error"),
    "match": lambda options: _evaluation_benchmark("match"),
}


def _evaluation_benchmark(part: str) -> None:
    import othello_eval  # the trainer's self-play, which an older engine may lack

    othello_eval.main([part])


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("part", nargs="?", default="check", choices=[*PARTS, "draw", "all"])
    parser.add_argument("--set", choices=othello_check_set.SETS, default="check", help="check")
    parser.add_argument(
        "--min-empties", type=int, default=min(othello_check_set.EMPTIES), help="check"
    )
    parser.add_argument(
        "--max-empties", type=int, default=max(othello_check_set.EMPTIES), help="check"
    )
    parser.add_argument("--depths", type=int, nargs="+", default=[9, 10], help="perft")
    parser.add_argument("--depth", type=int, default=10, help="nps: the search's depth")
    parser.add_argument("--empties", type=int, default=26, help="ffo, edax: problems up to this")
    parser.add_argument("--baseline", metavar="COMMIT", help="run the part with this commit too")
    parser.add_argument("--seconds", type=float, default=None, help="6x6 budget; 10x10 per move")
    parser.add_argument("--edax", metavar="PATH", help=f"an Edax binary (else ${EDAX_ENVIRONMENT})")
    parser.add_argument("--ffo", type=Path, default=FFO_FILE, help="edax: FFO problems")
    parser.add_argument("--from-empties", type=int, default=20, help="edax: problems from this")
    parser.add_argument(
        "--threads", type=int, nargs="+", default=[1, 2], help="check, edax, nps, sixes: threads"
    )
    parser.add_argument(
        "--repeats", type=int, default=1, help="check, edax: each program's best of this many"
    )
    parser.add_argument("--count", type=int, default=1000, help="short, last: this many solves")
    parser.add_argument(
        "--last-empties", type=int, default=7, help="last: positions of this many empties"
    )
    parser.add_argument(
        "--short-empties", type=int, default=12, help="short: positions of about this many empties"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    options = _parser().parse_args(argv)
    if options.part == "draw":
        othello_check_set.write()
        return
    if options.baseline:
        index = argv.index("--baseline")
        run_baseline(options.baseline, argv[:index] + argv[index + 2 :])
    print(f"compiled code ready in {warm_up():.2f} s (a first run compiles and caches it)")
    for name, part in PARTS.items():
        if options.part in (name, "all"):
            part(options)


if __name__ == "__main__":
    main()
