//! The desktop (and iOS) entry point of Dama & Zamma.
//!
//! `dama-app` opens the window. `--smoke-test` shows the window, prints `window shown` once
//! it has been drawn and quits after a few seconds (CI runs it under Xvfb).

use slint::ComponentHandle;

fn main() -> Result<(), slint::PlatformError> {
    let store = dama_ui::store::Store::new(dama_ui::store::Store::default_dir());
    if std::env::args().any(|a| a == "--smoke-test") {
        let ui = dama_ui::app::create(store)?;
        ui.show()?;
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
        quit.start(
            slint::TimerMode::SingleShot,
            std::time::Duration::from_secs(4),
            || {
                let _ = slint::quit_event_loop();
            },
        );
        return slint::run_event_loop();
    }
    dama_ui::run(store)
}
