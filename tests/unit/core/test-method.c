/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the method tables (core/method.h): look-up, stores,
 * handlers, the trace and its decoders, and the soundness of every table
 * the card has.
 */
#include <glib.h>
#include <string.h>

#include "hw/nv/core/method.h"
#include "test-host.h"

static unsigned calls;
static NVMethodCall last;

static void record(NVCard *card, const NVMethodCall *call)
{
    calls++;
    last = *call;
}

static const NVMethodValue values[] = {
    { 0, "ZERO" }, { 5, "FIVE" }, { 0, NULL },
};

/* Any 32-bit fields of the card do as store targets. */
static const NVMethod rows[] = {
    NV_MTHD(0x100, "TRIGGER", record, .arg = 7),
    NV_MTHD_ARRAY(0x400, 4, 0xc, "ARRAY", record, NV_MDECODE(NV_MTYPE_XY16)),
    NV_MTHD_STORE(0x200, "STORE", pgraph1.src_color, 0x00ff00ff,
                  NV_MDECODE(NV_MTYPE_INT)),
    NV_MTHD_STORE_ALL(0x300, 3, 8, "ALL", pgraph1.subdivide, 0xffffffff,
                      NV_MENUM(values)),
    NV_MTHD_STORE_ARRAY(0x1ff0, 4, 4, "LAST", pgraph1.vtx_beta, 0xffffffff,
                        NV_MDECODE(NV_MTYPE_WH16)),
};
static NVMethodClass named = NV_METHOD_CLASS("TEST_CLASS", rows);
static NVMethodClass nameless = NV_METHOD_CLASS(NULL, rows);

static void test_find(void)
{
    unsigned idx = 99;

    g_assert_true(nv_method_find(&named, 0x100, &idx) == &rows[0]);
    g_assert_cmpuint(idx, ==, 0);
    g_assert_true(nv_method_find(&named, 0x400 + 3 * 0xc, &idx) == &rows[1]);
    g_assert_cmpuint(idx, ==, 3);
    g_assert_true(nv_method_find(&named, 0x308, &idx) == &rows[3]);
    g_assert_cmpuint(idx, ==, 1);
    g_assert_true(nv_method_find(&named, 0x1ffc, &idx) == &rows[4]);
    g_assert_cmpuint(idx, ==, 3);
    /* Between elements, past the last one, misaligned, outside the space */
    g_assert_null(nv_method_find(&named, 0x404, &idx));
    g_assert_null(nv_method_find(&named, 0x400 + 4 * 0xc, &idx));
    g_assert_null(nv_method_find(&named, 0x304, &idx));
    g_assert_null(nv_method_find(&named, 0x101, &idx));
    g_assert_null(nv_method_find(&named, 0x2000, &idx));
    g_assert_null(nv_method_find(&named, 0xfffffffc, &idx));
}

static bool call(TestHost *th, NVMethodClass *c, uint32_t mthd,
                 uint32_t data)
{
    NVMethodCall mc = {
        .cls = 0x1234, .chid = 5, .subc = 6, .mthd = mthd, .data = data,
    };

    return nv_method_call(&th->card, c, &mc);
}

static void test_call(void)
{
    TestHost *th = th_new("nv1", 0);
    NV1Pgraph *g = &th->card.pgraph1;

    calls = 0;
    g_assert_true(call(th, &named, 0x100, 0xabc));
    g_assert_cmpuint(calls, ==, 1);
    g_assert_cmpuint(last.m->arg, ==, 7);
    g_assert_cmpuint(last.cls, ==, 0x1234);
    g_assert_cmphex(last.data, ==, 0xabc);
    g_assert_true(call(th, &named, 0x418, 1));
    g_assert_cmpuint(last.idx, ==, 2);
    /* Stores: masked; ALL into one field; ARRAY into its element. */
    g_assert_true(call(th, &named, 0x200, 0x12345678));
    g_assert_cmphex(g->src_color, ==, 0x00340078);
    g_assert_true(call(th, &named, 0x310, 0x77));
    g_assert_cmphex(g->subdivide, ==, 0x77);
    g_assert_true(call(th, &named, 0x1ff8, 0x99));
    g_assert_cmphex(g->vtx_beta[2], ==, 0x99);
    g_assert_cmphex(g->vtx_beta[1] | g->vtx_beta[3] | g->vtx_beta[4], ==, 0);
    /* Unknown: nothing done. */
    g_assert_false(call(th, &named, 0x104, 1));
    g_assert_cmpuint(calls, ==, 2);
    g_assert_cmpuint(th->trace_lines->len, ==, 0);     /* nobody listened */
    th_free(th);
}

static void test_trace(void)
{
    TestHost *th = th_new("nv1", 0);

    th->trace = true;
    call(th, &named, 0x100, 0xabc);
    call(th, &named, 0x418, 0x0002ffff);
    call(th, &named, 0x200, -5);
    call(th, &named, 0x308, 5);
    call(th, &named, 0x300, 4);
    call(th, &named, 0x1ff4, 0x0001ffff);
    call(th, &named, 0x104, 1);
    call(th, &nameless, 0x100, 0);
    th_trace_expect(th, (const char *const[]) {
        "5 6 TEST_CLASS TRIGGER 0x00000abc",
        "5 6 TEST_CLASS ARRAY[2] 0x0002ffff (x -1, y 2)",
        "5 6 TEST_CLASS STORE 0xfffffffb (-5)",
        "5 6 TEST_CLASS ALL[1] 0x00000005 (FIVE)",
        "5 6 TEST_CLASS ALL[0] 0x00000004",
        "5 6 TEST_CLASS LAST[1] 0x0001ffff (w 65535, h 1)",
        "5 6 TEST_CLASS 0x0104 0x00000001",
        "5 6 0x1234 TRIGGER 0x00000000",
        NULL,
    });
    th_free(th);
}

static void test_tables_nv1(void)
{
    for (unsigned cls = 0; cls < 32; cls++) {
        NVMethodClass *c = nv1_pgraph_class(cls);

        th_check_class(c);
        g_assert_true(!c->name || g_str_has_prefix(c->name, "NV1_"));
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/method/find", test_find);
    g_test_add_func("/method/call", test_call);
    g_test_add_func("/method/trace", test_trace);
    g_test_add_func("/method/tables-nv1", test_tables_nv1);
    return g_test_run();
}
