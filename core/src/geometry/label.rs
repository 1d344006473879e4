//! Points by their labels (`d4`), and a move's route as text.

use super::{Geometry, Point};

impl Geometry {
    /// A path in move notation: labels joined by `x` for a capture and `-` for a step, with
    /// the huff removal in front (`[xd4] e6-e5`). Here because it needs only the labels, so
    /// move generation can name routes without the notation module.
    pub fn path_text(&self, huff: Option<Point>, path: &[Point], capture: bool) -> String {
        let mut s = String::new();
        if let Some(h) = huff {
            s.push_str("[x");
            s.push_str(&self.label(h));
            s.push_str("] ");
        }
        let sep = if capture { "x" } else { "-" };
        for (i, p) in path.iter().enumerate() {
            if i > 0 {
                s.push_str(sep);
            }
            s.push_str(&self.label(*p));
        }
        s
    }

    /// The label of a point, e.g. `d4`.
    pub fn label(&self, p: Point) -> String {
        let (f, r) = self.coords(p);
        format!("{}{}", (b'a' + f) as char, r + 1)
    }

    /// Parses a label (`d4`) into a point of this board.
    pub fn parse_label(&self, s: &str) -> Option<Point> {
        let b = s.as_bytes();
        if b.len() < 2 || b.len() > 3 || !b[0].is_ascii_lowercase() {
            return None;
        }
        let digits = &s[1..];
        if !digits.bytes().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        self.point(b[0] - b'a', rank.checked_sub(1)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoardKind;

    #[test]
    fn labels_round_trip() {
        for kind in [
            BoardKind::Squares8,
            BoardKind::Alquerque9,
            BoardKind::Alquerque5,
            BoardKind::Kharbaga,
        ] {
            let g = Geometry::of(kind);
            for &p in g.points() {
                assert_eq!(g.parse_label(&g.label(p)), Some(p));
            }
            assert!(g.parse_label("a0").is_none());
            assert!(g.parse_label("a01").is_none());
            assert!(g.parse_label("").is_none());
            assert!(g.parse_label("A1").is_none());
        }
    }
}
