"""Find each Bell match score's best turns: `python tools/make_bell_turns.py [--part I/N]`.

For every score up to 21 points away each (C-6), the score is solved exactly (both sides playing
for the match, game/computer/solve.py's solve_score) and the turn each side plays from every
position and throw is kept where it is not the turn best under the estimate the game computes at
once (the few thousand of some three million). With them the game values a new score by sweeping
over known turns only (solve.evaluate_turns), several times faster, and still exactly.

Each score is saved in tools/checkpoints/bell_turns/ as it is done (a stopped run resumes where
it stopped; run parts side by side with --part); then `--assemble` writes
game/computer/data/bell_turns.npz. Every score is checked as it is saved: the values its turns
give are the solve's, within 1e-9, and under them no turn is better than the one kept by more
than solve.TIE and that 1e-9 (of turns within TIE, the first is kept, as the game plays it).
"""
import argparse
import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.computer import solve, tables  # noqa: E402

KEPT = pathlib.Path(__file__).resolve().parent / "checkpoints" / "bell_turns"
SCORES = [(a, b) for a in range(1, tables.MATCH_MAX + 1) for b in range(a, tables.MATCH_MAX + 1)]


def score_turns(t: tables.Tables, away: int, away_other: int) -> dict:
    """One score's kept turns, checked; the arrays saved for it."""
    lay = tables._layout("bell", 1)
    n = len(t.configs)
    exact = t._solve_score(away, away_other)[:, 0]          # copies, states + wins
    chosen = solve.best_turns(lay, exact)
    V = t._copies(away, away_other, lambda a, b: [t._guess(a, b)],
                  lambda a, b: [t._pays(a, b)], np.ones(1))   # the estimate, then swept below
    guess = solve.best_turns(lay, V[:, 0])
    groups, turns = [], []
    for k in range(len(chosen)):
        changed = np.flatnonzero(chosen[k] != guess[k])
        groups.append(changed.astype(np.int32))
        turns.append((chosen[k][changed] - lay.group_start[changed]).astype(np.uint8))
    # The check: the values these turns give are the solve's, and no turn is better.
    solve.evaluate_turns(lay, solve.plan_turns(lay, chosen, n), V, np.ones(1))
    live = np.ones((n, n), bool)
    live[t.home, :] = live[:, t.home] = False
    off = max(float(np.abs(V[k, 0, :n * n] - exact[k, :n * n])[live.ravel()].max())
              for k in range(len(V)))
    gap = 0.0
    for k in range(len(V)):
        u = V[(k + 1) % len(V), 0][lay.entries]
        gap = max(gap, float((u[chosen[k]] - np.minimum.reduceat(u, lay.group_start)).max()))
    if off > 1e-9 or gap > solve.TIE + 1e-9:    # the first of turns within TIE is kept
        raise SystemExit(f"{away}-{away_other}: the kept turns give values {off:.1e} off, "
                         f"a turn {gap:.1e} better")
    return {"groups": np.concatenate(groups), "turns": np.concatenate(turns),
            "counts": np.array([len(g) for g in groups]),
            "digest": np.array(tables.turns_digest(lay, chosen)),
            "off": np.array(off), "gap": np.array(gap)}


def assemble() -> None:
    arrays = {"format": np.array(tables.FORMAT),
              "groups": np.array(len(tables._layout("bell", 1).group_start))}
    for a, b in SCORES:
        with np.load(KEPT / f"{a}-{b}.npz") as data:
            for key in ("groups", "turns", "counts", "digest"):
                arrays[f"{a}-{b}:{key}"] = data[key]
    np.savez_compressed(tables.BEST_TURNS_DATA, **arrays)
    print(f"wrote {tables.BEST_TURNS_DATA} ({tables.BEST_TURNS_DATA.stat().st_size} bytes)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", default="0/1", help="I/N: every Nth score from the Ith")
    parser.add_argument("--assemble", action="store_true", help="write the game's file")
    args = parser.parse_args(argv)
    if args.assemble:
        assemble()
        return 0
    part, parts = (int(x) for x in args.part.split("/"))
    KEPT.mkdir(parents=True, exist_ok=True)
    t = tables.tables("bell")
    began = time.perf_counter()
    for a, b in SCORES[part::parts]:
        path = KEPT / f"{a}-{b}.npz"
        if path.exists():
            continue
        started = time.perf_counter()
        arrays = score_turns(t, a, b)
        np.savez_compressed(KEPT / f"{a}-{b}.tmp.npz", **arrays)
        (KEPT / f"{a}-{b}.tmp.npz").replace(path)
        print(f"{a}-away against {b}-away: {arrays['counts'].tolist()} turns kept, values "
              f"{float(arrays['off']):.1e} off, best by {float(arrays['gap']):.1e}, {time.perf_counter() - started:.1f} s "
              f"({time.perf_counter() - began:.0f} s in all)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
