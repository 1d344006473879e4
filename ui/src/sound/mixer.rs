//! Sounds on their way to a speaker: each one waits its delay, then plays once; the mixer
//! adds whatever overlaps and fills the device's blocks. Plain data, so it is tested
//! without a device.

use super::synth::{self, Cue};
use std::sync::Arc;
use std::time::Duration;

/// Every cue rendered once at one sample rate.
#[derive(Clone)]
pub struct Bank {
    rate: u32,
    clips: Vec<Arc<[f32]>>,
}

impl Bank {
    /// Renders every cue at `rate` samples per second.
    pub fn new(rate: u32) -> Bank {
        Bank {
            rate,
            clips: Cue::ALL
                .iter()
                .map(|&c| Arc::from(synth::render(c, rate)))
                .collect(),
        }
    }

    /// The sample rate.
    pub fn rate(&self) -> u32 {
        self.rate
    }

    /// The samples of `cue`.
    pub fn clip(&self, cue: Cue) -> &Arc<[f32]> {
        &self.clips[cue.index()]
    }
}

struct Voice {
    clip: Arc<[f32]>,
    /// The next sample to play; negative while the voice still waits.
    at: i64,
}

/// The sounds playing or waiting to play.
pub struct Mixer {
    bank: Bank,
    voices: Vec<Voice>,
}

impl Mixer {
    /// An idle mixer over `bank`.
    pub fn new(bank: Bank) -> Mixer {
        Mixer {
            bank,
            voices: Vec::new(),
        }
    }

    /// The sample rate.
    pub fn rate(&self) -> u32 {
        self.bank.rate
    }

    /// Plays `cue` after `delay`.
    pub fn add(&mut self, cue: Cue, delay: Duration) {
        let wait = (delay.as_secs_f64() * self.bank.rate as f64).round() as i64;
        self.voices.push(Voice {
            clip: self.bank.clip(cue).clone(),
            at: -wait,
        });
    }

    /// `true` while something plays or waits.
    pub fn busy(&self) -> bool {
        !self.voices.is_empty()
    }

    /// The next `out.len()` samples (mono); silence when idle. Overlapping sounds are added
    /// and held within full scale.
    pub fn fill(&mut self, out: &mut [f32]) {
        out.fill(0.0);
        for v in &mut self.voices {
            for s in out.iter_mut() {
                if v.at >= 0 {
                    match v.clip.get(v.at as usize) {
                        Some(x) => *s += x,
                        None => break,
                    }
                }
                v.at += 1;
            }
        }
        self.voices.retain(|v| v.at < v.clip.len() as i64);
        out.iter_mut().for_each(|s| *s = s.clamp(-1.0, 1.0));
    }

    /// Everything queued, mixed to the end (a clip for players that take whole sounds).
    pub fn drain(&mut self) -> Vec<f32> {
        let left = self
            .voices
            .iter()
            .map(|v| v.clip.len() as i64 - v.at)
            .max()
            .unwrap_or(0);
        let mut all = vec![0.0f32; left.max(0) as usize];
        self.fill(&mut all);
        all
    }
}
