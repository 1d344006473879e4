package app.damazamma.core

import androidx.test.ext.junit.runners.AndroidJUnit4
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotNull
import org.junit.Test
import org.junit.runner.RunWith

/** Runs on a device or emulator: the engine through the generated bindings. */
@RunWith(AndroidJUnit4::class)
class CoreTest {
    @Test
    fun kingVersusLoneMan() {
        val s = GameSession(Game.TURKISH, listOf(), "W:WKa1:Ba4,h8")
        s.play("a1xa5")
        val r = s.result()
        assertNotNull(r)
        assertEquals(Side.WHITE, r!!.winner)
        assertEquals(EndReason.KING_VERSUS_LONE_MAN, r.reason)
        assertEquals("king-vs-lone-man", r.code)
    }

    @Test
    fun aiFindsTheWin() {
        val s = GameSession(Game.TURKISH, listOf(), "W:WKd1:Bb7,g7")
        val report = AiPlayer(8u).search(s, 5u, null, null, SearchCancel())
        assertEquals("d1-d7", report.best.notation)
    }
}
