// SPDX-License-Identifier: GPL-2.0

//! eTSEC register map of one queue group's 4 KiB page (`struct gfar` in
//! `drivers/net/ethernet/freescale/gianfar.h`). All registers are big-endian.
//!
//! The map lists the registers and bits the driver uses.

use crate::netdev::mmio::{
    BigEndian,
    IrqMask,
    Mmio,
    Reg as WindowReg, //
};

/// Size of an eTSEC (group) register page.
pub(crate) const WINDOW: usize = 0x1000;

/// An eTSEC register.
pub(crate) type Reg = WindowReg<WINDOW>;
/// A mapped eTSEC register page.
pub(crate) type Regs = Mmio<BigEndian, WINDOW>;
/// The interrupt mask register (IMASK) with its cached value.
pub(crate) type ImaskReg = IrqMask<BigEndian, WINDOW>;

/// Controller ID (reads 0x0124_0000 on QEMU's model).
pub(crate) const TSEC_ID: Reg = Reg::new(0x000);
/// Controller ID 2: configuration of the instance (queues, groups).
pub(crate) const TSEC_ID2: Reg = Reg::new(0x004);
/// Interrupt event (write 1 to clear).
pub(crate) const IEVENT: Reg = Reg::new(0x010);
/// Interrupt mask (1 enables).
pub(crate) const IMASK: Reg = Reg::new(0x014);
/// Ethernet control (interface mode, statistics enable).
pub(crate) const ECNTRL: Reg = Reg::new(0x020);
/// Minimum frame length.
pub(crate) const MINFLR: Reg = Reg::new(0x024);
/// DMA control (graceful stop, snooping, wait-or-poll).
pub(crate) const DMACTRL: Reg = Reg::new(0x02c);
/// Tx FIFO threshold, starve and starve shutoff.
pub(crate) const FIFO_TX_THR: Reg = Reg::new(0x08c);
pub(crate) const FIFO_TX_STARVE: Reg = Reg::new(0x098);
pub(crate) const FIFO_TX_STARVE_SHUTOFF: Reg = Reg::new(0x09c);

/// Transmit control (TOE enables the frame control block).
pub(crate) const TCTRL: Reg = Reg::new(0x100);
/// Transmit status: THLTn halts ring n; writing 1 restarts it (the doorbell).
pub(crate) const TSTAT: Reg = Reg::new(0x104);
/// Single-group Tx interrupt coalescing.
pub(crate) const TXIC: Reg = Reg::new(0x110);
/// Transmit queue control (ring enables).
pub(crate) const TQUEUE: Reg = Reg::new(0x114);
/// TxBD base address high bits.
pub(crate) const TBASEH: Reg = Reg::new(0x200);
/// TxBD base address of ring 0; ring n at `TBASE0.at(n, 8)`.
pub(crate) const TBASE0: Reg = Reg::new(0x204);

/// Receive control (checksum, FCB, padding, promiscuous).
pub(crate) const RCTRL: Reg = Reg::new(0x300);
/// Receive status: QHLTn set when ring n halted; write 1 to resume.
pub(crate) const RSTAT: Reg = Reg::new(0x304);
/// Single-group Rx interrupt coalescing.
pub(crate) const RXIC: Reg = Reg::new(0x310);
/// Receive queue control (ring enables).
pub(crate) const RQUEUE: Reg = Reg::new(0x314);
/// Maximum receive buffer length.
pub(crate) const MRBLR: Reg = Reg::new(0x340);
/// RxBD pointer of ring 0; ring n at `RBPTR0.at(n, 8)`.
pub(crate) const RBPTR0: Reg = Reg::new(0x384);
/// RxBD base address high bits.
pub(crate) const RBASEH: Reg = Reg::new(0x400);
/// RxBD base address of ring 0; ring n at `RBASE0.at(n, 8)`.
pub(crate) const RBASE0: Reg = Reg::new(0x404);

/// MAC configuration 1 (Rx/Tx enable, flow control, soft reset).
pub(crate) const MACCFG1: Reg = Reg::new(0x500);
/// MAC configuration 2 (interface mode, duplex, pad/CRC).
pub(crate) const MACCFG2: Reg = Reg::new(0x504);
/// Maximum frame length.
pub(crate) const MAXFRM: Reg = Reg::new(0x510);
/// Station address, bytes 5..2 and 1..0 (reversed byte order).
pub(crate) const MACSTNADDR1: Reg = Reg::new(0x540);
pub(crate) const MACSTNADDR2: Reg = Reg::new(0x544);

/// First RMON counter (`struct rmon_mib`, 0x680..=0x73c).
pub(crate) const RMON_FIRST: Reg = Reg::new(0x680);
/// Receive pause frame and transmit pause control frame counters.
pub(crate) const RMON_RXPF: Reg = Reg::new(0x6b4);
pub(crate) const RMON_TXPF: Reg = Reg::new(0x6f0);
/// Individual/group address hash, 8 registers.
pub(crate) const IGADDR0: Reg = Reg::new(0x800);
/// Group address hash, 8 registers.
pub(crate) const GADDR0: Reg = Reg::new(0x880);
/// Attributes (stashing, snooping) and extract length/index.
pub(crate) const ATTR: Reg = Reg::new(0xbf8);
pub(crate) const ATTRELI: Reg = Reg::new(0xbfc);
/// Per-ring Rx interrupt coalescing (multi-group mode); ring n at `RXIC0.at(n, 4)`.
pub(crate) const RXIC0: Reg = Reg::new(0xed0);
/// Per-ring Tx interrupt coalescing (multi-group mode); ring n at `TXIC0.at(n, 4)`.
pub(crate) const TXIC0: Reg = Reg::new(0xf10);

/// Interrupt event / mask bits (`IEVENT_*`, `IMASK_*`).
pub(crate) mod ievent {
    pub(crate) const BABR: u32 = 0x8000_0000;
    pub(crate) const RXC: u32 = 0x4000_0000;
    pub(crate) const BSY: u32 = 0x2000_0000;
    pub(crate) const EBERR: u32 = 0x1000_0000;
    pub(crate) const MSRO: u32 = 0x0400_0000;
    pub(crate) const GTSC: u32 = 0x0200_0000;
    pub(crate) const BABT: u32 = 0x0100_0000;
    pub(crate) const TXC: u32 = 0x0080_0000;
    pub(crate) const TXE: u32 = 0x0040_0000;
    pub(crate) const TXB: u32 = 0x0020_0000;
    pub(crate) const TXF: u32 = 0x0010_0000;
    pub(crate) const LC: u32 = 0x0004_0000;
    pub(crate) const CRL: u32 = 0x0002_0000;
    pub(crate) const XFUN: u32 = 0x0001_0000;
    pub(crate) const RXB0: u32 = 0x0000_8000;
    pub(crate) const MAG: u32 = 0x0000_0800;
    pub(crate) const GRSC: u32 = 0x0000_0100;
    pub(crate) const RXF0: u32 = 0x0000_0080;
    pub(crate) const DPE: u32 = 0x0000_0002;
    pub(crate) const PERR: u32 = 0x0000_0001;
    /// Everything (`IEVENT_INIT_CLEAR`).
    pub(crate) const ALL: u32 = 0xffff_ffff;
    /// Rx events (`IEVENT_RX_MASK`).
    pub(crate) const RX: u32 = RXB0 | RXF0 | BSY;
    /// Tx events (`IEVENT_TX_MASK`).
    pub(crate) const TX: u32 = TXB | TXF;
    /// Error events (`IEVENT_ERR_MASK`).
    pub(crate) const ERR: u32 =
        RXC | BSY | EBERR | MSRO | BABT | TXC | TXE | LC | CRL | XFUN | DPE | PERR | MAG | BABR;
}

/// Interrupt mask sets (`IMASK_DEFAULT`, `IMASK_RX_DEFAULT`, `IMASK_TX_DEFAULT`).
pub(crate) mod imask {
    use super::ievent::*;
    /// Rx sources the Rx NAPI masks while it runs.
    pub(crate) const RX: u32 = RXF0 | BSY;
    /// Tx sources the Tx NAPI masks while it runs (TXFEN | TXBEN).
    pub(crate) const TX: u32 = TXF | TXB;
    /// Magic packet received (the wake-up event).
    pub(crate) const MAG: u32 = super::ievent::MAG;
    /// All sources the driver uses.
    pub(crate) const DEFAULT: u32 =
        TXE | TXF | TXB | RXF0 | BSY | EBERR | BABR | XFUN | RXC | BABT | DPE | PERR;
}

/// MAC configuration 1 (`MACCFG1_*`).
pub(crate) mod maccfg1 {
    pub(crate) const SOFT_RESET: u32 = 0x8000_0000;
    pub(crate) const RX_FLOW: u32 = 0x0000_0020;
    pub(crate) const TX_FLOW: u32 = 0x0000_0010;
    pub(crate) const RX_EN: u32 = 0x0000_0004;
    pub(crate) const TX_EN: u32 = 0x0000_0001;
}

/// MAC configuration 2 (`MACCFG2_*`).
pub(crate) mod maccfg2 {
    /// Preamble 7, pad/CRC, CRC enable, full duplex (`MACCFG2_INIT_SETTINGS`).
    pub(crate) const INIT: u32 = 0x0000_7205;
    pub(crate) const FULL_DUPLEX: u32 = 0x0000_0001;
    pub(crate) const IF_MASK: u32 = 0x0000_0300;
    pub(crate) const IF_MII: u32 = 0x0000_0100;
    pub(crate) const IF_GMII: u32 = 0x0000_0200;
    /// Magic packet detection.
    pub(crate) const MPEN: u32 = 0x0000_0008;
}

/// Ethernet control (`ECNTRL_*`).
pub(crate) mod ecntrl {
    /// Statistics enable (`ECNTRL_INIT_SETTINGS`).
    pub(crate) const INIT: u32 = 0x0000_1000;
    /// 100 Mbit/s in reduced modes.
    pub(crate) const R100: u32 = 0x0000_0008;
}

/// DMA control (`DMACTRL_*`).
pub(crate) mod dmactrl {
    /// Wait-or-poll and snooping (`DMACTRL_INIT_SETTINGS`).
    pub(crate) const INIT: u32 = 0x0000_00c3;
    /// Graceful receive / transmit stop.
    pub(crate) const GRS: u32 = 0x0000_0010;
    pub(crate) const GTS: u32 = 0x0000_0008;
}

/// Tx/Rx status and queue enables.
pub(crate) mod queue {
    /// Clear the halt of Tx ring 0; ring n is `THALT0 >> n`.
    pub(crate) const THALT0: u32 = 0x8000_0000;
    /// Clear the halt of Rx ring 0 (`RSTAT_CLEAR_RHALT`); ring n is `>> n`.
    pub(crate) const RHALT0: u32 = 0x0080_0000;
    /// Enable Tx ring 0 (`TQUEUE_EN0`); ring n is `>> n`.
    pub(crate) const TQUEUE_EN0: u32 = 0x0000_8000;
    /// Enable and extract into Rx ring 0 (`RQUEUE_EN0 | RQUEUE_EX0`).
    pub(crate) const RQUEUE_EN0: u32 = 0x0080_0080;
}

/// Receive control (`RCTRL_*`).
pub(crate) mod rctrl {
    pub(crate) const PROM: u32 = 0x0000_0008;
    /// VLAN tag extraction: the tag of an 802.1Q frame goes from the frame
    /// to its Rx FCB (`RCTRL_VLEX`; needs the parser, as checksumming).
    pub(crate) const VLEX: u32 = 0x0000_2000;
    /// IP and TCP/UDP checksum checking with the L2..L4 parser: the eTSEC
    /// then prepends an Rx frame control block (`RCTRL_CHECKSUMMING`).
    pub(crate) const CHECKSUMMING: u32 = 0x0000_0200 | 0x0000_0100 | 0x0000_00c0;
    /// Padding in front of a received frame, behind the Rx FCB
    /// (`RCTRL_PADDING()`): `RCTRL[PAL]`, 0 to 31 bytes.
    pub(crate) const fn padding(bytes: u32) -> u32 {
        (bytes << 16) & 0x001f_0000
    }
}

/// Transmit control (`TCTRL_*`).
pub(crate) mod tctrl {
    /// IP and TCP/UDP checksum generation (`TCTRL_INIT_CSUM`).
    pub(crate) const CSUM: u32 = 0x0000_6000;
    /// 802.1Q tag insertion from the Tx FCB (`TCTRL_VLINS`).
    pub(crate) const VLINS: u32 = 0x0000_1000;
}

/// Minimum frame length (`MINFLR_INIT_SETTINGS`).
pub(crate) const MINFLR_INIT: u32 = 0x40;
/// Snooping of buffers and descriptors (`ATTR_INIT_SETTINGS`).
pub(crate) const ATTR_INIT: u32 = 0x0000_00c0;
/// FIFO thresholds (`DEFAULT_FIFO_TX_*`).
pub(crate) const FIFO_TX_THR_DEFAULT: u32 = 0x100;
pub(crate) const FIFO_TX_STARVE_DEFAULT: u32 = 0x40;
pub(crate) const FIFO_TX_STARVE_OFF_DEFAULT: u32 = 0x80;
