//! Tap-to-move: a state machine over the core's legal moves, without any UI code.
//!
//! * Tap a piece that can move: it is selected and its destinations light up.
//! * Tap a destination that ends exactly one of its moves: that move is played.
//! * When several routes end on the tapped point (other captured pieces, another promotion),
//!   the landing points are tapped in order to choose the route, step by step.
//! * Tapping the selected piece again, or an empty point that leads nowhere, cancels.
//! * Under huffing (R-Z14), a liable enemy piece is tapped first to remove it (automatic when
//!   there is only one), then the move continues in the resulting position. The removal is
//!   part of the move (`[xd4] e6-e5`), so until the move is made the choice is only pending:
//!   tapping the removed piece again takes the choice back, tapping another liable piece
//!   changes it.

use dama_core::{LegalMove, Point, Session};
use std::sync::Arc;

mod marks;

pub use marks::Mark;

/// What a tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tap {
    /// Nothing changed.
    Ignored,
    /// A piece is now selected (or the selection changed).
    Selected(Point),
    /// The selection was cancelled.
    Cancelled,
    /// A liable piece was chosen for removal (or the choice changed to it).
    HuffChosen(Point),
    /// The piece chosen for removal was tapped again: the choice is taken back.
    HuffCancelled,
    /// The route being built went one landing point further.
    Extended,
    /// Several routes end on this point: tap the landing points in order.
    Ambiguous(Point),
    /// The move at this index of the session's legal moves is to be played.
    Play(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    Idle,
    Selected {
        from: Point,
        /// Landing points chosen so far.
        prefix: Vec<Point>,
        /// The end point the player asked for, when several routes end there.
        target: Option<Point>,
    },
}

/// The selection over one position's legal moves (the session's list, shared, not copied).
pub struct Selection {
    moves: Arc<[LegalMove]>,
    own: Vec<Point>,
    huffs: Vec<Point>,
    huff: Option<Point>,
    compulsory: bool,
    state: State,
}

impl Selection {
    /// A fresh selection over the session's legal moves (none once the game is over).
    pub fn new(session: &Session) -> Selection {
        let pos = session.position();
        let moves = session.legal_moves_shared();
        let mut huffs: Vec<Point> = moves.iter().filter_map(|d| d.mv.huff()).collect();
        huffs.sort();
        huffs.dedup();
        let huff = (huffs.len() == 1).then(|| huffs[0]);
        let rules = pos.rules();
        let compulsory = rules.capture_forced();
        let g = pos.geometry();
        let own = g
            .points()
            .iter()
            .copied()
            .filter(|&p| {
                pos.piece_at(p)
                    .is_some_and(|pc| pc.color == pos.side_to_move())
            })
            .collect();
        Selection {
            moves,
            own,
            huffs,
            huff,
            compulsory,
            state: State::Idle,
        }
    }

    /// The moves still open (after the huff choice).
    fn open(&self) -> impl Iterator<Item = &LegalMove> {
        self.moves
            .iter()
            .filter(move |d| self.huff.is_none() || d.mv.huff() == self.huff)
    }

    /// The selected piece.
    pub fn selected(&self) -> Option<Point> {
        match &self.state {
            State::Selected { from, .. } => Some(*from),
            State::Idle => None,
        }
    }

    /// The route built so far: the selected piece and the landing points chosen.
    pub fn route_so_far(&self) -> Vec<Point> {
        match &self.state {
            State::Selected { from, prefix, .. } => std::iter::once(*from)
                .chain(prefix.iter().copied())
                .collect(),
            State::Idle => Vec::new(),
        }
    }

    /// Whether a move may end where the route built so far ends (a landing point has been
    /// chosen and some legal move ends there): tapping it again plays that move. Never under
    /// Turkish Dama (R-T6) nor with `capture=compulsory` (R-Z13) while the capture can go on.
    pub fn may_stop_here(&self) -> bool {
        match &self.state {
            State::Selected { from, prefix, .. } => {
                !prefix.is_empty() && !self.ending_at(*from, prefix).is_empty()
            }
            State::Idle => false,
        }
    }

    /// The routes of the selected piece that fit the landing points chosen so far (and the
    /// asked end point), with the index of their move.
    fn fitting(&self) -> Vec<(&Vec<Point>, usize)> {
        let State::Selected {
            from,
            prefix,
            target,
        } = &self.state
        else {
            return Vec::new();
        };
        let mut v = Vec::new();
        for (i, d) in self.moves.iter().enumerate() {
            if d.mv.from() != *from || (self.huff.is_some() && d.mv.huff() != self.huff) {
                continue;
            }
            for r in &d.routes {
                let fits = r.len() > prefix.len() + 1 && r[1..=prefix.len()] == prefix[..];
                let ends = target.is_none_or(|t| r.last() == Some(&t));
                if fits && ends {
                    v.push((r, i));
                }
            }
        }
        v
    }

    /// The moves of the piece on `from` with a route that ends exactly after `prefix`.
    fn ending_at(&self, from: Point, prefix: &[Point]) -> Vec<usize> {
        let at = prefix.len() + 1;
        self.moves
            .iter()
            .enumerate()
            .filter(|(_, d)| {
                d.mv.from() == from
                    && (self.huff.is_none() || d.mv.huff() == self.huff)
                    && d.routes
                        .iter()
                        .any(|r| r.len() == at && r[1..] == prefix[..])
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// The move a finished route stands for, if exactly one: its index in the list.
    fn only_move(&self, ends: &[usize]) -> Option<usize> {
        let mut ids: Vec<usize> = ends.to_vec();
        ids.sort();
        ids.dedup();
        (ids.len() == 1).then(|| ids[0])
    }

    #[cfg(test)]
    /// The legal move at `index` (what [`Tap::Play`] names).
    pub fn move_at(&self, index: usize) -> Option<&LegalMove> {
        self.moves.get(index)
    }

    /// Handles a tap on a point.
    pub fn tap(&mut self, p: Point) -> Tap {
        if self.moves.is_empty() {
            return Tap::Ignored;
        }
        if !self.huff_choices().is_empty() {
            return if self.huffs.contains(&p) {
                self.huff = Some(p);
                Tap::HuffChosen(p)
            } else {
                Tap::Ignored
            };
        }
        // A liable piece while the choice is pending: change it or take it back. Not where
        // the selected piece may go (the removed piece's point is empty, a move may land
        // there), and not when there was no choice to make.
        let liable = self.huffs.len() > 1 && self.huffs.contains(&p);
        if liable && !self.marks().iter().any(|&(q, _)| q == p) {
            self.state = State::Idle;
            return if self.huff == Some(p) {
                self.huff = None;
                Tap::HuffCancelled
            } else {
                self.huff = Some(p);
                Tap::HuffChosen(p)
            };
        }
        let State::Selected {
            from,
            prefix,
            target,
        } = self.state.clone()
        else {
            return self.select(p);
        };
        let at = prefix.len() + 1;
        let fitting = self.fitting();
        // The selected piece again cancels, unless a capture ends back on its own square.
        let comes_back = fitting.iter().any(|(r, _)| r.last() == Some(&from));
        if p == from && prefix.is_empty() && target.is_none() && !comes_back {
            self.state = State::Idle;
            return Tap::Cancelled;
        }
        // Tapping where the route built so far ends: stop there.
        if prefix.last() == Some(&p) {
            let here = self.ending_at(from, &prefix);
            if let Some(m) = self.only_move(&here) {
                self.state = State::Idle;
                return Tap::Play(m);
            }
        }
        // The next landing point of some routes.
        let direct: Vec<(&Vec<Point>, usize)> = fitting
            .iter()
            .filter(|(r, _)| r[at] == p)
            .copied()
            .collect();
        if !direct.is_empty() {
            let stops: Vec<usize> = direct
                .iter()
                .filter(|(r, _)| r.len() == at + 1)
                .map(|&(_, i)| i)
                .collect();
            let continues = direct.iter().any(|(r, _)| r.len() > at + 1);
            if !continues {
                if let Some(m) = self.only_move(&stops) {
                    self.state = State::Idle;
                    return Tap::Play(m);
                }
            }
            let mut prefix = prefix;
            prefix.push(p);
            self.state = State::Selected {
                from,
                prefix,
                target,
            };
            return self.play_if_decided().unwrap_or(Tap::Extended);
        }
        // A point further away: the end of exactly one move plays it.
        let ends: Vec<usize> = fitting
            .iter()
            .filter(|(r, _)| r.last() == Some(&p))
            .map(|&(_, i)| i)
            .collect();
        if let Some(m) = self.only_move(&ends) {
            self.state = State::Idle;
            return Tap::Play(m);
        }
        if !ends.is_empty() {
            // Several routes end here: narrow to them and let the player choose the way.
            self.state = State::Selected {
                from,
                prefix,
                target: Some(p),
            };
            return self.advance_forced(p);
        }
        if p == from {
            // Start the route again.
            self.state = State::Selected {
                from,
                prefix: Vec::new(),
                target: None,
            };
            return Tap::Selected(from);
        }
        self.select(p)
    }

    /// Plays the move once the route built so far leaves only one: every route that goes on
    /// belongs to one move and the route cannot also stop where it is.
    fn play_if_decided(&mut self) -> Option<Tap> {
        let State::Selected {
            from,
            prefix,
            target,
        } = &self.state
        else {
            return None;
        };
        // With an end point chosen, stopping on the way is no longer wanted.
        let stops_here = target.is_none() && !self.ending_at(*from, prefix).is_empty();
        if stops_here {
            return None;
        }
        let ids: Vec<usize> = self.fitting().iter().map(|&(_, i)| i).collect();
        let m = self.only_move(&ids)?;
        self.state = State::Idle;
        Some(Tap::Play(m))
    }

    /// The end point the player asked for, while several routes lead there.
    pub fn target(&self) -> Option<Point> {
        match &self.state {
            State::Selected { target, .. } => *target,
            State::Idle => None,
        }
    }

    /// After an ambiguous end point: take the landing points that every remaining route
    /// shares, so the player only taps where the routes really part.
    fn advance_forced(&mut self, target: Point) -> Tap {
        loop {
            let State::Selected { from, prefix, .. } = self.state.clone() else {
                return Tap::Ignored;
            };
            let at = prefix.len() + 1;
            let fitting = self.fitting();
            let mut next: Vec<Point> = fitting
                .iter()
                .filter(|(r, _)| r.len() > at + 1)
                .map(|(r, _)| r[at])
                .collect();
            next.sort();
            next.dedup();
            if next.len() != 1 || fitting.iter().any(|(r, _)| r.len() == at + 1) {
                return Tap::Ambiguous(target);
            }
            let mut prefix = prefix;
            prefix.push(next[0]);
            self.state = State::Selected {
                from,
                prefix,
                target: Some(target),
            };
            let ends: Vec<usize> = self.fitting().iter().map(|&(_, i)| i).collect();
            if let Some(m) = self.only_move(&ends) {
                self.state = State::Idle;
                return Tap::Play(m);
            }
        }
    }

    fn select(&mut self, p: Point) -> Tap {
        if self.movable().contains(&p) {
            self.state = State::Selected {
                from: p,
                prefix: Vec::new(),
                target: None,
            };
            Tap::Selected(p)
        } else if self.state != State::Idle {
            self.state = State::Idle;
            Tap::Cancelled
        } else {
            Tap::Ignored
        }
    }

    /// `true` when `p` holds a piece of the side to move.
    pub fn is_own(&self, p: Point) -> bool {
        self.own.contains(&p)
    }
}

#[cfg(test)]
mod tests;
