// SPDX-License-Identifier: GPL-2.0

use crate::napi::*;

#[test]
fn budget_zero_does_no_rx_and_never_completes() {
    assert_eq!(rx_quota(0), 0);
    assert_eq!(rx_end(0, 0), PollEnd::Continue(0));
    assert_eq!(tx_end(true, 0), PollEnd::Continue(0));
    assert_eq!(tx_end(false, 0), PollEnd::Continue(0));
}

#[test]
fn rx_returns_budget_when_not_done() {
    for budget in [1, 8, 64] {
        assert_eq!(rx_quota(budget), budget as u32);
        assert_eq!(rx_end(budget as u32, budget), PollEnd::Continue(budget));
        for work in 0..budget as u32 {
            assert_eq!(rx_end(work, budget), PollEnd::Complete(work as i32));
        }
    }
}

#[test]
fn tx_completes_only_when_reclaimed() {
    assert_eq!(tx_end(true, 64), PollEnd::Complete(0));
    assert_eq!(tx_end(false, 64), PollEnd::Continue(64));
}
