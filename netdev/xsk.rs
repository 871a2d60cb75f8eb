// SPDX-License-Identifier: GPL-2.0

//! AF_XDP zero-copy: the XSK buffer pool an AF_XDP socket binds to one of
//! the device's queues, whose buffers (the socket's memory) the queue's Rx
//! ring receives into and whose Tx ring the queue's Tx ring sends from.
//!
//! C header: [`include/net/xdp_sock_drv.h`](srctree/include/net/xdp_sock_drv.h)

use core::ptr::NonNull;
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
    poll::Napi,
    xdp::{
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
    pub(crate) fn dma_map(&self, dma: &DmaDevice) -> Result {
        // SAFETY: A live pool (type invariant) and device.
        to_result(unsafe { ffi::nxp_xsk_pool_dma_map(self.0.as_ptr(), dma.raw()) })
    }

    /// Undoes [`XskPool::dma_map`], once no ring uses the pool.
    pub(crate) fn dma_unmap(&self) {
        // SAFETY: A live pool (type invariant), mapped.
        unsafe { ffi::nxp_xsk_pool_dma_unmap(self.0.as_ptr()) }
    }

    /// Bytes a buffer takes from its data on (the device's buffer length at
    /// most).
    pub(crate) fn rx_frame_size(&self) -> u32 {
        // SAFETY: A live pool (type invariant).
        unsafe { ffi::nxp_xsk_pool_rx_frame_size(self.0.as_ptr()) }
    }

    /// A buffer of the socket's fill ring, `None` if it is empty. Under the
    /// lock of the Rx ring that uses the pool (`&mut` of its book).
    fn alloc(&self) -> Option<XskBuf> {
        let mut dma = 0;
        // SAFETY: A live pool, whose buffers only the Rx ring's lock holder
        // allocates (type invariant); `dma` is a local.
        let xdp = unsafe { ffi::nxp_xsk_buff_alloc(self.0.as_ptr(), &mut dma) };
        // INVARIANT: a buffer just taken from the pool.
        NonNull::new(xdp).map(|xdp| XskBuf { xdp, dma })
    }

    /// Whether the socket must wake the Rx NAPI (with `poll()` or
    /// `recvfrom()`) for it to go on: its fill ring ran dry. False if the
    /// socket does not take such requests (no `XDP_USE_NEED_WAKEUP`): the
    /// NAPI must then poll on by itself.
    pub(crate) fn rx_need_wakeup(&self, on: bool) -> bool {
        // SAFETY: A live pool (type invariant).
        unsafe { ffi::nxp_xsk_set_rx_need_wakeup(self.0.as_ptr(), on) }
    }

    /// The socket is to wake the Tx NAPI for the frames it queues next.
    pub(crate) fn tx_need_wakeup(&self) {
        // SAFETY: A live pool (type invariant).
        unsafe { ffi::nxp_xsk_set_tx_need_wakeup(self.0.as_ptr()) }
    }

    /// Takes at most `max` frames off the socket's Tx ring and hands each,
    /// its bus address and length, to `send`, which must put it on the
    /// device's ring. Returns how many. Under the lock of the Tx ring that
    /// sends from the pool.
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
/// (registered with the pool's memory model and set as the pool's).
///
/// # Invariants
///
/// `0` is a registered `struct xdp_rxq_info` this value owns.
struct XskRxq(NonNull<ffi::XdpRxqInfo>);

// SAFETY: Unregistered from whichever CPU drops it (process context).
unsafe impl Send for XskRxq {}

impl Drop for XskRxq {
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
/// its fill ring and not freed; `dma` is the bus address of its data.
struct XskBuf {
    xdp: NonNull<ffi::XdpBuff>,
    dma: DmaAddr,
}

// SAFETY: The pool's buffers may be used and freed on any CPU; the ring's
// lock serializes that (see `XskPool`).
unsafe impl Send for XskBuf {}

impl XskBuf {
    fn into_raw(self) -> *mut ffi::XdpBuff {
        let p = self.xdp.as_ptr();
        core::mem::forget(self);
        p
    }
}

impl Drop for XskBuf {
    fn drop(&mut self) {
        // SAFETY: An unfreed buffer (type invariant), under its ring's lock
        // (as every value of this type lives in an `XskBook`).
        unsafe { ffi::nxp_xsk_buff_free(self.xdp.as_ptr()) }
    }
}

/// What became of a frame received into an XSK buffer (the buffer is
/// always consumed).
pub(crate) enum XskVerdict {
    /// Copied into an skb for the stack (no program, or `XDP_PASS`).
    Passed,
    /// Dropped by the program (or `XDP_ABORTED`), or no skb for it.
    Dropped,
    /// `XDP_TX`: a copy of it, to be sent back.
    Tx(XdpFrame),
    /// `XDP_TX`, but no copy could be made.
    TxError,
    /// Redirected (into the socket, mostly).
    Redirected,
    /// `XDP_REDIRECT` to a target that refused it (the socket's Rx ring
    /// full).
    RedirectError,
}

/// The descriptors of an Rx ring filled from an XSK pool, as the driver
/// arms them; see [`crate::rxring::RxDescs`].
pub(crate) trait XskDescs {
    /// Hands descriptor `i` to the hardware, empty, with the buffer at
    /// `addr` (`None`: the one it has); WRAP on the ring's last one.
    fn arm(&self, i: usize, addr: Option<DmaAddr>, last_in_ring: bool);
    /// Makes descriptor `i` one the hardware stops at (no buffer).
    fn disarm(&self, i: usize, last_in_ring: bool);
}

/// The buffers of an Rx ring of `n` descriptors from an XSK pool.
///
/// # Invariants
///
/// `bufs[i]` is `Some` exactly for `i < filled`, and those descriptors are
/// armed with their buffer; the others stop the hardware (disarmed). The
/// pool's rxq info (`_rxq`) is registered while the book lives.
pub(crate) struct XskBook {
    // The buffers go back to the pool before the rxq info goes (field
    // order).
    bufs: KVec<Option<XskBuf>>,
    filled: usize,
    pool: XskPool,
    _rxq: XskRxq,
    /// Next descriptor to look at (free-running).
    next: u32,
    /// A frame longer than a buffer is being skipped (until its last
    /// descriptor).
    pub(crate) discarding: bool,
}

impl XskBook {
    /// The book of an Rx ring of `n` descriptors (Rx queue `queue` of
    /// `dev`) filled from `pool`, every descriptor the fill ring has a
    /// buffer for armed, the others disarmed.
    pub(crate) fn new<D: XskDescs>(
        descs: &D,
        dev: NetDev,
        queue: u32,
        n: usize,
        pool: XskPool,
    ) -> Result<Self> {
        // SAFETY: A live pool and device.
        let rxq = unsafe { ffi::nxp_xsk_rxq_create(pool.0.as_ptr(), dev.as_raw(), queue) };
        // INVARIANT: registered, now owned.
        let rxq = XskRxq(NonNull::new(rxq).ok_or(ENOMEM)?);
        let mut bufs = KVec::with_capacity(n, GFP_KERNEL)?;
        for _ in 0..n {
            bufs.push(None, GFP_KERNEL)?;
        }
        let mut book = Self {
            bufs,
            filled: 0,
            pool,
            _rxq: rxq,
            next: 0,
            discarding: false,
        };
        for i in 0..n {
            descs.disarm(i, i + 1 == n);
        }
        book.fill(descs);
        Ok(book)
    }

    /// The pool.
    pub(crate) fn pool(&self) -> &XskPool {
        &self.pool
    }

    /// Arms the descriptors without a buffer, in ring order, as far as the
    /// fill ring goes; returns how many it armed.
    pub(crate) fn fill<D: XskDescs>(&mut self, descs: &D) -> u32 {
        let n = self.bufs.len();
        let mut armed = 0;
        while self.filled < n {
            let Some(b) = self.pool.alloc() else {
                break;
            };
            let i = self.filled;
            descs.arm(i, Some(b.dma), i + 1 == n);
            // INVARIANT: armed with its buffer, the next one in order.
            self.bufs[i] = Some(b);
            self.filled += 1;
            armed += 1;
        }
        armed
    }

    /// The descriptor to look at next.
    pub(crate) fn slot(&self) -> usize {
        // (`bufs` is never empty: rings have at least one descriptor.)
        self.next as usize % self.bufs.len()
    }

    /// Whether descriptor `i` has no buffer (the fill ring ran dry before
    /// it): the hardware stopped there.
    pub(crate) fn is_hole(&self, i: usize) -> bool {
        i >= self.filled
    }

    /// Moves on to the next descriptor.
    pub(crate) fn advance(&mut self) {
        self.next = self.next.wrapping_add(1);
    }

    /// Hands descriptor `i` back to the hardware with the buffer it has.
    pub(crate) fn rearm<D: XskDescs>(&self, descs: &D, i: usize) {
        descs.arm(i, None, i + 1 == self.bufs.len());
    }

    /// Re-arms every descriptor with a buffer and restarts at the first one
    /// (after a MAC reset).
    pub(crate) fn rewind<D: XskDescs>(&mut self, descs: &D) {
        let n = self.bufs.len();
        for i in 0..n {
            if i < self.filled {
                self.rearm(descs, i);
            } else {
                descs.disarm(i, i + 1 == n);
            }
        }
        self.discarding = false;
        self.next = 0;
    }

    /// Delivers the `len` bytes the device wrote `shift` bytes into the
    /// buffer of descriptor `i` (its frame complete): the descriptor first
    /// gets a new buffer from the fill ring, then the program (if any) runs
    /// on the frame in the old one and its verdict is carried out. With the
    /// fill ring empty the frame is dropped, its buffer re-armed, and
    /// `None` returned. From the ring's NAPI poll.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn deliver<D: XskDescs>(
        &mut self,
        descs: &D,
        i: usize,
        shift: u32,
        len: u32,
        napi: &Napi,
        xdp: Option<&mut XdpPoll<'_>>,
    ) -> Option<XskVerdict> {
        let Some(new) = self.pool.alloc() else {
            self.rearm(descs, i);
            return None;
        };
        descs.arm(i, Some(new.dma), i + 1 == self.bufs.len());
        // INVARIANT: the descriptor is armed with its new buffer.
        let old = self.bufs[i].replace(new)?;
        let prog = xdp
            .as_ref()
            .map_or(core::ptr::null_mut(), |x| x.prog.as_raw());
        let mut frame = core::ptr::null_mut();
        // SAFETY: A buffer of this ring's pool, now ours, the frame in it
        // as the device wrote it; the program live (RCU, `XdpPoll`) or
        // none; from the ring's NAPI poll; `frame` is a local.
        let act = unsafe {
            ffi::nxp_xsk_rx(
                prog,
                napi.as_raw(),
                old.into_raw(),
                shift as c_uint,
                len as c_uint,
                &mut frame,
            )
        };
        Some(match act {
            ffi::NXP_XDP_PASS => XskVerdict::Passed,
            ffi::NXP_XDP_TX => {
                // SAFETY: A frame the shim just made, handed to us.
                match unsafe { XdpFrame::from_raw(frame) } {
                    Some(f) => XskVerdict::Tx(f),
                    None => XskVerdict::TxError,
                }
            }
            ffi::NXP_XDP_TX_ERR => XskVerdict::TxError,
            ffi::NXP_XDP_REDIRECT => {
                if let Some(x) = xdp {
                    x.note_redirect();
                }
                XskVerdict::Redirected
            }
            ffi::NXP_XDP_REDIRECT_ERR => XskVerdict::RedirectError,
            _ => XskVerdict::Dropped,
        })
    }
}
