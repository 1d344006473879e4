// AGP 8.10: the first release that supports compileSdk 36 (targetSdk 36, Play's requirement
// since 2026-08-31); it runs on the wrapper's Gradle 8.11.1. Not built here (no SDK): CI
// builds the APK and the App Bundle with scripts/android-apk.sh from the same manifest,
// resources and android/app.properties.
plugins {
    id("com.android.application") version "8.10.1" apply false
    id("com.android.library") version "8.10.1" apply false
    id("org.jetbrains.kotlin.android") version "2.1.0" apply false
}
