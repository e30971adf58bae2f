/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: migration of the nv-gpu device.  One VMStateDescription per
 * engine state struct; the engines every model has are fields of the
 * device's description, every other engine is a subsection sent only
 * when the card's model has that engine (nv_card_has_engine()), so an
 * NV1 migrates no NV40 state and the reverse.  Derived state (decoded
 * programs, host timers, the INTx level) is rebuilt by post_load.
 * tests/static/vmstate-complete.py checks that every state field is here.
 */
#include "qemu/osdep.h"

#include "nv-gpu.h"

static const VMStateDescription vmstate_nv_pmc = {
    .name = "nv-gpu/pmc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr_sw, NVPmc),
        VMSTATE_UINT32(intr_en, NVPmc),
        VMSTATE_UINT32(enable, NVPmc),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pbus = {
    .name = "nv-gpu/pbus",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr, NVPbus),
        VMSTATE_UINT32(intr_en, NVPbus),
        VMSTATE_UINT32_ARRAY(host_mem, NVPbus, NV44_PBUS_HOST_MEM_REGS),
        VMSTATE_UINT32(intr_gpio_en, NVPbus),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_ptimer = {
    .name = "nv-gpu/ptimer",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr, NVPtimer),
        VMSTATE_UINT32(intr_en, NVPtimer),
        VMSTATE_UINT32(clock_div, NVPtimer),
        VMSTATE_UINT32(clock_mul, NVPtimer),
        VMSTATE_UINT32(clock_source, NVPtimer),
        VMSTATE_UINT32(alarm, NVPtimer),
        VMSTATE_UINT64(time_base, NVPtimer),
        VMSTATE_INT64(base_ns, NVPtimer),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pfb = {
    .name = "nv-gpu/pfb",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(config0, NVPfb),
        VMSTATE_UINT32(config1, NVPfb),
        VMSTATE_UINT32(start, NVPfb),
        VMSTATE_UINT32_ARRAY(timing, NVPfb, NV1_PFB_TIMINGS),
        VMSTATE_UINT32_ARRAY(tile, NVPfb, NV41_PFB_TILES * 4),
        VMSTATE_UINT32_ARRAY(zcomp, NVPfb, NV20_PFB_ZCOMPS),
        VMSTATE_UINT32_ARRAY(gart, NVPfb, NV41_PFB_GART_REGS),
        VMSTATE_UINT32(gart_ctrl, NVPfb),
        VMSTATE_UINT32(r33c, NVPfb),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv1_pgraph = {
    .name = "nv-gpu/nv1-pgraph",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(debug_a, NV1Pgraph),
        VMSTATE_UINT32(debug_b, NV1Pgraph),
        VMSTATE_UINT32(debug_c, NV1Pgraph),
        VMSTATE_UINT32(intr, NV1Pgraph),
        VMSTATE_UINT32(invalid, NV1Pgraph),
        VMSTATE_UINT32(intr_en, NV1Pgraph),
        VMSTATE_UINT32(invalid_en, NV1Pgraph),
        VMSTATE_UINT32(ctx_switch, NV1Pgraph),
        VMSTATE_UINT32(ctx_control, NV1Pgraph),
        VMSTATE_UINT32_ARRAY(pattern_rgb, NV1Pgraph, 2),
        VMSTATE_UINT32_ARRAY(pattern_a, NV1Pgraph, 2),
        VMSTATE_UINT32_ARRAY(pattern_bitmap, NV1Pgraph, 2),
        VMSTATE_UINT32(pattern_shape, NV1Pgraph),
        VMSTATE_UINT32_ARRAY(bitmap_color, NV1Pgraph, 2),
        VMSTATE_UINT32(rop, NV1Pgraph),
        VMSTATE_UINT32(plane, NV1Pgraph),
        VMSTATE_UINT32(chroma, NV1Pgraph),
        VMSTATE_UINT32(beta, NV1Pgraph),
        VMSTATE_UINT32(canvas_config, NV1Pgraph),
        VMSTATE_UINT32(canvas_min, NV1Pgraph),
        VMSTATE_UINT32(canvas_max, NV1Pgraph),
        VMSTATE_UINT32_ARRAY(cliprect_min, NV1Pgraph, 2),
        VMSTATE_UINT32_ARRAY(cliprect_max, NV1Pgraph, 2),
        VMSTATE_UINT32(cliprect_config, NV1Pgraph),
        VMSTATE_UINT32(access, NV1Pgraph),
        VMSTATE_UINT32(trap_addr, NV1Pgraph),
        VMSTATE_UINT32(trap_data, NV1Pgraph),
        VMSTATE_UINT32_ARRAY(vtx_x, NV1Pgraph, 18),
        VMSTATE_UINT32_ARRAY(vtx_y, NV1Pgraph, 18),
        VMSTATE_UINT32_ARRAY(iclip, NV1Pgraph, 2),
        VMSTATE_UINT32_ARRAY(uclip_x, NV1Pgraph, 2),
        VMSTATE_UINT32_ARRAY(uclip_y, NV1Pgraph, 2),
        VMSTATE_UINT32(xy_a, NV1Pgraph),
        VMSTATE_UINT32(xy_b, NV1Pgraph),
        VMSTATE_UINT32_ARRAY(xy_d, NV1Pgraph, 2),
        VMSTATE_UINT32(xy_e, NV1Pgraph),
        VMSTATE_UINT32(valid, NV1Pgraph),
        VMSTATE_UINT32(src_color, NV1Pgraph),
        VMSTATE_UINT32(subdivide, NV1Pgraph),
        VMSTATE_UINT32(dma, NV1Pgraph),
        VMSTATE_UINT32(notify, NV1Pgraph),
        VMSTATE_UINT32_ARRAY(vtx_beta, NV1Pgraph, 14),
        VMSTATE_UINT32(img_in, NV1Pgraph),
        VMSTATE_UINT32(img_pos, NV1Pgraph),
        VMSTATE_BOOL(dma_wait, NV1Pgraph),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv1_pdma = {
    .name = "nv-gpu/nv1-pdma",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr_unk0, NV1Pdma),
        VMSTATE_UINT32(intr_audio, NV1Pdma),
        VMSTATE_UINT32(intr_graph, NV1Pdma),
        VMSTATE_UINT32(intr_unk0_en, NV1Pdma),
        VMSTATE_UINT32(intr_audio_en, NV1Pdma),
        VMSTATE_UINT32(intr_graph_en, NV1Pdma),
        VMSTATE_UINT32(flags, NV1Pdma),
        VMSTATE_UINT32(limit, NV1Pdma),
        VMSTATE_UINT32(pte, NV1Pdma),
        VMSTATE_UINT32(access_en, NV1Pdma),
        VMSTATE_UINT32(valid, NV1Pdma),
        VMSTATE_UINT32(pte_tag, NV1Pdma),
        VMSTATE_UINT32(addr_virt_adj, NV1Pdma),
        VMSTATE_UINT32(addr_phys, NV1Pdma),
        VMSTATE_UINT32(inst, NV1Pdma),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv1_pdac = {
    .name = "nv-gpu/nv1-pdac",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT8_2DARRAY(palette, NV1Pdac, 2, 256 * 3),
        VMSTATE_UINT8(pal_index, NV1Pdac),
        VMSTATE_UINT8(pal_color, NV1Pdac),
        VMSTATE_UINT8(pal_read, NV1Pdac),
        VMSTATE_UINT8_ARRAY(pal_rg, NV1Pdac, 2),
        VMSTATE_UINT8(pal_mask, NV1Pdac),
        VMSTATE_UINT16(index, NV1Pdac),
        VMSTATE_UINT8_ARRAY(regs, NV1Pdac, NV1_DAC_REGS),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv4_fifo_chan = {
    .name = "nv-gpu/nv4-fifo-chan",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(dma_put, NV4FifoChan),
        VMSTATE_UINT32(dma_get, NV4FifoChan),
        VMSTATE_UINT32(ref, NV4FifoChan),
        VMSTATE_UINT32(dma_instance, NV4FifoChan),
        VMSTATE_UINT32(dma_dcount, NV4FifoChan),
        VMSTATE_UINT32(dma_state, NV4FifoChan),
        VMSTATE_UINT32(dma_fetch, NV4FifoChan),
        VMSTATE_UINT32(engine, NV4FifoChan),
        VMSTATE_UINT32(pull1, NV4FifoChan),
        VMSTATE_UINT32(acquire_value, NV4FifoChan),
        VMSTATE_UINT32(acquire_timestamp, NV4FifoChan),
        VMSTATE_UINT32(acquire_timeout, NV4FifoChan),
        VMSTATE_UINT32(semaphore, NV4FifoChan),
        VMSTATE_UINT32(subroutine, NV4FifoChan),
        VMSTATE_UINT32(grctx_inst, NV4FifoChan),
        VMSTATE_UINT32(dma_timeslice, NV4FifoChan),
        VMSTATE_UINT32(unk0e4, NV4FifoChan),
        VMSTATE_UINT32(unk0e8, NV4FifoChan),
        VMSTATE_UINT32(unk88, NV4FifoChan),
        VMSTATE_UINT32(unk100, NV4FifoChan),
        VMSTATE_UINT32(mpegctx_inst, NV4FifoChan),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv4_pfifo = {
    .name = "nv-gpu/nv4-pfifo",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(delay, NV4Pfifo),
        VMSTATE_UINT32(pio_timeslice, NV4Pfifo),
        VMSTATE_UINT32(timeslice, NV4Pfifo),
        VMSTATE_UINT32(sli, NV4Pfifo),
        VMSTATE_UINT32(intr, NV4Pfifo),
        VMSTATE_UINT32(intr_en, NV4Pfifo),
        VMSTATE_UINT32(ramht, NV4Pfifo),
        VMSTATE_UINT32(ramfc, NV4Pfifo),
        VMSTATE_UINT32(ramro, NV4Pfifo),
        VMSTATE_UINT32(caches, NV4Pfifo),
        VMSTATE_UINT32(mode, NV4Pfifo),
        VMSTATE_UINT32(dma_pending, NV4Pfifo),
        VMSTATE_UINT32(size, NV4Pfifo),
        VMSTATE_UINT32(push0, NV4Pfifo),
        VMSTATE_UINT32(push1, NV4Pfifo),
        VMSTATE_UINT32(put, NV4Pfifo),
        VMSTATE_UINT32(get, NV4Pfifo),
        VMSTATE_UINT32(dma_push, NV4Pfifo),
        VMSTATE_UINT32(pull0, NV4Pfifo),
        VMSTATE_UINT32(hash, NV4Pfifo),
        VMSTATE_UINT32(dma_ctl, NV4Pfifo),
        VMSTATE_UINT32(dma_limit, NV4Pfifo),
        VMSTATE_UINT32(dma_tlb_tag, NV4Pfifo),
        VMSTATE_UINT32(dma_tlb_pte, NV4Pfifo),
        VMSTATE_UINT32(jmp_shadow, NV4Pfifo),
        VMSTATE_UINT32(rsvd_shadow, NV4Pfifo),
        VMSTATE_UINT32(data_shadow, NV4Pfifo),
        VMSTATE_STRUCT(ch, NV4Pfifo, 1, vmstate_nv4_fifo_chan, NV4FifoChan),
        VMSTATE_UINT32_ARRAY(addr, NV4Pfifo, NV40_CACHE1_ENTRIES),
        VMSTATE_UINT32_ARRAY(data, NV4Pfifo, NV40_CACHE1_ENTRIES),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv1_pfifo = {
    .name = "nv-gpu/nv1-pfifo",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(wait_retry, NV1Pfifo),
        VMSTATE_UINT32(cache_error, NV1Pfifo),
        VMSTATE_UINT32(intr, NV1Pfifo),
        VMSTATE_UINT32(intr_en, NV1Pfifo),
        VMSTATE_UINT32(config, NV1Pfifo),
        VMSTATE_UINT32(runout_put, NV1Pfifo),
        VMSTATE_UINT32(runout_get, NV1Pfifo),
        VMSTATE_UINT32(chsw_enable, NV1Pfifo),
        VMSTATE_UINT32(pram_config, NV1Pfifo),
        VMSTATE_UINT32(c0_push, NV1Pfifo),
        VMSTATE_UINT32(c0_chid, NV1Pfifo),
        VMSTATE_UINT32(c0_put, NV1Pfifo),
        VMSTATE_UINT32(c0_pull, NV1Pfifo),
        VMSTATE_UINT32(c0_pull_state, NV1Pfifo),
        VMSTATE_UINT32(c0_get, NV1Pfifo),
        VMSTATE_UINT32(c0_ctx, NV1Pfifo),
        VMSTATE_UINT32(c0_addr, NV1Pfifo),
        VMSTATE_UINT32(c0_data, NV1Pfifo),
        VMSTATE_UINT32(c1_push, NV1Pfifo),
        VMSTATE_UINT32(c1_chid, NV1Pfifo),
        VMSTATE_UINT32(c1_put, NV1Pfifo),
        VMSTATE_UINT32(c1_pull, NV1Pfifo),
        VMSTATE_UINT32(c1_pull_state, NV1Pfifo),
        VMSTATE_UINT32(c1_get, NV1Pfifo),
        VMSTATE_UINT32_ARRAY(c1_ctx, NV1Pfifo, 8),
        VMSTATE_UINT32_ARRAY(c1_addr, NV1Pfifo, NV1_CACHE1_ENTRIES),
        VMSTATE_UINT32_ARRAY(c1_data, NV1Pfifo, NV1_CACHE1_ENTRIES),
        VMSTATE_UINT32(c1_runout, NV1Pfifo),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv2d_object = {
    .name = "nv-gpu/nv2d-object",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(inst, NV2dObject),
        VMSTATE_UINT32(cls, NV2dObject),
        VMSTATE_UINT32(operation, NV2dObject),
        VMSTATE_UINT32(color_format, NV2dObject),
        VMSTATE_UINT32(mono_format, NV2dObject),
        VMSTATE_UINT32(links, NV2dObject),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv2d_surfaces = {
    .name = "nv-gpu/nv2d-surfaces",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(format, NV2dSurfaces),
        VMSTATE_UINT32(pitch, NV2dSurfaces),
        VMSTATE_UINT32(offset_src, NV2dSurfaces),
        VMSTATE_UINT32(offset_dst, NV2dSurfaces),
        VMSTATE_UINT32(dma_src, NV2dSurfaces),
        VMSTATE_UINT32(dma_dst, NV2dSurfaces),
        VMSTATE_UINT32(swz_format, NV2dSurfaces),
        VMSTATE_UINT32(swz_offset, NV2dSurfaces),
        VMSTATE_UINT32(swz_dma, NV2dSurfaces),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv2d_gdi = {
    .name = "nv-gpu/nv2d-gdi",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(color1_a, NV2dGdi),
        VMSTATE_UINT32(color1_b, NV2dGdi),
        VMSTATE_UINT32(clip_b0, NV2dGdi),
        VMSTATE_UINT32(clip_b1, NV2dGdi),
        VMSTATE_UINT32(clip0, NV2dGdi),
        VMSTATE_UINT32(clip1, NV2dGdi),
        VMSTATE_UINT32(color0, NV2dGdi),
        VMSTATE_UINT32(color1, NV2dGdi),
        VMSTATE_UINT32(size_in, NV2dGdi),
        VMSTATE_UINT32(size_out, NV2dGdi),
        VMSTATE_UINT32(point, NV2dGdi),
        VMSTATE_UINT32(rect0, NV2dGdi),
        VMSTATE_UINT32(cr0, NV2dGdi),
        VMSTATE_UINT32(mono_pos, NV2dGdi),
        VMSTATE_UINT32(mono_two_color, NV2dGdi),
        VMSTATE_UINT32(blit_in, NV2dGdi),
        VMSTATE_UINT32(blit_out, NV2dGdi),
        VMSTATE_UINT32(dma_fonts, NV2dGdi),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv2d_ifc = {
    .name = "nv-gpu/nv2d-ifc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(point, NV2dIfc),
        VMSTATE_UINT32(size_out, NV2dIfc),
        VMSTATE_UINT32(size_in, NV2dIfc),
        VMSTATE_UINT32(col, NV2dIfc),
        VMSTATE_UINT32(row, NV2dIfc),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv2d_sifm = {
    .name = "nv-gpu/nv2d-sifm",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(dma, NV2dSifm),
        VMSTATE_UINT32(clip_point, NV2dSifm),
        VMSTATE_UINT32(clip_size, NV2dSifm),
        VMSTATE_UINT32(out_point, NV2dSifm),
        VMSTATE_UINT32(out_size, NV2dSifm),
        VMSTATE_UINT32(du_dx, NV2dSifm),
        VMSTATE_UINT32(dv_dy, NV2dSifm),
        VMSTATE_UINT32(size, NV2dSifm),
        VMSTATE_UINT32(format, NV2dSifm),
        VMSTATE_UINT32(offset, NV2dSifm),
        VMSTATE_UINT32(point, NV2dSifm),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv2d_m2mf = {
    .name = "nv-gpu/nv2d-m2mf",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(dma_in, NV2dM2mf),
        VMSTATE_UINT32(dma_out, NV2dM2mf),
        VMSTATE_UINT32(offset_in, NV2dM2mf),
        VMSTATE_UINT32(offset_out, NV2dM2mf),
        VMSTATE_UINT32(pitch_in, NV2dM2mf),
        VMSTATE_UINT32(pitch_out, NV2dM2mf),
        VMSTATE_UINT32(line_length, NV2dM2mf),
        VMSTATE_UINT32(line_count, NV2dM2mf),
        VMSTATE_UINT32(format, NV2dM2mf),
        VMSTATE_UINT32(notify, NV2dM2mf),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv2d_job = {
    .name = "nv-gpu/nv2d-job",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(kind, NV2dJob),
        VMSTATE_UINT32(subc, NV2dJob),
        VMSTATE_INT32(x, NV2dJob),
        VMSTATE_INT32(y, NV2dJob),
        VMSTATE_INT32(sx, NV2dJob),
        VMSTATE_INT32(sy, NV2dJob),
        VMSTATE_UINT32(w, NV2dJob),
        VMSTATE_UINT32(h, NV2dJob),
        VMSTATE_UINT32(color, NV2dJob),
        VMSTATE_UINT32(color_layout, NV2dJob),
        VMSTATE_UINT32(row, NV2dJob),
        VMSTATE_UINT32(col, NV2dJob),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv2d = {
    .name = "nv-gpu/nv2d",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(obj, NV2dState, NV2D_OBJECTS, 1,
                             vmstate_nv2d_object, NV2dObject),
        VMSTATE_UINT32_ARRAY(subc_obj, NV2dState, NV2D_SUBCHANNELS),
        VMSTATE_UINT32(next_obj, NV2dState),
        VMSTATE_STRUCT(surf, NV2dState, 1, vmstate_nv2d_surfaces,
                       NV2dSurfaces),
        VMSTATE_UINT32(clip_min, NV2dState),
        VMSTATE_UINT32(clip_max, NV2dState),
        VMSTATE_UINT32_ARRAY(pattern_mono_format, NV2dState, 2),
        VMSTATE_STRUCT(gdi, NV2dState, 1, vmstate_nv2d_gdi, NV2dGdi),
        VMSTATE_STRUCT(ifc, NV2dState, 1, vmstate_nv2d_ifc, NV2dIfc),
        VMSTATE_STRUCT(sifm, NV2dState, 1, vmstate_nv2d_sifm, NV2dSifm),
        VMSTATE_STRUCT(m2mf, NV2dState, 1, vmstate_nv2d_m2mf, NV2dM2mf),
        VMSTATE_STRUCT(job, NV2dState, 1, vmstate_nv2d_job, NV2dJob),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv20_fe3d = {
    .name = "nv-gpu/nv20-fe3d",
    .version_id = 3,
    .minimum_version_id = 3,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(dma_fence, NV20Fe3d),
        VMSTATE_UINT32_ARRAY(idx_state, NV20Fe3d, NV20_IDX_STATE_WORDS),
        VMSTATE_UINT32_ARRAY(mthd_state, NV20Fe3d, NV_METHOD_SPACE / 4),
        VMSTATE_UINT32(prim, NV20Fe3d),
        VMSTATE_UINT32(data_pos, NV20Fe3d),
        VMSTATE_UINT32_ARRAY(data, NV20Fe3d, NV20_FD_DATA_WORDS),
        VMSTATE_UINT32(edgeflag, NV20Fe3d),
        VMSTATE_UINT32(fp_named, NV20Fe3d),
        VMSTATE_UINT32(query_passed, NV20Fe3d),
        VMSTATE_UINT32(render_skip, NV20Fe3d),
        VMSTATE_END_OF_LIST()
    },
};

/* Version 2: NV40's program start is XF_C's (a PGRAPH register). */
static const VMStateDescription vmstate_nv_xf_rams = {
    .name = "nv-gpu/xf-rams",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(vab, NVXfRams, NV_XF_VAB_SLOTS, 4),
        VMSTATE_UINT32_2DARRAY(ctx, NVXfRams, NV_XF_CTX_SLOTS, 4),
        VMSTATE_UINT32_2DARRAY(pr, NVXfRams, NV_XF_PR_SLOTS, NV_XF_PR_WORDS),
        VMSTATE_UINT32_2DARRAY(ltctx, NVXfRams, NV_XF_LTCTX_SLOTS, 4),
        VMSTATE_UINT32_2DARRAY(ltc, NVXfRams, 4, NV_XF_LTC_SLOTS),
        VMSTATE_UINT32_2DARRAY(mode, NVXfRams, NV_XF_MODE_VECS, 4),
        VMSTATE_UINT32_2DARRAY(xtra, NVXfRams, NV_XF_XTRA_VECS, 4),
        VMSTATE_UINT32(timeout, NVXfRams),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv20_flip = {
    .name = "nv-gpu/nv20-flip",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(read, NV20Flip),
        VMSTATE_UINT32(write, NV20Flip),
        VMSTATE_UINT32(max, NV20Flip),
        VMSTATE_UINT32(heads, NV20Flip),
        VMSTATE_BOOL(wait, NV20Flip),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_xf_vertex = {
    .name = "nv-gpu/xf-vertex",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(tbuf, NVXfVertex, NV_XF_TBUF, 4),
        VMSTATE_END_OF_LIST()
    },
};

/*
 * VTX's assembly in progress; its NVVtxState is derived from the 3D
 * state, refilled by post_load (fd-nv20.c), and its emit hook is the
 * card's own.
 */
static const VMStateDescription vmstate_nv_vtx = {
    .name = "nv-gpu/vtx",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (VMStateField[]) {
        VMSTATE_UINT8(prim, NVVtx),
        VMSTATE_UINT32(count, NVVtx),
        VMSTATE_STRUCT(first, NVVtx, 1, vmstate_nv_xf_vertex, NVXfVertex),
        VMSTATE_STRUCT_ARRAY(prev, NVVtx, 3, 1, vmstate_nv_xf_vertex,
                             NVXfVertex),
        VMSTATE_BOOL(first_edge, NVVtx),
        VMSTATE_BOOL_ARRAY(prev_edge, NVVtx, 3),
        VMSTATE_UINT8(newest, NVVtx),
        VMSTATE_END_OF_LIST()
    },
};

/*
 * The rasterizer's input is IEEE singles: migrated as their bits, so that
 * a draw goes on bit-exactly on any host.
 */
static int get_f32(QEMUFile *f, void *pv, size_t size,
                   const VMStateField *field)
{
    uint32_t u = qemu_get_be32(f);

    memcpy(pv, &u, sizeof(u));
    return 0;
}

static int put_f32(QEMUFile *f, void *pv, size_t size,
                   const VMStateField *field, JSONWriter *vmdesc)
{
    uint32_t u;

    memcpy(&u, pv, sizeof(u));
    qemu_put_be32(f, u);
    return 0;
}

static const VMStateInfo vmstate_info_f32 = {
    .name = "float32",
    .get = get_f32,
    .put = put_f32,
};

#define VMSTATE_F32(_f, _s) \
    VMSTATE_SINGLE(_f, _s, 0, vmstate_info_f32, float)
#define VMSTATE_F32_ARRAY(_f, _s, _n) \
    VMSTATE_ARRAY(_f, _s, _n, 0, vmstate_info_f32, float)
#define VMSTATE_F32_2DARRAY(_f, _s, _n1, _n2) \
    VMSTATE_2DARRAY(_f, _s, _n1, _n2, 0, vmstate_info_f32, float)

static const VMStateDescription vmstate_nv_vtx_out = {
    .name = "nv-gpu/vtx-out",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_F32_ARRAY(pos, NVVtxOut, 4),
        VMSTATE_F32_2DARRAY(attr, NVVtxOut, NV_VTX_ATTRS, 4),
        VMSTATE_F32(size, NVVtxOut),
        VMSTATE_BOOL(edge, NVVtxOut),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_vtx_prim = {
    .name = "nv-gpu/vtx-prim",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT8(kind, NVVtxPrim),
        VMSTATE_BOOL(back, NVVtxPrim),
        VMSTATE_F32(width, NVVtxPrim),
        VMSTATE_F32(z_offset, NVVtxPrim),
        VMSTATE_STRUCT_ARRAY(v, NVVtxPrim, 3, 1, vmstate_nv_vtx_out,
                             NVVtxOut),
        VMSTATE_END_OF_LIST()
    },
};

/*
 * The primitive being rasterized and where the next slice starts; the
 * rasterizer's state is derived from the 3D state (draw-nv20.c).
 */
static const VMStateDescription vmstate_nv_raster = {
    .name = "nv-gpu/raster",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT(prim, NVRaster, 1, vmstate_nv_vtx_prim, NVVtxPrim),
        VMSTATE_BOOL(busy, NVRaster),
        VMSTATE_BOOL(resume, NVRaster),
        VMSTATE_INT64(next_m, NVRaster),
        VMSTATE_INT64(next_n, NVRaster),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv20_draw = {
    .name = "nv-gpu/nv20-draw",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT(raster, NV20Draw, 1, vmstate_nv_raster, NVRaster),
        VMSTATE_STRUCT_ARRAY(queue, NV20Draw, NV20_DRAW_QUEUE, 1,
                             vmstate_nv_vtx_prim, NVVtxPrim),
        VMSTATE_UINT32(head, NV20Draw),
        VMSTATE_UINT32(count, NV20Draw),
        VMSTATE_UINT32(fd_kind, NV20Draw),
        VMSTATE_UINT32(fd_data, NV20Draw),
        VMSTATE_UINT32(fd_next, NV20Draw),
        VMSTATE_UINT64(quads, NV20Draw),
        VMSTATE_END_OF_LIST()
    },
};

/* Version 2: Curie's image_sum. */
static const VMStateDescription vmstate_nv20_pgraph_ctx = {
    .name = "nv-gpu/nv20-pgraph-ctx",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(inst, NV20PgraphCtx),
        VMSTATE_UINT32(stamp, NV20PgraphCtx),
        VMSTATE_UINT32(image_sum, NV20PgraphCtx),
        VMSTATE_UINT32(pipe_address, NV20PgraphCtx),
        VMSTATE_UINT32(rdi_index, NV20PgraphCtx),
        VMSTATE_UINT32_ARRAY(regs, NV20PgraphCtx, NV20_PGRAPH_REGS),
        VMSTATE_STRUCT(g2d, NV20PgraphCtx, 1, vmstate_nv2d, NV2dState),
        VMSTATE_STRUCT(fe3d, NV20PgraphCtx, 1, vmstate_nv20_fe3d, NV20Fe3d),
        VMSTATE_STRUCT(xf, NV20PgraphCtx, 1, vmstate_nv_xf_rams, NVXfRams),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv20_pgraph = {
    .name = "nv-gpu/nv20-pgraph",
    .version_id = 5,
    .minimum_version_id = 5,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr, NV20Pgraph),
        VMSTATE_UINT32(intr_en, NV20Pgraph),
        VMSTATE_UINT32(pipe_address, NV20Pgraph),
        VMSTATE_UINT32(rdi_index, NV20Pgraph),
        VMSTATE_UINT32(ctxprog_index, NV20Pgraph),
        VMSTATE_UINT32_ARRAY(ctxprog, NV20Pgraph, NV40_CTXPROG_WORDS),
        VMSTATE_UINT32_ARRAY(regs, NV20Pgraph, NV20_PGRAPH_REGS),
        VMSTATE_UINT32(ctx_table, NV20Pgraph),
        VMSTATE_UINT32(ctx_pointer, NV20Pgraph),
        VMSTATE_UINT32(ctxctl_cur, NV20Pgraph),
        VMSTATE_UINT32(ctxctl_next, NV20Pgraph),
        VMSTATE_UINT32(ctxctl_0310, NV20Pgraph),
        VMSTATE_UINT32(ctx_clock, NV20Pgraph),
        VMSTATE_STRUCT_ARRAY(ctx, NV20Pgraph, NV20_PGRAPH_CTX_SLOTS, 1,
                             vmstate_nv20_pgraph_ctx, NV20PgraphCtx),
        VMSTATE_STRUCT(g2d, NV20Pgraph, 1, vmstate_nv2d, NV2dState),
        VMSTATE_STRUCT(fe3d, NV20Pgraph, 1, vmstate_nv20_fe3d, NV20Fe3d),
        VMSTATE_STRUCT(vtx, NV20Pgraph, 1, vmstate_nv_vtx, NVVtx),
        VMSTATE_STRUCT(draw, NV20Pgraph, 1, vmstate_nv20_draw, NV20Draw),
        VMSTATE_STRUCT(flip, NV20Pgraph, 1, vmstate_nv20_flip, NV20Flip),
        VMSTATE_UINT32(methods, NV20Pgraph),
        VMSTATE_END_OF_LIST()
    },
};

/* Everything but the decoded program, which post_load rebuilds. */
static const VMStateDescription vmstate_nv_xf = {
    .name = "nv-gpu/xf",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT(ram, NVXf, 1, vmstate_nv_xf_rams, NVXfRams),
        VMSTATE_UINT8(upload_isa, NVXf),
        VMSTATE_BOOL(side_effects, NVXf),
        VMSTATE_STRUCT_ARRAY(queue, NVXf, NV_XF_QUEUE, 1,
                             vmstate_nv_xf_vertex, NVXfVertex),
        VMSTATE_UINT32(q_head, NVXf),
        VMSTATE_UINT32(q_count, NVXf),
        VMSTATE_UINT32_ARRAY(passthru, NVXf, NV_XF_PASSTHRU),
        VMSTATE_UINT32(pt_head, NVXf),
        VMSTATE_UINT32(pt_count, NVXf),
        VMSTATE_UINT32(last_icnt, NVXf),
        VMSTATE_BOOL(last_timed_out, NVXf),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pvp1 = {
    .name = "nv-gpu/pvp1",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr, NVPvp1),
        VMSTATE_UINT32(intr_en, NVPvp1),
        VMSTATE_UINT32(channel_unk, NVPvp1),
        VMSTATE_UINT32(channel_cur, NVPvp1),
        VMSTATE_UINT32(fifo_err_mthd, NVPvp1),
        VMSTATE_UINT32(fifo_err_data, NVPvp1),
        VMSTATE_UINT32_ARRAY(ucode, NVPvp1, 3),
        VMSTATE_UINT32(enable, NVPvp1),
        VMSTATE_UINT32(clock, NVPvp1),
        VMSTATE_UINT32(fifo_direct, NVPvp1),
        VMSTATE_UINT32_ARRAY(slot, NVPvp1, NV_VP1_UNITS),
        VMSTATE_UINT32(slot_valid, NVPvp1),
        VMSTATE_UINT32_ARRAY(dma, NVPvp1, NV_VP1_DMA_OBJS),
        VMSTATE_END_OF_LIST()
    },
};

/* Everything but the decoded code, which post_load rebuilds. */
static const VMStateDescription vmstate_nv_vp1 = {
    .name = "nv-gpu/vp1",
    .version_id = 2,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(r, NVVp1, 32),
        VMSTATE_UINT8_2DARRAY(v, NVVp1, 32, 16),
        VMSTATE_UINT32_ARRAY(a, NVVp1, 32),
        VMSTATE_UINT16_ARRAY(c, NVVp1, 4),
        VMSTATE_UINT32_ARRAY(vc, NVVp1, 4),
        VMSTATE_INT32_ARRAY(va, NVVp1, 16),
        VMSTATE_UINT8_ARRAY(vx, NVVp1, 16),
        VMSTATE_UINT16_ARRAY(l, NVVp1, 4),
        VMSTATE_UINT32_ARRAY(m, NVVp1, 64),
        VMSTATE_UINT32_ARRAY(f, NVVp1, 2),
        VMSTATE_UINT32_ARRAY(sr, NVVp1, 32),
        VMSTATE_UINT32_ARRAY(mi, NVVp1, 32),
        VMSTATE_UINT32_ARRAY(uc, NVVp1, 32),
        VMSTATE_UINT32_ARRAY_V(x, NVVp1, 16, 2),
        VMSTATE_UINT8_ARRAY(ds, NVVp1, NV_VP1_DS_SIZE),
        VMSTATE_UINT32_ARRAY(code, NVVp1, NV_VP1_CODE_WORDS),
        VMSTATE_UINT32(pc, NVVp1),
        VMSTATE_UINT32(branch_target, NVVp1),
        VMSTATE_BOOL(branch_pending, NVVp1),
        VMSTATE_BOOL(running, NVVp1),
        VMSTATE_UINT32(exit_code, NVVp1),
        VMSTATE_UINT32(events, NVVp1),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pstraps = {
    .name = "nv-gpu/pstraps",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(straps0, NVPstraps),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_vga_head = {
    .name = "nv-gpu/vga-head",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT8_ARRAY(cr, NVVgaHead, 256),
        VMSTATE_UINT8_ARRAY(cr58, NVVgaHead, 256),
        VMSTATE_UINT8(cr_index, NVVgaHead),
        VMSTATE_UINT8_ARRAY(sr, NVVgaHead, 8),
        VMSTATE_UINT8(sr_index, NVVgaHead),
        VMSTATE_UINT8_ARRAY(gr, NVVgaHead, 16),
        VMSTATE_UINT8(gr_index, NVVgaHead),
        VMSTATE_UINT8_ARRAY(ar, NVVgaHead, 32),
        VMSTATE_UINT8(ar_index, NVVgaHead),
        VMSTATE_UINT8(ar_flip, NVVgaHead),
        VMSTATE_UINT8(misc, NVVgaHead),
        VMSTATE_UINT8(fcr, NVVgaHead),
        VMSTATE_UINT8(enable, NVVgaHead),
        VMSTATE_UINT8(dac_mask, NVVgaHead),
        VMSTATE_UINT8(dac_read_index, NVVgaHead),
        VMSTATE_UINT8(dac_write_index, NVVgaHead),
        VMSTATE_UINT8(dac_component, NVVgaHead),
        VMSTATE_UINT8(dac_reading, NVVgaHead),
        VMSTATE_UINT8_ARRAY(dac_latch, NVVgaHead, 3),
        VMSTATE_UINT8_ARRAY(palette, NVVgaHead, 768),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_vga = {
    .name = "nv-gpu/vga",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(head, NVVga, NV_HEADS, 1, vmstate_nv_vga_head,
                             NVVgaHead),
        VMSTATE_UINT8(lock, NVVga),
        VMSTATE_UINT8(owner, NVVga),
        VMSTATE_UINT8(ddc_sda_in, NVVga),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pcrtc_head = {
    .name = "nv-gpu/pcrtc-head",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr, NVPcrtcHead),
        VMSTATE_UINT32(intr_en, NVPcrtcHead),
        VMSTATE_UINT32(start, NVPcrtcHead),
        VMSTATE_UINT32(config, NVPcrtcHead),
        VMSTATE_UINT32(cursor_config, NVPcrtcHead),
        VMSTATE_UINT32(gpio, NVPcrtcHead),
        VMSTATE_UINT32(gpio_ext, NVPcrtcHead),
        VMSTATE_UINT32(r830, NVPcrtcHead),
        VMSTATE_UINT32(r834, NVPcrtcHead),
        VMSTATE_UINT32(r850, NVPcrtcHead),
        VMSTATE_UINT32(engine_ctrl, NVPcrtcHead),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pcrtc = {
    .name = "nv-gpu/pcrtc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(head, NVPcrtc, NV_HEADS, 1,
                             vmstate_nv_pcrtc_head, NVPcrtcHead),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pramdac_head = {
    .name = "nv-gpu/pramdac-head",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, NVPramdacHead, NV_PRAMDAC_REGS),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pramdac = {
    .name = "nv-gpu/pramdac",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(head, NVPramdac, NV_HEADS, 1,
                             vmstate_nv_pramdac_head, NVPramdacHead),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pvideo = {
    .name = "nv-gpu/pvideo",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, NVPvideo, NV_PVIDEO_SIZE / 4),
        VMSTATE_INT32(shown, NVPvideo),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv40_pclock = {
    .name = "nv-gpu/nv40-pclock",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, NVPclock, NV40_PCLOCK_REGS),
        VMSTATE_UINT32(master, NVPclock),
        VMSTATE_END_OF_LIST()
    },
};

static int nv_gpu_post_load(void *opaque, int version_id)
{
    NVGPUState *s = opaque;

    nv_card_post_load(&s->card);
    nv_gpu_invalidate(s);                       /* redraw everything */
    return 0;
}

/*
 * NV_GPU_SUBSECTION(name, engine, fields...): the subsection "nv-gpu/name"
 * holding @fields, sent when the card has @engine.
 */
#define NV_GPU_SUBSECTION(id, engine, ...)                                 \
    static bool nv_gpu_##id##_needed(void *opaque)                         \
    {                                                                      \
        NVGPUState *s = opaque;                                            \
                                                                           \
        return nv_card_has_engine(&s->card, &engine);                      \
    }                                                                      \
                                                                           \
    static const VMStateDescription vmstate_nv_gpu_##id = {                \
        .name = "nv-gpu/" #id,                                             \
        .version_id = 1,                                                   \
        .minimum_version_id = 1,                                           \
        .needed = nv_gpu_##id##_needed,                                    \
        .fields = (VMStateField[]) {                                       \
            __VA_ARGS__,                                                   \
            VMSTATE_END_OF_LIST()                                          \
        },                                                                 \
    }

#define NV_CARD_STRUCT(member, vmsd, type) \
    VMSTATE_STRUCT(card.member, NVGPUState, 1, vmsd, type)

NV_GPU_SUBSECTION(nv1_pgraph, nv1_pgraph_engine,
                  NV_CARD_STRUCT(pgraph1, vmstate_nv1_pgraph, NV1Pgraph));
NV_GPU_SUBSECTION(nv1_pdma, nv1_pdma_engine,
                  NV_CARD_STRUCT(pdma1, vmstate_nv1_pdma, NV1Pdma));
NV_GPU_SUBSECTION(nv1_pdac, nv1_pdac_engine,
                  NV_CARD_STRUCT(pdac1, vmstate_nv1_pdac, NV1Pdac));
NV_GPU_SUBSECTION(nv1_pfifo, nv1_pfifo_engine,
                  NV_CARD_STRUCT(pfifo1, vmstate_nv1_pfifo, NV1Pfifo));
NV_GPU_SUBSECTION(nv4_pfifo, nv4_pfifo_engine,
                  NV_CARD_STRUCT(pfifo4, vmstate_nv4_pfifo, NV4Pfifo));
NV_GPU_SUBSECTION(nv20_pgraph, nv20_pgraph_engine,
                  NV_CARD_STRUCT(pgraph20, vmstate_nv20_pgraph, NV20Pgraph),
                  NV_CARD_STRUCT(xf, vmstate_nv_xf, NVXf));
NV_GPU_SUBSECTION(pvp1, nv_pvp1_engine,
                  NV_CARD_STRUCT(pvp1, vmstate_nv_pvp1, NVPvp1),
                  NV_CARD_STRUCT(vp1, vmstate_nv_vp1, NVVp1));
NV_GPU_SUBSECTION(pstraps, nv_pstraps_engine,
                  NV_CARD_STRUCT(pstraps, vmstate_nv_pstraps, NVPstraps));
NV_GPU_SUBSECTION(vga, nv_vga_engine,
                  NV_CARD_STRUCT(vga, vmstate_nv_vga, NVVga));
NV_GPU_SUBSECTION(pcrtc, nv_pcrtc_engine,
                  NV_CARD_STRUCT(pcrtc, vmstate_nv_pcrtc, NVPcrtc));
NV_GPU_SUBSECTION(pramdac, nv_pramdac_engine,
                  NV_CARD_STRUCT(pramdac, vmstate_nv_pramdac, NVPramdac));
NV_GPU_SUBSECTION(pvideo, nv_pvideo_engine,
                  NV_CARD_STRUCT(pvideo, vmstate_nv_pvideo, NVPvideo));
NV_GPU_SUBSECTION(nv40_pclock, nv40_pclock_engine,
                  NV_CARD_STRUCT(pclock, vmstate_nv40_pclock, NVPclock));

const VMStateDescription vmstate_nv_gpu = {
    .name = "nv-gpu",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = nv_gpu_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, NVGPUState),
        VMSTATE_STRUCT(vga, NVGPUState, 0, vmstate_vga_common,
                       VGACommonState),
        VMSTATE_BOOL(card.big_endian, NVGPUState),
        NV_CARD_STRUCT(pmc, vmstate_nv_pmc, NVPmc),
        NV_CARD_STRUCT(pbus, vmstate_nv_pbus, NVPbus),
        NV_CARD_STRUCT(ptimer, vmstate_nv_ptimer, NVPtimer),
        NV_CARD_STRUCT(pfb, vmstate_nv_pfb, NVPfb),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * []) {
        &vmstate_nv_gpu_nv1_pgraph,
        &vmstate_nv_gpu_nv1_pdma,
        &vmstate_nv_gpu_nv1_pdac,
        &vmstate_nv_gpu_nv1_pfifo,
        &vmstate_nv_gpu_nv4_pfifo,
        &vmstate_nv_gpu_nv20_pgraph,
        &vmstate_nv_gpu_pvp1,
        &vmstate_nv_gpu_pstraps,
        &vmstate_nv_gpu_vga,
        &vmstate_nv_gpu_pcrtc,
        &vmstate_nv_gpu_pramdac,
        &vmstate_nv_gpu_pvideo,
        &vmstate_nv_gpu_nv40_pclock,
        NULL
    },
};
