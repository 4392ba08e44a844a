// Links data/gazetteer.bin into the binary as read-only data between two symbols. The folder
// data/ is on the include path (Package.swift), where the assembler finds the file.
#if defined(__APPLE__)
    .section __TEXT,__const
    .globl _embedded_gazetteer_start
    .globl _embedded_gazetteer_end
    .p2align 4
_embedded_gazetteer_start:
    .incbin "gazetteer.bin"
_embedded_gazetteer_end:
#else
    .section .rodata
    .globl embedded_gazetteer_start
    .globl embedded_gazetteer_end
    .hidden embedded_gazetteer_start
    .hidden embedded_gazetteer_end
    .balign 16
embedded_gazetteer_start:
    .incbin "gazetteer.bin"
embedded_gazetteer_end:
    .section .note.GNU-stack,"",%progbits
#endif
