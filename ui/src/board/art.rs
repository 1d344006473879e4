//! The board's fixed art — the wood, its lines and its points — painted into one opaque
//! image per size and theme, which every frame then copies.
//!
//! Why not Slint items: the software renderer draws a path through a coverage mask as big
//! as the path's box and walks that box pixel by pixel on every frame that shows it. The 64
//! diagonals of a Zamma board were a third of a full repaint's instructions at 1440×3120
//! (callgrind). The image is painted when the board's size, kind or theme changes, not per
//! frame: at 1440 × 1440 pixels it is 6 MB and takes a few milliseconds.

use crate::board::coords::Segment;
use crate::{AppWindow, BoardArt};
use slint::{ComponentHandle, Model, Rgb8Pixel, SharedPixelBuffer};

/// The largest side painted: a board bigger than any screen is a layout fault, not a
/// reason to allocate gigabytes.
const MAX_SIDE: u32 = 8192;

/// What the art is made of. Lengths are in the image's pixels; segments are relative to
/// the image (0..1, origin top-left), as `coords::segments` gives them.
pub struct Art<'a> {
    /// The image's width in pixels.
    pub width: u32,
    /// The image's height in pixels.
    pub height: u32,
    /// The lines: straight ones with square ends (they meet without a notch), diagonals
    /// with flat ends (they end in a point's dot).
    pub segments: &'a [Segment],
    /// The lines' width.
    pub line_width: f32,
    /// The radius of the dot on every line end (0: no dots).
    pub point_radius: f32,
    /// The radius of the wood's rounded corners; beyond them the edge's colour shows.
    pub corner_radius: f32,
    /// The wood.
    pub wood: Rgb8Pixel,
    /// The board's edge, seen in the corners.
    pub edge: Rgb8Pixel,
    /// The lines and the points.
    pub ink: Rgb8Pixel,
    /// The surface's texture.
    pub surface: Surface,
}

/// Paints `art` (an empty image for a zero size; sides are capped at 8192 pixels).
pub fn paint(art: &Art) -> SharedPixelBuffer<Rgb8Pixel> {
    let (w, h) = (art.width.min(MAX_SIDE), art.height.min(MAX_SIDE));
    let mut image = SharedPixelBuffer::<Rgb8Pixel>::new(w, h);
    let mut c = Canvas {
        w: w as usize,
        h: h as usize,
        px: image.make_mut_slice(),
    };
    // The tile in the wood's colour, then every row of the image copied from its rows: a
    // colour worked out per pixel of a 1080-pixel board was most of the paint's time.
    let tile: Vec<Rgb8Pixel> = art
        .surface
        .tile()
        .iter()
        .map(|&k| {
            // A float cast saturates: 255 at most.
            let t = |v: u8| (v as f32 * k + 0.5) as u8;
            Rgb8Pixel {
                r: t(art.wood.r),
                g: t(art.wood.g),
                b: t(art.wood.b),
            }
        })
        .collect();
    for (y, row) in c.px.chunks_mut(w.max(1) as usize).enumerate() {
        let line = &tile[(y % TILE) * TILE..][..TILE];
        for run in row.chunks_mut(TILE) {
            run.copy_from_slice(&line[..run.len()]);
        }
    }
    c.corners(art.corner_radius, art.edge);
    let (wf, hf) = (w as f32, h as f32);
    let half = art.line_width / 2.0;
    let mut ends: Vec<(f32, f32)> = Vec::new();
    for s in art.segments {
        let (left, right) = (s.x * wf, (s.x + s.w) * wf);
        let (top, bottom) = (s.y * hf, (s.y + s.h) * hf);
        let (a, b) = if s.rising {
            ((left, bottom), (right, top))
        } else {
            ((left, top), (right, bottom))
        };
        if s.w == 0.0 || s.h == 0.0 {
            c.straight_line(a, b, half, art.ink);
        } else {
            c.line(a, b, half, 0.0, art.ink);
        }
        for e in [a, b] {
            if !ends
                .iter()
                .any(|p| (p.0 - e.0).abs() < 0.5 && (p.1 - e.1).abs() < 0.5)
            {
                ends.push(e);
            }
        }
    }
    if art.point_radius > 0.0 {
        for e in ends {
            c.disc(e, art.point_radius, art.ink);
        }
    }
    image
}

/// Answers the window's `BoardArt.paint` with [`paint`].
pub fn install(ui: &AppWindow) {
    ui.global::<BoardArt>()
        .on_piece(|side, face, rim, king, crown| {
            slint::Image::from_rgba8(paint_piece(&PieceArt {
                side: side.round() as u32,
                face: rgb(face),
                rim: rgb(rim),
                king,
                crown: rgb(crown),
            }))
        });
    let recent = std::cell::RefCell::new(Recent::default());
    ui.global::<BoardArt>().on_paint(
        move |width,
              height,
              lines,
              line_width,
              point_radius,
              corner_radius,
              wood,
              edge,
              ink,
              surface| {
            let segments: Vec<Segment> = lines
                .iter()
                .map(|l| Segment {
                    x: l.x,
                    y: l.y,
                    w: l.w,
                    h: l.h,
                    rising: l.rising,
                })
                .collect();
            // A float cast saturates: a NaN or negative side is 0 (nothing painted).
            let side = |v: f32| v.round() as u32;
            let art = Art {
                width: side(width),
                height: side(height),
                segments: &segments,
                line_width,
                point_radius,
                corner_radius,
                wood: rgb(wood),
                edge: rgb(edge),
                ink: rgb(ink),
                surface: Surface::from_index(surface),
            };
            recent
                .borrow_mut()
                .get_or_paint(&art, || slint::Image::from_rgb8(paint(&art)))
        },
    );
}

/// The last boards' art, so that a screen made again (a review opened after another, the
/// game after its review) shows its board without painting it again: 10 to 20 ms at a
/// phone's size, over a frame. Two, the game's board and the review's, at most 12 MB at
/// 1440 pixels across.
#[derive(Default)]
struct Recent(Vec<(Vec<u32>, slint::Image)>);

impl Recent {
    const KEPT: usize = 2;

    /// The art's image, painted by `paint` unless it is one of the last ones painted.
    fn get_or_paint(&mut self, art: &Art, paint: impl FnOnce() -> slint::Image) -> slint::Image {
        let key = art.key();
        if let Some(i) = self.0.iter().position(|(k, _)| *k == key) {
            let hit = self.0.remove(i);
            self.0.push(hit.clone());
            return hit.1;
        }
        let image = paint();
        if self.0.len() == Self::KEPT {
            self.0.remove(0);
        }
        self.0.push((key, image.clone()));
        image
    }
}

impl Art<'_> {
    /// Everything the art is painted from, exactly (floats by their bits).
    fn key(&self) -> Vec<u32> {
        let px = |p: Rgb8Pixel| u32::from_be_bytes([0, p.r, p.g, p.b]);
        let mut key = vec![
            self.width,
            self.height,
            self.line_width.to_bits(),
            self.point_radius.to_bits(),
            self.corner_radius.to_bits(),
            px(self.wood),
            px(self.edge),
            px(self.ink),
            self.surface as u32,
        ];
        for s in self.segments {
            key.extend([s.x, s.y, s.w, s.h].map(f32::to_bits));
            key.push(s.rising as u32);
        }
        key
    }
}

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
    fn tile(self) -> &'static [f32] {
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
static TILES: [once_cell::sync::OnceCell<Vec<f32>>; 3] = [
    once_cell::sync::OnceCell::new(),
    once_cell::sync::OnceCell::new(),
    once_cell::sync::OnceCell::new(),
];

/// The side of the texture's tile in pixels.
const TILE: usize = 256;

/// A fixed hash of a pixel's coordinates, -1..1.
fn hash(x: u32, y: u32) -> f32 {
    let mut h = x.wrapping_mul(0x27d4_eb2d) ^ y.wrapping_mul(0x1656_67b1);
    h ^= h >> 15;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    (h & 0xffff) as f32 / 32767.5 - 1.0
}

/// One piece, painted once per size, style and theme into an image with a transparent
/// surround: a disc lit from the upper left (a soft highlight, a darker lower rim), its
/// rim, the groove of a draughts piece, a soft shadow below and to the right, and for a
/// king a gold crown with a dark outline.
pub struct PieceArt {
    /// The image's side in pixels (the piece's diameter is [`PieceArt::DISC`] of it).
    pub side: u32,
    /// The piece's face.
    pub face: Rgb8Pixel,
    /// Its rim.
    pub rim: Rgb8Pixel,
    /// A king: crowned.
    pub king: bool,
    /// The crown's gold.
    pub crown: Rgb8Pixel,
}

impl PieceArt {
    /// The disc's diameter as a part of the image's side (the rest holds the shadow).
    pub const DISC: f32 = 0.86;
    /// The crown's outline, with a crown 100 units wide and high.
    const CROWN: [(f32, f32); 7] = [
        (18.0, 72.0),
        (14.0, 34.0),
        (34.0, 52.0),
        (50.0, 24.0),
        (66.0, 52.0),
        (86.0, 34.0),
        (82.0, 72.0),
    ];
}

/// Paints `art` (empty for a zero side; capped like the board).
pub fn paint_piece(art: &PieceArt) -> SharedPixelBuffer<slint::Rgba8Pixel> {
    let side = art.side.min(MAX_SIDE);
    let mut image = SharedPixelBuffer::<slint::Rgba8Pixel>::new(side, side);
    let px = image.make_mut_slice();
    let n = side as f32;
    let r = n * PieceArt::DISC / 2.0;
    let (cx, cy) = (n * 0.47, n * 0.46);
    let (sx, sy) = (cx + r * 0.07, cy + r * 0.12);
    let rim_w = (r * 0.09).max(1.0);
    let groove = r * 0.66;
    let crown_size = 2.0 * r * 0.62;
    let (kx, ky) = (cx - crown_size / 2.0, cy - crown_size / 2.0);
    let crown: Vec<(f32, f32)> = PieceArt::CROWN
        .iter()
        .map(|&(x, y)| (kx + x / 100.0 * crown_size, ky + y / 100.0 * crown_size))
        .collect();
    let crown_edge = Rgb8Pixel {
        r: 0x6a,
        g: 0x4a,
        b: 0x0c,
    };
    let mix = |a: Rgb8Pixel, b: Rgb8Pixel, t: f32| {
        let m = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t.clamp(0.0, 1.0) + 0.5) as u8;
        Rgb8Pixel {
            r: m(a.r, b.r),
            g: m(a.g, b.g),
            b: m(a.b, b.b),
        }
    };
    let scale = |c: Rgb8Pixel, k: f32| {
        let m = |x: u8| (x as f32 * k).clamp(0.0, 255.0) as u8;
        Rgb8Pixel {
            r: m(c.r),
            g: m(c.g),
            b: m(c.b),
        }
    };
    let white = Rgb8Pixel {
        r: 255,
        g: 255,
        b: 255,
    };
    let black = Rgb8Pixel { r: 0, g: 0, b: 0 };
    for y in 0..side as usize {
        for x in 0..side as usize {
            let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
            let d = ((fx - cx).powi(2) + (fy - cy).powi(2)).sqrt();
            let inside = cover(r - d);
            // The shadow: a blurred disc, under the piece.
            let ds = ((fx - sx).powi(2) + (fy - sy).powi(2)).sqrt();
            // It reaches 1.2 radii below the centre: the art between two rows stays clear.
            let shadow = 0.38 * ((r * 1.02 - ds) / (r * 0.12) + 0.5).clamp(0.0, 1.0);
            if inside <= 0.0 {
                px[y * side as usize + x] = slint::Rgba8Pixel {
                    r: 0,
                    g: 0,
                    b: 0,
                    a: (shadow * 255.0) as u8,
                };
                continue;
            }
            let (u, v) = ((fx - cx) / r, (fy - cy) / r);
            let rr = (u * u + v * v).min(1.0);
            // Lit from the upper left: brighter there, darker towards the lower right rim.
            let light = 1.0 - 0.16 * (u + v) * rr.powf(0.75);
            let mut c = scale(art.face, light);
            // The highlight: a soft spot up and to the left.
            let hd = ((u + 0.34).powi(2) + (v + 0.38).powi(2)) / 0.12;
            c = mix(c, white, 0.28 * (-hd).exp());
            // The groove.
            let g = cover(r * 0.03 + 0.5 - (d - groove).abs());
            c = mix(
                c,
                if luma(art.face) > 0.5 { black } else { white },
                0.16 * g,
            );
            // The rim, shaded like the face.
            c = mix(c, scale(art.rim, light), cover(d - (r - rim_w)));
            if art.king {
                let (fill, edge) = polygon_cover(&crown, fx, fy, crown_size * 0.022);
                let gold = scale(art.crown, 1.08 - 0.25 * (fy - ky) / crown_size);
                c = mix(c, crown_edge, edge);
                c = mix(c, gold, fill);
            }
            // Where the disc's edge only partly covers the pixel, the shadow shows through.
            let a = inside + (1.0 - inside) * shadow;
            let k = inside / a.max(1e-6);
            let c = mix(black, c, k);
            px[y * side as usize + x] = slint::Rgba8Pixel {
                r: c.r,
                g: c.g,
                b: c.b,
                a: (a * 255.0 + 0.5) as u8,
            };
        }
    }
    image
}

/// The relative brightness of a colour, 0..1 (a quick Rec. 709 weighting).
fn luma(c: Rgb8Pixel) -> f32 {
    (0.2126 * c.r as f32 + 0.7152 * c.g as f32 + 0.0722 * c.b as f32) / 255.0
}

/// How much of pixel (x, y) the polygon's inside and its outline (`edge` wide) cover.
fn polygon_cover(poly: &[(f32, f32)], x: f32, y: f32, edge: f32) -> (f32, f32) {
    let mut inside = false;
    let mut dist = f32::MAX;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if (a.1 > y) != (b.1 > y) && x < a.0 + (y - a.1) * (b.0 - a.0) / (b.1 - a.1) {
            inside = !inside;
        }
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let t = (((x - a.0) * dx + (y - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
        dist = dist.min(((x - a.0 - t * dx).powi(2) + (y - a.1 - t * dy).powi(2)).sqrt());
    }
    let signed = if inside { dist } else { -dist };
    (
        cover(signed - edge),
        cover(signed + edge) * cover(edge * 2.0 - signed),
    )
}

fn rgb(c: slint::Color) -> Rgb8Pixel {
    Rgb8Pixel {
        r: c.red(),
        g: c.green(),
        b: c.blue(),
    }
}

/// How much of a pixel lies inside an edge at signed distance `d` from its centre
/// (positive: inside), for a one-pixel box filter.
fn cover(d: f32) -> f32 {
    (d + 0.5).clamp(0.0, 1.0)
}

struct Canvas<'a> {
    w: usize,
    h: usize,
    px: &'a mut [Rgb8Pixel],
}

impl Canvas<'_> {
    /// Mixes `color` into pixel (x, y) by `coverage` (0..1).
    fn blend(&mut self, x: usize, y: usize, color: Rgb8Pixel, coverage: f32) {
        if coverage <= 0.0 {
            return;
        }
        let p = &mut self.px[y * self.w + x];
        if coverage >= 1.0 {
            *p = color;
            return;
        }
        // + 0.5 and a cast rounds (the value is never negative) without a call to roundf,
        // which at the app's opt-level z is not inlined.
        let mix = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * coverage + 0.5) as u8;
        *p = Rgb8Pixel {
            r: mix(p.r, color.r),
            g: mix(p.g, color.g),
            b: mix(p.b, color.b),
        };
    }

    /// The pixel rows and columns a box reaches, clipped to the image.
    fn span(&self, lo: f32, hi: f32, len: usize) -> std::ops::Range<usize> {
        let lo = lo.floor().max(0.0) as usize;
        let hi = (hi.ceil().max(0.0) as usize).min(len);
        lo.min(hi)..hi
    }

    /// A line from `a` to `b`, `half` its width on each side, its ends pushed out by
    /// `extend` (the board's diagonals; the tests' reference for [`Canvas::straight_line`]).
    fn line(&mut self, a: (f32, f32), b: (f32, f32), half: f32, extend: f32, color: Rgb8Pixel) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len == 0.0 {
            return;
        }
        let (ux, uy) = (dx / len, dy / len);
        // How far from the axis a touched pixel's centre can lie, and the box it stays in.
        let reach = half + 1.0;
        let pad = extend + reach;
        let (left, right) = (a.0.min(b.0) - pad, a.0.max(b.0) + pad);
        let rows = self.span(a.1.min(b.1) - pad, a.1.max(b.1) + pad, self.h);
        for y in rows {
            let py = y as f32 + 0.5;
            // A slanted line touches a short run of each row: only that run is visited.
            let (lo, hi) = if uy.abs() > 1e-3 {
                let centre = a.0 + (py - a.1) * ux / uy;
                let run = reach / uy.abs();
                ((centre - run).max(left), (centre + run).min(right))
            } else {
                (left, right)
            };
            for x in self.span(lo, hi, self.w) {
                let (qx, qy) = (x as f32 + 0.5 - a.0, py - a.1);
                let across = (qx * uy - qy * ux).abs();
                let along = qx * ux + qy * uy;
                let c = cover(half - across) * cover(along + extend) * cover(len + extend - along);
                self.blend(x, y, color, c);
            }
        }
    }

    /// A horizontal or vertical line from `a` to `b`, `half` its width on each side, its
    /// square ends pushed out by `half` (so that lines meet without a notch). Its coverage is
    /// that of [`Canvas::line`], the product of one factor across the line and one along it,
    /// each worked out once per row or column rather than per pixel: the Turkish grid is
    /// all such lines, a third of the art's time when painted by the general line.
    fn straight_line(&mut self, a: (f32, f32), b: (f32, f32), half: f32, color: Rgb8Pixel) {
        let horizontal = a.1 == b.1;
        // (along, across) as (x, y) for a horizontal line, swapped for a vertical one.
        let flip = |p: (f32, f32)| if horizontal { p } else { (p.1, p.0) };
        let ((a0, axis), (b0, _)) = (flip(a), flip(b));
        let (lo, hi) = (a0.min(b0), a0.max(b0));
        let (along_len, across_len) = if horizontal {
            (self.w, self.h)
        } else {
            (self.h, self.w)
        };
        let along = self.span(lo - half - 1.0, hi + half + 1.0, along_len);
        let across = self.span(axis - half - 1.0, axis + half + 1.0, across_len);
        let ends: Vec<f32> = along
            .clone()
            .map(|i| {
                let c = i as f32 + 0.5;
                cover(c - lo + half) * cover(hi + half - c)
            })
            .collect();
        for j in across {
            let side = cover(half - (j as f32 + 0.5 - axis).abs());
            for (i, end) in along.clone().zip(&ends) {
                let (x, y) = if horizontal { (i, j) } else { (j, i) };
                self.blend(x, y, color, side * end);
            }
        }
    }

    /// A filled circle.
    fn disc(&mut self, (cx, cy): (f32, f32), r: f32, color: Rgb8Pixel) {
        for y in self.span(cy - r - 1.0, cy + r + 1.0, self.h) {
            for x in self.span(cx - r - 1.0, cx + r + 1.0, self.w) {
                let d = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt();
                self.blend(x, y, color, cover(r - d));
            }
        }
    }

    /// `color` outside the quarter circles of radius `r` in the four corners.
    fn corners(&mut self, r: f32, color: Rgb8Pixel) {
        let n = (r.ceil().max(0.0) as usize).min(self.w / 2).min(self.h / 2);
        for j in 0..n {
            for i in 0..n {
                let d = ((r - i as f32 - 0.5).powi(2) + (r - j as f32 - 0.5).powi(2)).sqrt();
                let c = 1.0 - cover(r - d);
                let (right, bottom) = (self.w - 1 - i, self.h - 1 - j);
                for (x, y) in [(i, j), (right, j), (i, bottom), (right, bottom)] {
                    self.blend(x, y, color, c);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
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

    fn art(segments: &[Segment], point_radius: f32) -> SharedPixelBuffer<Rgb8Pixel> {
        paint(&Art {
            width: 100,
            height: 100,
            segments,
            line_width: 3.0,
            point_radius,
            corner_radius: 6.0,
            wood: WOOD,
            edge: EDGE,
            ink: INK,
            surface: Surface::Baize,
        })
    }

    #[test]
    fn the_last_two_boards_are_not_painted_again() {
        let lines = [segment(0.0, 0.5, 1.0, 0.0, false)];
        let board = |width: u32, ink: Rgb8Pixel| Art {
            width,
            height: width,
            segments: &lines,
            line_width: 3.0,
            point_radius: 0.0,
            corner_radius: 6.0,
            wood: WOOD,
            edge: EDGE,
            ink,
            surface: Surface::Wood,
        };
        let painted = std::cell::Cell::new(0);
        let mut recent = Recent::default();
        let mut show = |art: &Art| {
            recent.get_or_paint(art, || {
                painted.set(painted.get() + 1);
                slint::Image::from_rgb8(paint(art))
            })
        };
        let (game, review) = (board(40, INK), board(30, INK));
        show(&game);
        show(&review);
        show(&game);
        show(&review);
        assert_eq!(
            painted.get(),
            2,
            "the game's board and the review's, painted once each"
        );
        // Another theme's ink is another image; the oldest is then let go.
        show(&board(40, EDGE));
        assert_eq!(painted.get(), 3);
        show(&review);
        assert_eq!(painted.get(), 3);
        show(&game);
        assert_eq!(painted.get(), 4);
    }

    fn segment(x: f32, y: f32, w: f32, h: f32, rising: bool) -> Segment {
        Segment { x, y, w, h, rising }
    }

    /// The surface's colour, give or take its grain.
    fn is_wood(p: Rgb8Pixel) -> bool {
        let near = |a: u8, b: u8| (a as f32 - b as f32).abs() <= b as f32 * Surface::GRAIN + 1.0;
        near(p.r, WOOD.r) && near(p.g, WOOD.g) && near(p.b, WOOD.b)
    }

    fn at(img: &SharedPixelBuffer<Rgb8Pixel>, x: usize, y: usize) -> Rgb8Pixel {
        img.as_slice()[y * img.width() as usize + x]
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
        let blank = || vec![WOOD; w * h];
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
                segments: &s,
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
            segments: &[],
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
}
