//! Android's clipboard and share sheet over JNI (every call in [`java`]'s table, all there
//! since Android 3.0): the `"clipboard"` service's `ClipboardManager` holds a plain-text
//! `ClipData`; the share sheet is `Intent.createChooser` over an `ACTION_SEND` of
//! `text/plain`. Each is one short call on the UI thread; any Java failure is cleared and
//! reported as [`Unavailable`] or `false`, never carried into the app.

use super::android_feedback::Java;
use super::java_calls::{self as java, value};
use crate::share::{Clipboard, ShareSheet, Sharing, Unavailable};
use android_activity::AndroidApp;
use jni::objects::{JObject, JValue};
use jni::JNIEnv;

/// The app's clipboard and share sheet on this device.
pub fn sharing(app: &AndroidApp) -> Sharing {
    Sharing {
        clipboard: Box::new(SystemClipboard { app: app.clone() }),
        sheet: Some(Box::new(Chooser { app: app.clone() })),
    }
}

/// Runs `f` with the activity in a local frame; a Java exception is cleared.
fn with_java<R>(
    app: &AndroidApp,
    f: impl FnOnce(&mut JNIEnv, &JObject<'static>) -> jni::errors::Result<R>,
) -> Option<R> {
    let java = Java::of(app)?;
    let mut env = java.vm.attach_current_thread().ok()?;
    let activity = java.activity();
    let done = env.with_local_frame(16, |env| f(env, &activity));
    if done.is_err() && env.exception_check().unwrap_or(false) {
        let _ = env.exception_clear();
    }
    done.ok()
}

/// The `ClipboardManager` service.
fn manager<'a>(env: &mut JNIEnv<'a>, activity: &JObject) -> jni::errors::Result<JObject<'a>> {
    let name = env.new_string("clipboard")?;
    let c = java::GET_SYSTEM_SERVICE;
    env.call_method(activity, c.name, c.signature, &[JValue::Object(&name)])?
        .l()
}

struct SystemClipboard {
    app: AndroidApp,
}

impl Clipboard for SystemClipboard {
    fn put(&self, text: &str) -> Result<(), Unavailable> {
        with_java(&self.app, |env, activity| {
            let manager = manager(env, activity)?;
            if manager.is_null() {
                return Ok(false);
            }
            let label = env.new_string("Dama & Zamma")?;
            let body = env.new_string(text)?;
            let c = java::CLIP_DATA_NEW_PLAIN_TEXT;
            let clip = env
                .call_static_method(
                    c.class,
                    c.name,
                    c.signature,
                    &[JValue::Object(&label), JValue::Object(&body)],
                )?
                .l()?;
            let c = java::SET_PRIMARY_CLIP;
            env.call_method(&manager, c.name, c.signature, &[JValue::Object(&clip)])?;
            Ok(true)
        })
        .filter(|&put| put)
        .map(|_| ())
        .ok_or(Unavailable)
    }

    fn text(&self) -> Result<Option<String>, Unavailable> {
        with_java(&self.app, |env, activity| {
            let manager = manager(env, activity)?;
            if manager.is_null() {
                return Ok(None);
            }
            let c = java::GET_PRIMARY_CLIP;
            let clip = env.call_method(&manager, c.name, c.signature, &[])?.l()?;
            if clip.is_null() {
                return Ok(Some(None));
            }
            let c = java::CLIP_ITEM_COUNT;
            if env.call_method(&clip, c.name, c.signature, &[])?.i()? < 1 {
                return Ok(Some(None));
            }
            let c = java::CLIP_ITEM_AT;
            let item = env
                .call_method(&clip, c.name, c.signature, &[JValue::Int(0)])?
                .l()?;
            let c = java::CLIP_ITEM_TEXT;
            let chars = env
                .call_method(&item, c.name, c.signature, &[JValue::Object(activity)])?
                .l()?;
            if chars.is_null() {
                return Ok(Some(None));
            }
            let c = java::TO_STRING;
            let string = env.call_method(&chars, c.name, c.signature, &[])?.l()?;
            let string = jni::objects::JString::from(string);
            let text: String = env.get_string(&string)?.into();
            Ok(Some(Some(text)))
        })
        .flatten()
        .ok_or(Unavailable)
    }
}

struct Chooser {
    app: AndroidApp,
}

impl ShareSheet for Chooser {
    fn share(&self, subject: &str, text: &str) -> bool {
        with_java(&self.app, |env, activity| {
            let action = env.new_string(value::ACTION_SEND)?;
            let c = java::INTENT_NEW;
            let intent = env.new_object(c.class, c.signature, &[JValue::Object(&action)])?;
            let kind = env.new_string("text/plain")?;
            let c = java::INTENT_SET_TYPE;
            env.call_method(&intent, c.name, c.signature, &[JValue::Object(&kind)])?;
            for (key, v) in [(value::EXTRA_SUBJECT, subject), (value::EXTRA_TEXT, text)] {
                let key = env.new_string(key)?;
                let v = env.new_string(v)?;
                let c = java::INTENT_PUT_EXTRA;
                env.call_method(
                    &intent,
                    c.name,
                    c.signature,
                    &[JValue::Object(&key), JValue::Object(&v)],
                )?;
            }
            let title = env.new_string(subject)?;
            let c = java::INTENT_CREATE_CHOOSER;
            let chooser = env
                .call_static_method(
                    c.class,
                    c.name,
                    c.signature,
                    &[JValue::Object(&intent), JValue::Object(&title)],
                )?
                .l()?;
            let c = java::START_ACTIVITY;
            env.call_method(activity, c.name, c.signature, &[JValue::Object(&chooser)])?;
            Ok(())
        })
        .is_some()
    }
}
