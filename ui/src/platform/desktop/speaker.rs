//! The desktop's speaker: the default output device through cpal. The device is opened on
//! the sound thread when the first sound is asked for (an app that never plays opens
//! nothing, and a slow or missing audio system never holds up the window); without a
//! device, or when it fails, the sounds are dropped.

use crate::sound::mixer::{Bank, Mixer};
use crate::sound::{Cue, Speaker};
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Sounds to the default output device, queued to the sound thread.
pub struct DeviceSpeaker {
    to_thread: Sender<Vec<(Duration, Cue)>>,
}

impl DeviceSpeaker {
    /// Starts the sound thread (the device waits for the first sound).
    pub fn open() -> DeviceSpeaker {
        let (to_thread, rx) = mpsc::channel();
        // Without a thread the channel is closed and `play` drops every sound.
        let _ = std::thread::Builder::new()
            .name("dama-sound".into())
            .spawn(move || run(rx));
        DeviceSpeaker { to_thread }
    }
}

impl Speaker for DeviceSpeaker {
    fn play(&self, cues: &[(Duration, Cue)]) {
        // A closed channel: no device; the sound is dropped.
        let _ = self.to_thread.send(cues.to_vec());
    }
}

/// The sound thread: opens the device on the first sound, then feeds the mixer and lets
/// the stream rest while nothing plays.
fn run(rx: Receiver<Vec<(Duration, Cue)>>) {
    let Ok(first) = rx.recv() else { return };
    let out = if has_sound_card() {
        Output::open()
    } else {
        None
    };
    let Some(out) = out else {
        // Said once, in place of the audio system's own complaints.
        eprintln!("dama-app: no sound device found; playing without sound");
        // No device: keep taking the sounds so the app never notices.
        for _ in rx {}
        return;
    };
    let mut cues = first;
    loop {
        out.add(&cues);
        let _ = out.stream.play();
        cues = loop {
            match rx.recv_timeout(Duration::from_millis(250)) {
                Ok(c) => break c,
                Err(RecvTimeoutError::Timeout) if !out.busy() => {
                    let _ = out.stream.pause();
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return,
            }
        };
    }
}

/// Whether the machine has a sound card to open. On Linux, asking ALSA for the default
/// device where there is none fills the terminal with alsa-lib's errors (a virtual display,
/// a container, a server): the kernel's list of cards is read first.
fn has_sound_card() -> bool {
    #[cfg(target_os = "linux")]
    {
        match std::fs::read_to_string("/proc/asound/cards") {
            Ok(cards) => cards_listed(&cards),
            Err(_) => false,
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        true
    }
}

/// Whether `/proc/asound/cards` lists a card ("--- no soundcards ---" when it lists none).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn cards_listed(cards: &str) -> bool {
    cards.lines().any(|l| {
        l.split_whitespace()
            .next()
            .is_some_and(|n| n.parse::<u32>().is_ok())
    })
}

struct Output {
    mixer: Arc<Mutex<Mixer>>,
    stream: cpal::Stream,
}

impl Output {
    fn open() -> Option<Output> {
        let device = cpal::default_host().default_output_device()?;
        let supported = device.default_output_config().ok()?;
        let config = supported.config();
        let channels = config.channels.max(1) as usize;
        let mixer = Arc::new(Mutex::new(Mixer::new(Bank::new(config.sample_rate))));
        // Each callback mixes into its own scratch block (allocated once, then reused).
        let mono_block = move |m: &Mutex<Mixer>, mono: &mut Vec<f32>, frames: usize| {
            mono.resize(frames, 0.0);
            match m.try_lock() {
                Ok(mut mixer) => mixer.fill(mono),
                // The sound thread is adding a sound: one block of silence.
                Err(_) => mono.fill(0.0),
            }
        };
        let on_error = |_| {};
        let (m, mut mono) = (mixer.clone(), Vec::new());
        let stream = match supported.sample_format() {
            cpal::SampleFormat::F32 => device.build_output_stream(
                config,
                move |data: &mut [f32], _: &cpal::OutputCallbackInfo| {
                    mono_block(&m, &mut mono, data.len() / channels);
                    for (frame, &s) in data.chunks_mut(channels).zip(&mono) {
                        frame.fill(s);
                    }
                },
                on_error,
                None,
            ),
            cpal::SampleFormat::I16 => device.build_output_stream(
                config,
                move |data: &mut [i16], _: &cpal::OutputCallbackInfo| {
                    mono_block(&m, &mut mono, data.len() / channels);
                    for (frame, &s) in data.chunks_mut(channels).zip(&mono) {
                        frame.fill(crate::sound::wav::to_i16(s));
                    }
                },
                on_error,
                None,
            ),
            _ => return None,
        }
        .ok()?;
        Some(Output { mixer, stream })
    }

    fn add(&self, cues: &[(Duration, Cue)]) {
        let mut m = self.mixer.lock().unwrap_or_else(|e| e.into_inner());
        for &(d, c) in cues {
            m.add(c, d);
        }
    }

    fn busy(&self) -> bool {
        self.mixer.lock().map(|m| m.busy()).unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernels_card_list_is_read() {
        assert!(!cards_listed("--- no soundcards ---\n"));
        assert!(!cards_listed(""));
        let one = " 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n                      HDA Intel PCH at 0xf7f10000 irq 32\n";
        assert!(cards_listed(one));
    }

    /// The desktop speaker without an audio device (CI, a server) neither fails nor makes the
    /// caller wait, however much it is asked to play.
    #[test]
    fn no_audio_device_never_fails_or_stalls() {
        let speaker = DeviceSpeaker::open();
        let t = std::time::Instant::now();
        for _ in 0..1000 {
            speaker.play(&[
                (Duration::ZERO, Cue::Capture),
                (Duration::from_millis(90), Cue::Move),
            ]);
        }
        assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
        drop(speaker);
    }
}
