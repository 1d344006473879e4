//! The shipped library's self-test: the app's own code run end to end without a screen, so
//! that a C library other than the desktop's (Android's bionic, under qemu) can be shown to
//! run it. `scripts/android-bionic.sh` calls it through `dama_ui_selftest` (lib.rs) in the
//! APK's own library; `ui/tests/selftest.rs` runs the same steps on the desktop for the
//! reference frames.
//!
//! The steps, each timed: the phone platform's headless screen at 1080×2400 (420 dpi); Home,
//! a Zamma and a Turkish game drawn through its frame and written as PNG; a move tapped,
//! saved, read back from disk by a fresh store and resumed by a fresh app; a level-8
//! computer move searched on the AI worker's thread. Sound, haptics and sharing are left
//! out (they are the platform's, over JNI), so nothing here needs the Android framework.

use crate::app::{self, AppHandle};
use crate::opponent::Opponent;
use crate::platform::headless::Screen;
use crate::play::ai_worker::{AiWorker, Answer, Job};
use crate::share::Sharing;
use crate::sound::Feedback;
use crate::store::{NewGame, Store};
use dama_core::{GameId, Rules, Session};
use slint::platform::software_renderer::PremultipliedRgbaColor;
use slint::ComponentHandle;
use std::path::Path;
use std::time::{Duration, Instant};

/// One step of the self-test and how long it took.
#[derive(Debug)]
pub struct Step {
    /// What was done.
    pub name: &'static str,
    /// Wall time of the step.
    pub time: Duration,
    /// What it found (a move, a file written).
    pub detail: String,
}

impl std::fmt::Display for Step {
    /// `selftest: <step> <ms> ms: <detail>`, as the bionic run's log shows each step.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = self.time.as_secs_f64() * 1000.0;
        write!(f, "selftest: {} {ms:.0} ms: {}", self.name, self.detail)
    }
}

/// The phone the frames are drawn for: 1080×2400 at 420 dpi (scale 2.625).
pub const WIDTH: usize = 1080;
/// See [`WIDTH`].
pub const HEIGHT: usize = 2400;
const SCALE: f32 = 2.625;

/// Runs every step, writing `home.png`, `zamma.png` and `turkish.png` and the app's data
/// (`data/`) into `out`; `each` sees each step as it ends. The first failure ends the run.
pub fn run(out: &Path, mut each: impl FnMut(&Step)) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut step = |name: &'static str, f: &mut dyn FnMut() -> Result<String, String>| {
        let t = Instant::now();
        let detail = f().map_err(|e| format!("{name}: {e}"))?;
        let s = Step {
            name,
            time: t.elapsed(),
            detail,
        };
        each(&s);
        steps.push(s);
        Ok::<(), String>(())
    };
    let data = out.join("data");
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).map_err(|e| format!("{}: {e}", data.display()))?;

    let mut screen = None;
    step("platform", &mut || {
        screen = Some(Screen::install(WIDTH, HEIGHT, SCALE).map_err(|e| e.to_string())?);
        Ok(format!(
            "headless phone screen {WIDTH}x{HEIGHT} at scale {SCALE}"
        ))
    })?;
    let screen = screen.as_mut().expect("installed");

    let mut ui = None;
    step("home", &mut || {
        let h = open(&data)?;
        screen.advance(Duration::from_millis(16));
        screen.draw().ok_or("nothing drawn")?;
        ui = Some(h);
        write_frame(screen, &out.join("home.png"))
    })?;
    let ui = ui.expect("opened");

    step("zamma", &mut || {
        ui.with(|a| a.start_game(two_players(GameId::Zamma)));
        draw_settled(screen);
        write_frame(screen, &out.join("zamma.png"))
    })?;

    step("turkish", &mut || {
        ui.with(|a| a.leave());
        ui.with(|a| a.start_game(two_players(GameId::Turkish)));
        draw_settled(screen);
        write_frame(screen, &out.join("turkish.png"))
    })?;

    let mut code = String::new();
    step("move and save", &mut || {
        ui.tap_label("a3");
        ui.tap_label("a4");
        for _ in 0..200 {
            if !ui.with(|a| a.is_animating()) {
                break;
            }
            screen.advance(Duration::from_millis(16));
            screen.draw();
        }
        let plies = ui.with(|a| a.record().map_or(0, |r| r.ply()));
        if plies != 1 {
            return Err(format!("a3-a4 tapped, {plies} plies in the record"));
        }
        ui.with(|a| a.flush_saves());
        code = ui.with(|a| {
            a.record()
                .map(|r| r.current().to_code())
                .unwrap_or_default()
        });
        Ok(format!(
            "a3-a4 played and saved in {}",
            data.join("game.json").display()
        ))
    })?;
    drop(ui);

    step("reload and resume", &mut || {
        let (_, session) = Store::new(&data).load_game().ok_or("no game on disk")?;
        let read = session.position().to_code();
        if read != code {
            return Err(format!("read back {read}, saved {code}"));
        }
        let h = open(&data)?;
        h.global::<crate::HomeAdapter>().invoke_resume();
        let plies = h.with(|a| a.record().map_or(0, |r| r.ply()));
        let resumed = h.with(|a| a.record().map(|r| r.current().to_code()));
        if plies != 1 || resumed.as_deref() != Some(code.as_str()) {
            return Err(format!(
                "resumed {resumed:?} after {plies} plies, saved {code}"
            ));
        }
        screen.advance(Duration::from_millis(16));
        screen.draw();
        Ok(format!("a fresh app resumed the saved game: {code}"))
    })?;

    step("level-8 move on the worker thread", &mut || {
        let (tx, rx) = std::sync::mpsc::channel();
        let mut worker = AiWorker::new(move |_, answer| {
            let _ = tx.send(answer);
        });
        let session = Session::new(Rules::new(GameId::Turkish));
        worker.start(Job::Move { level: 8, seed: 1 }, &session);
        match rx.recv_timeout(Duration::from_secs(600)) {
            Ok(Answer::Move(Some(mv))) => {
                let legal = session.legal_moves().iter().find(|d| d.mv == mv);
                legal
                    .map(|d| format!("the worker answered {}", d.notation))
                    .ok_or_else(|| "an illegal move".to_string())
            }
            Ok(_) => Err("no move".into()),
            Err(e) => Err(format!("no answer: {e}")),
        }
    })?;
    Ok(steps)
}

/// A fresh app over `data`, shown, with no sound, haptics or sharing (the platform's).
fn open(data: &Path) -> Result<AppHandle, String> {
    let h = app::create_with(Store::new(data), Feedback::silent(), Sharing::none())
        .map_err(|e| e.to_string())?;
    h.show().map_err(|e| e.to_string())?;
    Ok(h)
}

fn two_players(game: GameId) -> NewGame {
    NewGame {
        game,
        opponent: Opponent::TwoPlayers,
        ..NewGame::default()
    }
}

/// Draws until nothing changes any more (the screen's transitions have ended).
fn draw_settled(screen: &mut Screen) {
    for _ in 0..120 {
        screen.advance(Duration::from_millis(16));
        if screen.draw().is_none() {
            break;
        }
    }
}

fn write_frame(screen: &Screen, path: &Path) -> Result<String, String> {
    let (w, h) = screen.frame.size();
    let png = png_rgb(screen.frame.pixels(), w, h);
    std::fs::write(path, &png).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(format!("{} ({w}x{h}, {} bytes)", path.display(), png.len()))
}

/// The frame as an RGB PNG, its pixel data in stored (uncompressed) deflate blocks: no
/// compression code in the shipped library for a test's pictures.
pub fn png_rgb(pixels: &[PremultipliedRgbaColor], width: usize, height: usize) -> Vec<u8> {
    let mut raw = Vec::with_capacity(height * (1 + width * 3));
    for row in pixels.chunks(width).take(height) {
        raw.push(0); // filter: none
        for p in row {
            raw.extend_from_slice(&[p.red, p.green, p.blue]);
        }
    }
    let mut z = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = raw.chunks(65535).collect();
    for (i, b) in blocks.iter().enumerate() {
        z.push(u8::from(i + 1 == blocks.len()));
        let n = b.len() as u16;
        z.extend_from_slice(&n.to_le_bytes());
        z.extend_from_slice(&(!n).to_le_bytes());
        z.extend_from_slice(b);
    }
    z.extend_from_slice(&adler32(&raw).to_be_bytes());
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&(width as u32).to_be_bytes());
    ihdr.extend_from_slice(&(height as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8 bits, RGB
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    for (kind, data) in [(b"IHDR", &ihdr[..]), (b"IDAT", &z[..]), (b"IEND", &[][..])] {
        png.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let start = png.len();
        png.extend_from_slice(kind);
        png.extend_from_slice(data);
        let crc = crc32(&png[start..]);
        png.extend_from_slice(&crc.to_be_bytes());
    }
    png
}

fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for chunk in data.chunks(5552) {
        for &x in chunk {
            a += u32::from(x);
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    b << 16 | a
}

fn crc32(data: &[u8]) -> u32 {
    let mut c = !0u32;
    for &x in data {
        c ^= u32::from(x);
        for _ in 0..8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_match_their_standards() {
        // The check values of both algorithms' specifications ("123456789").
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
    }

    #[test]
    fn a_frame_round_trips_through_png() {
        let (w, h) = (300, 250); // 225,000 bytes of rows: several stored blocks
        let px: Vec<_> = (0..w * h)
            .map(|i| PremultipliedRgbaColor {
                red: i as u8,
                green: (i / 7) as u8,
                blue: (i / 300) as u8,
                alpha: 255,
            })
            .collect();
        let png = png_rgb(&px, w, h);
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().expect("a valid PNG");
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut buf).expect("its pixels");
        assert_eq!(buf.len(), w * h * 3);
        assert!(buf
            .chunks(3)
            .zip(&px)
            .all(|(b, p)| b == [p.red, p.green, p.blue]));
    }
}
