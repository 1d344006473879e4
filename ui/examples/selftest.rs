//! The library's self-test on the desktop: the reference frames `scripts/android-bionic.sh`
//! compares the bionic run's with (the same steps, the same headless phone frame).
//!
//!     cargo run -p dama-ui --example selftest -- OUT_DIR

fn main() {
    let Some(out) = std::env::args().nth(1) else {
        eprintln!("usage: selftest OUT_DIR");
        std::process::exit(2);
    };
    let print = |s: &dama_ui::selftest::Step| {
        println!(
            "selftest: {} {:.0} ms: {}",
            s.name,
            s.time.as_secs_f64() * 1000.0,
            s.detail
        )
    };
    if let Err(e) = dama_ui::selftest::run(std::path::Path::new(&out), print) {
        println!("selftest: FAILED: {e}");
        std::process::exit(1);
    }
}
