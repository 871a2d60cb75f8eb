// SPDX-License-Identifier: GPL-2.0

//! AF_XDP zero-copy: the XSK buffer pool an AF_XDP socket binds to one of
//! the device's queues, whose buffers (the socket's memory) the queue's Rx
//! ring receives into and whose Tx ring the queue's Tx ring sends from.
//!
//! C header: [`include/net/xdp_sock_drv.h`](srctree/include/net/xdp_sock_drv.h)

use core::{
    marker::PhantomData,
    ptr::NonNull, //
};
use kernel::{
    error::to_result,
    ffi::c_uint,
    prelude::*, //
};

use super::{
    dma::{
        DmaAddr,
        DmaDevice, //
    },
    ffi,
    net::NetDev,
    poll::Polled,
    xdp::{
        XdpDone,
        XdpFrame,
        XdpPoll, //
    },
};

/// A pool as `XDP_SETUP_XSK_POOL` hands it over, kept in the driver's
/// configuration while it is bound: only a name for it, which
/// [`XskPoolRef::get`] turns into a usable [`XskPool`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct XskPoolRef(NonNull<ffi::XskBuffPool>);

// SAFETY: Only a pointer value; using it needs `XskPoolRef::get`.
unsafe impl Send for XskPoolRef {}

impl XskPoolRef {
    /// The pool `p` of an `XDP_SETUP_XSK_POOL` command (`None` to unbind).
    pub(crate) fn from_raw(p: *mut ffi::XskBuffPool) -> Option<Self> {
        NonNull::new(p).map(Self)
    }

    /// The pool, to use.
    ///
    /// # Safety
    ///
    /// The pool is bound to the device now (between the command that bound
    /// it and the one that unbinds it), and the value returned is dropped
    /// before the driver returns from that unbinding command.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) unsafe fn get(self) -> XskPool {
        // INVARIANT: as the caller guarantees.
        XskPool(self.0)
    }
}

/// An XSK buffer pool bound to one of the device's queues.
///
/// # Invariants
///
/// `0` is a live pool bound to the device for as long as this value lives
/// (the driver drops it before it returns from the command that unbinds
/// the pool). Its buffers are allocated and freed only under the lock of
/// the one Rx ring that uses it, its Tx ring read and completed only under
/// the lock of the one Tx ring that sends from it.
pub(crate) struct XskPool(NonNull<ffi::XskBuffPool>);

// SAFETY: The pool may be used from any CPU; the rings' locks serialize its
// unlocked parts (type invariant).
unsafe impl Send for XskPool {}

impl XskPool {
    /// Maps the pool's memory for `dma` (before a ring uses it).
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn dma_map(&self, dma: &DmaDevice) -> Result {
        // SAFETY: A live pool (type invariant) and device.
        to_result(unsafe { ffi::nxp_xsk_pool_dma_map(self.0.as_ptr(), dma.raw()) })
    }

    /// Undoes [`XskPool::dma_map`], once no ring uses the pool.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn dma_unmap(&self) {
        // SAFETY: A live pool (type invariant), mapped.
        unsafe { ffi::nxp_xsk_pool_dma_unmap(self.0.as_ptr()) }
    }

    /// Bytes a buffer takes from its data on (the device's buffer length at
    /// most).
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn rx_frame_size(&self) -> u32 {
        // SAFETY: A live pool (type invariant).
        unsafe { ffi::nxp_xsk_pool_rx_frame_size(self.0.as_ptr()) }
    }

    /// A buffer of the socket's fill ring, `None` if it is empty. Under the
    /// lock of the Rx ring that uses the pool (`&mut` of its book).
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn alloc(&self) -> Option<XskBuf> {
        let mut dma = 0;
        // SAFETY: A live pool, whose buffers only the Rx ring's lock holder
        // allocates (type invariant); `dma` is a local.
        let xdp = unsafe { ffi::nxp_xsk_buff_alloc(self.0.as_ptr(), &mut dma) };
        // INVARIANT: a buffer just taken from the pool.
        NonNull::new(xdp).map(|xdp| XskBuf { xdp, dma })
    }

    /// The XDP queue info of Rx queue `queue` of `dev`, whose buffers come
    /// from this pool: registered with the pool's memory model and set as
    /// the pool's until the value is dropped.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn rxq<'a>(&self, dev: NetDev<'a>, queue: u32) -> Result<XskRxq<'a>> {
        // SAFETY: A live pool (type invariant) and device.
        let rxq = unsafe { ffi::nxp_xsk_rxq_create(self.0.as_ptr(), dev.as_raw(), queue) };
        // INVARIANT: registered, now owned.
        Ok(XskRxq(NonNull::new(rxq).ok_or(ENOMEM)?, PhantomData))
    }

    /// Whether the socket must wake the Rx NAPI (with `poll()` or
    /// `recvfrom()`) for it to go on: its fill ring ran dry. False if the
    /// socket does not take such requests (no `XDP_USE_NEED_WAKEUP`): the
    /// NAPI must then poll on by itself.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn rx_need_wakeup(&self, on: bool) -> bool {
        // SAFETY: A live pool (type invariant).
        unsafe { ffi::nxp_xsk_set_rx_need_wakeup(self.0.as_ptr(), on) }
    }

    /// The socket is to wake the Tx NAPI for the frames it queues next.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn tx_need_wakeup(&self) {
        // SAFETY: A live pool (type invariant).
        unsafe { ffi::nxp_xsk_set_tx_need_wakeup(self.0.as_ptr()) }
    }

    /// Takes at most `max` frames off the socket's Tx ring and hands each,
    /// its bus address and length, to `send`, which must put it on the
    /// device's ring. Returns how many. Under the lock of the Tx ring that
    /// sends from the pool.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn tx_take(&self, max: u32, mut send: impl FnMut(DmaAddr, u32)) -> u32 {
        // SAFETY: A live pool, whose Tx ring only the lock holder of the
        // device's Tx ring reads (type invariant).
        let n = unsafe { ffi::nxp_xsk_tx_peek(self.0.as_ptr(), max) };
        for i in 0..n {
            let mut len = 0;
            // SAFETY: `i` is one of the frames just taken; `len` is a local.
            let dma = unsafe { ffi::nxp_xsk_tx_desc(self.0.as_ptr(), i, &mut len) };
            send(dma, len);
        }
        n
    }

    /// `n` frames of the socket's were sent: their buffers go back to it
    /// (through its completion ring), in the order they were taken.
    pub(crate) fn tx_completed(&self, n: u32) {
        if n > 0 {
            // SAFETY: A live pool (type invariant), from the Tx ring's lock
            // holder; `n` frames taken and not completed yet.
            unsafe { ffi::nxp_xsk_tx_completed(self.0.as_ptr(), n) }
        }
    }
}

/// The XDP queue info of an Rx ring whose buffers come from an XSK pool
/// (registered with the pool's memory model and set as the pool's), of a
/// device alive for `'a`.
///
/// # Invariants
///
/// `0` is a registered `struct xdp_rxq_info` of a net_device alive for `'a`,
/// owned by this value.
pub(crate) struct XskRxq<'a>(NonNull<ffi::XdpRxqInfo>, PhantomData<NetDev<'a>>);

// SAFETY: Unregistered from whichever CPU drops it (process context).
unsafe impl Send for XskRxq<'_> {}

impl Drop for XskRxq<'_> {
    fn drop(&mut self) {
        // SAFETY: Registered and owned (type invariant), unregistered once.
        unsafe { ffi::nxp_xsk_rxq_destroy(self.0.as_ptr()) }
    }
}

/// A buffer of an XSK pool, owned: back to the pool when dropped.
///
/// # Invariants
///
/// `xdp` is a buffer of the pool of the ring holding this value, taken from
/// its fill ring and not freed; `dma` is the bus address of its data. It
/// lives under the lock of the Rx ring that uses the pool (see [`XskPool`]).
pub(crate) struct XskBuf {
    xdp: NonNull<ffi::XdpBuff>,
    dma: DmaAddr,
}

// SAFETY: The pool's buffers may be used and freed on any CPU; the ring's
// lock serializes that (see `XskPool`).
unsafe impl Send for XskBuf {}

impl XskBuf {
    /// The bus address of the buffer's data (for the device to write).
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn dma(&self) -> DmaAddr {
        self.dma
    }

    fn into_raw(self) -> *mut ffi::XdpBuff {
        let p = self.xdp.as_ptr();
        core::mem::forget(self);
        p
    }

    /// Receives the `len` bytes the device wrote `shift` bytes into the
    /// buffer: the program (if any) runs on the frame and its verdict is
    /// carried out but `XDP_TX`, whose frame (a copy) is returned; with no
    /// program, or on `XDP_PASS`, the frame is copied into an skb for GRO.
    /// The buffer is consumed. From the NAPI poll of the Rx ring that owns
    /// the buffer.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn receive(
        self,
        shift: u32,
        len: u32,
        napi: Polled<'_>,
        xdp: Option<&mut XdpPoll<'_>>,
    ) -> XdpDone {
        let prog = xdp
            .as_ref()
            .map_or(core::ptr::null_mut(), |x| x.prog.as_raw());
        let mut frame = core::ptr::null_mut();
        // SAFETY: A buffer of the pool, ours (type invariant), the frame in
        // it as the device wrote it; the program live (RCU, `XdpPoll`) or
        // none; from the ring's NAPI poll; `frame` is a local.
        let act = unsafe {
            ffi::nxp_xsk_rx(
                prog,
                napi.as_raw(),
                self.into_raw(),
                shift as c_uint,
                len as c_uint,
                &mut frame,
            )
        };
        match act {
            ffi::NXP_XDP_PASS => XdpDone::Passed,
            ffi::NXP_XDP_TX => {
                // SAFETY: A frame the shim just made, handed to us.
                match unsafe { XdpFrame::from_raw(frame) } {
                    Some(f) => XdpDone::Tx(f),
                    None => XdpDone::TxError,
                }
            }
            ffi::NXP_XDP_TX_ERR => XdpDone::TxError,
            ffi::NXP_XDP_REDIRECT => {
                if let Some(x) = xdp {
                    x.note_redirect();
                }
                XdpDone::Redirected
            }
            ffi::NXP_XDP_REDIRECT_ERR => XdpDone::RedirectError,
            _ => XdpDone::Dropped,
        }
    }
}

impl Drop for XskBuf {
    fn drop(&mut self) {
        // SAFETY: An unfreed buffer (type invariant), under its ring's lock
        // (as every value of this type lives in an `XskBook`).
        unsafe { ffi::nxp_xsk_buff_free(self.xdp.as_ptr()) }
    }
}
