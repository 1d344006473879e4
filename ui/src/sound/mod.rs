//! Sound and touch feedback: what the app says (a [`Cue`] at a moment, a [`Haptic`] when a
//! piece lands), synthesised here ([`synth`]), mixed ([`mixer`]) and handed to the
//! platform's [`Speaker`] and [`Haptics`]. The desktop plays through cpal, Android through
//! `AudioTrack` over JNI, iOS through AVFoundation (their code is in `platform`); with no
//! audio device the speaker is silent, and nothing on the UI thread ever waits for it.

pub mod mixer;
pub mod synth;
pub mod wav;

pub use synth::Cue;

use dama_core::{Color, LegalMove, Outcome};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A touch felt on the phone when a piece lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Haptic {
    /// A piece lands after a plain move.
    Tick,
    /// A capture lands.
    Strong,
}

/// Plays sounds. `play` returns at once: the sounds are queued for the device.
pub trait Speaker {
    /// Plays each cue after its delay from now.
    fn play(&self, cues: &[(Duration, Cue)]);
}

/// Makes the phone felt. Returns at once.
pub trait Haptics {
    /// One touch.
    fn feel(&self, haptic: Haptic);
}

/// Neither heard nor felt (no device, or the platform has none).
pub struct Silent;

impl Speaker for Silent {
    fn play(&self, _: &[(Duration, Cue)]) {}
}

impl Haptics for Silent {
    fn feel(&self, _: Haptic) {}
}

/// What was asked for, in order (the tests' sink for the app's playback path).
#[derive(Clone, Debug, PartialEq)]
pub enum Played {
    /// A sound after its delay.
    Sound(Duration, Cue),
    /// A touch.
    Felt(Haptic),
}

/// A speaker and haptics that write down what they are asked to play.
#[derive(Clone, Default)]
pub struct Recording(pub Arc<Mutex<Vec<Played>>>);

impl Recording {
    /// Everything asked for so far, leaving the record empty.
    pub fn take(&self) -> Vec<Played> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// The cues asked for so far (in order), leaving the record empty.
    pub fn take_cues(&self) -> Vec<Cue> {
        self.take()
            .into_iter()
            .filter_map(|p| match p {
                Played::Sound(_, c) => Some(c),
                Played::Felt(_) => None,
            })
            .collect()
    }

    fn push(&self, p: Played) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(p);
    }
}

impl Speaker for Recording {
    fn play(&self, cues: &[(Duration, Cue)]) {
        for &(d, c) in cues {
            self.push(Played::Sound(d, c));
        }
    }
}

impl Haptics for Recording {
    fn feel(&self, haptic: Haptic) {
        self.push(Played::Felt(haptic));
    }
}

/// The platform's speaker and haptics, as the app uses them.
pub struct Feedback {
    /// Plays the sounds.
    pub speaker: Box<dyn Speaker>,
    /// Makes touches felt (the desktop has none).
    pub haptics: Box<dyn Haptics>,
    /// `true` where the platform can be felt: the Settings switch is shown there.
    pub can_feel: bool,
}

impl Feedback {
    /// Nothing heard or felt.
    pub fn silent() -> Feedback {
        Feedback {
            speaker: Box::new(Silent),
            haptics: Box::new(Silent),
            can_feel: false,
        }
    }

    /// Into `record`, as if the platform had haptics.
    pub fn recording(record: &Recording) -> Feedback {
        Feedback {
            speaker: Box::new(record.clone()),
            haptics: Box::new(record.clone()),
            can_feel: true,
        }
    }
}

/// The time between two landings when moves are not animated.
const QUICK_JUMP: Duration = Duration::from_millis(90);

/// The sounds of a move shown at `per_jump` per step or jump (zero: not animated): a
/// tock when a plain move lands, a click as each jump of a capture lands, a chime after
/// a crowning.
pub fn move_cues(d: &LegalMove, per_jump: Duration) -> Vec<(Duration, Cue)> {
    let steps = d.path.len().saturating_sub(1).max(1) as u32;
    let mut cues = Vec::new();
    let landing = if d.mv.is_capture() {
        let gap = if per_jump.is_zero() {
            QUICK_JUMP
        } else {
            per_jump
        };
        let first = per_jump;
        for k in 0..steps {
            cues.push((first + gap * k, Cue::Capture));
        }
        first + gap * (steps - 1)
    } else {
        let at = per_jump * steps;
        cues.push((at, Cue::Move));
        at
    };
    if d.mv.promotes() {
        cues.push((landing + Duration::from_millis(60), Cue::Promotion));
    }
    cues
}

/// The sound of a game's end, heard by `player` (the human against the computer; `None`
/// for two players, where a decisive game sounds as won).
pub fn ending_cue(outcome: &Outcome, player: Option<Color>) -> Cue {
    match (outcome.winner(), player) {
        (None, _) => Cue::Draw,
        (Some(w), Some(p)) if w != p => Cue::Loss,
        _ => Cue::Win,
    }
}

/// The touch of a move's landing.
pub fn move_haptic(d: &LegalMove) -> Haptic {
    if d.mv.is_capture() {
        Haptic::Strong
    } else {
        Haptic::Tick
    }
}

#[cfg(test)]
mod tests;
