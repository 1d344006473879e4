"""Times the foreign API on the biggest position we know (issue 15, item 16): a Damma
position with 9,862 legal moves. Prints figures; asserts nothing about time.

    bash scripts/bindings.sh && target/venv/bin/python ffi/tests/bindings/bench_ffi.py
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("DAMA_PY_BINDINGS", os.path.join(HERE, "..", "..", "..", "target", "bindings", "python")))

import dama_core as dc  # noqa: E402

HUGE = ("W:Wa9,Kb6,c1,Kf1,Kg1,g4,g9,h8,Ki4,i8:Ba1,a5,a6,b2,b3,Kb8,c2,c4,c6,Kd2,d5,Kd6,Kd9,e2,"
        "e6,e8,Kf2,f4,f7,Kg2,Kg6,g8,Kh3,h4,Kh5,h6,h7,i2,Ki7:clock=10:last=b5-b6/d7-d6")


def best_of(n, f):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return min(times) * 1e3, out


def main():
    new_ms, s = best_of(3, lambda: dc.GameSession(dc.Game.DAMMA, [], HUGE))
    list_ms, moves = best_of(3, s.legal_moves)
    detail_ms, _ = best_of(3, lambda: s.move_detail(moves[0].notation))
    ai = dc.AiPlayer(16)
    t = time.perf_counter()
    ai.search(s, None, 50, None, dc.SearchCancel())
    search_ms = (time.perf_counter() - t) * 1e3

    def play_undo():
        s.play(moves[0].notation)
        s.undo()
    play_ms, _ = best_of(3, play_undo)
    print(f"ffi (Python), Damma position with {len(moves)} moves:")
    print(f"  new session {new_ms:7.1f} ms   legal_moves {list_ms:6.1f} ms (target 50)")
    print(f"  move_detail {detail_ms:7.1f} ms   play+undo   {play_ms:6.1f} ms")
    print(f"  search movetime 50: {search_ms:.1f} ms ({search_ms - 50:+.1f} ms over; target 5)")


if __name__ == "__main__":
    main()
