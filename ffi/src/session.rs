//! [`GameSession`]: one game in play, and the conversions of its moves, pieces and results
//! into the API's records.

use crate::error::{notation_error, play_error, record_error, rules_error};
use crate::types::*;
use crate::DamaError;
use dama_core::notation;
use dama_core::position::Role;
use dama_core::record::{pdn, GameRecord};
use dama_core::rules::RuleOptions;
use dama_core::session::Session;
use dama_core::{LegalMove, Outcome, Point, Position, Rules};
use std::sync::{Arc, Mutex, MutexGuard};

pub(crate) fn label(pos: &Position, p: Point) -> String {
    pos.geometry().label(p)
}

pub(crate) fn to_game_move(pos: &Position, d: &LegalMove) -> GameMove {
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

pub(crate) fn to_detail(pos: &Position, d: &LegalMove) -> MoveDetail {
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

pub(crate) fn parse_point(pos: &Position, label: &str) -> Result<Point, DamaError> {
    notation::parse_point(pos.geometry(), label).map_err(|e| DamaError::BadPosition {
        detail: e.to_string(),
    })
}

pub(crate) fn board_piece(pos: &Position, p: Point) -> Option<BoardPiece> {
    pos.piece_at(p).map(|pc| BoardPiece {
        point: label(pos, p),
        side: pc.color,
        king: pc.role == Role::King,
    })
}

pub(crate) fn to_result(o: &Outcome) -> GameResult {
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

    pub(crate) fn lock(&self) -> MutexGuard<'_, Session> {
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
