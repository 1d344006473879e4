//! WCAG contrast measured from what is drawn (issue 50 item 5): each text shown is read off
//! the rendered frame (the software renderer's pixels, as a player sees them), and the colour
//! of its strokes must stand out from the colour around them by 4.5:1. `ui/tests/contrast.rs`
//! computes the same from the theme's colour pairs; this catches a text drawn on something
//! else than its pair says (a card, a tint, a translucent layer, the board).

use super::measure::{short, visible, Rect};
use super::wcag;
use dama_ui::AppWindow;
use i_slint_backend_testing::{AccessibleRole, ElementQuery};
use slint::ComponentHandle;
use std::collections::HashMap;

/// WCAG AA for text.
const TEXT: f64 = 4.5;

/// The texts shown whose strokes stand out from their background by less than 4.5:1. The
/// background is the colour most of the text's box has; the strokes' colour the one that
/// stands out most from it (a glyph's stem is drawn in the text's full colour, its edges
/// blend). Texts of disabled buttons are left out (WCAG exempts inactive controls), as are
/// texts not wholly in `view`, and texts of one colour with their box (nothing drawn yet).
pub fn contrast_problems(ui: &AppWindow, name: &str, view: &Rect) -> Vec<String> {
    let Ok(shot) = ui.window().take_snapshot() else {
        return vec![format!("{name}: no frame to measure contrast on")];
    };
    let scale = ui.window().scale_factor();
    let (w, h) = (shot.width() as usize, shot.height() as usize);
    let pixels = shot.as_slice();
    let all = ElementQuery::from_root(ui).match_descendants().find_all();
    let disabled: Vec<Rect> = all
        .iter()
        .filter(|e| {
            // A disabled button is drawn faded (its touch area's opacity under one).
            e.accessible_role() == Some(AccessibleRole::Button)
                && (e.accessible_enabled() == Some(false) || e.computed_opacity() < 0.99)
        })
        .map(Rect::of)
        .collect();
    let mut out = Vec::new();
    for e in &all {
        if !visible(e) || e.accessible_role() != Some(AccessibleRole::Text) {
            continue;
        }
        let label = e.accessible_label().unwrap_or_default();
        let r = Rect::of(e);
        if label.trim().is_empty() || !r.inside(view) || disabled.iter().any(|d| r.inside(d)) {
            continue;
        }
        let Some((fg, bg, ratio)) = measure(pixels, (w, h), &r, scale) else {
            continue;
        };
        if ratio < TEXT {
            out.push(format!(
                "{name}: '{}' stands out by {ratio:.2}:1 (#{:02x}{:02x}{:02x} on #{:02x}{:02x}{:02x})",
                short(&label),
                fg[0],
                fg[1],
                fg[2],
                bg[0],
                bg[1],
                bg[2]
            ));
        }
    }
    out
}

/// The strokes' colour, the background's and their contrast in `r` (logical px) of a frame
/// of `size` physical px; `None` for a box of one colour.
fn measure(
    pixels: &[slint::Rgba8Pixel],
    size: (usize, usize),
    r: &Rect,
    scale: f32,
) -> Option<([u8; 3], [u8; 3], f64)> {
    let px = |v: f32| (v * scale).round().max(0.0) as usize;
    let (x0, y0) = (px(r.x), px(r.y));
    let (x1, y1) = (px(r.x + r.w).min(size.0), px(r.y + r.h).min(size.1));
    let mut counts: HashMap<[u8; 3], usize> = HashMap::new();
    for y in y0..y1 {
        for p in &pixels[y * size.0 + x0..y * size.0 + x1.max(x0)] {
            *counts.entry([p.r, p.g, p.b]).or_default() += 1;
        }
    }
    let (&bg, _) = counts.iter().max_by_key(|(c, n)| (**n, **c))?;
    let (fg, ratio) = counts
        .keys()
        .map(|&c| (c, wcag::ratio(c, bg)))
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    (fg != bg).then_some((fg, bg, ratio))
}
