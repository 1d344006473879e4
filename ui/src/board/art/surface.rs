//! The board's surfaces and their seamless texture tiles.

/// The board's surface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// Wood with a faint grain along the rows.
    Wood,
    /// Green baize, finely mottled.
    Baize,
    /// Stone, softly clouded.
    Stone,
}

impl Surface {
    /// The surface of the Settings' index (0 wood, 1 baize, 2 stone).
    pub fn from_index(i: i32) -> Surface {
        match i {
            1 => Surface::Baize,
            2 => Surface::Stone,
            _ => Surface::Wood,
        }
    }

    /// How far a pixel's brightness strays from the surface's colour, at most (the marks'
    /// contrast is checked against the flat colour, with this margin).
    pub const GRAIN: f32 = 0.035;

    /// Makes this surface's tile on a thread of its own, so that the first board painted
    /// with it (on the UI thread, in the frame that shows it) finds it made: its sines take
    /// about 4 ms at the app's size-optimised level. A board painted sooner waits for it.
    pub fn prepare(self) {
        if TILES[self as usize].get().is_some() {
            return;
        }
        let _ = std::thread::Builder::new()
            .name("dama-board-tile".into())
            .spawn(move || {
                self.tile();
            });
    }

    /// The brightness factors of one tile of the texture, [`TILE`] pixels square, made
    /// once per surface: a few sines whose periods divide the tile, and hashed noise, so
    /// that tiles join without a seam. Painting then costs a lookup per pixel (the sines
    /// per pixel of a 1026-pixel board took 84 ms).
    pub(super) fn tile(self) -> &'static [f32] {
        TILES[self as usize].get_or_init(|| {
            let turn = std::f32::consts::TAU / TILE as f32;
            (0..TILE * TILE)
                .map(|i| {
                    let (x, y) = ((i % TILE) as f32, (i / TILE) as f32);
                    let noise = hash((i % TILE) as u32, (i / TILE) as u32);
                    let t = match self {
                        Surface::Wood => {
                            let bend = (x * turn).sin() * 2.2 + (x * 3.0 * turn).sin() * 0.6;
                            0.75 * (y * 3.0 * turn + bend).sin() + 0.25 * noise
                        }
                        Surface::Baize => noise,
                        Surface::Stone => {
                            let a = (x * 2.0 * turn + (y * turn).sin() * 1.7).sin();
                            let b = (y * 2.0 * turn + (x * turn).cos()).cos();
                            0.7 * a * b + 0.3 * noise
                        }
                    };
                    1.0 + Surface::GRAIN * t.clamp(-1.0, 1.0)
                })
                .collect()
        })
    }
}

/// Each surface's tile, made at its first use.
pub(super) static TILES: [once_cell::sync::OnceCell<Vec<f32>>; 3] = [
    once_cell::sync::OnceCell::new(),
    once_cell::sync::OnceCell::new(),
    once_cell::sync::OnceCell::new(),
];

/// The side of the texture's tile in pixels.
pub(super) const TILE: usize = 256;

/// A fixed hash of a pixel's coordinates, -1..1.
fn hash(x: u32, y: u32) -> f32 {
    let mut h = x.wrapping_mul(0x27d4_eb2d) ^ y.wrapping_mul(0x1656_67b1);
    h ^= h >> 15;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    (h & 0xffff) as f32 / 32767.5 - 1.0
}
