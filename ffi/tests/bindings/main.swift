// Swift through the uniffi-generated bindings against the real cdylib. Run by
// ffi/tests/bindings.rs where a Swift toolchain exists (swiftc on PATH, or scripts/test-swift.sh).
#if canImport(Glibc)
import Glibc
#endif
var passed = 0
var failed = 0
func check(_ name: String, _ body: () throws -> Void) {
    do { try body(); passed += 1 } catch { failed += 1; print("FAIL \(name): \(error)") }
}
struct Failure: Error { let what: String }
check("king versus lone man") {
    let s = try GameSession(game: .turkish, options: [], position: "W:WKa1:Ba4,h8")
    _ = try s.play(notation: "a1xa5")
    guard let r = s.result(), r.winner == .white, r.reason == "king-vs-lone-man" else { throw Failure(what: "result") }
}
check("typed errors") {
    do { _ = try GameSession(game: .zamma, options: [], position: "W:Wj1:B"); throw Failure(what: "accepted") }
    catch DamaError.BadPosition { }
}
check("a game to its end") {
    let s = try GameSession(game: .fetaix, options: [], position: nil)
    var ply = 0
    while s.result() == nil && ply < 600 {
        let moves = s.legalMoves()
        _ = try s.play(notation: moves[ply % moves.count].notation)
        ply += 1
    }
    guard s.result() != nil else { throw Failure(what: "no end") }
    let loaded = try GameSession.load(record: s.save())
    guard loaded.positionCode() == s.positionCode() else { throw Failure(what: "save/load") }
}
check("ai") {
    let s = try GameSession(game: .turkish, options: [], position: "W:WKd1:Bb7,g7")
    let r = try AiPlayer(tableMib: 8).search(session: s, depth: 5, movetimeMs: nil, nodes: nil, cancel: SearchCancel())
    guard r.best.notation == "d1-d7" else { throw Failure(what: r.best.notation) }
}
print("swift: \(passed) passed, \(failed) failed")
if failed > 0 { exit(1) }
