//! The store listings' screenshots, drawn by the same software renderer at the stores' sizes,
//! the way a phone or tablet shows the app: Home, a Turkish capture route, a Zamma capture
//! route, a game's review. Four sets ([`SETS`]): Play's phone set (1080×1920 at 420 dpi) in
//! the six languages, Play's 10-inch tablet set, and the App Store's iPhone 6.9" and iPad 13"
//! sets; the tablet and iOS sets in English, Turkish (Turkish Dama's home) and Arabic
//! (Zamma's home, mirrored): the stores show a listing's first language's pictures where a
//! language has none, and every set of every language would add some 50 MB to the repository.
//! Written to `target/store-screenshots/<set>/<locale>/<n>.png`; `scripts/store-listing.sh`
//! puts them into `fastlane/metadata/android/<locale>/images/<set folder>/` (supply's layout)
//! and `fastlane/screenshots/ios/<locale>/<device>-<n>.png` (deliver's).
//!
//! Those committed pictures (the README shows the English phone ones) are then compared with
//! what the app draws now, so they cannot go stale (issue 48: they showed a Home without Learn
//! and Puzzles): a picture that differs fails the test until `scripts/store-listing.sh`
//! (which sets `DAMA_STORE_REFRESH=1` to skip the comparison while it redraws) is run and
//! its result committed.

mod common;
use common::long_game;

use dama_core::{Color, GameRecord, Position, Rules};
use dama_ui::app::AppHandle;
use dama_ui::opponent::Opponent;
use dama_ui::store::Store;
use dama_ui::AppWindow;
use i_slint_backend_testing::ElementHandle;
use slint::platform::{PointerEventButton, WindowEvent};
use slint::ComponentHandle;
use std::path::{Path, PathBuf};

/// One store's set of screenshots at one size.
struct Set {
    /// Its folder under `target/store-screenshots/`.
    name: &'static str,
    /// Pixels, portrait.
    size: (u32, u32),
    /// Pixels per logical pixel (the device's density).
    scale: f32,
    /// The store's locale folder and the app's language code of each language drawn.
    locales: &'static [(&'static str, &'static str)],
    /// Where the committed picture `n` of `locale` is, from the repository's root.
    committed: fn(&str, usize) -> String,
}

/// Play's locale folders and the app's language codes.
const PLAY: &[(&str, &str)] = &[
    ("en-US", "en"),
    ("es-ES", "es"),
    ("de-DE", "de"),
    ("fr-FR", "fr"),
    ("tr-TR", "tr"),
    ("ar", "ar"),
];
const PLAY_TABLET: &[(&str, &str)] = &[("en-US", "en"), ("tr-TR", "tr"), ("ar", "ar")];
/// The App Store's (deliver's) names of the same languages.
const APP_STORE: &[(&str, &str)] = &[("en-US", "en"), ("tr", "tr"), ("ar-SA", "ar")];

const SETS: [Set; 4] = [
    Set {
        name: "play-phone",
        size: (1080, 1920),
        scale: 2.625,
        locales: PLAY,
        committed: |l, n| format!("fastlane/metadata/android/{l}/images/phoneScreenshots/{n}.png"),
    },
    // 800×1280 dp, an Android 10-inch tablet upright.
    Set {
        name: "play-tablet",
        size: (1600, 2560),
        scale: 2.0,
        locales: PLAY_TABLET,
        committed: |l, n| {
            format!("fastlane/metadata/android/{l}/images/tenInchScreenshots/{n}.png")
        },
    },
    // iPhone 16 Pro Max / 17 Pro Max: 440×956 points at 3×.
    Set {
        name: "ios-iphone",
        size: (1320, 2868),
        scale: 3.0,
        locales: APP_STORE,
        committed: |l, n| format!("fastlane/screenshots/ios/{l}/iphone-{n}.png"),
    },
    // iPad Pro 13-inch: 1032×1376 points at 2×.
    Set {
        name: "ios-ipad",
        size: (2064, 2752),
        scale: 2.0,
        locales: APP_STORE,
        committed: |l, n| format!("fastlane/screenshots/ios/{l}/ipad-{n}.png"),
    },
];

/// Pixels of a PNG file as RGB bytes, with its size.
fn read_rgb(path: &Path) -> Option<(u32, u32, Vec<u8>)> {
    let file = std::fs::File::open(path).ok()?;
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .ok()?;
    let mut buf = vec![0; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut buf).ok()?;
    let channels = info.color_type.samples();
    let rgb = buf[..info.buffer_size()]
        .chunks(channels)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    Some((info.width, info.height, rgb))
}

/// How the committed picture `committed` differs from the one just drawn, `drawn`: `None`
/// when they are the same to the eye (at most one pixel in a thousand differs, none by
/// more than a few levels: a font's rounding, never a missing button).
fn stale(drawn: &Path, committed: &Path) -> Option<String> {
    let Some((w, h, now)) = read_rgb(drawn) else {
        return Some(format!("{} was not drawn", drawn.display()));
    };
    let Some((cw, ch, then)) = read_rgb(committed) else {
        return Some(format!("{} is missing or unreadable", committed.display()));
    };
    if (w, h) != (cw, ch) {
        return Some(format!("{}: {cw}x{ch}, drawn {w}x{h}", committed.display()));
    }
    let differing = now
        .chunks(3)
        .zip(then.chunks(3))
        .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 8))
        .count();
    let pixels = (w * h) as usize;
    (differing * 1000 > pixels).then(|| {
        format!(
            "{}: {differing} of {pixels} pixels differ from what the app draws now",
            committed.display()
        )
    })
}

fn shot(ui: &AppWindow, set: &Set, dir: &Path, n: usize) {
    let buf = ui.window().take_snapshot().expect("software snapshot");
    assert_eq!((buf.width(), buf.height()), set.size, "{}'s size", set.name);
    let pixels = buf.as_bytes();
    let colours: std::collections::HashSet<&[u8]> = pixels.chunks(4).step_by(97).collect();
    assert!(colours.len() > 50, "screenshot {n} is nearly blank");
    let rgb: Vec<u8> = pixels.chunks(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    let file = std::fs::File::create(dir.join(format!("{n}.png"))).unwrap();
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), set.size.0, set.size.1);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    // Small files for the pictures committed; fast when they are only compared (CI time:
    // the 60 pictures are 200 M pixels).
    enc.set_compression(if std::env::var_os("DAMA_STORE_REFRESH").is_some() {
        png::Compression::High
    } else {
        png::Compression::Fast
    });
    enc.write_header().unwrap().write_image_data(&rgb).unwrap();
}

fn tap(ui: &AppWindow, label: &str) {
    let e = ElementHandle::find_by_accessible_label(ui, label)
        .next()
        .unwrap_or_else(|| panic!("no {label}"));
    e.mock_single_click(PointerEventButton::Left);
}

fn start(h: &AppHandle, game: &str, code: &str, opponent: Opponent) {
    let rules = Rules::parse(game, &[] as &[&str]).unwrap();
    let pos = Position::from_code(rules, code).unwrap();
    h.with(|a| a.begin(GameRecord::from_position(pos), opponent, Color::White));
}

/// Android's own font, where it is installed (Debian's fonts-roboto-unhinted): the store
/// shows the app as a phone draws it. Elsewhere the desktop's fonts draw it.
const ROBOTO: &str = "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF";

/// Draws `set`'s pictures into `out/<locale>/` with an app of its own (a window's density
/// is set before it is shown: changed later, it keeps the logical size and so changes the
/// pixels), its data in `data`.
fn draw_set(set: &Set, data: &Path, out: &Path) {
    let handle = dama_ui::platform::desktop::create(Store::new(data)).unwrap();
    let ui: &AppWindow = &handle;
    ui.window().dispatch_event(WindowEvent::ScaleFactorChanged {
        scale_factor: set.scale,
    });
    ui.window()
        .set_size(slint::PhysicalSize::new(set.size.0, set.size.1));
    ui.show().unwrap();
    handle.with(|a| a.set_anim_speed(0));
    // A finished game against the computer for History and its review.
    handle.with(|a| {
        a.begin(long_game(30), Opponent::Computer(5), Color::White);
        a.resign();
        a.set_review_nodes(3_000);
    });
    for &(locale, code) in set.locales {
        let dir = out.join(locale);
        std::fs::create_dir_all(&dir).unwrap();
        ui.global::<dama_ui::SettingsAdapter>()
            .invoke_choose_language(dama_ui::languages::index(code).into());
        ui.set_screen(dama_ui::Screen::Home);
        shot(ui, set, &dir, 1);
        // A Turkish king's capture of three and a Zamma capture route, each drawn with the
        // captured pieces marked once a1 is tapped.
        for (n, game, code) in [
            (2, "turkish", "W:WKa1,b2,f6,c2:Bc6,a3,h7,a6,e6,Kh1"),
            (3, "zamma", "W:Wa1,e1,Kg3,d3,f4:Ba2,b1,b3,c2,g5,h8,e8,d7"),
        ] {
            start(&handle, game, code, Opponent::Computer(6));
            tap(ui, "a1");
            shot(ui, set, &dir, n);
        }
        handle.with(|a| a.show_history());
        common::analysed_review(&handle, 0, 21);
        shot(ui, set, &dir, 4);
    }
    ui.hide().unwrap();
}

#[test]
fn store_screenshots() {
    if std::path::Path::new(ROBOTO).is_dir() {
        std::env::set_var("SLINT_FONT_PATH", ROBOTO);
    }
    common::testing_platform();
    let data = std::env::temp_dir().join(format!("dama-store-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/store-screenshots");
    for set in &SETS {
        draw_set(set, &data.join(set.name), &out.join(set.name));
    }
    let _ = std::fs::remove_dir_all(&data);
    if std::env::var_os("DAMA_STORE_REFRESH").is_some() {
        return;
    }
    // The committed pictures were drawn with Roboto: without it the text differs.
    if !Path::new(ROBOTO).is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have Roboto (fonts-roboto-unhinted) to compare the store screenshots"
        );
        eprintln!("store screenshots: Roboto is not installed, the committed ones not compared");
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut faults = Vec::new();
    let mut compared = 0;
    for set in &SETS {
        for &(locale, _) in set.locales {
            for n in 1..=4 {
                let drawn = out.join(set.name).join(locale).join(format!("{n}.png"));
                faults.extend(stale(&drawn, &root.join((set.committed)(locale, n))));
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 4 * (6 + 3 * 3));
    assert!(
        faults.is_empty(),
        "the stores' (and the README's) screenshots are stale; run scripts/store-listing.sh and commit:\n{}",
        faults.join("\n")
    );
}
