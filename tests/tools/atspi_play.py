#!/usr/bin/python3
"""Plays the desktop app by a screen reader's means alone (AT-SPI through pyatspi).

Run by scripts/a11y-desktop.sh inside a D-Bus session with AT-SPI on and the app started.
From Home it chooses Turkish Dama against the computer, plays by activating the board's
cells (each a button named by its label, "c3", described by what stands there and what it
means now, "White man, must capture"), reads the live announcements after every move, and
checks that every control shown on Home, Settings and the game screen has a name, in
English and then in German (the language chosen in Settings by activation too); Learn,
Puzzles, History and the editor in English. Then it takes the first lesson (a wrong move
answered, the scripted reply heard, the next step) and solves the first puzzle offered
(found in the bank from what the cells say stands on them, its line played by activation,
the replies and "Solved!" heard).

Fails when the bus, the app or its tree is missing: every check counts, and at least one
game move must be played. Prints "N passed, N failed".
"""

import os
import re
import sys
import time

import random

import pyatspi
from gi.repository import Atspi, GLib

PO_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "ui", "lang")
MOVES = int(os.environ.get("A11Y_MOVES", "200"))
DEADLINE = time.time() + float(os.environ.get("A11Y_SECONDS", "300"))
CONTROLS = {"push button", "toggle button", "check box", "radio button", "combo box"}
# The moves are chosen at random among those found, the same ones on every run.
PICK = random.Random(50)
CELL = re.compile(r"^[a-h][1-8]$")

passed = failed = 0
lang = "en"


def check(what, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok: {what}")
    else:
        failed += 1
        print(f"FAILED: {what} {detail}".rstrip())
    return ok


def finish():
    print(f"accessibility: {passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and passed > 0 else 1)


def po(language):
    """msgid -> msgstr of a language's .po file (the UI's own translations)."""
    out = {}
    path = os.path.join(PO_DIR, language, "LC_MESSAGES", "dama-ui.po")
    msgid = None
    for line in open(path, encoding="utf-8"):
        if line.startswith("msgctxt"):
            msgid = None
        elif line.startswith("msgid "):
            msgid = line[6:].strip().strip('"')
        elif line.startswith("msgstr ") and msgid is not None:
            out[msgid] = line[7:].strip().strip('"')
    return out


TRANSLATIONS = {"en": {}}


def tr(text):
    """A UI text in the language now chosen."""
    if lang not in TRANSLATIONS:
        TRANSLATIONS[lang] = po(lang)
    return TRANSLATIONS[lang].get(text, text)


def find_app():
    try:
        desktop = pyatspi.Registry.getDesktop(0)
    except Exception as e:  # no bus, no registry
        check("the AT-SPI registry answers", False, repr(e))
        finish()
    for _ in range(50):
        for a in desktop:
            if a is not None and a.name == "dama-app":
                return a
        time.sleep(0.2)
    check("the app is on the AT-SPI bus", False, "(no application 'dama-app')")
    finish()


class Node:
    """What one accessible says of itself, read once."""

    def __init__(self, acc):
        self.acc = acc
        self.role = acc.getRoleName()
        self.name = acc.name or ""
        self.description = acc.description or ""
        self.showing = acc.getState().contains(pyatspi.STATE_SHOWING)

    def activate(self):
        action = self.acc.queryAction()
        if action.nActions < 1:
            raise RuntimeError(f"{self.role} '{self.name}' has no action")
        action.doAction(0)


def tree(app):
    out = []

    def walk(acc, depth):
        if acc is None or depth > 60:
            return
        try:
            out.append(Node(acc))
            children = list(acc)
        except Exception:
            return  # gone while read (the tree changes under a running app)
        for c in children:
            walk(c, depth + 1)

    walk(app, 0)
    return out


def shown(app):
    return [n for n in tree(app) if n.showing]


# What the app announced, as a screen reader hears it: AT-SPI's `object:announcement` events,
# which AccessKit sends when a live region's text changes.
announcements = []


def on_event(event):
    text = event.any_data if isinstance(event.any_data, str) else ""
    announcements.append(text)
    print(f"  announced: {text!r}")


listener = Atspi.EventListener.new(on_event)
listener.register("object:announcement")


def pump(seconds):
    """Lets the events in while waiting."""
    end = time.time() + seconds
    context = GLib.MainContext.default()
    while time.time() < end:
        while context.iteration(False):
            pass
        time.sleep(0.02)


def wait_for(app, find, seconds=10.0):
    """The first non-empty answer of `find` on the tree shown, polled until `seconds`."""
    end = time.time() + seconds
    while True:
        pump(0)
        got = find(shown(app))
        if got or time.time() > end:
            return got
        pump(0.15)


def heard(predicate, seconds, since=None):
    """The first announcement from `since` (an index; by default from now on) that
    `predicate` accepts, within `seconds`, and the index after it; (None, since) if none."""
    start = len(announcements) if since is None else since
    end = time.time() + seconds
    while True:
        for i in range(start, len(announcements)):
            if predicate(announcements[i]):
                return announcements[i], i + 1
        if time.time() > end:
            return None, start
        pump(0.1)


def button(app, name, seconds=10.0):
    return wait_for(
        app,
        lambda ns: next((n for n in ns if n.role in CONTROLS and n.name == name), None),
        seconds,
    )


def press(app, name, what=None):
    b = button(app, name)
    for _ in range(4):  # a control read just before the tree changed is refused: read it again
        try:
            if b is not None:
                b.activate()
            break
        except (NotImplementedError, RuntimeError, GLib.Error):
            pump(0.2)
            b = button(app, name)
    if check(what or f"'{name}' is there to activate", b is not None):
        time.sleep(0.3)
    return b is not None


def names_checked(app, screen, at_least):
    """Every control shown has a name; the screen shows at least `at_least` of them."""
    nodes = shown(app)
    controls = [n for n in nodes if n.role in CONTROLS]
    unnamed = [n for n in controls if not n.name.strip()]
    check(
        f"[{lang}] {screen}: {len(controls)} controls shown, each named",
        len(controls) >= at_least and not unnamed,
        f"({len(controls)} controls, {len(unnamed)} without a name)",
    )
    windows = [n for n in nodes if n.role == "frame" and n.name]
    check(f"[{lang}] {screen}: the window has a name", bool(windows))


def cells(nodes):
    return [n for n in nodes if n.role in CONTROLS and CELL.match(n.name)]


def move_said(side):
    """An announcement of a move of `side`: "White: c3-c4" ("Blancs : c3-c4" in French)."""
    return lambda text: re.fullmatch(re.escape(tr(side)) + r" ?: \S+", text) is not None


def with_word(cs, word):
    return [c for c in cs if word in c.description]


def result_shown(nodes):
    return any(n.role in CONTROLS and n.name == tr("Look at the board") for n in nodes)


def next_turn(app, since):
    """After White's move: "turn" once White's turn is announced again, "end" once the
    result is shown, None if neither comes within a minute."""
    end = time.time() + 60
    while time.time() < end:
        said, _ = heard(lambda t: t == tr("White to move"), 1.0, since)
        if said is not None:
            return "turn"
        if result_shown(shown(app)):
            return "end"
    return None


def play_move(app):
    """One move of White's by activating cells: a piece, then its destination (or the landing
    points of a route) until the move is announced. The move's announcement and the index of
    the announcements after it, or (None, None)."""
    board = cells(shown(app))
    white = [c for c in board if c.description.startswith((tr("White man"), tr("White king")))]
    must = with_word(white, tr("must capture"))
    pieces = must or white
    PICK.shuffle(pieces)
    start = len(announcements)
    # A second pass waits longer for the tree to show a selection's destinations (a slow or
    # busy machine: once every piece looked moveless after 1.5 s).
    for patience in (1.5, 4.0):
        said, after = try_pieces(app, pieces, start, patience)
        if said is not None:
            return said, after
    return None, None


def try_pieces(app, pieces, start, patience):
    """Each piece in turn activated, then its destinations, until a move is announced."""
    for piece in pieces:
        # A piece already selected (a first pass's tap the tree showed late) is not tapped
        # again: a second tap would put it down.
        if not is_selected(app, piece.name) and not activate_cell(app, piece.name):
            continue
        for _ in range(12):  # the steps of one move: its end, or a route's landing points
            steps = wait_for(
                app,
                lambda ns: [
                    c
                    for c in cells(ns)
                    if tr("can move here") in c.description
                    or tr("landing point on the way") in c.description
                ],
                patience,
            )
            if not steps:
                break  # a piece with no move: the next one
            activate_cell(app, PICK.choice(with_word(steps, tr("can move here")) or steps).name)
            said, after = heard(move_said("White"), max(2.5, patience), start)
            if said is not None:
                return said, after
    return None, None


def play(app):
    # Home: Turkish Dama, against the computer at level 1, as White.
    names_checked(app, "Home", 8)
    press(app, "Turkish Dama")
    press(app, "Computer")
    press(app, "1", "level 1 is there to choose")
    press(app, "White", "the colour White is there to choose")
    chosen = button(app, "Computer")
    states = chosen.acc.getState() if chosen is not None else None
    check("the choice 'Computer' is told as checked", states is not None and
          (states.contains(pyatspi.STATE_CHECKED) or states.contains(pyatspi.STATE_PRESSED)))
    press(app, "Play")
    board = wait_for(app, lambda ns: cells(ns) if len(cells(ns)) == 64 else None) or []
    check("the game's board has 64 cells named by their squares", len(board) == 64,
          f"({len(board)} cells)")
    check("every cell says what stands there",
          len(board) > 0 and all(c.description for c in board))
    c3 = next((c for c in board if c.name == "c3"), None)
    check("c3 reads 'White man'", c3 is not None and c3.description.startswith(tr("White man")),
          f"({c3.description if c3 else None!r})")
    names_checked(app, "the game", 30)

    moves, got = 0, set()
    while moves < MOVES and time.time() < DEADLINE:
        mine, after = play_move(app)
        if mine is None:
            # What the board said, for the log: the position no move was found in.
            print("  the board: " + "; ".join(
                f"{c.name}: {c.description}" for c in cells(shown(app))
                if c.description and not c.description.startswith(tr("empty"))))
            check(f"a move is found for White by activating cells (move {moves + 1})", False)
            break
        moves += 1
        got.add("mine")
        # The computer's reply and White's turn again, or the end of the game.
        nxt = next_turn(app, after)
        if nxt == "end":
            got.add("end")
            break
        if nxt is None:
            check("White's turn comes back, announced", False, f"(after move {moves})")
            break
        if any(move_said("Black")(t) for t in announcements[after:]):
            got.add("reply")
    check("moves played by activation alone", moves > 0, f"({moves})")
    check("each of White's moves is announced with its notation", "mine" in got)
    check("the computer's replies are announced", "reply" in got)
    if "end" in got:
        verdicts = [tr(v) for v in ("You won", "You lost", "Draw")]
        end, _ = heard(lambda t: t.startswith(tuple(verdicts)), 5, 0)
        check("the end of the game is announced", end is not None, repr(announcements[-3:]))
        print(f"  the game ended after {moves} moves of White's: {end!r}")
    else:
        print(f"  (the game was left after {moves} moves of White's: time or move limit)")
    return moves


def settings_in(app, language_name, new_lang):
    """Settings, its names, then the language chosen by activating its chip."""
    global lang
    press(app, tr("Settings"))
    names_checked(app, "Settings", 10)
    press(app, language_name, f"the language '{language_name}' is there to choose")
    lang = new_lang
    time.sleep(0.5)
    names_checked(app, "Settings", 10)
    press(app, tr("Back"))


def is_selected(app, label):
    cell = next((c for c in cells(shown(app)) if c.name == label), None)
    return cell is not None and tr("selected") in cell.description


def activate_cell(app, label):
    """Activates the cell named `label`, looked up afresh: a cell read earlier may have been
    replaced since (the board's cells change with every tap), and AT-SPI then refuses it."""
    for _ in range(5):
        cell = wait_for(app, lambda ns: next((c for c in cells(ns) if c.name == label), None), 3)
        if cell is None:
            return False
        try:
            cell.activate()
            return True
        except (NotImplementedError, RuntimeError, GLib.Error):
            pump(0.2)
    return False


def said(words, seconds, since):
    """An announcement of exactly `words` (in the language now chosen) from `since`."""
    text, _ = heard(lambda t: t == tr(words), seconds, since)
    return text is not None


def take_lesson(app):
    """Learn's first lesson by activation alone: a wrong step answered in words, the right
    one, the scripted reply, the next step, the practice against the engine, the lesson
    done."""
    press(app, tr("Learn"))
    press(app, "Moving", "the lesson 'Moving' is there to open")
    board = wait_for(app, lambda ns: cells(ns) if len(cells(ns)) == 64 else None) or []
    check("the lesson's board has 64 cells", len(board) == 64, f"({len(board)})")
    at = len(announcements)
    activate_cell(app, "d4")
    activate_cell(app, "c4")
    wrong, _ = heard(lambda t: "sideways step" in t, 5, at)
    check("a wrong move in a lesson is answered, announced", wrong is not None)
    at = len(announcements)
    activate_cell(app, "d4")
    activate_cell(app, "d5")
    check("the lesson's move is announced", said_move("White: d4-d5", at))
    check("the lesson's scripted reply is announced", said_move("Black: h8-h7", at))
    press(app, tr("Next step"))
    at = len(announcements)
    activate_cell(app, "d5")
    activate_cell(app, "e5")
    check("the lesson's second step is played", said_move("White: d5-e5", at))
    # The practice against the engine: the man crowned in four moves, each reply announced.
    press(app, tr("Next step"))
    for n, (a, b) in enumerate([("d4", "d5"), ("d5", "d6"), ("d6", "d7"), ("d7", "d8")]):
        at = len(announcements)
        activate_cell(app, a)
        activate_cell(app, b)
        check(f"the practice's move {n + 1} is announced", said_move(f"White: {a}-{b}", at))
        if n < 3:
            reply, _ = heard(move_said("Black"), 10, at)
            check(f"the engine's reply {n + 1} in the practice is announced", reply is not None)
    check("the lesson ends with 'Next lesson' to activate",
          button(app, tr("Next lesson"), 5) is not None)
    names_checked(app, "a lesson", 5)
    press(app, tr("Back"))
    press(app, tr("Back"))


def said_move(words, since):
    """A move announced ("White: d4-d5"), as the game's announcement says it."""
    side, move = words.split(": ")
    text, _ = heard(lambda t: re.fullmatch(re.escape(tr(side)) + r" ?: " + re.escape(move), t)
                    is not None, 6, since)
    return text is not None


def board_pieces(board):
    """What the cells say stands on the board: label -> "W"/"WK"/"B"/"BK"."""
    kinds = {tr("White man"): "W", tr("White king"): "WK",
             tr("Black man"): "B", tr("Black king"): "BK"}
    out = {}
    for c in board:
        for words, kind in kinds.items():
            if c.description.startswith(words):
                out[c.name] = kind
    return out


def code_pieces(code):
    """The pieces of a position code ("W:Wd4,Kc3:Bh8"): label -> kind, as board_pieces."""
    out = {}
    for part in code.split(":")[1:]:
        side, items = part[0], part[1:]
        if side not in "WB" or not items:
            continue
        for item in items.split(","):
            if item.startswith("K"):
                out[item[1:]] = side + "K"
            elif item:
                out[item] = side
    return out


def solve_puzzle(app):
    """The first puzzle Puzzles offers, found in the Turkish bank by what its cells say,
    solved by activating the cells of its line's moves."""
    press(app, tr("Puzzles"))
    board = wait_for(app, lambda ns: cells(ns) if len(cells(ns)) == 64 else None) or []
    check("the puzzle's board has 64 cells", len(board) == 64, f"({len(board)})")
    names_checked(app, "a puzzle", 5)
    seen = board_pieces(board)
    bank = os.path.join(os.path.dirname(__file__), "..", "..", "core", "puzzles", "turkish.tsv")
    line = None
    for row in open(bank, encoding="utf-8"):
        if row.startswith("#") or not row.strip():
            continue
        fields = row.rstrip("\n").split("\t")
        if code_pieces(fields[3].split(";")[0]) == seen:
            line = fields[4].split()
            break
    if not check("the puzzle on the board is one of the bank's", line is not None):
        return
    at = len(announcements)
    for i, move in enumerate(line):
        if i % 2 == 1:
            check(f"the puzzle's reply {move} is announced", said_move(f"Black: {move}", at)
                  or said_move(f"White: {move}", at))
            continue
        for square in re.split(r"[-x]", move):
            activate_cell(app, square)
        check(f"the puzzle's move {move} is played and announced",
              said_move(f"White: {move}", at) or said_move(f"Black: {move}", at))
    # One announcement: "Solved!" and why the line works.
    solved, _ = heard(lambda t: t.startswith(tr("Solved!")), 5, 0)
    check("'Solved!' is announced", solved is not None)
    why, _ = heard(lambda t: t.startswith(tr("Solved!")) and tr("Why it works: ")[:8] in t, 3, 0)
    check("why the line works is announced", why is not None)
    press(app, tr("Back"))


def main():
    global lang
    app = find_app()
    check("the app is on the AT-SPI bus", True)
    nodes = wait_for(app, lambda ns: ns if any(n.role in CONTROLS for n in ns) else None)
    nodes = nodes or []
    check("the app publishes its window and controls",
          any(n.role == "frame" for n in nodes) and any(n.role in CONTROLS for n in nodes),
          f"({len(nodes)} nodes)")
    play(app)
    # Back Home (the game is kept); the other screens Home leads to, and back.
    press(app, tr("Back"))
    for screen in ("Learn", "Puzzles", "History", "Set up a position"):
        if press(app, tr(screen)):
            time.sleep(0.5)
            names_checked(app, screen, 2)
            press(app, tr("Back"), f"'Back' leads home from {screen}")
    take_lesson(app)
    solve_puzzle(app)
    # The same screens in German.
    settings_in(app, "Deutsch", "de")
    names_checked(app, "Home", 8)
    press(app, tr("Turkish Dama"))
    press(app, tr("Play"))
    # An unfinished game is asked about first: a new one.
    new = button(app, tr("New game"), 3)
    if new is not None:
        new.activate()
    board = wait_for(app, lambda ns: cells(ns) if len(cells(ns)) == 64 else None) or []
    check(f"[{lang}] the board's cells are there", len(board) == 64, f"({len(board)})")
    check(f"[{lang}] c3 reads '{tr('White man')}'",
          any(c.name == "c3" and c.description.startswith(tr("White man")) for c in board))
    names_checked(app, "the game", 30)
    # English again, for the next run's data dir is new anyway: nothing to restore.
    finish()


if __name__ == "__main__":
    main()
