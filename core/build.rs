//! With the `bundled` feature: the puzzle banks and the courses, deflated into `OUT_DIR`
//! (`dama_core::puzzle::bundled` and `dama_core::lesson::Course::bundled` inflate them).

use std::path::Path;

const FILES: [&str; 7] = [
    "puzzles/turkish.tsv",
    "puzzles/zamma.tsv",
    "puzzles/damma.tsv",
    "puzzles/fetaix.tsv",
    "puzzles/kharbaga.tsv",
    "lessons/turkish.json",
    "lessons/zamma.json",
];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_BUNDLED").is_none() {
        return;
    }
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for f in FILES {
        println!("cargo:rerun-if-changed={f}");
        let text = std::fs::read(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let packed = miniz_oxide::deflate::compress_to_vec(&text, 10);
        let name = f.replace('/', "-") + ".deflate";
        std::fs::write(Path::new(&out).join(name), packed).expect("written");
    }
}
