# SPDX-License-Identifier: GPL-2.0
#
# nxp-rfl: Rust-for-Linux drivers for Freescale/NXP Ethernet controllers.
#
#   make                      build gianfar_rs and fec_rs for the project's
#                             emulated boards (builds their kernels on first use)
#   make KDIR=<kernel build> ARCH=<arch> CROSS_COMPILE=<prefix>
#                             build against your own Rust-enabled kernel
#   make modules_install KDIR=... [INSTALL_MOD_PATH=...]
#   make setup                install everything the project needs (root)
#   make demo                 the main job: boot the i.MX7D board, load fec_rs,
#                             push iperf3 traffic both ways, print results
#   make check                all tests (host unit tests + every board)
#   make bench                side-by-side benchmark, Rust vs C, every board
#                             (BENCH_* settings: see scripts/bench.sh)
#   make profile              per-function guest kernel profile, C vs Rust
#                             (PROFILE_* settings: see scripts/profile.sh)
#   make unit                 host unit tests only (cargo test)
#   make soak                 the robustness tests at length on our drivers:
#                             30 min of control operations under load, 200
#                             reloads, 100 link flaps, every fault site
#                             (SOAK_* settings: see scripts/soak.sh)
#
# The module sources are read by Kbuild (see Kbuild).

# (The i.MX6UL boots the i.MX7D's kernel, so its modules are the same.)
BOARDS ?= ppc-e500 arm-imx7 arm64-imx8mp
OUT ?= $(CURDIR)/out

ifneq ($(KDIR),)
# Against a given kernel tree (must contain the Rust build: rust/*.rmeta).
MO ?= $(OUT)/modules-$(notdir $(abspath $(KDIR)))
modules:
	$(MAKE) -C $(KDIR) M=$(CURDIR) MO=$(MO) modules
	@ls -1 $(MO)/*.ko

modules_install:
	$(MAKE) -C $(KDIR) M=$(CURDIR) MO=$(MO) modules_install

clippy:
	$(MAKE) -C $(KDIR) M=$(CURDIR) MO=$(MO)-clippy CLIPPY=1 modules
else
modules:
	@for b in $(BOARDS); do scripts/build-modules.sh $$b || exit 1; done

modules_install:
	@echo "modules_install needs KDIR=<your kernel build> (and INSTALL_MOD_PATH)"; exit 1
endif

setup:
	scripts/setup.sh

demo:
	scripts/demo.sh

check:
	scripts/test.sh

bench:
	scripts/bench.sh

profile:
	scripts/profile.sh

soak:
	scripts/soak.sh

unit:
	cd tests/host && cargo test --offline

clean:
	rm -rf $(OUT) tests/host/target

.PHONY: modules modules_install clippy setup demo check bench profile soak unit clean
