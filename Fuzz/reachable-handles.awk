# Reads a valgrind log and fails when a still-reachable or lost block was allocated directly by FreeType, HarfBuzz,
# fontconfig or Cairo: the owner of a block is the first frame that is neither valgrind's allocator nor libc.
# Used by `make leaks` after the caches are flushed (Fuzz/flush-caches.c).
/ bytes in [0-9,]+ blocks are / { owner = ""; record = $0; next }
record != "" && / (at|by) 0x/ && owner == "" {
    if ($0 ~ /vgpreload|libc\.so/) next
    owner = "other"
    if (match($0, /lib(freetype|harfbuzz|fontconfig|cairo)[^ )]*/)) {
        owner = substr($0, RSTART, RLENGTH)
        sub(/^==[0-9]+== */, "", record)
        print "not released: " record " (" owner ")"
        found++
    }
}
END {
    if (found) { print found " block(s) of font or drawing handles were never released"; exit 1 }
    print "every FreeType, HarfBuzz, fontconfig and Cairo allocation was released"
}
