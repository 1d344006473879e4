//! The shipped library's self-test (`dama_ui::selftest`, exported from the phone library as
//! `dama_ui_selftest`) run on the desktop: every step passes here too, and its frames are the
//! reference `scripts/android-bionic.sh` compares the bionic run's with, pixel for pixel.
//! Written to `target/selftest-desktop/` with Roboto, Android's font, as the phone root has it
//! (Debian's fonts-roboto-unhinted, which test.sh installs; `fonts.txt` says which fonts drew).

use std::path::{Path, PathBuf};

const ROBOTO: &str = "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF";

#[test]
fn the_self_test_passes_on_the_desktop_and_leaves_the_reference_frames() {
    let fonts = if Path::new(ROBOTO).is_dir() {
        std::env::set_var("SLINT_FONT_PATH", ROBOTO);
        ROBOTO
    } else {
        "the system's"
    };
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/selftest-desktop");
    std::fs::create_dir_all(&out).unwrap();
    let steps = dama_ui::selftest::run(&out, |s| println!("{s}"))
        .unwrap_or_else(|e| panic!("the self-test failed: {e}"));
    let names: Vec<_> = steps.iter().map(|s| s.name).collect();
    assert_eq!(
        names,
        [
            "platform",
            "home",
            "zamma",
            "turkish",
            "move and save",
            "reload and resume",
            "level-8 move on the worker thread"
        ]
    );
    for frame in ["home", "zamma", "turkish"] {
        let png = std::fs::read(out.join(format!("{frame}.png"))).unwrap();
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (1080, 2400));
        assert!(
            buf.chunks(3).any(|p| p != &buf[0..3]),
            "{frame} is one flat colour"
        );
    }
    std::fs::write(out.join("fonts.txt"), fonts).unwrap();
}
