//! What a tablet shows badly (issue 51: a phone layout stretched to 768–1366 px): lines of
//! text too long to read, buttons and rows stretched across the screen, and a third of the
//! screen left empty where there is more to show. Checked where both sides of the window
//! are at least 600 px (a tablet, upright or on its side); phones are left to `problems`.

use super::measure::{all, item, safe_window, short, visible, Rect};
use dama_ui::AppWindow;
use i_slint_backend_testing::{AccessibleRole, ElementQuery};
use slint::ComponentHandle;
use std::ops::ControlFlow;

/// The longest line of text a reader follows comfortably (typographers give 45–75
/// characters; a little more for the app's short paragraphs).
pub const LONGEST_LINE: usize = 90;
/// The widest a row or card that is one tap target may be: the readable column.
pub const WIDEST_ROW: f32 = 720.0;

/// Whether the window is a tablet's: both sides at least 600 px.
pub fn is_tablet(ui: &AppWindow) -> bool {
    let s = ui.window().size().to_logical(ui.window().scale_factor());
    s.width.min(s.height) >= 600.0
}

/// The characters of a text's longest line as shown: its longest line (between line
/// breaks) times the part of it the box holds across (`label.slint` tells it in
/// thousandths while the layout check runs).
fn line_length(label: &str, held: &str) -> usize {
    // A zero-width space (a break a position code allows) is no character read.
    let longest = label
        .lines()
        .map(|l| l.chars().filter(|&c| c != '\u{200B}').count())
        .max()
        .unwrap_or(0);
    let held: f32 = held.parse::<f32>().unwrap_or(1000.0) / 1000.0;
    (longest as f32 * held.min(1.0)).round() as usize
}

/// The largest stretch of `0..len` that none of `spans` covers.
fn largest_gap(mut spans: Vec<(f32, f32)>, len: f32) -> f32 {
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (mut end, mut gap) = (0.0f32, 0.0f32);
    for (a, b) in spans {
        gap = gap.max(a - end);
        end = end.max(b);
    }
    gap.max(len - end)
}

/// What a tablet shows badly on the screen shown now (nothing on a phone). `overlay`: a
/// dialog covers the screen (its emptiness is not the screen's).
pub fn tablet_problems(ui: &AppWindow, name: &str, overlay: bool) -> Vec<String> {
    if !is_tablet(ui) {
        return Vec::new();
    }
    let window = safe_window(ui);
    // A button at its own width grows with the Text size setting: a third of the screen at
    // normal text, that times the text's scale with large text (issue 50 item 5).
    let text_size = ui.global::<dama_ui::SettingsAdapter>().get_text_size();
    let scale = dama_ui::store::TEXT_SCALES[text_size.clamp(0, 2) as usize];
    let widest = window.w / 3.0 * scale + 1.0;
    let mut out = Vec::new();
    let everything = ElementQuery::from_root(ui).match_descendants().find_all();
    for e in &everything {
        if !visible(e) {
            continue;
        }
        let label = e.accessible_label().unwrap_or_default().to_string();
        let r = Rect::of(e);
        if e.accessible_role() == Some(AccessibleRole::Text) {
            let held = e.accessible_value().unwrap_or_default();
            let n = line_length(&label, &held);
            if n > LONGEST_LINE {
                out.push(format!(
                    "{name}: '{}' runs {n} characters a line ({:.0} px wide)",
                    short(&label),
                    r.w
                ));
            }
            continue;
        }
        if e.accessible_role() != Some(AccessibleRole::Button) || r.clipped_to(&window).is_none() {
            continue;
        }
        let control = e
            .id()
            .is_some_and(|id| id == "Button::ta" || id == "Chip::ta");
        if control && r.w > widest {
            out.push(format!(
                "{name}: the button '{}' is {:.0} px wide, over a third of {:.0} (times {scale})",
                short(&label),
                r.w,
                window.w
            ));
        }
        // A row or card that is one target (a game, a game played, a lesson): the graph is
        // a picture as wide as its column, not a row.
        let row = !control && !e.id().is_some_and(|id| id.starts_with("Graph::"));
        if row && r.w > WIDEST_ROW.max(window.w / 2.0) + 1.0 {
            out.push(format!(
                "{name}: the row '{}' is {:.0} px wide, over {WIDEST_ROW:.0}",
                short(&label),
                r.w
            ));
        }
    }
    if overlay {
        return unique(out);
    }
    // A third of the screen empty, across or down, where there is more to show: a board
    // (it could be larger) or a page that scrolls.
    let boards: Vec<Rect> = all(ui, "Board")
        .iter()
        .filter(|b| visible(b))
        .map(Rect::of)
        .collect();
    let scrolls = all(ui, "Flickable").iter().filter(|f| visible(f)).any(|f| {
        let page = Rect::of(f);
        let mut more = false;
        f.visit_descendants(|d| {
            if d.type_name().is_some_and(|t| t.is_empty()) {
                more = Rect::of(&d).h > page.h + 1.0;
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        more
    });
    if boards.is_empty() && !scrolls {
        return unique(out);
    }
    let mut shown: Vec<Rect> = everything
        .iter()
        .filter_map(|e| item(e).map(|i| i.rect))
        .chain(boards)
        .chain(all(ui, "Card").iter().filter(|c| visible(c)).map(Rect::of))
        .filter_map(|r| r.clipped_to(&window))
        .collect();
    shown.dedup();
    let down = largest_gap(
        shown
            .iter()
            .map(|r| (r.y - window.y, r.y + r.h - window.y))
            .collect(),
        window.h,
    );
    let across = largest_gap(
        shown
            .iter()
            .map(|r| (r.x - window.x, r.x + r.w - window.x))
            .collect(),
        window.w,
    );
    if down > window.h / 3.0 {
        out.push(format!(
            "{name}: {down:.0} px of the {:.0}-px height are empty",
            window.h
        ));
    }
    if across > window.w / 3.0 {
        out.push(format!(
            "{name}: {across:.0} px of the {:.0}-px width are empty",
            window.w
        ));
    }
    unique(out)
}

/// Each problem once (the same element can be reached along several paths).
fn unique(out: Vec<String>) -> Vec<String> {
    let mut once: Vec<String> = Vec::new();
    for p in out {
        if !once.contains(&p) {
            once.push(p);
        }
    }
    once
}
