//! What the game's board shows, measured on the laid-out and drawn window (issue 48): Zamma's
//! points far enough apart on a phone, the coordinates centred on the lines they name (and in
//! their squares on the Turkish board), and the "Show moves" rings standing out from the
//! pieces they ring and from the board, with every board, every set of pieces and both themes.
//!
//! One test: Slint's testing platform is set once per process.

#[path = "common/wcag.rs"]
mod wcag;
use wcag::ratio;

use dama_core::{Color, GameRecord, Position, Rules};
use dama_ui::app::AppHandle;
use dama_ui::opponent::Opponent;
use dama_ui::store::Store;
use dama_ui::{AppWindow, SafeArea, Theme};
use i_slint_backend_testing::{
    AccessibleRole, ElementHandle, ElementQuery, TestingBackend, TestingBackendOptions,
};
use slint::{ComponentHandle, Model};

fn start(h: &AppHandle, game: &str, black_to_move: bool) {
    let rules = Rules::parse(game, &[] as &[&str]).unwrap();
    let mut pos = Position::start(rules);
    if black_to_move {
        let code = pos.to_code();
        assert!(code.starts_with('W'), "{code}");
        pos = Position::from_code(rules, &format!("B{}", &code[1..])).unwrap();
    }
    h.with(|a| {
        a.begin(
            GameRecord::from_position(pos),
            Opponent::TwoPlayers,
            Color::White,
        )
    });
}

fn size(ui: &AppWindow, w: f32, h: f32, (l, t, r, b): (f32, f32, f32, f32)) {
    ui.window().set_size(slint::LogicalSize::new(w, h));
    let area = ui.global::<SafeArea>();
    area.set_left(l);
    area.set_top(t);
    area.set_right(r);
    area.set_bottom(b);
    ui.window().take_snapshot().unwrap();
}

/// A board point's centre in the window and its touch area's side (a spacing), found by
/// its label as a player's screen reader finds it.
fn point(ui: &AppWindow, label: &str) -> (f32, f32, f32) {
    let e = game_screen(ui)
        .query_descendants()
        .match_accessible_role(AccessibleRole::Button)
        .match_predicate({
            let label = label.to_string();
            move |e| e.accessible_label().is_some_and(|l| l == label.as_str())
        })
        .find_first()
        .unwrap_or_else(|| panic!("no point {label}"));
    let (p, s) = (e.absolute_position(), e.size());
    (p.x + s.width / 2.0, p.y + s.height / 2.0, s.width)
}

/// The game screen (the other screens have boards of their own).
fn game_screen(ui: &AppWindow) -> ElementHandle {
    ElementQuery::from_root(ui)
        .match_descendants()
        .match_type_name("GameScreen")
        .find_first()
        .expect("the game screen")
}

/// Every point of the game shown: (label, x, y) of its centre in the window, and the
/// spacing. From the places the model gives (fractions of the playing area), which a1's
/// touch area (a spacing across, centred on it) sets in the window: the touch areas of the
/// right and top points may be cut by the board's edges.
fn points(ui: &AppWindow) -> (Vec<(String, f32, f32)>, f32) {
    let spots = ui.global::<dama_ui::GameAdapter>().get_board().spots;
    let (ax, ay, cell) = point(ui, "a1");
    let a1 = spots.iter().find(|s| s.label == "a1").unwrap();
    let side = cell * (spots.row_count() as f32).sqrt().round();
    let out = spots
        .iter()
        .map(|s| {
            (
                s.label.to_string(),
                ax + (s.x - a1.x) * side,
                ay + (s.y - a1.y) * side,
            )
        })
        .collect();
    (out, cell)
}

/// The centres of the coordinates' labels (their boxes, in which they are centred on a
/// point board) drawn by the board, by their element id.
fn labels(ui: &AppWindow, id: &str) -> Vec<(f32, f32)> {
    let mut out: Vec<(f32, f32)> = Vec::new();
    for e in game_screen(ui).query_descendants().match_id(id).find_all() {
        let (p, s) = (e.absolute_position(), e.size());
        let centre = (p.x + s.width / 2.0, p.y + s.height / 2.0);
        // Each once (an element can be reached along several paths).
        if s.width > 0.0 && !out.contains(&centre) {
            out.push(centre);
        }
    }
    out
}

/// Issue 48 (c): Zamma's points 40 px apart on phones held upright, 360 px wide included,
/// and as far apart as the height allows on a phone's side.
fn spacing(ui: &AppWindow, h: &AppHandle, out: &mut Vec<String>) {
    type Size = (f32, f32, (f32, f32, f32, f32));
    // Upright: at least 40 px. A 360×640 window with the system's bars drawn over it has
    // 592 px of height for the bar, the board and the controls: less is asked there.
    let upright: [(Size, f32); 6] = [
        ((360.0, 640.0, (0.0, 0.0, 0.0, 0.0)), 40.0),
        ((360.0, 740.0, (0.0, 24.0, 0.0, 24.0)), 40.0),
        ((360.0, 800.0, (0.0, 32.0, 0.0, 24.0)), 40.0),
        ((412.0, 915.0, (0.0, 32.0, 0.0, 24.0)), 40.0),
        ((420.0, 860.0, (0.0, 0.0, 0.0, 0.0)), 40.0),
        ((360.0, 640.0, (0.0, 24.0, 0.0, 24.0)), 34.0),
    ];
    for ((w, ht, insets), least) in upright {
        size(ui, w, ht, insets);
        start(h, "zamma", false);
        let (a1, b1) = (point(ui, "a1"), point(ui, "b1"));
        let apart = b1.0 - a1.0;
        if apart < least - 0.01 {
            out.push(format!(
                "{w}x{ht} {insets:?}: Zamma's points {apart:.1} px apart, under {least}"
            ));
        }
    }
    // On its side the board takes the whole height the system leaves.
    for (w, ht, insets) in [
        (740.0, 360.0, (24.0, 0.0, 0.0, 16.0)),
        (800.0, 360.0, (32.0, 0.0, 0.0, 16.0)),
    ] {
        size(ui, w, ht, insets);
        start(h, "zamma", false);
        let apart = point(ui, "b1").0 - point(ui, "a1").0;
        let least = (ht - insets.1 - insets.3) / 9.0 - 0.5;
        if apart < least {
            out.push(format!(
                "{w}x{ht} {insets:?}: Zamma's points {apart:.1} px apart, under {least:.1}"
            ));
        }
    }
}

/// Issue 48 (b): on a point board each rank number is centred on its line, left of the
/// leftmost point and clear of a piece there, and each file letter on its line below the
/// bottom point; on the Turkish board each stays inside a square of the edge it names.
fn coordinates(ui: &AppWindow, h: &AppHandle, out: &mut Vec<String>) {
    for (w, ht) in [(360.0, 640.0), (412.0, 915.0), (740.0, 360.0)] {
        size(ui, w, ht, (0.0, 0.0, 0.0, 0.0));
        for game in ["zamma", "turkish"] {
            start(h, game, false);
            let (pts, cell) = points(ui);
            let at = |l: &str| pts.iter().find(|p| p.0 == l).map(|p| (p.1, p.2)).unwrap();
            let files: Vec<char> = pts.iter().map(|p| p.0.as_bytes()[0] as char).collect();
            let (first, last) = (*files.iter().min().unwrap(), *files.iter().max().unwrap());
            let n = last as u8 - first as u8 + 1;
            let column = |f: u8| at(&format!("{}{}", (b'a' + f) as char, 1)).0;
            let row = |r: u8| at(&format!("a{}", r + 1)).1;
            let (left, bottom) = (column(0), row(0));
            let piece = cell * 0.72 / 2.0;
            let ranks = labels(ui, "Board::rank");
            let file_labels = labels(ui, "Board::file");
            let name = format!("{game} at {w}x{ht}");
            if ranks.len() != n as usize || file_labels.len() != n as usize {
                out.push(format!(
                    "{name}: {} rank and {} file labels, {n} each wanted",
                    ranks.len(),
                    file_labels.len()
                ));
                continue;
            }
            for (x, y) in ranks {
                let nearest = (0..n)
                    .map(row)
                    .min_by(|a, b| (a - y).abs().total_cmp(&(b - y).abs()))
                    .unwrap();
                if game == "zamma" {
                    if (y - nearest).abs() > 1.0 || x > left - piece - 2.0 {
                        out.push(format!(
                            "{name}: a rank number at ({x:.1}, {y:.1}), its line at y {nearest:.1}, the leftmost points at x {left:.1} (pieces {:.1} across)",
                            2.0 * piece
                        ));
                    }
                } else if (y - nearest).abs() > cell / 2.0 || (x - left).abs() > cell / 2.0 {
                    out.push(format!("{name}: a rank number at ({x:.1}, {y:.1}) outside the left column's squares"));
                }
            }
            for (x, y) in file_labels {
                let nearest = (0..n)
                    .map(column)
                    .min_by(|a, b| (a - x).abs().total_cmp(&(b - x).abs()))
                    .unwrap();
                if game == "zamma" {
                    if (x - nearest).abs() > 1.0 || y < bottom + piece + 2.0 {
                        out.push(format!(
                            "{name}: a file letter at ({x:.1}, {y:.1}), its line at x {nearest:.1}, the bottom points at y {bottom:.1} (pieces {:.1} across)",
                            2.0 * piece
                        ));
                    }
                } else if (x - nearest).abs() > cell / 2.0 || (y - bottom).abs() > cell / 2.0 {
                    out.push(format!("{name}: a file letter at ({x:.1}, {y:.1}) outside the bottom row's squares"));
                }
            }
        }
    }
}

fn rgb(c: slint::Color) -> [u8; 3] {
    [c.red(), c.green(), c.blue()]
}

/// The window drawn, as rows of RGB.
fn frame(ui: &AppWindow) -> (usize, Vec<[u8; 3]>) {
    let buf = ui.window().take_snapshot().unwrap();
    let w = buf.width() as usize;
    (w, buf.as_slice().iter().map(|p| [p.r, p.g, p.b]).collect())
}

/// Four directions from a piece's centre: between the board's lines (which run every 45°)
/// and away from the piece's shadow (below and to the right).
const RAYS: [(f32, f32); 4] = [
    (-0.3827, -0.9239),
    (0.3827, -0.9239),
    (-0.9239, -0.3827),
    (-0.9239, 0.3827),
];

/// Issue 48 (a): a piece ringed by Show moves. The ring's pixels are those that Show moves
/// changes, along [`RAYS`] from the piece's centre, from inside its edge to well beyond. Along each ray some of them
/// must stand out by 3:1 (WCAG's contrast for marks) from the piece's rim, which the ring
/// runs beside, and some from the board around it, as a destination dot's rims do.
fn rings(ui: &AppWindow, h: &AppHandle, out: &mut Vec<String>) {
    size(ui, 360.0, 640.0, (0.0, 0.0, 0.0, 0.0));
    let t = ui.global::<Theme>();
    let settings = ui.global::<dama_ui::SettingsAdapter>();
    let styles: Vec<(bool, i32, i32)> = [false, true]
        .into_iter()
        .flat_map(|d| (0..3).flat_map(move |b| (0..3).map(move |p| (d, b, p))))
        .collect();
    for black in [false, true] {
        // The frames with the rings and without, per theme, board and pieces.
        let mut shown = Vec::new();
        for on in [true, false] {
            settings.invoke_choose_show_moves(on);
            start(h, "zamma", black);
            let mut frames = Vec::new();
            for &(dark, board, pieces) in &styles {
                t.set_dark(dark);
                t.set_board_style(board);
                t.set_piece_style(pieces);
                frames.push(frame(ui));
            }
            shown.push(frames);
        }
        // A piece that can move (the first; they are all ringed alike).
        let game = ui.global::<dama_ui::GameAdapter>();
        settings.invoke_choose_show_moves(true);
        start(h, "zamma", black);
        let piece = game
            .get_board()
            .pieces
            .iter()
            .find(|p| p.movable)
            .expect("a piece that can move, ringed");
        let spot = game
            .get_board()
            .spots
            .iter()
            .find(|s| (s.x - piece.x).abs() < 1e-4 && (s.y - piece.y).abs() < 1e-4)
            .unwrap();
        let (cx, cy, cell) = point(ui, &spot.label);
        let radius = cell * 0.72 / 2.0;
        for (k, &(dark, board, pieces)) in styles.iter().enumerate() {
            t.set_dark(dark);
            t.set_board_style(board);
            t.set_piece_style(pieces);
            let rim = rgb(if black {
                t.get_black_piece_edge()
            } else {
                t.get_white_piece_edge()
            });
            let wood = rgb(t.get_board());
            let (w, on) = &shown[0][k];
            let (_, off) = &shown[1][k];
            let name = format!(
                "{} theme, board {board}, pieces {pieces}, {} piece {}",
                if dark { "dark" } else { "light" },
                if black { "black" } else { "white" },
                spot.label
            );
            for (dx, dy) in RAYS {
                let mut ring = Vec::new();
                let mut d = radius - 3.0;
                while d < radius + 14.0 {
                    let (x, y) = ((cx + dx * d) as usize, (cy + dy * d) as usize);
                    let i = y * w + x;
                    let changed = on[i].iter().zip(off[i]).any(|(a, b)| a.abs_diff(b) > 24);
                    if changed && !ring.contains(&on[i]) {
                        ring.push(on[i]);
                    }
                    d += 0.5;
                }
                let best = |c: [u8; 3]| ring.iter().map(|&p| ratio(p, c)).fold(0.0, f64::max);
                let (against_rim, against_board) = (best(rim), best(wood));
                if ring.is_empty() || against_rim < 3.0 || against_board < 3.0 {
                    out.push(format!(
                        "{name}, ray ({dx}, {dy}): the ring {against_rim:.2}:1 against the rim, {against_board:.2}:1 against the board ({} colours)",
                        ring.len()
                    ));
                }
            }
        }
    }
    settings.invoke_choose_show_moves(false);
}

#[test]
fn zamma_points_coordinates_and_rings_on_phones() {
    // The software renderer (the shipped one), as the screenshots are drawn.
    slint::platform::set_platform(Box::new(TestingBackend::new(TestingBackendOptions {
        mock_time: true,
        threading: false,
        renderer_name: Some("software".into()),
    })))
    .unwrap();
    let dir = std::env::temp_dir().join(format!("dama-board-marks-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let handle = dama_ui::platform::desktop::create(Store::new(&dir)).unwrap();
    let ui: &AppWindow = &handle;
    ui.show().unwrap();
    handle.with(|a| a.set_anim_speed(0));
    let mut found = Vec::new();
    spacing(ui, &handle, &mut found);
    coordinates(ui, &handle, &mut found);
    rings(ui, &handle, &mut found);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        found.is_empty(),
        "{} problems:\n{}",
        found.len(),
        found.join("\n")
    );
}
