//! Board drawing data from the core's geometry: point coordinates (0..1, flipped for the
//! player at the bottom), the board's line segments, and routes as SVG path commands in a
//! 1000×1000 view box.

use dama_core::{BoardKind, Geometry, Point};

/// Where a point is drawn, relative to the board (0..1, origin top-left).
pub fn xy(g: &Geometry, p: Point, flipped: bool) -> (f32, f32) {
    let n = g.size() as f32;
    let (f, r) = g.coords(p);
    let (f, r) = (f as f32, r as f32);
    if flipped {
        ((n - f - 0.5) / n, (r + 0.5) / n)
    } else {
        ((f + 0.5) / n, (n - r - 0.5) / n)
    }
}

/// The coordinates drawn on the board at `p`: its file letter when it is on the bottom row,
/// its rank number when it is in the left column (as seen by the player at the bottom).
pub fn edge_labels(g: &Geometry, p: Point, flipped: bool) -> (String, String) {
    let (f, r) = g.coords(p);
    let last = g.size() - 1;
    let (bottom, left) = if flipped { (last, last) } else { (0, 0) };
    let file = if r == bottom {
        ((b'a' + f) as char).to_string()
    } else {
        String::new()
    };
    let rank = if f == left {
        (r + 1).to_string()
    } else {
        String::new()
    };
    (file, rank)
}

fn v(x: f32) -> i32 {
    (x * 1000.0).round() as i32
}

/// One drawn line of a board, as the box it spans (0..1, origin top-left). A
/// straight line has a zero width or height; a diagonal runs corner to corner, `rising`
/// from bottom-left to top-right.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width (0 for a vertical line).
    pub w: f32,
    /// Height (0 for a horizontal line).
    pub h: f32,
    /// A diagonal from bottom-left to top-right (else top-left to bottom-right).
    pub rising: bool,
}

/// The drawn lines of a board (painted by `board::art`): on an alquerque board one segment
/// per pair of neighbouring points; on the Turkish board the square grid, edges included.
pub fn segments(g: &Geometry, flipped: bool) -> Vec<Segment> {
    if g.kind() == BoardKind::Squares8 {
        let n = g.size() as f32;
        return (0..=g.size())
            .flat_map(|i| {
                let at = i as f32 / n;
                let line = |x, y, w, h| Segment {
                    x,
                    y,
                    w,
                    h,
                    rising: false,
                };
                [line(at, 0.0, 0.0, 1.0), line(0.0, at, 1.0, 0.0)]
            })
            .collect();
    }
    g.lines()
        .iter()
        .map(|l| {
            let (ax, ay) = xy(g, l.a, flipped);
            let (bx, by) = xy(g, l.b, flipped);
            Segment {
                x: ax.min(bx),
                y: ay.min(by),
                w: (bx - ax).abs(),
                h: (by - ay).abs(),
                rising: (bx - ax) * (by - ay) < 0.0,
            }
        })
        .collect()
}

/// A polyline through points.
pub fn polyline(g: &Geometry, points: &[Point], flipped: bool) -> String {
    let mut s = String::new();
    for (i, &p) in points.iter().enumerate() {
        let (x, y) = xy(g, p, flipped);
        s.push_str(&format!(
            "{} {} {} ",
            if i == 0 { "M" } else { "L" },
            v(x),
            v(y)
        ));
    }
    s
}

/// For each jump of a route, the captured point it passes over (in order). With deferred
/// removal a piece may appear twice.
pub fn captures_along(g: &Geometry, route: &[Point], captured: &[Point]) -> Vec<Point> {
    let mut out = Vec::new();
    for w in route.windows(2) {
        let (ax, ay) = g.coords(w[0]);
        let (bx, by) = g.coords(w[1]);
        let (ax, ay, bx, by) = (ax as i32, ay as i32, bx as i32, by as i32);
        let on = |c: Point| {
            let (cx, cy) = g.coords(c);
            let (cx, cy) = (cx as i32, cy as i32);
            let cross = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
            let dot = (cx - ax) * (bx - ax) + (cy - ay) * (by - ay);
            let len = (bx - ax).pow(2) + (by - ay).pow(2);
            cross == 0 && dot > 0 && dot < len
        };
        // A piece already taken on this route has gone (Damma may jump one twice).
        let on_segment = captured
            .iter()
            .copied()
            .find(|&c| on(c) && !out.contains(&c))
            .or_else(|| captured.iter().copied().find(|&c| on(c)));
        if let Some(c) = on_segment {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_flip() {
        let g = Geometry::of(BoardKind::Squares8);
        let a1 = g.parse_label("a1").unwrap();
        assert_eq!(xy(g, a1, false), (0.0625, 0.9375));
        assert_eq!(xy(g, a1, true), (0.9375, 0.0625));
    }

    #[test]
    fn coordinates_on_the_edges_the_player_sees() {
        let g = Geometry::of(BoardKind::Squares8);
        let p = |l: &str| g.parse_label(l).unwrap();
        assert_eq!(edge_labels(g, p("a1"), false), ("a".into(), "1".into()));
        assert_eq!(edge_labels(g, p("e1"), false), ("e".into(), String::new()));
        assert_eq!(edge_labels(g, p("a5"), false), (String::new(), "5".into()));
        assert_eq!(
            edge_labels(g, p("d4"), false),
            (String::new(), String::new())
        );
        // Black at the bottom: h8 is the bottom-left corner.
        assert_eq!(edge_labels(g, p("h8"), true), ("h".into(), "8".into()));
        assert_eq!(
            edge_labels(g, p("a1"), true),
            (String::new(), String::new())
        );
    }

    #[test]
    fn segments_are_the_lines_of_each_board() {
        let g = Geometry::of(BoardKind::Kharbaga);
        let s = segments(g, false);
        assert_eq!(s.len(), g.lines().len());
        // Kharbaga: orthogonal lines join grid points two labels (2/9) apart, diagonals
        // join a centre to a corner (1/9 each way).
        let straight = s.iter().filter(|s| s.w == 0.0 || s.h == 0.0).count();
        assert!(straight > 0 && straight < s.len());
        for d in s.iter().filter(|s| s.w > 0.0 && s.h > 0.0) {
            assert!((d.w - 1.0 / 9.0).abs() < 1e-6 && (d.h - 1.0 / 9.0).abs() < 1e-6);
        }
        // a1-b2 (from the bottom-left corner up to the right) rises.
        let a1 = xy(g, g.parse_label("a1").unwrap(), false);
        assert!(s
            .iter()
            .any(|d| d.rising && (d.x - a1.0).abs() < 1e-6 && (d.y + d.h - a1.1).abs() < 1e-6));
        // The Turkish board: 9 + 9 grid lines across the whole board.
        let grid = segments(Geometry::of(BoardKind::Squares8), false);
        assert_eq!(grid.len(), 18);
        assert!(grid
            .iter()
            .all(|l| (l.w == 0.0 && l.h == 1.0) || (l.w == 1.0 && l.h == 0.0)));
        assert!(grid.iter().any(|l| l.x == 1.0) && grid.iter().any(|l| l.y == 1.0));
    }

    #[test]
    fn captured_points_in_route_order() {
        let g = Geometry::of(BoardKind::Squares8);
        let p = |l: &str| g.parse_label(l).unwrap();
        let route = [p("e1"), p("e5"), p("b5"), p("b3"), p("h3")];
        let caps = [p("b4"), p("c5"), p("e3"), p("g3")];
        assert_eq!(
            captures_along(g, &route, &caps),
            vec![p("e3"), p("c5"), p("b4"), p("g3")]
        );
    }
}
