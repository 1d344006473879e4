//! The dirty region when siblings come and go (the patched `i-slint-core`, third_party/README.md):
//! a sibling that is removed repaints only where it was, not every sibling drawn after it, and
//! every partial frame still equals the whole picture while tiles that overlap each other are
//! added, removed, moved and recoloured in a random order. The picture is worked out here
//! (opaque rectangles in the order drawn), not taken from `Screen::repaint_all`: that clears
//! the renderer's partial cache (it switches the buffer type), so every frame after it was a
//! full repaint and the random steps compared full repaints with full repaints. (Siblings that keep their own
//! pixels but trade places in the stacking are what the rank check is for: a repeater keeps
//! its rows' order, so this file makes none; `z_order.rs` does, through a dynamic `z`.)

use dama_ui::platform::headless::Screen;
use slint::platform::software_renderer::PremultipliedRgbaColor;
use slint::{ComponentHandle, Model, VecModel};
use std::rc::Rc;
use std::time::Duration;

slint::slint! {
    export struct Tile { x: length, y: length, color: color }

    export component Stack inherits Window {
        width: 200px;
        height: 200px;
        background: white;
        in property <bool> bar: true;
        in property <bool> square;
        in property <[Tile]> tiles;
        // Drawn under the tiles: removing it shifts the ranks of all of them.
        if bar: Rectangle {
            y: 0;
            height: 20px;
            background: black;
        }
        for t in tiles: Rectangle {
            x: t.x;
            y: t.y;
            width: 50px;
            height: 50px;
            background: t.color;
        }
        // Drawn over them.
        if square: Rectangle {
            x: 150px;
            y: 150px;
            width: 50px;
            height: 50px;
            background: #0a0;
        }
    }
}

/// A small deterministic generator (xorshift), so that a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn tile(&mut self) -> Tile {
        let colors = [
            slint::Color::from_rgb_u8(200, 30, 30),
            slint::Color::from_rgb_u8(30, 30, 200),
            slint::Color::from_rgb_u8(230, 200, 20),
            slint::Color::from_rgb_u8(120, 20, 160),
        ];
        Tile {
            x: (self.below(16) * 10) as f32,
            y: (30 + self.below(12) * 10) as f32,
            color: colors[self.below(colors.len())],
        }
    }
}

fn differing(a: &[PremultipliedRgbaColor], b: &[PremultipliedRgbaColor]) -> usize {
    a.iter()
        .zip(b)
        .filter(|(x, y)| (x.red, x.green, x.blue) != (y.red, y.green, y.blue))
        .count()
}

/// What `Stack` shows, worked out by hand: white, the bar, the tiles in the model's order
/// (each drawn over the ones before), the square.
fn picture(stack: &Stack, tiles: &VecModel<Tile>) -> Vec<PremultipliedRgbaColor> {
    let opaque = |(red, green, blue): (u8, u8, u8)| PremultipliedRgbaColor {
        red,
        green,
        blue,
        alpha: 255,
    };
    let mut p = vec![opaque((255, 255, 255)); 200 * 200];
    let mut fill = |x: usize, y: usize, w: usize, h: usize, c: (u8, u8, u8)| {
        for row in y..y + h {
            p[row * 200 + x..row * 200 + x + w].fill(opaque(c));
        }
    };
    if stack.get_bar() {
        fill(0, 0, 200, 20, (0, 0, 0));
    }
    for t in tiles.iter() {
        let c = (t.color.red(), t.color.green(), t.color.blue());
        fill(t.x as usize, t.y as usize, 50, 50, c);
    }
    if stack.get_square() {
        fill(150, 150, 50, 50, (0, 0xaa, 0));
    }
    p
}

#[test]
fn siblings_that_come_and_go_repaint_only_their_place_and_frames_stay_whole() {
    let mut screen = Screen::install(200, 200, 1.0).unwrap();
    let stack = Stack::new().unwrap();
    stack.show().unwrap();
    let tiles = Rc::new(VecModel::from(vec![
        Tile {
            x: 0.0,
            y: 40.0,
            color: slint::Color::from_rgb_u8(200, 30, 30),
        },
        Tile {
            x: 30.0,
            y: 60.0,
            color: slint::Color::from_rgb_u8(30, 30, 200),
        },
        Tile {
            x: 60.0,
            y: 80.0,
            color: slint::Color::from_rgb_u8(230, 200, 20),
        },
    ]));
    stack.set_tiles(tiles.clone().into());
    let draw = |screen: &mut Screen| {
        screen.advance(Duration::from_millis(16));
        screen.draw()
    };
    draw(&mut screen);

    // The bar goes: the tiles keep their pixels. Published, each tile's rank fell by one and
    // all of them were repainted.
    stack.set_bar(false);
    let dirty = draw(&mut screen).expect("the bar's place is drawn");
    assert!(
        dirty.y + dirty.height <= 20,
        "only the bar's place is repainted, not the tiles: {dirty:?}"
    );
    assert_eq!(
        differing(screen.frame.pixels(), &picture(&stack, &tiles)),
        0
    );

    // Tiles over each other added, removed, moved and recoloured, the bar and the square in
    // and out: each
    // partial frame is what drawing everything gives.
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for step in 0..300 {
        match rng.below(5) {
            0 if rng.below(2) == 0 => stack.set_bar(!stack.get_bar()),
            0 => stack.set_square(!stack.get_square()),
            1 if tiles.row_count() < 8 => {
                let at = rng.below(tiles.row_count() + 1);
                tiles.insert(at, rng.tile());
            }
            2 if tiles.row_count() > 1 => {
                tiles.remove(rng.below(tiles.row_count()));
            }
            3 if tiles.row_count() > 0 => {
                let at = rng.below(tiles.row_count());
                tiles.set_row_data(at, rng.tile());
            }
            _ if tiles.row_count() > 1 => {
                // Two tiles trade their looks: their stacking order in the picture changes.
                let (a, b) = (rng.below(tiles.row_count()), rng.below(tiles.row_count()));
                let (ta, tb) = (tiles.row_data(a).unwrap(), tiles.row_data(b).unwrap());
                tiles.set_row_data(a, tb);
                tiles.set_row_data(b, ta);
            }
            _ => {}
        }
        // One change a step never dirties the whole screen (only the bar reaches the top,
        // only the square the bottom right): a full repaint here means the partial cache was
        // lost and the step proves nothing.
        if let Some(d) = draw(&mut screen) {
            assert!(d.width * d.height < 200 * 200, "step {step}: {d:?}");
        }
        let wrong = differing(screen.frame.pixels(), &picture(&stack, &tiles));
        assert_eq!(
            wrong, 0,
            "step {step}: {wrong} pixels differ from a full repaint"
        );
    }
}
