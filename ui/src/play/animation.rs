//! A move being animated, as plain data: the piece travels its route one jump at a time, a
//! captured piece vanishes once the mover has passed it (in Damma it fades and stays until
//! the move ends, R-Z12), and a huffed piece leaves first (R-Z14). No Slint here: the app
//! asks for the frame at some elapsed time and draws it.

use crate::board::coords;
use dama_core::{LegalMove, Point, Position};
use std::time::{Duration, Instant};

/// A move on its way across the board.
pub struct Animation {
    /// The position before the move (what is drawn while it runs).
    pub before: Position,
    route: Vec<Point>,
    captured_in_order: Vec<Point>,
    deferred: bool,
    huffed: Option<Point>,
    start: Instant,
    per_jump: Duration,
}

/// What to draw at one moment of an animation.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The moving piece: where it started, and its board coordinates now (0..1).
    pub moving: (Point, f32, f32),
    /// Pieces no longer drawn.
    pub gone: Vec<Point>,
    /// Captured pieces drawn faded (Damma: they stay until the move ends).
    pub fading: Vec<Point>,
}

impl Animation {
    /// The animation of `d` played from `before`, `per_jump` per step or jump, from now.
    pub fn new(before: Position, d: &LegalMove, per_jump: Duration) -> Animation {
        let g = before.geometry();
        Animation {
            captured_in_order: coords::captures_along(g, &d.path, &d.mv.captured()),
            deferred: before.rules().deferred_removal(),
            huffed: d.mv.huff(),
            route: d.path.clone(),
            before,
            start: crate::play::clock::now(),
            per_jump,
        }
    }

    /// Time since the animation started.
    pub fn elapsed(&self) -> Duration {
        crate::play::clock::now().saturating_duration_since(self.start)
    }

    /// How long the whole move takes.
    pub fn length(&self) -> Duration {
        self.per_jump * (self.route.len().saturating_sub(1)) as u32
    }

    /// The frame `elapsed` after the start; `xy` maps a point to board coordinates.
    pub fn frame_at(&self, elapsed: Duration, xy: impl Fn(Point) -> (f32, f32)) -> Frame {
        let mut gone: Vec<Point> = self.huffed.into_iter().collect();
        let mut fading = Vec::new();
        let t = elapsed.as_secs_f32() / self.per_jump.as_secs_f32().max(1e-6);
        let last_segment = self.route.len().saturating_sub(2);
        let seg = (t as usize).min(last_segment);
        let frac = (t - seg as f32).clamp(0.0, 1.0);
        let (x0, y0) = xy(self.route[seg]);
        let (x1, y1) = xy(self.route[(seg + 1).min(self.route.len() - 1)]);
        let moving = (self.route[0], x0 + (x1 - x0) * frac, y0 + (y1 - y0) * frac);
        // A captured piece goes when the mover is past the middle of the jump over it.
        let passed = seg + (frac >= 0.5) as usize;
        for &c in self.captured_in_order.iter().take(passed) {
            if self.deferred {
                fading.push(c);
            } else {
                gone.push(c);
            }
        }
        Frame {
            moving,
            gone,
            fading,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::notation::parse_move_detailed;
    use dama_core::Rules;

    fn setup(game: &str, options: &[&str], code: &str, mv: &str) -> (Animation, Position) {
        let pos = Position::from_code(Rules::parse(game, options).unwrap(), code).unwrap();
        let d = parse_move_detailed(&pos, mv).unwrap();
        (
            Animation::new(pos.clone(), &d, Duration::from_millis(100)),
            pos,
        )
    }

    fn at(a: &Animation, pos: &Position, ms: u64) -> Frame {
        let g = pos.geometry();
        a.frame_at(Duration::from_millis(ms), |p| coords::xy(g, p, false))
    }

    #[test]
    fn captured_pieces_vanish_in_the_order_they_are_passed() {
        // R-T5: Turkish removes each captured piece at once.
        let (a, pos) = setup("turkish", &[], "W:WKe1:Bc5,b4,e3,g3", "e1xe5xb5xb3xh3");
        let p = |l: &str| pos.geometry().parse_label(l).unwrap();
        assert_eq!(a.length(), Duration::from_millis(400));
        let start = at(&a, &pos, 0);
        assert_eq!(start.moving.0, p("e1"));
        assert_eq!(
            (start.moving.1, start.moving.2),
            coords::xy(pos.geometry(), p("e1"), false)
        );
        assert!(start.gone.is_empty());
        assert_eq!(at(&a, &pos, 60).gone, vec![p("e3")]);
        assert_eq!(at(&a, &pos, 160).gone, vec![p("e3"), p("c5")]);
        let end = at(&a, &pos, 400);
        assert_eq!(end.gone.len(), 4);
        assert_eq!(
            (end.moving.1, end.moving.2),
            coords::xy(pos.geometry(), p("h3"), false)
        );
    }

    #[test]
    fn damma_captures_fade_and_a_huffed_piece_leaves_first() {
        // R-Z12: Damma's captured pieces stay (faded) until the move ends.
        let (a, pos) = setup("damma", &[], "W:Wc3:Bd4,e4", "c3xe5xe3xc5");
        let f = at(&a, &pos, 150);
        assert!(f.gone.is_empty());
        assert_eq!(f.fading.len(), 2);
        // R-Z14: the huffed piece is gone from the first frame.
        let (a, pos) = setup(
            "zamma",
            &["capture=huffing"],
            "B:Wa1,i1:Bi9:huff=a1",
            "[xa1] i9-h9",
        );
        assert_eq!(
            at(&a, &pos, 0).gone,
            vec![pos.geometry().parse_label("a1").unwrap()]
        );
    }
}
