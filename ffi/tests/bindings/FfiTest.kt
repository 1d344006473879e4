// Kotlin through the uniffi-generated bindings against the real cdylib: plays a game of
// every kind, checks errors and the AI. Compiled and run by ffi/tests/bindings.rs (`cargo test`).
import app.damazamma.core.*

var passed = 0
var failed = 0

fun check(name: String, body: () -> Unit) {
    try {
        body()
        passed++
    } catch (e: Throwable) {
        failed++
        println("FAIL $name: $e")
    }
}

fun expect(cond: Boolean, what: String) {
    if (!cond) throw AssertionError(what)
}

fun main() {
    check("games") {
        val ids = games().map { it.id }
        expect(ids == listOf("turkish", "zamma", "damma", "fetaix", "kharbaga"), "ids $ids")
    }
    check("the computer judges a draw offer (R-0.9)") {
        val ai = AiPlayer(8u)
        val up = GameSession(Game.TURKISH, listOf(), "W:WKa1,b2,c2:Bh7,g7")
        expect(ai.acceptsDraw(up, SearchCancel()), "a king up: accepted")
        val down = GameSession(Game.TURKISH, listOf(), "W:Wa2:Bh7,g7,f7")
        expect(!ai.acceptsDraw(down, SearchCancel()), "a man down: declined")
    }
    for (game in Game.values()) {
        check("play a game of $game to its end") {
            val s = GameSession(game, listOf(), null)
            val ai = AiPlayer(4u)
            val cancel = SearchCancel()
            var ply = 0
            while (s.result() == null && ply < 600) {
                val notation = if (ply % 2 == 0) {
                    ai.chooseMove(s, 2u.toUByte(), 200uL, ply.toULong(), cancel).best.notation
                } else {
                    val moves = s.legalMoves()
                    val m = moves[ply % moves.size]
                    // The listed move's details, on demand.
                    val d = s.moveDetail(m.notation)
                    expect(d.path.first() == m.start && d.path.last() == m.end, "$d vs $m")
                    m.notation
                }
                s.play(notation)
                ply++
            }
            val r = s.result()
            expect(r != null, "$game did not end")
            val loaded = GameSession.load(s.save())
            expect(loaded.positionCode() == s.positionCode(), "save/load")
        }
    }
    check("typed errors") {
        try {
            GameSession(Game.ZAMMA, listOf(), "W:Wj1:B")
            throw AssertionError("accepted a bad code")
        } catch (e: DamaException.BadPosition) {
        }
        val s = GameSession(Game.TURKISH, listOf(), null)
        try {
            s.play("a3-a5")
            throw AssertionError("accepted an illegal move")
        } catch (e: DamaException.IllegalMove) {
        }
    }
    check("king versus lone man") {
        val s = GameSession(Game.TURKISH, listOf(), "W:WKa1:Ba4,h8")
        s.play("a1xa5")
        val r = s.result()!!
        expect(r.winner == Side.WHITE && r.reason == EndReason.KING_VERSUS_LONE_MAN && r.code == "king-vs-lone-man", "$r")
    }
    check("ai finds the win") {
        val s = GameSession(Game.TURKISH, listOf(), "W:WKd1:Bb7,g7")
        val r = AiPlayer(8u).search(s, 5u, null, null, SearchCancel())
        expect(r.best.notation == "d1-d7" && r.winIn == 3, "$r")
    }
    check("cancel from another thread") {
        val s = GameSession(Game.ZAMMA, listOf(), null)
        val cancel = SearchCancel()
        var outcome = "none"
        val t = Thread {
            outcome = try {
                AiPlayer(8u).search(s, null, 60000uL, null, cancel)
                "finished"
            } catch (e: DamaException.Cancelled) {
                "cancelled"
            }
        }
        t.start()
        Thread.sleep(200)
        cancel.cancel()
        t.join(20000)
        expect(outcome == "cancelled", outcome)
    }
    println("kotlin: $passed passed, $failed failed")
    if (failed > 0) System.exit(1)
}
