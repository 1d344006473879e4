//! The Java methods the Android platform calls through JNI, with the API level each arrived
//! at. The native side is proven by the link against the API-24 stubs; the Java side has no
//! linker, so every call is named here once, `android.rs` calls only what this table holds,
//! and a host test checks that each way of asking for the safe area stays within the levels
//! it is used on.

/// One Java method or field as JNI names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JavaCall {
    /// The class, in JNI's slash form.
    pub class: &'static str,
    /// The method or field name.
    pub name: &'static str,
    /// The JNI signature (a field's type for a field).
    pub signature: &'static str,
    /// The API level the method or field arrived at.
    pub since: u32,
}

const fn call(
    class: &'static str,
    name: &'static str,
    signature: &'static str,
    since: u32,
) -> JavaCall {
    JavaCall {
        class,
        name,
        signature,
        since,
    }
}

/// `Activity.getWindow()`.
pub const GET_WINDOW: JavaCall = call(
    "android/app/Activity",
    "getWindow",
    "()Landroid/view/Window;",
    1,
);
/// `Window.getDecorView()`.
pub const GET_DECOR_VIEW: JavaCall = call(
    "android/view/Window",
    "getDecorView",
    "()Landroid/view/View;",
    1,
);
// The screen reader's calls (android_talkback.rs): the activity's class loader, which
// finds our delegate class; the AccessibilityManager and whether any service is on; work
// posted to the UI thread; the decor view's delegate and hover listener.
const CONTEXT: &str = "android/content/Context";
const VIEW: &str = "android/view/View";
/// `Context.getClassLoader()`.
pub const GET_CLASS_LOADER: JavaCall =
    call(CONTEXT, "getClassLoader", "()Ljava/lang/ClassLoader;", 1);
/// `ClassLoader.loadClass(String)`.
pub const LOAD_CLASS: JavaCall = call(
    "java/lang/ClassLoader",
    "loadClass",
    "(Ljava/lang/String;)Ljava/lang/Class;",
    1,
);
/// `AccessibilityManager.isEnabled()`.
pub const IS_ENABLED: JavaCall = call(
    "android/view/accessibility/AccessibilityManager",
    "isEnabled",
    "()Z",
    4,
);
/// `View.post(Runnable)`.
pub const VIEW_POST: JavaCall = call(VIEW, "post", "(Ljava/lang/Runnable;)Z", 1);
/// `View.setAccessibilityDelegate(View.AccessibilityDelegate)`.
pub const SET_ACCESSIBILITY_DELEGATE: JavaCall = call(
    VIEW,
    "setAccessibilityDelegate",
    "(Landroid/view/View$AccessibilityDelegate;)V",
    14,
);
/// `View.setOnHoverListener(View.OnHoverListener)`.
pub const SET_ON_HOVER_LISTENER: JavaCall = call(
    VIEW,
    "setOnHoverListener",
    "(Landroid/view/View$OnHoverListener;)V",
    14,
);
/// All of them.
pub const SCREEN_READER: [JavaCall; 7] = [
    GET_CLASS_LOADER,
    LOAD_CLASS,
    GET_SYSTEM_SERVICE,
    IS_ENABLED,
    VIEW_POST,
    SET_ACCESSIBILITY_DELEGATE,
    SET_ON_HOVER_LISTENER,
];

/// `View.getRootWindowInsets()`.
pub const GET_ROOT_WINDOW_INSETS: JavaCall = call(
    "android/view/View",
    "getRootWindowInsets",
    "()Landroid/view/WindowInsets;",
    23,
);

/// `WindowInsets.Type.systemBars()`.
pub const TYPE_SYSTEM_BARS: JavaCall =
    call("android/view/WindowInsets$Type", "systemBars", "()I", 30);
/// `WindowInsets.Type.displayCutout()`.
pub const TYPE_DISPLAY_CUTOUT: JavaCall =
    call("android/view/WindowInsets$Type", "displayCutout", "()I", 30);
/// `WindowInsets.getInsets(int)`.
pub const GET_INSETS: JavaCall = call(
    "android/view/WindowInsets",
    "getInsets",
    "(I)Landroid/graphics/Insets;",
    30,
);
/// The fields of `android.graphics.Insets`.
pub const INSETS_FIELDS: [JavaCall; 4] = [
    call("android/graphics/Insets", "left", "I", 29),
    call("android/graphics/Insets", "top", "I", 29),
    call("android/graphics/Insets", "right", "I", 29),
    call("android/graphics/Insets", "bottom", "I", 29),
];

/// `WindowInsets.getSystemWindowInset{Left,Top,Right,Bottom}()` (deprecated in 30).
pub const SYSTEM_WINDOW_INSETS: [JavaCall; 4] = [
    call(
        "android/view/WindowInsets",
        "getSystemWindowInsetLeft",
        "()I",
        20,
    ),
    call(
        "android/view/WindowInsets",
        "getSystemWindowInsetTop",
        "()I",
        20,
    ),
    call(
        "android/view/WindowInsets",
        "getSystemWindowInsetRight",
        "()I",
        20,
    ),
    call(
        "android/view/WindowInsets",
        "getSystemWindowInsetBottom",
        "()I",
        20,
    ),
];
/// `WindowInsets.getDisplayCutout()`.
pub const GET_DISPLAY_CUTOUT: JavaCall = call(
    "android/view/WindowInsets",
    "getDisplayCutout",
    "()Landroid/view/DisplayCutout;",
    28,
);
/// `DisplayCutout.getSafeInset{Left,Top,Right,Bottom}()`.
pub const CUTOUT_SAFE_INSETS: [JavaCall; 4] = [
    call("android/view/DisplayCutout", "getSafeInsetLeft", "()I", 28),
    call("android/view/DisplayCutout", "getSafeInsetTop", "()I", 28),
    call("android/view/DisplayCutout", "getSafeInsetRight", "()I", 28),
    call(
        "android/view/DisplayCutout",
        "getSafeInsetBottom",
        "()I",
        28,
    ),
];

/// `new AudioTrack(streamType, sampleRate, channelConfig, audioFormat, bufferSize, mode)`.
pub const AUDIO_TRACK_NEW: JavaCall = call("android/media/AudioTrack", "<init>", "(IIIIII)V", 3);
/// `AudioTrack.getMinBufferSize(sampleRate, channelConfig, audioFormat)` (static).
pub const AUDIO_TRACK_MIN_BUFFER: JavaCall =
    call("android/media/AudioTrack", "getMinBufferSize", "(III)I", 3);
/// `AudioTrack.play()`.
pub const AUDIO_TRACK_PLAY: JavaCall = call("android/media/AudioTrack", "play", "()V", 3);
/// `AudioTrack.stop()`: in streaming mode, after what was written has played.
pub const AUDIO_TRACK_STOP: JavaCall = call("android/media/AudioTrack", "stop", "()V", 3);
/// `AudioTrack.write(short[], offset, count)`: blocks until the samples are queued.
pub const AUDIO_TRACK_WRITE: JavaCall = call("android/media/AudioTrack", "write", "([SII)I", 3);
/// `Context.getSystemService(String)` (`"audio"`: the `AudioManager`; `"accessibility"`).
pub const GET_SYSTEM_SERVICE: JavaCall = call(
    "android/content/Context",
    "getSystemService",
    "(Ljava/lang/String;)Ljava/lang/Object;",
    1,
);
/// `AudioManager.getRingerMode()`: silent and vibrate modes keep the game quiet.
pub const GET_RINGER_MODE: JavaCall = call("android/media/AudioManager", "getRingerMode", "()I", 1);
/// `View.performHapticFeedback(int)`: the system's own touch feedback (no permission,
/// and off where the user turned touch feedback off).
pub const PERFORM_HAPTIC_FEEDBACK: JavaCall =
    call("android/view/View", "performHapticFeedback", "(I)Z", 3);
/// `HapticFeedbackConstants.CLOCK_TICK`: a piece lands.
pub const HAPTIC_CLOCK_TICK: JavaCall = call(
    "android/view/HapticFeedbackConstants",
    "CLOCK_TICK",
    "I",
    21,
);
/// `HapticFeedbackConstants.VIRTUAL_KEY`: a capture lands.
pub const HAPTIC_VIRTUAL_KEY: JavaCall = call(
    "android/view/HapticFeedbackConstants",
    "VIRTUAL_KEY",
    "I",
    5,
);

/// The values of the constants above (fixed by the platform's API).
pub mod value {
    /// `AudioManager.STREAM_MUSIC`.
    pub const STREAM_MUSIC: i32 = 3;
    /// `AudioFormat.CHANNEL_OUT_MONO`.
    pub const CHANNEL_OUT_MONO: i32 = 4;
    /// `AudioFormat.ENCODING_PCM_16BIT`.
    pub const ENCODING_PCM_16BIT: i32 = 2;
    /// `AudioTrack.MODE_STREAM`.
    pub const MODE_STREAM: i32 = 1;
    /// `AudioManager.RINGER_MODE_NORMAL`.
    pub const RINGER_MODE_NORMAL: i32 = 2;
    /// `HapticFeedbackConstants.CLOCK_TICK`.
    pub const CLOCK_TICK: i32 = 4;
    /// `HapticFeedbackConstants.VIRTUAL_KEY`.
    pub const VIRTUAL_KEY: i32 = 1;
    /// `Intent.ACTION_SEND`.
    pub const ACTION_SEND: &str = "android.intent.action.SEND";
    /// `Intent.EXTRA_TEXT`.
    pub const EXTRA_TEXT: &str = "android.intent.extra.TEXT";
    /// `Intent.EXTRA_SUBJECT`.
    pub const EXTRA_SUBJECT: &str = "android.intent.extra.SUBJECT";
}

/// Every call of the sound and the haptics, made on every release the app runs on.
pub const SOUND_AND_HAPTICS: [JavaCall; 12] = [
    AUDIO_TRACK_NEW,
    AUDIO_TRACK_MIN_BUFFER,
    AUDIO_TRACK_PLAY,
    AUDIO_TRACK_STOP,
    AUDIO_TRACK_WRITE,
    GET_SYSTEM_SERVICE,
    GET_RINGER_MODE,
    GET_WINDOW,
    GET_DECOR_VIEW,
    PERFORM_HAPTIC_FEEDBACK,
    HAPTIC_CLOCK_TICK,
    HAPTIC_VIRTUAL_KEY,
];

/// `ClipData.newPlainText(label, text)`.
pub const CLIP_DATA_NEW_PLAIN_TEXT: JavaCall = call(
    "android/content/ClipData",
    "newPlainText",
    "(Ljava/lang/CharSequence;Ljava/lang/CharSequence;)Landroid/content/ClipData;",
    11,
);
/// `ClipboardManager.setPrimaryClip(ClipData)` (the service `"clipboard"`).
pub const SET_PRIMARY_CLIP: JavaCall = call(
    "android/content/ClipboardManager",
    "setPrimaryClip",
    "(Landroid/content/ClipData;)V",
    11,
);
/// `ClipboardManager.getPrimaryClip()`.
pub const GET_PRIMARY_CLIP: JavaCall = call(
    "android/content/ClipboardManager",
    "getPrimaryClip",
    "()Landroid/content/ClipData;",
    11,
);
/// `ClipData.getItemCount()`.
pub const CLIP_ITEM_COUNT: JavaCall = call("android/content/ClipData", "getItemCount", "()I", 11);
/// `ClipData.getItemAt(int)`.
pub const CLIP_ITEM_AT: JavaCall = call(
    "android/content/ClipData",
    "getItemAt",
    "(I)Landroid/content/ClipData$Item;",
    11,
);
/// `ClipData.Item.coerceToText(Context)`: the item as text, whatever it holds.
pub const CLIP_ITEM_TEXT: JavaCall = call(
    "android/content/ClipData$Item",
    "coerceToText",
    "(Landroid/content/Context;)Ljava/lang/CharSequence;",
    11,
);
/// `Object.toString()` (of the item's `CharSequence`).
pub const TO_STRING: JavaCall = call("java/lang/Object", "toString", "()Ljava/lang/String;", 1);
/// `new Intent(String action)` (`ACTION_SEND`).
pub const INTENT_NEW: JavaCall = call(
    "android/content/Intent",
    "<init>",
    "(Ljava/lang/String;)V",
    1,
);
/// `Intent.setType(String)`.
pub const INTENT_SET_TYPE: JavaCall = call(
    "android/content/Intent",
    "setType",
    "(Ljava/lang/String;)Landroid/content/Intent;",
    1,
);
/// `Intent.putExtra(String, String)` (`EXTRA_TEXT`, `EXTRA_SUBJECT`).
pub const INTENT_PUT_EXTRA: JavaCall = call(
    "android/content/Intent",
    "putExtra",
    "(Ljava/lang/String;Ljava/lang/String;)Landroid/content/Intent;",
    1,
);
/// `Intent.createChooser(Intent, CharSequence)`: the system's share sheet.
pub const INTENT_CREATE_CHOOSER: JavaCall = call(
    "android/content/Intent",
    "createChooser",
    "(Landroid/content/Intent;Ljava/lang/CharSequence;)Landroid/content/Intent;",
    1,
);
/// `Context.startActivity(Intent)`.
pub const START_ACTIVITY: JavaCall = call(
    "android/content/Context",
    "startActivity",
    "(Landroid/content/Intent;)V",
    1,
);

/// Every call of the clipboard and the share sheet.
pub const CLIPBOARD_AND_SHARE: [JavaCall; 13] = [
    GET_SYSTEM_SERVICE,
    CLIP_DATA_NEW_PLAIN_TEXT,
    SET_PRIMARY_CLIP,
    GET_PRIMARY_CLIP,
    CLIP_ITEM_COUNT,
    CLIP_ITEM_AT,
    CLIP_ITEM_TEXT,
    TO_STRING,
    INTENT_NEW,
    INTENT_SET_TYPE,
    INTENT_PUT_EXTRA,
    INTENT_CREATE_CHOOSER,
    START_ACTIVITY,
];

/// `Context.getContentResolver()`.
pub const GET_CONTENT_RESOLVER: JavaCall = call(
    "android/content/Context",
    "getContentResolver",
    "()Landroid/content/ContentResolver;",
    1,
);
/// `Settings.Global.getString(ContentResolver, String)` (static; `null` when unset).
pub const GLOBAL_GET_STRING: JavaCall = call(
    "android/provider/Settings$Global",
    "getString",
    "(Landroid/content/ContentResolver;Ljava/lang/String;)Ljava/lang/String;",
    17,
);
/// `Context.getResources()`.
pub const GET_RESOURCES: JavaCall = call(
    "android/content/Context",
    "getResources",
    "()Landroid/content/res/Resources;",
    1,
);
/// `Resources.getConfiguration()`.
pub const GET_CONFIGURATION: JavaCall = call(
    "android/content/res/Resources",
    "getConfiguration",
    "()Landroid/content/res/Configuration;",
    1,
);
/// `Configuration.fontScale`: the system's text size (1 normal; up to 2 on Android 14).
pub const FONT_SCALE: JavaCall = call("android/content/res/Configuration", "fontScale", "F", 1);
/// `Settings.Global.ANIMATOR_DURATION_SCALE`'s name: 0 is "Remove animations".
pub const ANIMATOR_DURATION_SCALE: &str = "animator_duration_scale";

/// Every call that reads what the system asks for (issue 50: text size, no animations).
pub const ACCESS: [JavaCall; 5] = [
    GET_CONTENT_RESOLVER,
    GLOBAL_GET_STRING,
    GET_RESOURCES,
    GET_CONFIGURATION,
    FONT_SCALE,
];

/// How the safe area is asked for on a given Android release.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InsetsSource {
    /// Android 11+: the typed insets of the system bars and the cutout.
    Typed,
    /// Android 9 and 10: the system window insets and the cutout's safe insets.
    SystemWindowAndCutout,
    /// Android 7 and 8: the system window insets (no cutout API; the content rectangle
    /// covers what is left).
    SystemWindow,
}

impl InsetsSource {
    /// The source for the device's API level (`AConfiguration_getSdkVersion`).
    pub fn for_sdk(sdk: u32) -> InsetsSource {
        match sdk {
            30.. => InsetsSource::Typed,
            28..=29 => InsetsSource::SystemWindowAndCutout,
            _ => InsetsSource::SystemWindow,
        }
    }

    /// The lowest API level this source is used on.
    pub fn first_sdk(self) -> u32 {
        match self {
            InsetsSource::Typed => 30,
            InsetsSource::SystemWindowAndCutout => 28,
            InsetsSource::SystemWindow => 0,
        }
    }

    /// Every Java call this source makes, in order.
    pub fn calls(self) -> Vec<JavaCall> {
        let mut calls = vec![GET_WINDOW, GET_DECOR_VIEW, GET_ROOT_WINDOW_INSETS];
        match self {
            InsetsSource::Typed => {
                calls.extend([TYPE_SYSTEM_BARS, TYPE_DISPLAY_CUTOUT, GET_INSETS]);
                calls.extend(INSETS_FIELDS);
            }
            InsetsSource::SystemWindowAndCutout => {
                calls.extend(SYSTEM_WINDOW_INSETS);
                calls.push(GET_DISPLAY_CUTOUT);
                calls.extend(CUTOUT_SAFE_INSETS);
            }
            InsetsSource::SystemWindow => calls.extend(SYSTEM_WINDOW_INSETS),
        }
        calls
    }
}

#[cfg(test)]
#[path = "java_calls_tests.rs"]
mod tests;
