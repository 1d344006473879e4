//! TalkBack (issue 50): the window's accessibility tree ([`super::accessibility`]) given to
//! Android through AccessKit's low-level Android `Adapter`, with our own delegate class
//! (`android/smali/…/AccessibilityDelegate.smali`, assembled into the APK's `classes.dex`).
//! AccessKit's `InjectingAdapter` is not used: it calls `View.getAccessibilityDelegate()`,
//! which exists only from API 29 (we support 24), and its embedded dex needs API 26.
//!
//! Two threads meet here. Android's UI thread asks the delegate for nodes, actions and hover
//! hits; it answers from the adapter's copy of the tree, under a lock. The app's own thread
//! (where Slint lives) builds the tree and its changes, and carries out the actions, which the
//! UI thread only queues. The tree is built only once a screen reader has asked for it, and is
//! dropped as soon as Android says no accessibility service is on: with none, nothing is
//! tracked and a frame costs what it did.
//!
//! The class is looked up through the activity's class loader (a natively attached thread
//! sees only the system's), once, and kept as a global reference; the delegate is installed
//! on the decor view (whose origin is the surface we draw) by a callback posted to the UI
//! thread. Hover events reach it because the native input queue leaves them unhandled.

use super::accessibility::TreeSource;
use super::java_calls as java;
use accesskit::{ActionHandler, ActionRequest, ActivationHandler, TreeUpdate};
use accesskit_android::{Adapter, PlatformAction, QueuedEvents};
use android_activity::AndroidApp;
use jni::objects::{GlobalRef, JClass, JObject, JValue};
use jni::sys::{jboolean, jfloat, jint, jlong, JNI_FALSE, JNI_TRUE};
use jni::{JNIEnv, JavaVM, NativeMethod};
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Mutex;

/// The delegate class, as the activity's class loader names it.
const CLASS: &str = "app.damazamma.a11y.AccessibilityDelegate";

/// What both threads share: the adapter, whether a screen reader asked for the tree, the
/// actions it asked for, and how to wake the app's loop.
struct Shared {
    adapter: Adapter,
    wanted: bool,
    actions: Vec<ActionRequest>,
    wake: Box<dyn Fn() + Send>,
}

static SHARED: Mutex<Option<Shared>> = Mutex::new(None);

/// Work posted to the UI thread, by handle.
type Callback = Box<dyn FnOnce(&mut JNIEnv, &JObject) + Send>;
static CALLBACKS: Mutex<Option<HashMap<jlong, Callback>>> = Mutex::new(None);
static NEXT_CALLBACK: AtomicI64 = AtomicI64::new(0);

fn shared<R>(f: impl FnOnce(&mut Shared) -> R) -> Option<R> {
    SHARED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_mut()
        .map(f)
}

/// A screen reader's first question: the tree is built on the app's thread, so the adapter
/// shows a placeholder until it arrives.
struct Activation<'a>(&'a mut bool, &'a dyn Fn());

impl ActivationHandler for Activation<'_> {
    fn request_initial_tree(&mut self) -> Option<TreeUpdate> {
        *self.0 = true;
        (self.1)();
        None
    }
}

/// Actions wait for the app's thread.
struct Actions<'a>(&'a mut Vec<ActionRequest>, &'a dyn Fn());

impl ActionHandler for Actions<'_> {
    fn do_action(&mut self, request: ActionRequest) {
        self.0.push(request);
        (self.1)();
    }
}

/// The app's side: the tree while a screen reader is on.
pub struct TalkBack {
    vm: JavaVM,
    class: GlobalRef,
    host: GlobalRef,
    manager: GlobalRef,
    source: Option<TreeSource>,
}

impl TalkBack {
    /// Loads the delegate class, registers its native methods and installs it on the decor
    /// view; `None` (and the app without a screen reader, as before) if any step fails, e.g.
    /// in a build without the class.
    pub fn install(app: &AndroidApp) -> Option<TalkBack> {
        // SAFETY: android-activity hands out the process's JavaVM and the activity's global
        // reference; both live as long as the activity.
        let vm = unsafe { JavaVM::from_raw(app.vm_as_ptr().cast()) }.ok()?;
        let activity = unsafe { JObject::from_raw(app.activity_as_ptr().cast()) };
        let mut env = vm.attach_current_thread().ok()?;
        let found = env.with_local_frame(16, |env| -> jni::errors::Result<_> {
            let loader = call_object(env, &activity, java::GET_CLASS_LOADER, &[])?;
            let name = env.new_string(CLASS)?;
            let class = call_object(env, &loader, java::LOAD_CLASS, &[(&name).into()])?;
            register(env, &JClass::from(env.new_local_ref(&class)?))?;
            let window = call_object(env, &activity, java::GET_WINDOW, &[])?;
            let host = call_object(env, &window, java::GET_DECOR_VIEW, &[])?;
            let service = env.new_string("accessibility")?;
            let manager = call_object(
                env,
                &activity,
                java::GET_SYSTEM_SERVICE,
                &[(&service).into()],
            )?;
            Ok((
                env.new_global_ref(class)?,
                env.new_global_ref(host)?,
                env.new_global_ref(manager)?,
            ))
        });
        let (class, host, manager) = match found {
            Ok(f) => f,
            Err(e) => {
                let _ = env.exception_clear();
                eprintln!("dama-app: no screen-reader support: {e}");
                return None;
            }
        };
        let waker = app.create_waker();
        *SHARED.lock().unwrap_or_else(|e| e.into_inner()) = Some(Shared {
            adapter: Adapter::default(),
            wanted: false,
            actions: Vec::new(),
            wake: Box::new(move || waker.wake()),
        });
        drop(env);
        let talkback = TalkBack {
            vm,
            class,
            host,
            manager,
            source: None,
        };
        let class = talkback.class.clone();
        let mut env = talkback.vm.attach_current_thread().ok()?;
        talkback.post(&mut env, move |env, host| {
            if install_delegate(env, &class, host).is_err() {
                let _ = env.exception_clear();
            }
        });
        drop(env);
        Some(talkback)
    }

    /// Once per turn of the app's loop: the actions asked for, then the tree's news.
    pub fn serve(&mut self, window: &slint::Window, app: &AndroidApp) {
        let (wanted, actions) =
            shared(|s| (s.wanted, std::mem::take(&mut s.actions))).unwrap_or_default();
        if let Some(source) = &self.source {
            for a in &actions {
                source.act(window, a);
            }
        }
        let update = match &mut self.source {
            None if wanted => {
                // Any change to what the tree read wakes the loop, which sends it.
                let waker = app.create_waker();
                let mut source = TreeSource::new(move || waker.wake());
                let update = source.full(window);
                self.source = Some(source);
                update
            }
            None => return,
            Some(source) => match source.changes(window) {
                Some(update) => update,
                None => return,
            },
        };
        // A change while no service is on any more: forget the tree (the next screen reader
        // asks again and gets a new one).
        if !self.service_on() {
            self.source = None;
            shared(|s| {
                s.adapter = Adapter::default();
                s.wanted = false;
            });
            return;
        }
        let events = shared(|s| s.adapter.update_if_active(|| update)).flatten();
        if let Some(events) = events {
            if let Ok(mut env) = self.vm.attach_current_thread() {
                self.post(&mut env, move |env, host| events.raise(env, host));
            }
        }
    }

    /// Whether an accessibility service is on (`AccessibilityManager.isEnabled()`).
    fn service_on(&self) -> bool {
        let Ok(mut env) = self.vm.attach_current_thread() else {
            return false;
        };
        let c = java::IS_ENABLED;
        let on = env
            .call_method(self.manager.as_obj(), c.name, c.signature, &[])
            .and_then(|v| v.z());
        on.unwrap_or_else(|_| {
            let _ = env.exception_clear();
            false
        })
    }

    /// Runs `work` on the UI thread (`View.post` of the delegate's callback).
    fn post(&self, env: &mut JNIEnv, work: impl FnOnce(&mut JNIEnv, &JObject) + Send + 'static) {
        let handle = NEXT_CALLBACK.fetch_add(1, Ordering::Relaxed);
        CALLBACKS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(HashMap::new)
            .insert(handle, Box::new(work));
        let posted = env.with_local_frame(8, |env| -> jni::errors::Result<()> {
            let class = JClass::from(env.new_local_ref(self.class.as_obj())?);
            let runnable = env
                .call_static_method(
                    &class,
                    "newCallback",
                    "(Landroid/view/View;J)Ljava/lang/Runnable;",
                    &[self.host.as_obj().into(), handle.into()],
                )?
                .l()?;
            let c = java::VIEW_POST;
            env.call_method(
                self.host.as_obj(),
                c.name,
                c.signature,
                &[(&runnable).into()],
            )?;
            Ok(())
        });
        if posted.is_err() {
            let _ = env.exception_clear();
        }
    }
}

/// The decor view's delegate and hover listener: one object of our class.
fn install_delegate(
    env: &mut JNIEnv,
    class: &GlobalRef,
    host: &JObject,
) -> jni::errors::Result<()> {
    let class = JClass::from(env.new_local_ref(class.as_obj())?);
    let delegate = env.new_object(&class, "(J)V", &[JValue::Long(0)])?;
    for c in [
        java::SET_ACCESSIBILITY_DELEGATE,
        java::SET_ON_HOVER_LISTENER,
    ] {
        env.call_method(host, c.name, c.signature, &[(&delegate).into()])?;
    }
    Ok(())
}

fn call_object<'l>(
    env: &mut JNIEnv<'l>,
    on: &JObject,
    c: java::JavaCall,
    args: &[JValue],
) -> jni::errors::Result<JObject<'l>> {
    env.call_method(on, c.name, c.signature, args)?.l()
}

/// The delegate's native methods, bound to the class the activity's loader gave.
fn register(env: &mut JNIEnv, class: &JClass) -> jni::errors::Result<()> {
    let method = |name: &str, sig: &str, f: *mut c_void| NativeMethod {
        name: name.into(),
        sig: sig.into(),
        fn_ptr: f,
    };
    env.register_native_methods(
        class,
        &[
            method(
                "runCallback",
                "(Landroid/view/View;J)V",
                run_callback as *mut c_void,
            ),
            method(
                "createAccessibilityNodeInfo",
                "(JLandroid/view/View;I)Landroid/view/accessibility/AccessibilityNodeInfo;",
                create_node_info as *mut c_void,
            ),
            method(
                "findFocus",
                "(JLandroid/view/View;I)Landroid/view/accessibility/AccessibilityNodeInfo;",
                find_focus as *mut c_void,
            ),
            method(
                "performAction",
                "(JLandroid/view/View;IILandroid/os/Bundle;)Z",
                perform_action as *mut c_void,
            ),
            method(
                "onHoverEvent",
                "(JLandroid/view/View;IFF)Z",
                on_hover_event as *mut c_void,
            ),
        ],
    )
}

extern "system" fn run_callback<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    host: JObject<'l>,
    handle: jlong,
) {
    let work = CALLBACKS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_mut()
        .and_then(|m| m.remove(&handle));
    if let Some(work) = work {
        work(&mut env, &host);
    }
}

extern "system" fn create_node_info<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    _handle: jlong,
    host: JObject<'l>,
    virtual_view_id: jint,
) -> JObject<'l> {
    let mut guard = SHARED.lock().unwrap_or_else(|e| e.into_inner());
    let Some(s) = guard.as_mut() else {
        return JObject::null();
    };
    let mut activation = Activation(&mut s.wanted, &*s.wake);
    s.adapter
        .create_accessibility_node_info(&mut activation, &mut env, &host, virtual_view_id)
}

extern "system" fn find_focus<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    _handle: jlong,
    host: JObject<'l>,
    focus_type: jint,
) -> JObject<'l> {
    let mut guard = SHARED.lock().unwrap_or_else(|e| e.into_inner());
    let Some(s) = guard.as_mut() else {
        return JObject::null();
    };
    let mut activation = Activation(&mut s.wanted, &*s.wake);
    s.adapter
        .find_focus(&mut activation, &mut env, &host, focus_type)
}

extern "system" fn perform_action<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    _handle: jlong,
    host: JObject<'l>,
    virtual_view_id: jint,
    action: jint,
    arguments: JObject<'l>,
) -> jboolean {
    let Some(action) = PlatformAction::from_java(&mut env, action, &arguments) else {
        return JNI_FALSE;
    };
    let events = shared(|s| {
        let mut actions = Actions(&mut s.actions, &*s.wake);
        s.adapter
            .perform_action(&mut actions, virtual_view_id, &action)
    })
    .flatten();
    raise(&mut env, &host, events)
}

extern "system" fn on_hover_event<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    _handle: jlong,
    host: JObject<'l>,
    action: jint,
    x: jfloat,
    y: jfloat,
) -> jboolean {
    let events = shared(|s| {
        let mut activation = Activation(&mut s.wanted, &*s.wake);
        s.adapter.on_hover_event(&mut activation, action, x, y)
    })
    .flatten();
    raise(&mut env, &host, events)
}

/// Raises the adapter's events (the lock released: the view calls back into us).
fn raise(env: &mut JNIEnv, host: &JObject, events: Option<QueuedEvents>) -> jboolean {
    match events {
        Some(e) => {
            e.raise(env, host);
            JNI_TRUE
        }
        None => JNI_FALSE,
    }
}
