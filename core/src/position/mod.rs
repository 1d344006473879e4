//! A validated position of any game: pieces, side to move, clocks and the rule memory
//! (R-Z6 no-return, R-Z14 huff), with its Zobrist hash kept up to date.

pub(crate) mod movegen;

use crate::geometry::{Bits, Direction, Geometry, Point};
use crate::moves::LegalMove;
use crate::moves::{Move, NO_POINT};
use crate::outcome::{Outcome, Reason};
use crate::rules::{Color, Family, Rules};
use crate::zobrist;
use std::fmt;

/// Man or king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A man.
    Man,
    /// A king: Turkish "dama", Zamma "Mullah".
    King,
}

/// A piece: colour and role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

/// The error of [`Position::play`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is already over.
    GameOver(Outcome),
    /// The move is not among the legal moves of the position.
    IllegalMove,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over ({o})"),
            PlayError::IllegalMove => f.write_str("illegal move"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A legal position of one game. Built by [`Position::start`] or validated from a
/// position code ([`Position::from_code`]); changed only by legal moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) rules: Rules,
    pub(crate) pieces: [u128; 2],
    pub(crate) kings: u128,
    pub(crate) side: Color,
    pub(crate) clock: u16,
    /// Each side's previous move (from, to) for R-Z6; `NO_POINT` when none.
    pub(crate) last: [(u8, u8); 2],
    /// Pieces of the side not to move that are liable to removal (R-Z14).
    pub(crate) huff: u128,
    /// Hash of the placement and the side to move (what repetition compares).
    pub(crate) hash: u64,
}

impl Position {
    /// The start position of the game (R-T2, R-Z3, R-Z4).
    pub fn start(rules: Rules) -> Position {
        let g = rules.geometry();
        let mut white = 0u128;
        let mut black = 0u128;
        let side = if !rules.family().first_player_chosen() {
            white = g.rank_mask(1) | g.rank_mask(2);
            black = g.rank_mask(5) | g.rank_mask(6);
            Color::White
        } else {
            let mid = g.size() / 2;
            for &p in g.points() {
                let (f, r) = g.coords(p);
                if r < mid || (r == mid && f > mid) {
                    white |= p.bit();
                } else if r > mid || (r == mid && f < mid) {
                    black |= p.bit();
                }
            }
            rules.first()
        };
        Position::from_parts(
            rules,
            [white, black],
            0,
            side,
            0,
            [(NO_POINT, NO_POINT); 2],
            0,
        )
    }

    pub(crate) fn from_parts(
        rules: Rules,
        pieces: [u128; 2],
        kings: u128,
        side: Color,
        clock: u16,
        last: [(u8, u8); 2],
        huff: u128,
    ) -> Position {
        let mut p = Position {
            rules,
            pieces,
            kings,
            side,
            clock,
            last,
            huff,
            hash: 0,
        };
        p.hash = p.compute_hash();
        p
    }

    /// The placement hash computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in 0..2 {
            for i in Bits(self.pieces[c]) {
                h ^= zobrist::piece(c, self.kings >> i & 1 == 1, i);
            }
        }
        if self.side == Color::Black {
            h ^= zobrist::side();
        }
        h
    }

    /// The rules in force.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board geometry.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.rules.geometry()
    }

    /// Whose turn it is.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Plies counted toward the clock rule (R-T11, R-Z17).
    #[inline]
    pub fn clock(&self) -> u16 {
        self.clock
    }

    /// The pieces of one side as a bitboard of point indices.
    #[inline]
    pub fn pieces(&self, c: Color) -> u128 {
        self.pieces[c.index()]
    }

    /// All kings of both sides as a bitboard.
    #[inline]
    pub fn kings(&self) -> u128 {
        self.kings
    }

    /// Number of pieces of one side.
    #[inline]
    pub fn count(&self, c: Color) -> u32 {
        self.pieces[c.index()].count_ones()
    }

    /// The piece on a point.
    pub fn piece_at(&self, p: Point) -> Option<Piece> {
        let bit = p.bit();
        let role = if self.kings & bit != 0 {
            Role::King
        } else {
            Role::Man
        };
        if self.pieces[0] & bit != 0 {
            Some(Piece {
                color: Color::White,
                role,
            })
        } else if self.pieces[1] & bit != 0 {
            Some(Piece {
                color: Color::Black,
                role,
            })
        } else {
            None
        }
    }

    /// A side's previous move as (from, to), remembered for R-Z6.
    pub fn last_move(&self, c: Color) -> Option<(Point, Point)> {
        let (f, t) = self.last[c.index()];
        (f != NO_POINT).then_some((Point(f), Point(t)))
    }

    /// Pieces of the side not to move that must be huffed first (R-Z14).
    pub fn liable(&self) -> Vec<Point> {
        Bits(self.huff).map(Point).collect()
    }

    /// Hash of the placement and side to move only (what repetition compares, R-T11, R-Z17).
    #[inline]
    pub fn placement_hash(&self) -> u64 {
        self.hash
    }

    /// Full Zobrist key: placement, side, R-Z6 memory and pending huff (not the clock).
    pub fn key(&self) -> u64 {
        let mut k = self.hash;
        for c in 0..2 {
            let (f, t) = self.last[c];
            if f != NO_POINT {
                k ^= zobrist::last_move(c, f, t);
            }
        }
        if self.huff != 0 {
            k ^= zobrist::huff(self.huff);
        }
        k
    }

    /// `true` once the clock rule has ended the game (R-T11, R-Z17).
    #[inline]
    pub fn clock_expired(&self) -> bool {
        self.clock >= self.rules.clock_limit()
    }

    /// Fills `out` with the moves the rules allow here, ignoring whether the game has ended
    /// by a clock or one-piece rule. Never allocates once `out` has grown.
    #[inline]
    pub fn generate_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.rules.family() {
            Family::Turkish => movegen::turkish::generate(self, out),
            Family::Zamma => movegen::zamma::generate(self, out),
        }
    }

    /// [`Position::generate_moves`] that gives up once `stop` says so, where a generation
    /// can take milliseconds (Damma); the moves are then incomplete and must be discarded.
    #[inline]
    pub(crate) fn generate_moves_until(&self, out: &mut Vec<Move>, stop: &dyn Fn() -> bool) {
        out.clear();
        match self.rules.family() {
            Family::Turkish => movegen::turkish::generate(self, out),
            Family::Zamma => movegen::zamma::generate_until(self, out, stop),
        }
    }

    /// The legal moves (R-0.7 merged). Empty when the game has ended by a clock (R-0.7a)
    /// or because the side to move cannot move. Turkish "king versus lone man" positions
    /// still list their moves (see [`Position::outcome`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        if !self.clock_expired() {
            crate::stats::generation();
            self.generate_moves(&mut v);
        }
        v
    }

    /// The legal moves with their canonical paths (the smallest notation of each merged
    /// move, R-0.7), for notation and for drawing.
    pub fn legal_moves_detailed(&self) -> Vec<LegalMove> {
        if self.clock_expired() {
            return Vec::new();
        }
        movegen::detailed(self)
    }

    /// The canonical path of a legal move: start, every landing point.
    pub fn move_path(&self, m: &Move) -> Option<Vec<Point>> {
        self.move_detailed(m).map(|d| d.path)
    }

    /// A legal move (by its identity) with its routes and canonical notation, without
    /// writing out the notation of every other legal move.
    pub fn move_detailed(&self, m: &Move) -> Option<LegalMove> {
        if self.clock_expired() {
            return None;
        }
        movegen::detailed_move(self, m)
    }

    /// Plays a legal move and returns the new position.
    pub fn play(&self, m: &Move) -> Result<Position, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        let legal = self.legal_moves();
        let found = legal
            .iter()
            .find(|l| *l == m)
            .ok_or(PlayError::IllegalMove)?;
        let mut next = self.clone();
        next.play_unchecked(found);
        Ok(next)
    }

    /// `true` when later moves can undo `m`: no capture, huff or promotion, and a king's
    /// move or a man's move along its rank (Turkish sideways, R-T3). Positions before an
    /// irreversible move can never recur, so repetition looks back only over reversible ones.
    #[inline]
    pub(crate) fn is_reversible(&self, m: &Move) -> bool {
        let g = self.geometry();
        // A man's step along its row goes E or W (table lookups: this runs at every node).
        m.captured == 0
            && m.huff == NO_POINT
            && !m.promote
            && (self.kings >> m.from & 1 == 1
                || g.neighbour_raw(m.from, Direction::E as usize) == m.to
                || g.neighbour_raw(m.from, Direction::W as usize) == m.to)
    }

    /// Plays a move produced by [`Position::generate_moves`] for this position.
    #[inline]
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.side.index();
        let them = 1 - us;
        let mut h = self.hash;
        if m.huff != NO_POINT {
            let hb = 1u128 << m.huff;
            h ^= zobrist::piece(them, self.kings & hb != 0, m.huff);
            self.pieces[them] &= !hb;
            self.kings &= !hb;
        }
        // Captures first: a capture route may end on a point whose piece it took.
        if m.captured != 0 {
            for c in Bits(m.captured) {
                h ^= zobrist::piece(them, self.kings >> c & 1 == 1, c);
            }
            self.pieces[them] &= !m.captured;
            self.kings &= !m.captured;
        }
        let from_bit = 1u128 << m.from;
        let to_bit = 1u128 << m.to;
        let was_king = self.kings & from_bit != 0;
        let king_after = was_king || m.promote;
        h ^= zobrist::piece(us, was_king, m.from) ^ zobrist::piece(us, king_after, m.to);
        self.pieces[us] = (self.pieces[us] & !from_bit) | to_bit;
        self.kings &= !from_bit;
        if king_after {
            self.kings |= to_bit;
        }
        if self.rules.family().has_move_memory() {
            self.last[us] = (m.from, m.to);
            self.huff = m.liable;
        }
        let progress =
            m.captured != 0 || (!was_king && self.rules.family().man_moves_reset_clock());
        self.clock = if progress {
            0
        } else {
            self.clock.saturating_add(1)
        };
        self.side = self.side.other();
        self.hash = h ^ zobrist::side();
    }

    /// The result if the game is over in this position, judged from the position alone
    /// (repetition needs the game's history: see [`crate::GameRecord`]).
    ///
    /// Order: no legal move (R-T9, R-Z16) first, then the one-piece rules (R-T10, R-T11),
    /// then the clock (R-T11, R-Z17).
    pub fn outcome(&self) -> Option<Outcome> {
        crate::stats::generation();
        let mut buf = Vec::new();
        self.generate_moves(&mut buf);
        self.outcome_given(!buf.is_empty())
    }

    /// [`Position::outcome`] for a caller that has generated the moves already (with
    /// [`Position::generate_moves`], which ignores the clocks): `can_move` says whether that
    /// list is non-empty. Saves a generation, which a huge capture position feels.
    pub(crate) fn outcome_given(&self, can_move: bool) -> Option<Outcome> {
        let us = self.side;
        if !can_move {
            let mut buf = Vec::new();
            let no_pieces = self.pieces[us.index()] == 0;
            if self.rules.family().decided_by_count() && !self.opponent_can_move(&mut buf) {
                return Some(self.count_outcome(Reason::BothBlocked));
            }
            return Some(Outcome::Win {
                winner: us.other(),
                reason: if no_pieces {
                    Reason::NoPieces
                } else {
                    Reason::Blocked
                },
            });
        }
        self.outcome_without_moves()
    }

    /// The endings that do not depend on the move list: the one-piece rules (R-T10, R-T11)
    /// and the clocks (R-T11, R-Z17).
    pub(crate) fn outcome_without_moves(&self) -> Option<Outcome> {
        let family = self.rules.family();
        if family.one_piece_each_ends() {
            if let Some(o) = self.one_piece_each() {
                return Some(o);
            }
        }
        if !self.clock_expired() {
            None
        } else if family.decided_by_count() {
            Some(self.count_outcome(Reason::FortyPlies))
        } else {
            Some(Outcome::Draw {
                reason: Reason::FiftyPlies,
            })
        }
    }

    /// R-Z18: decide by count.
    pub(crate) fn count_outcome(&self, reason: Reason) -> Outcome {
        Outcome::by_count(self.count(Color::White), self.count(Color::Black), reason)
    }

    /// What repetition means in this game (R-T11 draw, R-Z17 count).
    pub(crate) fn repetition_outcome(&self) -> Outcome {
        if self.rules.family().decided_by_count() {
            self.count_outcome(Reason::Repetition)
        } else {
            Outcome::Draw {
                reason: Reason::Repetition,
            }
        }
    }

    /// R-Z16: the opponent's moves in this same position, with its own R-Z6 memory, no huff.
    fn opponent_can_move(&self, buf: &mut Vec<Move>) -> bool {
        let mut p = self.clone();
        p.side = self.side.other();
        p.huff = 0;
        crate::stats::generation();
        p.generate_moves(buf);
        !buf.is_empty()
    }

    /// R-T10 and R-T11 one-piece endings.
    fn one_piece_each(&self) -> Option<Outcome> {
        let (w, b) = (self.pieces[0], self.pieces[1]);
        if w.count_ones() != 1 || b.count_ones() != 1 {
            return None;
        }
        if self.rules.lone_man_draw() {
            return Some(Outcome::Draw {
                reason: Reason::OnePieceEach,
            });
        }
        match (self.kings & w != 0, self.kings & b != 0) {
            (true, true) => Some(Outcome::Draw {
                reason: Reason::KingVersusKing,
            }),
            (true, false) => Some(Outcome::Win {
                winner: Color::White,
                reason: Reason::KingVersusLoneMan,
            }),
            (false, true) => Some(Outcome::Win {
                winner: Color::Black,
                reason: Reason::KingVersusLoneMan,
            }),
            (false, false) => None,
        }
    }
}
