// SPDX-License-Identifier: GPL-2.0

//! Socket buffers handed to the driver for transmission.
//!
//! C header: [`include/linux/skbuff.h`](srctree/include/linux/skbuff.h)

use core::ptr::NonNull;
use kernel::{
    bindings,
    ffi::c_uint, //
};

use super::{
    context::PollCtx, //
    ffi,
};
use crate::tso;

/// An owned `struct sk_buff`.
///
/// Dropping an `Skb` frees it (`dev_kfree_skb_any()`, safe in any context);
/// a ring takes ownership with [`Skb::into_raw`] and gives it back with
/// [`Skb::from_raw`] on completion.
///
/// # Invariants
///
/// `0` is a valid skb this value owns.
pub(crate) struct Skb(NonNull<ffi::SkBuff>);

// SAFETY: An skb owned by the driver may move between CPUs (xmit, completion).
unsafe impl Send for Skb {}

/// Tx checksum offload the stack asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CsumRequest {
    /// No offload (`CHECKSUM_NONE` or already complete).
    None,
    /// IPv4 TCP or UDP: header offsets from the start of the frame.
    Ipv4 {
        /// Network header offset.
        l3: u32,
        /// Transport header offset.
        l4: u32,
        /// UDP rather than TCP.
        udp: bool,
        /// The pseudo-header checksum the stack left in the L4 checksum
        /// field, as stored in memory (network byte order).
        phcs: u16,
    },
    /// A partial checksum the hardware cannot do: software fallback needed.
    Other,
}

/// What an skb asks of the Tx path ([`Skb::offloads`]).
pub(crate) struct TxOffloads {
    /// The checksum offload requested.
    pub(crate) csum: CsumRequest,
    /// For a TCP/IPv4 GSO packet, its layout for segmentation in the driver
    /// (`Ok(None)` for a packet that is not GSO; `EINVAL` for another GSO
    /// type or inconsistent headers).
    pub(crate) gso: kernel::error::Result<Option<tso::Layout>>,
    /// The 802.1Q tag (TCI) for the MAC to insert, kept out of the frame
    /// (only with the device's VLAN Tx offload on).
    pub(crate) vlan: Option<u16>,
}

/// The members of `struct sk_buff` a packet's Tx offloads come from
/// ([`Skb::offloads`], [`Skb::clear_csum_fields`]).
struct TxFields {
    /// `ip_summed` is `CHECKSUM_PARTIAL`.
    partial: bool,
    /// `protocol` is IPv4.
    ipv4: bool,
    /// Offsets from `head`.
    network_header: u16,
    transport_header: u16,
    /// The checksum field's offset from `head` (`csum_start +
    /// csum_offset`).
    csum_at: usize,
    /// The 802.1Q tag for the MAC to insert (`vlan_all` non-zero: `vlan_tci`).
    vlan: Option<u16>,
}

/// `skb_end_pointer()`: `sk_buff_data_t` is a pointer on 32-bit kernels and
/// an offset from `head` on 64-bit ones.
trait EndPointer {
    fn end_pointer(self, head: *mut u8) -> *mut u8;
}

impl EndPointer for *mut u8 {
    #[inline(always)]
    fn end_pointer(self, _head: *mut u8) -> *mut u8 {
        self
    }
}

impl EndPointer for u32 {
    #[inline(always)]
    fn end_pointer(self, head: *mut u8) -> *mut u8 {
        head.wrapping_add(self as usize)
    }
}

impl Skb {
    /// Takes ownership of a raw skb (NULL gives `None`).
    ///
    /// # Safety
    ///
    /// `skb` must be NULL or a valid skb whose ownership the caller hands over.
    pub(crate) unsafe fn from_raw(skb: *mut ffi::SkBuff) -> Option<Self> {
        // INVARIANT: the caller hands over a valid skb.
        NonNull::new(skb).map(Self)
    }

    /// Gives up ownership without freeing.
    pub(crate) fn into_raw(self) -> *mut ffi::SkBuff {
        let p = self.0.as_ptr();
        core::mem::forget(self);
        p
    }

    pub(crate) fn as_raw(&self) -> *mut ffi::SkBuff {
        self.0.as_ptr()
    }

    /// The skb's fields, read in place (no call: `len`, `data_len`, `head`,
    /// `end` and `data` are plain members of `struct sk_buff`).
    #[inline]
    fn fields(&self) -> *const kernel::bindings::sk_buff {
        self.as_raw().cast_const().cast()
    }

    /// Total length.
    #[inline]
    pub(crate) fn len(&self) -> u32 {
        // SAFETY: Valid skb (type invariant), owned by us, so nothing writes
        // it concurrently.
        unsafe { (*self.fields()).len }
    }

    /// Length of the linear part (`skb_headlen()`).
    #[inline]
    pub(crate) fn headlen(&self) -> u32 {
        // SAFETY: As for `len`.
        let (len, data_len) = unsafe { ((*self.fields()).len, (*self.fields()).data_len) };
        len - data_len
    }

    /// Number of page fragments (`skb_shinfo(skb)->nr_frags`, read in
    /// place).
    #[inline]
    pub(crate) fn nr_frags(&self) -> u32 {
        // SAFETY: The shared info of a valid skb (`shinfo`), maybe shared
        // with clones; only its `nr_frags` byte is read, by place (no
        // reference made), and a shared info's fragments never change
        // before it is unshared.
        unsafe { u32::from((*self.shinfo()).nr_frags) }
    }

    /// The skb's shared info (`skb_shinfo()`), located in place (no call).
    #[inline]
    fn shinfo(&self) -> *const kernel::bindings::skb_shared_info {
        // SAFETY: Valid owned skb (type invariant): its `head` and `end`
        // fields are read in place and locate its shared info.
        unsafe {
            let f = self.fields();
            (*f).end.end_pointer((*f).head).cast_const().cast()
        }
    }

    /// The shared info's `tx_flags` (`SKBTX_*`), read in place (no call).
    #[inline]
    fn tx_flags(&self) -> u32 {
        // TCP may update the flags of a shared info it shares with its
        // clone of this skb meanwhile (`tcp_skb_collapse_tstamp()`), so the
        // read is volatile (`READ_ONCE`): either value is a whole byte.
        // SAFETY: The shared info of a valid skb (`shinfo`); only its
        // `tx_flags` byte is read, by place (see above).
        let flags = unsafe { core::ptr::addr_of!((*self.shinfo()).tx_flags).read_volatile() };
        u32::from(flags)
    }

    /// Gives the software (and PHY) Tx timestamps the socket asked for, as
    /// the packet goes to the hardware (`skb_tx_timestamp()`); no call
    /// unless one is asked for.
    #[inline]
    pub(crate) fn tx_timestamp(&mut self) {
        use kernel::bindings::{
            SKBTX_BPF,
            SKBTX_HW_TSTAMP_NOBPF,
            SKBTX_SW_TSTAMP, //
        };
        if self.tx_flags() & (SKBTX_SW_TSTAMP | SKBTX_BPF | SKBTX_HW_TSTAMP_NOBPF) != 0 {
            // SAFETY: Valid skb, owned by us (`&mut self`).
            unsafe { ffi::nxp_skb_tx_timestamp(self.as_raw()) }
        }
    }

    /// Whether the socket asked for a hardware Tx timestamp of this skb
    /// (`SKBTX_HW_TSTAMP`); if so it is marked as being timestamped by the
    /// device (`SKBTX_IN_PROGRESS`, which also holds back a software
    /// timestamp the socket did not ask for in addition), for
    /// [`Skb::tstamp_tx`] on completion. No call.
    #[inline]
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn hw_tstamp_start(&mut self) -> bool {
        use kernel::bindings::{
            SKBTX_BPF,
            SKBTX_HW_TSTAMP_NOBPF,
            SKBTX_IN_PROGRESS, //
        };
        let flags = self.tx_flags();
        if flags & (SKBTX_HW_TSTAMP_NOBPF | SKBTX_BPF) == 0 {
            return false;
        }
        let p = self.shinfo().cast_mut();
        // The stack's drivers set this flag in the shared info the same
        // way; a whole byte is written (TCP, which may share the shared
        // info with its clone, updates the byte the same way).
        // SAFETY: The shared info of a valid skb (`shinfo`), its `tx_flags`
        // byte written by place; the skb is ours to send (`&mut self`).
        unsafe {
            core::ptr::addr_of_mut!((*p).tx_flags).write_volatile((flags | SKBTX_IN_PROGRESS) as u8)
        };
        true
    }

    /// Whether the skb is marked as timestamped by the device
    /// ([`Skb::hw_tstamp_start`]).
    #[inline]
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn hw_tstamp_in_progress(&self) -> bool {
        self.tx_flags() & kernel::bindings::SKBTX_IN_PROGRESS != 0
    }

    /// Hands the sent skb's hardware Tx timestamp, `ns` on the device's PTP
    /// clock, to its socket (`skb_tstamp_tx()`).
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn tstamp_tx(&self, ns: u64) {
        // SAFETY: Valid skb, owned by us.
        unsafe { ffi::nxp_skb_tstamp_tx(self.as_raw(), ns) }
    }

    /// Length of page fragment `i`, `None` past the last.
    pub(crate) fn frag_len(&self, i: u32) -> Option<u32> {
        if i >= self.nr_frags() {
            return None;
        }
        // SAFETY: Valid skb, `i < nr_frags`.
        Some(unsafe { ffi::nxp_skb_frag_len(self.as_raw(), i) })
    }

    /// The first `len` bytes of the linear part (headers), `None` if it is
    /// shorter.
    pub(crate) fn head(&self, len: u32) -> Option<&[u8]> {
        if len > self.headlen() {
            return None;
        }
        // SAFETY: Valid skb (type invariant), owned by us: `data` is read in
        // place.
        let data = unsafe { (*self.fields()).data };
        // SAFETY: The skb's linear data has `headlen >= len` bytes at `data`,
        // which stay in place while `self` is borrowed (only `&mut self`
        // methods change the skb).
        let head = unsafe { core::slice::from_raw_parts(data, len as usize) };
        Some(head)
    }

    /// The members of `struct sk_buff` that sit in anonymous unions (see
    /// `nxp_skb_layout` in `shim_net.h`), read in place.
    #[inline(always)]
    fn tx_fields(&self) -> TxFields {
        // SAFETY: The shim's constant.
        let l = unsafe { &ffi::nxp_skb_layout };
        let f = self.as_raw().cast::<u8>().cast_const();
        let u16_at = |off: u16| {
            // SAFETY: Valid skb (type invariant), owned by us, so nothing
            // writes it meanwhile: `off` is one of `nxp_skb_layout`'s
            // offsets of a `u16` member, aligned to its size, read by place.
            unsafe { f.add(off.into()).cast::<u16>().read() }
        };
        // SAFETY: As for `u16_at`: the byte holding the `ip_summed`
        // bit-field and the `u32` member `vlan_all`.
        let (summed, vlan_all) = unsafe {
            (
                f.add(l.ip_summed.into()).read(),
                f.add(l.vlan_all.into()).cast::<u32>().read(),
            )
        };
        TxFields {
            partial: u32::from((summed >> l.ip_summed_shift) & 3) == bindings::CHECKSUM_PARTIAL,
            ipv4: u16_at(l.protocol) == (bindings::ETH_P_IP as u16).to_be(),
            network_header: u16_at(l.network_header),
            transport_header: u16_at(l.transport_header),
            csum_at: usize::from(u16_at(l.csum_start)) + usize::from(u16_at(l.csum_offset)),
            vlan: (vlan_all != 0).then(|| u16_at(l.vlan_tci)),
        }
    }

    /// The checksum offload and segmentation this skb asks for. A packet
    /// that is not GSO has its fields read in place (no call); a GSO
    /// packet's, one per up to 64 KiB, through the shim.
    #[inline]
    pub(crate) fn offloads(&self) -> TxOffloads {
        // SAFETY: The shared info of a valid skb (`shinfo`); only its
        // `gso_size` is read, by place. It is not changed while the skb is
        // ours to send.
        let gso_size = unsafe { core::ptr::addr_of!((*self.shinfo()).gso_size).read() };
        if gso_size != 0 {
            return self.offloads_shim();
        }
        let t = self.tx_fields();
        let csum = match (t.partial, t.ipv4) {
            (false, _) => CsumRequest::None,
            (true, false) => CsumRequest::Other,
            (true, true) => self.csum_ipv4(&t),
        };
        if cfg!(debug_assertions) {
            // Debug kernels read every packet's both ways.
            let shim = self.offloads_shim();
            debug_assert!(shim.csum == csum && shim.vlan == t.vlan && matches!(shim.gso, Ok(None)));
        }
        TxOffloads {
            csum,
            gso: Ok(None),
            vlan: t.vlan,
        }
    }

    /// The checksum request of an IPv4 skb with `CHECKSUM_PARTIAL` whose
    /// members are `t` (see `nxp_skb_tx_info()`, which does the same for
    /// GSO packets).
    #[inline]
    fn csum_ipv4(&self, t: &TxFields) -> CsumRequest {
        // SAFETY: As for `len`.
        let (head, data) = unsafe { ((*self.fields()).head, (*self.fields()).data) };
        let data_off = (data as usize).wrapping_sub(head as usize) as u32;
        // SAFETY: A packet with `CHECKSUM_PARTIAL` has its headers up to
        // the checksum field in the linear data, which starts at `head`:
        // the IPv4 header's protocol byte (9 bytes in) and the 16-bit
        // checksum field, both read by value.
        let (proto, phcs) = unsafe {
            (
                head.add(usize::from(t.network_header) + 9).read(),
                head.add(t.csum_at).cast::<u16>().read_unaligned(),
            )
        };
        CsumRequest::Ipv4 {
            l3: u32::from(t.network_header).wrapping_sub(data_off),
            l4: u32::from(t.transport_header).wrapping_sub(data_off),
            udp: u32::from(proto) == bindings::IPPROTO_UDP,
            phcs,
        }
    }

    /// [`Skb::offloads`] through the shim (of a GSO packet; of every
    /// packet in debug kernels, as a check of the reads in place).
    #[inline(never)]
    fn offloads_shim(&self) -> TxOffloads {
        let mut ti = ffi::NxpTxInfo::default();
        // SAFETY: Valid skb; `ti` is writable.
        unsafe { ffi::nxp_skb_tx_info(self.as_raw(), &mut ti) };
        let csum = match ti.csum {
            0 => CsumRequest::None,
            1 => CsumRequest::Ipv4 {
                l3: ti.l3,
                l4: ti.l4,
                udp: ti.udp,
                phcs: ti.phcs,
            },
            _ => CsumRequest::Other,
        };
        let gso = match ti.gso {
            0 => Ok(None),
            1 if ti.hdr_len <= self.headlen() => {
                tso::Layout::new(ti.l3, ti.l4, ti.hdr_len, ti.mss, self.len())
                    .map(Some)
                    .map_err(|_| kernel::error::code::EINVAL)
            }
            _ => Err(kernel::error::code::EINVAL),
        };
        TxOffloads {
            csum,
            gso,
            vlan: ti.vlan.then_some(ti.tci),
        }
    }

    /// For a MAC that computes the IPv4 header and TCP/UDP checksums itself:
    /// zeroes both fields when a checksum is requested (`CHECKSUM_PARTIAL`),
    /// as `fec_enet_clear_csum()` does. Fails (skb untouched) if a cloned
    /// head could not be copied. A head without a clone (a datagram's) is
    /// written in place, without a call.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    #[inline]
    pub(crate) fn clear_csum_fields(&mut self) -> kernel::error::Result {
        if self.cloned() {
            // SAFETY: Valid skb we own.
            let r = unsafe { ffi::nxp_skb_clear_csum(self.as_raw()) };
            return kernel::error::to_result(r);
        }
        let t = self.tx_fields();
        if !t.partial {
            return Ok(());
        }
        // SAFETY: As for `len`.
        let head = unsafe { (*self.fields()).head };
        // A `CHECKSUM_PARTIAL` packet has its headers up to the checksum
        // field in the linear data from `head`.
        // SAFETY: The head is ours alone (no clone); the IPv4 header's
        // checksum (10 bytes in) and the L4 checksum are written by value.
        unsafe {
            if t.ipv4 {
                head.add(usize::from(t.network_header) + 10)
                    .cast::<u16>()
                    .write_unaligned(0);
            }
            head.add(t.csum_at).cast::<u16>().write_unaligned(0);
        }
        Ok(())
    }

    /// Whether every buffer (head and fragments) starts on a multiple of
    /// `mask + 1` bytes.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn dma_aligned(&self, mask: u32) -> bool {
        // SAFETY: Valid skb.
        unsafe { ffi::nxp_skb_dma_aligned(self.as_raw(), mask) }
    }

    /// Copies the packet's bytes from `offset` on (linear part, then
    /// fragments) into `to`, filling it; `EFAULT` if the packet is shorter.
    pub(crate) fn copy_bits(&self, offset: u32, to: &mut [u8]) -> kernel::error::Result {
        let len = c_uint::try_from(to.len()).map_err(|_| kernel::error::code::EINVAL)?;
        // SAFETY: Valid skb (type invariant); `to` is `len` writable bytes.
        kernel::error::to_result(unsafe {
            ffi::nxp_skb_copy_bits(self.as_raw(), offset, to.as_mut_ptr().cast(), len)
        })
    }

    /// A linear copy whose data starts on an `align`-byte boundary (a power
    /// of two), replacing this skb; `None` (skb freed) when memory is short.
    /// A hardware Tx timestamp the socket asked for is asked of the copy,
    /// for the original's socket (give the software ones first, from the
    /// original: [`Skb::tx_timestamp`]).
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn copy_aligned(self, align: u32) -> Option<Self> {
        // SAFETY: We own a valid skb; the shim consumes it and returns a new
        // one we own, or NULL.
        unsafe { Self::from_raw(ffi::nxp_skb_copy_aligned(self.into_raw(), align)) }
    }

    /// Whether the skb is a clone or has one (`skb->cloned`, read in
    /// place as `skb_cloned()` reads it, through `__cloned_offset`).
    #[inline]
    fn cloned(&self) -> bool {
        // `CLONED_MASK`: `cloned` is the first bit of its byte, the most
        // significant one where bit-fields start there (big-endian).
        const CLONED_MASK: u8 = if cfg!(target_endian = "big") {
            1 << 7
        } else {
            1
        };
        // SAFETY: Valid skb (type invariant): the byte at `__cloned_offset`
        // holds its `cloned` bit-field, read by place. The skb is ours to
        // send, so it is not cloned meanwhile.
        let b = unsafe {
            core::ptr::addr_of!((*self.fields()).__cloned_offset)
                .cast::<u8>()
                .read()
        };
        b & CLONED_MASK != 0
    }

    /// Prepends `bytes` to the data (a frame control block), copying the
    /// head first if its headroom is short or shared with a clone; on
    /// failure the skb is freed and `None` returned. An skb with the room
    /// and no clone (a datagram's) is written in place, as `skb_push()`
    /// does, without a call.
    #[inline]
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn push_front<const N: usize>(self, bytes: &[u8; N]) -> Option<Self> {
        let f = self.as_raw().cast::<kernel::bindings::sk_buff>();
        // SAFETY: Valid skb (type invariant): `head` and `data` read in place.
        let (head, data) = unsafe { ((*f).head, (*f).data) };
        let room = (data as usize).wrapping_sub(head as usize);
        if room >= N && !self.cloned() {
            // Not cloned: the headroom is ours alone (`skb_header_cloned()`
            // is false), and `skb_cow_head()` would do nothing.
            let at = data.wrapping_sub(N);
            // The skb is ours (`self` by value): nothing reads or writes
            // its fields or that headroom meanwhile.
            // SAFETY: `N` bytes of headroom lie in the skb's buffer before
            // `data` (`room >= N`), not shared with a clone; see above.
            unsafe {
                core::ptr::copy_nonoverlapping(bytes.as_ptr(), at, N);
                (*f).data = at;
                (*f).len += N as u32;
            }
            return Some(self);
        }
        self.push_front_slow(bytes)
    }

    /// [`Skb::push_front`] with the head copied first (`skb_cow_head()`).
    #[cold]
    fn push_front_slow<const N: usize>(self, bytes: &[u8; N]) -> Option<Self> {
        let mut p = self.into_raw();
        // SAFETY: `p` is a valid skb we own and `bytes` holds `N` readable
        // bytes; the shim either keeps the skb valid (possibly replaced) or
        // frees it and sets `p` to NULL.
        unsafe {
            ffi::nxp_skb_push_bytes(&mut p, bytes.as_ptr().cast(), N as c_uint);
            Self::from_raw(p)
        }
    }

    /// Moves the skb's 802.1Q tag into the frame (software insertion),
    /// copying the head first if needed; on failure the skb is freed and
    /// `None` returned.
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn vlan_push_inside(self) -> Option<Self> {
        let mut p = self.into_raw();
        // SAFETY: `p` is a valid skb we own; the shim either keeps the skb
        // valid (possibly replaced) or frees it and sets `p` to NULL.
        unsafe {
            ffi::nxp_skb_vlan_push_inside(&mut p);
            Self::from_raw(p)
        }
    }

    /// Frees a transmitted skb from a NAPI poll (`napi_consume_skb()`).
    pub(crate) fn consume(self, poll: &PollCtx) {
        // SAFETY: Valid skb we own; from a poll with its budget (0 =
        // netpoll).
        unsafe { ffi::nxp_skb_consume(self.into_raw(), poll.budget()) }
    }
}

impl Drop for Skb {
    fn drop(&mut self) {
        // SAFETY: By the type invariant we own a valid skb.
        unsafe { ffi::nxp_skb_free_any(self.as_raw()) }
    }
}
