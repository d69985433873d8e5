"""Othello engine figures: perft, midgame search speed, FFO endgames, 6x6 solved, a 10x10 game.

Prints measurements only; nothing here passes or fails.  Run from the repository root:

    python benchmarks/othello_engine.py                  # everything (6x6 within 300 s)
    python benchmarks/othello_engine.py perft --depths 9 10 11 --edax ../edax/bin/lEdax-x86-64-v3
    python benchmarks/othello_engine.py nps --depth 10
    python benchmarks/othello_engine.py ffo --empties 26
    python benchmarks/othello_engine.py ffo --baseline ae431d6   # also time that commit's solver
    python benchmarks/othello_engine.py six --seconds 600
    python benchmarks/othello_engine.py ten --seconds 1
    python benchmarks/othello_engine.py edax --edax ../edax/bin/lEdax-x86-64-v3   # side by side
    python benchmarks/othello_engine.py edax --edax ../edax/bin/lEdax-x86-64-v3 --repeats 3
    python benchmarks/othello_engine.py threads         # the solver on 1 and on 2 threads
    python benchmarks/othello_engine.py short --edax ../edax/bin/lEdax-x86-64-v3   # 1000 small solves
    python benchmarks/othello_engine.py error           # the evaluations against exact scores
    python benchmarks/othello_engine.py match           # learned against hand-set, 100 games

The last two are `othello_eval.py`'s, which has their options.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engines"))

import othello_eval
from othello_positions import FFO_FILE, Problem, midgame_positions, random_endgame, read_problems

from damero.core import Limit, Side
from damero.engines.othello import EVALUATIONS, perft, search
from damero.engines.othello.board import engine_board, move_of
from damero.engines.othello.endgame import EndgameSolver
from damero.engines.othello.midgame import CUT_MARGIN_DEFAULT
from damero.engines.othello.parallel import default_threads
from damero.engines.othello.player import level_analyses
from damero.games.othello import OthelloPosition, format_move

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

ROOT = Path(__file__).resolve().parent.parent

BASELINE_COMMIT = "ae431d6"
"""The solver before the compiled search and its faster endgame, for comparison."""

BASELINE_EMPTIES_MAX = 25
"""`--baseline` times the old solver on the problems up to this many empties: on #39 (26) it
runs for more than ten minutes."""

# Its figures on this 2-core machine (shared, under load), measured with that commit's own
# benchmark: problem number -> (nodes, seconds).  `--baseline COMMIT` measures afresh instead.
RECORDED_BASELINE: dict[int, tuple[int, float]] = {
    1: (43_603, 0.024),
    2: (28_465, 0.008),
    3: (60_019, 0.012),
    4: (39_115, 0.019),
    5: (15_425, 0.002),
    6: (63_723, 0.01),
    7: (22_572, 0.002),
    8: (215_434, 0.024),
    9: (63_594, 0.008),
    10: (105_356, 0.016),
    11: (114_419, 0.012),
    12: (103_299, 0.016),
    13: (92_861, 0.011),
    14: (66_903, 0.016),
    15: (146_054, 0.017),
    16: (359_842, 0.045),
    17: (25_589, 0.004),
    18: (193_687, 0.027),
    19: (216_670, 0.024),
    21: (336_703, 0.037),
    22: (800_225, 0.091),
    23: (523_775, 0.074),
    24: (2_249_947, 0.247),
    25: (4_420_259, 0.465),
    26: (9_748_661, 1.193),
    27: (2_010_570, 0.293),
    28: (9_659_134, 1.162),
    29: (2_213_785, 0.386),
    30: (2_231_412, 0.452),
    31: (3_339_803, 0.486),
    32: (7_292_816, 0.803),
    33: (26_973_840, 2.933),
    34: (10_323_099, 1.241),
    35: (3_322_039, 0.634),
    36: (12_597_100, 1.535),
    37: (39_061_721, 5.47),
    38: (116_392_101, 20.058),
}

# The old solver, run from a copy of the baseline commit's sources: one JSON line per problem.
_BASELINE_SCRIPT = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from othello_positions import read_problems
from damero.engines.othello import EndgameSolver, engine_board
from damero.games.othello import OthelloPosition
geometry, player, opponent = engine_board(OthelloPosition.start(4))
EndgameSolver(geometry).solve(player, opponent)  # compiled before the clock starts
wanted = set(json.loads(sys.argv[2]))
for problem in read_problems():
    if problem.number in wanted:
        geometry, player, opponent = engine_board(problem.position)
        started, started_cpu = time.perf_counter(), time.process_time()
        solution = EndgameSolver(geometry).solve(player, opponent)
        seconds, cpu = time.perf_counter() - started, time.process_time() - started_cpu
        print(json.dumps([problem.number, solution.nodes, seconds, cpu]), flush=True)
"""


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


def measure_baseline(commit: str, numbers: list[int]) -> dict[int, tuple[int, float, float]]:
    """Times the solver of `commit` on the problems, from a copy of that commit's sources."""
    with tempfile.TemporaryDirectory() as directory:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, "src"], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", directory], input=archive, check=True)
        # The copy's engine compiles into its own cache, apart from this one.
        lines = subprocess.run(
            [
                sys.executable,
                "-c",
                _BASELINE_SCRIPT,
                str(Path(directory) / "src"),
                json.dumps(numbers),
            ],
            check=True,
            capture_output=True,
            text=True,
            env={"PYTHONPATH": str(ROOT / "tests" / "engines"), "PATH": "/usr/bin:/bin"},
        ).stdout.splitlines()
    measured = {}
    for line in lines:
        number, nodes, seconds, cpu = json.loads(line)
        measured[number] = (nodes, seconds, cpu)
    return measured


def bench_ffo(max_empties: int, baseline_commit: str | None) -> None:
    problems = [problem for problem in read_problems() if problem.empties <= max_empties]
    numbers = [problem.number for problem in problems]
    if baseline_commit is None:
        # The recorded figures have no CPU time: compare wall clocks, as loaded as they were.
        baseline = {
            number: (nodes, seconds, seconds)
            for number, (nodes, seconds) in RECORDED_BASELINE.items()
        }
        source = f"recorded for {BASELINE_COMMIT} (wall clock)"
    else:
        baseline = measure_baseline(
            baseline_commit,
            [problem.number for problem in problems if problem.empties <= BASELINE_EMPTIES_MAX],
        )
        source = f"{baseline_commit}, measured now (CPU seconds)"
    print(
        f"FFO problems of {FFO_FILE.name} up to {max_empties} empties, full window;"
        f" before: {source}"
    )
    total_nodes = total_seconds = total_cpu = 0.0
    before_nodes = before_cpu = now_cpu = 0.0
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
        before = ""
        if problem.number in baseline:
            nodes, old_seconds, old_cpu = baseline[problem.number]
            before_nodes += nodes
            before_cpu += old_cpu
            now_cpu += cpu if baseline_commit else seconds
            before = f"  before: {nodes:>12,} nodes, {old_seconds:7.2f} s ({old_cpu:7.2f} CPU s)"
        print(
            f"  #{problem.number:2} ({problem.empties} empties): {solution.score:+3}"
            f" {format_move(move)} {'ok' if is_right else 'WRONG'}, {solution.nodes:>12,} nodes,"
            f" {seconds:7.2f} s ({cpu:7.2f} CPU s){before}",
            flush=True,
        )
    print(
        f"  total: {right}/{len(problems)} right, {total_nodes:,.0f} nodes in {total_seconds:.1f} s"
        f" ({total_cpu:.1f} CPU s, {total_nodes / total_cpu / 1e6:.1f} million nodes per CPU s)"
    )
    if before_cpu:
        print(
            f"  before, on the {sum(number in baseline for number in numbers)} problems it has:"
            f" {before_nodes:,.0f} nodes, {before_cpu:.1f} s; now {now_cpu:.1f} s,"
            f" {now_cpu / before_cpu:.2f} of the time before"
        )


EDAX_ENVIRONMENT = "DAMERO_EDAX"
"""Names an Edax binary when `--edax` does not (docs/engine.md, "Against Edax": how to build
one)."""


def _problems_between(low: int, high: int, path: Path) -> list[Problem]:
    return [problem for problem in read_problems(path) if low <= problem.empties <= high]


def _random_problems(count: int) -> list[Problem]:
    """Positions 38 random plies from the 8x8 start (about 22 empties, often one side far
    ahead), each with the score of damero's own one-thread solve for Edax's to be checked
    against (any best move will do)."""
    problems = []
    for number, position in enumerate(midgame_positions(count, 38, seed=12), start=1):
        geometry, player, opponent = engine_board(position)
        solution = EndgameSolver(geometry, threads=1).solve(player, opponent)
        empties = geometry.empties(player, opponent)
        problems.append(Problem(number, position, empties, solution.score, frozenset()))
    return problems


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


def bench_edax(
    edax_name: str | None,
    low: int,
    high: int,
    thread_counts: list[int],
    path: Path,
    repeats: int,
    random_count: int,
) -> None:
    """damero's solver beside Edax's on the FFO problems of `low` to `high` empties (or on
    `random_count` random positions), each program's best time of `repeats` tries (a busy
    machine slows some tries, not all)."""
    found = find_edax(edax_name)
    if found is None:
        print(f"no Edax to compare with: give --edax PATH or set {EDAX_ENVIRONMENT}")
        return
    edax, eval_file = found
    if random_count:
        problems = _random_problems(random_count)
        chosen = f"{random_count} random positions of about 22 empties"
    else:
        problems = _problems_between(low, high, path)
        chosen = f"FFO problems of {low} to {high} empties from {path.name}"
    print(
        f"exact solving beside {edax.name} ({eval_file}), {chosen}, wall seconds (the machine is"
        " shared)"
    )
    for threads in thread_counts:
        # Problem by problem, each program in turn, so that the machine's load weighs on both.
        ours, theirs = [], []
        for problem in problems:
            our_tries, their_tries = [], []
            for _ in range(repeats):
                our_tries += _damero_times([problem], threads)
                their_tries += _edax_times(edax, eval_file, [problem], threads)
            ours.append(min(our_tries))
            theirs.append(min(their_tries))
        print(f"  {threads} thread{'s' if threads > 1 else ''}:")
        print("    problem  empties   damero s      nodes    Edax s       nodes  ratio")
        worst = (0.0, 0)
        for problem, (seconds, nodes), (edax_seconds, edax_nodes) in zip(
            problems, ours, theirs, strict=True
        ):
            ratio = seconds / max(edax_seconds, 0.001)
            worst = max(worst, (ratio, problem.number))
            print(
                f"    #{problem.number:<7} {problem.empties:>7} {seconds:>10.2f} {nodes:>10,}"
                f" {edax_seconds:>9.2f} {edax_nodes:>11,} {ratio:>6.2f}"
            )
        total = sum(seconds for seconds, _ in ours)
        edax_total = sum(seconds for seconds, _ in theirs)
        print(
            f"    total: damero {total:.2f} s, Edax {edax_total:.2f} s, ratio"
            f" {total / max(edax_total, 0.001):.2f}; worst position #{worst[1]}, ratio"
            f" {worst[0]:.2f}",
            flush=True,
        )


def bench_short(edax_name: str | None, count: int, empties: int) -> None:
    """Many small solves, as hints and the computer player make near the end of a game:
    `count` random positions of `empties` empties, one solver for all of them, beside Edax."""
    rng = random.Random(empties)
    solver = EndgameSolver(engine_board(OthelloPosition.start(8))[0], threads=1)
    problems, seconds, nodes = [], 0.0, 0
    for number in range(1, count + 1):
        position = random_endgame(8, empties, rng)
        geometry, player, opponent = engine_board(position)
        started = time.perf_counter()
        solution = solver.solve(player, opponent)
        seconds += time.perf_counter() - started
        nodes += solution.nodes
        problems.append(
            Problem(
                number, position, geometry.empties(player, opponent), solution.score, frozenset()
            )
        )
    print(
        f"{count} random positions of about {empties} empties, one solver: {seconds:.2f} s,"
        f" {nodes:,} nodes, {1000 * seconds / count:.2f} ms a solve"
    )
    found = find_edax(edax_name)
    if found is not None:
        edax_seconds = sum(seconds for seconds, _ in _edax_times(*found, problems, 1))
        print(f"  Edax: {edax_seconds:.2f} s, ratio {seconds / max(edax_seconds, 0.001):.2f}")


def bench_threads(low: int, high: int, path: Path) -> None:
    """The solver's speed-up from one thread to every core."""
    problems = _problems_between(low, high, path)
    cores = default_threads()
    print(f"the solver on 1 and on {cores} threads, FFO problems of {low} to {high} empties")
    one = _damero_times(problems, 1)
    every = _damero_times(problems, cores)
    for problem, (seconds, nodes), (parallel_seconds, parallel_nodes) in zip(
        problems, one, every, strict=True
    ):
        print(
            f"  #{problem.number:<3} ({problem.empties} empties): {seconds:6.2f} s {nodes:>12,}"
            f" nodes; {parallel_seconds:6.2f} s {parallel_nodes:>12,} nodes;"
            f" speed-up {seconds / max(parallel_seconds, 0.001):.2f}"
        )
    total = sum(seconds for seconds, _ in one)
    parallel_total = sum(seconds for seconds, _ in every)
    print(
        f"  total: {total:.2f} s on 1 thread, {parallel_total:.2f} s on {cores}:"
        f" speed-up {total / max(parallel_total, 0.001):.2f}"
    )


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


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parts = [
        "all",
        "perft",
        "nps",
        "ffo",
        "edax",
        "short",
        "threads",
        "six",
        "ten",
        "error",
        "match",
    ]
    parser.add_argument("part", nargs="?", default="all", choices=parts)
    parser.add_argument("--depths", type=int, nargs="+", default=[9, 10])
    parser.add_argument("--depth", type=int, default=10, help="midgame search depth")
    parser.add_argument("--empties", type=int, default=26, help="FFO problems up to this many")
    parser.add_argument("--baseline", metavar="COMMIT", help="FFO: time this commit's solver too")
    parser.add_argument("--seconds", type=float, default=None, help="6x6 budget; 10x10 per move")
    parser.add_argument("--edax", metavar="PATH", help=f"an Edax binary (else ${EDAX_ENVIRONMENT})")
    parser.add_argument("--ffo", type=Path, default=FFO_FILE, help="edax, threads: FFO problems")
    parser.add_argument(
        "--from-empties", type=int, default=20, help="edax, threads: problems from this many"
    )
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2], help="edax, nps: threads")
    parser.add_argument(
        "--repeats", type=int, default=1, help="edax: each program's best time of this many"
    )
    parser.add_argument(
        "--random", type=int, default=0, help="edax: this many random positions instead of FFO"
    )
    parser.add_argument("--count", type=int, default=1000, help="short: this many solves")
    parser.add_argument(
        "--short-empties", type=int, default=12, help="short: positions of about this many empties"
    )
    arguments = parser.parse_args()
    print(f"compiled code ready in {warm_up():.2f} s (a first run compiles and caches it)")
    part = arguments.part
    if part in ("all", "perft"):
        bench_perft(arguments.depths, arguments.edax)
    if part in ("all", "nps"):
        bench_nps(arguments.depth, arguments.threads)
    if part in ("all", "ffo"):
        bench_ffo(arguments.empties, arguments.baseline)
    if part in ("all", "edax"):
        bench_edax(
            arguments.edax,
            arguments.from_empties,
            arguments.empties,
            arguments.threads,
            arguments.ffo,
            arguments.repeats,
            arguments.random,
        )
    if part in ("all", "short"):
        bench_short(arguments.edax, arguments.count, arguments.short_empties)
    if part in ("all", "threads"):
        bench_threads(arguments.from_empties, arguments.empties, arguments.ffo)
    if part in ("all", "six"):
        bench_six(arguments.seconds or 300.0)
    if part in ("all", "ten"):
        bench_ten(arguments.seconds or 1.0)
    if part in ("all", "error"):
        othello_eval.main(["error"])
    if part in ("all", "match"):
        othello_eval.main(["match"])


if __name__ == "__main__":
    main()
