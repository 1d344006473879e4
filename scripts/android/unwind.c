/*
 * The `-lunwind` that Rust's std for Android asks for, in an app built with panic=abort.
 *
 * Nothing unwinds in such an app: a panic aborts, and Android's debuggerd writes the
 * crash's native backtrace (tombstone, logcat) from outside the process. std still names
 * four unwinder functions, for the backtrace it prints to stderr, which an Android app
 * does not show anywhere. These give std an empty stack walk instead of linking an
 * unwinder (the NDK's libunwind.a or the `unwinding` crate) that would never run.
 * Hidden: they are not exported from the app's library.
 */
typedef unsigned long uintptr_t; /* no headers: the sysroot has none */

#define HIDDEN __attribute__((visibility("hidden")))
typedef int (*trace_fn)(void *context, void *arg);

/* _URC_END_OF_STACK: the walk ends at once. */
HIDDEN int _Unwind_Backtrace(trace_fn trace, void *arg) { (void)trace; (void)arg; return 5; }
HIDDEN uintptr_t _Unwind_GetIP(void *context) { (void)context; return 0; }
HIDDEN uintptr_t _Unwind_GetCFA(void *context) { (void)context; return 0; }
HIDDEN void *_Unwind_FindEnclosingFunction(void *pc) { (void)pc; return 0; }
