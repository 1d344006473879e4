//! The desktop and iOS entry point of Dama & Zamma.
//!
//! `dama-app` opens the window (`--help` lists the options; `--size 360x640` opens it at a
//! phone's size in logical pixels). `--smoke-test` shows the window, prints `window shown` once it
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

/// What `--help` prints.
#[cfg(any(test, all(not(target_os = "ios"), feature = "desktop")))]
const USAGE: &str = "\
Dama & Zamma: Turkish Dama and the Zamma family, against the computer or a friend.

Usage: dama-app [--size WIDTHxHEIGHT]

Options:
  --size WxH     open the window at W x H logical pixels, e.g. 360x640 (a small phone),
                 412x915 (a large one), 740x360 (landscape) or 800x1280 (a tablet);
                 each side 320 to 4000
  --help, -h     show this text
  --smoke-test   show the window, print when it is drawn, quit after 4 s (--quick: 1 s)

Games and settings are kept in ~/.local/share/dama-zamma (DAMA_DATA_DIR overrides).";

/// The smallest side `--size` takes: the window's own minimum (`min-width`, `min-height` in
/// `app.slint`), so the window opens at exactly the size asked for.
#[cfg(any(test, all(not(target_os = "ios"), feature = "desktop")))]
const MIN_SIDE: u32 = 320;

/// The desktop app's command line.
#[cfg(any(test, all(not(target_os = "ios"), feature = "desktop")))]
#[derive(Debug, Default, PartialEq)]
struct Args {
    help: bool,
    size: Option<(f32, f32)>,
    smoke_test: bool,
    quick: bool,
}

#[cfg(any(test, all(not(target_os = "ios"), feature = "desktop")))]
impl Args {
    /// The options after the program's name; an unknown one or a bad size is an error.
    fn parse(args: impl IntoIterator<Item = String>) -> Result<Args, String> {
        let mut a = Args::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--help" | "-h" => a.help = true,
                "--smoke-test" => a.smoke_test = true,
                "--quick" => a.quick = true,
                "--size" => {
                    let v = args.next().ok_or("--size needs a value such as 360x640")?;
                    a.size = Some(Self::size(&v)?);
                }
                s if s.starts_with("--size=") => a.size = Some(Self::size(&s[7..])?),
                other => return Err(format!("unknown option {other}")),
            }
        }
        Ok(a)
    }

    fn size(v: &str) -> Result<(f32, f32), String> {
        let bad =
            || format!("--size {v}: want WIDTHxHEIGHT, each {MIN_SIDE} to 4000, e.g. 360x640");
        let (w, h) = v.split_once(['x', 'X']).ok_or_else(bad)?;
        let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
        if !(MIN_SIDE..=4000).contains(&w) || !(MIN_SIDE..=4000).contains(&h) {
            return Err(bad());
        }
        Ok((w as f32, h as f32))
    }
}

#[cfg(all(not(target_os = "ios"), feature = "desktop"))]
fn main() -> Result<(), slint::PlatformError> {
    use slint::ComponentHandle;
    let args = match Args::parse(std::env::args().skip(1)) {
        Ok(a) if a.help => {
            // Not println!: a closed pipe (`dama-app --help | head`) is no reason to panic.
            use std::io::Write;
            let _ = writeln!(std::io::stdout(), "{USAGE}");
            return Ok(());
        }
        Ok(a) => a,
        Err(e) => {
            eprintln!("dama-app: {e}\n\n{USAGE}");
            std::process::exit(2);
        }
    };
    let store = dama_ui::store::Store::new(dama_ui::store::Store::default_dir());
    let ui = dama_ui::platform::desktop::create(store)?;
    if let Some((w, h)) = args.size {
        ui.window().set_size(slint::LogicalSize::new(w, h));
    }
    if !args.smoke_test {
        return ui.run();
    }
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
    let secs = if args.quick { 1 } else { 4 };
    quit.start(
        slint::TimerMode::SingleShot,
        std::time::Duration::from_secs(secs),
        || {
            let _ = slint::quit_event_loop();
        },
    );
    slint::run_event_loop()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Args, String> {
        Args::parse(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn help_and_sizes_are_read() {
        assert!(parse(&["--help"]).unwrap().help);
        assert!(parse(&["-h"]).unwrap().help);
        assert_eq!(
            parse(&["--size", "360x640"]).unwrap().size,
            Some((360.0, 640.0))
        );
        assert_eq!(
            parse(&["--size=740x360"]).unwrap().size,
            Some((740.0, 360.0))
        );
        assert_eq!(parse(&[]).unwrap(), Args::default());
        let smoke = parse(&["--smoke-test", "--quick"]).unwrap();
        assert!(smoke.smoke_test && smoke.quick);
        assert!(USAGE.contains("--size"));
    }

    #[test]
    fn bad_options_are_refused_with_a_reason() {
        assert!(parse(&["--sise", "1x1"])
            .unwrap_err()
            .contains("unknown option --sise"));
        assert!(parse(&["--size"]).unwrap_err().contains("needs a value"));
        assert_eq!(
            parse(&["--size", "320x320"]).unwrap().size,
            Some((320.0, 320.0)),
            "the smallest window"
        );
        for bad in ["360", "axb", "10x640", "319x640", "360x99999"] {
            assert!(
                parse(&["--size", bad])
                    .unwrap_err()
                    .contains("WIDTHxHEIGHT"),
                "{bad}"
            );
        }
    }
}
