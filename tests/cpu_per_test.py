"""A pytest plugin for tests/bench_suite_speed.py's `cpu`: each test's CPU time, its process's
(every thread) and its children's (the processes it started and waited for), and its wall time,
a JSON line per test in $CPU_PER_TEST_DIR (a file per worker). Loaded only by that benchmark
(`-p cpu_per_test`): the suite itself never asks for it."""
import json
import os
import resource
import time

import pytest


def _cpu() -> tuple[float, float]:
    own, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    folder = os.environ.get("CPU_PER_TEST_DIR")
    own, children = _cpu()
    wall = time.monotonic()
    yield
    if folder:
        own_after, children_after = _cpu()
        line = {"test": item.nodeid, "own": own_after - own, "children": children_after - children,
                "wall": time.monotonic() - wall}
        with open(os.path.join(folder, f"cpu-{os.getpid()}.jsonl"), "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")
