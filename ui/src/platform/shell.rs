//! What every phone platform shares: the queue through which other threads hand work to the
//! UI thread, and the app's side of the platform (back button, safe area).

use super::insets::Edges;
use crate::app::AppHandle;
use crate::{AppWindow, SafeArea};
use slint::platform::software_renderer::MinimalSoftwareWindow;
use slint::platform::{EventLoopProxy, Platform, WindowAdapter};
use slint::{ComponentHandle, EventLoopError, PlatformError};
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

type Task = Box<dyn FnOnce() + Send>;

/// Work for the UI thread (the AI's answers arrive this way) and the request to quit. `wake`
/// rouses the UI thread's event loop from any thread.
pub struct Queue {
    tasks: Mutex<VecDeque<Task>>,
    quit: AtomicBool,
    wake: Box<dyn Fn() + Send + Sync>,
}

impl Queue {
    /// A queue whose pushes call `wake`.
    pub fn new(wake: Box<dyn Fn() + Send + Sync>) -> Arc<Queue> {
        Arc::new(Queue {
            tasks: Mutex::new(VecDeque::new()),
            quit: AtomicBool::new(false),
            wake,
        })
    }

    /// The proxy Slint hands out (`invoke_from_event_loop`, `Weak::upgrade_in_event_loop`).
    pub fn proxy(self: &Arc<Queue>) -> Box<dyn EventLoopProxy> {
        Box::new(Proxy(self.clone()))
    }

    /// Runs what was handed in, in order, on the calling (UI) thread. Tasks pushed while it
    /// runs wait for the next call, so a task that pushes another never loops forever.
    pub fn run_pending(&self) {
        let tasks = std::mem::take(&mut *self.tasks.lock().unwrap_or_else(|e| e.into_inner()));
        for task in tasks {
            task();
        }
    }

    /// Whether the app asked to quit.
    pub fn quit_requested(&self) -> bool {
        self.quit.load(Ordering::Acquire)
    }
}

/// The Slint platform of a phone: its one window, its clock and its queue. The phone's own
/// module runs the event loop (`run_event_loop` is never Slint's to start).
pub struct PhonePlatform {
    window: Rc<MinimalSoftwareWindow>,
    queue: Arc<Queue>,
    start: Instant,
}

impl PhonePlatform {
    /// The platform for this window and queue; its clock starts now.
    pub fn new(window: Rc<MinimalSoftwareWindow>, queue: Arc<Queue>) -> PhonePlatform {
        PhonePlatform {
            window,
            queue,
            start: Instant::now(),
        }
    }

    /// Makes it this process's Slint platform.
    pub fn install(self) -> Result<(), PlatformError> {
        slint::platform::set_platform(Box::new(self))
            .map_err(|e| PlatformError::Other(e.to_string()))
    }
}

impl Platform for PhonePlatform {
    fn create_window_adapter(&self) -> Result<Rc<dyn WindowAdapter>, PlatformError> {
        Ok(self.window.clone())
    }

    fn duration_since_start(&self) -> Duration {
        self.start.elapsed()
    }

    fn new_event_loop_proxy(&self) -> Option<Box<dyn EventLoopProxy>> {
        Some(self.queue.proxy())
    }

    fn run_event_loop(&self) -> Result<(), PlatformError> {
        Err(PlatformError::Other(
            "a phone's event loop is run by its platform module".into(),
        ))
    }
}

struct Proxy(Arc<Queue>);

impl EventLoopProxy for Proxy {
    fn quit_event_loop(&self) -> Result<(), EventLoopError> {
        self.0.quit.store(true, Ordering::Release);
        (self.0.wake)();
        Ok(())
    }

    fn invoke_from_event_loop(
        &self,
        event: Box<dyn FnOnce() + Send>,
    ) -> Result<(), EventLoopError> {
        self.0
            .tasks
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push_back(event);
        (self.0.wake)();
        Ok(())
    }
}

/// The app as a platform sees it: its window and its saves.
#[derive(Clone)]
pub struct AppHooks {
    ui: slint::Weak<AppWindow>,
    app: std::rc::Weak<std::cell::RefCell<crate::app::App>>,
}

impl AppHooks {
    /// Hooks into this app.
    pub fn new(app: &AppHandle) -> AppHooks {
        AppHooks {
            ui: app.as_weak(),
            app: app.state(),
        }
    }

    /// Writes the pending saves now and waits for them (the app goes to the background).
    pub fn flush_saves(&self) {
        if let Some(app) = self.app.upgrade() {
            if let Ok(mut app) = app.try_borrow_mut() {
                app.flush_saves();
            }
        }
    }

    /// One screen back; false when there is none (Home), so the system may act.
    pub fn go_back(&self) -> bool {
        self.ui.upgrade().is_some_and(|ui| ui.invoke_go_back())
    }

    /// What the system asks for (no animations, a text size), read again by the platform
    /// whenever it may have changed. Skipped while the app is busy (a callback holds it):
    /// the next read brings it.
    pub fn set_system(&self, system: crate::store::System) {
        if let Some(app) = self.app.upgrade() {
            if let Ok(mut app) = app.try_borrow_mut() {
                app.set_system(system);
            }
        }
    }

    /// The edges the system covers, in logical pixels: the content keeps clear of them.
    pub fn set_safe_area(&self, e: Edges) {
        if let Some(ui) = self.ui.upgrade() {
            let area = ui.global::<SafeArea>();
            area.set_left(e.left);
            area.set_top(e.top);
            area.set_right(e.right);
            area.set_bottom(e.bottom);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn tasks_from_other_threads_run_in_order_on_the_ui_thread() {
        let wakes = Arc::new(AtomicUsize::new(0));
        let w = wakes.clone();
        let queue = Queue::new(Box::new(move || {
            w.fetch_add(1, Ordering::SeqCst);
        }));
        let proxy = queue.proxy();
        let seen = Arc::new(Mutex::new(Vec::new()));
        for i in 0..3 {
            let s = seen.clone();
            std::thread::scope(|scope| {
                scope.spawn(|| {
                    proxy
                        .invoke_from_event_loop(Box::new(move || s.lock().unwrap().push(i)))
                        .unwrap()
                });
            });
        }
        assert_eq!(wakes.load(Ordering::SeqCst), 3);
        assert!(
            seen.lock().unwrap().is_empty(),
            "nothing runs before the UI thread asks"
        );
        queue.run_pending();
        assert_eq!(*seen.lock().unwrap(), vec![0, 1, 2]);
        assert!(!queue.quit_requested());
        proxy.quit_event_loop().unwrap();
        assert!(queue.quit_requested());
        assert_eq!(wakes.load(Ordering::SeqCst), 4);
    }
}
