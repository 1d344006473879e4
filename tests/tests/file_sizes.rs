//! No Rust file of the core or the FFI grows past what one reads in a sitting (issue 49;
//! `docs/architecture.md`). The app's own files are held to the same limit by
//! `ui/tests/architecture.rs`. The FFI's bindings are generated outside `ffi/src` (uniffi's
//! proc macros, `scripts/bindings.sh`), so every file here is written by hand.

use std::path::{Path, PathBuf};

/// The longest a Rust file in `core/src` or `ffi/src` may grow.
const MAX_LINES: usize = 500;

/// Every `.rs` file under `dir`, with its line count.
fn sources(dir: &Path, out: &mut Vec<(PathBuf, usize)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} is readable: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("a source file");
            out.push((path, text.lines().count()));
        }
    }
}

/// The files over `limit` lines among `core/src` and `ffi/src`, named from the workspace.
fn over(limit: usize) -> Vec<String> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ sits in the workspace");
    let mut files = Vec::new();
    for dir in ["core/src", "ffi/src"] {
        let before = files.len();
        sources(&workspace.join(dir), &mut files);
        // A moved or renamed folder must not make the guard pass on nothing.
        assert!(
            files.len() - before >= 5,
            "{dir}: only {} files",
            files.len() - before
        );
    }
    files
        .iter()
        .filter(|(_, lines)| *lines > limit)
        .map(|(path, lines)| {
            let name = path.strip_prefix(workspace).unwrap_or(path);
            format!("{} ({lines} lines)", name.display())
        })
        .collect()
}

#[test]
fn no_core_or_ffi_file_is_over_500_lines() {
    let long = over(MAX_LINES);
    assert!(long.is_empty(), "over {MAX_LINES} lines: {long:?}");
}
