// The Slint app: the Rust crate `ui` is built with cargo-ndk into jniLibs for each ABI and
// started by Android's NativeActivity (android_main in ui/src/lib.rs). It draws with Slint's
// software renderer through its own platform (ui/src/platform/android.rs): only the NDK is
// needed, no Skia and no Java code.
import java.util.Properties

plugins {
    id("com.android.application")
}

// The app's identity and SDK levels, shared with scripts/android-apk.sh (one source).
val app = Properties().apply { rootDir.resolve("app.properties").inputStream().use { load(it) } }

val abis = listOf("arm64-v8a", "armeabi-v7a", "x86_64")
val workspace = rootDir.parentFile
val jniOut = layout.buildDirectory.dir("rust/jniLibs")

android {
    namespace = "app.damazamma"
    // 36: the SDK the manifest's android:enableOnBackInvokedCallback (API 33) and targetSdk 36 need.
    compileSdk = 36
    ndkVersion = "27.2.12479018"

    defaultConfig {
        applicationId = app.getProperty("applicationId")
        // Android 7.0; the safe area comes from the older inset calls before Android 11.
        minSdk = app.getProperty("minSdk").toInt()
        targetSdk = app.getProperty("targetSdk").toInt()
        versionCode = app.getProperty("versionCode").toInt()
        versionName = app.getProperty("versionName")
        manifestPlaceholders["libName"] = app.getProperty("libName")
        ndk { abiFilters += abis }
    }

    buildTypes {
        release {
            isMinifyEnabled = false
            // Sign with your own key for the stores; the debug key lets `assembleRelease`
            // produce an installable APK out of the box.
            signingConfig = signingConfigs.getByName("debug")
        }
    }

    sourceSets["main"].jniLibs.srcDir(jniOut)

    // The library stays stored in the APK and is mapped from there (extractNativeLibs=false).
    packaging {
        jniLibs.useLegacyPackaging = false
    }
}

// cargo ndk -t <abi>... -o <jniLibs> build --profile release-app -p dama-ui --lib --no-default-features
val cargoBuild by tasks.registering(Exec::class) {
    group = "rust"
    description = "Builds the Slint UI library for every ABI with cargo-ndk"
    workingDir = workspace
    val args = mutableListOf("cargo", "ndk", "--platform", app.getProperty("minSdk"))
    abis.forEach { args += listOf("-t", it) }
    args += listOf("-o", jniOut.get().asFile.absolutePath, "build", "--profile", "release-app", "-p", "dama-ui", "--lib", "--no-default-features")
    commandLine(args)
    // LOAD segments on 16 KB pages, and no unwind tables (frame pointers instead), as
    // scripts/android-apk.sh builds it (the flags in scripts/android/rustflags).
    val flags = File(workspace, "scripts/android/rustflags").readText().trim() +
        " -C link-arg=-Wl,-z,max-page-size=16384"
    environment("CARGO_TARGET_AARCH64_LINUX_ANDROID_RUSTFLAGS", flags)
    environment("CARGO_TARGET_X86_64_LINUX_ANDROID_RUSTFLAGS", flags)
    inputs.dir(File(workspace, "ui/src"))
    inputs.dir(File(workspace, "ui/ui"))
    inputs.dir(File(workspace, "core/src"))
    outputs.dir(jniOut)
}

tasks.named("preBuild") { dependsOn(cargoBuild) }

// The app is all Rust (the UI library holds the engine), so it does not depend on the
// `:bindings` module: that would put a second copy of the engine (libdama_ffi.so) in the APK.
// `:bindings` is the library for Kotlin apps that want the engine without the Slint UI.
