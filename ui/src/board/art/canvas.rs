//! The little painter the art is made with: a pixel buffer with coverage blending, and the
//! coverage of edges and polygons.

use slint::{Rgb8Pixel, Rgba8Pixel};

/// `c` as an opaque pixel of an RGBA image: the boards are RGBA, though opaque, because
/// the renderer copies runs of opaque RGBA pixels as they are (third_party/README.md).
pub(super) fn opaque(c: Rgb8Pixel) -> Rgba8Pixel {
    Rgba8Pixel {
        r: c.r,
        g: c.g,
        b: c.b,
        a: 255,
    }
}

/// The relative brightness of a colour, 0..1 (a quick Rec. 709 weighting).
pub(super) fn luma(c: Rgb8Pixel) -> f32 {
    (0.2126 * c.r as f32 + 0.7152 * c.g as f32 + 0.0722 * c.b as f32) / 255.0
}

/// How much of pixel (x, y) the polygon's inside and its outline (`edge` wide) cover.
pub(super) fn polygon_cover(poly: &[(f32, f32)], x: f32, y: f32, edge: f32) -> (f32, f32) {
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

/// A theme colour as the canvas paints it (its alpha dropped).
pub fn rgb(c: slint::Color) -> Rgb8Pixel {
    Rgb8Pixel {
        r: c.red(),
        g: c.green(),
        b: c.blue(),
    }
}

/// How much of a pixel lies inside an edge at signed distance `d` from its centre
/// (positive: inside), for a one-pixel box filter.
pub(super) fn cover(d: f32) -> f32 {
    (d + 0.5).clamp(0.0, 1.0)
}

pub(super) struct Canvas<'a> {
    pub(super) w: usize,
    pub(super) h: usize,
    pub(super) px: &'a mut [Rgba8Pixel],
}

impl Canvas<'_> {
    /// Mixes `color` into pixel (x, y) by `coverage` (0..1).
    pub(super) fn blend(&mut self, x: usize, y: usize, color: Rgb8Pixel, coverage: f32) {
        if coverage <= 0.0 {
            return;
        }
        let p = &mut self.px[y * self.w + x];
        if coverage >= 1.0 {
            *p = opaque(color);
            return;
        }
        // + 0.5 and a cast rounds (the value is never negative) without a call to roundf,
        // which at the app's opt-level z is not inlined.
        let mix = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * coverage + 0.5) as u8;
        *p = Rgba8Pixel {
            r: mix(p.r, color.r),
            g: mix(p.g, color.g),
            b: mix(p.b, color.b),
            a: 255,
        };
    }

    /// The pixel rows and columns a box reaches, clipped to the image.
    pub(super) fn span(&self, lo: f32, hi: f32, len: usize) -> std::ops::Range<usize> {
        let lo = lo.floor().max(0.0) as usize;
        let hi = (hi.ceil().max(0.0) as usize).min(len);
        lo.min(hi)..hi
    }

    /// A line from `a` to `b`, `half` its width on each side, its ends pushed out by
    /// `extend` (the board's diagonals; the tests' reference for [`Canvas::straight_line`]).
    pub(super) fn line(
        &mut self,
        a: (f32, f32),
        b: (f32, f32),
        half: f32,
        extend: f32,
        color: Rgb8Pixel,
    ) {
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
    pub(super) fn straight_line(
        &mut self,
        a: (f32, f32),
        b: (f32, f32),
        half: f32,
        color: Rgb8Pixel,
    ) {
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
    pub(super) fn disc(&mut self, (cx, cy): (f32, f32), r: f32, color: Rgb8Pixel) {
        for y in self.span(cy - r - 1.0, cy + r + 1.0, self.h) {
            for x in self.span(cx - r - 1.0, cx + r + 1.0, self.w) {
                let d = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt();
                self.blend(x, y, color, cover(r - d));
            }
        }
    }

    /// `color` outside the quarter circles of radius `r` in the four corners.
    pub(super) fn corners(&mut self, r: f32, color: Rgb8Pixel) {
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
