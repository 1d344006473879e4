import XCTest
@testable import DamaCore

final class DamaCoreTests: XCTestCase {
    func testKingVersusLoneMan() throws {
        let s = try GameSession(game: .turkish, options: [], position: "W:WKa1:Ba4,h8")
        _ = try s.play(notation: "a1xa5")
        let r = try XCTUnwrap(s.result())
        XCTAssertEqual(r.winner, .white)
        XCTAssertEqual(r.reason, .kingVersusLoneMan)
        XCTAssertEqual(r.code, "king-vs-lone-man")
    }

    func testAiFindsTheWin() throws {
        let s = try GameSession(game: .turkish, options: [], position: "W:WKd1:Bb7,g7")
        let r = try AiPlayer(tableMib: 8).search(session: s, depth: 5, movetimeMs: nil, nodes: nil, cancel: SearchCancel())
        XCTAssertEqual(r.best.notation, "d1-d7")
    }
}
