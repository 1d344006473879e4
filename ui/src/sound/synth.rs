//! The app's sounds, synthesised: short struck tones (a wooden tock for a move, a brighter
//! click per jump of a capture), little chimes for a promotion and the endings, a soft low
//! double knock for a tap that does nothing. Every sound starts and ends at zero (no click)
//! and is scaled to one peak level, below full scale, so two together do not clip.

use std::f32::consts::TAU;

/// What the app says with a sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A piece lands after a plain move.
    Move,
    /// One jump of a capture lands (a capture of three jumps sounds three times).
    Capture,
    /// A man is crowned.
    Promotion,
    /// A tap that cannot be played.
    Illegal,
    /// The player won (two players: the game was won).
    Win,
    /// The player lost to the computer.
    Loss,
    /// The game was drawn.
    Draw,
}

impl Cue {
    /// Every cue, in a fixed order (the sound bank's index).
    pub const ALL: [Cue; 7] = [
        Cue::Move,
        Cue::Capture,
        Cue::Promotion,
        Cue::Illegal,
        Cue::Win,
        Cue::Loss,
        Cue::Draw,
    ];

    /// The cue's index in [`Cue::ALL`].
    pub fn index(self) -> usize {
        Cue::ALL.iter().position(|&c| c == self).unwrap_or(0)
    }

    /// A name for files and logs.
    pub fn name(self) -> &'static str {
        match self {
            Cue::Move => "move",
            Cue::Capture => "capture",
            Cue::Promotion => "promotion",
            Cue::Illegal => "illegal",
            Cue::Win => "win",
            Cue::Loss => "loss",
            Cue::Draw => "draw",
        }
    }
}

/// The peak every sound is scaled to (full scale is 1).
pub const PEAK: f32 = 0.7;

/// One struck tone: partials `(frequency ratio, amplitude)` of `freq`, a 3 ms attack and an
/// exponential decay of time constant `tau` seconds, added into `out` from `at` seconds.
fn strike(out: &mut [f32], rate: u32, at: f32, freq: f32, tau: f32, partials: &[(f32, f32)]) {
    let rate = rate as f32;
    let start = (at * rate) as usize;
    let attack = 0.003 * rate;
    for (i, s) in out.iter_mut().enumerate().skip(start) {
        let n = (i - start) as f32;
        let t = n / rate;
        let env = (n / attack).min(1.0) * (-t / tau).exp();
        if env < 1e-4 && n > attack {
            break;
        }
        let wave: f32 = partials
            .iter()
            .map(|&(ratio, amp)| amp * (TAU * freq * ratio * t).sin())
            .sum();
        *s += env * wave;
    }
}

/// A short burst of low-passed noise (the knock of wood on wood), from `at` seconds.
fn knock(out: &mut [f32], rate: u32, at: f32, tau: f32, amp: f32) {
    let rate_f = rate as f32;
    let start = (at * rate_f) as usize;
    // A fixed seed: the same sound every time.
    let mut x: u32 = 0x9E37_79B9;
    let mut low = 0.0f32;
    let k = 0.35;
    for (i, s) in out.iter_mut().enumerate().skip(start) {
        let t = (i - start) as f32 / rate_f;
        let env = (-t / tau).exp();
        if env < 1e-4 {
            break;
        }
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        let white = (x as f32 / u32::MAX as f32) * 2.0 - 1.0;
        low += k * (white - low);
        *s += amp * env * low;
    }
}

/// The samples of `cue` at `rate` samples per second (mono, -1..1).
pub fn render(cue: Cue, rate: u32) -> Vec<f32> {
    let length = match cue {
        Cue::Move => 0.12,
        Cue::Capture => 0.14,
        Cue::Promotion => 0.55,
        Cue::Illegal => 0.22,
        Cue::Win => 0.95,
        Cue::Loss => 0.95,
        Cue::Draw => 0.7,
    };
    let mut out = vec![0.0f32; (length * rate as f32) as usize];
    // Wood: inharmonic partials decaying fast.
    let wood = [(1.0, 1.0), (2.76, 0.35), (5.4, 0.12)];
    // A bell-like chime: harmonic, with a touch of the octave's octave.
    let bell = [(1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.2, 0.05)];
    match cue {
        Cue::Move => {
            strike(&mut out, rate, 0.0, 520.0, 0.025, &wood);
            knock(&mut out, rate, 0.0, 0.006, 0.5);
        }
        Cue::Capture => {
            strike(&mut out, rate, 0.0, 880.0, 0.03, &wood);
            strike(&mut out, rate, 0.012, 1320.0, 0.022, &wood);
            knock(&mut out, rate, 0.0, 0.008, 0.7);
        }
        Cue::Promotion => {
            for (i, f) in [784.0, 988.0, 1175.0, 1568.0].into_iter().enumerate() {
                strike(&mut out, rate, i as f32 * 0.07, f, 0.12, &bell);
            }
        }
        Cue::Illegal => {
            let dull = [(1.0, 1.0), (2.0, 0.3), (3.0, 0.15)];
            strike(&mut out, rate, 0.0, 196.0, 0.035, &dull);
            strike(&mut out, rate, 0.09, 185.0, 0.035, &dull);
        }
        Cue::Win => {
            for (i, f) in [523.25, 659.25, 783.99, 1046.5].into_iter().enumerate() {
                let tau = if i == 3 { 0.3 } else { 0.16 };
                strike(&mut out, rate, i as f32 * 0.11, f, tau, &bell);
            }
        }
        Cue::Loss => {
            for (i, f) in [392.0, 311.13, 261.63].into_iter().enumerate() {
                let tau = if i == 2 { 0.3 } else { 0.18 };
                strike(&mut out, rate, i as f32 * 0.16, f, tau, &bell);
            }
        }
        Cue::Draw => {
            strike(&mut out, rate, 0.0, 440.0, 0.2, &bell);
            strike(&mut out, rate, 0.18, 440.0, 0.25, &bell);
            strike(&mut out, rate, 0.18, 659.25, 0.25, &bell);
        }
    }
    finish(&mut out, rate);
    out
}

/// Scales to [`PEAK`] and fades the last 15 ms out, so the sound ends at zero.
fn finish(out: &mut [f32], rate: u32) {
    let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if peak > 0.0 {
        let k = PEAK / peak;
        out.iter_mut().for_each(|s| *s *= k);
    }
    let fade = ((0.015 * rate as f32) as usize).min(out.len());
    let n = out.len();
    for (j, s) in out[n - fade..].iter_mut().enumerate() {
        let x = 1.0 - (j + 1) as f32 / fade as f32;
        *s *= x * x;
    }
}
