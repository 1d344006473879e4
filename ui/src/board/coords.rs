//! Board drawing data from the core's geometry: point coordinates (0..1, flipped for the
//! player at the bottom), the board's line segments, and routes as SVG path commands in a
//! 1000×1000 view box.

use dama_core::{BoardKind, Geometry, Point};

/// How far a point board's leftmost and bottom points stand from its edges, in spacings
/// (as the player sees the board): the coordinates are written there, beside the piece on
/// the line they name. The right and top edges keep `1 - LABEL_SIDE`, room for half a piece
/// and its ring. Points stay a board's `1 / size` apart, as a square board's centres are
/// (issue 48: with half a spacing on every side and a 2.5 % frame, Zamma's points were 35.5
/// px apart on a 360-px phone, and the labels sat in the gaps between the lines).
pub const LABEL_SIDE: f32 = 0.58;

/// Where a point is drawn, relative to the board (0..1, origin top-left): a square's centre
/// on the Turkish board; on a point board [`LABEL_SIDE`] from the left and bottom edges.
pub fn xy(g: &Geometry, p: Point, flipped: bool) -> (f32, f32) {
    let n = g.size() as f32;
    let (f, r) = g.coords(p);
    let (f, r) = (f as f32, r as f32);
    // The column from the left and the row from the top, as the player sees them.
    let (column, row) = if flipped {
        (n - 1.0 - f, r)
    } else {
        (f, n - 1.0 - r)
    };
    let left = if g.kind() == BoardKind::Squares8 {
        0.5
    } else {
        LABEL_SIDE
    };
    ((column + left) / n, (row + 1.0 - left) / n)
}

/// The touch target guideline (Material: 48 dp), in logical pixels.
pub const TOUCH_TARGET: f32 = 48.0;

/// A tap on the point at `index` of the board's points, `offset` logical pixels from its
/// centre, on a board of cells `cell` wide: the point, where the tap fell (0..1 of the
/// board) and how far from a point's centre a tap still means it (the selection picks the
/// point meant near it: `Selection::aimed_at`).
pub fn touch(
    g: &Geometry,
    index: usize,
    offset: (f32, f32),
    cell: f32,
    flipped: bool,
) -> Option<(Point, (f32, f32), f32)> {
    let &p = g.points().get(index)?;
    let board = cell.max(1.0) * g.size() as f32;
    let (x, y) = xy(g, p, flipped);
    let at = (x + offset.0 / board, y + offset.1 / board);
    let radius = (TOUCH_TARGET / 2.0).max(cell / 2.0) / board;
    Some((p, at, radius))
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

/// A polyline drawn on the board: its path commands (in the board's 0..1000 view box) and
/// the part of the board it covers (0..1, its stroke included), so that the drawn path is
/// only as big as that part: the software renderer walks a path's whole box, and a change
/// to it redraws that box (a board-sized path made every move's arrival redraw the board).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Polyline {
    /// `M x y L x y …`.
    pub commands: String,
    /// The box: left, top, width, height, as fractions of the board.
    pub x: f32,
    /// See `x`.
    pub y: f32,
    /// See `x`.
    pub w: f32,
    /// See `x`.
    pub h: f32,
}

/// The margin kept around a polyline's points for its stroke and joins, as a fraction of
/// the board (a 7-px stroke on a 300-px board is 0.012).
const STROKE_MARGIN: f32 = 0.03;

/// [`polyline`] with the box it covers (empty for fewer than two points).
pub fn boxed_polyline(g: &Geometry, points: &[Point], flipped: bool) -> Polyline {
    if points.len() < 2 {
        return Polyline::default();
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &p in points {
        let (x, y) = xy(g, p, flipped);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    // Whole thousandths, as the commands are written, so the view box maps them exactly.
    let lo = |a: f32| v((a - STROKE_MARGIN).max(0.0)) as f32 / 1000.0;
    let hi = |a: f32| v((a + STROKE_MARGIN).min(1.0)) as f32 / 1000.0;
    let (x, y) = (lo(x0), lo(y0));
    Polyline {
        commands: polyline(g, points, flipped),
        x,
        y,
        w: hi(x1) - x,
        h: hi(y1) - y,
    }
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

    // A path is drawn only as big as the part of the board it covers (its stroke kept
    // inside), whole thousandths so the view box maps its commands exactly.
    #[test]
    fn a_polyline_covers_its_points_and_no_more() {
        let g = Geometry::of(BoardKind::Squares8);
        let p = |l: &str| g.parse_label(l).unwrap();
        let line = boxed_polyline(g, &[p("c3"), p("c4"), p("e4")], false);
        assert_eq!(
            line.commands,
            polyline(g, &[p("c3"), p("c4"), p("e4")], false)
        );
        let (c3, e4) = (xy(g, p("c3"), false), xy(g, p("e4"), false));
        assert!((line.x - (c3.0 - STROKE_MARGIN)).abs() < 1e-3, "{line:?}");
        assert!((line.y - (e4.1 - STROKE_MARGIN)).abs() < 1e-3, "{line:?}");
        assert!(
            (line.x + line.w - (e4.0 + STROKE_MARGIN)).abs() < 1e-3,
            "{line:?}"
        );
        assert!(
            (line.y + line.h - (c3.1 + STROKE_MARGIN)).abs() < 1e-3,
            "{line:?}"
        );
        assert!(
            line.w < 0.4 && line.h < 0.3,
            "a short move covers a small part: {line:?}"
        );
        for f in [line.x, line.y, line.w, line.h] {
            assert_eq!(
                (f * 1000.0).round(),
                f * 1000.0,
                "whole thousandths: {line:?}"
            );
        }
        // Never beyond the board, as the board-sized path was clipped, on every board.
        for kind in [BoardKind::Squares8, BoardKind::Alquerque9] {
            let g = Geometry::of(kind);
            let corners = [g.points()[0], g.points()[g.points().len() - 1]];
            for flipped in [false, true] {
                let b = boxed_polyline(g, &corners, flipped);
                assert!(b.x >= 0.0 && b.y >= 0.0, "{b:?}");
                assert!(b.x + b.w <= 1.0 + 1e-6 && b.y + b.h <= 1.0 + 1e-6, "{b:?}");
            }
        }
        assert_eq!(boxed_polyline(g, &[p("a1")], false), Polyline::default());
    }

    #[test]
    fn coordinates_flip() {
        let g = Geometry::of(BoardKind::Squares8);
        let a1 = g.parse_label("a1").unwrap();
        assert_eq!(xy(g, a1, false), (0.0625, 0.9375));
        assert_eq!(xy(g, a1, true), (0.9375, 0.0625));
    }

    // Issue 48: a point board's outermost points stand LABEL_SIDE of a spacing from the
    // left and bottom edges (the coordinates' side, as the player sees it) and the rest of
    // a spacing from the right and top; the points stay a spacing (1 / size) apart.
    #[test]
    fn point_boards_keep_the_coordinates_side_wider() {
        let g = Geometry::of(BoardKind::Alquerque9);
        let p = |l: &str| g.parse_label(l).unwrap();
        let n = 9.0;
        let near =
            |a: (f32, f32), b: (f32, f32)| (a.0 - b.0).abs() < 1e-6 && (a.1 - b.1).abs() < 1e-6;
        let (low, high) = (LABEL_SIDE / n, 1.0 - (1.0 - LABEL_SIDE) / n);
        assert!(near(xy(g, p("a1"), false), (low, 1.0 - low)));
        assert!(near(xy(g, p("i9"), false), (high, 1.0 - high)));
        // Black at the bottom: i9 is the bottom-left point, a1 the top-right.
        assert!(near(xy(g, p("i9"), true), (low, 1.0 - low)));
        assert!(near(xy(g, p("a1"), true), (high, 1.0 - high)));
        let (a1, b2) = (xy(g, p("a1"), false), xy(g, p("b2"), false));
        assert!(near((b2.0 - a1.0, a1.1 - b2.1), (1.0 / n, 1.0 / n)));
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
