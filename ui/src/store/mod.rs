//! Settings and the unfinished game, kept across restarts as JSON files written atomically
//! (a temporary file, flushed, then renamed over the old one).

use crate::opponent::Opponent;
use dama_core::rules::RuleOptions;
use dama_core::{Color, GameId, GameRecord, Rules, Session};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

mod access;
mod learning;
mod puzzles;
mod saver;
pub use access::{animations_removed, System, MAX_TEXT_SCALE, MIN_TEXT_SCALE, TEXT_SCALES};
pub use learning::{LessonProgress, LESSONS_LIMIT};
pub use puzzles::{PuzzleProgress, Track, Tried, PUZZLES_LIMIT};
pub use saver::Saver;

/// What the player chose on the home screen: typed, so a new game never parses option text
/// (nor falls back to the standard rules when it would not parse).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NewGame {
    /// The game (settings of earlier versions wrote its index).
    #[serde(deserialize_with = "game_or_index")]
    pub game: GameId,
    /// Two players on this device, or the computer's level (saved as 0 or the level).
    pub opponent: Opponent,
    /// Against the computer: the human plays Black.
    pub play_black: bool,
    /// The options chosen, for both families: each game uses its own.
    pub options: RuleOptions,
}

impl Default for NewGame {
    fn default() -> Self {
        NewGame {
            game: GameId::Turkish,
            opponent: Opponent::default(),
            play_black: false,
            options: RuleOptions::default(),
        }
    }
}

impl NewGame {
    /// The side the player chose against the computer.
    pub fn human(&self) -> Color {
        if self.play_black {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The rules of the chosen game with its family's options (the other family's choices
    /// are kept for when the player goes back to it).
    pub fn rules(&self) -> Rules {
        Rules::with_own_options(self.game, &self.options)
    }
}

/// A game id, or the index (0 Turkish … 4 Kharbaga) that earlier versions stored.
fn game_or_index<'de, D: serde::Deserializer<'de>>(d: D) -> Result<GameId, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Id(GameId),
        Index(usize),
    }
    Ok(match Either::deserialize(d)? {
        Either::Id(g) => g,
        Either::Index(i) => GameId::ALL[i.min(GameId::ALL.len() - 1)],
    })
}

/// App settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Dark theme.
    pub dark: bool,
    /// 0 off, 1 fast, 2 normal, 3 slow.
    pub anim_speed: u8,
    /// Index into [`crate::languages::LANGUAGES`].
    pub language: u8,
    /// Two players: turn the board towards the player to move.
    pub flip_two_players: bool,
    /// Mark the pieces that can move and those with an optional capture.
    pub show_moves: bool,
    /// Sound effects (on by default).
    pub sound: bool,
    /// A touch felt when a piece lands (phones; on by default).
    pub haptics: bool,
    /// The board's surface: 0 wood, 1 baize, 2 stone.
    pub board_style: u8,
    /// The pieces' colours: 0 classic, 1 wood, 2 coral.
    pub piece_style: u8,
    /// The text size where the system has none (the desktop): 0 normal, 1 large, 2 largest
    /// ([`TEXT_SCALES`]).
    pub text_size: u8,
    /// The last home-screen choices (saved as `setup`, their name in earlier versions).
    #[serde(rename = "setup")]
    pub new_game: NewGame,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            dark: false,
            anim_speed: 2,
            language: 0,
            flip_two_players: false,
            show_moves: false,
            sound: true,
            haptics: true,
            board_style: 0,
            piece_style: 0,
            text_size: 0,
            new_game: NewGame::default(),
        }
    }
}

/// An unfinished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The core's game record (JSON, with its own checksum).
    pub record: String,
    /// Two players, or the computer's level (saved as 0 or the level).
    pub opponent: Opponent,
    /// The human plays Black (against the computer).
    pub human_black: bool,
}

/// A finished game, kept in the history (`history.json`, newest last).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// The core's game record with its result (JSON, with its own checksum).
    pub record: String,
    /// Two players, or the computer's level.
    pub opponent: Opponent,
    /// The human played Black (against the computer).
    pub human_black: bool,
    /// When it ended: seconds since 1970 (UTC).
    pub ended: u64,
    /// Which game of this app it was (a game that ends again after an undo replaces its
    /// entry instead of adding one).
    pub id: u64,
    /// The game, its result and its length, kept beside the record so that the History
    /// screen need not read 100 records to list them (older files lack it: read once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
    /// The engine's review, once made (kept so that it is not made twice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<dama_core::ai::analysis::Analysis>,
    /// Pasted in from elsewhere, not played here: listed, reviewed, left out of the
    /// statistics.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub imported: bool,
}

impl FinishedGame {
    /// The side the human played (White in a game for two players).
    pub fn human(&self) -> Color {
        if self.human_black {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The side the human played against the computer; `None` for two players.
    pub fn human_side(&self) -> Option<Color> {
        self.opponent.level().map(|_| self.human())
    }
}

/// What the History screen lists of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The game.
    pub game: GameId,
    /// How it ended.
    pub outcome: dama_core::Outcome,
    /// Plies played.
    pub plies: usize,
    /// Begun from a position set up in the editor, not from the game's start: counted
    /// apart in the statistics (a won set-up is no win against the computer's level).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub set_up: bool,
}

impl Ending {
    /// The ending of `record`, finished with `outcome` (given, not worked out again: the
    /// session has it).
    pub fn new(record: &GameRecord, outcome: dama_core::Outcome) -> Ending {
        Ending {
            game: record.rules().game(),
            outcome,
            plies: record.played().len(),
            set_up: *record.start() != dama_core::Position::start(*record.rules()),
        }
    }
}

/// How many finished games the history keeps (the oldest go first).
pub const HISTORY_LIMIT: usize = 100;

/// The history as read: its games, and how many entries were damaged and left out (the
/// file as it was is set aside beside it, never lost).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// The finished games, oldest first.
    pub games: Vec<FinishedGame>,
    /// Entries that could not be read (their file was set aside).
    pub damaged: usize,
}

impl History {
    /// Adds a finished game (replacing the entry of the same game), keeping the newest
    /// [`HISTORY_LIMIT`].
    pub fn add(&mut self, game: FinishedGame) {
        self.games.retain(|g| g.id != game.id);
        self.games.push(game);
        let over = self.games.len().saturating_sub(HISTORY_LIMIT);
        self.games.drain(..over);
    }

    /// The game `id` as it now stands, after a move, an undo or an ending: finished, its
    /// entry is added (or replaced, when it ends again after an undo); not finished, the
    /// entry it had is removed (its ending was taken back). `true` when the history changed.
    pub fn settle(&mut self, id: u64, finished: Option<FinishedGame>) -> bool {
        match finished {
            Some(game) => {
                self.add(game);
                true
            }
            None if self.games.last().is_some_and(|g| g.id == id) => {
                self.games.pop();
                true
            }
            None => false,
        }
    }
}

/// Where the files live.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// Files under `dir` (created when needed).
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// The platform's place for app data (`DAMA_DATA_DIR` overrides it).
    pub fn default_dir() -> PathBuf {
        if let Some(d) = std::env::var_os("DAMA_DATA_DIR") {
            return PathBuf::from(d);
        }
        if cfg!(target_os = "ios") {
            if let Some(h) = std::env::var_os("HOME") {
                return Path::new(&h).join("Library/Application Support/DamaZamma");
            }
        }
        if let Some(x) = std::env::var_os("XDG_DATA_HOME") {
            return Path::new(&x).join("dama-zamma");
        }
        if let Some(h) = std::env::var_os("HOME") {
            return Path::new(&h).join(".local/share/dama-zamma");
        }
        PathBuf::from(".")
    }

    fn write_atomic(&self, name: &str, text: &str) -> std::io::Result<()> {
        use std::io::Write;
        std::fs::create_dir_all(&self.dir)?;
        let tmp = self.dir.join(format!("{name}.tmp"));
        {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
        }
        std::fs::rename(&tmp, self.dir.join(name))
    }

    fn read<T: for<'de> Deserialize<'de>>(&self, name: &str) -> Option<T> {
        let text = std::fs::read_to_string(self.dir.join(name)).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// The settings, or the defaults when missing or unreadable.
    pub fn load_settings(&self) -> Settings {
        self.read("settings.json").unwrap_or_default()
    }

    /// Saves the settings.
    pub fn save_settings(&self, s: &Settings) -> std::io::Result<()> {
        self.write_atomic("settings.json", &serde_json::to_string_pretty(s)?)
    }

    /// The unfinished game, ready to play on, if one was saved and still loads (its record
    /// is read, checked and replayed here, once).
    pub fn load_game(&self) -> Option<(SavedGame, Session)> {
        let g: SavedGame = self.read("game.json")?;
        let game = Session::from_json(&g.record).ok()?;
        Some((g, game))
    }

    /// Saves the unfinished game.
    pub fn save_game(&self, g: &SavedGame) -> std::io::Result<()> {
        self.write_atomic("game.json", &serde_json::to_string(g)?)
    }

    /// The finished games. A damaged file (or damaged entries) never stops the app and never
    /// loses the other games: each readable entry is kept, and the file as it was is copied
    /// to `history.damaged.json` for a person to look at. Each game's record is read and
    /// replayed to check it: for a screen that lists them, not for start-up
    /// ([`Store::read_history`]).
    pub fn load_history(&self) -> History {
        let read = self.read_history();
        let total = read.games.len() + read.damaged;
        let games: Vec<FinishedGame> = read
            .games
            .into_iter()
            .filter(|g| GameRecord::from_json(&g.record).is_ok_and(|r| r.outcome().is_some()))
            .collect();
        let damaged = total - games.len();
        if damaged > read.damaged {
            self.set_history_aside();
        }
        History { games, damaged }
    }

    /// The finished games as stored, their records not replayed (start-up reads this: a
    /// hundred games replayed would cost it a noticeable moment). An entry that does not
    /// read, or a file that is not JSON, is counted and the file set aside, as
    /// [`Store::load_history`] does.
    pub fn read_history(&self) -> History {
        let Ok(text) = std::fs::read_to_string(self.dir.join("history.json")) else {
            return History::default();
        };
        let Ok(entries) = serde_json::from_str::<Vec<serde_json::Value>>(&text) else {
            self.set_history_aside();
            return History {
                games: Vec::new(),
                damaged: 1,
            };
        };
        let total = entries.len();
        let games: Vec<FinishedGame> = entries
            .into_iter()
            .filter_map(|e| serde_json::from_value(e).ok())
            .collect();
        let damaged = total - games.len();
        if damaged > 0 {
            self.set_history_aside();
        }
        History { games, damaged }
    }

    /// Copies the history file as it is to `history.damaged.json`.
    fn set_history_aside(&self) {
        let _ = std::fs::copy(
            self.dir.join("history.json"),
            self.dir.join("history.damaged.json"),
        );
    }

    /// Saves the finished games.
    pub fn save_history(&self, games: &[FinishedGame]) -> std::io::Result<()> {
        self.write_atomic("history.json", &serde_json::to_string(games)?)
    }

    /// Forgets the unfinished game (it ended).
    pub fn clear_game(&self) {
        let _ = std::fs::remove_file(self.dir.join("game.json"));
    }
}

#[cfg(test)]
pub(crate) mod tests;
