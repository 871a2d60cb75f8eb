include $(sort $(wildcard $(BR2_EXTERNAL_NXP_RFL_PATH)/package/*/*.mk))
