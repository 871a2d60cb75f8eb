// SPDX-License-Identifier: GPL-2.0

//! The debugfs directory both drivers create per device
//! (`/sys/kernel/debug/<driver>-<device>/`): what they programmed into
//! registers QEMU does not keep, counts of paths no other counter shows,
//! and the fault-injection knobs the guest tests use. Slot 2 of the values
//! and of the knobs is each driver's own ([`create`]).

use kernel::prelude::*;

use crate::netdev::debugfs::{
    DebugDir,
    Knob,
    Value, //
};

/// A driver's debugfs directory.
pub(crate) type Debug = DebugDir<7, 6>;

/// `txic0`: Tx interrupt coalescing as last programmed (first queue).
pub(crate) const DBG_TXIC: Value<0> = Value;
/// `rxic0`: Rx interrupt coalescing as last programmed (first queue).
pub(crate) const DBG_RXIC: Value<1> = Value;
/// `tx_map_unwound`: injected Tx mapping failures that hit a packet whose
/// other parts were mapped or written first, which the ring had to undo.
pub(crate) const DBG_TX_MAP_UNWOUND: Value<3> = Value;
/// `bql_checks`: BQL checks made (knob `check_bql`).
pub(crate) const DBG_BQL_CHECKS: Value<4> = Value;
/// `bql_mismatch`: BQL checks that found BQL's bytes in flight different
/// from the ring's.
pub(crate) const DBG_BQL_MISMATCH: Value<5> = Value;
/// `xmit_no_ring`: xmit calls that found no Tx ring.
pub(crate) const DBG_XMIT_NO_RING: Value<6> = Value;

/// `fail_rx_alloc`: how many Rx buffer allocations are to fail.
pub(crate) const DBG_FAIL_RX_ALLOC: Knob<0> = Knob;
/// `stall_tx`: no doorbells (a stuck transmitter) until a reset clears it;
/// with Tx interrupts in batches, no packet requests one meanwhile (see
/// `TxIrqBatch::may_request`).
pub(crate) const DBG_STALL_TX: Knob<1> = Knob;
/// `fail_tx_map`: how many packets' last Tx mapping is to fail.
pub(crate) const DBG_FAIL_TX_MAP: Knob<3> = Knob;
/// `check_bql`: the Tx-confirmation poll checks BQL against the ring.
pub(crate) const DBG_CHECK_BQL: Knob<4> = Knob;
/// `leak_irqs`: how many releases of the IRQ handles (a close, or the
/// restart of a ring change or reset) leak them instead (see [`free_irqs`]).
pub(crate) const DBG_LEAK_IRQS: Knob<5> = Knob;

/// Frees the IRQ handles `irqs` of a close (drops them), or, when knob
/// `leak_irqs` is set, leaks them with `mem::forget`, which safe Rust
/// allows: the netdev layer then keeps the lines away from the freed state
/// and frees them with the device (what the guest test `leaked_handles`
/// checks). `leak`: the knob, taken once per close.
pub(crate) fn free_irqs<T>(irqs: KVec<T>, leak: bool) {
    if leak {
        // Each handle, not the vector: its memory is ours to free.
        irqs.into_iter().for_each(core::mem::forget);
    }
}

/// Creates the directory `name` with the shared files and the driver's
/// own value `value` and knob `knob` (slot 2 of each).
pub(crate) fn create(name: &CStr, value: &CStr, knob: &CStr) -> Result<Debug> {
    DebugDir::new(
        name,
        [
            c"txic0",
            c"rxic0",
            value,
            c"tx_map_unwound",
            c"bql_checks",
            c"bql_mismatch",
            c"xmit_no_ring",
        ],
        [
            c"fail_rx_alloc",
            c"stall_tx",
            knob,
            c"fail_tx_map",
            c"check_bql",
            c"leak_irqs",
        ],
    )
}
