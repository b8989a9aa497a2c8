"""Shared test set-up: every test runs headless, with no screen and no sound card."""
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# numpy's BLAS on one thread: the tests' small products (the computer's network) cost several
# times more handed to threads, and two workers share two cores anyway.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def _temporary_files_in_memory() -> None:
    """The tests' folders (tmp_path, tempfile) in memory where the system has some: the game
    syncs every save to disk (fsync, two a save), the suite saves thousands of times, and a
    sync to memory costs nothing. Not where TMPDIR is chosen, nor on a mount that runs no
    programs (the standalone build is started from its folder)."""
    base = "/dev/shm"
    if os.environ.get("TMPDIR") or not sys.platform.startswith("linux") or \
            not os.path.isdir(base) or not os.access(base, os.W_OK | os.X_OK):
        return
    if os.statvfs(base).f_flag & os.ST_NOEXEC:
        return
    import tempfile
    tempfile.tempdir = os.environ["TMPDIR"] = base     # the games the tests start too


_temporary_files_in_memory()


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _loopback_only(monkeypatch):
    """No test reaches past this computer: the game's own relay listens on loopback, and the
    home network is searched and announced on loopback, whatever screen a test (or the monkey's
    random clicks) opens."""
    from game.online import nearby
    from game.scenes.online import lobby
    monkeypatch.setattr(lobby, "RELAY_HOST", "127.0.0.1")
    monkeypatch.setattr(nearby, "INTERFACES", ["127.0.0.1"])


@pytest.fixture(scope="session", autouse=True)
def _own_randoms_for_the_network():
    """websockets draws its pings' payloads from the global `random` (random.getrandbits), and
    zeroconf its delays, on the relays', the clients' and the home network's threads, which may
    outlive the test that started them; a Hypothesis test running meanwhile in the same worker
    then warns "Do not use the `random` module inside strategies", blaming its own strategy.
    So they draw from Randoms of their own for the whole session (pings and delays need no
    seed: nothing the game replays)."""
    import importlib
    import random
    for name in ("websockets.asyncio.connection", "websockets.client", "websockets.sync.connection",
                 "zeroconf._core", "zeroconf._listener", "zeroconf._services.browser",
                 "zeroconf._services.info", "zeroconf._handlers.multicast_outgoing_queue"):
        importlib.import_module(name).random = random.Random()
    yield


@pytest.fixture(autouse=True)
def _english():
    """Each test starts in English and leaves nothing else behind (the language is the game's
    one global); a test that wants French asks for it."""
    from game.base import i18n
    saved = {name: os.environ.get(name) for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    i18n.set_language("en")
    yield
    for name, value in saved.items():      # `main.py --language` leaves its choice in LANGUAGE
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    i18n.set_language("en")


# -- the long tests first ------------------------------------------------------------------------
# Under pytest-xdist's work stealing (pyproject.toml: -n auto --dist worksteal) each worker gets
# one contiguous share of the collection, runs it from its head, and gives away its tail to a
# worker that has run out. A long test near the end of a share (test_kill.py, in the middle of
# the alphabet) starts last and the whole suite waits for it. So the modules that hold long tests
# (marked `slow`; `seconds` is how long, roughly, on a quiet machine: only the order depends on
# it) go to the heads of the shares, the longest first, balanced between the shares; every other
# test keeps its place in line. A module moves whole, so its module-scoped fixtures are made once.

SLOW_SECONDS = 10                   # a `slow` test that does not say how long


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: one worker more than the cores. Many tests wait in wall time (a game process
    started and killed, two games and a relay on loopback, a computer thinking on its thread)
    and leave a core idle meanwhile; a third worker on two cores took the suite from 315 s to
    271 s (the same 2,052 tests, 1.94 cores busy against about 1.7)."""
    try:
        cores = len(os.sched_getaffinity(0))      # the cores this process may use
    except AttributeError:                         # macOS, Windows
        cores = os.cpu_count() or 1
    return cores + 1


def shares(count: int, workers: int) -> list[int]:
    """How many tests each worker gets first (xdist's WorkStealingScheduling.check_schedule)."""
    sizes = []
    for left_workers in range(workers, 0, -1):
        sizes.append((count - sum(sizes)) // left_workers)
    return sizes


def seconds(item) -> float:
    marker = item.get_closest_marker("slow")
    return 0.0 if marker is None else marker.kwargs.get("seconds", SLOW_SECONDS)


def long_first(items: list, workers: int) -> list:
    """`items` in the order that starts each worker's share with its long modules."""
    modules: dict = {}
    for item in items:
        modules.setdefault(item.path, []).append(item)
    long = sorted((block for block in modules.values() if any(seconds(i) for i in block)),
                  key=lambda block: -sum(map(seconds, block)))
    heads, load = [[] for _ in range(workers)], [0.0] * workers
    for block in long:                        # the longest to the share with the least so far
        least = load.index(min(load))
        heads[least] += block
        load[least] += sum(map(seconds, block))
    moved = {id(item) for block in long for item in block}
    rest = iter([item for item in items if id(item) not in moved])
    order, end = [], 0
    for head, size in zip(heads, shares(len(items), workers)):
        end += size
        order += head
        order += [item for _, item in zip(range(end - len(order)), rest)]
    return order + list(rest)


def pytest_collection_modifyitems(config, items):
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    if workers > 1:             # a worker of xdist (whose own --dist option reads "no")
        items[:] = long_first(items, workers)
