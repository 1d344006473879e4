//! The Java calls' API levels, checked against the app's minimum.

use super::*;

/// The app's minimum API level (android/app.properties).
fn min_sdk() -> u32 {
    include_str!("../../../android/app.properties")
        .lines()
        .find_map(|l| l.strip_prefix("minSdk="))
        .and_then(|v| v.trim().parse().ok())
        .expect("android/app.properties names minSdk")
}

#[test]
fn every_java_call_exists_where_it_is_made() {
    let min = min_sdk();
    assert_eq!(min, 24, "the app supports Android 7.0 and up");
    for sdk in min..=36 {
        let source = InsetsSource::for_sdk(sdk);
        assert!(source.first_sdk() <= sdk);
        for c in source.calls() {
            assert!(
                c.since <= sdk,
                "{}.{} arrived at API {}, called on {sdk} ({source:?})",
                c.class,
                c.name,
                c.since
            );
        }
    }
}

/// The sound, the haptics, the clipboard, the share sheet, the accessibility reads and the
/// screen reader use no API newer than the app's minimum (no AAudio, no `VibrationEffect`):
/// the APK installs and sounds on Android 7.0.
#[test]
fn sound_and_haptics_exist_on_every_supported_release() {
    let min = min_sdk();
    for c in SOUND_AND_HAPTICS
        .iter()
        .chain(&CLIPBOARD_AND_SHARE)
        .chain(&SCREEN_READER)
        .chain(&ACCESS)
    {
        assert!(
            c.since <= min,
            "{}.{} arrived at API {}",
            c.class,
            c.name,
            c.since
        );
    }
}

#[test]
fn each_release_gets_the_richest_source_it_has() {
    assert_eq!(InsetsSource::for_sdk(24), InsetsSource::SystemWindow);
    assert_eq!(InsetsSource::for_sdk(27), InsetsSource::SystemWindow);
    assert_eq!(
        InsetsSource::for_sdk(28),
        InsetsSource::SystemWindowAndCutout
    );
    assert_eq!(
        InsetsSource::for_sdk(29),
        InsetsSource::SystemWindowAndCutout
    );
    assert_eq!(InsetsSource::for_sdk(30), InsetsSource::Typed);
    assert_eq!(InsetsSource::for_sdk(35), InsetsSource::Typed);
    assert_eq!(InsetsSource::for_sdk(36), InsetsSource::Typed);
    // The typed calls really are Android 11's: the table would catch them on 29.
    assert!(InsetsSource::Typed.calls().iter().any(|c| c.since == 30));
}
