//! Android: the app in a `NativeActivity`, drawn by Slint's software renderer into our frame
//! and shown through the NDK's window buffer lock. No Java code and no GPU.
//!
//! The loop (on the activity's native thread) waits for the system, a timer or a wake from
//! another thread, runs Slint's timers and queued work, draws what changed and copies only
//! that part to the screen. The window surface comes and goes with pause and resume; the
//! density gives the scale factor; the content rectangle and the window insets (status bar,
//! gesture bar, display cutout) give the safe area; the back button goes one screen back and
//! leaves the app from Home.

use super::android_talkback::TalkBack;
use super::frame::{Frame, Rect};
use super::input::{BackButton, Phase, Touches};
use super::insets::{safe_edges, scale_from_dpi, Edges};
use super::java_calls::{self as java, InsetsSource, JavaCall};
use super::lifecycle::{Event, Lifecycle, Reaction};
use super::shell::{AppHooks, PhonePlatform, Queue};
use crate::store::Store;
use android_activity::input::{InputEvent, KeyAction, Keycode, MotionAction};
use android_activity::ndk::hardware_buffer_format::HardwareBufferFormat;
use android_activity::ndk::native_window::NativeWindow;
use android_activity::{AndroidApp, InputStatus, MainEvent, PollEvent};
use slint::platform::software_renderer::{MinimalSoftwareWindow, RepaintBufferType};
use slint::platform::{WindowAdapter, WindowEvent};
use slint::{ComponentHandle, PlatformError};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

/// Runs the app in this activity until the activity is destroyed.
pub fn run(app: AndroidApp) -> Result<(), PlatformError> {
    let window = MinimalSoftwareWindow::new(RepaintBufferType::ReusedBuffer);
    let scale = scale_from_dpi(app.config().density());
    let waker = app.create_waker();
    let queue = Queue::new(Box::new(move || waker.wake()));
    PhonePlatform::new(window.clone(), queue.clone()).install()?;
    window.dispatch_event(WindowEvent::ScaleFactorChanged {
        scale_factor: scale,
    });

    let dir = app
        .internal_data_path()
        .unwrap_or_else(|| std::path::PathBuf::from("."));
    let ui = crate::app::create_with(
        Store::new(dir),
        super::android_feedback::feedback(&app),
        super::android_share::sharing(&app),
    )?;
    ui.show()?;
    let mut activity = Activity {
        hooks: AppHooks::new(&ui),
        app,
        window,
        queue,
        frame: Frame::new(),
        surface: None,
        scale,
        touches: Touches::default(),
        back: BackButton::default(),
        life: Lifecycle::new(),
        talkback: None,
    };
    activity.talkback = TalkBack::install(&activity.app);
    activity.run();
    ui.hide()
}

struct Activity {
    app: AndroidApp,
    window: Rc<MinimalSoftwareWindow>,
    queue: Arc<Queue>,
    hooks: AppHooks,
    frame: Frame,
    /// The window surface while the app is visible.
    surface: Option<NativeWindow>,
    scale: f32,
    touches: Touches,
    back: BackButton,
    life: Lifecycle,
    /// The screen reader's side, when the delegate class could be installed.
    talkback: Option<TalkBack>,
}

impl Activity {
    fn run(&mut self) {
        while !self.life.ended() && !self.queue.quit_requested() {
            slint::platform::update_timers_and_animations();
            // A screen reader's actions first (drawn in this frame), then its tree's news.
            if let Some(t) = &mut self.talkback {
                t.serve(self.window.window(), &self.app);
            }
            self.present();
            let timeout = if self.life.animates() && self.window.has_active_animations() {
                Some(Duration::from_millis(16))
            } else {
                slint::platform::duration_until_next_timer_update()
            };
            let app = self.app.clone();
            app.poll_events(timeout, |event| self.on_event(event));
            self.queue.run_pending();
        }
    }

    fn on_event(&mut self, event: PollEvent<'_>) {
        let PollEvent::Main(event) = event else {
            return;
        };
        let event = match event {
            MainEvent::InitWindow { .. } => Event::SurfaceCreated,
            MainEvent::TerminateWindow { .. } => Event::SurfaceDestroyed,
            MainEvent::RedrawNeeded { .. } => Event::RedrawNeeded,
            MainEvent::WindowResized { .. }
            | MainEvent::ContentRectChanged { .. }
            | MainEvent::ConfigChanged { .. }
            | MainEvent::InsetsChanged { .. } => Event::Resized,
            MainEvent::Resume { .. } => Event::Resumed,
            MainEvent::Pause => Event::Paused,
            MainEvent::SaveState { .. } => Event::SaveState,
            MainEvent::Stop => Event::Stopped,
            MainEvent::LostFocus => Event::LostFocus,
            MainEvent::Destroy => Event::Destroyed,
            MainEvent::InputAvailable => return self.input(),
            _ => return,
        };
        let reaction = self.life.on(event);
        self.react(reaction);
    }

    /// Carries out what the lifecycle decided.
    fn react(&mut self, r: Reaction) {
        if r.take_surface {
            self.surface = self.app.native_window();
            if let Some(s) = &self.surface {
                // Our frame's pixel layout; the size stays the window's own.
                let _ = s.set_buffers_geometry(0, 0, Some(HardwareBufferFormat::R8G8B8X8_UNORM));
            }
        }
        if r.drop_surface {
            self.surface = None;
        }
        if r.repaint_all {
            self.frame.surface_lost();
        }
        if r.layout {
            self.layout();
        }
        // A finger still down when the app loses focus or the screen never lifts for us.
        if r.cancel_touch && self.touches.pressed() {
            if let Some(e) = self.touches.event(Phase::Cancel, 0, 0.0, 0.0, self.scale) {
                self.window.dispatch_event(e);
            }
        }
        if r.flush_saves {
            self.hooks.flush_saves();
        }
    }

    /// Size, scale and safe area after any change of window, rotation or configuration.
    fn layout(&mut self) {
        let scale = scale_from_dpi(self.app.config().density());
        if scale != self.scale {
            self.scale = scale;
            self.window.dispatch_event(WindowEvent::ScaleFactorChanged {
                scale_factor: scale,
            });
        }
        if let Some(s) = &self.surface {
            let (w, h) = (s.width(), s.height());
            if w > 0 && h > 0 {
                self.frame.resize(&self.window, w as usize, h as usize);
            }
        }
        let (w, h) = self.frame.size();
        let (w, h) = (w as f32, h as f32);
        let c = self.app.content_rect();
        let content = Edges::around(w, h, (c.left, c.top, c.right, c.bottom));
        let sdk = self.app.config().sdk_version().max(0) as u32;
        let system = system_insets(&self.app, InsetsSource::for_sdk(sdk));
        let edges = safe_edges(sdk, w, h, content, system, self.scale);
        self.hooks.set_safe_area(edges.to_logical(self.scale));
        // The text size and "Remove animations" may have changed while the app was away
        // (a layout follows every return and every change of configuration).
        self.hooks
            .set_system(super::android_access::system(&self.app));
    }

    fn input(&mut self) {
        let app = self.app.clone();
        let Ok(mut events) = app.input_events_iter() else {
            return;
        };
        while events.next(|event| self.on_input(event)) {}
    }

    fn on_input(&mut self, event: &InputEvent<'_>) -> InputStatus {
        match event {
            InputEvent::MotionEvent(m) => {
                let phase = match m.action() {
                    MotionAction::Down | MotionAction::PointerDown => Phase::Down,
                    MotionAction::Move => Phase::Move,
                    MotionAction::Up | MotionAction::PointerUp => Phase::Up,
                    MotionAction::Cancel => Phase::Cancel,
                    // TalkBack's explore by touch: left to the view hierarchy, where the
                    // accessibility delegate's hover listener answers it.
                    MotionAction::HoverEnter
                    | MotionAction::HoverMove
                    | MotionAction::HoverExit => return InputStatus::Unhandled,
                    _ => return InputStatus::Unhandled,
                };
                // A move reports every finger (only the one that plays counts); the other
                // actions name the finger they are about.
                let fingers: Vec<(i32, f32, f32)> = if phase == Phase::Move {
                    m.pointers()
                        .map(|p| (p.pointer_id(), p.x(), p.y()))
                        .collect()
                } else {
                    let p = m.pointer_at_index(m.pointer_index());
                    vec![(p.pointer_id(), p.x(), p.y())]
                };
                for (id, x, y) in fingers {
                    if let Some(e) = self.touches.event(phase, id.into(), x, y, self.scale) {
                        self.window.dispatch_event(e);
                    }
                }
                InputStatus::Handled
            }
            InputEvent::KeyEvent(k) if k.key_code() == Keycode::Back => {
                let hooks = self.hooks.clone();
                let used = match k.action() {
                    KeyAction::Down => self.back.down(k.repeat_count() > 0, || hooks.go_back()),
                    KeyAction::Up => self.back.up(),
                    _ => false,
                };
                // Unhandled on Home: the system's back, which closes the activity.
                if used {
                    InputStatus::Handled
                } else {
                    InputStatus::Unhandled
                }
            }
            _ => InputStatus::Unhandled,
        }
    }

    /// Draws what changed and copies it to the window surface.
    fn present(&mut self) {
        let Some(surface) = &self.surface else { return };
        let Some(dirty) = self.frame.draw(&self.window) else {
            return;
        };
        let mut bounds = android_activity::ndk::native_window::Rect {
            left: dirty.x as i32,
            top: dirty.y as i32,
            right: (dirty.x + dirty.width) as i32,
            bottom: (dirty.y + dirty.height) as i32,
        };
        let Ok(mut buffer) = surface.lock(Some(&mut bounds)) else {
            self.frame.surface_lost();
            return;
        };
        // The system may widen the bounds (a buffer that does not hold the last frame): the
        // frame holds every pixel, so any part of it can be given.
        let (w, h) = self.frame.size();
        let edges = (
            bounds.left as i64,
            bounds.top as i64,
            bounds.right as i64,
            bounds.bottom as i64,
        );
        let area =
            Rect::clipped(edges, w.min(buffer.width()), h.min(buffer.height())).unwrap_or(dirty);
        let (stride, format) = (buffer.stride(), buffer.format());
        let Some(bytes) = buffer.bytes() else { return };
        match format {
            HardwareBufferFormat::R5G6B5_UNORM => self.frame.copy_rgb565(area, bytes, stride),
            _ => self.frame.copy_rgbx(area, bytes, stride),
        }
        // Dropping the lock posts the buffer.
    }
}

/// The window insets of the system bars and the display cutout, from the activity's decor
/// view, asked for as the device's release allows (every call is in [`java`]'s table, whose
/// host test checks its API level). `None` when Java says nothing usable.
fn system_insets(app: &AndroidApp, source: InsetsSource) -> Option<Edges> {
    use jni::objects::{JObject, JValue};
    use jni::JNIEnv;
    // SAFETY: android-activity hands out the process's JavaVM and the activity's global
    // reference; both live as long as the activity.
    let vm = unsafe { jni::JavaVM::from_raw(app.vm_as_ptr().cast()) }.ok()?;
    let mut env = vm.attach_current_thread().ok()?;
    let activity = unsafe { JObject::from_raw(app.activity_as_ptr().cast()) };
    let edges = env.with_local_frame(16, |env| -> jni::errors::Result<Option<Edges>> {
        let window = object(env, &activity, java::GET_WINDOW)?;
        let decor = object(env, &window, java::GET_DECOR_VIEW)?;
        let insets = object(env, &decor, java::GET_ROOT_WINDOW_INSETS)?;
        if insets.is_null() {
            return Ok(None);
        }
        match source {
            InsetsSource::Typed => {
                let kind = |env: &mut JNIEnv, c: JavaCall| {
                    env.call_static_method(c.class, c.name, c.signature, &[])?
                        .i()
                };
                let types =
                    kind(env, java::TYPE_SYSTEM_BARS)? | kind(env, java::TYPE_DISPLAY_CUTOUT)?;
                let c = java::GET_INSETS;
                let sides = env
                    .call_method(&insets, c.name, c.signature, &[JValue::Int(types)])?
                    .l()?;
                let mut side = |f: JavaCall| {
                    env.get_field(&sides, f.name, f.signature)
                        .and_then(|v| v.i())
                        .map(|v| v as f32)
                };
                let [l, t, r, b] = java::INSETS_FIELDS;
                Ok(Some(Edges::new(side(l)?, side(t)?, side(r)?, side(b)?)))
            }
            InsetsSource::SystemWindowAndCutout => {
                let bars = four(env, &insets, java::SYSTEM_WINDOW_INSETS)?;
                let cutout = object(env, &insets, java::GET_DISPLAY_CUTOUT)?;
                if cutout.is_null() {
                    return Ok(Some(bars));
                }
                Ok(Some(bars.max(four(
                    env,
                    &cutout,
                    java::CUTOUT_SAFE_INSETS,
                )?)))
            }
            InsetsSource::SystemWindow => Ok(Some(four(env, &insets, java::SYSTEM_WINDOW_INSETS)?)),
        }
    });
    if env.exception_check().unwrap_or(false) {
        let _ = env.exception_clear();
    }
    edges.ok().flatten()
}

/// A Java method of no arguments that returns an object.
fn object<'l>(
    env: &mut jni::JNIEnv<'l>,
    on: &jni::objects::JObject,
    c: JavaCall,
) -> jni::errors::Result<jni::objects::JObject<'l>> {
    env.call_method(on, c.name, c.signature, &[])?.l()
}

/// A Java method of no arguments that returns an int, as a length in pixels.
fn int(env: &mut jni::JNIEnv, on: &jni::objects::JObject, c: JavaCall) -> jni::errors::Result<f32> {
    Ok(env.call_method(on, c.name, c.signature, &[])?.i()? as f32)
}

/// Four such lengths: left, top, right, bottom.
fn four(
    env: &mut jni::JNIEnv,
    on: &jni::objects::JObject,
    calls: [JavaCall; 4],
) -> jni::errors::Result<Edges> {
    Ok(Edges::new(
        int(env, on, calls[0])?,
        int(env, on, calls[1])?,
        int(env, on, calls[2])?,
        int(env, on, calls[3])?,
    ))
}
