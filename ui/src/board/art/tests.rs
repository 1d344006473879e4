use super::*;

const WOOD: Rgb8Pixel = Rgb8Pixel {
    r: 200,
    g: 170,
    b: 120,
};
const EDGE: Rgb8Pixel = Rgb8Pixel {
    r: 90,
    g: 60,
    b: 30,
};
const INK: Rgb8Pixel = Rgb8Pixel { r: 0, g: 0, b: 0 };

fn art(segments: &[Segment], point_radius: f32) -> SharedPixelBuffer<Rgba8Pixel> {
    paint(&Art {
        width: 100,
        height: 100,
        segments: segments.to_vec(),
        line_width: 3.0,
        point_radius,
        corner_radius: 6.0,
        wood: WOOD,
        edge: EDGE,
        ink: INK,
        surface: Surface::Baize,
    })
}

fn board(width: u32, ink: Rgb8Pixel) -> Art {
    Art {
        width,
        height: width,
        segments: vec![
            segment(0.0, 0.5, 1.0, 0.0, false),
            segment(0.5, 0.0, 0.0, 1.0, false),
        ],
        line_width: 3.0,
        point_radius: 0.0,
        corner_radius: 6.0,
        wood: WOOD,
        edge: EDGE,
        ink,
        surface: Surface::Wood,
    }
}

fn pieces(side: u32) -> [PieceArt; 4] {
    [(false, false), (true, false), (false, true), (true, true)].map(|(white, king)| PieceArt {
        side,
        face: if white { WOOD } else { INK },
        rim: EDGE,
        king,
        crown: WOOD,
    })
}

fn pixels(image: &slint::Image) -> Vec<u8> {
    match image.to_rgb8() {
        Some(b) => b.as_bytes().to_vec(),
        None => image
            .to_rgba8()
            .expect("an image of pixels")
            .as_bytes()
            .to_vec(),
    }
}

#[test]
fn the_last_boards_are_not_painted_again() {
    let mut gallery = Gallery::default();
    let (game, review) = (board(40, INK), board(30, INK));
    for art in [&game, &review, &game, &review] {
        gallery.board(art);
    }
    assert_eq!(
        gallery.painted_when_shown().0,
        2,
        "the game's board and the review's, painted once each"
    );
    // Another theme's ink is another image; three are kept, then the oldest is let go.
    gallery.board(&board(40, EDGE));
    gallery.board(&board(20, EDGE));
    assert_eq!(gallery.painted_when_shown().0, 4);
    gallery.board(&review);
    assert_eq!(gallery.painted_when_shown().0, 4);
    gallery.board(&game);
    assert_eq!(gallery.painted_when_shown().0, 5);
}

#[test]
fn a_board_seen_from_the_other_side_is_the_same_art() {
    let mut flipped = board(40, INK);
    flipped.segments.reverse();
    assert_eq!(flipped.key(), board(40, INK).key());
    let mut other = board(40, INK);
    other.segments[0].rising = true;
    assert_ne!(other.key(), board(40, INK).key());
}

#[test]
fn art_painted_ahead_is_shown_without_painting_it_again() {
    let mut gallery = Gallery::default();
    gallery.paint_ahead(vec![
        (board(40, INK), pieces(12)),
        (board(30, INK), pieces(9)),
    ]);
    // Asked for again while it is painted: nothing more.
    gallery.paint_ahead(vec![(board(40, INK), pieces(12))]);
    let shown = gallery.board(&board(40, INK));
    let [a, b, c, d] = pieces(12).map(|p| gallery.piece(&p));
    assert_eq!(gallery.painted_when_shown(), (0, 0));
    // The same pixels as painted here.
    assert_eq!(pixels(&shown), paint(&board(40, INK)).as_bytes());
    for (image, art) in [a, b, c, d].iter().zip(pieces(12)) {
        assert_eq!(pixels(image), paint_piece(&art).as_bytes());
    }
    gallery.board(&board(30, INK));
    for p in pieces(9) {
        gallery.piece(&p);
    }
    assert_eq!(gallery.painted_when_shown(), (0, 0));
    // Art not foreseen is painted when shown.
    gallery.piece(&pieces(10)[0]);
    assert_eq!(gallery.painted_when_shown(), (0, 1));
}

#[test]
fn art_painted_ahead_and_let_go_is_painted_when_shown() {
    let mut gallery = Gallery::default();
    gallery.paint_ahead(vec![(board(40, INK), pieces(12))]);
    // Three other boards shown push it out before it is wanted.
    for w in [10, 11, 12] {
        gallery.board(&board(w, INK));
    }
    let shown = gallery.board(&board(40, INK));
    assert_eq!(gallery.painted_when_shown().0, 4);
    assert_eq!(pixels(&shown), paint(&board(40, INK)).as_bytes());
}

#[test]
fn a_board_is_laid_out_as_the_window_draws_it() {
    // A Zamma board 966 physical pixels across at 2.625 (a 1080-pixel phone).
    let zamma = Board {
        width: 966.0,
        size: 9,
        squares: false,
    };
    let art = zamma.art(966.0, Vec::new(), 2.625, [slint::Color::default(); 3], 0);
    assert_eq!((art.width, art.height), (966, 966));
    assert_eq!(art.line_width, 2.5 * 2.625);
    assert_eq!(art.corner_radius, 4.0 * 2.625);
    // 12 % of the points' spacing across (12.9 pixels), at least 5 logical pixels (13.1).
    assert_eq!(art.point_radius, 5.0 * 2.625 / 2.0);
    let wide = Board {
        width: 1400.0,
        ..zamma
    };
    let art = wide.art(1400.0, Vec::new(), 2.625, [slint::Color::default(); 3], 0);
    assert!((art.point_radius - 1400.0 / 9.0 * 0.12 / 2.0).abs() < 1e-3);
    // Pieces 72 % of the spacing, their disc 86 % of the image.
    assert_eq!(
        zamma.piece_side(),
        (966.0f32 / 9.0 * 0.72 / 0.86).ceil() as u32
    );
    let turkish = Board {
        squares: true,
        size: 8,
        ..zamma
    };
    let art = turkish.art(966.0, Vec::new(), 2.625, [slint::Color::default(); 3], 0);
    assert_eq!((art.line_width, art.point_radius), (1.5 * 2.625, 0.0));
    assert_eq!(
        turkish.piece_side(),
        (966.0f32 / 8.0 * 0.8 / 0.86).ceil() as u32
    );
}

fn segment(x: f32, y: f32, w: f32, h: f32, rising: bool) -> Segment {
    Segment { x, y, w, h, rising }
}

/// The surface's colour, give or take its grain.
fn is_wood(p: Rgb8Pixel) -> bool {
    let near = |a: u8, b: u8| (a as f32 - b as f32).abs() <= b as f32 * Surface::GRAIN + 1.0;
    near(p.r, WOOD.r) && near(p.g, WOOD.g) && near(p.b, WOOD.b)
}

/// An opaque pixel of the board's art.
fn at(img: &SharedPixelBuffer<Rgba8Pixel>, x: usize, y: usize) -> Rgb8Pixel {
    let p = img.as_slice()[y * img.width() as usize + x];
    assert_eq!(p.a, 255, "the board is opaque");
    Rgb8Pixel {
        r: p.r,
        g: p.g,
        b: p.b,
    }
}

#[test]
fn wood_with_the_edge_in_its_corners() {
    let img = art(&[], 0.0);
    assert_eq!((img.width(), img.height()), (100, 100));
    assert!(is_wood(at(&img, 50, 50)));
    for (x, y) in [(0, 0), (99, 0), (0, 99), (99, 99)] {
        assert_eq!(at(&img, x, y), EDGE, "corner {x},{y}");
    }
    // Just inside a corner's curve, and along the sides between the corners.
    assert!(is_wood(at(&img, 6, 6)));
    assert!(is_wood(at(&img, 50, 0)));
    assert!(is_wood(at(&img, 0, 50)));
}

#[test]
fn straight_lines_are_drawn_to_their_width_with_square_ends() {
    // A horizontal line across the middle, from x 20 to 80.
    let img = art(&[segment(0.2, 0.5, 0.6, 0.0, false)], 0.0);
    assert_eq!(at(&img, 50, 49), INK);
    assert_eq!(at(&img, 50, 50), INK);
    // 1.5 pixels each side of y = 50: rows 48 and 51 are half covered, 47 and 52 clear.
    assert_ne!(at(&img, 50, 48), INK);
    assert!(!is_wood(at(&img, 50, 48)));
    assert_ne!(at(&img, 50, 51), INK);
    assert!(is_wood(at(&img, 50, 47)));
    assert!(is_wood(at(&img, 50, 52)));
    // The ends reach half the width past the line's end points.
    assert_eq!(at(&img, 80, 50), INK);
    assert!(is_wood(at(&img, 83, 50)));
    assert!(is_wood(at(&img, 16, 50)));
}

// The straight lines' shortcut (a factor per row and per column) paints what the
// general line paints with square ends, give or take a rounding step.
#[test]
fn straight_lines_are_the_general_line() {
    let (w, h) = (64, 48);
    let blank = || vec![canvas::opaque(WOOD); w * h];
    let mut seed = 7u32;
    let mut next = |n: f32| {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (seed >> 8) as f32 / (1 << 24) as f32 * n - 4.0
    };
    for i in 0..200 {
        let half = 0.3 + next(4.0).abs();
        let (x0, x1, y) = (next(72.0), next(72.0), next(56.0));
        // Horizontal and vertical, either way round, partly off the image too.
        let (a, b) = match i % 4 {
            0 => ((x0, y), (x1, y)),
            1 => ((x1, y), (x0, y)),
            2 => ((y, x0), (y, x1)),
            _ => ((y, x1), (y, x0)),
        };
        let (mut fast, mut general) = (blank(), blank());
        let canvas = |px| Canvas { w, h, px };
        canvas(&mut fast).straight_line(a, b, half, INK);
        canvas(&mut general).line(a, b, half, half, INK);
        for (k, (f, g)) in fast.iter().zip(&general).enumerate() {
            let d = |p: u8, q: u8| p.abs_diff(q);
            assert!(
                d(f.r, g.r).max(d(f.g, g.g)).max(d(f.b, g.b)) <= 1,
                "line {a:?}-{b:?} half {half}: pixel {k} {f:?} against {g:?}"
            );
        }
    }
}

#[test]
fn diagonals_run_corner_to_corner_of_their_box() {
    let img = art(&[segment(0.2, 0.2, 0.3, 0.3, false)], 0.0);
    assert_eq!(at(&img, 35, 35), INK);
    assert!(is_wood(at(&img, 35, 45)));
    let img = art(&[segment(0.2, 0.2, 0.3, 0.3, true)], 0.0);
    // From the box's bottom-left (20, 50) to its top-right (50, 20).
    assert_eq!(at(&img, 35, 34), INK);
    assert_eq!(at(&img, 25, 45), INK);
    assert!(is_wood(at(&img, 25, 25)));
    // Flat ends: nothing beyond the box.
    assert!(is_wood(at(&img, 54, 16)));
}

#[test]
fn points_sit_on_every_line_end() {
    let img = art(&[segment(0.2, 0.2, 0.3, 0.3, true)], 5.0);
    for (x, y) in [(20, 50), (50, 20)] {
        assert_eq!(at(&img, x + 3, y), INK, "dot at {x},{y}");
        assert_eq!(at(&img, x - 3, y), INK, "dot at {x},{y}");
    }
    // The box's other corners have no dot.
    assert!(is_wood(at(&img, 17, 20)));
    assert!(is_wood(at(&img, 53, 50)));
}

#[test]
fn degenerate_sizes_paint_nothing_and_never_panic() {
    let s = [segment(-1.0, 2.0, 5.0, 0.0, false)];
    for (w, h) in [(0, 0), (0, 10), (1, 1), (3, 2)] {
        let img = paint(&Art {
            width: w,
            height: h,
            segments: s.to_vec(),
            line_width: 40.0,
            point_radius: 30.0,
            corner_radius: 50.0,
            wood: WOOD,
            edge: EDGE,
            ink: INK,
            surface: Surface::Stone,
        });
        assert_eq!((img.width(), img.height()), (w, h));
    }
    let huge = paint(&Art {
        width: u32::MAX,
        height: 1,
        segments: Vec::new(),
        line_width: 1.0,
        point_radius: 0.0,
        corner_radius: 0.0,
        wood: WOOD,
        edge: EDGE,
        ink: INK,
        surface: Surface::Baize,
    });
    assert_eq!(huge.width(), MAX_SIDE);
}

fn piece(side: u32, king: bool) -> SharedPixelBuffer<slint::Rgba8Pixel> {
    paint_piece(&PieceArt {
        side,
        face: Rgb8Pixel {
            r: 200,
            g: 40,
            b: 40,
        },
        rim: Rgb8Pixel { r: 20, g: 0, b: 0 },
        king,
        crown: Rgb8Pixel {
            r: 226,
            g: 178,
            b: 58,
        },
    })
}

fn rgba(img: &SharedPixelBuffer<slint::Rgba8Pixel>, x: usize, y: usize) -> slint::Rgba8Pixel {
    img.as_slice()[y * img.width() as usize + x]
}

#[test]
fn a_piece_is_lit_from_the_upper_left_with_its_rim_and_shadow() {
    let img = piece(100, false);
    assert_eq!((img.width(), img.height()), (100, 100));
    // Outside the disc and its shadow: clear; the shadow lies below and to the right.
    assert_eq!(rgba(&img, 1, 1).a, 0);
    assert_eq!(rgba(&img, 98, 2).a, 0);
    let shadow = rgba(&img, 55, 92);
    assert!(shadow.a > 20 && shadow.r == 0, "shadow {shadow:?}");
    // The face: opaque, red, brighter up and to the left than down and to the right.
    let (up, down) = (rgba(&img, 32, 31), rgba(&img, 60, 60));
    assert_eq!((up.a, down.a), (255, 255));
    assert!(
        up.r > down.r && down.r > 120 && down.g < 80,
        "{up:?} {down:?}"
    );
    // The rim, at the disc's edge on the right.
    let rim = rgba(&img, 47 + 41, 46);
    assert!(rim.r < 60, "rim {rim:?}");
}

#[test]
fn a_king_wears_a_gold_crown() {
    let (man, king) = (piece(100, false), piece(100, true));
    // Inside the crown's body (its centre, a little below the middle).
    let gold = rgba(&king, 47, 52);
    assert!(gold.r > 180 && gold.g > 120 && gold.b < 110, "{gold:?}");
    assert!(rgba(&man, 47, 52).g < 80, "a man has no crown");
    // Outside the crown, the two are the same piece.
    assert_eq!(rgba(&man, 20, 70), rgba(&king, 20, 70));
}

#[test]
fn pieces_of_no_size_or_huge_sizes_never_panic() {
    assert_eq!(piece(0, true).width(), 0);
    assert_eq!(piece(1, true).width(), 1);
    let a = piece(3, false);
    assert_eq!(a.as_slice().len(), 9);
}

#[test]
fn every_board_seen_from_either_side_is_one_art() {
    use dama_core::{BoardKind, Geometry};
    for kind in [
        BoardKind::Squares8,
        BoardKind::Alquerque9,
        BoardKind::Alquerque5,
        BoardKind::Kharbaga,
    ] {
        let g = Geometry::of(kind);
        let art = |flipped| Art {
            segments: crate::board::coords::segments(g, flipped),
            ..board(40, INK)
        };
        assert_eq!(art(true).key(), art(false).key(), "{kind:?}");
    }
}
