//! iOS: the app in winit's UIKit window, drawn by Slint's software renderer into our frame and
//! shown through softbuffer (CoreGraphics). No Skia, no GPU code of our own.
//!
//! The frame covers the whole screen; winit reports the safe area (notch, Dynamic Island,
//! home indicator) as the window's inner rectangle, which becomes the app's safe area.

use super::frame::{Frame, Rect};
use super::input::{Phase, Touches};
use super::insets::Edges;
use super::shell::{AppHooks, PhonePlatform, Queue};
use crate::store::Store;
use slint::platform::software_renderer::{MinimalSoftwareWindow, RepaintBufferType};
use slint::platform::{WindowAdapter, WindowEvent};
use slint::{ComponentHandle, PlatformError};
use std::num::NonZeroU32;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use winit::application::ApplicationHandler;
use winit::event::{TouchPhase, WindowEvent as Event};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::window::{Window, WindowId};

#[link(name = "UIKit", kind = "framework")]
extern "C" {
    /// UIKit/UIAccessibility.h (iOS 8): Settings → Accessibility → Motion → Reduce Motion.
    fn UIAccessibilityIsReduceMotionEnabled() -> objc2::runtime::Bool;
}

/// What iOS asks for: no animations under Reduce Motion (issue 50). The text size stays
/// the app's own setting: Dynamic Type is not read yet.
fn system() -> crate::store::System {
    // SAFETY: a plain C function of UIKit, called on the main thread.
    let still = unsafe { UIAccessibilityIsReduceMotionEnabled() }.as_bool();
    crate::store::System {
        reduce_motion: still,
        font_scale: None,
    }
}

fn other(e: impl std::fmt::Display) -> PlatformError {
    PlatformError::Other(e.to_string())
}

/// Runs the app; on iOS this returns only if the app could not start.
pub fn run() -> Result<(), PlatformError> {
    let event_loop = EventLoop::new().map_err(other)?;
    let proxy = Mutex::new(event_loop.create_proxy());
    let queue = Queue::new(Box::new(move || {
        if let Ok(p) = proxy.lock() {
            let _ = p.send_event(());
        }
    }));
    let window = MinimalSoftwareWindow::new(RepaintBufferType::ReusedBuffer);
    let presenter = super::ios_share::Presenter::default();
    PhonePlatform::new(window.clone(), queue.clone()).install()?;
    let ui = crate::app::create_with(
        Store::new(Store::default_dir()),
        super::ios_feedback::feedback(),
        super::ios_share::sharing(presenter.clone()),
    )?;
    ui.show()?;
    let mut phone = Phone {
        hooks: AppHooks::new(&ui),
        window,
        queue,
        frame: Frame::new(),
        native: None,
        presenter,
        touches: Touches::default(),
        scale: 1.0,
        voiceover: None,
    };
    event_loop.run_app(&mut phone).map_err(other)?;
    ui.hide()
}

type Surface = softbuffer::Surface<Rc<Window>, Rc<Window>>;

struct Phone {
    hooks: AppHooks,
    window: Rc<MinimalSoftwareWindow>,
    queue: Arc<Queue>,
    frame: Frame,
    native: Option<(Rc<Window>, Surface)>,
    /// The window again, for the share sheet to be presented over.
    presenter: super::ios_share::Presenter,
    touches: Touches,
    scale: f32,
    /// VoiceOver's adapter on winit's view.
    voiceover: Option<super::ios_voiceover::VoiceOver>,
}

impl Phone {
    /// Size, scale and safe area after a rotation or a change of the window.
    fn layout(&mut self) {
        let Some((w, surface)) = &mut self.native else {
            return;
        };
        let scale = w.scale_factor() as f32;
        if scale != self.scale {
            self.scale = scale;
            self.window.dispatch_event(WindowEvent::ScaleFactorChanged {
                scale_factor: scale,
            });
        }
        let full = w.outer_size();
        let (Some(fw), Some(fh)) = (NonZeroU32::new(full.width), NonZeroU32::new(full.height))
        else {
            return;
        };
        if surface.resize(fw, fh).is_err() {
            return;
        }
        self.frame
            .resize(&self.window, full.width as usize, full.height as usize);
        // The safe area is the inner rectangle, in screen coordinates like the outer one.
        let outer = w.outer_position().unwrap_or_default();
        let inner = w.inner_position().unwrap_or(outer);
        let size = w.inner_size();
        let (x, y) = (inner.x - outer.x, inner.y - outer.y);
        let visible = (x, y, x + size.width as i32, y + size.height as i32);
        let edges = Edges::around(full.width as f32, full.height as f32, visible);
        self.hooks.set_safe_area(edges.to_logical(self.scale));
        self.hooks.set_system(system());
    }

    /// Draws what changed and shows the frame.
    fn present(&mut self) {
        let Some((_, surface)) = &mut self.native else {
            return;
        };
        if self.frame.draw(&self.window).is_none() {
            return;
        }
        let (w, h) = self.frame.size();
        let Ok(mut buffer) = surface.buffer_mut() else {
            return;
        };
        // CoreGraphics keeps no earlier frame in the buffer, so the whole frame is copied;
        // the drawing itself stayed partial.
        self.frame.copy_xrgb(Rect::full(w, h), &mut buffer, w);
        if buffer.present().is_err() {
            self.frame.surface_lost();
        }
    }
}

impl ApplicationHandler for Phone {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        // Reduce Motion may have been turned while the app was away.
        self.hooks.set_system(system());
        if self.native.is_some() {
            return;
        }
        let Ok(window) = event_loop.create_window(Window::default_attributes()) else {
            event_loop.exit();
            return;
        };
        let window = Rc::new(window);
        // Before the view is first shown, as AccessKit's subclassing asks.
        let proxy = self.queue.proxy();
        let wake: Rc<dyn Fn()> = Rc::new(move || {
            let _ = proxy.invoke_from_event_loop(Box::new(|| ()));
        });
        self.voiceover = super::ios_voiceover::VoiceOver::attach(&window, wake);
        let surface = softbuffer::Context::new(window.clone())
            .and_then(|context| Surface::new(&context, window.clone()));
        match surface {
            Ok(surface) => {
                *self.presenter.borrow_mut() = Some(window.clone());
                self.native = Some((window, surface));
            }
            Err(_) => return event_loop.exit(),
        }
        self.frame.surface_lost();
        self.layout();
    }

    fn user_event(&mut self, _: &ActiveEventLoop, (): ()) {
        self.queue.run_pending();
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: Event) {
        match event {
            Event::Resized(_) | Event::ScaleFactorChanged { .. } => self.layout(),
            Event::Touch(t) => {
                let phase = match t.phase {
                    TouchPhase::Started => Phase::Down,
                    TouchPhase::Moved => Phase::Move,
                    TouchPhase::Ended => Phase::Up,
                    TouchPhase::Cancelled => Phase::Cancel,
                };
                let (x, y) = (t.location.x as f32, t.location.y as f32);
                if let Some(e) = self.touches.event(phase, t.id as i64, x, y, self.scale) {
                    self.window.dispatch_event(e);
                }
            }
            Event::RedrawRequested => {
                self.frame.surface_lost();
                self.present();
            }
            Event::CloseRequested | Event::Destroyed => event_loop.exit(),
            _ => {}
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        slint::platform::update_timers_and_animations();
        self.queue.run_pending();
        if self.queue.quit_requested() {
            return event_loop.exit();
        }
        // VoiceOver's actions first (drawn in this frame), then its tree's news.
        if let Some(v) = &mut self.voiceover {
            v.serve(self.window.window());
        }
        self.present();
        let next = if self.window.has_active_animations() {
            Some(Duration::from_millis(16))
        } else {
            slint::platform::duration_until_next_timer_update()
        };
        event_loop.set_control_flow(match next {
            Some(d) => ControlFlow::WaitUntil(Instant::now() + d),
            None => ControlFlow::Wait,
        });
    }
}
