//! The data that comes with the app (feature `bundled`): the puzzle banks and the courses,
//! deflated by `build.rs` (the phone library is stored uncompressed in the APK, so their
//! text would cost its full size there) and inflated once, on first use.

use once_cell::sync::Lazy;

fn inflate(packed: &[u8]) -> String {
    // Written by build.rs from the repository's files: a failure here is a broken build,
    // which the app's tests would show as an empty bank or course.
    miniz_oxide::inflate::decompress_to_vec(packed)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .unwrap_or_default()
}

macro_rules! bundled {
    ($name:ident, $file:literal) => {
        pub(crate) static $name: Lazy<String> =
            Lazy::new(|| inflate(include_bytes!(concat!(env!("OUT_DIR"), "/", $file))));
    };
}

bundled!(PUZZLES_TURKISH, "puzzles-turkish.tsv.deflate");
bundled!(PUZZLES_ZAMMA, "puzzles-zamma.tsv.deflate");
bundled!(PUZZLES_DAMMA, "puzzles-damma.tsv.deflate");
bundled!(PUZZLES_FETAIX, "puzzles-fetaix.tsv.deflate");
bundled!(PUZZLES_KHARBAGA, "puzzles-kharbaga.tsv.deflate");
bundled!(LESSONS_TURKISH, "lessons-turkish.json.deflate");
bundled!(LESSONS_ZAMMA, "lessons-zamma.json.deflate");
