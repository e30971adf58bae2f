/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: per-class method tables, for every engine that takes methods
 * (NV1 PGRAPH, PVP1; later the NV4+ 2D and 3D classes).
 *
 * A class is a name (rnndb's object class: "NV1_RECT", "NV41_VP1") and a
 * table of NVMethod rows: an offset, an array length and stride, rnndb's
 * method name, and what the method does: call a handler (triggers, and
 * anything with side effects) or store the data, masked, into a 32-bit
 * field of the card (most 3D state).  The first call builds a direct
 * index over the class's 0x2000-byte method space (per dword: the row and
 * the array element), so a method is one look-up.  When the host listens,
 * each method is traced with its class and method names and its data
 * decoded (nv-host.h method_trace).
 */
#ifndef HW_NV_METHOD_H
#define HW_NV_METHOD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/nv/nv.h"

/* The method space of one class, NV1:GF100 (docs/hw/fifo/puller.rst). */
#define NV_METHOD_SPACE         0x2000

/* How the trace shows a method's data besides its hex value. */
typedef enum NVMethodType {
    NV_MTYPE_HEX,           /* nothing more */
    NV_MTYPE_ENUM,          /* the value's name from NVMethod.values */
    NV_MTYPE_XY16,          /* rnndb xy16: "x 12, y -3" (16-bit halves) */
    NV_MTYPE_WH16,          /* rnndb wh16: "w 640, h 480" */
    NV_MTYPE_INT,           /* signed 32-bit: "-5" */
} NVMethodType;

/* One value of an NV_MTYPE_ENUM method; a NULL name ends the list. */
typedef struct NVMethodValue {
    uint32_t value;
    const char *name;
} NVMethodValue;

typedef struct NVMethod NVMethod;

/* One method on its way in, as the engine's dispatch describes it. */
typedef struct NVMethodCall {
    unsigned cls;           /* the engine's class number */
    unsigned chid, subc;    /* where it came from, for the trace */
    uint32_t mthd, data;
    /* Filled in by nv_method_call(): */
    const NVMethod *m;      /* the table row */
    unsigned idx;           /* the array element, 0 for a single method */
} NVMethodCall;

typedef void NVMethodFn(NVCard *card, const NVMethodCall *call);

struct NVMethod {
    uint16_t mthd;          /* offset of element 0 */
    uint16_t count;         /* 1, or the array's length */
    uint16_t stride;        /* bytes from one element to the next */
    uint8_t type;           /* NVMethodType, for the trace */
    uint8_t arg;            /* for @fn: which of a family of methods */
    const char *name;       /* rnndb's name, "RECTANGLE_XY" */
    NVMethodFn *fn;         /* a handler; NULL: a store */
    /* Store: field @field (a byte offset in NVCard) + @step * idx gets
     * data & @mask; @step is 4 for an array field, 0 for one field. */
    uint32_t field;
    uint32_t mask;
    uint8_t step;
    const NVMethodValue *values;    /* NV_MTYPE_ENUM */
};

typedef struct NVMethodClass {
    const char *name;       /* NULL: traced as the class number */
    const NVMethod *methods;
    unsigned count;
    /* Built at first use, per dword: the element << 16 | 1 + the row, or
     * 0 for none. */
    bool indexed;
    uint32_t index[NV_METHOD_SPACE / 4];
} NVMethodClass;

#define NV_METHOD_CLASS(nm, rows) \
    { .name = (nm), .methods = (rows), \
      .count = sizeof(rows) / sizeof(rows[0]) }

/*
 * Table rows.  @fld is a member of NVCard ("pgraph1.src_color"); the build
 * fails unless it is a 32-bit field, or for an array store an array of at
 * least @n 32-bit elements, so a store never leaves its field.
 */
#define NV_METHOD_CHECK(cond)   (0 * sizeof(char[(cond) ? 1 : -1]))
#define NV_CARD_FIELD_SIZE(fld) sizeof(((NVCard *)0)->fld)

#define NV_MTHD(off, nm, handler, ...) \
    { .mthd = (off), .count = 1, .stride = 4, .name = (nm), \
      .fn = (handler), __VA_ARGS__ }
#define NV_MTHD_ARRAY(off, n, st, nm, handler, ...) \
    { .mthd = (off), .count = (n), .stride = (st), .name = (nm), \
      .fn = (handler), __VA_ARGS__ }
#define NV_MTHD_STORE(off, nm, fld, msk, ...) \
    { .mthd = (off), .count = 1, .stride = 4, .name = (nm), \
      .field = offsetof(NVCard, fld) + \
               NV_METHOD_CHECK(NV_CARD_FIELD_SIZE(fld) == 4), \
      .mask = (msk), __VA_ARGS__ }
/* @n elements, all stored into the one field @fld. */
#define NV_MTHD_STORE_ALL(off, n, st, nm, fld, msk, ...) \
    { .mthd = (off), .count = (n), .stride = (st), .name = (nm), \
      .field = offsetof(NVCard, fld) + \
               NV_METHOD_CHECK(NV_CARD_FIELD_SIZE(fld) == 4), \
      .mask = (msk), __VA_ARGS__ }
/* @n elements into the first @n elements of the array @fld. */
#define NV_MTHD_STORE_ARRAY(off, n, st, nm, fld, msk, ...) \
    { .mthd = (off), .count = (n), .stride = (st), .name = (nm), \
      .field = offsetof(NVCard, fld) + \
               NV_METHOD_CHECK(NV_CARD_FIELD_SIZE(fld[0]) == 4 && \
                               NV_CARD_FIELD_SIZE(fld) >= 4 * (n)), \
      .mask = (msk), .step = 4, __VA_ARGS__ }
/* Trace decoding, as the last argument of a row. */
#define NV_MDECODE(t)           .type = (t)
#define NV_MENUM(vals)          .type = NV_MTYPE_ENUM, .values = (vals)

/*
 * Execute @call->mthd of class @c: trace it if the host listens, then run
 * its handler or store its data.  False, having done nothing but the
 * trace, if the class has no such method; the engine then raises what the
 * hardware raises for it.
 */
bool nv_method_call(NVCard *card, NVMethodClass *c, NVMethodCall *call);
/* The row of @mthd in @c and its element, or NULL. */
const NVMethod *nv_method_find(NVMethodClass *c, uint32_t mthd,
                               unsigned *idx);
/* A handler for methods that do nothing (NOP, binding a stateless object). */
void nv_method_nop(NVCard *card, const NVMethodCall *call);

#endif
