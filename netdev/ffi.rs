// SPDX-License-Identifier: GPL-2.0

//! Declarations of the C shim (`netdev/shim.c`, `netdev/shim.h`).
//!
//! Each function mirrors the prototype in `shim.h`; see there for what it
//! wraps. Only the safe wrappers of [`crate::netdev`] call these.

use kernel::{
    bindings,
    ffi::{
        c_char,
        c_int,
        c_uint,
        c_void, //
    },
};

/// `struct nxp_res` of `shim.h`: a mapped MMIO resource.
#[repr(C)]
#[derive(Default)]
pub(crate) struct NxpRes {
    pub(crate) start: u64,
    pub(crate) size: u64,
}

/// `struct gpio_desc`, only handled by pointer.
#[repr(C)]
pub(crate) struct GpioDesc {
    _data: [u8; 0],
    _marker: core::marker::PhantomData<(*mut u8, core::marker::PhantomPinned)>,
}

/// `struct nxp_irq_mask` of `shim.c`, only handled by pointer.
#[repr(C)]
pub(crate) struct NxpIrqMask {
    _data: [u8; 0],
    _marker: core::marker::PhantomData<(*mut u8, core::marker::PhantomPinned)>,
}

/// `struct regmap`, only handled by pointer.
#[repr(C)]
pub(crate) struct Regmap {
    _data: [u8; 0],
    _marker: core::marker::PhantomData<(*mut u8, core::marker::PhantomPinned)>,
}

/// `NXP_PHY_IF_*` of `shim.h`.
pub(crate) const NXP_PHY_IF_RMII: c_int = 1;
pub(crate) const NXP_PHY_IF_RGMII: c_int = 2;

// Only pointers to the kernel structs cross this boundary. Some kernel
// configurations (uniprocessor `arch_spinlock_t`) make those structs contain
// empty structs, which the lint flags although no value is passed by copy.
#[allow(improper_ctypes)]
extern "C" {
    pub(crate) fn nxp_dev_of_node(dev: *mut bindings::device) -> *mut bindings::device_node;
    pub(crate) fn nxp_of_next_child_named(
        parent: *mut bindings::device_node,
        prev: *mut bindings::device_node,
        name: *const c_char,
    ) -> *mut bindings::device_node;
    pub(crate) fn nxp_of_node_get(np: *mut bindings::device_node) -> *mut bindings::device_node;
    pub(crate) fn nxp_of_node_put(np: *mut bindings::device_node);
    pub(crate) fn nxp_of_node_is_type(np: *const bindings::device_node, ty: *const c_char) -> bool;
    pub(crate) fn nxp_of_get_mac_address(np: *mut bindings::device_node, mac: *mut u8) -> c_int;
    pub(crate) fn nxp_of_irq(np: *mut bindings::device_node, index: c_int) -> c_uint;
    pub(crate) fn nxp_of_read_u32(
        np: *const bindings::device_node,
        name: *const c_char,
        out: *mut u32,
    ) -> c_int;
    pub(crate) fn nxp_of_child_named(
        np: *mut bindings::device_node,
        name: *const c_char,
    ) -> *mut bindings::device_node;
    pub(crate) fn nxp_of_phy_if(np: *mut bindings::device_node) -> c_int;

    pub(crate) fn nxp_gpiod_get_optional_out(
        dev: *mut bindings::device,
        con_id: *const c_char,
        high: bool,
        out: *mut *mut GpioDesc,
    ) -> c_int;
    pub(crate) fn nxp_gpiod_set_value_cansleep(g: *mut GpioDesc, value: c_int);

    pub(crate) fn nxp_syscon_bit_of(
        np: *mut bindings::device_node,
        prop: *const c_char,
        map: *mut *mut Regmap,
        reg: *mut u32,
        bit: *mut u32,
    ) -> c_int;
    pub(crate) fn nxp_regmap_update_bits(map: *mut Regmap, reg: u32, mask: u32, val: u32) -> c_int;

    pub(crate) fn nxp_ioremap_of(
        np: *mut bindings::device_node,
        index: c_int,
        name: *const c_char,
        base: *mut *mut c_void,
        res: *mut NxpRes,
    ) -> c_int;
    pub(crate) fn nxp_iounmap_resource(base: *mut c_void, res: *const NxpRes);
    pub(crate) fn nxp_platform_irq(pdev: *mut bindings::platform_device, index: c_uint) -> c_int;
    pub(crate) fn nxp_platform_irq_byname(
        pdev: *mut bindings::platform_device,
        name: *const c_char,
    ) -> c_int;

    pub(crate) fn nxp_read32_be(addr: *const c_void) -> u32;
    pub(crate) fn nxp_write32_be(val: u32, addr: *mut c_void);
    pub(crate) fn nxp_read32_le(addr: *const c_void) -> u32;
    pub(crate) fn nxp_write32_le(val: u32, addr: *mut c_void);
    pub(crate) fn nxp_spin_lock_init(
        lock: *mut bindings::spinlock_t,
        name: *const c_char,
        key: *mut bindings::lock_class_key,
    );
    pub(crate) fn nxp_spin_lock(lock: *mut bindings::spinlock_t);
    pub(crate) fn nxp_spin_unlock(lock: *mut bindings::spinlock_t);
    pub(crate) fn nxp_spin_trylock(lock: *mut bindings::spinlock_t) -> bool;
    pub(crate) fn nxp_spin_assert_held(lock: *mut bindings::spinlock_t);
    pub(crate) fn nxp_irq_mask_alloc() -> *mut NxpIrqMask;
    pub(crate) fn nxp_irq_mask_free(m: *mut NxpIrqMask);
    pub(crate) fn nxp_irq_mask_update(
        m: *mut NxpIrqMask,
        reg: *mut c_void,
        be: bool,
        clear: u32,
        set: u32,
    ) -> u32;
    pub(crate) fn nxp_irq_mask_take(
        m: *mut NxpIrqMask,
        reg: *mut c_void,
        be: bool,
        irqs_off: bool,
        events: u32,
        group: u32,
    ) -> u32;

    pub(crate) fn nxp_debugfs_create_dir(name: *const c_char) -> *mut bindings::dentry;
    pub(crate) fn nxp_debugfs_create_x32(
        dir: *mut bindings::dentry,
        name: *const c_char,
        val: *mut u32,
    );
    pub(crate) fn nxp_debugfs_create_atomic(
        dir: *mut bindings::dentry,
        name: *const c_char,
        atomic: *mut c_void,
    );
    pub(crate) fn nxp_debugfs_remove(dir: *mut bindings::dentry);

    pub(crate) fn nxp_rpm_enable(
        dev: *mut bindings::device,
        clocks: *const *const c_char,
        n: c_int,
        autosuspend_ms: c_int,
    ) -> c_int;
    pub(crate) fn nxp_rpm_disable(dev: *mut bindings::device);
    pub(crate) fn nxp_rpm_get(dev: *mut bindings::device) -> c_int;
    pub(crate) fn nxp_rpm_put(dev: *mut bindings::device);
    pub(crate) fn nxp_rpm_force_suspend(dev: *mut bindings::device) -> c_int;
    pub(crate) fn nxp_rpm_force_resume(dev: *mut bindings::device) -> c_int;
    pub(crate) fn nxp_rpm_runtime_suspend(dev: *mut bindings::device) -> c_int;
    pub(crate) fn nxp_rpm_runtime_resume(dev: *mut bindings::device) -> c_int;
    pub(crate) fn nxp_rpm_check(dev: *mut bindings::device, offset: usize);

    pub(crate) fn nxp_max_skb_frags() -> c_uint;
    pub(crate) fn nxp_single_cpu() -> bool;

    pub(crate) fn nxp_random_ether_addr(mac: *mut u8);
}

// --- Networking part (shim_net.c), for drivers built with `--cfg nxp_net`. ---
#[cfg(nxp_net)]
pub(crate) use net::*;

#[cfg(nxp_net)]
mod net;

/// The build-time check of this file against the shim's headers: generated
/// by `scripts/ffi-gen.py` (bindgen over `shim.h` and `shim_net.h`), built
/// when `scripts/build-modules.sh` passes `--cfg nxp_ffi_check`. It fails to
/// compile where a declaration, struct or constant here differs from C.
#[cfg(nxp_ffi_check)]
pub(crate) mod check {
    include!(env!("NXP_FFI_GEN"));
}
