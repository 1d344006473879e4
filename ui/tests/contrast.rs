//! Contrast of the themes (issue 15): every text and every mark on the board stands out
//! from what it is drawn on by at least 4.5:1 (WCAG's relative luminance), in the light and
//! the dark theme, computed from the colours the running app's `Theme` global gives.

use dama_ui::store::Store;
use dama_ui::Theme;
use slint::{Color, ComponentHandle};

fn luminance(c: Color) -> f64 {
    let f = |v: u8| {
        let v = v as f64 / 255.0;
        if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * f(c.red()) + 0.7152 * f(c.green()) + 0.0722 * f(c.blue())
}

fn ratio(a: Color, b: Color) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[test]
fn every_text_and_mark_stands_out_in_both_themes() {
    i_slint_backend_testing::init_no_event_loop();
    let dir = std::env::temp_dir().join(format!("dama-contrast-{}", std::process::id()));
    let ui = dama_ui::app::create(Store::new(&dir)).unwrap();
    let t = ui.global::<Theme>();
    let mut low = Vec::new();
    for dark in [false, true] {
        t.set_dark(dark);
        let theme = if dark { "dark" } else { "light" };
        let mut check = |what: &str, fg: Color, bg: Color| {
            let r = ratio(fg, bg);
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
    assert!(low.is_empty(), "too little contrast:\n{}", low.join("\n"));
}
