//! Tap-to-move: a state machine over the core's legal moves, without any UI code.
//!
//! * Tap a piece that can move: it is selected and its destinations light up.
//! * Tap a destination that ends exactly one of its moves: that move is played.
//! * When several routes end on the tapped point (other captured pieces, another promotion),
//!   the landing points are tapped in order to choose the route, step by step.
//! * Tapping the selected piece again, or an empty point that leads nowhere, cancels.
//! * Under huffing (R-Z14), a liable enemy piece is tapped first to remove it (automatic when
//!   there is only one), then the move continues in the resulting position.

use dama_core::{LegalMove, Point, Session};
use std::sync::Arc;

/// What a tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tap {
    /// Nothing changed.
    Ignored,
    /// A piece is now selected (or the selection changed).
    Selected(Point),
    /// The selection was cancelled.
    Cancelled,
    /// A liable piece was chosen for removal.
    HuffChosen(Point),
    /// The route being built went one landing point further.
    Extended,
    /// Several routes end on this point: tap the landing points in order.
    Ambiguous(Point),
    /// The move at this index of the session's legal moves is to be played.
    Play(usize),
}

/// The kind of a highlighted point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The end of a move of the selected piece.
    Destination,
    /// A landing point on the way (route building).
    Landing,
    /// The end point the player chose while several routes lead there.
    Target,
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

    /// Liable pieces to choose from before moving (R-Z14), empty once chosen.
    pub fn huff_choices(&self) -> Vec<Point> {
        if self.huff.is_none() && self.huffs.len() > 1 {
            self.huffs.clone()
        } else {
            Vec::new()
        }
    }

    /// The liable piece that will be removed first, once known.
    pub fn chosen_huff(&self) -> Option<Point> {
        self.huff
    }

    /// Pieces that can move now.
    pub fn movable(&self) -> Vec<Point> {
        if !self.huff_choices().is_empty() {
            return Vec::new();
        }
        let mut v: Vec<Point> = self.open().map(|d| d.mv.from()).collect();
        v.sort();
        v.dedup();
        v
    }

    /// Pieces that can capture now, whether or not capturing is compulsory.
    pub fn capturers(&self) -> Vec<Point> {
        if !self.huff_choices().is_empty() {
            return Vec::new();
        }
        let mut v: Vec<Point> = self
            .open()
            .filter(|d| d.mv.is_capture())
            .map(|d| d.mv.from())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// Pieces that must capture (captures are compulsory and available).
    pub fn must_capture(&self) -> Vec<Point> {
        if !self.compulsory || !self.open().any(|d| d.mv.is_capture()) {
            return Vec::new();
        }
        self.movable()
    }

    /// The point a tap at `at` meant (board coordinates 0..1, `xy` gives each point's):
    /// the tapped point itself when a tap there does something, else the nearest point where
    /// one does (a piece that can move, a destination or landing point, a liable piece to
    /// remove) within `radius`. Points on a 9×9 board at 360 px are 35 px apart, under the
    /// 48-dp touch guideline: a tap a little off still takes the point the player aimed at.
    pub fn aimed_at(
        &self,
        tapped: Point,
        at: (f32, f32),
        radius: f32,
        xy: impl Fn(Point) -> (f32, f32),
    ) -> Point {
        let mut useful = self.huff_choices();
        if useful.is_empty() {
            useful = self.movable();
            useful.extend(self.marks().into_iter().map(|(p, _)| p));
        }
        if useful.contains(&tapped) {
            return tapped;
        }
        let distance = |p: Point| {
            let (x, y) = xy(p);
            ((x - at.0).powi(2) + (y - at.1).powi(2)).sqrt()
        };
        useful
            .into_iter()
            .map(|p| (distance(p), p))
            .filter(|&(d, _)| d <= radius)
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map_or(tapped, |(_, p)| p)
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

    /// Highlighted points: destinations and, while building a route, the next landing points.
    pub fn marks(&self) -> Vec<(Point, Mark)> {
        let State::Selected { prefix, target, .. } = &self.state else {
            return Vec::new();
        };
        let at = prefix.len() + 1;
        let mut out: Vec<(Point, Mark)> = Vec::new();
        for (r, _) in self.fitting() {
            let end = *r.last().unwrap_or(&r[0]);
            if target.is_none() {
                out.push((end, Mark::Destination));
            }
            if r.len() > at + 1 || target.is_some() {
                out.push((r[at], Mark::Landing));
            }
        }
        // Where the route built so far ends, if a move may stop there.
        if let Some(&last) = prefix.last() {
            let stop = self
                .selected()
                .is_some_and(|from| !self.ending_at(from, prefix).is_empty());
            if stop {
                out.push((last, Mark::Destination));
            }
        }
        if let Some(t) = target {
            out.push((*t, Mark::Target));
        }
        // The chosen end first, then a point that ends a move even if routes pass through it.
        out.sort_by_key(|&(p, m)| (p, m != Mark::Target, m == Mark::Landing));
        out.dedup_by_key(|(p, _)| *p);
        out
    }

    /// The capture routes to draw for the selected piece, and the pieces they capture: all
    /// that can be taken while choosing, only those the chosen route is sure to take once
    /// its end point is chosen.
    pub fn routes(&self) -> (Vec<Vec<Point>>, Vec<Point>) {
        let fitting = self.fitting();
        let mut routes: Vec<Vec<Point>> = Vec::new();
        let mut sets: Vec<Vec<Point>> = Vec::new();
        for (r, i) in fitting {
            let d = &self.moves[i];
            if d.mv.is_capture() {
                if !routes.contains(r) {
                    routes.push(r.clone());
                }
                sets.push(d.mv.captured());
            }
        }
        let mut captured: Vec<Point> = if self.target().is_some() {
            let mut common = sets.first().cloned().unwrap_or_default();
            common.retain(|p| sets.iter().all(|s| s.contains(p)));
            common
        } else {
            sets.concat()
        };
        captured.sort();
        captured.dedup();
        (routes, captured)
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
mod tests {
    use super::*;

    // Issue 24: on a 9×9 board at 360 px the points are 35 px apart; a tap a little off
    // the piece the player aims at still takes it.
    #[test]
    fn a_tap_near_a_useful_point_takes_it() {
        let rules = dama_core::Rules::new(dama_core::GameId::Zamma);
        let pos = dama_core::Position::from_code(rules, "W:Wa1:Bi9").unwrap();
        let game = Session::from_record(dama_core::GameRecord::from_position(pos));
        let g = game.position().geometry();
        let p = |l: &str| g.parse_label(l).unwrap();
        let xy = |q| crate::board_coords::xy(g, q, false);
        let sel = Selection::new(&game);
        let cell = 1.0 / 9.0;
        let radius = 24.0 / 35.0 * cell;
        // Inside c1's cell, 0.4 of a cell towards b1... nothing useful within reach: c1.
        let (cx, cy) = xy(p("c1"));
        assert_eq!(
            sel.aimed_at(p("c1"), (cx - 0.4 * cell, cy), radius, xy),
            p("c1")
        );
        // Inside b1's cell, 0.4 of a cell towards a1 (0.6 cells = 21 px from it): a1.
        let (bx, by) = xy(p("b1"));
        assert_eq!(
            sel.aimed_at(p("b1"), (bx - 0.4 * cell, by), radius, xy),
            p("a1")
        );
        // On a useful point itself: that point, whatever is near.
        let (ax, ay) = xy(p("a1"));
        assert_eq!(sel.aimed_at(p("a1"), (ax, ay), radius, xy), p("a1"));
        // Once a1 is selected, its destinations are useful too: near b2, b2.
        let mut sel = sel;
        sel.tap(p("a1"));
        let (x, y) = xy(p("b2"));
        assert_eq!(
            sel.aimed_at(p("c3"), (x + 0.4 * cell, y - 0.4 * cell), radius, xy),
            p("b2")
        );
    }
    use dama_core::{GameRecord, Position, Rules};

    fn selection(game: &str, options: &[&str], code: &str) -> (Selection, Position) {
        let pos = Position::from_code(Rules::parse(game, options).unwrap(), code).unwrap();
        let session = Session::from_record(GameRecord::from_position(pos.clone()));
        (Selection::new(&session), pos)
    }

    fn pt(pos: &Position, l: &str) -> Point {
        pos.geometry().parse_label(l).unwrap()
    }

    fn played_now(c: &mut Selection, p: Point) -> String {
        let t = c.tap(p);
        played(c, t)
    }

    fn played(c: &Selection, t: Tap) -> String {
        match t {
            Tap::Play(i) => c.move_at(i).unwrap().notation.clone(),
            other => panic!("expected a move, got {other:?}"),
        }
    }

    #[test]
    fn select_shows_destinations_and_plays() {
        let (mut c, pos) = selection("turkish", &[], "W:Wd4:Bh8");
        assert_eq!(c.tap(pt(&pos, "d4")), Tap::Selected(pt(&pos, "d4")));
        let marks: Vec<Point> = c.marks().into_iter().map(|(p, _)| p).collect();
        assert_eq!(marks.len(), 3);
        assert_eq!(played_now(&mut c, pt(&pos, "d5")), "d4-d5");
    }

    #[test]
    fn tapping_the_piece_again_or_elsewhere_cancels() {
        let (mut c, pos) = selection("turkish", &[], "W:Wd4:Bh8");
        c.tap(pt(&pos, "d4"));
        assert_eq!(c.tap(pt(&pos, "d4")), Tap::Cancelled);
        c.tap(pt(&pos, "d4"));
        assert_eq!(c.tap(pt(&pos, "a8")), Tap::Cancelled);
        assert_eq!(c.tap(pt(&pos, "a8")), Tap::Ignored);
        // an enemy piece or an immobile one is not selected
        assert_eq!(c.tap(pt(&pos, "h8")), Tap::Ignored);
    }

    #[test]
    fn multi_capture_by_its_end_point() {
        let (mut c, pos) = selection("turkish", &[], "W:WKe1:Bc5,b4,e3,g3");
        assert_eq!(c.must_capture(), vec![pt(&pos, "e1")]);
        c.tap(pt(&pos, "e1"));
        let (routes, captured) = c.routes();
        assert_eq!(routes.len(), 1);
        assert_eq!(captured.len(), 4);
        assert_eq!(played_now(&mut c, pt(&pos, "h3")), "e1xe5xb5xb3xh3");
    }

    #[test]
    fn routes_are_chosen_step_by_step() {
        // R-Z8: every prefix of a capture is a move. Tapping the first landing c1 goes on
        // building (longer routes pass there); tapping c1 again stops there.
        let (mut c, pos) = selection("zamma", &[], "W:Wa1:Ba2,b1,b3,c2");
        c.tap(pt(&pos, "a1"));
        assert_eq!(c.tap(pt(&pos, "c1")), Tap::Extended);
        assert!(c.marks().contains(&(pt(&pos, "c1"), Mark::Destination)));
        assert_eq!(played_now(&mut c, pt(&pos, "c1")), "a1xc1");
        // c3 ends two different moves (via a3: a2,b3; via c1: b1,c2): choose the way.
        let (mut c, pos) = selection("zamma", &[], "W:Wa1:Ba2,b1,b3,c2");
        c.tap(pt(&pos, "a1"));
        assert_eq!(c.tap(pt(&pos, "c3")), Tap::Ambiguous(pt(&pos, "c3")));
        let marks: Vec<Point> = c.marks().into_iter().map(|(p, _)| p).collect();
        assert!(
            marks.contains(&pt(&pos, "a3")) && marks.contains(&pt(&pos, "c1")),
            "{marks:?}"
        );
        assert!(c.marks().contains(&(pt(&pos, "c3"), Mark::Target)));
        // Only the way's own captures are crossed out: none is common to both ways.
        assert!(c.routes().1.is_empty());
        // c1 leaves one route to c3: it is played without another tap.
        assert_eq!(played_now(&mut c, pt(&pos, "c1")), "a1xc1xc3");
        // The loop back to the start: two routes, one merged move.
        let (mut c, pos) = selection("zamma", &[], "W:Wa1:Ba2,b1,b3,c2");
        c.tap(pt(&pos, "a1"));
        for l in ["a3", "c3", "c1"] {
            assert_eq!(c.tap(pt(&pos, l)), Tap::Extended, "{l}");
        }
        assert_eq!(played_now(&mut c, pt(&pos, "a1")), "a1xa3xc3xc1xa1");
    }

    #[test]
    fn a_king_capture_ending_on_its_own_square_is_played() {
        // Turkish king b2 takes b4, d6, f4, d2 round the rectangle b2-b6-f6-f2, either way
        // round, and may land back on b2 (R-T7): tapping b2 plays it, not cancels.
        let (mut c, pos) = selection("turkish", &[], "W:WKb2:Bb4,d6,f4,d2");
        let b2 = pt(&pos, "b2");
        c.tap(b2);
        assert!(c.marks().contains(&(b2, Mark::Destination)));
        match c.tap(b2) {
            Tap::Play(i) => {
                let d = c.move_at(i).unwrap();
                assert_eq!(d.mv.to(), b2);
                assert_eq!(d.mv.capture_count(), 4);
            }
            other => panic!("expected the loop to be played, got {other:?}"),
        }
    }

    #[test]
    fn one_route_left_is_played_without_another_tap() {
        // Turkish king e1: the first landing e5 leaves one route (R-T7 most captures).
        let (mut c, pos) = selection("turkish", &[], "W:WKe1:Bc5,b4,e3,g3");
        c.tap(pt(&pos, "e1"));
        assert_eq!(played_now(&mut c, pt(&pos, "e5")), "e1xe5xb5xb3xh3");
    }

    #[test]
    fn a_far_end_of_one_move_plays_it() {
        // Turkish king: only a6 leads on; the ends d6 and e6 each belong to one move.
        let (mut c, pos) = selection("turkish", &[], "W:Wf6,Ka1:Bc6,a3");
        c.tap(pt(&pos, "a1"));
        assert_eq!(played_now(&mut c, pt(&pos, "e6")), "a1xa6xe6");
    }

    #[test]
    fn landing_points_extend_the_route() {
        // Damma: c3xe5xe3xc5 goes through e5 and e3; tap them in turn, then the end.
        let (mut c, pos) = selection("damma", &[], "W:Wc3:Bd4,e4");
        c.tap(pt(&pos, "c3"));
        assert_eq!(played_now(&mut c, pt(&pos, "c5")), "c3xe5xe3xc5");
    }

    #[test]
    fn huff_first_then_the_move() {
        let (mut c, pos) = selection("zamma", &["capture=huffing"], "B:Wa1,i1:Bi9:huff=a1,i1");
        assert_eq!(c.huff_choices().len(), 2);
        assert!(c.movable().is_empty());
        assert_eq!(c.tap(pt(&pos, "i9")), Tap::Ignored);
        assert_eq!(c.tap(pt(&pos, "i1")), Tap::HuffChosen(pt(&pos, "i1")));
        c.tap(pt(&pos, "i9"));
        assert_eq!(played_now(&mut c, pt(&pos, "h9")), "[xi1] i9-h9");
        // one liable piece: removed automatically
        let (mut c, pos) = selection("zamma", &["capture=huffing"], "B:Wa1,i1:Bi9:huff=a1");
        assert!(c.huff_choices().is_empty());
        c.tap(pt(&pos, "i9"));
        assert_eq!(played_now(&mut c, pt(&pos, "h9")), "[xa1] i9-h9");
    }

    #[test]
    fn movable_pieces_and_optional_captures() {
        // Zamma, capture optional: a1 can take a2; e1 can only step.
        let (c, pos) = selection("zamma", &[], "W:Wa1,e1:Ba2,i9");
        assert!(c.must_capture().is_empty());
        assert_eq!(c.capturers(), vec![pt(&pos, "a1")]);
        assert_eq!(c.movable(), vec![pt(&pos, "a1"), pt(&pos, "e1")]);
    }

    #[test]
    fn finished_game_ignores_taps() {
        let pos = Position::from_code(
            Rules::parse("zamma", &[] as &[&str]).unwrap(),
            "W:Wa9:Bb9,c9",
        )
        .unwrap();
        let mut session = Session::from_record(GameRecord::from_position(pos.clone()));
        session.resign(dama_core::Color::White).unwrap_or(());
        assert!(session.outcome().is_some());
        let mut c = Selection::new(&session);
        assert_eq!(c.tap(pt(&pos, "a9")), Tap::Ignored);
    }
}
