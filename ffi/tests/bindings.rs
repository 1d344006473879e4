//! The foreign-language tests of the bindings, run by `cargo test` as uniffi's own examples
//! run theirs: each test generates its language's bindings from the cdylib cargo has just
//! built, then compiles and runs the programs in `tests/bindings/` against that library. So
//! the Python, Kotlin and Swift tests cannot go stale beside an API that moved on.
//!
//! Python (with pytest) and Kotlin (kotlinc, JNA, JUnit 4) are required: a missing tool fails
//! the test and names how to install it (`scripts/test.sh` installs them all). Swift runs
//! where `swiftc` is on the PATH (ignored, and so counted by cargo, where it is not).
//!
//! uniffi's own `build_foreign_language_testcases!` runs bare scripts (no pytest, Kotlin
//! scripts instead of JUnit classes); this file keeps our pytest and JUnit tests and is as
//! small as that macro's runners.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (this crate is one level below it).
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("ffi/ has a parent")
        .to_path_buf()
}

/// The cdylib cargo built for this test run: beside the test in `target/<profile>/deps` (a
/// test build does not copy it up to `target/<profile>`, where an older one may lie).
fn cdylib() -> PathBuf {
    let exe = std::env::current_exe().expect("the test knows its path");
    let deps = exe.parent().expect("target/<profile>/deps");
    let lib = deps.join(format!(
        "{}dama_ffi{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    assert!(lib.exists(), "{} was not built", lib.display());
    lib
}

/// Generates `language`'s bindings into a fresh folder under cargo's scratch directory.
fn generate(language: uniffi::TargetLanguage, name: &str) -> PathBuf {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("bindings")
        .join(name);
    let _ = fs::remove_dir_all(&out);
    uniffi::generate(uniffi::GenerateOptions {
        languages: vec![language],
        source: cdylib().to_string_lossy().into_owned().into(),
        out_dir: out.to_string_lossy().into_owned().into(),
        // Every exported type lives in dama-ffi: no need to ask cargo about the dependencies.
        metadata_no_deps: true,
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("generating the {name} bindings: {e:#}"));
    out
}

/// Runs a command; on failure, panics with its output. Returns its standard output.
fn run(what: &str, command: &mut Command) -> String {
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start {command:?}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    print!("{stdout}");
    stdout
}

/// The first of `candidates` that exists.
fn first_existing(candidates: impl IntoIterator<Item = PathBuf>) -> Option<PathBuf> {
    candidates.into_iter().find(|p| p.exists())
}

/// Whether `program` is on the PATH.
fn on_path(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// The Kotlin and Swift in the repository are what uniffi generates from today's library (the
/// Android and iOS projects build from the committed files, not from a fresh generation).
#[test]
fn committed_kotlin_and_swift_are_current() {
    let stale = "is not what uniffi generates from today's library: run scripts/bindings.sh";
    let root = workspace();
    let kotlin = generate(uniffi::TargetLanguage::Kotlin, "kotlin-committed");
    let generated = "app/damazamma/core/dama_core.kt";
    let committed = root
        .join("android/bindings/src/main/kotlin")
        .join(generated);
    assert!(
        fs::read(kotlin.join(generated)).ok() == fs::read(&committed).ok(),
        "{} {stale}",
        committed.display()
    );
    let swift = generate(uniffi::TargetLanguage::Swift, "swift-committed");
    for (generated, committed) in [
        (
            "DamaCore.swift",
            "ios/DamaCore/Sources/DamaCore/DamaCore.swift",
        ),
        ("DamaCoreFFI.h", "ios/DamaCore/headers/DamaCoreFFI.h"),
        (
            "DamaCoreFFI.modulemap",
            "ios/DamaCore/headers/module.modulemap",
        ),
    ] {
        assert!(
            fs::read(swift.join(generated)).ok() == fs::read(root.join(committed)).ok(),
            "{committed} {stale}"
        );
    }
}

/// `tests/bindings/test_ffi.py` under pytest.
#[test]
fn python() {
    let root = workspace();
    let python = std::env::var_os("DAMA_PYTHON")
        .map(PathBuf::from)
        .or_else(|| first_existing([root.join("target/venv/bin/python")]))
        .unwrap_or_else(|| "python3".into());
    let has_pytest = Command::new(&python)
        .args(["-c", "import pytest"])
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        has_pytest,
        "{} has no pytest: `python3 -m venv target/venv && target/venv/bin/pip install pytest` \
         (scripts/test.sh does this), or name a Python in DAMA_PYTHON",
        python.display()
    );
    let out = generate(uniffi::TargetLanguage::Python, "python");
    // The generated module loads the library from its own folder.
    fs::copy(cdylib(), out.join(cdylib().file_name().expect("a file"))).expect("copy the cdylib");
    let summary = run(
        "pytest",
        Command::new(&python)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bindings/test_ffi.py"))
            .env("DAMA_PY_BINDINGS", &out),
    );
    assert!(
        passed(&summary, " passed") > 0 && !summary.contains("failed"),
        "pytest ran nothing or failed:\n{summary}"
    );
}

/// `tests/bindings/FfiTest.kt` and the Android project's device test `CoreTest.kt` (under
/// JUnit 4, with `tests/bindings/jvm/` standing in for AndroidX's runner), on the JVM.
#[test]
fn kotlin() {
    let root = workspace();
    let kotlinc = std::env::var_os("KOTLIN_HOME")
        .map(|home| PathBuf::from(home).join("node_modules/kotlin-compiler/bin/kotlinc"))
        .into_iter()
        .chain([root.join("target/tools/kotlin/node_modules/kotlin-compiler/bin/kotlinc")])
        .find(|p| p.exists())
        .or_else(|| on_path("kotlinc"))
        .expect("no kotlinc: `bash scripts/kotlin-tools.sh` installs npm's kotlin-compiler");
    let jar = |name: &str, package: &str| {
        let path = PathBuf::from("/usr/share/java").join(name);
        assert!(
            path.exists(),
            "{name} is missing (apt-get install {package})"
        );
        path
    };
    let jna = jar("jna.jar", "libjna-java");
    let junit = jar("junit4.jar", "junit4");
    let hamcrest = jar("hamcrest-core.jar", "junit4");
    let stdlib = kotlinc
        .parent()
        .and_then(Path::parent)
        .expect("kotlin-compiler/bin")
        .join("lib/kotlin-stdlib.jar");
    let classpath = |paths: &[&Path]| std::env::join_paths(paths).expect("a class path");

    let generated = generate(uniffi::TargetLanguage::Kotlin, "kotlin");
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bindings");
    let test_jar = generated.join("test.jar");
    // One compile for both programs: kotlinc's start-up is most of its time.
    run(
        "kotlinc",
        Command::new(&kotlinc)
            .arg("-nowarn")
            .arg("-cp")
            .arg(classpath(&[&jna, &junit]))
            .arg("-d")
            .arg(&test_jar)
            .arg(generated.join("app/damazamma/core/dama_core.kt"))
            .arg(here.join("FfiTest.kt"))
            .arg(here.join("jvm/AndroidJUnit4.kt"))
            .arg(
                root.join("android/bindings/src/androidTest/kotlin/app/damazamma/core/CoreTest.kt"),
            ),
    );
    let library_dir = cdylib().parent().expect("a folder").to_path_buf();
    let java = |main: &[&str]| {
        let mut command = Command::new("java");
        command
            .arg(format!("-Djna.library.path={}", library_dir.display()))
            .arg("-cp")
            .arg(classpath(&[&test_jar, &jna, &junit, &hamcrest, &stdlib]))
            .args(main);
        command
    };
    let ffi = run("FfiTest.kt", &mut java(&["FfiTestKt"]));
    assert!(
        passed(&ffi, " passed, 0 failed") > 0,
        "FfiTest.kt ran nothing or failed:\n{ffi}"
    );
    let device = run(
        "CoreTest.kt",
        &mut java(&["org.junit.runner.JUnitCore", "app.damazamma.core.CoreTest"]),
    );
    assert!(
        passed(&device, " test") > 0 && device.contains("OK ("),
        "CoreTest.kt ran nothing or failed:\n{device}"
    );
}

/// How many tests a runner's summary says passed: the number before `marker` ("12 passed,
/// 0 failed", pytest's "12 passed", JUnit's "OK (3 tests)"); 0 when there is none, so a
/// runner that ran nothing fails the check instead of passing it.
fn passed(summary: &str, marker: &str) -> usize {
    summary
        .match_indices(marker)
        .filter_map(|(i, _)| {
            let before = summary[..i].trim_end_matches(|c: char| !c.is_ascii_digit() && c != ' ');
            let digits: String = before
                .chars()
                .rev()
                .take_while(char::is_ascii_digit)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            digits.parse().ok()
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn a_summary_that_ran_nothing_counts_as_nothing_passed() {
    assert_eq!(passed("5 passed, 0 failed", " passed, 0 failed"), 5);
    assert_eq!(passed("0 passed, 0 failed", " passed, 0 failed"), 0);
    assert_eq!(passed("no tests ran in 0.01s", " passed"), 0);
    assert_eq!(passed("..... 12 passed in 0.3s", " passed"), 12);
    assert_eq!(passed("OK (3 tests)", " test"), 3);
    assert_eq!(passed("OK (0 tests)", " test"), 0);
}

/// `tests/bindings/main.swift`, where a Swift toolchain exists. Linux CI has none, so the
/// test is ignored there and cargo's summary counts it as such (never as passed);
/// `cargo test -p dama-ffi --test bindings -- --include-ignored swift` runs it where
/// `swiftc` is on the PATH (`scripts/test-swift.sh` brings one in a chroot; macOS CI runs
/// the package's XCTest).
#[test]
#[ignore = "needs swiftc on the PATH: run with --include-ignored where there is one"]
fn swift() {
    let swiftc = on_path("swiftc").expect("swiftc on the PATH");
    let out = generate(uniffi::TargetLanguage::Swift, "swift");
    fs::write(
        out.join("module.modulemap"),
        "module DamaCoreFFI {\n    header \"DamaCoreFFI.h\"\n    export *\n}\n",
    )
    .expect("write the module map");
    let program = out.join("test");
    let library_dir = cdylib().parent().expect("a folder").to_path_buf();
    run(
        "swiftc",
        Command::new(swiftc)
            .arg("-I")
            .arg(&out)
            .arg("-Xcc")
            .arg(format!(
                "-fmodule-map-file={}",
                out.join("module.modulemap").display()
            ))
            .arg("-L")
            .arg(&library_dir)
            .arg("-ldama_ffi")
            .arg(out.join("DamaCore.swift"))
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bindings/main.swift"))
            .arg("-o")
            .arg(&program),
    );
    let result = run(
        "main.swift",
        Command::new(&program).env("LD_LIBRARY_PATH", &library_dir),
    );
    assert!(
        passed(&result, " passed, 0 failed") > 0,
        "main.swift ran nothing or failed:\n{result}"
    );
}
