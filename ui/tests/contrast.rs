//! Contrast of the themes (issue 15): every text and every mark on the board stands out
//! from what it is drawn on by at least 4.5:1 (WCAG's relative luminance), in the light and
//! the dark theme, computed from the colours the running app's `Theme` global gives.

#[path = "common/wcag.rs"]
mod wcag;

use dama_ui::store::Store;
use dama_ui::Theme;
use slint::{Color, ComponentHandle};

fn ratio(a: Color, b: Color) -> f64 {
    wcag::ratio(
        [a.red(), a.green(), a.blue()],
        [b.red(), b.green(), b.blue()],
    )
}

/// The lower contrast of `fg` on the board's colour lightened or darkened by its grain.
fn worst_on_board(fg: Color, board: Color) -> f64 {
    let k = dama_ui::board::art::Surface::GRAIN as f64;
    let shade = |f: f64| {
        let m = |v: u8| (v as f64 * f).clamp(0.0, 255.0) as u8;
        Color::from_rgb_u8(m(board.red()), m(board.green()), m(board.blue()))
    };
    ratio(fg, shade(1.0 - k)).min(ratio(fg, shade(1.0 + k)))
}

#[test]
fn every_text_and_mark_stands_out_in_both_themes() {
    i_slint_backend_testing::init_no_event_loop();
    let dir = std::env::temp_dir().join(format!("dama-contrast-{}", std::process::id()));
    let ui = dama_ui::platform::desktop::create(Store::new(&dir)).unwrap();
    let t = ui.global::<Theme>();
    let mut low = Vec::new();
    let mut apart = Vec::new();
    // Every theme with every board and every set of pieces (issue 24 item 11).
    for (dark, board_style, piece_style) in [false, true]
        .into_iter()
        .flat_map(|d| (0..3).flat_map(move |b| (0..3).map(move |p| (d, b, p))))
    {
        t.set_dark(dark);
        t.set_board_style(board_style);
        t.set_piece_style(piece_style);
        let theme = format!(
            "{} theme, board {board_style}, pieces {piece_style}",
            if dark { "dark" } else { "light" }
        );
        let theme = theme.as_str();
        let mut check = |what: &str, fg: Color, bg: Color| {
            // The board's grain strays a little from its colour: the worst of it counts.
            let r = if bg == t.get_board() {
                worst_on_board(fg, bg)
            } else {
                ratio(fg, bg)
            };
            if r < 4.5 {
                low.push(format!("{theme}: {what} {r:.2}:1"));
            }
        };
        // Texts on the backgrounds they are drawn on.
        for (name, bg) in [
            ("background", t.get_background()),
            ("surface", t.get_surface()),
            ("surface-alt", t.get_surface_alt()),
        ] {
            check(&format!("text on {name}"), t.get_text(), bg);
            check(&format!("soft text on {name}"), t.get_text_soft(), bg);
            check(&format!("accent text on {name}"), t.get_accent_ink(), bg);
        }
        check(
            "danger text on a button",
            t.get_danger(),
            t.get_surface_alt(),
        );
        check("danger text on a card", t.get_danger(), t.get_surface());
        check("text on the accent", t.get_accent_text(), t.get_accent());
        // Marks on the board: a piece by its face or its rim, whichever stands out more.
        let board = t.get_board();
        check("coordinates, lines and points", t.get_board_line(), board);
        let piece = |face: Color, rim: Color| {
            if ratio(face, board) >= ratio(rim, board) {
                face
            } else {
                rim
            }
        };
        check(
            "white pieces",
            piece(t.get_white_piece(), t.get_white_piece_edge()),
            board,
        );
        check(
            "black pieces",
            piece(t.get_black_piece(), t.get_black_piece_edge()),
            board,
        );
        // The two sides tell apart by their faces.
        let faces = ratio(t.get_white_piece(), t.get_black_piece());
        if faces < 3.0 {
            apart.push(format!(
                "{theme}: white and black faces {faces:.2}:1 (3:1 wanted)"
            ));
        }
        for (name, c) in [
            ("selection ring", t.get_select()),
            ("chosen end", t.get_target()),
            ("landing points", t.get_landing()),
            ("must-capture ring", t.get_must()),
            ("liable ring", t.get_liable()),
            ("routes", t.get_route()),
            ("route being built", t.get_route_active()),
            ("last move", t.get_last_move()),
            ("hint", t.get_hint()),
        ] {
            check(name, c, board);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    low.extend(apart);
    assert!(low.is_empty(), "too little contrast:\n{}", low.join("\n"));
}
