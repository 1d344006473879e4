//! The foreign-language API (Kotlin, Swift, Python) of `dama-core` through uniffi: a thin
//! layer over [`dama_core::Session`] and the AI that speaks in labels and strings and returns
//! one error type. A panic never crosses the boundary: uniffi catches it and the caller gets
//! its internal-error exception.
//!
//! Threading contract: every object is `Send + Sync`. A [`GameSession`] serialises its
//! calls with a lock; [`AiPlayer`] methods block for the length of a search and are meant for
//! a background thread: they copy the session's position first, so the session stays usable
//! (and the UI responsive) while the AI thinks. A [`SearchCancel`] may be triggered from any
//! thread; the search then returns [`DamaError::Cancelled`].

#![deny(missing_docs)]

// The bindings keep the namespace `dama_core`: Python imports `dama_core`, Kotlin reads
// `dama_core.kt`, whatever the Rust crate is called.
uniffi::setup_scaffolding!("dama_core");

use dama_core::ai::analysis::{self, Judgement};
use dama_core::ai::{AiError, Engine, Level, Limits, Player, Root};
use dama_core::notation::{self, NotationError};
use dama_core::outcome::Reason;
use dama_core::position::{PlayError, Role};
use dama_core::record::{pdn, GameRecord, RecordError};
use dama_core::rules::{CaptureRule, RuleOptions};
use dama_core::session::Session;
use dama_core::{Color, GameId, LegalMove, Outcome, Point, Position, Rules};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// Every failure of the foreign API.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Error)]
pub enum DamaError {
    /// Unknown game or bad rule option.
    BadRules {
        /// What is wrong.
        detail: String,
    },
    /// A malformed position code or unknown point label.
    BadPosition {
        /// What is wrong.
        detail: String,
    },
    /// A move text that is not a move, or is ambiguous.
    BadNotation {
        /// What is wrong.
        detail: String,
    },
    /// A well-formed move that is not legal here.
    IllegalMove {
        /// What is wrong.
        detail: String,
    },
    /// A saved record that cannot be loaded.
    CorruptRecord {
        /// What is wrong.
        detail: String,
    },
    /// The game is over.
    GameOver {
        /// The result.
        detail: String,
    },
    /// The search was cancelled.
    Cancelled,
    /// A bug in the engine (a caught panic); the session is unchanged.
    Internal {
        /// What happened.
        detail: String,
    },
}

impl std::fmt::Display for DamaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DamaError::BadRules { detail }
            | DamaError::BadPosition { detail }
            | DamaError::BadNotation { detail }
            | DamaError::IllegalMove { detail }
            | DamaError::CorruptRecord { detail }
            | DamaError::GameOver { detail }
            | DamaError::Internal { detail } => f.write_str(detail),
            DamaError::Cancelled => f.write_str("search cancelled"),
        }
    }
}

impl std::error::Error for DamaError {}

fn notation_error(e: NotationError) -> DamaError {
    match e {
        NotationError::NoSuchMove(_) => DamaError::IllegalMove {
            detail: e.to_string(),
        },
        _ => DamaError::BadNotation {
            detail: e.to_string(),
        },
    }
}

fn rules_error(e: dama_core::RulesError) -> DamaError {
    DamaError::BadRules {
        detail: e.to_string(),
    }
}

fn record_error(e: RecordError) -> DamaError {
    match e {
        RecordError::Move { error, .. } => notation_error(error),
        RecordError::AfterEnd { .. } => DamaError::GameOver {
            detail: e.to_string(),
        },
        _ => DamaError::CorruptRecord {
            detail: e.to_string(),
        },
    }
}

fn play_error(e: PlayError) -> DamaError {
    match e {
        PlayError::GameOver(o) => DamaError::GameOver {
            detail: o.to_string(),
        },
        PlayError::IllegalMove => DamaError::IllegalMove {
            detail: e.to_string(),
        },
    }
}

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

fn label(pos: &Position, p: Point) -> String {
    pos.geometry().label(p)
}

fn to_game_move(pos: &Position, d: &LegalMove) -> GameMove {
    let (first, last) = (d.path[0], d.path[d.path.len() - 1]);
    GameMove {
        notation: d.notation.clone(),
        start: label(pos, first),
        end: label(pos, last),
        capture_count: d.mv.captured().len() as u32,
        promotes: d.mv.promotes(),
        huff: d.mv.huff().map(|p| label(pos, p)),
        route_count: d.routes.len() as u32,
    }
}

fn to_detail(pos: &Position, d: &LegalMove) -> MoveDetail {
    let labels = |r: &[Point]| r.iter().map(|&p| label(pos, p)).collect::<Vec<_>>();
    MoveDetail {
        notation: d.notation.clone(),
        path: labels(&d.path),
        routes: d.routes.iter().map(|r| labels(r)).collect(),
        captured: labels(&d.mv.captured()),
        promotes: d.mv.promotes(),
        huff: d.mv.huff().map(|p| label(pos, p)),
    }
}

fn parse_point(pos: &Position, label: &str) -> Result<Point, DamaError> {
    notation::parse_point(pos.geometry(), label).map_err(|e| DamaError::BadPosition {
        detail: e.to_string(),
    })
}

fn board_piece(pos: &Position, p: Point) -> Option<BoardPiece> {
    pos.piece_at(p).map(|pc| BoardPiece {
        point: label(pos, p),
        side: pc.color,
        king: pc.role == Role::King,
    })
}

fn to_result(o: &Outcome) -> GameResult {
    GameResult {
        winner: o.winner(),
        reason: o.reason(),
        code: o.reason().code().into(),
        description: o.reason().describe().into(),
    }
}

/// One game in progress: position, history, undo/redo, save and load.
#[derive(uniffi::Object)]
pub struct GameSession {
    session: Mutex<Session>,
}

impl GameSession {
    fn of(record: GameRecord) -> GameSession {
        GameSession {
            session: Mutex::new(Session::from_record(record)),
        }
    }

    fn starting(rules: Rules, position: Option<String>) -> Result<Arc<GameSession>, DamaError> {
        let start = match position {
            Some(code) => {
                Position::from_code(rules, &code).map_err(|e| DamaError::BadPosition {
                    detail: e.to_string(),
                })?
            }
            None => Position::start(rules),
        };
        Ok(Arc::new(GameSession::of(GameRecord::from_position(start))))
    }

    fn lock(&self) -> MutexGuard<'_, Session> {
        // A panic while the lock was held cannot leave the record half-changed (every
        // change replaces whole values), so a poisoned lock is still usable.
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[uniffi::export]
impl GameSession {
    /// A new game with `key=value` options, from the start or from a position code.
    #[uniffi::constructor]
    pub fn new(
        game: Game,
        options: Vec<String>,
        position: Option<String>,
    ) -> Result<Arc<GameSession>, DamaError> {
        let rules = Rules::with_options(game, &options).map_err(rules_error)?;
        GameSession::starting(rules, position)
    }

    /// A new game with typed options, from the start or from a position code.
    #[uniffi::constructor]
    pub fn with_rules(
        game: Game,
        options: RuleOptions,
        position: Option<String>,
    ) -> Result<Arc<GameSession>, DamaError> {
        let rules = Rules::from_options(game, &options).map_err(rules_error)?;
        GameSession::starting(rules, position)
    }

    /// A game loaded from [`GameSession::save`]'s text.
    #[uniffi::constructor]
    pub fn load(record: String) -> Result<Arc<GameSession>, DamaError> {
        let rec = GameRecord::from_json(&record).map_err(|e| DamaError::CorruptRecord {
            detail: e.to_string(),
        })?;
        Ok(Arc::new(GameSession::of(rec)))
    }

    /// A game imported from PDN.
    #[uniffi::constructor]
    pub fn import_pdn(text: String) -> Result<Arc<GameSession>, DamaError> {
        let rec = GameRecord::from_pdn(&text).map_err(record_error)?;
        Ok(Arc::new(GameSession::of(rec)))
    }

    /// The game.
    pub fn game(&self) -> Game {
        self.lock().rules().game()
    }

    /// The options in force (`key=value`, defaults left out).
    pub fn options(&self) -> Vec<String> {
        self.lock().rules().options()
    }

    /// The options in force, typed.
    pub fn rule_options(&self) -> RuleOptions {
        self.lock().rules().rule_options()
    }

    /// The board to draw.
    pub fn geometry(&self) -> BoardGeometry {
        let g = self.lock().rules().geometry();
        BoardGeometry {
            size: g.size(),
            squares: g.kind() == dama_core::BoardKind::Squares8,
            points: g
                .points()
                .iter()
                .map(|&p| {
                    let (file, rank) = g.coords(p);
                    BoardPoint {
                        label: g.label(p),
                        file,
                        rank,
                    }
                })
                .collect(),
            lines: g
                .lines()
                .iter()
                .map(|l| BoardLine {
                    from: g.label(l.a),
                    to: g.label(l.b),
                })
                .collect(),
        }
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.lock().position().side_to_move()
    }

    /// Every piece on the board.
    pub fn pieces(&self) -> Vec<BoardPiece> {
        let r = self.lock();
        let pos = r.position();
        let g = pos.geometry();
        g.points()
            .iter()
            .filter_map(|&p| board_piece(pos, p))
            .collect()
    }

    /// The piece on a point, if any.
    pub fn piece_at(&self, point: String) -> Result<Option<BoardPiece>, DamaError> {
        let r = self.lock();
        let pos = r.position();
        let p = parse_point(pos, &point)?;
        Ok(board_piece(pos, p))
    }

    /// Every legal move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<GameMove> {
        let r = self.lock();
        let pos = r.position();
        r.legal_moves()
            .iter()
            .map(|d| to_game_move(pos, d))
            .collect()
    }

    /// The legal moves of the piece on `point` (what a tap needs).
    pub fn moves_from(&self, point: String) -> Result<Vec<GameMove>, DamaError> {
        let r = self.lock();
        let pos = r.position();
        let p = parse_point(pos, &point)?;
        Ok(r.moves_from(p).map(|d| to_game_move(pos, d)).collect())
    }

    /// One legal move in full (its route, captured points and every route it stands for),
    /// by its notation as [`GameSession::legal_moves`] lists it or any notation `play` takes.
    pub fn move_detail(&self, notation: String) -> Result<MoveDetail, DamaError> {
        let r = self.lock();
        let d = r.find(&notation).map_err(notation_error)?;
        Ok(to_detail(r.position(), &d))
    }

    /// Plays a move given in notation (a full route, or start-end when unambiguous).
    pub fn play(&self, notation: String) -> Result<MoveDetail, DamaError> {
        let mut r = self.lock();
        if let Some(o) = r.outcome() {
            return Err(DamaError::GameOver {
                detail: o.to_string(),
            });
        }
        let pos = r.position().clone();
        let d = r.play_notation(&notation).map_err(record_error)?;
        Ok(to_detail(&pos, &d))
    }

    /// Plays the move whose route is `path` (start and landing points), under one lock:
    /// no other thread can play between finding the move and playing it.
    pub fn play_path(&self, path: Vec<String>) -> Result<MoveDetail, DamaError> {
        if path.len() < 2 {
            return Err(DamaError::BadNotation {
                detail: "a path needs at least two points".into(),
            });
        }
        let mut r = self.lock();
        if let Some(o) = r.outcome() {
            return Err(DamaError::GameOver {
                detail: o.to_string(),
            });
        }
        let pos = r.position().clone();
        let points = path
            .iter()
            .map(|l| {
                notation::parse_point(pos.geometry(), l).map_err(|e| DamaError::BadNotation {
                    detail: e.to_string(),
                })
            })
            .collect::<Result<Vec<Point>, DamaError>>()?;
        let d = if r.move_with_route(&points).is_some() {
            r.play_route(&points).map_err(play_error)?
        } else {
            // Not a full route: start-end, which the notation resolves when unambiguous.
            r.play_notation(&path.join("-")).map_err(record_error)?
        };
        Ok(to_detail(&pos, &d))
    }

    /// Takes back one ply.
    pub fn undo(&self) -> bool {
        self.lock().undo()
    }

    /// Replays one undone ply.
    pub fn redo(&self) -> bool {
        self.lock().redo()
    }

    /// A ply can be taken back.
    pub fn can_undo(&self) -> bool {
        self.lock().record().can_undo()
    }

    /// An undone ply can be replayed.
    pub fn can_redo(&self) -> bool {
        self.lock().record().can_redo()
    }

    /// The moves played, in notation.
    pub fn move_history(&self) -> Vec<String> {
        self.lock()
            .record()
            .moves()
            .into_iter()
            .map(String::from)
            .collect()
    }

    /// The current position code.
    pub fn position_code(&self) -> String {
        self.lock().position().to_code()
    }

    /// The record as text for [`GameSession::load`].
    pub fn save(&self) -> String {
        self.lock().record().to_json()
    }

    /// The record as PDN.
    pub fn export_pdn(&self) -> String {
        pdn::export(self.lock().record(), &pdn::PdnTags::default())
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.lock().outcome().map(|o| to_result(&o))
    }

    /// The side to move resigns.
    pub fn resign(&self) -> Result<(), DamaError> {
        let mut r = self.lock();
        let side = r.position().side_to_move();
        r.resign(side).map_err(play_error)
    }

    /// The players agree to a draw.
    pub fn agree_draw(&self) -> Result<(), DamaError> {
        self.lock().agree_draw().map_err(play_error)
    }
}

/// A cancellation flag shared between the caller and a running search.
#[derive(uniffi::Object, Default)]
pub struct SearchCancel {
    flag: AtomicBool,
}

#[uniffi::export]
impl SearchCancel {
    /// A flag, not set.
    #[uniffi::constructor]
    pub fn new() -> Arc<SearchCancel> {
        Arc::new(SearchCancel::default())
    }

    /// Asks the search to stop (from any thread).
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Clears the flag for the next search.
    pub fn reset(&self) {
        self.flag.store(false, Ordering::Relaxed);
    }

    /// Whether cancellation was asked.
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

fn ai_error(e: AiError) -> DamaError {
    match e {
        AiError::Cancelled => DamaError::Cancelled,
        AiError::GameOver(o) => DamaError::GameOver {
            detail: o.to_string(),
        },
    }
}

/// The AI, with its own transposition table (memory bounded by `table_mib`).
#[derive(uniffi::Object)]
pub struct AiPlayer {
    engine: Mutex<Engine>,
}

impl AiPlayer {
    fn engine(&self) -> MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The core's search root for the session's position (taken under its lock, so the
    /// search runs without holding it).
    fn root(session: &GameSession) -> Result<Root, DamaError> {
        Root::of(&session.lock()).map_err(ai_error)
    }

    fn run(
        &self,
        session: &GameSession,
        cancel: &SearchCancel,
        player: Player,
        seed: u64,
    ) -> Result<SearchReport, DamaError> {
        let root = AiPlayer::root(session)?;
        let r = self
            .engine()
            .play(&root, player, seed, &cancel.flag, |_| {})
            .map_err(ai_error)?;
        let pos = root.position();
        // The session has the chosen move written out already, unless another thread
        // played meanwhile: writing out the routes again cost a big capture position a
        // tenth of a second after the search had used its budget.
        let cached = {
            let s = session.lock();
            (s.position() == pos)
                .then(|| s.legal_moves().iter().find(|d| d.mv == r.best).cloned())
                .flatten()
        };
        let best = cached
            .or_else(|| pos.move_detailed(&r.best))
            .ok_or_else(|| DamaError::Internal {
                detail: "the engine chose a move that is not legal".into(),
            })?;
        let pv = notation::line(pos, &r.info.pv);
        Ok(SearchReport {
            best: to_detail(pos, &best),
            depth: r.info.depth,
            score: r.info.score,
            win_in: r.info.mate_in(),
            nodes: r.info.nodes,
            pv,
        })
    }
}

#[uniffi::export]
impl AiPlayer {
    /// An AI whose table uses at most `table_mib` MiB (1–1024; 32 suits phones).
    #[uniffi::constructor]
    pub fn new(table_mib: u32) -> Arc<AiPlayer> {
        Arc::new(AiPlayer {
            engine: Mutex::new(Engine::new(table_mib.clamp(1, 1024) as usize)),
        })
    }

    /// The move of app level 1–8 (`budget_ms` per move at level 8), reproducible for `seed`.
    pub fn choose_move(
        &self,
        session: Arc<GameSession>,
        level: u8,
        budget_ms: u64,
        seed: u64,
        cancel: Arc<SearchCancel>,
    ) -> Result<SearchReport, DamaError> {
        let mut l = Level::new(level);
        l.budget = Duration::from_millis(budget_ms.clamp(10, 600_000));
        self.run(&session, &cancel, Player::Level(l), seed)
    }

    /// A search with explicit limits (any may be left out; none means one second).
    pub fn search(
        &self,
        session: Arc<GameSession>,
        depth: Option<u32>,
        movetime_ms: Option<u64>,
        nodes: Option<u64>,
        cancel: Arc<SearchCancel>,
    ) -> Result<SearchReport, DamaError> {
        let limits = Limits {
            depth: depth.map(|d| d.clamp(1, 64)),
            nodes: nodes.map(|n| n.max(1)),
            movetime: movetime_ms.map(Duration::from_millis),
            variety: 0,
        };
        self.run(&session, &cancel, Player::Limits(limits), 0)
    }

    /// The best move for the side to move, with a short line.
    pub fn hint(
        &self,
        session: Arc<GameSession>,
        budget_ms: u64,
        cancel: Arc<SearchCancel>,
    ) -> Result<SearchReport, DamaError> {
        let budget = Duration::from_millis(budget_ms.clamp(10, 600_000));
        self.run(&session, &cancel, Player::hint(budget), 0)
    }

    /// Whether the computer accepts a draw offered by the player to move: the
    /// same judgement as the app's, by a search of a fixed size (about a tenth of a second
    /// on a phone). Agree with `GameSession::agree_draw` when it does.
    pub fn accepts_draw(
        &self,
        session: Arc<GameSession>,
        cancel: Arc<SearchCancel>,
    ) -> Result<bool, DamaError> {
        let root = AiPlayer::root(&session)?;
        self.engine()
            .judge_draw_offer(&root, &cancel.flag)
            .map_err(ai_error)
    }

    /// Reviews the session's game from its start, `nodes` per position (0: the app's
    /// default), as the app's review and `dama analyse` do. Cancellable.
    pub fn analyse(
        &self,
        session: Arc<GameSession>,
        nodes: u64,
        cancel: Arc<SearchCancel>,
    ) -> Result<GameReview, DamaError> {
        let record = session.lock().record().clone();
        let nodes = if nodes == 0 {
            analysis::DEFAULT_NODES
        } else {
            nodes.min(100_000_000)
        };
        let a = analysis::analyse(&mut self.engine(), &record, nodes, &cancel.flag, |_, _| {})
            .map_err(ai_error)?;
        Ok(GameReview {
            scores: a.scores,
            moves: a
                .moves
                .into_iter()
                .map(|m| ReviewedMove {
                    played: m.played,
                    best: m.best,
                    loss: m.loss,
                    judgement: match m.judgement {
                        Judgement::Good => MoveJudgement::Good,
                        Judgement::Mistake => MoveJudgement::Mistake,
                        Judgement::Blunder => MoveJudgement::Blunder,
                    },
                })
                .collect(),
            best_last: a.best_last,
        })
    }

    /// Forgets what earlier searches learned (call on a new game).
    pub fn clear(&self) {
        self.engine().clear()
    }
}
