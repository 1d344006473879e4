//! Where the system draws over the window (status bar, navigation or gesture bar, a display
//! cutout), and how many physical pixels make one logical pixel.

/// Distances from each side of the window, in pixels (physical or logical, as the caller says).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Edges {
    /// From the left side.
    pub left: f32,
    /// From the top.
    pub top: f32,
    /// From the right side.
    pub right: f32,
    /// From the bottom.
    pub bottom: f32,
}

impl Edges {
    /// Edges of the given sizes.
    pub fn new(left: f32, top: f32, right: f32, bottom: f32) -> Edges {
        Edges {
            left,
            top,
            right,
            bottom,
        }
    }

    /// What a visible rectangle `(left, top, right, bottom)` leaves uncovered at the sides of a
    /// `width` × `height` window. An empty or unknown rectangle (Android reports one before the
    /// first layout) says nothing: zero edges.
    pub fn around(width: f32, height: f32, visible: (i32, i32, i32, i32)) -> Edges {
        let (l, t, r, b) = visible;
        if r <= l || b <= t {
            return Edges::default();
        }
        Edges {
            left: l as f32,
            top: t as f32,
            right: width - r as f32,
            bottom: height - b as f32,
        }
        .clamped(width, height)
    }

    /// The larger of both on each side: two sources (the content rectangle and the system's
    /// insets) may each know only part of what covers the window.
    pub fn max(self, other: Edges) -> Edges {
        Edges {
            left: self.left.max(other.left),
            top: self.top.max(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }

    /// No negative or non-finite edge, and opposite edges together never more than half the
    /// window, so a wrong report can hide the content's margins but never the content.
    pub fn clamped(self, width: f32, height: f32) -> Edges {
        let clean = |v: f32| if v.is_finite() { v.max(0.0) } else { 0.0 };
        let (mut e, w, h) = (
            Edges::new(
                clean(self.left),
                clean(self.top),
                clean(self.right),
                clean(self.bottom),
            ),
            clean(width),
            clean(height),
        );
        let fit = |a: &mut f32, b: &mut f32, room: f32| {
            let sum = *a + *b;
            if sum > room / 2.0 && sum > 0.0 {
                let k = room / 2.0 / sum;
                *a *= k;
                *b *= k;
            }
        };
        fit(&mut e.left, &mut e.right, w);
        fit(&mut e.top, &mut e.bottom, h);
        e
    }

    /// Physical pixels to logical ones.
    pub fn to_logical(self, scale: f32) -> Edges {
        let s = if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        };
        Edges::new(self.left / s, self.top / s, self.right / s, self.bottom / s)
    }
}

/// The first Android release that lays every window of an app targeting it edge to edge
/// (Android 15, API 35; from Android 16 an app can no longer opt out): the window covers the
/// system bars, and the content rectangle NativeActivity reports is the whole window.
pub const EDGE_TO_EDGE_SDK: u32 = 35;

/// Where the content must stay clear of, in physical pixels, on a device of API level `sdk`:
/// the larger of what the content rectangle leaves out and what the system's insets cover
/// (`system`, `None` when the call failed). Edge to edge (API 35 and later) the content
/// rectangle says nothing, so without the insets the standard status bar (24 dp) and
/// navigation bar (48 dp) are kept clear instead of drawing under them.
pub fn safe_edges(
    sdk: u32,
    width: f32,
    height: f32,
    content: Edges,
    system: Option<Edges>,
    scale: f32,
) -> Edges {
    let mut edges = content.max(system.unwrap_or_default());
    if sdk >= EDGE_TO_EDGE_SDK && system.is_none() {
        let dp = if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        };
        edges = edges.max(Edges::new(0.0, 24.0 * dp, 0.0, 48.0 * dp));
    }
    edges.clamped(width, height)
}

/// Android's density in dots per inch to Slint's scale factor (160 dpi is one logical pixel
/// per physical pixel). Unknown or absurd values give 1; the factor stays within 0.75 … 8.
pub fn scale_from_dpi(dpi: Option<u32>) -> f32 {
    match dpi {
        Some(d) if d > 0 => (d as f32 / 160.0).clamp(0.75, 8.0),
        _ => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_content_rectangle_becomes_edges() {
        // A 1080×2400 phone with a 63 px status bar and a 126 px navigation bar.
        let e = Edges::around(1080.0, 2400.0, (0, 63, 1080, 2274));
        assert_eq!(e, Edges::new(0.0, 63.0, 0.0, 126.0));
        assert_eq!(e.to_logical(2.625), Edges::new(0.0, 24.0, 0.0, 48.0));
    }

    #[test]
    fn an_unknown_rectangle_says_nothing() {
        assert_eq!(
            Edges::around(1080.0, 2400.0, (0, 0, 0, 0)),
            Edges::default()
        );
        assert_eq!(
            Edges::around(1080.0, 2400.0, (500, 10, 400, 20)),
            Edges::default()
        );
    }

    #[test]
    fn two_sources_take_the_larger_edge() {
        // Landscape: the cutout on the left, the gesture bar at the bottom.
        let content = Edges::new(0.0, 0.0, 0.0, 63.0);
        let cutout = Edges::new(110.0, 0.0, 0.0, 0.0);
        assert_eq!(content.max(cutout), Edges::new(110.0, 0.0, 0.0, 63.0));
    }

    #[test]
    fn wrong_reports_never_hide_the_content() {
        let e = Edges::new(-5.0, f32::NAN, 900.0, 900.0).clamped(1000.0, 1000.0);
        assert_eq!(e.left, 0.0);
        assert_eq!(e.top, 0.0);
        assert!(e.right <= 500.001 && e.top + e.bottom <= 500.001);
        // A rectangle beyond the window is clamped too.
        let e = Edges::around(100.0, 100.0, (-20, -20, 200, 200));
        assert_eq!(e, Edges::default());
    }

    /// Android 15 and 16 (API 35, 36) lay the window edge to edge: the content rectangle is
    /// the whole screen, and the typed insets alone keep the content clear of the bars.
    #[test]
    fn edge_to_edge_takes_the_insets_not_the_content_rectangle() {
        let whole = Edges::around(1080.0, 2400.0, (0, 0, 1080, 2400));
        assert_eq!(whole, Edges::default());
        let bars = Edges::new(0.0, 63.0, 0.0, 126.0);
        for sdk in [35, 36] {
            let e = safe_edges(sdk, 1080.0, 2400.0, whole, Some(bars), 2.625);
            assert_eq!(e, bars, "API {sdk}");
            assert_eq!(e.to_logical(2.625), Edges::new(0.0, 24.0, 0.0, 48.0));
        }
        // Landscape with the cutout on the left and three-button navigation on the right.
        let landscape = Edges::new(110.0, 63.0, 126.0, 0.0);
        assert_eq!(
            safe_edges(36, 2400.0, 1080.0, Edges::default(), Some(landscape), 2.625),
            landscape
        );
    }

    #[test]
    fn edge_to_edge_without_insets_keeps_clear_of_the_standard_bars() {
        // The insets call failed (None): not under the status bar, nor the navigation bar.
        let e = safe_edges(36, 1080.0, 2400.0, Edges::default(), None, 2.625);
        assert_eq!(e.to_logical(2.625), Edges::new(0.0, 24.0, 0.0, 48.0));
        // Insets that were read, zero in full screen, are believed.
        let e = safe_edges(
            36,
            1080.0,
            2400.0,
            Edges::default(),
            Some(Edges::default()),
            2.625,
        );
        assert_eq!(e, Edges::default());
    }

    #[test]
    fn before_edge_to_edge_the_content_rectangle_still_counts() {
        // Android 7-14: the content rectangle leaves the bars out, the insets may be zero.
        let content = Edges::around(1080.0, 2400.0, (0, 63, 1080, 2274));
        for sdk in [24, 28, 34] {
            let e = safe_edges(sdk, 1080.0, 2400.0, content, Some(Edges::default()), 2.625);
            assert_eq!(e, Edges::new(0.0, 63.0, 0.0, 126.0), "API {sdk}");
            // A failed insets call changes nothing there.
            assert_eq!(safe_edges(sdk, 1080.0, 2400.0, content, None, 2.625), e);
        }
    }

    #[test]
    fn density_to_scale() {
        assert_eq!(scale_from_dpi(Some(160)), 1.0);
        assert_eq!(scale_from_dpi(Some(420)), 2.625);
        assert_eq!(scale_from_dpi(Some(640)), 4.0);
        assert_eq!(scale_from_dpi(None), 1.0);
        assert_eq!(scale_from_dpi(Some(0)), 1.0);
        assert_eq!(scale_from_dpi(Some(100_000)), 8.0);
        assert_eq!(
            Edges::new(8.0, 8.0, 8.0, 8.0).to_logical(0.0),
            Edges::new(8.0, 8.0, 8.0, 8.0)
        );
    }
}
