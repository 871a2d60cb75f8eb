// SPDX-License-Identifier: GPL-2.0

//! Device-tree nodes: what the drivers read beyond the platform resources
//! (gianfar's `queue-group` children, `device_type`, MAC addresses, IRQs).

use core::ptr::NonNull;
use kernel::{
    bindings,
    device,
    prelude::*, //
};

use super::{
    ffi,
    MacAddr, //
};

/// MAC-PHY interface classes, as far as a MAC's configuration cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PhyInterface {
    /// MII or GMII (and anything else without its own MAC setting).
    Mii,
    /// Reduced MII.
    Rmii,
    /// Reduced gigabit MII, any delay variant.
    Rgmii,
}

/// Whether the machine's root node is compatible with `compat`
/// (`of_machine_is_compatible()`).
#[cfg_attr(nxp_fec, expect(dead_code))]
pub(crate) fn machine_is_compatible(compat: &CStr) -> bool {
    let compats = [compat.as_char_ptr(), core::ptr::null()];
    // SAFETY: `compats` is a NULL-terminated array of NUL-terminated
    // strings, alive for the call.
    unsafe { bindings::of_machine_compatible_match(compats.as_ptr()) }
}

/// A reference-counted device-tree node.
///
/// # Invariants
///
/// `ptr` is a valid `struct device_node` on which this value owns one
/// reference (released on drop).
pub(crate) struct Node {
    ptr: NonNull<bindings::device_node>,
}

// SAFETY: Device-tree nodes are reference counted and immutable for our use;
// the reference may be dropped from any thread.
unsafe impl Send for Node {}
// SAFETY: All methods only read the node.
unsafe impl Sync for Node {}

impl Node {
    /// Takes ownership of a counted node reference; `None` for NULL.
    ///
    /// # Safety
    ///
    /// `ptr` must be NULL or a valid node whose reference the caller hands over.
    unsafe fn from_raw(ptr: *mut bindings::device_node) -> Option<Self> {
        // INVARIANT: the caller hands over one reference to a valid node.
        NonNull::new(ptr).map(|ptr| Self { ptr })
    }

    /// The device-tree node of a device, if it has one.
    pub(crate) fn of_device<Ctx: device::DeviceContext>(dev: &device::Device<Ctx>) -> Option<Self> {
        // SAFETY: `dev` is a valid device; the shim returns a counted reference.
        unsafe { Self::from_raw(ffi::nxp_dev_of_node(super::raw_dev(dev))) }
    }

    pub(crate) fn as_raw(&self) -> *mut bindings::device_node {
        self.ptr.as_ptr()
    }

    /// The children of this node called `name`, in device-tree order.
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn children_named<'a>(&'a self, name: &'a CStr) -> Children<'a> {
        Children {
            parent: self,
            name,
            cur: None,
        }
    }

    /// Whether the node's `device_type` is `ty`.
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn is_type(&self, ty: &CStr) -> bool {
        // SAFETY: `self` is a valid node and `ty` a NUL-terminated string.
        unsafe { ffi::nxp_of_node_is_type(self.as_raw(), ty.as_char_ptr()) }
    }

    /// The node's MAC address (`mac-address`, `local-mac-address`, `address`
    /// or an nvmem cell), if it has a valid one.
    pub(crate) fn mac_address(&self) -> Result<MacAddr> {
        let mut mac = [0u8; 6];
        // SAFETY: `self` is a valid node; `mac` is writable for ETH_ALEN bytes.
        kernel::error::to_result(unsafe {
            ffi::nxp_of_get_mac_address(self.as_raw(), mac.as_mut_ptr())
        })?;
        Ok(MacAddr(mac))
    }

    /// The `u32` property `name`, if present and well-formed.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn read_u32(&self, name: &CStr) -> Option<u32> {
        let mut v = 0;
        // SAFETY: `self` is a valid node, `name` NUL-terminated, `v` writable.
        let err = unsafe { ffi::nxp_of_read_u32(self.as_raw(), name.as_char_ptr(), &mut v) };
        (err == 0).then_some(v)
    }

    /// Whether the string property `name` is `value`, ignoring ASCII case
    /// (the C drivers' `strcasecmp()` of `model`).
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn string_is(&self, name: &CStr, value: &CStr) -> bool {
        let mut s: *const kernel::ffi::c_char = core::ptr::null();
        // SAFETY: `self` is a valid node, `name` NUL-terminated and `s`
        // writable.
        if unsafe { bindings::of_property_read_string(self.as_raw(), name.as_char_ptr(), &mut s) }
            != 0
        {
            return false;
        }
        // SAFETY: On success `s` points to the property's NUL-terminated
        // value, which lives as long as the node (referenced by `self`).
        let s = unsafe { CStr::from_char_ptr(s) };
        s.to_bytes().eq_ignore_ascii_case(value.to_bytes())
    }

    /// Whether the node has the boolean property `name`.
    pub(crate) fn read_bool(&self, name: &CStr) -> bool {
        // SAFETY: `self` is a valid node, `name` NUL-terminated.
        unsafe { bindings::of_property_read_bool(self.as_raw(), name.as_char_ptr()) }
    }

    /// The child node called `name`, if any.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn child(&self, name: &CStr) -> Option<Node> {
        // SAFETY: `self` is a valid node; the shim returns a counted reference.
        unsafe { Self::from_raw(ffi::nxp_of_child_named(self.as_raw(), name.as_char_ptr())) }
    }

    /// The class of the node's `phy-mode` (MII when absent).
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn phy_interface(&self) -> PhyInterface {
        // SAFETY: `self` is a valid node.
        match unsafe { ffi::nxp_of_phy_if(self.as_raw()) } {
            ffi::NXP_PHY_IF_RMII => PhyInterface::Rmii,
            ffi::NXP_PHY_IF_RGMII => PhyInterface::Rgmii,
            _ => PhyInterface::Mii,
        }
    }

    /// Maps interrupt `index` of the node (`interrupts` property) to a Linux
    /// IRQ number.
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn irq(&self, index: u32) -> Result<u32> {
        let index = i32::try_from(index)?;
        // SAFETY: `self` is a valid node.
        match unsafe { ffi::nxp_of_irq(self.as_raw(), index) } {
            0 => Err(ENXIO),
            irq => Ok(irq),
        }
    }
}

impl Clone for Node {
    fn clone(&self) -> Self {
        // SAFETY: `self` holds a reference, so the node is valid; the shim takes
        // another one, which the new value owns.
        let ptr = unsafe { ffi::nxp_of_node_get(self.as_raw()) };
        // INVARIANT: `of_node_get` returns its (non-NULL) argument, now
        // holding the reference the new value owns.
        Self {
            ptr: NonNull::new(ptr).expect("of_node_get() returns its argument"),
        }
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        // SAFETY: By the type invariant this value owns one reference.
        unsafe { ffi::nxp_of_node_put(self.as_raw()) };
    }
}

/// Iterator over the children of a node with a given name.
pub(crate) struct Children<'a> {
    parent: &'a Node,
    name: &'a CStr,
    cur: Option<Node>,
}

impl Iterator for Children<'_> {
    type Item = Node;

    fn next(&mut self) -> Option<Node> {
        let prev = self
            .cur
            .as_ref()
            .map_or(core::ptr::null_mut(), Node::as_raw);
        // SAFETY: `parent` and `prev` (if any) are valid, referenced nodes; the
        // shim keeps our reference on `prev` and returns a new counted one.
        let next = unsafe {
            Node::from_raw(ffi::nxp_of_next_child_named(
                self.parent.as_raw(),
                prev,
                self.name.as_char_ptr(),
            ))
        };
        self.cur = next;
        self.cur.clone()
    }
}
