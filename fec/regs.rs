// SPDX-License-Identifier: GPL-2.0

//! ENET register map (`drivers/net/ethernet/freescale/fec.h`, the i.MX
//! layout). All registers are little-endian.
//!
//! The map is data: it lists what the driver programs, whether or not the
//! current stage of the driver uses every register.
#![allow(dead_code)]

use crate::netdev::mmio::{
    LittleEndian,
    Mmio,
    Reg as WindowReg, //
};

/// Size of the ENET register window the driver needs (the MIB counters end
/// at 0x2e0; the device tree maps 16 KiB).
pub(crate) const WINDOW: usize = 0x400;

/// An ENET register.
pub(crate) type Reg = WindowReg<WINDOW>;
/// The mapped ENET registers.
pub(crate) type Regs = Mmio<LittleEndian, WINDOW>;

/// Interrupt event (EIR, write 1 to clear).
pub(crate) const IEVENT: Reg = Reg::new(0x004);
/// Interrupt mask (EIMR).
pub(crate) const IMASK: Reg = Reg::new(0x008);
/// Rx descriptor active, ring 0 (RDAR).
pub(crate) const R_DES_ACTIVE_0: Reg = Reg::new(0x010);
/// Tx descriptor active, ring 0 (TDAR): the doorbell.
pub(crate) const X_DES_ACTIVE_0: Reg = Reg::new(0x014);
/// Ethernet control (ECR: reset, enable, 1588 enhanced descriptors).
pub(crate) const ECNTRL: Reg = Reg::new(0x024);
/// MII management frame (MMFR).
pub(crate) const MII_DATA: Reg = Reg::new(0x040);
/// MII speed control (MSCR).
pub(crate) const MII_SPEED: Reg = Reg::new(0x044);
/// MIB control/status.
pub(crate) const MIB_CTRLSTAT: Reg = Reg::new(0x064);
/// Receive control (RCR).
pub(crate) const R_CNTRL: Reg = Reg::new(0x084);
/// Transmit control (TCR).
pub(crate) const X_CNTRL: Reg = Reg::new(0x0c4);
/// Station address, bytes 0..3 (PALR) and 4..5 in the upper half (PAUR).
pub(crate) const ADDR_LOW: Reg = Reg::new(0x0e4);
pub(crate) const ADDR_HIGH: Reg = Reg::new(0x0e8);
/// Opcode and pause duration.
pub(crate) const OPD: Reg = Reg::new(0x0ec);
/// Tx interrupt coalescing, rings 0..2.
pub(crate) const TXIC0: Reg = Reg::new(0x0f0);
pub(crate) const TXIC1: Reg = Reg::new(0x0f4);
pub(crate) const TXIC2: Reg = Reg::new(0x0f8);
/// Rx interrupt coalescing, rings 0..2.
pub(crate) const RXIC0: Reg = Reg::new(0x100);
pub(crate) const RXIC1: Reg = Reg::new(0x104);
pub(crate) const RXIC2: Reg = Reg::new(0x108);
/// Individual (unicast) hash table.
pub(crate) const HASH_TABLE_HIGH: Reg = Reg::new(0x118);
pub(crate) const HASH_TABLE_LOW: Reg = Reg::new(0x11c);
/// Group (multicast) hash table.
pub(crate) const GRP_HASH_TABLE_HIGH: Reg = Reg::new(0x120);
pub(crate) const GRP_HASH_TABLE_LOW: Reg = Reg::new(0x124);
/// Tx FIFO watermark.
pub(crate) const X_WMRK: Reg = Reg::new(0x144);
/// Rx FIFO bound and start.
pub(crate) const R_BOUND: Reg = Reg::new(0x14c);
pub(crate) const R_FSTART: Reg = Reg::new(0x150);
/// Rings 1 and 2: Rx descriptor start, Tx descriptor start, Rx buffer size.
pub(crate) const R_DES_START_1: Reg = Reg::new(0x160);
pub(crate) const X_DES_START_1: Reg = Reg::new(0x164);
pub(crate) const R_BUFF_SIZE_1: Reg = Reg::new(0x168);
pub(crate) const R_DES_START_2: Reg = Reg::new(0x16c);
pub(crate) const X_DES_START_2: Reg = Reg::new(0x170);
pub(crate) const R_BUFF_SIZE_2: Reg = Reg::new(0x174);
/// Ring 0: Rx descriptor start, Tx descriptor start, Rx buffer size.
pub(crate) const R_DES_START_0: Reg = Reg::new(0x180);
pub(crate) const X_DES_START_0: Reg = Reg::new(0x184);
pub(crate) const R_BUFF_SIZE_0: Reg = Reg::new(0x188);
/// Rx FIFO section full / empty, almost empty / full thresholds.
pub(crate) const R_FIFO_RSFL: Reg = Reg::new(0x190);
pub(crate) const R_FIFO_RSEM: Reg = Reg::new(0x194);
pub(crate) const R_FIFO_RAEM: Reg = Reg::new(0x198);
pub(crate) const R_FIFO_RAFL: Reg = Reg::new(0x19c);
/// Frame truncation length.
pub(crate) const FTRL: Reg = Reg::new(0x1b0);
/// Receive accelerator (IP/protocol checksum discard, SHIFT16).
pub(crate) const RACC: Reg = Reg::new(0x1c4);
/// Rx classification match and DMA class configuration, rings 1 and 2.
pub(crate) const RCMR_1: Reg = Reg::new(0x1c8);
pub(crate) const RCMR_2: Reg = Reg::new(0x1cc);
pub(crate) const DMA_CFG_1: Reg = Reg::new(0x1d8);
pub(crate) const DMA_CFG_2: Reg = Reg::new(0x1dc);
/// Rx/Tx descriptor active, rings 1 and 2.
pub(crate) const R_DES_ACTIVE_1: Reg = Reg::new(0x1e0);
pub(crate) const X_DES_ACTIVE_1: Reg = Reg::new(0x1e4);
pub(crate) const R_DES_ACTIVE_2: Reg = Reg::new(0x1e8);
pub(crate) const X_DES_ACTIVE_2: Reg = Reg::new(0x1ec);
/// Multi-queue QoS scheme.
pub(crate) const QOS_SCHEME: Reg = Reg::new(0x1f0);
/// First and last MIB (RMON) counter.
pub(crate) const MIB_FIRST: Reg = Reg::new(0x200);
pub(crate) const MIB_LAST: Reg = Reg::new(0x2e0);
