// SPDX-License-Identifier: GPL-2.0

//! Software TSO: segment headers as `tso_build_hdr()` writes them, payload
//! walks that cover every byte once, and the descriptor bound the drivers
//! stop their queues by.

use crate::tso::*;

/// An Ethernet + IPv4 (20 bytes) + TCP (32 bytes, timestamps) header with
/// PSH and FIN set, IP ID 0xfffe (to see it wrap) and sequence 0xffff_f000.
fn template() -> [u8; 66] {
    let mut h = [0u8; 66];
    h[12] = 0x08; // EtherType IPv4
    h[14] = 0x45; // version 4, IHL 5
    h[18..20].copy_from_slice(&0xfffeu16.to_be_bytes()); // ID
    h[22] = 64; // TTL
    h[23] = 6; // TCP
    h[38..42].copy_from_slice(&0xffff_f000u32.to_be_bytes()); // seq
    h[46] = 8 << 4; // data offset: 32 bytes
    h[47] = 0x18 | 0x01; // ACK PSH FIN
    h
}

fn layout(payload: u32, mss: u32) -> Layout {
    Layout::new(14, 34, 66, mss, 66 + payload).unwrap()
}

#[test]
fn headers_match_tso_build_hdr() {
    let l = layout(3000, 1448);
    assert_eq!(l.segs(), 3);
    let lens = [1448u32, 1448, 104];
    for seg in 0..3 {
        let mut h = [0u8; 66];
        l.build_header(&template(), &mut h, seg);
        let tot = u16::from_be_bytes([h[16], h[17]]);
        assert_eq!(u32::from(tot), 20 + 32 + lens[seg as usize], "seg {seg}");
        let id = u16::from_be_bytes([h[18], h[19]]);
        assert_eq!(id, 0xfffeu16.wrapping_add(seg as u16));
        let seq = u32::from_be_bytes([h[38], h[39], h[40], h[41]]);
        assert_eq!(seq, 0xffff_f000u32.wrapping_add(seg * 1448));
        let flags = h[47];
        if seg < 2 {
            assert_eq!(flags, 0x10, "only ACK before the last segment");
        } else {
            assert_eq!(flags, 0x19, "the last segment keeps PSH and FIN");
        }
        // Everything else is the template's.
        let t = template();
        for (i, (a, b)) in h.iter().zip(t.iter()).enumerate() {
            if !(16..20).contains(&i) && !(38..42).contains(&i) && i != 47 {
                assert_eq!(a, b, "byte {i} changed");
            }
        }
    }
}

#[test]
fn segment_lengths_cover_the_payload() {
    for payload in [1u32, 1447, 1448, 1449, 2896, 65000, 144_800] {
        let l = layout(payload, 1448);
        let sum: u32 = (0..l.segs()).map(|s| l.seg_len(s)).sum();
        assert_eq!(sum, payload);
        assert!((0..l.segs()).all(|s| l.seg_len(s) > 0 && l.seg_len(s) <= 1448));
    }
}

#[test]
fn malformed_layouts_rejected() {
    assert!(Layout::new(14, 34, 54, 1448, 54).is_err(), "no payload");
    assert!(
        Layout::new(14, 30, 54, 1448, 100).is_err(),
        "IPv4 header < 20"
    );
    assert!(
        Layout::new(14, 34, 50, 1448, 100).is_err(),
        "TCP header < 20"
    );
    assert!(
        Layout::new(14, 34, 34 + 64, 1448, 200).is_err(),
        "TCP header > 60"
    );
    assert!(Layout::new(14, 34, 54, 0, 100).is_err(), "MSS 0");
    assert!(
        Layout::new(200, 240, 300, 1448, 4000).is_err(),
        "headers > 256"
    );
    assert!(Layout::new(14, 34, 54, 1448, 100).is_ok());
}

/// A tiny deterministic generator (no dependencies).
fn lcg(s: &mut u64) -> u32 {
    *s = s
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*s >> 33) as u32
}

/// Walks packets of random buffer layouts as the drivers do: per segment a
/// header descriptor plus payload pieces. Every payload byte is covered
/// once, in order, pieces never cross a buffer, each buffer is "mapped"
/// (first piece) exactly once, and the count stays within `count_descs`.
#[test]
fn payload_walk_covers_every_byte_once() {
    let mut s = 1u64;
    for _ in 0..2000 {
        let nfrags = lcg(&mut s) % 18;
        let linear = if lcg(&mut s).is_multiple_of(3) {
            0
        } else {
            lcg(&mut s) % 3000
        };
        let frags: Vec<u32> = (0..nfrags).map(|_| 1 + lcg(&mut s) % 32768).collect();
        let payload = linear + frags.iter().sum::<u32>();
        if payload == 0 {
            continue;
        }
        let mss = 88 + lcg(&mut s) % 9000;
        let l = layout(payload, mss);
        // Expected byte stream: (buffer, offset) for every payload byte.
        let mut bufs = vec![linear];
        bufs.extend(&frags);
        let mut ch = Chunker::new(linear);
        let buf_len = |b: u32| frags.get(b as usize - 1).copied();
        let (mut descs, mut pos_buf, mut pos_off) = (0u32, 0u32, 0u32);
        let mut mapped = vec![0u32; bufs.len()];
        for seg in 0..l.segs() {
            descs += 1; // header
            let mut left = l.seg_len(seg);
            while left > 0 {
                let c = ch.next(left, buf_len).expect("payload ran out");
                // Skip empty buffers in the expected stream.
                while bufs[pos_buf as usize] == pos_off {
                    pos_buf += 1;
                    pos_off = 0;
                }
                assert_eq!((c.buf, c.off), (pos_buf, pos_off));
                assert!(c.len > 0 && c.len <= left);
                assert!(c.off + c.len <= bufs[c.buf as usize]);
                assert_eq!(c.first, c.off == 0);
                if c.first {
                    mapped[c.buf as usize] += 1;
                }
                pos_off += c.len;
                left -= c.len;
                descs += 1;
            }
        }
        assert_eq!(ch.next(1, buf_len), None, "payload left over");
        for (b, &n) in mapped.iter().enumerate() {
            assert_eq!(n, u32::from(bufs[b] > 0), "buffer {b} mapped {n} times");
        }
        assert!(
            descs <= count_descs(l.segs(), nfrags),
            "{descs} descriptors"
        );
    }
}

#[test]
fn ring_share_of_one_packet() {
    // The C fec's numbers on its default ring: 100 segments, 17 fragments.
    assert_eq!(ring_max_descs(1024, 18, 17), 217);
    assert_eq!(ring_max_descs(4096, 18, 17), 217);
    assert_eq!(ring_max_descs(512, 18, 17), 128);
    assert_eq!(ring_max_descs(64, 18, 17), 18);
    // Stop/wake thresholds still fit the ring.
    for ring in [64u32, 128, 256, 512, 1024, 2048, 4096] {
        let m = ring_max_descs(ring, 18, 17);
        assert!(
            crate::qdisc_hooks::TxThresholds::new(ring, m).is_ok(),
            "ring {ring}"
        );
    }
}

/// RFC 793 checksum of a TCP segment from scratch: pseudo-header (addresses,
/// protocol, TCP length) plus the segment with a zero checksum field.
fn tcp_csum_reference(ip: &[u8], tcp: &[u8]) -> u16 {
    let mut b = Vec::new();
    b.extend_from_slice(&ip[12..20]);
    b.extend_from_slice(&[0, 6]);
    b.extend_from_slice(&(tcp.len() as u16).to_be_bytes());
    let mut t = tcp.to_vec();
    t[16] = 0;
    t[17] = 0;
    b.extend_from_slice(&t);
    !fold(&b)
}

fn fold(b: &[u8]) -> u16 {
    let mut sum: u64 = 0;
    for w in b.chunks(2) {
        sum += u64::from(u16::from_be_bytes([w[0], *w.get(1).unwrap_or(&0)]));
    }
    while sum > 0xffff {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    sum as u16
}

/// The pseudo-header checksum a MAC starts from: with it in the checksum
/// field, summing the TCP segment gives the RFC 793 checksum, per segment.
#[test]
fn pseudo_header_checksum_completes_to_rfc793() {
    let mut s = 7u64;
    for _ in 0..500 {
        let payload = 1 + lcg(&mut s) % 70000;
        let l = layout(payload, 1448);
        let mut h = template();
        for b in &mut h[26..34] {
            *b = lcg(&mut s) as u8; // addresses
        }
        for seg in [0, l.segs() - 1] {
            let mut hdr = [0u8; 66];
            l.build_header(&h, &mut hdr, seg);
            let ph = l.pseudo_csum(&hdr, seg);
            let mut tcp = hdr[34..66].to_vec();
            tcp.extend((0..l.seg_len(seg)).map(|_| lcg(&mut s) as u8));
            let want = tcp_csum_reference(&hdr[14..34], &tcp);
            tcp[16] = ph[0];
            tcp[17] = ph[1];
            assert_eq!(!fold(&tcp), want, "segment {seg} of {payload} bytes");
        }
    }
}

#[test]
fn segments_the_stack_builds_fit() {
    assert_eq!(max_segs(217, 17), 100);
    assert_eq!(max_segs(64, 17), 23);
    assert_eq!(max_segs(18, 17), 1);
    assert_eq!(max_segs(0, 17), 1);
    for ring in [64u32, 128, 256, 512, 1024, 4096] {
        let d = ring_max_descs(ring, 18, 17);
        let s = max_segs(d, 17);
        assert!(s == 1 || count_descs(s, 17) <= d, "ring {ring}");
    }
}

#[test]
fn small_rings_leave_packet_size_to_software_gso() {
    // A 64-entry ring takes one-segment TSO packets at worst: the stack
    // builds full-size packets and segments those that do not fit.
    assert_eq!(stack_max_segs(ring_max_descs(64, 18, 17), 17), MAX_SEGS);
    assert_eq!(stack_max_segs(24, 17), MAX_SEGS);
    assert_eq!(stack_max_segs(25, 17), 4);
    assert_eq!(stack_max_segs(ring_max_descs(128, 18, 17), 17), 7);
    assert_eq!(stack_max_segs(ring_max_descs(256, 18, 17), 17), 23);
    assert_eq!(stack_max_segs(217, 17), 100);
}
