//! The review's evaluation graph as drawn (issue 51): the curve, the cursor and a tap on one
//! scale at every width. At 768, 800 and 1280 px the curve kept its view box's 5:1 shape and
//! filled only the middle of its box while the cursor and the taps used the whole width, so
//! tapping the dip at 14. d3-e3 selected 15. a3-b3. This reads the curve from the rendered
//! pixels, taps its lowest point and three points along it where they are drawn, and checks
//! the move chosen and where the cursor then stands.

use dama_ui::app::AppHandle;
use dama_ui::AppWindow;
use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::platform::{PointerEventButton, WindowEvent};
use slint::{ComponentHandle, LogicalPosition, SharedPixelBuffer};

/// Window sizes: a phone, the four tablets of the issue and an iPad 13".
const SIZES: [(f32, f32); 6] = [
    (360.0, 640.0),
    (768.0, 1024.0),
    (800.0, 1280.0),
    (1280.0, 800.0),
    (1024.0, 768.0),
    (1024.0, 1366.0),
];

type Pixels = SharedPixelBuffer<slint::Rgba8Pixel>;

fn close(p: slint::Rgba8Pixel, c: slint::Color) -> bool {
    let d = |a: u8, b: u8| (a as i32 - b as i32).abs();
    d(p.r, c.red()) + d(p.g, c.green()) + d(p.b, c.blue()) < 40
}

/// The graph's box, in window pixels (the testing backend's scale is 1).
fn graph_box(ui: &AppWindow) -> (usize, usize, usize, usize) {
    let e = ElementHandle::find_by_accessible_label(ui, "Evaluation graph")
        .find(|e| e.accessible_role() == Some(AccessibleRole::Button))
        .expect("the review's graph");
    let (p, s) = (e.absolute_position(), e.size());
    (
        p.x.round() as usize,
        p.y.round() as usize,
        s.width.round() as usize,
        s.height.round() as usize,
    )
}

/// Per column of the box, the rows where `colour` is drawn.
fn drawn(
    img: &Pixels,
    (x, y, w, h): (usize, usize, usize, usize),
    colour: slint::Color,
) -> Vec<Vec<usize>> {
    let px = img.as_slice();
    let stride = img.width() as usize;
    (x..x + w)
        .map(|c| {
            (y..y + h)
                .filter(|&r| close(px[r * stride + c], colour))
                .collect()
        })
        .collect()
}

fn press(ui: &AppWindow, x: f32, y: f32) {
    let position = LogicalPosition::new(x, y);
    let w = ui.window();
    w.dispatch_event(WindowEvent::PointerMoved { position });
    w.dispatch_event(WindowEvent::PointerPressed {
        position,
        button: PointerEventButton::Left,
    });
    w.dispatch_event(WindowEvent::PointerReleased {
        position,
        button: PointerEventButton::Left,
    });
    w.dispatch_event(WindowEvent::PointerExited);
}

/// History's newest game (analysed) reviewed at every size: its curve spans its box, a tap
/// on its lowest point chooses the move with the lowest score, a tap a quarter, half or
/// three quarters along the drawn curve chooses the ply drawn there, and the cursor stands
/// where the tap was.
pub fn curve_cursor_and_taps_agree(handle: &AppHandle) {
    let ui: &AppWindow = handle;
    let review = ui.global::<dama_ui::ReviewAdapter>();
    let theme = ui.global::<dama_ui::Theme>();
    let area = ui.global::<dama_ui::SafeArea>();
    area.set_left(0.0);
    area.set_top(0.0);
    area.set_right(0.0);
    area.set_bottom(0.0);
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_language(dama_ui::languages::index("en").into());
    super::common::analysed_review(handle, 0, 0);
    let scores = handle.with(|a| a.review().unwrap().analysis().unwrap().scores.clone());
    let low = *scores.iter().min().unwrap();
    let second = scores.iter().filter(|&&s| s != low).min().unwrap();
    assert!(second - low >= 300, "a clear dip: {scores:?}");
    for (w, h) in SIZES {
        ui.window().set_size(slint::LogicalSize::new(w, h));
        review.invoke_go_to(0);
        let img = ui.window().take_snapshot().unwrap();
        let b = graph_box(ui);
        let curve = drawn(&img, b, theme.get_accent());
        let columns: Vec<usize> = (0..b.2).filter(|&c| !curve[c].is_empty()).collect();
        let (first, last) = (columns[0], *columns.last().unwrap());
        assert!(
            first <= 3 && last + 4 >= b.2,
            "{w}x{h}: the curve spans its {}-px box (drawn from {first} to {last})",
            b.2
        );
        // The dip is the column where the curve reaches lowest (the game's lowest score is
        // well below the rest); a quarter, half and three quarters of the way along, the
        // points of those plies as the curve is drawn between its ends.
        let lowest = |c: &usize| curve[*c].iter().max().copied().unwrap_or(0);
        let dip = columns.iter().copied().max_by_key(lowest).unwrap();
        let n = (scores.len() - 1) as f32;
        let along =
            |k: usize| (first as f32 + k as f32 / n * (last - first) as f32).round() as usize;
        let quarters = [1, 2, 3].map(|q| q * (scores.len() - 1) / 4);
        let taps =
            std::iter::once((dip, None)).chain(quarters.iter().map(|&k| (along(k), Some(k))));
        for (column, ply_wanted) in taps {
            let x = (b.0 + column) as f32 + 0.5;
            press(ui, x, (b.1 + b.3 / 2) as f32);
            let ply = review.get_ply() as usize;
            match ply_wanted {
                None => assert_eq!(
                    scores[ply], low,
                    "{w}x{h}: the dip drawn at x {x} chose ply {ply} (scores {scores:?})"
                ),
                Some(k) => assert_eq!(ply, k, "{w}x{h}: ply {k} drawn at x {x}"),
            }
            let img = ui.window().take_snapshot().unwrap();
            let cursor = drawn(&img, b, theme.get_text());
            let at = (0..b.2)
                .filter(|&c| cursor[c].len() * 2 > b.3)
                .map(|c| (b.0 + c) as f32 + 0.5)
                .collect::<Vec<_>>();
            assert!(
                !at.is_empty() && at.iter().all(|c| (c - x).abs() <= 2.0),
                "{w}x{h}: the cursor stands at {at:?}, the tap was at {x}"
            );
        }
    }
}
