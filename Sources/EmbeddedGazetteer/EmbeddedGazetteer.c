#include "EmbeddedGazetteer.h"

// Defined in gazetteer.S around the file's bytes.
extern const unsigned char embedded_gazetteer_start[];
extern const unsigned char embedded_gazetteer_end[];

const unsigned char *embedded_gazetteer_bytes(void) { return embedded_gazetteer_start; }

size_t embedded_gazetteer_count(void) { return (size_t)(embedded_gazetteer_end - embedded_gazetteer_start); }
