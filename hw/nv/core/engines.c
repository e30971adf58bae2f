/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the engine table.  One row per engine; each engine's file
 * defines its descriptor (NVEngine in hw/nv/card.h): which models have it,
 * its MMIO blocks, reset, interrupt lines, timer, post-load work and
 * method sink.  nv_card_init() builds a card from the rows whose engine
 * the model has.  Adding an engine is its own files plus one row here.
 *
 * The order is the order of resets and of post-load work.  PFIFO comes
 * last: its post-load resumes queued methods, which must find every
 * engine they reach already restored.
 */
#include "hw/nv/card.h"
#include "hw/nv/core/pbus.h"
#include "hw/nv/core/pclock.h"
#include "hw/nv/core/pmc.h"
#include "hw/nv/core/pstraps.h"
#include "hw/nv/core/ptimer.h"
#include "hw/nv/display/pcrtc.h"
#include "hw/nv/display/pdac-nv1.h"
#include "hw/nv/display/pramdac.h"
#include "hw/nv/display/pvideo.h"
#include "hw/nv/display/vga.h"
#include "hw/nv/fifo/pfifo-nv1.h"
#include "hw/nv/fifo/pfifo-nv4.h"
#include "hw/nv/graph/nv1/pgraph-nv1.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"
#include "hw/nv/mem/pdma-nv1.h"
#include "hw/nv/mem/pfb.h"
#include "hw/nv/mem/pramin.h"
#include "hw/nv/vp1/pvp1.h"

const NVEngine *const nv_engines[] = {
    &nv_pmc_engine,
    &nv_pbus_engine,
    &nv_ppci_engine,            /* NV40+ */
    &nv1_pdma_engine,           /* NV1 */
    &nv_ptimer_engine,
    &nv40_pclock_engine,        /* NV40+ */
    &nv_pvp1_engine,            /* models with a VP1 */
    &nv1_pgraph_engine,         /* NV1 */
    &nv20_pgraph_engine,        /* NV20+, with XF */
    &nv1_pfb_engine,            /* NV1 */
    &nv_pfb_engine,             /* NV3+ */
    &nv_pstraps_engine,         /* NV3+ */
    &nv_vga_engine,             /* NV3+ */
    &nv_pcrtc_engine,           /* NV3+ */
    &nv_pramdac_engine,         /* NV3+ */
    &nv_pvideo_engine,          /* NV10+ */
    &nv1_pdac_engine,           /* NV1 */
    &nv_prom_engine,
    &nv_pramin_engine,
    &nv1_pfifo_engine,          /* NV1 */
    &nv4_pfifo_engine,          /* NV3+ */
};

const unsigned nv_engine_count = G_N_ELEMENTS(nv_engines);
