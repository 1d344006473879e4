//! The desktop and iOS entry point of Dama & Zamma.
//!
//! `dama-app` opens the window. `--smoke-test` shows the window, prints `window shown` once it
//! has been drawn, `first frame at unix-ns N` once Home has been drawn on the event
//! loop's first turn (the start-up benchmark reads it), and quits after a few seconds (CI runs it under Xvfb).

#[cfg(target_os = "ios")]
fn main() -> Result<(), slint::PlatformError> {
    dama_ui::platform::ios::run()
}

#[cfg(all(not(target_os = "ios"), not(feature = "desktop")))]
fn main() {
    // The phone feature set on a desktop OS: a library for size measurements, no window.
    eprintln!("dama-app was built without the `desktop` feature: it has no window to open");
    std::process::exit(2);
}

#[cfg(all(not(target_os = "ios"), feature = "desktop"))]
fn main() -> Result<(), slint::PlatformError> {
    use slint::ComponentHandle;
    let store = dama_ui::store::Store::new(dama_ui::store::Store::default_dir());
    if !std::env::args().any(|a| a == "--smoke-test") {
        return dama_ui::run(store);
    }
    let ui = dama_ui::app::create(store)?;
    ui.show()?;
    // Slint's winit backend has no rendering notifier with the software renderer: on the
    // event loop's first turn, Home is drawn once with the same renderer (as the first frame
    // is) and the wall clock is printed after it.
    let w = ui.as_weak();
    slint::Timer::single_shot(std::time::Duration::ZERO, move || {
        if let Some(ui) = w.upgrade() {
            if ui.window().take_snapshot().is_ok() {
                let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
                println!("first frame at unix-ns {}", now.map_or(0, |d| d.as_nanos()));
            }
        }
    });
    let timer = slint::Timer::default();
    let w = ui.as_weak();
    timer.start(
        slint::TimerMode::SingleShot,
        std::time::Duration::from_millis(500),
        move || {
            if let Some(ui) = w.upgrade() {
                let size = ui.window().size();
                println!("window shown {}x{}", size.width, size.height);
            }
        },
    );
    let quit = slint::Timer::default();
    let secs = if std::env::args().any(|a| a == "--quick") {
        1
    } else {
        4
    };
    quit.start(
        slint::TimerMode::SingleShot,
        std::time::Duration::from_secs(secs),
        || {
            let _ = slint::quit_event_loop();
        },
    );
    slint::run_event_loop()
}
