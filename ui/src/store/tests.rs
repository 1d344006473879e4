use super::*;

fn finished(id: u64) -> FinishedGame {
    resigned(id, GameId::Turkish)
}

/// A game of `game` that White resigned at once, as the history keeps it (tests).
pub(crate) fn resigned(id: u64, game: GameId) -> FinishedGame {
    let mut s = Session::new(Rules::new(game));
    s.resign(dama_core::Color::White).unwrap();
    FinishedGame {
        record: s.record().to_json(),
        opponent: Opponent::Computer(3),
        human_black: false,
        ended: 1_700_000_000 + id,
        analysis: None,
        ending: None,
        imported: false,
        id,
    }
}

// Issue 24/26: finished games are kept, bounded, and a damaged file loses nothing else.
#[test]
fn the_history_is_bounded_and_survives_damage() {
    let dir = std::env::temp_dir().join(format!("dama-history-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = Store::new(&dir);
    assert_eq!(store.load_history(), History::default());
    let mut h = History::default();
    for id in 0..(HISTORY_LIMIT as u64 + 5) {
        h.add(finished(id));
    }
    h.add(finished(HISTORY_LIMIT as u64 + 4));
    assert_eq!(
        h.games.len(),
        HISTORY_LIMIT,
        "bounded, and a game's entry replaced"
    );
    assert_eq!(h.games[0].id, 5, "the oldest went first");
    store.save_history(&h.games).unwrap();
    assert_eq!(store.load_history(), h);
    // One entry damaged (not a record, or an unfinished game): the others are kept and
    // the file is set aside as it was.
    let mut entries: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("history.json")).unwrap()).unwrap();
    entries[3]["record"] = "{broken".into();
    entries[4]["record"] = GameRecord::new(Rules::new(GameId::Zamma)).to_json().into();
    let text = serde_json::to_string(&entries).unwrap();
    std::fs::write(dir.join("history.json"), &text).unwrap();
    let read = store.load_history();
    assert_eq!((read.games.len(), read.damaged), (HISTORY_LIMIT - 2, 2));
    assert_eq!(
        std::fs::read_to_string(dir.join("history.damaged.json")).unwrap(),
        text
    );
    // Not JSON at all: empty, set aside, and the app goes on.
    std::fs::write(dir.join("history.json"), "[{").unwrap();
    assert_eq!(store.load_history().damaged, 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn round_trip_and_corruption() {
    let dir = std::env::temp_dir().join(format!("dama-store-{}", std::process::id()));
    let store = Store::new(&dir);
    let s = Settings {
        dark: true,
        ..Settings::default()
    };
    store.save_settings(&s).unwrap();
    assert_eq!(store.load_settings(), s);
    let rec = dama_core::GameRecord::new(dama_core::Rules::new(dama_core::GameId::Zamma));
    let g = SavedGame {
        record: rec.to_json(),
        opponent: Opponent::Computer(2),
        human_black: false,
    };
    store.save_game(&g).unwrap();
    assert_eq!(store.load_game().map(|(g, _)| g), Some(g.clone()));
    std::fs::write(dir.join("game.json"), "{broken").unwrap();
    assert!(store.load_game().is_none());
    std::fs::write(dir.join("settings.json"), "[]").unwrap();
    assert_eq!(store.load_settings(), Settings::default());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_saver_writes_the_last_of_a_burst_and_all_before_it_is_dropped() {
    let dir = std::env::temp_dir().join(format!("dama-saver-{}", std::process::id()));
    let store = Store::new(&dir);
    let mut saver = Saver::new(store.clone());
    let game = |level| SavedGame {
        record: GameRecord::new(Rules::new(GameId::Zamma)).to_json(),
        opponent: Opponent::Computer(level),
        human_black: false,
    };
    for level in 1..=5 {
        saver.game(Some(game(level)));
    }
    saver.settings(&Settings {
        dark: true,
        ..Settings::default()
    });
    drop(saver);
    assert_eq!(
        store.load_game().map(|(g, _)| g.opponent),
        Some(Opponent::Computer(5))
    );
    assert!(store.load_settings().dark);
    let mut saver = Saver::new(store.clone());
    saver.game(None);
    drop(saver);
    assert!(store.load_game().is_none(), "an ended game is forgotten");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn settings_of_earlier_versions_still_load() {
    // Version 0.1 stored the game as an index and the options as loose fields.
    let old = r#"{"dark":true,"setup":{"game":2,"opponent":5,"capture":1}}"#;
    let s: Settings = serde_json::from_str(old).unwrap();
    assert!(s.dark);
    assert_eq!(s.new_game.game, GameId::Damma);
    assert_eq!(s.new_game.opponent, Opponent::Computer(5));
    let typed = r#"{"setup":{"game":"fetaix","options":{"capture":"huffing"}}}"#;
    let s: Settings = serde_json::from_str(typed).unwrap();
    assert_eq!(s.new_game.rules().options(), ["capture=huffing"]);
}

#[test]
fn a_setup_uses_only_its_own_familys_options() {
    let setup = NewGame {
        game: GameId::Turkish,
        options: RuleOptions {
            promotion_at_end: true,
            capture: dama_core::CaptureRule::Huffing,
            ..RuleOptions::default()
        },
        ..NewGame::default()
    };
    assert_eq!(setup.rules().options(), ["promotion=at-end"]);
    let zamma = NewGame {
        game: GameId::Zamma,
        ..setup
    };
    assert_eq!(zamma.rules().options(), ["capture=huffing"]);
}

// Issue 40: what only the end-to-end scenarios covered: a game's entry is added when it
// ends, replaced when it ends again after an undo, removed when the ending is taken back,
// and untouched by the moves of a game that never ended.
#[test]
fn a_games_entry_follows_its_ending() {
    let mut h = History::default();
    h.add(finished(1));
    assert!(
        !h.settle(2, None),
        "a game in play that never ended changes nothing"
    );
    assert_eq!(h.games.len(), 1);
    assert!(h.settle(2, Some(finished(2))), "an ending adds the entry");
    assert_eq!(h.games.iter().map(|g| g.id).collect::<Vec<_>>(), [1, 2]);
    let mut again = finished(2);
    again.ended += 60;
    assert!(
        h.settle(2, Some(again)),
        "ending again after an undo replaces it"
    );
    assert_eq!(h.games.len(), 2);
    assert_eq!(h.games[1].ended, finished(2).ended + 60);
    assert!(h.settle(2, None), "taking the ending back removes it");
    assert_eq!(h.games.iter().map(|g| g.id).collect::<Vec<_>>(), [1]);
    assert!(!h.settle(2, None), "and only once");
    assert!(
        !h.settle(3, None),
        "another game's undo leaves the last entry alone"
    );
    assert_eq!(h.games.len(), 1);
}
