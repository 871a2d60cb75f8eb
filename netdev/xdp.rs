// SPDX-License-Identifier: GPL-2.0

//! XDP: the attached program as an Rx poll sees it, the frames XDP hands a
//! driver to send (`XDP_TX`, `ndo_xdp_xmit`), and the XDP counters both
//! drivers keep under the C fec's names.
//!
//! C header: [`include/net/xdp.h`](srctree/include/net/xdp.h)

use core::{
    marker::PhantomData,
    ptr::NonNull, //
};
use kernel::{
    ffi::c_uint,
    prelude::*,
    sync::atomic::{
        Atomic,
        Relaxed, //
    },
};

use super::{
    context::RcuReader,
    dma::{
        DmaDevice,
        TxMap, //
    },
    ffi,
    net::NetDev, //
};

/// Headroom XDP programs may use in front of a frame
/// (`XDP_PACKET_HEADROOM`): Rx buffers built for XDP leave at least this.
pub(crate) const XDP_PACKET_HEADROOM: u32 = 256;

/// The XDP program attached to a device, for the RCU read-side critical
/// section `'a` (a program detached meanwhile is freed only after a grace
/// period).
///
/// # Invariants
///
/// `0` is a live `struct bpf_prog` for as long as `'a` lasts.
#[derive(Clone, Copy)]
pub(crate) struct XdpProg<'a>(NonNull<ffi::BpfProg>, PhantomData<&'a ()>);

impl NetDev<'_> {
    /// The attached XDP program, if any, for as long as `_rcu` proves an
    /// RCU read-side critical section (a NAPI poll's context does).
    pub(crate) fn xdp_prog<'a>(self, _rcu: &'a impl RcuReader) -> Option<XdpProg<'a>> {
        // SAFETY: A live device; the shim reads the pointer once.
        let p = unsafe { ffi::nxp_xdp_prog(self.as_raw()) };
        // INVARIANT: the program stays alive for the RCU read-side critical
        // section that `_rcu` proves.
        NonNull::new(p).map(|p| XdpProg(p, PhantomData))
    }

    /// Advertises XDP (every action, and the device as a redirect target),
    /// with AF_XDP zero-copy if `zc` (the driver takes XSK pools,
    /// [`NetDriver::xsk_setup`](super::net::NetDriver::xsk_setup)). Probe,
    /// before registration.
    pub(crate) fn set_xdp_features(self, on: bool, zc: bool) {
        // SAFETY: A live device, not registered yet or under RTNL.
        unsafe { ffi::nxp_netdev_set_xdp_features(self.as_raw(), on, zc) }
    }
}

/// What an XDP program decided for a frame, once carried out.
pub(crate) enum XdpVerdict {
    /// For the stack: the frame is now `len` bytes at `off` in its buffer.
    Pass { off: u32, len: u32 },
    /// Dropped (`XDP_DROP`, `XDP_ABORTED` and unknown actions).
    Drop,
    /// To be sent back out of the device.
    Tx(XdpFrame),
    /// `XDP_TX`, but no frame could be made of the buffer.
    TxError,
    /// Redirected: the buffer has gone with it.
    Redirected,
    /// `XDP_REDIRECT` to a target that refused it.
    RedirectError,
}

/// The XDP part of one NAPI poll: the program, and whether a redirect
/// needs its flush (done when the value goes, before the poll returns).
pub(crate) struct XdpPoll<'a> {
    pub(crate) prog: XdpProg<'a>,
    redirected: bool,
}

impl XdpProg<'_> {
    /// The program, for the shim (live for the RCU section `'_`).
    pub(crate) fn as_raw(&self) -> *mut ffi::BpfProg {
        self.0.as_ptr()
    }
}

impl<'a> XdpPoll<'a> {
    pub(crate) fn new(prog: XdpProg<'a>) -> Self {
        Self {
            prog,
            redirected: false,
        }
    }

    /// A frame of this poll was redirected: the flush is due at its end.
    pub(crate) fn note_redirect(&mut self) {
        self.redirected = true;
    }

    /// Runs the program on the `*len` bytes at `*off` in the buffer at `va`
    /// of `truesize` bytes, of the ring `rxq` belongs to.
    ///
    /// # Safety
    ///
    /// The buffer is a page_pool buffer of `rxq`'s pool that the caller
    /// owns, synced for the CPU; `*off + *len` and the `skb_shared_info`
    /// fit in `truesize`; the call is made from the ring's NAPI poll. The
    /// buffer stays the caller's unless the verdict is `Tx` (owned by the
    /// frame then) or `Redirected`.
    pub(crate) unsafe fn run(
        &mut self,
        rxq: NonNull<ffi::XdpRxqInfo>,
        va: *mut u8,
        truesize: u32,
        off: u32,
        len: u32,
    ) -> XdpVerdict {
        let (mut o, mut l): (c_uint, c_uint) = (off, len);
        let mut frame = core::ptr::null_mut();
        // SAFETY: A live program (type invariant) and registered rxq; the
        // buffer as the caller guarantees; `o`, `l`, `frame` are locals.
        let act = unsafe {
            ffi::nxp_xdp_run(
                self.prog.0.as_ptr(),
                rxq.as_ptr(),
                va.cast(),
                truesize,
                &mut o,
                &mut l,
                &mut frame,
            )
        };
        match act {
            ffi::NXP_XDP_PASS => XdpVerdict::Pass { off: o, len: l },
            ffi::NXP_XDP_TX => match NonNull::new(frame) {
                // INVARIANT: a frame the shim just made, owned by us.
                Some(f) => XdpVerdict::Tx(XdpFrame(f)),
                None => XdpVerdict::TxError,
            },
            ffi::NXP_XDP_TX_ERR => XdpVerdict::TxError,
            ffi::NXP_XDP_REDIRECT => {
                self.redirected = true;
                XdpVerdict::Redirected
            }
            ffi::NXP_XDP_REDIRECT_ERR => XdpVerdict::RedirectError,
            _ => XdpVerdict::Drop,
        }
    }
}

impl Drop for XdpPoll<'_> {
    fn drop(&mut self) {
        if self.redirected {
            // SAFETY: Called from the NAPI poll whose redirects are queued.
            unsafe { ffi::nxp_xdp_flush() }
        }
    }
}

/// An XDP frame to be sent, owned: returned to its memory (its page_pool)
/// when dropped unsent, or by the Tx completion once sent.
///
/// # Invariants
///
/// `0` is a valid `struct xdp_frame` in one buffer, owned by this value.
pub(crate) struct XdpFrame(NonNull<ffi::XdpFrame>);

// SAFETY: A frame may be returned from any CPU (`xdp_return_frame()`).
unsafe impl Send for XdpFrame {}

impl XdpFrame {
    /// Frames from `ndo_xdp_xmit`: `n` at `frames`.
    ///
    /// # Safety
    ///
    /// `frames` holds `n` valid frames that the caller hands over to the
    /// returned values (`ndo_xdp_xmit` returns how many it took: the first
    /// ones, which the driver then owns).
    pub(crate) unsafe fn from_raw(f: *mut ffi::XdpFrame) -> Option<Self> {
        // INVARIANT: the caller hands the frame over.
        NonNull::new(f).map(Self)
    }

    /// Gives the frame back to the caller of `ndo_xdp_xmit`, which frees
    /// what the driver did not take.
    pub(crate) fn into_raw(self) -> *mut ffi::XdpFrame {
        let p = self.0.as_ptr();
        core::mem::forget(self);
        p
    }

    /// Maps the frame's data for the device to read; `None` for a frame of
    /// several buffers or a mapping failure.
    pub(crate) fn map(&self, dma: &DmaDevice) -> Option<TxMap> {
        let mut len: c_uint = 0;
        // SAFETY: A valid frame (type invariant); `len` is a local.
        let va = unsafe { ffi::nxp_xdp_frame_data(self.0.as_ptr(), &mut len) };
        if va.is_null() {
            return None;
        }
        // SAFETY: `va` and `len` are the frame's own buffer, which lives at
        // least as long as the frame (and so as the mapping: the frame is
        // returned only after it is unmapped).
        unsafe { dma.map_single(va.cast(), len) }.ok()
    }

    /// An `XDP_TX` frame the driver could not send, from the Rx NAPI that
    /// made it.
    pub(crate) fn tx_error(self, dev: NetDev<'_>) {
        let p = self.into_raw();
        // SAFETY: A frame we owned, of this poll's ring.
        unsafe { ffi::nxp_xdp_tx_error(dev.as_raw(), p) }
    }
}

impl Drop for XdpFrame {
    fn drop(&mut self) {
        // SAFETY: A frame we own (type invariant), returned once.
        unsafe { ffi::nxp_xdp_return_frame(self.0.as_ptr()) }
    }
}

/// A device's XDP counters, under the C fec's `ethtool -S` names
/// ([`XDP_STAT_NAMES`], in this order).
pub(crate) struct XdpStats {
    pub(crate) rx_redirect: Atomic<u64>,
    pub(crate) rx_pass: Atomic<u64>,
    pub(crate) rx_drop: Atomic<u64>,
    pub(crate) rx_tx: Atomic<u64>,
    pub(crate) rx_tx_errors: Atomic<u64>,
    pub(crate) tx_xmit: Atomic<u64>,
    pub(crate) tx_xmit_errors: Atomic<u64>,
}

/// `ethtool -S` names of [`XdpStats`].
pub(crate) const XDP_STAT_NAMES: [&CStr; 7] = [
    c"rx_xdp_redirect",
    c"rx_xdp_pass",
    c"rx_xdp_drop",
    c"rx_xdp_tx",
    c"rx_xdp_tx_errors",
    c"tx_xdp_xmit",
    c"tx_xdp_xmit_errors",
];

impl XdpStats {
    pub(crate) const fn new() -> Self {
        Self {
            rx_redirect: Atomic::new(0),
            rx_pass: Atomic::new(0),
            rx_drop: Atomic::new(0),
            rx_tx: Atomic::new(0),
            rx_tx_errors: Atomic::new(0),
            tx_xmit: Atomic::new(0),
            tx_xmit_errors: Atomic::new(0),
        }
    }

    /// The counters in [`XDP_STAT_NAMES`] order.
    pub(crate) fn values(&self) -> [u64; 7] {
        [
            self.rx_redirect.load(Relaxed),
            self.rx_pass.load(Relaxed),
            self.rx_drop.load(Relaxed),
            self.rx_tx.load(Relaxed),
            self.rx_tx_errors.load(Relaxed),
            self.tx_xmit.load(Relaxed),
            self.tx_xmit_errors.load(Relaxed),
        ]
    }

    /// Adds one Rx poll's counts.
    pub(crate) fn add_rx(&self, c: &XdpCounts) {
        for (a, v) in [
            (&self.rx_redirect, c.redirect),
            (&self.rx_pass, c.pass),
            (&self.rx_drop, c.drop),
            (&self.rx_tx, c.tx),
            (&self.rx_tx_errors, c.tx_errors),
        ] {
            if v != 0 {
                a.add(u64::from(v), Relaxed);
            }
        }
    }
}

/// The XDP counts of one Rx poll (at most a budget of frames).
#[derive(Default)]
pub(crate) struct XdpCounts {
    pub(crate) redirect: u32,
    pub(crate) pass: u32,
    pub(crate) drop: u32,
    pub(crate) tx: u32,
    pub(crate) tx_errors: u32,
}

impl XdpCounts {
    /// Frames `XDP_TX` queued on the Tx ring (for the doorbell).
    pub(crate) fn tx_queued(&self) -> u32 {
        self.tx - self.tx_errors
    }

    /// Counts what the program did with a frame, and queues its `XDP_TX`
    /// frame with `tx` (which gives the frame back when its ring has no
    /// room: a Tx error, the frame freed). A redirect its target refused
    /// counts as a redirect and a drop, as the C fec counts it.
    pub(crate) fn count(
        &mut self,
        done: XdpDone,
        tx: &mut dyn FnMut(XdpFrame) -> core::result::Result<(), XdpFrame>,
        dev: NetDev<'_>,
    ) {
        match done {
            XdpDone::Passed => self.pass += 1,
            XdpDone::Dropped => self.drop += 1,
            XdpDone::Tx(frame) => {
                self.tx += 1;
                if let Err(f) = tx(frame) {
                    self.tx_errors += 1;
                    f.tx_error(dev);
                }
            }
            XdpDone::TxError => {
                self.tx += 1;
                self.tx_errors += 1;
            }
            XdpDone::Redirected => self.redirect += 1,
            XdpDone::RedirectError => {
                self.redirect += 1;
                self.drop += 1;
            }
        }
    }
}

/// What became of a frame an XDP program saw, its buffer dealt with: what
/// an Rx poll counts ([`XdpCounts::count`]).
pub(crate) enum XdpDone {
    /// For the stack (no program, or `XDP_PASS`).
    Passed,
    /// Dropped by the program (or `XDP_ABORTED`), or no skb for it.
    Dropped,
    /// `XDP_TX`: the frame, to be sent back.
    Tx(XdpFrame),
    /// `XDP_TX`, but no frame could be made of the buffer.
    TxError,
    /// Redirected: the buffer has gone with it.
    Redirected,
    /// `XDP_REDIRECT` to a target that refused it (an AF_XDP socket's Rx
    /// ring full).
    RedirectError,
}

/// The frames of one `ndo_xdp_xmit` call, taken in order: the driver owns
/// each frame it takes, and gives back (untouched) the one it cannot send,
/// then stops; the caller frees the frames not taken.
///
/// # Invariants
///
/// `frames[next..]` are valid frames still owned by the caller; those
/// before `next` were handed to the driver (one may be given back).
pub(crate) struct XdpXmitQueue<'a> {
    frames: &'a [*mut ffi::XdpFrame],
    next: usize,
}

impl<'a> XdpXmitQueue<'a> {
    /// # Safety
    ///
    /// `frames` holds valid frames that the caller of `ndo_xdp_xmit` hands
    /// over as the driver takes them.
    pub(crate) unsafe fn new(frames: &'a [*mut ffi::XdpFrame]) -> Self {
        Self { frames, next: 0 }
    }

    /// Frames left to take.
    pub(crate) fn remaining(&self) -> usize {
        self.frames.len() - self.next
    }

    /// The next frame, now the driver's.
    pub(crate) fn take(&mut self) -> Option<XdpFrame> {
        let p = *self.frames.get(self.next)?;
        // SAFETY: Not taken yet, so still the caller's to hand over (type
        // invariant); it is now the driver's.
        let f = unsafe { XdpFrame::from_raw(p) }?;
        self.next += 1;
        Some(f)
    }

    /// Gives back the frame last taken, not sent: the caller frees it. A
    /// frame that is not the one last taken is returned to its memory
    /// instead.
    pub(crate) fn give_back(&mut self, f: XdpFrame) {
        match self.next.checked_sub(1) {
            Some(i) if self.frames[i] == f.0.as_ptr() => {
                let _ = f.into_raw();
                self.next = i;
            }
            _ => drop(f),
        }
    }

    /// How many frames the driver took (and so sent).
    pub(crate) fn sent(&self) -> usize {
        self.next
    }

    /// Hands the frames in order to `queue`, which puts one on the Tx ring
    /// or gives it back when it does not fit; stops at the first given back
    /// and counts in `stats` what was sent and refused. Returns how many
    /// were sent.
    pub(crate) fn send_all(
        &mut self,
        stats: &XdpStats,
        mut queue: impl FnMut(XdpFrame) -> core::result::Result<(), XdpFrame>,
    ) -> u64 {
        let mut sent = 0u64;
        while let Some(f) = self.take() {
            if let Err(f) = queue(f) {
                self.give_back(f);
                break;
            }
            sent += 1;
        }
        let refused = self.remaining() as u64;
        stats.tx_xmit.add(sent, Relaxed);
        if refused > 0 {
            stats.tx_xmit_errors.add(refused, Relaxed);
        }
        sent
    }
}
