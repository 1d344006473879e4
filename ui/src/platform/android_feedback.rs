//! Android's speaker and haptics, through the platform's own Java classes over JNI (every
//! call in [`java`]'s table, all there since before Android 7.0, so the APK's API-24
//! minimum holds without AAudio): the sounds stream to an `AudioTrack` from the sound
//! thread, and stay quiet while the ringer is silent or on vibrate; the touches are the
//! decor view's `performHapticFeedback`, which needs no permission and follows the user's
//! system setting.

use super::java_calls::{self as java, value};
use crate::sound::mixer::{Bank, Mixer};
use crate::sound::{wav, Cue, Feedback, Haptic, Haptics, Speaker};
use android_activity::AndroidApp;
use jni::objects::{GlobalRef, JObject, JValue};
use jni::{JNIEnv, JavaVM};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

/// The rate every Android device plays.
const RATE: u32 = 44_100;
/// Samples written at a time (about 23 ms).
const BLOCK: usize = 1024;

/// The app's feedback on this device.
pub fn feedback(app: &AndroidApp) -> Feedback {
    Feedback {
        speaker: Box::new(TrackSpeaker::open(app)),
        haptics: Box::new(ViewHaptics { app: app.clone() }),
        can_feel: true,
    }
}

/// The activity's JavaVM and the activity, for a thread of ours.
pub(super) struct Java {
    pub(super) vm: JavaVM,
    /// The activity's global reference (android-activity keeps it for the activity's life).
    activity: usize,
}

impl Java {
    pub(super) fn of(app: &AndroidApp) -> Option<Java> {
        // SAFETY: android-activity hands out the process's JavaVM.
        let vm = unsafe { JavaVM::from_raw(app.vm_as_ptr().cast()) }.ok()?;
        Some(Java {
            vm,
            activity: app.activity_as_ptr() as usize,
        })
    }

    pub(super) fn activity(&self) -> JObject<'static> {
        // SAFETY: a global reference, valid on every thread while the activity lives (the
        // process ends with it, see `android_main`).
        unsafe { JObject::from_raw(self.activity as jni::sys::jobject) }
    }
}

/// Sounds queued to the sound thread.
struct TrackSpeaker {
    to_thread: Sender<Vec<(Duration, Cue)>>,
}

impl TrackSpeaker {
    fn open(app: &AndroidApp) -> TrackSpeaker {
        let (to_thread, rx) = mpsc::channel();
        if let Some(java) = Java::of(app) {
            let _ = std::thread::Builder::new()
                .name("dama-sound".into())
                .spawn(move || sound_thread(java, rx));
        }
        TrackSpeaker { to_thread }
    }
}

impl Speaker for TrackSpeaker {
    fn play(&self, cues: &[(Duration, Cue)]) {
        let _ = self.to_thread.send(cues.to_vec());
    }
}

/// Opens the track on the first sound; then for each sound (unless the ringer is silent)
/// mixes and writes blocks until nothing is left, and stops the track, which plays out
/// what was written. Any Java failure leaves the app silent, never stopped.
fn sound_thread(java: Java, rx: Receiver<Vec<(Duration, Cue)>>) {
    let Ok(first) = rx.recv() else { return };
    let played = (|| -> jni::errors::Result<()> {
        let mut env = java.vm.attach_current_thread_permanently()?;
        let track = open_track(&mut env)?;
        // Made once: a thread attached for good frees no local reference by itself.
        let array = env.new_short_array(BLOCK as i32)?;
        let mut mixer = Mixer::new(Bank::new(RATE));
        let mut mono = [0.0f32; BLOCK];
        let mut pcm = [0i16; BLOCK];
        let mut cues = first;
        loop {
            if !silenced(&mut env, &java)? {
                queue(&mut mixer, &cues);
                call(&mut env, track.as_obj(), java::AUDIO_TRACK_PLAY, &[])?;
                while mixer.busy() {
                    while let Ok(more) = rx.try_recv() {
                        queue(&mut mixer, &more);
                    }
                    mixer.fill(&mut mono);
                    for (p, &s) in pcm.iter_mut().zip(&mono) {
                        *p = wav::to_i16(s);
                    }
                    env.set_short_array_region(&array, 0, &pcm)?;
                    let c = java::AUDIO_TRACK_WRITE;
                    let args = [
                        JValue::Object(&array),
                        JValue::Int(0),
                        JValue::Int(BLOCK as i32),
                    ];
                    env.call_method(track.as_obj(), c.name, c.signature, &args)?;
                }
                call(&mut env, track.as_obj(), java::AUDIO_TRACK_STOP, &[])?;
            }
            match rx.recv() {
                Ok(c) => cues = c,
                Err(_) => return Ok(()),
            }
        }
    })();
    if played.is_err() {
        if let Ok(env) = java.vm.attach_current_thread_permanently() {
            let _ = env.exception_clear();
        }
        // Silent from now on; the app goes on.
        for _ in rx {}
    }
}

fn queue(mixer: &mut Mixer, cues: &[(Duration, Cue)]) {
    for &(d, c) in cues {
        mixer.add(c, d);
    }
}

fn call(
    env: &mut JNIEnv,
    on: &JObject,
    c: java::JavaCall,
    args: &[JValue],
) -> jni::errors::Result<()> {
    env.call_method(on, c.name, c.signature, args)?;
    Ok(())
}

/// A streaming `AudioTrack`: music stream, mono, 16-bit, at least four blocks of buffer.
fn open_track(env: &mut JNIEnv) -> jni::errors::Result<GlobalRef> {
    let min = java::AUDIO_TRACK_MIN_BUFFER;
    let format = [
        JValue::Int(RATE as i32),
        JValue::Int(value::CHANNEL_OUT_MONO),
        JValue::Int(value::ENCODING_PCM_16BIT),
    ];
    let least = env
        .call_static_method(min.class, min.name, min.signature, &format)?
        .i()?;
    let bytes = least.max(4 * BLOCK as i32 * 2);
    let new = java::AUDIO_TRACK_NEW;
    let track = env.new_object(
        new.class,
        new.signature,
        &[
            JValue::Int(value::STREAM_MUSIC),
            format[0],
            format[1],
            format[2],
            JValue::Int(bytes),
            JValue::Int(value::MODE_STREAM),
        ],
    )?;
    env.new_global_ref(track)
}

/// `true` while the ringer is silent or on vibrate.
fn silenced(env: &mut JNIEnv, java: &Java) -> jni::errors::Result<bool> {
    let name = env.new_string("audio")?;
    let c = java::GET_SYSTEM_SERVICE;
    let manager = env
        .call_method(
            java.activity(),
            c.name,
            c.signature,
            &[JValue::Object(&name)],
        )?
        .l()?;
    if manager.is_null() {
        return Ok(false);
    }
    let c = java::GET_RINGER_MODE;
    let mode = env.call_method(&manager, c.name, c.signature, &[])?.i()?;
    env.delete_local_ref(manager)?;
    env.delete_local_ref(name)?;
    Ok(mode != value::RINGER_MODE_NORMAL)
}

/// The decor view's haptic feedback, on the UI thread (one short JNI call).
struct ViewHaptics {
    app: AndroidApp,
}

impl Haptics for ViewHaptics {
    fn feel(&self, haptic: Haptic) {
        let Some(java) = Java::of(&self.app) else {
            return;
        };
        let Ok(mut env) = java.vm.attach_current_thread() else {
            return;
        };
        let constant = match haptic {
            Haptic::Tick => value::CLOCK_TICK,
            Haptic::Strong => value::VIRTUAL_KEY,
        };
        let felt = env.with_local_frame(8, |env| -> jni::errors::Result<()> {
            let c = java::GET_WINDOW;
            let window = env
                .call_method(java.activity(), c.name, c.signature, &[])?
                .l()?;
            let c = java::GET_DECOR_VIEW;
            let decor = env.call_method(&window, c.name, c.signature, &[])?.l()?;
            let c = java::PERFORM_HAPTIC_FEEDBACK;
            env.call_method(&decor, c.name, c.signature, &[JValue::Int(constant)])?;
            Ok(())
        });
        if felt.is_err() && env.exception_check().unwrap_or(false) {
            let _ = env.exception_clear();
        }
    }
}
