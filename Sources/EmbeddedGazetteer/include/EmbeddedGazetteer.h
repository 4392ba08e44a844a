// The gazetteer file, linked into the binary as read-only data (see gazetteer.S), so that a
// copied executable carries its data and nothing is looked up at run time.
#ifndef EMBEDDED_GAZETTEER_H
#define EMBEDDED_GAZETTEER_H

#include <stddef.h>

/// The first byte of the embedded gazetteer file.
const unsigned char *embedded_gazetteer_bytes(void);

/// The size of the embedded gazetteer file, in bytes.
size_t embedded_gazetteer_count(void);

#endif
