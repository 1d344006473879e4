//! The engine's threads run below the UI: a search or a game's review lowers its own
//! thread's priority, so that a frame does not wait for a core the engine holds (Android's
//! `THREAD_PRIORITY_BACKGROUND`, nice 10; iOS's utility quality of service). The engine
//! still has every core the UI leaves idle, which is nearly all of the time.

/// The nice value of background work on Android (`Process.THREAD_PRIORITY_BACKGROUND`).
#[cfg(any(target_os = "linux", target_os = "android"))]
const BACKGROUND_NICE: i32 = 10;

/// Lowers the calling thread's priority below the UI's; never raises it. Best effort: where
/// the system refuses, the thread runs on as it was.
pub fn run_below_ui() {
    // On Linux and Android a nice value belongs to the thread (the kernel's task), so this
    // leaves the process's other threads, the UI's among them, as they are.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    // SAFETY: plain system calls on the calling thread's own id, no memory handed over.
    unsafe {
        let me = libc::gettid() as libc::id_t;
        if libc::getpriority(libc::PRIO_PROCESS, me) < BACKGROUND_NICE {
            libc::setpriority(libc::PRIO_PROCESS, me, BACKGROUND_NICE);
        }
    }
    #[cfg(any(target_os = "ios", target_os = "macos"))]
    // SAFETY: a plain call on the calling thread, no memory handed over.
    unsafe {
        libc::pthread_set_qos_class_self_np(libc::qos_class_t::QOS_CLASS_UTILITY, 0);
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// The calling thread's nice value.
    fn nice() -> i32 {
        // SAFETY: a plain system call on the calling thread's own id.
        unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) }
    }

    #[test]
    fn only_the_calling_thread_runs_below_the_ui() {
        let before = nice();
        let engine = std::thread::spawn(|| {
            run_below_ui();
            nice()
        })
        .join()
        .expect("thread");
        assert!(engine >= BACKGROUND_NICE, "engine thread at nice {engine}");
        assert_eq!(nice(), before, "the calling thread's priority changed too");
    }

    #[test]
    fn a_thread_already_lower_is_not_raised() {
        let after = std::thread::spawn(|| {
            // SAFETY: the calling thread's own id.
            unsafe {
                libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 15);
            }
            run_below_ui();
            nice()
        })
        .join()
        .expect("thread");
        assert_eq!(after, 15);
    }
}
