// SPDX-License-Identifier: GPL-2.0

//! NAPI poll rules shared by the Rx and the Tx-confirmation pollers.
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).
//!
//! `Documentation/networking/napi.rst`: a poll that used its whole budget
//! returns the budget and stays scheduled; one that finished early calls
//! `napi_complete_done()` and unmasks its interrupt only if that returns true;
//! with a budget of 0 (netpoll) it does no Rx work and never completes. Tx
//! confirmation ignores the budget for reclaim but follows the same
//! completion rules.

/// What a poll function does after its work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PollEnd {
    /// Stay scheduled: return this value (the budget) without completing.
    Continue(i32),
    /// Call `napi_complete_done(work)`, unmask the interrupt source if it
    /// returns true, and return `work`.
    Complete(i32),
}

/// How much Rx work a poll with `budget` may do.
pub(crate) const fn rx_quota(budget: i32) -> u32 {
    if budget <= 0 {
        0
    } else {
        budget as u32
    }
}

/// End of an Rx poll that processed `work` frames out of `budget`.
pub(crate) const fn rx_end(work: u32, budget: i32) -> PollEnd {
    if budget <= 0 {
        // netpoll: no Rx work, never complete.
        PollEnd::Continue(0)
    } else if work >= budget as u32 {
        PollEnd::Continue(budget)
    } else {
        PollEnd::Complete(work as i32)
    }
}

/// End of a Tx-confirmation poll; `done` tells whether the ring was reclaimed
/// up to the first descriptor still owned by the hardware within the poll's
/// reclaim limit.
pub(crate) const fn tx_end(done: bool, budget: i32) -> PollEnd {
    if budget <= 0 {
        // netpoll: reclaim is allowed, completing is not.
        PollEnd::Continue(0)
    } else if done {
        PollEnd::Complete(0)
    } else {
        PollEnd::Continue(budget)
    }
}
