//! What Android asks for a player who needs it (issue 50 item 5): the system's text size
//! (`Configuration.fontScale`) and "Remove animations" (`Settings.Global`'s animator
//! duration scale at 0), read over JNI through the calls of [`java`]'s table. The reading
//! of the values is host-tested in `store::access`.

use super::java_calls as java;
use crate::store::{animations_removed, System};
use android_activity::AndroidApp;

/// The system's preferences now; the defaults (nothing asked) where Java answers nothing.
pub fn system(app: &AndroidApp) -> System {
    use jni::objects::{JObject, JString, JValue};
    // SAFETY: android-activity hands out the process's JavaVM and the activity's global
    // reference; both live as long as the activity.
    let Ok(vm) = (unsafe { jni::JavaVM::from_raw(app.vm_as_ptr().cast()) }) else {
        return System::default();
    };
    let Ok(mut env) = vm.attach_current_thread() else {
        return System::default();
    };
    let activity = unsafe { JObject::from_raw(app.activity_as_ptr().cast()) };
    let read = env.with_local_frame(8, |env| -> jni::errors::Result<System> {
        let resources = object(env, &activity, java::GET_RESOURCES)?;
        let config = object(env, &resources, java::GET_CONFIGURATION)?;
        let f = java::FONT_SCALE;
        let font_scale = env.get_field(&config, f.name, f.signature)?.f()?;
        let resolver = object(env, &activity, java::GET_CONTENT_RESOLVER)?;
        let name = env.new_string(java::ANIMATOR_DURATION_SCALE)?;
        let g = java::GLOBAL_GET_STRING;
        let value = env
            .call_static_method(
                g.class,
                g.name,
                g.signature,
                &[JValue::Object(&resolver), JValue::Object(&name)],
            )?
            .l()?;
        let value: Option<String> = if value.is_null() {
            None
        } else {
            Some(env.get_string(&JString::from(value))?.into())
        };
        Ok(System {
            reduce_motion: animations_removed(value.as_deref()),
            font_scale: Some(font_scale),
        })
    });
    if env.exception_check().unwrap_or(false) {
        let _ = env.exception_clear();
    }
    read.unwrap_or_default()
}

/// A Java method of no arguments that returns an object.
fn object<'l>(
    env: &mut jni::JNIEnv<'l>,
    on: &jni::objects::JObject,
    c: java::JavaCall,
) -> jni::errors::Result<jni::objects::JObject<'l>> {
    env.call_method(on, c.name, c.signature, &[])?.l()
}
