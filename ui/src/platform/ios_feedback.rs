//! iOS's speaker and haptics: AVFoundation's `AVAudioPlayer` plays each sound (mixed here
//! into one WAV clip, delays included) in the ambient audio session, which the ring/silent
//! switch mutes and which mixes with the player's music; `UIImpactFeedbackGenerator` gives
//! the touches (light for a landing, medium for a capture). Both are called on the main
//! thread, the app's UI thread, and return at once.

use crate::sound::mixer::{Bank, Mixer};
use crate::sound::{wav, Cue, Feedback, Haptic, Haptics, Speaker};
use objc2::rc::{Allocated, Retained};
use objc2::runtime::{AnyClass, AnyObject, Bool};
use objc2::{msg_send, msg_send_id};
use objc2_foundation::{NSData, NSString};
use std::cell::{OnceCell, RefCell};
use std::time::Duration;

#[link(name = "AVFoundation", kind = "framework")]
extern "C" {
    static AVAudioSessionCategoryAmbient: &'static NSString;
}

/// The rate of the clips.
const RATE: u32 = 44_100;
/// Players kept alive at once (a player that is dropped stops).
const PLAYERS: usize = 8;

/// The app's feedback on this device.
pub fn feedback() -> Feedback {
    Feedback {
        speaker: Box::new(ClipSpeaker::default()),
        haptics: Box::new(ImpactHaptics),
        can_feel: true,
    }
}

#[derive(Default)]
struct ClipSpeaker {
    bank: OnceCell<Bank>,
    session: OnceCell<()>,
    players: RefCell<Vec<Retained<AnyObject>>>,
}

impl ClipSpeaker {
    /// The ambient category: silenced by the switch, mixed with other audio.
    fn ambient(&self) {
        self.session.get_or_init(|| unsafe {
            let Some(cls) = AnyClass::get("AVAudioSession") else {
                return;
            };
            let session: Option<Retained<AnyObject>> = msg_send_id![cls, sharedInstance];
            if let Some(session) = session {
                let _: Bool = msg_send![&session, setCategory: AVAudioSessionCategoryAmbient, error: std::ptr::null_mut::<*mut AnyObject>()];
            }
        });
    }
}

impl Speaker for ClipSpeaker {
    fn play(&self, cues: &[(Duration, Cue)]) {
        self.ambient();
        let bank = self.bank.get_or_init(|| Bank::new(RATE)).clone();
        let mut mixer = Mixer::new(bank);
        for &(d, c) in cues {
            mixer.add(c, d);
        }
        let clip = wav::encode(&mixer.drain(), RATE);
        let data = NSData::with_bytes(&clip);
        let Some(cls) = AnyClass::get("AVAudioPlayer") else {
            return;
        };
        // SAFETY: AVAudioPlayer's documented initialiser and methods, on the main thread.
        let player: Option<Retained<AnyObject>> = unsafe {
            let alloc: Allocated<AnyObject> = msg_send_id![cls, alloc];
            msg_send_id![alloc, initWithData: &*data, error: std::ptr::null_mut::<*mut AnyObject>()]
        };
        let Some(player) = player else { return };
        let started: Bool = unsafe { msg_send![&player, play] };
        if !started.as_bool() {
            return;
        }
        let mut players = self.players.borrow_mut();
        // Finished players go; the oldest goes if too many still play.
        players.retain(|p| unsafe { msg_send![&**p, isPlaying] });
        if players.len() >= PLAYERS {
            players.remove(0);
        }
        players.push(player);
    }
}

struct ImpactHaptics;

impl Haptics for ImpactHaptics {
    fn feel(&self, haptic: Haptic) {
        let Some(cls) = AnyClass::get("UIImpactFeedbackGenerator") else {
            return;
        };
        // UIImpactFeedbackStyleLight = 0, Medium = 1.
        let style: isize = match haptic {
            Haptic::Tick => 0,
            Haptic::Strong => 1,
        };
        // SAFETY: UIKit's documented initialiser and method, on the main thread.
        unsafe {
            let alloc: Allocated<AnyObject> = msg_send_id![cls, alloc];
            let generator: Option<Retained<AnyObject>> = msg_send_id![alloc, initWithStyle: style];
            if let Some(g) = generator {
                let _: () = msg_send![&g, impactOccurred];
            }
        }
    }
}
