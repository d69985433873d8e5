"""The operator's measures of one server process, in Prometheus' text format: moves accepted and
refused, how long commits take, the sockets open and games held, the thinks running and waiting,
the renewals of their claims and what they found, the database's faults, and how late the other
processes' notices arrive.

Every process counts them (a counter costs a few hundred nanoseconds); they are served only on the
address `damero serve --metrics HOST:PORT` names, by a listener of their own, so that they are
never public by accident beside the pages.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterator, Sequence

from prometheus_client import CollectorRegistry, Gauge, start_http_server
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily
from prometheus_client.registry import Collector

COMMIT_BUCKETS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
"""Seconds: a commit on a local disk takes a millisecond or a few, a slow one a second."""
NOTICE_BUCKETS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 5.0)
RENEWALS = ("held", "gone", "failed")
"""What a renewal of a computer's claim found: still this process's, gone (the game moved on, or
another process took the turn), or the database failing it."""


class Metrics:
    """The measures of one app, in a registry of their own (two apps in one process, as in the
    tests, count apart)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.moved = [0, 0]
        """Moves refused and accepted: counted as plain numbers (a Prometheus counter takes a
        lock at every move) and read when the measures are asked for."""
        self.registry.register(
            _Outcomes(
                "damero_moves",
                "Moves asked of the server, by whether they were played (accepted) or refused.",
                ("refused", "accepted"),
                self.moved,
            )
        )
        self.renewals = [0] * len(RENEWALS)
        """The computer's claims renewed, by `RENEWALS`' outcome."""
        self.registry.register(
            _Outcomes(
                "damero_claim_renewals",
                "Renewals of the claims of the computer's turns this server thinks of: held,"
                " found gone (the think stops), or failed by the database (the next one retries).",
                RENEWALS,
                self.renewals,
            )
        )
        self.commit_seconds = Timings(
            "damero_commit_seconds",
            "How long one transaction of changes (many games' moves together) took to commit.",
            COMMIT_BUCKETS,
        )
        self.notice_delay = Timings(
            "damero_notice_delay_seconds",
            "How long after another server's move this one heard of it.",
            NOTICE_BUCKETS,
        )
        self.registry.register(self.commit_seconds)
        self.registry.register(self.notice_delay)
        self.sockets = Gauge("damero_sockets_open", "Game sockets open.", registry=self.registry)
        self.games = Gauge(
            "damero_games_held", "Games a socket of this process watches.", registry=self.registry
        )
        self.thinks_running = Gauge(
            "damero_thinks_running", "Computer's turns being thought of.", registry=self.registry
        )
        self.thinks_queued = Gauge(
            "damero_thinks_queued",
            "Computer's turns waiting for a thinking thread.",
            registry=self.registry,
        )

    def watch(
        self,
        *,
        games: Callable[[], float],
        thinks: Callable[[], tuple[int, int]],
        faults: Callable[[], int],
    ) -> None:
        """Reads the figures the app keeps anyway when the measures are asked for: the games
        held, the thinks running and waiting, the database's faults so far."""
        self.games.set_function(games)
        self.thinks_running.set_function(lambda: thinks()[0])
        self.thinks_queued.set_function(lambda: thinks()[1])
        self.registry.register(_DatabaseErrors(faults))

    def move(self, *, accepted: bool) -> None:
        self.moved[accepted] += 1

    def renewed(self, outcome: str, claims: int) -> None:
        """`claims` of the computer's claims renewed with `outcome`, one of `RENEWALS`."""
        self.renewals[RENEWALS.index(outcome)] += claims

    def serve(self, host: str, port: int) -> Callable[[], None]:
        """Serves the measures at http://HOST:PORT/metrics on a thread of their own; gives the
        function that stops it. OSError if the address cannot be listened on."""
        server, thread = start_http_server(port, addr=host, registry=self.registry)

        def stop() -> None:
            server.shutdown()
            server.server_close()
            thread.join(5)

        return stop


class _Outcomes(Collector):
    """A counter by outcome, kept as plain numbers (`counts`, one for each of `outcomes`) and read
    when the measures are asked for."""

    def __init__(
        self, name: str, documentation: str, outcomes: tuple[str, ...], counts: list[int]
    ) -> None:
        self.name, self.documentation = name, documentation
        self.outcomes, self.counts = outcomes, counts

    def collect(self) -> Iterator[CounterMetricFamily]:
        family = CounterMetricFamily(self.name, self.documentation, labels=["outcome"])
        for outcome, count in zip(self.outcomes, self.counts, strict=True):
            family.add_metric([outcome], count)
        yield family


class Timings(Collector):
    """A histogram of seconds observed by the event loop at every commit or notice, kept as plain
    numbers and read when the measures are asked for: Prometheus' own takes a lock at each."""

    def __init__(self, name: str, documentation: str, bounds: Sequence[float]) -> None:
        self.name, self.documentation, self.bounds = name, documentation, tuple(bounds)
        self.counts = [0] * (len(self.bounds) + 1)
        """How many fell in each bucket alone, the last past every bound."""
        self.sum = 0.0

    def observe(self, seconds: float) -> None:
        self.counts[bisect.bisect_left(self.bounds, seconds)] += 1
        self.sum += seconds

    def collect(self) -> Iterator[HistogramMetricFamily]:
        counts = list(itertools.accumulate(self.counts))
        buckets = [
            (repr(float(bound)), count) for bound, count in zip(self.bounds, counts, strict=False)
        ]
        yield HistogramMetricFamily(
            self.name, self.documentation, [*buckets, ("+Inf", counts[-1])], self.sum
        )


class _DatabaseErrors(Collector):
    """The database's faults as the storage counts them, read when the measures are asked for."""

    def __init__(self, faults: Callable[[], int]) -> None:
        self.faults = faults

    def collect(self) -> Iterator[CounterMetricFamily]:
        yield CounterMetricFamily(
            "damero_database_errors",
            "Transactions the database failed (unreachable, full, damaged, busy).",
            value=self.faults(),
        )
