// SPDX-License-Identifier: GPL-2.0

use crate::qdisc_hooks::*;

/// `MAX_SKB_FRAGS` (17) fragments plus the linear part.
const MAX_DESCS: u32 = 18;

#[test]
fn wake_leaves_room_for_two_maximal_packets() {
    for ring in [64u32, 128, 256, 512, 1024, 4096] {
        let t = TxThresholds::new(ring, MAX_DESCS).unwrap();
        assert_eq!(t.stop(), MAX_DESCS);
        assert!(t.wake() >= t.stop() + MAX_DESCS);
        assert!(t.wake() <= ring);
        // Woken with `wake` free, a maximal packet leaves the queue awake and
        // a second one still fits.
        let after_one = t.wake() - MAX_DESCS;
        assert!(!t.should_stop(after_one));
        assert!(after_one >= MAX_DESCS);
        // Stopped with a maximal packet's room left: the next packet always fits.
        assert!(!t.should_stop(MAX_DESCS));
        assert!(t.should_stop(MAX_DESCS - 1));
        // Hysteresis: between stop and wake the queue stays as it is.
        for free in t.stop()..t.wake() {
            assert!(!t.should_stop(free) && !t.should_wake(free));
        }
        assert!(t.should_wake(t.wake()));
    }
}

#[test]
fn small_rings_rejected() {
    assert_eq!(
        TxThresholds::new(32, MAX_DESCS),
        Err(ThresholdError::RingTooSmall)
    );
    assert_eq!(
        TxThresholds::new(35, MAX_DESCS),
        Err(ThresholdError::RingTooSmall)
    );
    assert!(TxThresholds::new(36, MAX_DESCS).is_ok());
    assert_eq!(TxThresholds::min_ring(MAX_DESCS), 64);
    assert!(TxThresholds::new(TxThresholds::min_ring(MAX_DESCS), MAX_DESCS).is_ok());
}

#[test]
fn doorbell_at_batch_end_or_stop() {
    assert!(doorbell(false, false));
    assert!(doorbell(false, true));
    assert!(doorbell(true, true));
    assert!(!doorbell(true, false));
}

/// A stream of one-descriptor packets on a roomy ring: one in
/// `TX_IRQ_EVERY` requests the interrupt, and no more than `TX_IRQ_EVERY`
/// descriptors are ever handed over behind the last one that did.
#[test]
fn tx_irq_every_nth_descriptor() {
    let t = TxThresholds::new(1024, MAX_DESCS).unwrap();
    let mut b = TxIrqBatch::new(true);
    let mut irqs = 0;
    for _ in 0..160 {
        let irq = b.wants(1, false, false, 1000, t.stop());
        b.handed(1, irq);
        irqs += u32::from(irq);
        assert!(b.pending() < TX_IRQ_EVERY);
    }
    assert_eq!(irqs, 160 / TX_IRQ_EVERY);
    // Packets of several descriptors count by descriptors.
    let mut b = TxIrqBatch::new(true);
    assert!(!b.wants(5, false, false, 1000, t.stop()));
    b.handed(5, false);
    assert!(!b.wants(10, false, false, 1000, t.stop()));
    b.handed(10, false);
    assert!(b.wants(1, false, false, 1000, t.stop()));
    b.handed(1, true);
    assert_eq!(b.pending(), 0);
}

/// TSO packets and packets that leave the ring near its stop threshold
/// always request the interrupt.
#[test]
fn tx_irq_tso_and_near_stop() {
    let t = TxThresholds::new(256, MAX_DESCS).unwrap();
    let b = TxIrqBatch::new(true);
    assert!(b.wants(3, true, false, 200, t.stop()));
    assert!(!b.wants(3, false, false, t.stop() + TX_IRQ_EVERY, t.stop()));
    assert!(b.wants(3, false, false, t.stop() + TX_IRQ_EVERY - 1, t.stop()));
    assert!(b.wants(1, false, false, 0, t.stop()));
}

/// The first packet after frames were received requests the interrupt,
/// one of a batch or not; the batch starts again behind it.
#[test]
fn tx_irq_answer() {
    let t = TxThresholds::new(1024, MAX_DESCS).unwrap();
    let mut b = TxIrqBatch::new(true);
    assert!(!b.wants(1, false, false, 1000, t.stop()));
    b.handed(1, false);
    assert!(b.wants(1, false, true, 1000, t.stop()));
    b.handed(1, true);
    assert_eq!(b.pending(), 0);
    assert!(!b.wants(1, false, false, 1000, t.stop()));
}

/// Without batches (several CPUs) every packet requests its interrupt.
#[test]
fn tx_irq_without_batches() {
    let t = TxThresholds::new(1024, MAX_DESCS).unwrap();
    let mut b = TxIrqBatch::new(false);
    for _ in 0..32 {
        assert!(b.wants(1, false, false, 1000, t.stop()));
        b.handed(1, true);
    }
}

/// After a poll: the timer is cancelled when nothing is in flight, started
/// again for packets that requested no interrupt, left alone otherwise and
/// always without batches.
#[test]
fn tx_timer_after_reclaim() {
    let t = TxThresholds::new(1024, MAX_DESCS).unwrap();
    let mut b = TxIrqBatch::new(true);
    assert_eq!(b.after_reclaim(false, true), TxTimer::Cancel);
    b.handed(1, false);
    assert_eq!(b.after_reclaim(true, true), TxTimer::Rearm);
    assert_eq!(b.after_reclaim(true, false), TxTimer::Keep);
    let irq = b.wants(TX_IRQ_EVERY, false, false, 1000, t.stop());
    b.handed(TX_IRQ_EVERY, irq);
    assert_eq!(b.after_reclaim(true, true), TxTimer::Keep);
    let n = TxIrqBatch::new(false);
    assert_eq!(n.after_reclaim(false, true), TxTimer::Keep);
    assert_eq!(n.after_reclaim(true, true), TxTimer::Keep);
}

/// With the transmitter stalled through debugfs (no doorbells), batches
/// request no interrupt at all: a packet that ends a batch would otherwise
/// take the timer's place and wait for an interrupt that never comes, with
/// the packets before it. Without batches nothing changes.
#[test]
fn tx_irq_none_while_stalled() {
    let t = TxThresholds::new(1024, MAX_DESCS).unwrap();
    let mut b = TxIrqBatch::new(true);
    b.handed(TX_IRQ_EVERY - 1, false);
    assert!(b.wants(1, false, false, 1000, t.stop()));
    assert!(!b.may_request(true));
    assert!(b.may_request(false));
    // Handed without one, the packet keeps the timer coming back.
    b.handed(1, false);
    assert_eq!(b.after_reclaim(true, true), TxTimer::Rearm);
    assert!(TxIrqBatch::new(false).may_request(true));
}
