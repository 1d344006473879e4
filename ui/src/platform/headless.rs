//! The phone platform without a screen: the same window, renderer and frame as on a phone,
//! with a clock the caller moves. The render benchmark and the frame tests draw the real app
//! through it on the host.

use super::frame::Frame;
use slint::platform::software_renderer::{
    MinimalSoftwareWindow, PremultipliedRgbaColor, RepaintBufferType,
};
use slint::platform::{Platform, WindowAdapter, WindowEvent};
use slint::PlatformError;
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

struct Headless {
    window: Rc<MinimalSoftwareWindow>,
    now: Rc<Cell<Duration>>,
}

impl Platform for Headless {
    fn create_window_adapter(&self) -> Result<Rc<dyn WindowAdapter>, PlatformError> {
        Ok(self.window.clone())
    }

    fn duration_since_start(&self) -> Duration {
        self.now.get()
    }

    fn run_event_loop(&self) -> Result<(), PlatformError> {
        Err(PlatformError::Other(
            "the headless platform has no event loop; step it".into(),
        ))
    }
}

/// The screenless phone: its window, frame and clock.
pub struct Screen {
    /// The Slint window the app is shown in.
    pub window: Rc<MinimalSoftwareWindow>,
    /// The frame the window is drawn into.
    pub frame: Frame,
    now: Rc<Cell<Duration>>,
}

impl Screen {
    /// Makes this process's Slint platform a `width` × `height` screen at `scale` (once per
    /// process, before any window exists).
    pub fn install(width: usize, height: usize, scale: f32) -> Result<Screen, PlatformError> {
        let window = MinimalSoftwareWindow::new(RepaintBufferType::ReusedBuffer);
        let now = Rc::new(Cell::new(Duration::ZERO));
        slint::platform::set_platform(Box::new(Headless {
            window: window.clone(),
            now: now.clone(),
        }))
        .map_err(|e| PlatformError::Other(e.to_string()))?;
        window.dispatch_event(WindowEvent::ScaleFactorChanged {
            scale_factor: scale,
        });
        let mut frame = Frame::new();
        frame.resize(&window, width, height);
        // The app's animations follow this clock too, not the machine's.
        crate::play::clock::follow_screenless(Duration::ZERO);
        Ok(Screen { window, frame, now })
    }

    /// Moves the clock on and runs the timers and animations that fall due.
    pub fn advance(&self, by: Duration) {
        self.now.set(self.now.get() + by);
        crate::play::clock::follow_screenless(self.now.get());
        slint::platform::update_timers_and_animations();
    }

    /// Draws what changed; the part of the frame a screen would be given.
    pub fn draw(&mut self) -> Option<super::frame::Rect> {
        self.frame.draw(&self.window)
    }

    /// Draws everything anew into a fresh buffer of the frame's size (the reference for
    /// partial frames, and the full repaint the benchmark times); `timed` gets the time the
    /// renderer took. The frame itself is left as it was.
    pub fn repaint_all(&self, timed: impl FnOnce(Duration)) -> Vec<PremultipliedRgbaColor> {
        let (w, h) = self.frame.size();
        // Written once before timing: a fresh zeroed allocation maps its pages only on first
        // write, which would time the kernel's page faults instead of the renderer (a phone's
        // window buffer is mapped already).
        let mut buffer = super::frame::filled(
            w * h,
            PremultipliedRgbaColor {
                red: 0,
                green: 0,
                blue: 0,
                alpha: 255,
            },
        );
        self.window.request_redraw();
        self.window.draw_if_needed(|r| {
            r.set_repaint_buffer_type(RepaintBufferType::NewBuffer);
            let t = std::time::Instant::now();
            r.render(&mut buffer, w);
            timed(t.elapsed());
            r.set_repaint_buffer_type(RepaintBufferType::ReusedBuffer);
        });
        buffer
    }
}
