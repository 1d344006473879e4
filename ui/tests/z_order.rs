//! Siblings that trade places in the stacking order through a dynamic `z` (Slint 1.18's
//! compiler sorts children by a `z` bound to an expression that changes at run time), drawn
//! by the patched partial renderer (patch 03, the sibling-rank rule, third_party/README.md).
//! Ported from upstream Slint's partial-renderer tests of August 2026
//! (`api/rs/slint/tests/partial_renderer.rs`: `dynamic_z_order`, `dynamic_z_order_repeater`,
//! `dynamic_z_order_reversal`, `dynamic_z_order_swap_with_appearing_sibling`), which assert
//! the dirty region's bounding box. Here each frame is also compared, pixel for pixel, with
//! the picture worked out by hand (opaque rectangles painted in `z` order over black): a
//! repaint that misses an overlap leaves the old stacking's pixels there. The reference is
//! not `Screen::repaint_all`, which clears the renderer's partial cache (it switches the
//! buffer type), so the frame after it would be a full repaint that proves nothing.

use dama_ui::platform::frame::Rect;
use dama_ui::platform::headless::Screen;
use slint::{ComponentHandle, Model, VecModel};
use std::rc::Rc;
use std::time::Duration;

slint::slint! {
    export struct ZItem { px: length, py: length, z: int }

    // Upstream's `dynamic_z_order`: two rectangles over each other, only `z` decides.
    export component Swap inherits Window {
        in property <int> z-red: 1;
        in property <int> z-blue: 2;
        background: black;
        Rectangle { x: 10px; y: 20px; width: 30px; height: 40px; background: #ff0000; z: root.z-red; }
        Rectangle { x: 10px; y: 20px; width: 30px; height: 40px; background: #0000ff; z: root.z-blue; }
    }

    // Upstream's `dynamic_z_order_repeater`: a repeater's rows ordered by their own `z`.
    export component Rows inherits Window {
        in property <[ZItem]> items;
        background: black;
        for it[i] in items: Rectangle {
            x: it.px;
            y: it.py;
            width: 40px;
            height: 40px;
            // The first row of each cluster green, so that it shows when it comes on top.
            // Not bound to the row's data: a binding that reads `it` marks the item dirty
            // whenever its row is set, which would hide what the rank rule does.
            background: i == 0 || i == 3 ? #00ff00 : #ff0000;
            z: it.z;
        }
    }

    // Upstream's `dynamic_z_order_reversal`: A and B overlap, C is far away; reversing the
    // order flips A over B while B keeps its middle rank.
    export component Reversal inherits Window {
        in property <bool> rev: false;
        background: black;
        Rectangle { x: 10px; y: 10px; width: 30px; height: 30px; background: #ff0000; z: rev ? 30 : 10; }
        Rectangle { x: 25px; y: 25px; width: 30px; height: 30px; background: #0000ff; z: 20; }
        Rectangle { x: 150px; y: 150px; width: 30px; height: 30px; background: #00ff00; z: rev ? 10 : 30; }
    }

    // Upstream's `dynamic_z_order_swap_with_appearing_sibling`: a sibling appears below
    // everything in the frame where the other two swap.
    export component Appearing inherits Window {
        in property <bool> front: false;
        background: black;
        if front: Rectangle { x: 140px; y: 140px; width: 8px; height: 8px; background: #00ff00; z: -1; }
        Rectangle { x: 20px; y: 20px; width: 30px; height: 30px; background: #ff0000; z: front ? 0 : 10; }
        Rectangle { x: 20px; y: 20px; width: 30px; height: 30px; background: #0000ff; z: 5; }
    }
}

const SIZE: usize = 300;

/// An opaque rectangle of the hand-made picture: x, y, width, height, (r, g, b), z.
type Tile = (usize, usize, usize, usize, (u8, u8, u8), i32);

const RED: (u8, u8, u8) = (255, 0, 0);
const GREEN: (u8, u8, u8) = (0, 255, 0);
const BLUE: (u8, u8, u8) = (0, 0, 255);

/// The picture: black, then the tiles by increasing `z`, ties in the order given (Slint's
/// sort is stable, in the order of declaration).
fn picture(tiles: &[Tile]) -> Vec<(u8, u8, u8)> {
    let mut sorted = tiles.to_vec();
    sorted.sort_by_key(|t| t.5);
    let mut p = vec![(0, 0, 0); SIZE * SIZE];
    for (x, y, w, h, c, _) in sorted {
        for row in y..y + h {
            p[row * SIZE + x..row * SIZE + x + w].fill(c);
        }
    }
    p
}

/// Draws what changed and checks the whole frame against `tiles`; returns the dirty region's
/// bounding box (`None`: nothing drawn).
#[track_caller]
fn draw(screen: &mut Screen, tiles: &[Tile], what: &str) -> Option<Rect> {
    screen.advance(Duration::from_millis(16));
    let dirty = screen.draw();
    let want = picture(tiles);
    let wrong: Vec<usize> = (0..SIZE * SIZE)
        .filter(|&i| {
            let p = screen.frame.pixels()[i];
            (p.red, p.green, p.blue) != want[i]
        })
        .collect();
    if let Some(&i) = wrong.first() {
        panic!(
            "{what}: {} pixels differ from the picture, the first at ({}, {}) (dirty {dirty:?})",
            wrong.len(),
            i % SIZE,
            i / SIZE
        );
    }
    dirty
}

fn rect(x0: usize, y0: usize, x1: usize, y1: usize) -> Option<Rect> {
    Some(Rect {
        x: x0,
        y: y0,
        width: x1 - x0,
        height: y1 - y0,
    })
}

fn swap(screen: &mut Screen) {
    let ui = Swap::new().unwrap();
    ui.show().unwrap();
    let tiles = |red: i32| [(10, 20, 30, 40, RED, red), (10, 20, 30, 40, BLUE, 2)];
    assert_eq!(
        draw(screen, &tiles(1), "swap, shown"),
        rect(0, 0, SIZE, SIZE)
    );
    ui.set_z_red(3);
    let d = draw(screen, &tiles(3), "red brought over blue");
    assert_eq!(d, rect(10, 20, 40, 60), "the pair's place only");
    assert_eq!(draw(screen, &tiles(3), "swap, still"), None);
    ui.set_z_red(1);
    let d = draw(screen, &tiles(1), "red back under blue");
    assert_eq!(d, rect(10, 20, 40, 60), "the pair's place only");
    assert_eq!(draw(screen, &tiles(1), "swap, still"), None);
    ui.hide().unwrap();
}

fn rows(screen: &mut Screen) {
    // Cluster A stacked at (10, 20), cluster B at (150, 150); their `z` keep them apart.
    let start = [(10., 20., 10), (10., 20., 20), (10., 20., 30)]
        .into_iter()
        .chain([(150., 150., 110), (150., 150., 120), (150., 150., 130)]);
    let items = Rc::new(VecModel::from(
        start
            .map(|(px, py, z)| ZItem { px, py, z })
            .collect::<Vec<_>>(),
    ));
    let ui = Rows::new().unwrap();
    ui.set_items(items.clone().into());
    ui.show().unwrap();
    let tiles = |items: &VecModel<ZItem>| -> Vec<Tile> {
        items
            .iter()
            .enumerate()
            .map(|(i, it)| {
                let c = if i == 0 || i == 3 { GREEN } else { RED };
                (it.px as usize, it.py as usize, 40, 40, c, it.z)
            })
            .collect()
    };
    let set_z = |i: usize, z: i32| {
        let mut it = items.row_data(i).unwrap();
        it.z = z;
        items.set_row_data(i, it);
    };
    let a = rect(10, 20, 50, 60);
    let b = rect(150, 150, 190, 190);
    assert_eq!(
        draw(screen, &tiles(&items), "rows, shown"),
        rect(0, 0, SIZE, SIZE)
    );
    // Row 0 rises above row 1, still under row 2: cluster A only.
    set_z(0, 25);
    assert_eq!(draw(screen, &tiles(&items), "row 0 over row 1"), a);
    assert_eq!(draw(screen, &tiles(&items), "rows, still"), None);
    // A `z` that keeps the order (27: still between 20 and 30): nothing to repaint.
    set_z(0, 27);
    assert_eq!(draw(screen, &tiles(&items), "z changed, order kept"), None);
    // Row 3 rises above row 4 (still under row 5): cluster B only.
    set_z(3, 125);
    assert_eq!(draw(screen, &tiles(&items), "row 3 over row 4"), b);
    assert_eq!(draw(screen, &tiles(&items), "rows, still"), None);
    // Row 0 over both others of cluster A: green on top.
    set_z(0, 35);
    assert_eq!(draw(screen, &tiles(&items), "row 0 on top of A"), a);
    assert_eq!(draw(screen, &tiles(&items), "rows, still"), None);
    ui.hide().unwrap();
}

fn reversal(screen: &mut Screen) {
    let ui = Reversal::new().unwrap();
    ui.show().unwrap();
    let tiles = |rev: bool| {
        let (za, zc) = if rev { (30, 10) } else { (10, 30) };
        [
            (10, 10, 30, 30, RED, za),
            (25, 25, 30, 30, BLUE, 20),
            (150, 150, 30, 30, GREEN, zc),
        ]
    };
    assert_eq!(
        draw(screen, &tiles(false), "reversal, shown"),
        rect(0, 0, SIZE, SIZE)
    );
    // Upstream repaints every sibling whose rank changed, A and C, both ways: (10, 10)-(180,
    // 180). The sibling rule keeps the first one visited in the new order and repaints those
    // that went under it: reversed, C is kept and B and A (old ranks 1 and 0, below C's 2)
    // are repainted; back, A is kept and B and C. Either way the flipped overlap A∩B lies in
    // a repainted rect and C overlaps nothing: the same picture, from other rects.
    for (rev, repainted) in [
        (true, rect(10, 10, 55, 55)),
        (false, rect(25, 25, 180, 180)),
    ] {
        ui.set_rev(rev);
        let d = draw(screen, &tiles(rev), "order reversed");
        assert_eq!(d, repainted, "rev {rev}");
        assert_eq!(draw(screen, &tiles(rev), "reversal, still"), None);
    }
    ui.hide().unwrap();
}

fn appearing(screen: &mut Screen) {
    let ui = Appearing::new().unwrap();
    ui.show().unwrap();
    let before = [(20, 20, 30, 30, RED, 10), (20, 20, 30, 30, BLUE, 5)];
    let after = [
        (140, 140, 8, 8, GREEN, -1),
        (20, 20, 30, 30, RED, 0),
        (20, 20, 30, 30, BLUE, 5),
    ];
    assert_eq!(
        draw(screen, &before, "appearing, shown"),
        rect(0, 0, SIZE, SIZE)
    );
    ui.set_front(true);
    // The swapped pair's place and the new rectangle, as upstream.
    let d = draw(screen, &after, "swap with a sibling appearing");
    assert_eq!(d, rect(20, 20, 148, 148));
    assert_eq!(draw(screen, &after, "appearing, still"), None);
    ui.hide().unwrap();
}

/// One platform per process: the four scenarios in turn, each its own component in the
/// one window.
#[test]
fn dynamic_z_order_repaints_the_flipped_overlaps() {
    let mut screen = Screen::install(SIZE, SIZE, 1.0).unwrap();
    swap(&mut screen);
    rows(&mut screen);
    reversal(&mut screen);
    appearing(&mut screen);
}
