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
    pub(crate) fn nxp_of_property_read_bool(
        np: *const bindings::device_node,
        name: *const c_char,
    ) -> bool;
    pub(crate) fn nxp_of_get_mac_address(np: *mut bindings::device_node, mac: *mut u8) -> c_int;
    pub(crate) fn nxp_of_irq(np: *mut bindings::device_node, index: c_int) -> c_uint;

    pub(crate) fn nxp_devm_ioremap_platform(
        pdev: *mut bindings::platform_device,
        index: c_uint,
        base: *mut *mut c_void,
        res: *mut NxpRes,
    ) -> c_int;
    pub(crate) fn nxp_devm_ioremap_of(
        dev: *mut bindings::device,
        np: *mut bindings::device_node,
        index: c_int,
        base: *mut *mut c_void,
        res: *mut NxpRes,
    ) -> c_int;
    pub(crate) fn nxp_platform_irq(pdev: *mut bindings::platform_device, index: c_uint) -> c_int;

    pub(crate) fn nxp_read32_be(addr: *const c_void) -> u32;
    pub(crate) fn nxp_write32_be(val: u32, addr: *mut c_void);
    pub(crate) fn nxp_read32_le(addr: *const c_void) -> u32;
    pub(crate) fn nxp_write32_le(val: u32, addr: *mut c_void);

    pub(crate) fn nxp_max_skb_frags() -> c_uint;

    pub(crate) fn nxp_random_ether_addr(mac: *mut u8);
}
