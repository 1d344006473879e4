//! The records and enums the API speaks in (the core's own enums as uniffi remote types),
//! and the catalogue of games.

use dama_core::outcome::Reason;
use dama_core::rules::{CaptureRule, RuleOptions};
use dama_core::{Color, GameId};

/// A game of the rule book (the core's `GameId`, named `Game` in the bindings).
pub type Game = GameId;

/// A game of the rule book.
#[uniffi::remote(Enum)]
pub enum Game {
    /// Turkish Dama.
    Turkish,
    /// Zamma (also known as Srand, Dhamet).
    Zamma,
    /// Damma.
    Damma,
    /// Fetaix.
    Fetaix,
    /// Kharbaga.
    Kharbaga,
}

/// A side (the core's `Color`, named `Side` in the bindings).
pub type Side = Color;

/// A side.
#[uniffi::remote(Enum)]
pub enum Side {
    /// White (moves first in Turkish Dama).
    White,
    /// Black.
    Black,
}

/// Why a game ended (the core's `Reason`).
pub type EndReason = Reason;

/// Why a game ended.
#[uniffi::remote(Enum)]
pub enum EndReason {
    /// The loser has no pieces left (R-T9, R-Z16).
    NoPieces,
    /// The loser, to move, has no legal move (R-T9, R-Z16).
    Blocked,
    /// Turkish: one king against one man; the king wins (R-T10).
    KingVersusLoneMan,
    /// Turkish `lone-man=draw`: one piece each is a draw (R-T10 option).
    OnePieceEach,
    /// Turkish: one king against one king (R-T11).
    KingVersusKing,
    /// The same position occurred a third time (R-T11, R-Z17).
    Repetition,
    /// Turkish: 50 plies without capture or man move (R-T11).
    FiftyPlies,
    /// Zamma family: 40 plies without capture, decided by count (R-Z17).
    FortyPlies,
    /// Zamma family: neither side can move, decided by count (R-Z16).
    BothBlocked,
    /// The players agreed to a draw.
    Agreement,
    /// A player resigned.
    Resignation,
}

/// The Zamma family's capture obligation (the core's `CaptureRule`).
#[uniffi::remote(Enum)]
pub enum CaptureRule {
    /// Capturing is optional and may stop after any jump (R-Z8).
    Free,
    /// Maximum capture is compulsory (R-Z13).
    Compulsory,
    /// Optional, but an under-capture makes pieces liable to removal (R-Z14).
    Huffing,
}

/// Every rule option, typed (the core's `RuleOptions`); the default is the standard rules.
/// Turkish Dama has the first two, the Zamma family the others: setting an option the game
/// does not have is a [`DamaError::BadRules`].
#[uniffi::remote(Record)]
pub struct RuleOptions {
    /// Turkish `promotion=at-end` (R-T8).
    #[uniffi(default = false)]
    pub promotion_at_end: bool,
    /// Turkish `lone-man=draw` (R-T10).
    #[uniffi(default = false)]
    pub lone_man_draw: bool,
    /// Zamma family `capture=` (R-Z8, R-Z13, R-Z14).
    pub capture: CaptureRule,
    /// Zamma family `no-return-to-start=on` (R-Z15).
    #[uniffi(default = false)]
    pub no_return_to_start: bool,
    /// Zamma family `promotion=any-arrival` (R-Z9).
    #[uniffi(default = false)]
    pub any_arrival: bool,
    /// Zamma family `first=` (R-Z4).
    pub first: Side,
}

/// A point of the board.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BoardPoint {
    /// `d4`.
    pub label: String,
    /// File from 0 (`a`).
    pub file: u8,
    /// Rank from 0 (`1`).
    pub rank: u8,
}

/// A segment the board draws.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BoardLine {
    /// One end.
    pub from: String,
    /// The other end.
    pub to: String,
}

/// The board: its label space, points and lines.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BoardGeometry {
    /// Files (= ranks) of the label space.
    pub size: u8,
    /// `true` for Turkish Dama's squares, `false` for the alquerque points.
    pub squares: bool,
    /// Every point.
    pub points: Vec<BoardPoint>,
    /// Every line between neighbouring points.
    pub lines: Vec<BoardLine>,
}

/// A piece on a point.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BoardPiece {
    /// Where.
    pub point: String,
    /// Whose.
    pub side: Side,
    /// A king (dama, Mullah).
    pub king: bool,
}

/// A legal move as listed: what a menu or a move list needs. Its points and routes come
/// from [`GameSession::move_detail`]: a big capture position has thousands of moves and
/// hundreds of thousands of route points, and listing them all would take the foreign side
/// a second to read.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameMove {
    /// Canonical notation (`b3xd3xd5`, `[xd4] e6-e5`).
    pub notation: String,
    /// Where the piece starts (`start` rather than `from`, a keyword in Python).
    pub start: String,
    /// Where it ends.
    pub end: String,
    /// How many pieces it captures.
    pub capture_count: u32,
    /// The man is crowned.
    pub promotes: bool,
    /// The liable piece removed first (huffing), if any.
    pub huff: Option<String>,
    /// How many routes lead to the same result; 1 for most moves.
    pub route_count: u32,
}

/// One move in full: its canonical route, the pieces it captures and every route it stands
/// for (what drawing or animating the move needs).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MoveDetail {
    /// Canonical notation (`b3xd3xd5`, `[xd4] e6-e5`).
    pub notation: String,
    /// Start and every landing point of the canonical route.
    pub path: Vec<String>,
    /// Every route this move stands for (each a list of points), canonical first.
    pub routes: Vec<Vec<String>>,
    /// Captured points.
    pub captured: Vec<String>,
    /// The man is crowned.
    pub promotes: bool,
    /// The liable piece removed first (huffing), if any.
    pub huff: Option<String>,
}

/// A finished game's result.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameResult {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// Why it ended.
    pub reason: EndReason,
    /// The reason's short code, as files and the command line write it (`king-vs-lone-man`).
    pub code: String,
    /// A sentence for players.
    pub description: String,
}

/// What the AI found.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SearchReport {
    /// The move to play.
    pub best: MoveDetail,
    /// Depth completed.
    pub depth: u32,
    /// Score for the side to move (hundredths of a man).
    pub score: i32,
    /// Plies to a forced win (positive) or loss (negative), if known.
    pub win_in: Option<i32>,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation in notation.
    pub pv: Vec<String>,
}

/// How the engine judges a move of a reviewed game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum MoveJudgement {
    /// Lost less than a man against the engine's best.
    Good,
    /// Lost a man or more.
    Mistake,
    /// Lost two and a half men or more.
    Blunder,
}

/// One move of a reviewed game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ReviewedMove {
    /// The move played.
    pub played: String,
    /// The engine's best move in the position before it.
    pub best: String,
    /// What the move cost its player, in hundredths of a man (0 for the engine's choice).
    pub loss: i32,
    /// The judgement of that loss.
    pub judgement: MoveJudgement,
}

/// A game reviewed by the engine (the core's `ai::analysis`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameReview {
    /// The score of every position from the start, White's side, hundredths of a man,
    /// capped at ±1000 (a won game counts as 1000).
    pub scores: Vec<i32>,
    /// Every move, in order.
    pub moves: Vec<ReviewedMove>,
    /// The engine's best move in the last position, if the game goes on there.
    pub best_last: Option<String>,
}

/// A rule option a game offers.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct RuleOption {
    /// `key=value` to pass when creating a session.
    pub option: String,
    /// One line for players.
    pub description: String,
}

/// A game with its names and options (for a menu).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameInfo {
    /// Which game.
    pub game: Game,
    /// Identifier (`zamma`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Other names.
    pub also_known_as: Vec<String>,
    /// Options it offers.
    pub options: Vec<RuleOption>,
}

/// Every game with its options.
#[uniffi::export]
pub fn games() -> Vec<GameInfo> {
    GameId::ALL
        .iter()
        .map(|&g| GameInfo {
            game: g,
            id: g.id().into(),
            name: g.display_name().into(),
            also_known_as: g.also_known_as().iter().map(|n| n.to_string()).collect(),
            options: dama_core::rules::option_descriptions(g)
                .iter()
                .map(|(o, d)| RuleOption {
                    option: o.to_string(),
                    description: d.to_string(),
                })
                .collect(),
        })
        .collect()
}

/// The version of the core library.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
