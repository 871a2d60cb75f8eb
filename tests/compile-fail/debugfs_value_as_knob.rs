// SPDX-License-Identifier: GPL-2.0
// expect: E0308
// what: a debugfs value slot where a knob is expected (slots are typed)

use crate::knobs::{
    Debug,
    DBG_TXIC, //
};

pub(crate) fn misuse(debug: &Debug) -> bool {
    debug.is_set(DBG_TXIC)
}
