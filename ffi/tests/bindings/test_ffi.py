"""FFI tests through the uniffi-generated Python module against the real cdylib.

Run by `cargo test -p dama-ffi --test bindings` (ffi/tests/bindings.rs), which generates the
module from the cdylib cargo just built and names its folder in DAMA_PY_BINDINGS.
"""
import os
import sys
import threading
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("DAMA_PY_BINDINGS", os.path.join(HERE, "..", "..", "..", "target", "bindings", "python")))

import dama_core as dc  # noqa: E402

GAMES = [dc.Game.TURKISH, dc.Game.ZAMMA, dc.Game.DAMMA, dc.Game.FETAIX, dc.Game.KHARBAGA]

NASTY = [
    "", " ", "\x00", "\n", "W", "W:", "::", "W:W:B:", "W:Wz9:B", "W:Wa1,a1:B", "W:Wa0:B",
    "B:Wa1:Ba1", "x", "-", "a1-", "-a1", "a1xa1xa1xa1", "[x", "[xa1]", "[xz9] a1-a2",
    "a1-a2-a3-a4", "ä1-ö2", "💥", "a" * 10000, "W:W" + ",".join(["a1"] * 500) + ":B",
    "%s%n%x", "'; DROP TABLE", "\u202e", "W:Wa1:B:clock=99999999999",
    "W:Wa1:B:last=a1-a2", "W:Wa1:B:huff=a1", "W:Wa1:B:clock=1:clock=2", "null", "{}", "[]",
]


def test_games_and_version():
    games = dc.games()
    assert [g.id for g in games] == ["turkish", "zamma", "damma", "fetaix", "kharbaga"]
    zamma = games[1]
    assert "Srand" in zamma.also_known_as and "Dhamet" in zamma.also_known_as
    assert any(o.option == "capture=huffing" for o in zamma.options)
    assert all(o.description for g in games for o in g.options)
    assert dc.core_version()


@pytest.mark.parametrize("game", GAMES)
def test_every_session_call(game):
    s = dc.GameSession(game, [], None)
    assert s.game() == game
    assert s.options() == []
    geo = s.geometry()
    assert len(geo.points) == {dc.Game.TURKISH: 64, dc.Game.ZAMMA: 81, dc.Game.DAMMA: 81,
                               dc.Game.FETAIX: 25, dc.Game.KHARBAGA: 41}[game]
    assert geo.squares == (game == dc.Game.TURKISH)
    assert geo.lines
    assert s.side_to_move() == dc.Side.WHITE
    pieces = s.pieces()
    assert len(pieces) == 2 * {dc.Game.TURKISH: 16, dc.Game.ZAMMA: 40, dc.Game.DAMMA: 40,
                               dc.Game.FETAIX: 12, dc.Game.KHARBAGA: 20}[game]
    first = pieces[0]
    assert s.piece_at(first.point) == first
    moves = s.legal_moves()
    assert moves
    m = moves[0]
    assert s.moves_from(m.start)
    assert all(x.start == m.start for x in s.moves_from(m.start))
    detail = s.move_detail(m.notation)
    assert detail.notation == m.notation and detail.path[0] == m.start
    assert detail.path[-1] == m.end and len(detail.captured) == m.capture_count
    assert len(detail.routes) == m.route_count and detail.routes[0] == detail.path
    played = s.play(m.notation)
    assert played == detail
    assert s.move_history() == [m.notation]
    assert s.can_undo() and not s.can_redo()
    assert s.undo() and s.can_redo()
    assert s.redo()
    assert s.undo()
    played = s.play_path(detail.path)
    assert played.notation == m.notation
    code = s.position_code()
    again = dc.GameSession(game, [], code)
    assert again.position_code() == code
    assert s.result() is None
    assert "GameType" in s.export_pdn()
    assert dc.GameSession.import_pdn(s.export_pdn()).position_code() == code


# R-T8, R-Z13, R-Z4: typed options give the same rules as their key=value text, and an
# option the game does not have is an error, not dropped (issue 16, item 3).
def test_typed_rule_options():
    opts = dc.RuleOptions(capture=dc.CaptureRule.HUFFING, first=dc.Side.BLACK)
    s = dc.GameSession.with_rules(dc.Game.ZAMMA, opts, None)
    assert s.options() == ["capture=huffing", "first=black"]
    assert s.rule_options() == opts
    assert s.side_to_move() == dc.Side.BLACK
    assert dc.GameSession(dc.Game.ZAMMA, s.options(), None).rule_options() == opts
    with pytest.raises(dc.DamaError.BadRules):
        dc.GameSession.with_rules(dc.Game.TURKISH, opts, None)
    fed = dc.RuleOptions(promotion_at_end=True, lone_man_draw=True,
                         capture=dc.CaptureRule.FREE, first=dc.Side.WHITE)
    t = dc.GameSession.with_rules(dc.Game.TURKISH, fed, None)
    assert t.options() == ["promotion=at-end", "lone-man=draw"]
    assert dc.GameSession(dc.Game.TURKISH, ["preset=federation"], None).rule_options() == fed


# Issue 15, item 16: a Damma position with 9,862 legal moves (R-Z12 deferred removal, R-0.7).
HUGE = ("W:Wa9,Kb6,c1,Kf1,Kg1,g4,g9,h8,Ki4,i8:Ba1,a5,a6,b2,b3,Kb8,c2,c4,c6,Kd2,d5,Kd6,Kd9,e2,"
        "e6,e8,Kf2,f4,f7,Kg2,Kg6,g8,Kh3,h4,Kh5,h6,h7,i2,Ki7:clock=10:last=b5-b6/d7-d6")


def test_a_huge_capture_position_lists_moves_and_gives_details_on_demand():
    s = dc.GameSession(dc.Game.DAMMA, [], HUGE)
    moves = s.legal_moves()
    assert len(moves) == 9862
    assert len({m.notation for m in moves}) == len(moves)
    for m in moves[::493]:
        d = s.move_detail(m.notation)
        assert d.notation == m.notation
        assert (d.path[0], d.path[-1]) == (m.start, m.end)
        assert len(d.routes) == m.route_count and d.routes[0] == d.path
        assert len(d.captured) == m.capture_count and d.huff == m.huff
    with pytest.raises(dc.DamaError.IllegalMove):
        s.move_detail("a9-a8")
    with pytest.raises(dc.DamaError.BadNotation):
        s.move_detail("a9")
    # The AI's move comes with its details, and is one of the listed moves.
    r = dc.AiPlayer(4).search(s, None, 50, None, dc.SearchCancel())
    assert r.best in [s.move_detail(m.notation) for m in moves if m.start == r.best.path[0]]


@pytest.mark.parametrize("text", NASTY)
def test_nasty_strings_give_typed_errors(text):
    s = dc.GameSession(dc.Game.ZAMMA, [], None)
    for call in (
        lambda: dc.GameSession(dc.Game.ZAMMA, [], text),
        lambda: dc.GameSession(dc.Game.TURKISH, [text], None),
        lambda: s.play(text),
        lambda: s.play_path([text, text]),
        lambda: s.piece_at(text),
        lambda: s.moves_from(text),
        lambda: s.move_detail(text),
        lambda: dc.GameSession.load(text),
        lambda: dc.GameSession.import_pdn(text),
    ):
        try:
            call()
        except dc.DamaError as e:
            assert not isinstance(e, dc.DamaError.Internal), e
    # The session is still usable.
    assert s.legal_moves()


def test_error_kinds():
    with pytest.raises(dc.DamaError.BadRules):
        dc.GameSession(dc.Game.TURKISH, ["capture=huffing"], None)
    with pytest.raises(dc.DamaError.BadPosition):
        dc.GameSession(dc.Game.ZAMMA, [], "W:Wj1:B")
    s = dc.GameSession(dc.Game.TURKISH, [], None)
    with pytest.raises(dc.DamaError.BadNotation):
        s.play("hello")
    with pytest.raises(dc.DamaError.IllegalMove):
        s.play("a3-a5")
    with pytest.raises(dc.DamaError.CorruptRecord):
        dc.GameSession.load('{"format": "dama-record"}')
    over = dc.GameSession(dc.Game.ZAMMA, [], "W:Wa9:Bb9,c9")
    r = over.result()
    assert r.winner == dc.Side.BLACK and r.reason == dc.EndReason.BLOCKED and r.code == "blocked"
    with pytest.raises(dc.DamaError.GameOver):
        over.play("a9-a8")
    with pytest.raises(dc.DamaError.GameOver):
        dc.AiPlayer(1).search(over, 2, None, None, dc.SearchCancel())



def test_ai_refuses_games_ended_by_the_players_or_by_repetition():
    ai = dc.AiPlayer(1)
    resigned = dc.GameSession(dc.Game.TURKISH, [], None)
    resigned.resign()
    agreed = dc.GameSession(dc.Game.ZAMMA, [], None)
    agreed.agree_draw()
    # R-T11: the third occurrence of the start position ends the game.
    repeated = dc.GameSession(dc.Game.TURKISH, [], "W:WKa1,d2:BKh8,e7")
    for m in ["a1-b1", "h8-g8", "b1-a1", "g8-h8"] * 2:
        repeated.play(m)
    assert repeated.result().reason == dc.EndReason.REPETITION
    for s in (resigned, agreed, repeated):
        with pytest.raises(dc.DamaError.GameOver):
            ai.search(s, 2, None, None, dc.SearchCancel())
        with pytest.raises(dc.DamaError.GameOver):
            ai.choose_move(s, 1, 200, 0, dc.SearchCancel())
        with pytest.raises(dc.DamaError.GameOver):
            ai.hint(s, 50, dc.SearchCancel())
        with pytest.raises(dc.DamaError.GameOver):
            ai.accepts_draw(s, dc.SearchCancel())


# the same judgement of a draw offer as the app's, from the core.
def test_the_computer_judges_a_draw_offer():
    ai = dc.AiPlayer(8)
    # White (to move, offering) is a king up: the computer accepts.
    assert ai.accepts_draw(dc.GameSession(dc.Game.TURKISH, [], "W:WKa1,b2,c2:Bh7,g7"), dc.SearchCancel())
    # A man down: the computer declines; so it does at the start of a game.
    assert not ai.accepts_draw(dc.GameSession(dc.Game.TURKISH, [], "W:Wa2:Bh7,g7,f7"), dc.SearchCancel())
    assert not ai.accepts_draw(dc.GameSession(dc.Game.TURKISH, [], None), dc.SearchCancel())
    # A cancelled look agrees to nothing: a typed error.
    cancel = dc.SearchCancel()
    cancel.cancel()
    with pytest.raises(dc.DamaError.Cancelled):
        ai.accepts_draw(dc.GameSession(dc.Game.ZAMMA, [], None), cancel)

def test_king_versus_lone_man_result():
    s = dc.GameSession(dc.Game.TURKISH, [], "W:WKa1:Ba4,h8")
    s.play("a1xa5")
    r = s.result()
    assert r.winner == dc.Side.WHITE
    assert r.reason == dc.EndReason.KING_VERSUS_LONE_MAN and r.code == "king-vs-lone-man"
    assert r.description == "King versus lone man: the king wins"


@pytest.mark.parametrize("game", GAMES)
def test_full_game_to_its_end_and_save_load(game):
    s = dc.GameSession(game, [], None)
    ai = dc.AiPlayer(4)
    cancel = dc.SearchCancel()
    plies = 0
    while s.result() is None and plies < 600:
        if plies % 2 == 0:
            report = ai.choose_move(s, 1, 200, plies, cancel)
            s.play(report.best.notation)
        else:
            s.play(s.legal_moves()[plies % len(s.legal_moves())].notation)
        plies += 1
    assert s.result() is not None, f"{game} did not end in {plies} plies"
    saved = s.save()
    loaded = dc.GameSession.load(saved)
    assert loaded.move_history() == s.move_history()
    assert loaded.position_code() == s.position_code()
    assert loaded.result() == s.result()
    tampered = saved.replace('"cursor"', '"cursor" ', 1).replace(s.move_history()[0], "zz-zz", 1)
    with pytest.raises(dc.DamaError):
        dc.GameSession.load(tampered)


def test_ai_under_a_time_limit_and_hint():
    s = dc.GameSession(dc.Game.ZAMMA, [], None)
    ai = dc.AiPlayer(8)
    t = time.monotonic()
    r = ai.search(s, None, 300, None, dc.SearchCancel())
    assert time.monotonic() - t < 5
    assert r.best.notation in [m.notation for m in s.legal_moves()]
    assert r.depth >= 1 and r.pv and r.pv[0] == r.best.notation
    h = ai.hint(s, 200, dc.SearchCancel())
    assert h.best.notation in [m.notation for m in s.legal_moves()]
    k = dc.GameSession(dc.Game.TURKISH, [], "W:WKd1:Bb7,g7")
    r = ai.search(k, 5, None, None, dc.SearchCancel())
    assert r.best.notation == "d1-d7" and r.win_in == 3
    ai.clear()


def test_a_game_reviewed_marks_the_man_given_away():
    # R-T5: b3-b4 walks White's man into Black's b5, which takes it.
    s = dc.GameSession(dc.Game.TURKISH, [], "W:Wb3,g2:Bb5,h8")
    s.play("b3-b4")
    ai = dc.AiPlayer(4)
    review = ai.analyse(s, 40000, dc.SearchCancel())
    assert len(review.scores) == 2 and len(review.moves) == 1
    m = review.moves[0]
    assert m.played == "b3-b4" and m.best != "b3-b4"
    assert m.judgement in (dc.MoveJudgement.MISTAKE, dc.MoveJudgement.BLUNDER) and m.loss >= 100
    assert review.best_last == "b5xb3"
    cancel = dc.SearchCancel()
    cancel.cancel()
    with pytest.raises(dc.DamaError.Cancelled):
        ai.analyse(dc.GameSession(dc.Game.ZAMMA, [], None), 10**6, cancel)


def test_cancellation_from_a_second_thread():
    s = dc.GameSession(dc.Game.ZAMMA, [], None)
    ai = dc.AiPlayer(8)
    cancel = dc.SearchCancel()
    out = {}

    def think():
        t = time.monotonic()
        try:
            ai.search(s, None, 60000, None, cancel)
            out["r"] = "finished"
        except dc.DamaError.Cancelled:
            out["r"] = "cancelled"
        out["t"] = time.monotonic() - t

    th = threading.Thread(target=think)
    th.start()
    time.sleep(0.3)
    # The session stays usable while the AI thinks.
    assert s.legal_moves()
    cancel.cancel()
    assert cancel.is_cancelled()
    th.join(20)
    assert out["r"] == "cancelled" and out["t"] < 20
    cancel.reset()
    assert not cancel.is_cancelled()


def test_many_sessions_from_many_threads():
    errors = []

    def worker(i):
        try:
            game = GAMES[i % len(GAMES)]
            s = dc.GameSession(game, [], None)
            shared_ai = dc.AiPlayer(1)
            for ply in range(30):
                if s.result() is not None:
                    break
                moves = s.legal_moves()
                s.play(moves[(i + ply) % len(moves)].notation)
                if ply % 10 == 0:
                    shared_ai.search(s, 2, None, None, dc.SearchCancel())
            dc.GameSession.load(s.save())
        except Exception as e:  # noqa: BLE001
            errors.append(repr(e))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_one_session_shared_by_threads():
    s = dc.GameSession(dc.Game.TURKISH, [], None)
    errors = []

    def reader():
        try:
            for _ in range(200):
                s.legal_moves()
                s.pieces()
                s.position_code()
        except Exception as e:  # noqa: BLE001
            errors.append(repr(e))

    threads = [threading.Thread(target=reader) for _ in range(4)]
    for t in threads:
        t.start()
    for _ in range(20):
        if s.result() is None:
            s.play(s.legal_moves()[0].notation)
    for t in threads:
        t.join()
    assert not errors
