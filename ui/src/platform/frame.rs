//! The frame the software renderer draws into, kept between frames so that only what changed
//! is drawn again (partial rendering) and only that part is handed to the screen.

use slint::platform::software_renderer::{MinimalSoftwareWindow, PremultipliedRgbaColor};
use std::mem::MaybeUninit;

/// A rectangle of pixels in the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left column.
    pub x: usize,
    /// Top row.
    pub y: usize,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl Rect {
    /// The whole of a `width` × `height` frame.
    pub fn full(width: usize, height: usize) -> Rect {
        Rect {
            x: 0,
            y: 0,
            width,
            height,
        }
    }

    /// `(left, top, right, bottom)` clipped to a `width` × `height` frame; `None` when empty.
    pub fn clipped(edges: (i64, i64, i64, i64), width: usize, height: usize) -> Option<Rect> {
        let (l, t, r, b) = edges;
        let (l, t) = (
            l.clamp(0, width as i64) as usize,
            t.clamp(0, height as i64) as usize,
        );
        let (r, b) = (
            r.clamp(0, width as i64) as usize,
            b.clamp(0, height as i64) as usize,
        );
        (r > l && b > t).then_some(Rect {
            x: l,
            y: t,
            width: r - l,
            height: b - t,
        })
    }

    /// The smallest rectangle holding both.
    pub fn union(self, o: Rect) -> Rect {
        let (l, t) = (self.x.min(o.x), self.y.min(o.y));
        let r = (self.x + self.width).max(o.x + o.width);
        let b = (self.y + self.height).max(o.y + o.height);
        Rect {
            x: l,
            y: t,
            width: r - l,
            height: b - t,
        }
    }
}

/// The window's pixels (premultiplied RGBA, row after row, no padding).
#[derive(Default)]
pub struct Frame {
    pixels: Vec<PremultipliedRgbaColor>,
    width: usize,
    height: usize,
    /// Whether the screen holds the frame as drawn; when not (a new surface, a new size), the
    /// next frame is handed over whole.
    shown: bool,
}

impl Frame {
    /// An empty frame; [`Frame::resize`] gives it the window's size.
    pub fn new() -> Frame {
        Frame::default()
    }

    /// Width and height in pixels.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The window is `width` × `height` pixels now; tells the Slint window too.
    pub fn resize(&mut self, window: &MinimalSoftwareWindow, width: usize, height: usize) {
        if (width, height) == (self.width, self.height) {
            return;
        }
        self.width = width;
        self.height = height;
        self.pixels = filled(width * height, PremultipliedRgbaColor::default());
        self.shown = false;
        window.set_size(slint::PhysicalSize::new(width as u32, height as u32));
        window.request_redraw();
    }

    /// The screen lost what it showed (a new surface, or the system asked for all of it).
    pub fn surface_lost(&mut self) {
        self.shown = false;
    }

    /// Draws what changed since the last frame and returns the part the screen must be given
    /// (`None`: nothing to show).
    pub fn draw(&mut self, window: &MinimalSoftwareWindow) -> Option<Rect> {
        if self.width == 0 || self.height == 0 {
            return None;
        }
        let (w, h) = (self.width, self.height);
        let pixels = &mut self.pixels;
        let mut dirty = None;
        window.draw_if_needed(|renderer| {
            let region = renderer.render(pixels, w);
            for (origin, size) in region.iter() {
                let (x, y) = (origin.x as i64, origin.y as i64);
                let edges = (x, y, x + size.width as i64, y + size.height as i64);
                if let Some(r) = Rect::clipped(edges, w, h) {
                    dirty = Some(dirty.map_or(r, |d: Rect| d.union(r)));
                }
            }
        });
        if !self.shown {
            self.shown = true;
            return Some(Rect::full(w, h));
        }
        dirty
    }

    /// The whole frame, row after row.
    pub fn pixels(&self) -> &[PremultipliedRgbaColor] {
        &self.pixels
    }

    fn rows(&self, r: Rect) -> impl Iterator<Item = (usize, &[PremultipliedRgbaColor])> {
        let w = self.width;
        let r = Rect::clipped(
            (
                r.x as i64,
                r.y as i64,
                (r.x + r.width) as i64,
                (r.y + r.height) as i64,
            ),
            self.width,
            self.height,
        );
        r.into_iter()
            .flat_map(move |r| (r.y..r.y + r.height).map(move |y| (y, r)))
            .map(move |(y, r)| (y, &self.pixels[y * w + r.x..y * w + r.x + r.width]))
    }

    /// Copies rectangle `r` into a 4-byte RGBX buffer (Android's `R8G8B8X8`/`R8G8B8A8`) of
    /// `stride` pixels a row. Rows beyond `dst` are left out.
    pub fn copy_rgbx(&self, r: Rect, dst: &mut [MaybeUninit<u8>], stride: usize) {
        self.copy_bytes(r, dst, stride, |px| [px.red, px.green, px.blue, 255]);
    }

    /// Copies rectangle `r` into a 16-bit RGB565 buffer of `stride` pixels a row.
    pub fn copy_rgb565(&self, r: Rect, dst: &mut [MaybeUninit<u8>], stride: usize) {
        self.copy_bytes(r, dst, stride, |px| {
            let v = ((px.red as u16 >> 3) << 11)
                | ((px.green as u16 >> 2) << 5)
                | (px.blue as u16 >> 3);
            v.to_le_bytes()
        });
    }

    /// Copies rectangle `r` into a buffer of `N` bytes a pixel, `stride` pixels a row.
    fn copy_bytes<const N: usize>(
        &self,
        r: Rect,
        dst: &mut [MaybeUninit<u8>],
        stride: usize,
        encode: impl Fn(&PremultipliedRgbaColor) -> [u8; N],
    ) {
        for (y, row) in self.rows(r) {
            let start = (y * stride + r.x) * N;
            let Some(out) = dst.get_mut(start..start + row.len() * N) else {
                break;
            };
            for (px, o) in row.iter().zip(out.chunks_exact_mut(N)) {
                for (slot, byte) in o.iter_mut().zip(encode(px)) {
                    slot.write(byte);
                }
            }
        }
    }

    /// Copies rectangle `r` into a `0x00RRGGBB` buffer (softbuffer's format) of `stride`
    /// pixels a row.
    pub fn copy_xrgb(&self, r: Rect, dst: &mut [u32], stride: usize) {
        for (y, row) in self.rows(r) {
            let start = y * stride + r.x;
            let Some(out) = dst.get_mut(start..start + row.len()) else {
                break;
            };
            for (px, o) in row.iter().zip(out) {
                *o = (px.red as u32) << 16 | (px.green as u32) << 8 | px.blue as u32;
            }
        }
    }
}

/// `n` pixels of `px`, made by doubling copies: the size-optimised phone build turns
/// `vec![px; n]` into a loop of several instructions a pixel (23 M instructions for a
/// 1080×2400 frame on a rotation, callgrind), a copy runs at memory speed.
pub fn filled(n: usize, px: PremultipliedRgbaColor) -> Vec<PremultipliedRgbaColor> {
    let mut v = Vec::with_capacity(n);
    v.resize(n.min(16), px);
    while v.len() < n {
        let more = v.len().min(n - v.len());
        v.extend_from_within(..more);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filled_buffer_is_the_pixel_n_times() {
        let px = PremultipliedRgbaColor {
            red: 1,
            green: 2,
            blue: 3,
            alpha: 4,
        };
        for n in [0, 1, 15, 16, 17, 31, 32, 33, 1000, 2_592_000] {
            let v = filled(n, px);
            assert_eq!(v.len(), n);
            let same =
                |p: &PremultipliedRgbaColor| (p.red, p.green, p.blue, p.alpha) == (1, 2, 3, 4);
            assert!(v.iter().all(same), "{n}");
        }
    }

    fn frame(w: usize, h: usize) -> Frame {
        let mut f = Frame {
            width: w,
            height: h,
            shown: true,
            ..Frame::default()
        };
        f.pixels = (0..w * h)
            .map(|i| PremultipliedRgbaColor {
                red: i as u8,
                green: 2 * i as u8,
                blue: 3 * i as u8,
                alpha: 255,
            })
            .collect();
        f
    }

    #[test]
    fn rectangles_clip_and_join() {
        assert_eq!(
            Rect::clipped((-5, -5, 3, 2), 10, 10),
            Some(Rect {
                x: 0,
                y: 0,
                width: 3,
                height: 2
            })
        );
        assert_eq!(
            Rect::clipped((8, 8, 20, 20), 10, 10),
            Some(Rect {
                x: 8,
                y: 8,
                width: 2,
                height: 2
            })
        );
        assert_eq!(Rect::clipped((4, 4, 4, 9), 10, 10), None);
        assert_eq!(Rect::clipped((12, 0, 15, 5), 10, 10), None);
        let a = Rect {
            x: 1,
            y: 1,
            width: 2,
            height: 2,
        };
        let b = Rect {
            x: 5,
            y: 0,
            width: 1,
            height: 6,
        };
        assert_eq!(
            a.union(b),
            Rect {
                x: 1,
                y: 0,
                width: 5,
                height: 6
            }
        );
    }

    #[test]
    fn copies_only_the_rectangle_in_each_format() {
        let f = frame(4, 3);
        let r = Rect {
            x: 1,
            y: 1,
            width: 2,
            height: 2,
        };
        // A destination wider than the frame (stride 6), as a locked Android buffer may be.
        let mut rgbx = vec![MaybeUninit::new(0u8); 6 * 3 * 4];
        f.copy_rgbx(r, &mut rgbx, 6);
        let rgbx: Vec<u8> = rgbx.iter().map(|b| unsafe { b.assume_init() }).collect();
        let at = |x: usize, y: usize| &rgbx[(y * 6 + x) * 4..(y * 6 + x) * 4 + 4];
        assert_eq!(at(1, 1), &[5, 10, 15, 255]);
        assert_eq!(at(2, 2), &[10, 20, 30, 255]);
        assert_eq!(
            at(0, 1),
            &[0, 0, 0, 0],
            "outside the rectangle nothing is written"
        );
        assert_eq!(at(3, 1), &[0, 0, 0, 0]);

        let mut xrgb = vec![0u32; 4 * 3];
        f.copy_xrgb(r, &mut xrgb, 4);
        assert_eq!(xrgb[4 + 1], 5 << 16 | 10 << 8 | 15);
        assert_eq!(xrgb[0], 0);

        let mut rgb565 = vec![MaybeUninit::new(0u8); 4 * 3 * 2];
        f.copy_rgb565(
            Rect {
                x: 0,
                y: 2,
                width: 1,
                height: 1,
            },
            &mut rgb565,
            4,
        );
        let v = u16::from_le_bytes([unsafe { rgb565[16].assume_init() }, unsafe {
            rgb565[17].assume_init()
        }]);
        // Pixel 8: (8, 16, 24).
        assert_eq!(v, (8 >> 3) << 11 | (16 >> 2) << 5 | (24 >> 3));
    }

    #[test]
    fn a_short_destination_is_never_overrun() {
        let f = frame(4, 3);
        let mut small = vec![MaybeUninit::new(0u8); 5];
        f.copy_rgbx(Rect::full(4, 3), &mut small, 4);
        let mut small = vec![0u32; 3];
        f.copy_xrgb(Rect::full(4, 3), &mut small, 4);
        assert_eq!(small, vec![0, 0, 0]);
    }
}
