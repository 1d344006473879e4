// The start of an Android shared library, as the NDK's crtbegin_so.o: the library's
// `__dso_handle` (which `__cxa_atexit` and thread-local destructors name it by), the
// `__cxa_finalize` call when it is unloaded, and the note that tells tools the API level.
// API_LEVEL is given on the compiler's command line.
        .section .note.android.ident, "a", %note
        .balign 4
        .long 2f - 1f          // name size
        .long 4f - 3f          // description size
        .long 1                // NT_VERSION
1:      .asciz "Android"
2:      .balign 4
3:      .long API_LEVEL
4:

        .section .data.rel.ro, "aw"
        .balign 8
        .hidden __dso_handle
        .globl __dso_handle
        .type __dso_handle, %object
        .size __dso_handle, 8
__dso_handle:
        .quad __dso_handle

        .text
        .balign 4
        .type __on_dlclose, %function
__on_dlclose:
        adrp x0, __dso_handle
        add x0, x0, :lo12:__dso_handle
        b __cxa_finalize

        .section .fini_array, "aw"
        .balign 8
        .quad __on_dlclose

        .section .note.GNU-stack, "", %progbits
