################################################################################
#
# nxp-rfl: gianfar_rs and fec_rs
#
################################################################################

NXP_RFL_VERSION = 0.1.0
# The checkout this tree sits in (packaging/buildroot).
NXP_RFL_SITE = $(BR2_EXTERNAL_NXP_RFL_PATH)/../..
NXP_RFL_SITE_METHOD = local
NXP_RFL_OVERRIDE_SRCDIR_RSYNC_EXCLUSIONS = --exclude out --exclude 'out-*' --exclude tests/host/target
NXP_RFL_LICENSE = GPL-2.0
NXP_RFL_LICENSE_FILES = Kbuild

# The kernel's Rust build, which Buildroot does not set up itself: the
# toolchain first on the kernel's PATH (also for this package's build,
# which uses LINUX_MAKE_ENV).
ifeq ($(BR2_PACKAGE_NXP_RFL),y)
LINUX_MAKE_ENV += PATH="$(call qstrip,$(BR2_PACKAGE_NXP_RFL_RUST_BIN)):$(BR_PATH)"
endif

# A kernel without Rust, without its Rust metadata or built by another
# rustc: say what to change before Kbuild fails less clearly.
define NXP_RFL_PREFLIGHT
	$(LINUX_MAKE_ENV) $(@D)/scripts/preflight.sh $(LINUX_DIR)
endef
NXP_RFL_PRE_BUILD_HOOKS += NXP_RFL_PREFLIGHT

define NXP_RFL_INSTALL_MODPROBE_CONF
	$(INSTALL) -D -m 0644 $(@D)/packaging/modprobe.d/nxp-rfl.conf \
		$(TARGET_DIR)/etc/modprobe.d/nxp-rfl.conf
endef
NXP_RFL_POST_INSTALL_TARGET_HOOKS += NXP_RFL_INSTALL_MODPROBE_CONF

$(eval $(kernel-module))
$(eval $(generic-package))
