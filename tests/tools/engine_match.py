#!/usr/bin/env python3
"""Two builds of the `dama` engine against each other over `dama engine`.

usage: engine_match.py NEW OLD GAME PAIRS NODES [option=value ...]   (env SEED, default 12345)

Each pair starts from the same six random plies (chosen by SEED) and is played twice, NEW
with White and then with Black, at NODES nodes a move; a third process of NEW referees
(legal moves, the result). Prints the running count for NEW after every pair.
"""
import os
import random
import subprocess
import sys


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path, "engine"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def ask(self, command, prefix):
        self.send(command)
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine stopped")
            line = line.strip()
            if line.startswith("error"):
                raise RuntimeError(line)
            if line.startswith(prefix):
                return line

    def setup(self, game, options, moves):
        self.send(" ".join(["game", game, *options]))
        if moves:
            self.send("moves " + " ".join(moves))


def play(referee, game, options, opening, white, black, nodes):
    """The result line of one game (`white wins: …`, `draw: …`)."""
    moves = list(opening)
    white_first = "first=black" not in options
    while True:
        referee.setup(game, options, moves)
        status = referee.ask("status", "")
        if status != "ongoing":
            return status
        engine = white if (len(moves) % 2 == 0) == white_first else black
        engine.setup(game, options, moves)
        moves.append(engine.ask(f"go nodes {nodes}", "bestmove").split(None, 1)[1])


def main():
    new_path, old_path, game, pairs, nodes, *options = sys.argv[1:]
    referee, new, old = Engine(new_path), Engine(new_path), Engine(old_path)
    rng = random.Random(int(os.environ.get("SEED", "12345")))
    wins = draws = losses = 0
    reasons = {}
    for pair in range(int(pairs)):
        opening = []
        for _ in range(6):
            referee.setup(game, options, opening)
            legal = referee.ask("legal", "legal")[len("legal "):].split(", ")
            if legal == [""]:
                break
            opening.append(rng.choice(legal))
        for new_is_white in (True, False):
            white, black = (new, old) if new_is_white else (old, new)
            status = play(referee, game, options, opening, white, black, int(nodes))
            reason = status.split(": ")[-1]
            reasons[reason] = reasons.get(reason, 0) + 1
            if status.startswith("draw"):
                draws += 1
            elif status.startswith("white") == new_is_white:
                wins += 1
            else:
                losses += 1
        print(f"{game} after {2 * (pair + 1)} games: new +{wins} ={draws} -{losses} {reasons}",
              flush=True)


if __name__ == "__main__":
    main()
