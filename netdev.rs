// SPDX-License-Identifier: GPL-2.0

//! The wrapper layer: safe Rust over the C APIs the stock `kernel` crate lacks.
//!
//! Both drivers reach the kernel's networking, device-tree and MMIO helpers
//! only through this module. It is the one place that calls the C shim
//! (`netdev/shim.c`, declared in [`ffi`]) or raw [`kernel::bindings`]; driver
//! code above it is safe Rust.
//!
//! The stock Rust bindings of a board kernel do not include `netdevice.h`, so
//! nothing here depends on a patched `rust/bindings/bindings_helper.h`.

pub(crate) mod debugfs;
pub(crate) mod ffi;
#[cfg(nxp_fec)]
pub(crate) mod gpio;
pub(crate) mod mmio;
pub(crate) mod of;
pub(crate) mod pm;
#[cfg(nxp_fec)]
pub(crate) mod rpm;
pub(crate) mod sync;
#[cfg(nxp_fec)]
pub(crate) mod syscon;

// The networking part links `shim_net.c`, whose ops tables call the driver's
// entry points; a driver enables it (`--cfg nxp_net`, see Kbuild) once it
// registers a net_device.
#[cfg(nxp_net)]
pub(crate) mod context;
#[cfg(nxp_net)]
pub(crate) mod dma;
#[cfg(nxp_net)]
#[cfg(nxp_fec)]
pub(crate) mod mdio;
#[cfg(nxp_net)]
pub(crate) mod net;
#[cfg(nxp_net)]
pub(crate) mod page_pool;
#[cfg(nxp_net)]
pub(crate) mod poll;
#[cfg(nxp_net)]
pub(crate) mod ptp;
#[cfg(nxp_net)]
pub(crate) mod skb;
#[cfg(nxp_net)]
pub(crate) mod xdp;
#[cfg(nxp_net)]
pub(crate) mod xsk;

use kernel::{
    bindings,
    device,
    platform,
    prelude::*, //
};

/// Returns the C `struct platform_device` behind a Rust platform device.
pub(crate) fn raw_pdev<Ctx: device::DeviceContext>(
    pdev: &platform::Device<Ctx>,
) -> *mut bindings::platform_device {
    // CAST: `platform::Device` is `#[repr(transparent)]` over
    // `Opaque<bindings::platform_device>`, which has the layout of the C struct.
    core::ptr::from_ref(pdev)
        .cast::<bindings::platform_device>()
        .cast_mut()
}

/// Returns the C `struct device` behind a Rust device.
pub(crate) fn raw_dev<Ctx: device::DeviceContext>(
    dev: &device::Device<Ctx>,
) -> *mut bindings::device {
    // CAST: `device::Device` is `#[repr(transparent)]` over
    // `Opaque<bindings::device>`, which has the layout of the C struct.
    core::ptr::from_ref(dev)
        .cast::<bindings::device>()
        .cast_mut()
}

/// Most page fragments an skb may carry (`MAX_SKB_FRAGS`, a kernel
/// configuration value).
pub(crate) fn max_skb_frags() -> u32 {
    // SAFETY: Reads a constant.
    unsafe { ffi::nxp_max_skb_frags() }
}

/// Whether the machine can have only one CPU (`num_possible_cpus() == 1`).
pub(crate) fn single_cpu() -> bool {
    // SAFETY: Reads a value fixed at boot.
    unsafe { ffi::nxp_single_cpu() }
}

/// An Ethernet (MAC) address.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct MacAddr(pub(crate) [u8; 6]);

impl MacAddr {
    /// Whether this is a usable station address: not zero and not multicast.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn is_valid(&self) -> bool {
        self.0 != [0; 6] && self.0[0] & 1 == 0
    }

    /// A random locally administered unicast address.
    pub(crate) fn random() -> Self {
        let mut mac = [0u8; 6];
        // SAFETY: `mac` is a valid, writable buffer of `ETH_ALEN` (6) bytes.
        unsafe { ffi::nxp_random_ether_addr(mac.as_mut_ptr()) };
        Self(mac)
    }
}

impl kernel::fmt::Display for MacAddr {
    fn fmt(&self, f: &mut kernel::fmt::Formatter<'_>) -> kernel::fmt::Result {
        let m = &self.0;
        write!(
            f,
            "{:02x}:{:02x}:{:02x}:{:02x}:{:02x}:{:02x}",
            m[0], m[1], m[2], m[3], m[4], m[5]
        )
    }
}

/// The Linux IRQ numbers of a platform device's interrupts, in order, up to
/// `max` (the first missing index ends the list).
#[cfg_attr(nxp_gianfar, expect(dead_code))]
pub(crate) fn platform_irqs(pdev: &platform::Device<device::Bound>, max: u32) -> Result<KVec<u32>> {
    let mut irqs = KVec::new();
    for i in 0..max {
        // SAFETY: `pdev` is a valid, bound platform device.
        let irq = unsafe { ffi::nxp_platform_irq(raw_pdev(pdev), i) };
        // No such interrupt ends the list; anything else (a controller that
        // is not there yet: -EPROBE_DEFER) is an error.
        if irq == -(bindings::ENXIO as i32) {
            break;
        }
        if irq <= 0 {
            return Err(if irq < 0 {
                Error::from_errno(irq)
            } else {
                EINVAL
            });
        }
        irqs.push(irq.unsigned_abs(), GFP_KERNEL)?;
    }
    Ok(irqs)
}

/// The Linux IRQ number of a platform device's interrupt named `name`
/// (`interrupt-names`), `None` if it has none by that name; an error only
/// if its interrupt controller is not there yet (`EPROBE_DEFER`).
#[cfg_attr(nxp_gianfar, expect(dead_code))]
pub(crate) fn platform_irq_byname(
    pdev: &platform::Device<device::Bound>,
    name: &CStr,
) -> Result<Option<u32>> {
    // SAFETY: `pdev` is a valid, bound platform device; `name` is a C string.
    let irq = unsafe { ffi::nxp_platform_irq_byname(raw_pdev(pdev), name.as_char_ptr()) };
    match irq {
        i if i == EPROBE_DEFER.to_errno() => Err(EPROBE_DEFER),
        i if i > 0 => Ok(Some(i.unsigned_abs())),
        _ => Ok(None),
    }
}

impl kernel::fmt::Display for crate::ring::RingConfig {
    fn fmt(&self, f: &mut kernel::fmt::Formatter<'_>) -> kernel::fmt::Result {
        write!(
            f,
            "tx {} (min {}) rx {}; tx queue stops below {} free BDs, wakes at {}",
            self.tx.get(),
            self.tx_limits.min,
            self.rx.get(),
            self.thresholds.stop(),
            self.thresholds.wake()
        )
    }
}
