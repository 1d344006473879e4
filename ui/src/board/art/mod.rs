//! The board's fixed art — the wood, its lines and its points — painted into one opaque
//! image per size and theme, which every frame then copies.
//!
//! Why not Slint items: the software renderer draws a path through a coverage mask as big
//! as the path's box and walks that box pixel by pixel on every frame that shows it. The 64
//! diagonals of a Zamma board were a third of a full repaint's instructions at 1440×3120
//! (callgrind). The image is painted when the board's size, kind or theme changes, not per
//! frame: at 1440 × 1440 pixels it is 8 MB (RGBA, every pixel opaque: the renderer copies
//! runs of opaque RGBA pixels as they are) and takes a few milliseconds.

mod canvas;
mod gallery;
mod surface;

use crate::board::coords::Segment;
pub use canvas::rgb;
use canvas::{cover, luma, polygon_cover, Canvas};
pub use gallery::Gallery;
use slint::{Rgb8Pixel, Rgba8Pixel, SharedPixelBuffer};
pub use surface::Surface;
use surface::TILE;

/// The largest side painted: a board bigger than any screen is a layout fault, not a
/// reason to allocate gigabytes.
const MAX_SIDE: u32 = 8192;

/// What the art is made of. Lengths are in the image's pixels; segments are relative to
/// the image (0..1, origin top-left), as `coords::segments` gives them.
pub struct Art {
    /// The image's width in pixels.
    pub width: u32,
    /// The image's height in pixels.
    pub height: u32,
    /// The lines: straight ones with square ends (they meet without a notch), diagonals
    /// with flat ends (they end in a point's dot).
    pub segments: Vec<Segment>,
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
pub fn paint(art: &Art) -> SharedPixelBuffer<Rgba8Pixel> {
    let (w, h) = (art.width.min(MAX_SIDE), art.height.min(MAX_SIDE));
    let mut image = SharedPixelBuffer::<Rgba8Pixel>::new(w, h);
    let mut c = Canvas {
        w: w as usize,
        h: h as usize,
        px: image.make_mut_slice(),
    };
    // The tile in the wood's colour, then every row of the image copied from its rows: a
    // colour worked out per pixel of a 1080-pixel board was most of the paint's time.
    let tile: Vec<Rgba8Pixel> = art
        .surface
        .tile()
        .iter()
        .map(|&k| {
            // A float cast saturates: 255 at most.
            let t = |v: u8| (v as f32 * k + 0.5) as u8;
            Rgba8Pixel {
                r: t(art.wood.r),
                g: t(art.wood.g),
                b: t(art.wood.b),
                a: 255,
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
    for s in &art.segments {
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

/// A board as the window lays it out: what its art is painted from.
#[derive(Clone, Copy, PartialEq)]
pub struct Board {
    /// The playing area's width in physical pixels.
    pub width: f32,
    /// Points (or squares) a side.
    pub size: i32,
    /// The Turkish board's squares (not points).
    pub squares: bool,
}

impl Board {
    /// The art of this board `height` physical pixels high, with these lines, at `scale`
    /// physical pixels a logical one, in the theme's wood, edge and ink and its surface.
    pub fn art(
        self,
        height: f32,
        segments: Vec<Segment>,
        scale: f32,
        [wood, edge, ink]: [slint::Color; 3],
        surface: i32,
    ) -> Art {
        // A float cast saturates: a NaN or negative side is 0 (nothing painted).
        let side = |v: f32| v.round() as u32;
        let cell = self.width / self.size.max(1) as f32;
        Art {
            width: side(self.width),
            height: side(height),
            segments,
            line_width: if self.squares { 1.5 } else { 2.5 } * scale,
            // A point's dot: 12 % of the spacing across, 5 logical pixels at least.
            point_radius: if self.squares {
                0.0
            } else {
                (5.0 * scale).max(cell * 0.12) / 2.0
            },
            corner_radius: 4.0 * scale,
            wood: rgb(wood),
            edge: rgb(edge),
            ink: rgb(ink),
            surface: Surface::from_index(surface),
        }
    }

    /// A piece of this board with this face, rim and crown.
    pub fn piece(self, [face, rim, crown]: [slint::Color; 3], king: bool) -> PieceArt {
        PieceArt {
            side: self.piece_side(),
            face: rgb(face),
            rim: rgb(rim),
            king,
            crown: rgb(crown),
        }
    }

    /// The side of the pieces' images: the piece (8 or 7 tenths of a cell) is
    /// [`PieceArt::DISC`] of it.
    pub fn piece_side(self) -> u32 {
        let piece = if self.squares { 0.8 } else { 0.72 };
        // A float cast saturates: a NaN or negative side is 0 (nothing painted).
        (self.width / self.size.max(1) as f32 * piece / PieceArt::DISC).ceil() as u32
    }
}

impl Art {
    /// Everything the art is painted from, exactly (floats by their bits). The lines in a
    /// fixed order: a board seen from the other side has the same lines, listed otherwise.
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
        let mut lines: Vec<[u32; 5]> = self
            .segments
            .iter()
            .map(|s| {
                let [x, y, w, h] = [s.x, s.y, s.w, s.h].map(f32::to_bits);
                [x, y, w, h, s.rising as u32]
            })
            .collect();
        lines.sort_unstable();
        key.extend(lines.into_iter().flatten());
        key
    }
}

impl PieceArt {
    fn key(&self) -> Vec<u32> {
        let px = |p: Rgb8Pixel| u32::from_be_bytes([0, p.r, p.g, p.b]);
        vec![
            self.side,
            px(self.face),
            px(self.rim),
            self.king as u32,
            px(self.crown),
        ]
    }
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

#[cfg(test)]
mod tests;
