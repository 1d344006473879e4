//! Sharing games and positions: the clipboard and the platform's share sheet, and what a
//! game's shared text is. The platforms hand the app their [`Sharing`] (the desktop's
//! system clipboard, Android's `ClipboardManager` and share sheet, iOS's `UIPasteboard`
//! and share sheet);
//! tests hand it a [`Sharing::memory`] that they can read and fill.

use crate::opponent::Opponent;
use crate::store::History;
use dama_core::notation::NotationError;
use dama_core::record::pdn::{self, PdnTags};
use dama_core::{Color, GameId, GameRecord, RecordError, Rules};
use std::sync::{Arc, Mutex};

/// The clipboard could not be used (no display, a platform refusal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unavailable;

/// A place for text that other apps can read and fill.
pub trait Clipboard {
    /// Puts `text` on the clipboard.
    fn put(&self, text: &str) -> Result<(), Unavailable>;
    /// The clipboard's text, if it holds any.
    fn text(&self) -> Result<Option<String>, Unavailable>;
}

/// The platform's share sheet (send a text to another app).
pub trait ShareSheet {
    /// Offers `text` to the apps that take text, under `subject`; `false` if the sheet
    /// could not be opened.
    fn share(&self, subject: &str, text: &str) -> bool;
}

/// The platform's clipboard and, where there is one, its share sheet.
pub struct Sharing {
    /// The clipboard.
    pub clipboard: Box<dyn Clipboard>,
    /// The share sheet (Android, iOS); `None` where the clipboard is the only way.
    pub sheet: Option<Box<dyn ShareSheet>>,
}

/// What a [`Sharing::memory`] holds: the clipboard's text and what was shared.
#[derive(Clone, Debug, Default)]
pub struct Shelf {
    /// The clipboard's text.
    pub clipboard: Option<String>,
    /// Every text given to the share sheet, oldest first.
    pub shared: Vec<String>,
}

struct MemoryClipboard(Arc<Mutex<Shelf>>);

impl Clipboard for MemoryClipboard {
    fn put(&self, text: &str) -> Result<(), Unavailable> {
        self.0.lock().map_err(|_| Unavailable)?.clipboard = Some(text.to_string());
        Ok(())
    }
    fn text(&self) -> Result<Option<String>, Unavailable> {
        Ok(self.0.lock().map_err(|_| Unavailable)?.clipboard.clone())
    }
}

impl ShareSheet for MemoryClipboard {
    fn share(&self, _subject: &str, text: &str) -> bool {
        match self.0.lock() {
            Ok(mut s) => {
                s.shared.push(text.to_string());
                true
            }
            Err(_) => false,
        }
    }
}

/// No clipboard at all (every use answers [`Unavailable`]).
struct NoClipboard;

impl Clipboard for NoClipboard {
    fn put(&self, _: &str) -> Result<(), Unavailable> {
        Err(Unavailable)
    }
    fn text(&self) -> Result<Option<String>, Unavailable> {
        Err(Unavailable)
    }
}

impl Sharing {
    /// Nothing to share through.
    pub fn none() -> Sharing {
        Sharing {
            clipboard: Box::new(NoClipboard),
            sheet: None,
        }
    }

    /// A clipboard in memory (`with_sheet`: and a share sheet), both kept in `shelf`.
    pub fn memory(shelf: &Arc<Mutex<Shelf>>, with_sheet: bool) -> Sharing {
        Sharing {
            clipboard: Box::new(MemoryClipboard(shelf.clone())),
            sheet: with_sheet
                .then(|| Box::new(MemoryClipboard(shelf.clone())) as Box<dyn ShareSheet>),
        }
    }
}

/// Who played, as the PDN's White and Black tags name them.
fn players(opponent: Opponent, human: Color) -> (String, String) {
    match opponent {
        Opponent::TwoPlayers => ("Player 1".into(), "Player 2".into()),
        Opponent::Computer(level) => {
            let computer = format!("Dama & Zamma level {level}");
            if human == Color::White {
                ("Player".into(), computer)
            } else {
                (computer, "Player".into())
            }
        }
    }
}

/// A game as the text it is shared as: PDN with its players and date (`ended`: seconds
/// since 1970, UTC; `None` for a game still in play, dated today).
pub fn game_text(
    record: &GameRecord,
    opponent: Opponent,
    human: Color,
    ended: Option<u64>,
) -> String {
    let secs = ended.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    });
    let (white, black) = players(opponent, human);
    let tags = PdnTags {
        event: "Dama & Zamma".into(),
        date: crate::play::summary::date(secs).replace('-', "."),
        white,
        black,
    };
    pdn::export(record, &tags)
}

/// Why a pasted text is not a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotAGame {
    /// The clipboard could not be read.
    NoClipboard,
    /// It holds no text (or only spaces).
    Empty,
    /// Neither a game (PDN, or a record of this app) nor moves: nothing in it is a move.
    NotMoves,
    /// Moves, but one of them cannot be played where it stands: its number ("3." or "3...")
    /// and its text.
    IllegalMove(String, String),
    /// A game that does not read for another reason: the core's.
    Unreadable(String),
}

/// Reads a pasted game: PDN (the usual way), a game record of this app (JSON), or a bare
/// list of moves (`1. c3-c4 f6-f5 2. ...`), a game of `rules` (Home's choice) from the start.
pub fn read_game(text: &str, rules: &Rules) -> Result<GameRecord, NotAGame> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotAGame::Empty);
    }
    if text.starts_with('{') {
        return GameRecord::from_json(text).map_err(|e| NotAGame::Unreadable(e.to_string()));
    }
    GameRecord::from_pdn_as(text, Some(rules)).map_err(|e| match e {
        // Nothing at the start is a move: words, not a game.
        RecordError::Move {
            index: 0,
            error: NotationError::Syntax(_) | NotationError::UnknownPoint(_) | NotationError::Empty,
            ..
        } => NotAGame::NotMoves,
        RecordError::Move { index, text, .. } => {
            let number = format!(
                "{}{}",
                index / 2 + 1,
                if index % 2 == 0 { "." } else { "..." }
            );
            NotAGame::IllegalMove(number, text)
        }
        other => NotAGame::Unreadable(other.to_string()),
    })
}

/// Two opening moves of `game` as a pasted list of moves is written ("1. c3-c4 f6-f5" in
/// Turkish Dama): the example the paste error gives, legal in the game it would be read as.
pub fn example_moves(game: GameId) -> String {
    let mut s = dama_core::Session::new(Rules::new(game));
    let mut moves = Vec::new();
    for _ in 0..2 {
        // A move from the middle of the list: one a player would make, not a corner's.
        let legal = s.legal_moves();
        let Some(d) = legal.get(legal.len() / 2).cloned() else {
            break;
        };
        moves.push(d.notation.clone());
        if s.play(&d.mv).is_err() {
            break;
        }
    }
    format!("1. {}", moves.join(" "))
}

/// Whether two records are the same game: same rules, same start, same moves, same end
/// (a game pasted twice is recognised, whatever its tags said).
pub fn same_game(a: &GameRecord, b: &GameRecord) -> bool {
    a.rules() == b.rules()
        && a.start() == b.start()
        && a.played() == b.played()
        && a.outcome() == b.outcome()
}

/// The history entry that already holds `record` (a game pasted twice opens its entry).
pub fn known_entry(history: &History, record: &GameRecord) -> Option<u64> {
    history
        .games
        .iter()
        .find(|g| GameRecord::from_json(&g.record).is_ok_and(|r| same_game(&r, record)))
        .map(|g| g.id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::{GameId, Session};

    fn played(game: GameId, plies: usize) -> GameRecord {
        let mut s = Session::new(Rules::new(game));
        for _ in 0..plies {
            let Some(m) = s.legal_moves().first().map(|m| m.mv) else {
                break;
            };
            s.play(&m).unwrap();
        }
        s.into_record()
    }

    #[test]
    fn a_shared_game_reads_back_as_the_same_moves() {
        for game in GameId::ALL {
            let rec = played(game, 12);
            let text = game_text(&rec, Opponent::Computer(3), Color::Black, Some(0));
            assert!(text.contains("[White \"Dama & Zamma level 3\"]"), "{text}");
            assert!(text.contains("[Date \"1970.01.01\"]"), "{text}");
            let back = read_game(&text, &Rules::new(GameId::Zamma)).unwrap();
            assert_eq!(back.played(), rec.played(), "{game:?}");
            assert_eq!(back.rules(), rec.rules());
        }
    }

    /// Issue 48: the paste error's example ("1. c3-c4 f6-f5") was a Turkish one for every
    /// game; it is read back as two legal moves of the game it names.
    #[test]
    fn the_example_of_moves_is_legal_in_its_game() {
        for game in GameId::ALL {
            let example = example_moves(game);
            let back = read_game(&example, &Rules::new(game))
                .unwrap_or_else(|e| panic!("{game:?}: {example}: {e:?}"));
            assert_eq!(back.played().len(), 2, "{game:?}: {example}");
            assert_eq!(back.rules().game(), game);
        }
        assert_ne!(example_moves(GameId::Zamma), "1. c3-c4 f6-f5");
    }

    #[test]
    fn a_record_of_this_app_is_read_too() {
        let rec = played(GameId::Zamma, 7);
        let back = read_game(
            &format!("  {}\n", rec.to_json()),
            &Rules::new(GameId::Turkish),
        )
        .unwrap();
        assert_eq!(back.played(), rec.played());
    }

    #[test]
    fn text_that_is_not_a_game_says_why() {
        let turkish = Rules::new(GameId::Turkish);
        let read = |t: &str| read_game(t, &turkish);
        assert!(matches!(read("  \n "), Err(NotAGame::Empty)));
        // Issue 39 item 8: plain text said "PDN: missing GameType tag".
        assert_eq!(read("hello there").unwrap_err(), NotAGame::NotMoves);
        assert!(matches!(
            read("{\"broken\": "),
            Err(NotAGame::Unreadable(_))
        ));
        let bad = "[GameType \"30\"]\n\n1. a3-a5 *";
        assert_eq!(
            read(bad).unwrap_err(),
            NotAGame::IllegalMove("1.".into(), "a3-a5".into())
        );
        assert_eq!(
            read("1. a3-a4 h6-h4").unwrap_err(),
            NotAGame::IllegalMove("1...".into(), "h6-h4".into())
        );
    }

    /// Issue 39 item 8: moves without tags are a game of Home's choice.
    #[test]
    fn a_bare_move_list_is_a_game_of_homes_choice() {
        let rec = read_game("1. a3-a4 h6-h5 2. b3-b4", &Rules::new(GameId::Turkish)).unwrap();
        assert_eq!(rec.moves(), ["a3-a4", "h6-h5", "b3-b4"]);
        let zamma = read_game("e4-e5", &Rules::new(GameId::Zamma)).unwrap();
        assert_eq!(zamma.rules().game(), GameId::Zamma);
    }

    #[test]
    fn the_same_game_is_recognised() {
        let a = played(GameId::Turkish, 10);
        let text = game_text(&a, Opponent::TwoPlayers, Color::White, Some(5));
        let b = read_game(&text, &Rules::new(GameId::Zamma)).unwrap();
        assert!(same_game(&a, &b));
        assert!(!same_game(&a, &played(GameId::Turkish, 9)));
    }

    #[test]
    fn the_memory_clipboard_keeps_what_was_put_and_shared() {
        let shelf = Arc::new(Mutex::new(Shelf::default()));
        let s = Sharing::memory(&shelf, true);
        assert_eq!(s.clipboard.text(), Ok(None));
        s.clipboard.put("x").unwrap();
        assert_eq!(s.clipboard.text(), Ok(Some("x".into())));
        assert!(s.sheet.as_ref().unwrap().share("s", "y"));
        assert_eq!(shelf.lock().unwrap().shared, vec!["y".to_string()]);
        assert_eq!(Sharing::none().clipboard.put("x"), Err(Unavailable));
    }

    // Issue 40: a game pasted twice is recognised by its moves and end, not its tags.
    #[test]
    fn a_pasted_game_already_kept_is_found() {
        use crate::store::FinishedGame;
        let mut ended = played(GameId::Turkish, 6);
        let mut s = Session::from_record(ended.clone());
        s.resign(Color::White).unwrap();
        ended = s.into_record();
        let entry = |id, record: &GameRecord| FinishedGame {
            record: record.to_json(),
            opponent: Opponent::TwoPlayers,
            human_black: false,
            ended: 1_700_000_000,
            analysis: None,
            ending: None,
            imported: true,
            id,
        };
        let mut history = History::default();
        history.add(entry(7, &played(GameId::Zamma, 4)));
        assert_eq!(known_entry(&history, &ended), None);
        history.add(entry(8, &ended));
        let pasted = read_game(
            &game_text(&ended, Opponent::Computer(3), Color::Black, Some(0)),
            &Rules::new(GameId::Zamma),
        )
        .unwrap();
        assert_eq!(known_entry(&history, &pasted), Some(8));
        assert_eq!(
            known_entry(&history, &played(GameId::Turkish, 6)),
            None,
            "not ended: another game"
        );
    }
}
