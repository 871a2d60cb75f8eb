# SPDX-License-Identifier: GPL-2.0
#
# nxp-rfl: Rust-for-Linux drivers for Freescale/NXP Ethernet controllers.
#
#   make                      build gianfar_rs and fec_rs for the project's
#                             emulated boards (builds their kernels on first use)
#   make KDIR=<kernel build> ARCH=<arch> CROSS_COMPILE=<prefix>
#                             build against your own Rust-enabled kernel
#   make modules_install KDIR=... [INSTALL_MOD_PATH=...]
#                             (to lib/modules/<version>/updates/)
#   make native               on a board: build against the running kernel
#                             (/lib/modules/$(uname -r)/build), install to
#                             updates/ and run depmod (KVER= another one)
#   make dkms-src [DESTDIR=]  the module sources to /usr/src/nxp-rfl-<version>
#                             for DKMS (dkms.conf)
#   Every build against a given tree first runs scripts/preflight.sh on it.
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

.DEFAULT_GOAL := modules

# Yocto's module.bbclass names the kernel source KERNEL_SRC (and its build
# directory O=); Buildroot's kernel-module packages run Kbuild directly.
KDIR ?= $(KERNEL_SRC)
# The build tree: where .config, Module.symvers and the Rust metadata are.
KBUILD_TREE = $(if $(O),$(O),$(KDIR))
KVER ?= $(shell uname -r)

# The version DKMS and the packages know the drivers by.
VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"$$/\1/p' $(CURDIR)/dkms.conf)
# What a build against a given kernel needs: the sources Kbuild reads, this
# Makefile, dkms.conf and the preflight.
MODULE_SRC = Kbuild Makefile dkms.conf $(wildcard $(CURDIR)/*.rs) fec gianfar netdev rxring txring
DKMS_SRC = $(DESTDIR)/usr/src/nxp-rfl-$(VERSION)

dkms-src:
	rm -rf $(DKMS_SRC)
	mkdir -p $(DKMS_SRC)/scripts
	cp -r $(MODULE_SRC) $(DKMS_SRC)/
	cp scripts/preflight.sh $(DKMS_SRC)/scripts/
	@echo "$(DKMS_SRC): now dkms install nxp-rfl/$(VERSION)"

# The running kernel's build tree (another with NATIVE_KDIR=).
NATIVE_KDIR ?= /lib/modules/$(KVER)/build

native:
	$(MAKE) KDIR=$(NATIVE_KDIR) modules
	$(MAKE) KDIR=$(NATIVE_KDIR) INSTALL_MOD_DIR=updates modules_install
	depmod -a $(if $(INSTALL_MOD_PATH),-b $(INSTALL_MOD_PATH)) $(KVER)

ifneq ($(KDIR),)
# Against a given kernel tree (must contain the Rust build: rust/*.rmeta).
MO ?= $(OUT)/modules-$(notdir $(abspath $(KDIR)))
modules:
	scripts/preflight.sh $(KBUILD_TREE)
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

.PHONY: modules modules_install native dkms-src clippy setup demo check bench profile soak unit clean
