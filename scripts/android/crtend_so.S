// The end of an Android shared library, as the NDK's crtend_so.o: the `.eh_frame`
// terminator and a non-executable stack.
        .section .eh_frame, "a", %progbits
        .balign 4
        .long 0
        .section .note.GNU-stack, "", %progbits
