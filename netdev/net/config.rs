// SPDX-License-Identifier: GPL-2.0

//! Configuration requests: ring sizes from `ethtool -G`, the netlink
//! extended acknowledgement that tells the user why a value was rejected,
//! and the message level of `ethtool -s msglvl`.

use super::*;

/// The message level (`ethtool -s msglvl`, `NETIF_MSG_*` bits): which of
/// the driver's messages it logs.
pub(crate) struct MsgLevel(Atomic<u32>);

impl MsgLevel {
    /// `NETIF_MSG_LINK`: link changes.
    pub(crate) const LINK: u32 = 0x4;
    /// The C gianfar's default, `(NETIF_MSG_IFUP << 1) - 1`: driver, probe,
    /// link, timer, interface down and up.
    pub(crate) const DEFAULT: u32 = 0x3f;

    /// At [`MsgLevel::DEFAULT`].
    pub(crate) fn new() -> Self {
        Self(Atomic::new(Self::DEFAULT))
    }

    /// The level (`ethtool` shows it).
    pub(crate) fn get(&self) -> u32 {
        self.0.load(Relaxed)
    }

    /// Sets the level.
    pub(crate) fn set(&self, level: u32) {
        self.0.store(level, Relaxed)
    }

    /// Whether link changes are logged.
    pub(crate) fn link(&self) -> bool {
        self.get() & Self::LINK != 0
    }
}

impl Rings {
    /// What `ethtool -g` reports of the ring configuration `cfg`, for a
    /// driver whose rings hold at most `max`.
    pub(crate) fn of(cfg: RingConfig, max: u32) -> Self {
        Rings {
            rx_max: max,
            tx_max: max,
            rx: cfg.rx.get(),
            tx: cfg.tx.get(),
        }
    }

    /// The ring configuration `ethtool -G` asks for, for a driver whose
    /// packets take at most `descs(n)` descriptors on a Tx ring of `n` and
    /// whose rings hold at most `max`; rejected otherwise (`EINVAL`, the
    /// limits said in `ext`).
    pub(crate) fn config(
        &self,
        descs: impl Fn(u32) -> u32,
        max: u32,
        ext: &mut ExtAck<'_>,
    ) -> Result<RingConfig> {
        RingConfig::new(self.tx, self.rx, &descs, max).map_err(|e| {
            ext.error(format_args!(
                "tx {}, rx {}: {} (powers of two, tx {}..{}, rx {}..{})",
                self.tx,
                self.rx,
                match e {
                    crate::ring::SizeError::NotPowerOfTwo => "not a power of two",
                    crate::ring::SizeError::TooSmall => "too small",
                    crate::ring::SizeError::TooLarge => "too large",
                },
                RingConfig::min_tx(&descs, max),
                max,
                crate::ring::MIN_RX_RING,
                max
            ));
            EINVAL
        })
    }
}

/// The netlink extended acknowledgement of a configuration request: its
/// message tells the user why a value was rejected (`ethtool` prints it).
/// Requests through the ioctl interface have none; their messages go to the
/// kernel log only.
///
/// # Invariants
///
/// `ptr` is null or points to the `netlink_ext_ack` of the request being
/// handled, valid for writes for `'a`.
pub(crate) struct ExtAck<'a> {
    ptr: *mut ffi::NetlinkExtAck,
    dev: NetDev<'a>,
    _request: core::marker::PhantomData<&'a mut ffi::NetlinkExtAck>,
}

impl<'a> ExtAck<'a> {
    /// # Safety
    ///
    /// `ptr` is null or points to a `netlink_ext_ack` valid for writes for
    /// the lifetime the caller gives the result; the request is `dev`'s.
    pub(crate) unsafe fn from_raw(ptr: *mut ffi::NetlinkExtAck, dev: NetDev<'a>) -> Self {
        // INVARIANT: The caller's guarantee.
        Self {
            ptr,
            dev,
            _request: core::marker::PhantomData,
        }
    }

    /// Logs `msg` as the device's and makes it the request's error message
    /// (its first 79 bytes, the kernel's `NETLINK_MAX_FMTMSG_LEN`).
    pub(crate) fn error(&mut self, msg: core::fmt::Arguments<'_>) {
        netdev_info!(self.dev, "{msg}\n");
        if self.ptr.is_null() {
            return;
        }
        let mut buf = MsgBuf {
            buf: [0; MSG_LEN],
            len: 0,
        };
        let _ = core::fmt::write(&mut buf, msg);
        // SAFETY: By the type invariant `ptr` is the request's; `buf` is
        // NUL-terminated (`MsgBuf` keeps its last byte 0), and the shim
        // copies it.
        unsafe { ffi::nxp_extack_msg(self.ptr, buf.buf.as_ptr().cast()) };
    }
}

/// `NETLINK_MAX_FMTMSG_LEN`: an extack message, its NUL included.
const MSG_LEN: usize = 80;

/// A message formatted on the stack, cut at `MSG_LEN - 1` bytes (on a
/// character boundary), NUL-terminated.
struct MsgBuf {
    buf: [u8; MSG_LEN],
    len: usize,
}

impl core::fmt::Write for MsgBuf {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        for c in s.chars() {
            let mut enc = [0u8; 4];
            let e = c.encode_utf8(&mut enc).as_bytes();
            if self.len + e.len() > MSG_LEN - 1 {
                return Err(core::fmt::Error);
            }
            self.buf[self.len..self.len + e.len()].copy_from_slice(e);
            self.len += e.len();
        }
        Ok(())
    }
}
