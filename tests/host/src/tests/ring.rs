// SPDX-License-Identifier: GPL-2.0

use crate::ring::*;

const L: Limits = Limits { min: 64, max: 4096 };

#[test]
fn size_validation() {
    assert_eq!(RingSize::new(32, L), Err(SizeError::TooSmall));
    assert_eq!(RingSize::new(8192, L), Err(SizeError::TooLarge));
    assert_eq!(RingSize::new(100, L), Err(SizeError::NotPowerOfTwo));
    assert_eq!(RingSize::new(0, L), Err(SizeError::TooSmall));
    for s in [64, 128, 256, 512, 1024, 2048, 4096] {
        assert_eq!(RingSize::new(s, L).unwrap().get(), s);
    }
}

#[test]
fn slots_wrap() {
    let r = RingSize::new(256, L).unwrap();
    assert_eq!(r.slot(0), 0);
    assert_eq!(r.slot(255), 255);
    assert_eq!(r.slot(256), 0);
    assert_eq!(r.slot(u32::MAX), 255);
    assert!(r.is_last(255) && r.is_last(511) && r.is_last(u32::MAX));
    assert!(!r.is_last(0) && !r.is_last(256));
}

#[test]
fn free_count_across_counter_wrap() {
    let r = RingSize::new(64, L).unwrap();
    let mut c = Cursor {
        produced: u32::MAX - 10,
        consumed: u32::MAX - 10,
    };
    assert_eq!(c.free(r), 64);
    for i in 1..=64u32 {
        c.produced = c.produced.wrapping_add(1);
        assert_eq!(c.in_flight(), i);
        assert_eq!(c.free(r), 64 - i);
    }
    // Counters wrapped through zero; accounting is unaffected.
    assert!(c.produced < c.consumed);
    c.consumed = c.consumed.wrapping_add(20);
    assert_eq!(c.free(r), 20);
    // Slots of consecutive counters are consecutive modulo the size.
    let s0 = r.slot(c.consumed);
    assert_eq!(r.slot(c.consumed.wrapping_add(1)), (s0 + 1) % 64);
}

#[test]
fn ring_config_min_tx_over_every_size() {
    // The drivers' TSO share: a quarter of the ring, at least 18.
    let tso = |n: u32| (n / 4).max(18);
    // 64 holds three 18-descriptor packets; 32 does not, and from 64 up
    // every ring holds three of its own quarter-ring packets.
    assert_eq!(RingConfig::min_tx(&tso, 4096), 64);
    assert_eq!(
        RingConfig::new(64, 256, tso, 4096).unwrap().tx_limits.min,
        64
    );
    assert_eq!(
        RingConfig::new(1024, 256, tso, 4096).unwrap().tx_limits.min,
        64
    );
    assert_eq!(
        RingConfig::new(32, 256, tso, 4096),
        Err(SizeError::TooSmall)
    );
    // A minimum the sizes asked for do not change.
    assert_eq!(RingConfig::min_tx(&|_| 100, 4096), 512);
    // Packets as large as the ring: no size fits.
    assert_eq!(RingConfig::min_tx(&|n| n, 256), 512);
    assert_eq!(
        RingConfig::new(256, 256, |n| n, 256),
        Err(SizeError::TooSmall)
    );
}

#[test]
fn ring_config_defaults_of_both_drivers() {
    // gianfar: 256/256, at most 256; fec: 1024/256, at most 4096.
    for (tx, rx, max) in [(256, 256, 256), (1024, 256, 4096)] {
        let c = RingConfig::new(tx, rx, |_| 18, max).unwrap();
        assert_eq!((c.tx.get(), c.rx.get()), (tx, rx));
        assert_eq!(c.tx_limits.min, 64);
        assert!(c.thresholds.wake() <= tx);
    }
    assert_eq!(
        RingConfig::new(32, 256, |_| 18, 256),
        Err(SizeError::TooSmall)
    );
    assert_eq!(
        RingConfig::new(256, 4, |_| 18, 256),
        Err(SizeError::TooSmall)
    );
    assert_eq!(
        RingConfig::new(512, 256, |_| 18, 256),
        Err(SizeError::TooLarge)
    );
    assert_eq!(
        RingConfig::new(256, 100, |_| 18, 256),
        Err(SizeError::NotPowerOfTwo)
    );
}
