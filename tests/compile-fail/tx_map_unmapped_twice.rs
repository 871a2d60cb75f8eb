// SPDX-License-Identifier: GPL-2.0
// expect: E0382
// what: one Tx DMA mapping unmapped twice (the token is consumed)

use crate::netdev::dma::{
    DmaDevice,
    TxMap, //
};

pub(crate) fn misuse(dma: &DmaDevice, map: TxMap) {
    dma.unmap(map);
    dma.unmap(map);
}
