// SPDX-License-Identifier: GPL-2.0

//! eTSEC descriptor and FCB encoding against the C driver's flag values.

use crate::gianfar::desc::*;

#[test]
fn tx_lstatus_matches_c_flag_layout() {
    // Single-BD frame: BD_LFLAG(TXBD_CRC | TXBD_READY | TXBD_LAST | TXBD_INTERRUPT) | len
    assert_eq!(
        tx_lstatus(
            60,
            TxFlags {
                first: true,
                last: true,
                interrupt: true,
                ..TxFlags::NONE
            }
        ),
        (0x8000 | 0x0400 | 0x0800 | 0x1000) << 16 | 60
    );
    // With a frame control block on the first BD.
    assert_eq!(
        tx_lstatus(
            1514,
            TxFlags {
                first: true,
                toe: true,
                ..TxFlags::NONE
            }
        ),
        (0x8000 | 0x0400 | 0x0002) << 16 | 1514
    );
    // A middle fragment in the last slot keeps the wrap bit.
    assert_eq!(
        tx_lstatus(
            4096,
            TxFlags {
                wrap: true,
                ..TxFlags::NONE
            }
        ),
        (0x8000 | 0x2000) << 16 | 4096
    );
    assert!(tx_busy(tx_lstatus(
        1,
        TxFlags {
            last: true,
            ..TxFlags::NONE
        }
    )));
    // TOE only on a first buffer; the interrupt apart from LAST (software
    // TSO: one per packet).
    assert_eq!(
        tx_lstatus(
            100,
            TxFlags {
                toe: true,
                last: true,
                ..TxFlags::NONE
            }
        ),
        (0x8000 | 0x0800) << 16 | 100
    );
    assert!(!tx_busy(tx_idle(true)));
    assert_eq!(tx_idle(true), 0x2000 << 16);
    assert_eq!(tx_idle(false), 0);
}

#[test]
fn rx_decoding() {
    assert_eq!(rx_empty(false), (0x8000 | 0x1000) << 16);
    assert_eq!(rx_empty(true), (0x8000 | 0x1000 | 0x2000) << 16);
    assert_eq!(rx_status(rx_empty(true)), RxStatus::Empty);
    // A complete frame: LAST, the length field as written (FCB and FCS in).
    assert_eq!(
        rx_status((0x0800 << 16) | 64),
        RxStatus::Last {
            len: 64,
            first: false
        }
    );
    assert_eq!(
        rx_status((0x0800 | 0x0400 | 0x2000 | 0x1000) << 16 | 1526),
        RxStatus::Last {
            len: 1526,
            first: true
        }
    );
    // Not last: a frame spanning buffers, its first descriptor marked.
    assert_eq!(
        rx_status(((0x0400) << 16) | 1536),
        RxStatus::Partial {
            len: 1536,
            first: true
        }
    );
    assert_eq!(
        rx_status(1536),
        RxStatus::Partial {
            len: 1536,
            first: false
        }
    );
    // QEMU's model: the FCS alone in a last buffer it left EMPTY.
    assert_eq!(
        rx_status(((0x8000 | 0x1000 | 0x0800) << 16) | 2),
        RxStatus::Last {
            len: 2,
            first: false
        }
    );
    // Errors are reported, not delivered.
    assert_eq!(
        rx_status(((0x0800 | 0x0004) << 16) | 64),
        RxStatus::Error {
            flags: 0x0004,
            first: false
        }
    );
    assert_eq!(
        rx_status(((0x0800 | 0x0400 | 0x0001 | 0x0020) << 16) | 64),
        RxStatus::Error {
            flags: 0x0021,
            first: true
        }
    );
}

#[test]
fn rx_frame_lengths() {
    // 8-byte FCB, 14-byte header, 4-byte FCS at least.
    assert_eq!(rx_frame_len(8 + 14 + 4, 8), Some(14));
    assert_eq!(rx_frame_len(8 + 13 + 4, 8), None);
    assert_eq!(rx_frame_len(3, 8), None);
    assert_eq!(rx_frame_len(8 + 1518, 8), Some(1514));
    // Up to MAXFRM (9600, FCS included) after the FCB, no longer.
    assert_eq!(rx_frame_len(8 + 9600, 8), Some(9596));
    assert_eq!(rx_frame_len(8 + 9601, 8), None);
    assert_eq!(rx_frame_len(9000, 0), Some(8996));
}

#[test]
fn rx_last_piece_both_readings() {
    // eTSEC: the first buffer holds exactly MRBLR bytes, the last
    // descriptor reports the whole frame (FCB + 9018 + FCS over 1536-byte
    // buffers: 5 full ones, then the rest).
    assert!(!rx_model_lengths(1536, 1536, false));
    let total = 8 + 9018 + 4;
    assert_eq!(
        rx_last_piece(total, 5 * 1536, false),
        Some(total - 5 * 1536)
    );
    // Only part of the FCS in the last buffer.
    assert_eq!(rx_last_piece(3 * 1536 + 2, 3 * 1536, false), Some(2));
    // A report no larger than the earlier buffers is impossible there (a
    // lost last descriptor: the frame is dropped).
    assert_eq!(rx_last_piece(1536, 1536, false), None);
    assert_eq!(rx_last_piece(64, 4 * 1536, false), None);
    // QEMU's model: the FCB on top of MRBLR bytes in the first buffer, and
    // the last buffer's own bytes in its descriptor.
    assert!(rx_model_lengths(1544, 1536, false));
    assert_eq!(rx_last_piece(910, 1544 + 4 * 1536, true), Some(910));
    assert_eq!(rx_last_piece(2, 1544, true), Some(2));
    // A frame of MRBLR bytes with its FCB, its FCS alone in a second
    // buffer: the first buffer looks like the eTSEC's; only the machine
    // tells, and then the last buffer's 4 bytes are its own.
    assert!(rx_model_lengths(1536, 1536, true));
    assert_eq!(rx_last_piece(4, 1536, true), Some(4));
    assert_eq!(rx_last_piece(4, 1536, false), None);
}

#[test]
fn fcb_like_gfar_tx_checksum() {
    // TCP over IPv4 behind a plain Ethernet header: l3os 14, l4os 20.
    let f = tx_fcb_csum(14, 20, false, 0x1234u16.to_be());
    assert_eq!(f[0], 0x40 | 0x10 | 0x02 | 0x01); // TXFCB_DEFAULT
    assert_eq!((f[1], f[2], f[3]), (0, 20, 14));
    assert_eq!([f[4], f[5]], [0x12, 0x34]);
    assert_eq!([f[6], f[7]], [0, 0]);
    let u = tx_fcb_csum(14, 20, true, 0);
    assert_eq!(u[0], 0x40 | 0x10 | 0x02 | 0x01 | 0x08);
}

#[test]
fn fcb_like_gfar_tx_vlan() {
    // gfar_tx_vlan(): TXFCB_VLN and the TCI, big-endian, in vlctl; the
    // checksum fields stay.
    let f = tx_fcb_vlan(tx_fcb_csum(14, 20, false, 0x1234u16.to_be()), Some(0xa064));
    assert_eq!(f[0], 0x80 | 0x40 | 0x10 | 0x02 | 0x01);
    assert_eq!((f[2], f[3], f[4], f[5]), (20, 14, 0x12, 0x34));
    assert_eq!([f[6], f[7]], [0xa0, 0x64]);
    // A tag alone: an FCB that asks for nothing else.
    assert_eq!(
        tx_fcb_vlan([0; FCB_LEN], Some(100)),
        [0x80, 0, 0, 0, 0, 0, 0, 100]
    );
    // No tag: unchanged.
    let c = tx_fcb_csum(14, 20, true, 0);
    assert_eq!(tx_fcb_vlan(c, None), c);
}

#[test]
fn maxfrm_follows_the_mtu() {
    // 1500: a tagged frame with its FCS (1522) and the eTSEC74 margin.
    assert_eq!(maxfrm(1500), 1524);
    assert_eq!(maxfrm(68), 68 + 14 + 4 + 4 + 2);
    // Capped at the jumbo size, which the largest MTU reaches exactly.
    assert_eq!(maxfrm(9574), 9598);
    assert_eq!(maxfrm(9576), 9600);
    assert_eq!(maxfrm(9586), 9600);
    assert_eq!(maxfrm(u32::MAX - 100), 9600);
}

#[test]
fn rx_fcb_vlan_tag() {
    // flags (VLN | CIP | CTU), rq, pro, reserved, vlctl 0xa064 (PCP 5, VID 100).
    let fcb = [0x8c, 0x00, 0x00, 0x06, 0x00, 0x00, 0xa0, 0x64];
    assert_eq!(rx_fcb_vlan(fcb), Some(0xa064));
    // The checksum verdict of the same FCB is unaffected by VLN.
    assert!(rx_csum_ok(u16::from_be_bytes([fcb[0], fcb[1]])));
    // No VLN: no tag, whatever vlctl holds (QEMU's all-zero FCB too).
    assert_eq!(rx_fcb_vlan([0x0c, 0, 0, 6, 0, 0, 0xa0, 0x64]), None);
    assert_eq!(rx_fcb_vlan([0; 8]), None);
    // VID 0 (a priority tag) is a tag.
    assert_eq!(rx_fcb_vlan([0x80, 0, 0, 0, 0, 0, 0x20, 0x00]), Some(0x2000));
}
