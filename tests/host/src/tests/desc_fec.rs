// SPDX-License-Identifier: GPL-2.0

//! ENET enhanced descriptors: encoding of Tx/Rx control and status words.

use crate::fec::desc::{self, rx, tx, RxStatus, TxFlags};

fn flags(last: bool, wrap: bool, interrupt: bool, csum: bool) -> TxFlags {
    TxFlags {
        timestamp: false,
        last,
        wrap,
        interrupt,
        csum,
    }
}

#[test]
fn tx_words() {
    // Single-buffer frame at the ring end: READY | WRAP | LAST | TC.
    assert_eq!(
        desc::tx_sc(flags(true, true, true, false)),
        0x8000 | 0x2000 | 0x0800 | 0x0400
    );
    // Head of a multi-buffer frame: no LAST, no WRAP.
    assert_eq!(desc::tx_sc(TxFlags::NONE), 0x8000 | 0x0400);
    // The interrupt and checksum flags are not control/status bits.
    assert_eq!(
        desc::tx_sc(flags(false, false, true, true)),
        0x8000 | 0x0400
    );
    assert_eq!(desc::tx_idle(true), tx::WRAP);
    assert_eq!(desc::tx_idle(false), 0);
    // The interrupt only on the last buffer (QEMU and the hardware raise
    // TXF only for descriptors with TX_INT); checksum insertion on all.
    assert_eq!(desc::tx_esc(flags(true, false, true, false)), 0x4000_0000);
    assert_eq!(
        desc::tx_esc(flags(false, false, false, true)),
        0x1000_0000 | 0x0800_0000
    );
    assert_eq!(desc::tx_esc(flags(true, true, true, true)), 0x5800_0000);
    // LAST and WRAP are not extended-status bits.
    assert_eq!(desc::tx_esc(flags(true, true, false, false)), 0);
    assert!(desc::tx_busy(desc::tx_sc(flags(true, false, false, false))));
    assert!(!desc::tx_busy(desc::tx_idle(true)));
}

#[test]
fn tx_timestamp_request() {
    // BD_ENET_TX_TS (bit 29), beside the interrupt and checksum bits, and
    // read back from the extended status as written.
    let f = TxFlags {
        timestamp: true,
        ..flags(true, false, true, true)
    };
    assert_eq!(desc::tx_esc(f), 0x4000_0000 | 0x2000_0000 | 0x1800_0000);
    assert!(desc::tx_timestamped(desc::tx_esc(f) | desc::tx_class(2)));
    let plain = desc::tx_esc(flags(true, true, true, true));
    assert!(!desc::tx_timestamped(plain));
    // Not a control/status bit.
    assert_eq!(desc::tx_sc(f), desc::tx_sc(flags(true, false, true, true)));
}

#[test]
fn tx_frame_class() {
    // FEC_TX_BD_FTYPE(q): bits 20-23, clear of the interrupt (30), PINS
    // (28) and IINS (27) bits it is combined with.
    assert_eq!(desc::tx_class(0), 0);
    assert_eq!(desc::tx_class(1), 0x0010_0000);
    assert_eq!(desc::tx_class(2), 0x0020_0000);
    assert_eq!(
        desc::tx_class(2) & desc::tx_esc(flags(true, true, true, true)),
        0
    );
}

#[test]
fn rx_decode() {
    assert_eq!(desc::rx_empty(false), 0x8000);
    assert_eq!(desc::rx_empty(true), 0xa000);
    assert_eq!(desc::rx_status(desc::rx_empty(true), 0), RxStatus::Empty);
    // A 64-byte frame: 2 shift bytes + 60 bytes + FCS.
    assert_eq!(
        desc::rx_status(rx::LAST, 2 + 60 + 4),
        RxStatus::Frame { len: 60 }
    );
    // WRAP does not change the meaning.
    assert_eq!(
        desc::rx_status(rx::LAST | rx::WRAP, 1520),
        RxStatus::Frame { len: 1514 }
    );
    assert_eq!(desc::rx_status(0, 1984), RxStatus::Partial);
    assert_eq!(
        desc::rx_status(rx::LAST | rx::CR, 66),
        RxStatus::Error { flags: rx::CR }
    );
    assert_eq!(
        desc::rx_status(rx::LAST | rx::OV | rx::MISS, 66),
        RxStatus::Error { flags: rx::OV }
    );
    // Shorter than shift + FCS cannot be a frame.
    assert_eq!(
        desc::rx_status(rx::LAST, 5),
        RxStatus::Error { flags: rx::SH }
    );
    // Nor can anything shorter than an Ethernet header: every length from
    // 0 to shift + 13 + FCS is a runt, shift + 14 + FCS the first frame.
    for datlen in 0..(2 + 14 + 4) {
        assert_eq!(
            desc::rx_status(rx::LAST, datlen),
            RxStatus::Error { flags: rx::SH },
            "datlen {datlen}"
        );
    }
    assert_eq!(
        desc::rx_status(rx::LAST, 2 + 14 + 4),
        RxStatus::Frame { len: 14 }
    );
}

#[test]
fn rx_checksum() {
    // Not classified (prot 0, as QEMU leaves it): the stack checks.
    assert!(!desc::rx_csum_ok(rx::INT, 0));
    // Classified and no error bit: good.
    assert!(desc::rx_csum_ok(rx::INT, 0x2806_1234));
    assert!(!desc::rx_csum_ok(rx::INT | rx::ICE, 0x2806_1234));
    assert!(!desc::rx_csum_ok(rx::INT | rx::PCR, 0x2806_1234));
}

#[test]
fn rx_vlan_flag() {
    // As armed (INT only) and as QEMU leaves it: no tag reported.
    assert!(!desc::rx_vlan(rx::INT));
    assert!(desc::rx_vlan(rx::INT | rx::VLAN));
    // The checksum error bits are not the tag's.
    assert!(!desc::rx_vlan(rx::INT | rx::ICE | rx::PCR));
    assert_eq!(rx::VLAN, 0x0000_0004);
}
