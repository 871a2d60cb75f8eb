// SPDX-License-Identifier: GPL-2.0

//! Network devices: the driver operations, registration, and the C entry
//! points the shim's `net_device_ops` trampolines call.
//!
//! C header: [`include/linux/netdevice.h`](srctree/include/linux/netdevice.h)

use core::{
    marker::PhantomData,
    ptr::NonNull, //
};
use kernel::{
    device,
    error::{
        from_result,
        to_result, //
    },
    ffi::{
        c_int,
        c_uint,
        c_void, //
    },
    prelude::*,
    sync::atomic::{
        Atomic,
        Relaxed, //
    }, //
};

use super::{
    context::PollCtx,
    ffi,
    of::Node,
    ptp::{
        HwTstamp,
        PtpOutputs,
        PtpRequest, //
    },
    raw_dev,
    skb::Skb,
    xdp::XdpXmitQueue,
    xsk::XskPoolRef,
    MacAddr, //
};

use crate::ring::RingConfig;

pub(crate) use ffi::{
    NxpCoalesce as Coalesce,
    NxpPause as Pause,
    NxpRings as Rings,
    NxpStats as Stats,
    NxpStdStats as StdStats, //
};

mod config;
pub(crate) mod declare;
mod dev;
pub(crate) mod entry;
mod ops;
mod registration;
mod txq;

pub(crate) use super::context::{
    BhDisabled,
    IrqContext,
    RxModeCtx,
    XmitCtx, //
};
pub(crate) use config::{
    ExtAck,
    MsgLevel, //
};
pub(crate) use declare::declare_net_driver;
pub(crate) use dev::{
    netdev_err,
    netdev_info,
    netdev_log,
    netdev_warn,
    netdev_warn_once,
    Features,
    LogLevel,
    NetDev,
    Setup, //
};
pub(crate) use ops::{
    DeclaredNetDriver,
    EthtoolOps,
    NetDriver,
    TxVerdict, //
};
pub(crate) use registration::Registration;
pub(crate) use txq::{
    BqlTxQueue,
    TxCounters,
    TxFlowStats,
    TxQueue, //
};
