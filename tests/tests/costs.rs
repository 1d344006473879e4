//! What playing costs, counted: whole-position move generations per human move, per
//! computer reply, per loaded move (issue 16). One test, so that no other test of this
//! binary moves the process-wide counter meanwhile.

use dama_core::ai::{Engine, Level, Player, Root};
use dama_core::record::pdn;
use dama_core::stats::generations;
use dama_core::{GameRecord, Rules, Session};
use std::sync::atomic::AtomicBool;

/// Generations made by `f`.
fn counted<R>(f: impl FnOnce() -> R) -> (R, u64) {
    let before = generations();
    let r = f();
    (r, generations() - before)
}

#[test]
fn one_generation_per_position() {
    for game in ["turkish", "zamma", "damma"] {
        let rules = Rules::parse(game, &[] as &[&str]).unwrap();
        // A new game: its first position's moves (and result) once.
        let (mut s, n) = counted(|| Session::new(rules));
        assert_eq!(n, 1, "{game}: a new session");
        // A human move: the moves of the position it leads to, once; the move itself, its
        // notation and route come from the list already held.
        let m = s.legal_moves()[0].mv;
        let (_, n) = counted(|| s.play(&m).unwrap());
        assert_eq!(n, 1, "{game}: a human move");
        let text = s.legal_moves()[0].notation.clone();
        let (_, n) = counted(|| s.play_notation(&text).unwrap());
        assert_eq!(n, 1, "{game}: a move by notation");
        // A computer reply: the search's root takes the session's moves (none generated),
        // then the move is played through the session.
        let mut engine = Engine::new(1);
        let stop = AtomicBool::new(false);
        let level1 = Player::Level(Level::new(1));
        let (best, n) = counted(|| {
            let root = Root::of(&s).unwrap();
            engine.play(&root, level1, 7, &stop, |_| {}).unwrap().best
        });
        assert_eq!(n, 0, "{game}: the search's root (not its tree)");
        let (_, n) = counted(|| s.play(&best).unwrap());
        assert_eq!(n, 1, "{game}: playing the computer's move");
        // Undo and redo: each lands on a position whose moves are worked out once.
        let (_, n) = counted(|| (s.undo(), s.redo()));
        assert_eq!(n, 2, "{game}: undo and redo");
        // Loading: one generation per position of the record, the last included.
        let plies = s.record().ply() as u64;
        let json = s.record().to_json();
        let (loaded, n) = counted(|| GameRecord::from_json(&json).unwrap());
        assert_eq!(n, plies + 1, "{game}: loading {plies} plies");
        // Resuming: the session that replayed the record plays on (not a second one built
        // from the record, which cost one more).
        let (resumed, n) = counted(|| Session::from_json(&json).unwrap());
        assert_eq!(n, plies + 1, "{game}: resuming {plies} plies");
        let (_, n) = counted(|| resumed.legal_moves().len());
        assert_eq!(n, 0, "{game}: the resumed game's moves are ready");
        let text = pdn::export(s.record(), &pdn::PdnTags::default());
        let (_, n) = counted(|| GameRecord::from_pdn(&text).unwrap());
        assert_eq!(n, plies + 1, "{game}: importing {plies} plies");
        // The last move is shown from the record: nothing generated.
        let (path, n) = counted(|| loaded.last_move_path().map(<[_]>::to_vec));
        assert_eq!(
            (path.is_some(), n),
            (true, 0),
            "{game}: the last move's route"
        );
    }
}
