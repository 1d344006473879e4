//! What the board shows of a selection: the pieces that can move or must capture, the liable
//! pieces to huff, the highlighted destinations and landing points, the capture routes to
//! draw, and which useful point a tap a little off meant. Read-only views; the tap state
//! machine that changes the selection is in the parent module.

use super::{Selection, State};
use dama_core::Point;

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

impl Selection {
    /// Liable pieces to choose from before moving (R-Z14), empty once chosen.
    pub fn huff_choices(&self) -> Vec<Point> {
        if self.huff.is_none() && self.huffs.len() > 1 {
            self.huffs.clone()
        } else {
            Vec::new()
        }
    }

    /// The liable piece that will be removed first, once known (chosen, or the only one).
    pub fn chosen_huff(&self) -> Option<Point> {
        self.huff
    }

    /// Whether the piece to remove was the only liable one (nothing to choose or change).
    pub fn huff_forced(&self) -> bool {
        self.huffs.len() == 1
    }

    /// The other liable pieces the pending choice may change to (R-Z14): empty before the
    /// choice and when there was none to make.
    pub fn huff_alternatives(&self) -> Vec<Point> {
        match self.huff {
            Some(h) if self.huffs.len() > 1 => {
                self.huffs.iter().copied().filter(|&p| p != h).collect()
            }
            _ => Vec::new(),
        }
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
            // The pending choice can be changed or taken back.
            useful.extend(self.huff_alternatives());
            useful.extend(self.chosen_huff().filter(|_| !self.huff_forced()));
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
}
