// SPDX-License-Identifier: GPL-2.0

//! ENET register map (`drivers/net/ethernet/freescale/fec.h`, the i.MX
//! layout). All registers are little-endian.
//!
//! The map lists the registers and bits the driver uses.

use crate::netdev::mmio::{
    IrqMask,
    LittleEndian,
    Mmio,
    Reg as WindowReg, //
};

/// Size of the ENET register window the driver needs (up to the 1588
/// timer's compare channels; the device tree maps 16 KiB or more).
pub(crate) const WINDOW: usize = 0x628;

/// An ENET register.
pub(crate) type Reg = WindowReg<WINDOW>;
/// The mapped ENET registers.
pub(crate) type Regs = Mmio<LittleEndian, WINDOW>;
/// The interrupt mask register (IMASK) with its cached value.
pub(crate) type ImaskReg = IrqMask<LittleEndian, WINDOW>;

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
/// EEE: the idle time before the MAC enters LPI, and the wake time, in
/// reference clock cycles (`FEC_LPI_SLEEP`, `FEC_LPI_WAKE`; parts with EEE).
pub(crate) const LPI_SLEEP: Reg = Reg::new(0x1f4);
pub(crate) const LPI_WAKE: Reg = Reg::new(0x1f8);
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
/// IEEE 1588 timer (`FEC_ATIME_*`): control (ATCR, see
/// `ptp_clock::atcr`), value (ATVR, latched by `ATCR[CAPTURE]`), period
/// (ATPER), correction period (ATCOR) and increments (ATINC).
pub(crate) const ATCR: Reg = Reg::new(0x400);
pub(crate) const ATVR: Reg = Reg::new(0x404);
pub(crate) const ATPER: Reg = Reg::new(0x40c);
pub(crate) const ATCOR: Reg = Reg::new(0x410);
pub(crate) const ATINC: Reg = Reg::new(0x414);
/// The timer's compare channels 0..3 (`FEC_TCSR(n)`, `FEC_TCCR(n)`, 8
/// bytes apart): control and status (see `ptp_clock::tcsr`), and the
/// compare value, which holds the next one too (written twice).
pub(crate) const TCSR0: Reg = Reg::new(0x608);
pub(crate) const TCCR0: Reg = Reg::new(0x60c);
/// The stride of the compare channels' registers.
pub(crate) const TIMER_CHANNEL_STRIDE: usize = 8;
/// The timer's registers in `ethtool -d` (beyond the C driver's list).
pub(crate) const DUMP_TIMER: [Reg; 13] = [
    ATCR,
    ATVR,
    ATPER,
    ATCOR,
    ATINC,
    TCSR0,
    TCCR0,
    Reg::new(0x610),
    Reg::new(0x614),
    Reg::new(0x618),
    Reg::new(0x61c),
    Reg::new(0x620),
    Reg::new(0x624),
];
/// Receive accelerator (IP/protocol checksum discard, SHIFT16).
pub(crate) const RACC: Reg = Reg::new(0x1c4);
/// Rx classification match and DMA class configuration, rings 1 and 2.
pub(crate) const RCMR_1: Reg = Reg::new(0x1c8);
pub(crate) const RCMR_2: Reg = Reg::new(0x1cc);
pub(crate) const DMA_CFG_1: Reg = Reg::new(0x1d8);
pub(crate) const DMA_CFG_2: Reg = Reg::new(0x1dc);
/// DMA class of rings 1 and 2 on (`DMA_CLASS_EN`), and the idle slope
/// the C driver gives both (`IDLE_SLOPE_1/2`: half the bandwidth).
pub(crate) const DMA_CLASS_EN: u32 = 1 << 16;
pub(crate) const IDLE_SLOPE: u32 = 0x200;

/// The registers and event of one Tx ring.
pub(crate) struct TxRingRegs {
    /// Descriptor ring start (TDSRn).
    pub(crate) start: Reg,
    /// Doorbell (TDARn).
    pub(crate) doorbell: Reg,
    /// Frame transmitted (the TXFn bit of IEVENT/IMASK).
    pub(crate) event: u32,
    /// DMA class configuration (rings 1 and 2 of the AVB parts).
    pub(crate) dma_cfg: Option<Reg>,
}

/// Tx rings 0 to 2.
pub(crate) const TX_RINGS: [TxRingRegs; 3] = [
    TxRingRegs {
        start: X_DES_START_0,
        doorbell: X_DES_ACTIVE_0,
        event: ievent::TXF_0,
        dma_cfg: None,
    },
    TxRingRegs {
        start: X_DES_START_1,
        doorbell: X_DES_ACTIVE_1,
        event: ievent::TXF_1,
        dma_cfg: Some(DMA_CFG_1),
    },
    TxRingRegs {
        start: X_DES_START_2,
        doorbell: X_DES_ACTIVE_2,
        event: ievent::TXF_2,
        dma_cfg: Some(DMA_CFG_2),
    },
];
/// Rx/Tx descriptor active, rings 1 and 2.
pub(crate) const R_DES_ACTIVE_1: Reg = Reg::new(0x1e0);
pub(crate) const X_DES_ACTIVE_1: Reg = Reg::new(0x1e4);
pub(crate) const R_DES_ACTIVE_2: Reg = Reg::new(0x1e8);
pub(crate) const X_DES_ACTIVE_2: Reg = Reg::new(0x1ec);
/// Multi-queue QoS scheme.
pub(crate) const QOS_SCHEME: Reg = Reg::new(0x1f0);

/// Interrupt event / mask bits (`FEC_ENET_*`).
pub(crate) mod ievent {
    /// Graceful stop complete.
    pub(crate) const GRA: u32 = 1 << 28;
    /// Frame transmitted, rings 0..2.
    pub(crate) const TXF_0: u32 = 1 << 27;
    pub(crate) const TXF_1: u32 = 1 << 3;
    pub(crate) const TXF_2: u32 = 1 << 7;
    /// Frame received, rings 0..2.
    pub(crate) const RXF_0: u32 = 1 << 25;
    pub(crate) const RXF_1: u32 = 1 << 1;
    pub(crate) const RXF_2: u32 = 1 << 5;
    /// MII management transfer done.
    pub(crate) const MII: u32 = 1 << 23;
    /// Magic packet received in sleep mode.
    pub(crate) const WAKEUP: u32 = 1 << 17;
    pub(crate) const TXF: u32 = TXF_0 | TXF_1 | TXF_2;
    pub(crate) const RXF: u32 = RXF_0 | RXF_1 | RXF_2;
    /// Every event but MII (which the MDIO accessors own).
    pub(crate) const ALL_BUT_MII: u32 = !MII;
}

/// Ethernet control bits (`FEC_ECR_*`).
pub(crate) mod ecr {
    pub(crate) const RESET: u32 = 1 << 0;
    pub(crate) const ETHEREN: u32 = 1 << 1;
    /// Magic packet detection (in sleep mode).
    pub(crate) const MAGICEN: u32 = 1 << 2;
    /// Sleep mode: the MAC only watches for a magic packet.
    pub(crate) const SLEEP: u32 = 1 << 3;
    /// Enhanced descriptors (and the 1588 timer).
    pub(crate) const EN1588: u32 = 1 << 4;
    /// 1000 Mbit/s.
    pub(crate) const SPEED: u32 = 1 << 5;
    /// Descriptors in little-endian order.
    pub(crate) const BYTESWP: u32 = 1 << 8;
}

/// Receive control bits (`FEC_RCR_*`).
pub(crate) mod rcr {
    /// Disable receive on transmit (half duplex).
    pub(crate) const DRT: u32 = 1 << 1;
    pub(crate) const MII: u32 = 1 << 2;
    pub(crate) const PROMISC: u32 = 1 << 3;
    pub(crate) const FLOWCTL: u32 = 1 << 5;
    pub(crate) const RGMII: u32 = 1 << 6;
    pub(crate) const RMII: u32 = 1 << 8;
    pub(crate) const R10BASET: u32 = 1 << 9;
    /// Payload length check.
    pub(crate) const NLC: u32 = 1 << 30;
    /// Maximum frame length field.
    pub(crate) const MAX_FL_SHIFT: u32 = 16;
    pub(crate) const MAX_FL_MASK: u32 = 0x3fff << MAX_FL_SHIFT;
}

/// Transmit control: full duplex.
pub(crate) const TCR_FDEN: u32 = 1 << 2;
/// Tx FIFO watermark: store and forward.
pub(crate) const TXWMRK_STRFWD: u32 = 1 << 8;

/// Receive accelerator bits (`FEC_RACC_*`).
pub(crate) mod racc {
    /// Discard frames with IP header / protocol checksum errors.
    pub(crate) const IPDIS: u32 = 1 << 1;
    pub(crate) const PRODIS: u32 = 1 << 2;
    /// Two bytes in front of each frame (aligns the IP header).
    pub(crate) const SHIFT16: u32 = 1 << 7;
}

/// MII management frame fields (`FEC_MMFR_*`, clause 22).
pub(crate) mod mmfr {
    pub(crate) const ST: u32 = 1 << 30;
    pub(crate) const OP_READ: u32 = 2 << 28;
    pub(crate) const OP_WRITE: u32 = 1 << 28;
    pub(crate) const TA: u32 = 2 << 16;

    /// The frame for a clause-22 access to `reg` of the PHY at `addr`.
    pub(crate) const fn frame(op: u32, addr: u32, reg: u32, data: u16) -> u32 {
        ST | op | ((addr & 0x1f) << 23) | ((reg & 0x1f) << 18) | TA | data as u32
    }
}

/// Pause: receive FIFO thresholds and the opcode/duration (`FEC_ENET_*_V`).
pub(crate) const RSEM_V: u32 = 0x84;
pub(crate) const RSFL_V: u32 = 16;
pub(crate) const RAEM_V: u32 = 0x8;
pub(crate) const RAFL_V: u32 = 0x8;
pub(crate) const OPD_V: u32 = 0xfff0;

/// MII speed (MSCR) for an `ipg` clock of `rate_hz`: MDC at most 2.5 MHz
/// and an MDIO hold time of at least 10 ns (`fec_enet_mii_init()`); `None`
/// when the clock is too fast for the 6-bit divider.
pub(crate) const fn mscr(rate_hz: u32) -> Option<u32> {
    let bus_hz = 2_500_000u32;
    // ENET-MAC: MDC = ref / ((MII_SPEED + 1) * 2).
    let div = rate_hz.div_ceil(bus_hz * 2);
    let speed = div.saturating_sub(1);
    if speed > 63 {
        return None;
    }
    let hold = rate_hz.div_ceil(100_000_000).saturating_sub(1);
    Some(speed << 1 | hold << 8)
}

/// IEEE 802.3 flow-control (pause) frames sent and received (`ethtool -I -a`).
pub(crate) const MIB_TX_FDXFC: Reg = Reg::new(0x270);
pub(crate) const MIB_RX_FDXFC: Reg = Reg::new(0x2dc);
/// The MIB counters of `ethtool -S`, named as by the C driver (`fec_stats`).
pub(crate) const MIB_COUNT: usize = 53;
/// The MIB counters of `ethtool -S`.
pub(crate) const MIB: [(&kernel::str::CStr, Reg); MIB_COUNT] = [
    (c"tx_dropped", Reg::new(0x200)),
    (c"tx_packets", Reg::new(0x204)),
    (c"tx_broadcast", Reg::new(0x208)),
    (c"tx_multicast", Reg::new(0x20c)),
    (c"tx_crc_errors", Reg::new(0x210)),
    (c"tx_undersize", Reg::new(0x214)),
    (c"tx_oversize", Reg::new(0x218)),
    (c"tx_fragment", Reg::new(0x21c)),
    (c"tx_jabber", Reg::new(0x220)),
    (c"tx_collision", Reg::new(0x224)),
    (c"tx_64byte", Reg::new(0x228)),
    (c"tx_65to127byte", Reg::new(0x22c)),
    (c"tx_128to255byte", Reg::new(0x230)),
    (c"tx_256to511byte", Reg::new(0x234)),
    (c"tx_512to1023byte", Reg::new(0x238)),
    (c"tx_1024to2047byte", Reg::new(0x23c)),
    (c"tx_GTE2048byte", Reg::new(0x240)),
    (c"tx_octets", Reg::new(0x244)),
    (c"IEEE_tx_drop", Reg::new(0x248)),
    (c"IEEE_tx_frame_ok", Reg::new(0x24c)),
    (c"IEEE_tx_1col", Reg::new(0x250)),
    (c"IEEE_tx_mcol", Reg::new(0x254)),
    (c"IEEE_tx_def", Reg::new(0x258)),
    (c"IEEE_tx_lcol", Reg::new(0x25c)),
    (c"IEEE_tx_excol", Reg::new(0x260)),
    (c"IEEE_tx_macerr", Reg::new(0x264)),
    (c"IEEE_tx_cserr", Reg::new(0x268)),
    (c"IEEE_tx_sqe", Reg::new(0x26c)),
    (c"IEEE_tx_fdxfc", Reg::new(0x270)),
    (c"IEEE_tx_octets_ok", Reg::new(0x274)),
    (c"rx_packets", Reg::new(0x284)),
    (c"rx_broadcast", Reg::new(0x288)),
    (c"rx_multicast", Reg::new(0x28c)),
    (c"rx_crc_errors", Reg::new(0x290)),
    (c"rx_undersize", Reg::new(0x294)),
    (c"rx_oversize", Reg::new(0x298)),
    (c"rx_fragment", Reg::new(0x29c)),
    (c"rx_jabber", Reg::new(0x2a0)),
    (c"rx_64byte", Reg::new(0x2a8)),
    (c"rx_65to127byte", Reg::new(0x2ac)),
    (c"rx_128to255byte", Reg::new(0x2b0)),
    (c"rx_256to511byte", Reg::new(0x2b4)),
    (c"rx_512to1023byte", Reg::new(0x2b8)),
    (c"rx_1024to2047byte", Reg::new(0x2bc)),
    (c"rx_GTE2048byte", Reg::new(0x2c0)),
    (c"rx_octets", Reg::new(0x2c4)),
    (c"IEEE_rx_drop", Reg::new(0x2c8)),
    (c"IEEE_rx_frame_ok", Reg::new(0x2cc)),
    (c"IEEE_rx_crc", Reg::new(0x2d0)),
    (c"IEEE_rx_align", Reg::new(0x2d4)),
    (c"IEEE_rx_macerr", Reg::new(0x2d8)),
    (c"IEEE_rx_fdxfc", Reg::new(0x2dc)),
    (c"IEEE_rx_octets_ok", Reg::new(0x2e0)),
];

/// Registers `ethtool -d` reads besides the MIB counters
/// (`fec_enet_register_offset` without R_BOUND/R_FSTART, which need
/// `FEC_QUIRK_HAS_FRREG`): other offsets of the window are reserved and may
/// fault. The AVB ones exist only on multi-queue parts.
pub(crate) const DUMP: [Reg; 27] = [
    IEVENT,
    IMASK,
    R_DES_ACTIVE_0,
    X_DES_ACTIVE_0,
    ECNTRL,
    MII_DATA,
    MII_SPEED,
    MIB_CTRLSTAT,
    R_CNTRL,
    X_CNTRL,
    ADDR_LOW,
    ADDR_HIGH,
    OPD,
    TXIC0,
    RXIC0,
    HASH_TABLE_HIGH,
    HASH_TABLE_LOW,
    GRP_HASH_TABLE_HIGH,
    GRP_HASH_TABLE_LOW,
    X_WMRK,
    R_DES_START_0,
    X_DES_START_0,
    R_BUFF_SIZE_0,
    R_FIFO_RSFL,
    R_FIFO_RSEM,
    R_FIFO_RAEM,
    R_FIFO_RAFL,
];
/// The AVB (rings 1 and 2) registers of the dump.
pub(crate) const DUMP_AVB: [Reg; 19] = [
    TXIC1,
    TXIC2,
    RXIC1,
    RXIC2,
    R_DES_START_1,
    X_DES_START_1,
    R_BUFF_SIZE_1,
    R_DES_START_2,
    X_DES_START_2,
    R_BUFF_SIZE_2,
    RCMR_1,
    RCMR_2,
    DMA_CFG_1,
    DMA_CFG_2,
    R_DES_ACTIVE_1,
    X_DES_ACTIVE_1,
    R_DES_ACTIVE_2,
    X_DES_ACTIVE_2,
    QOS_SCHEME,
];
