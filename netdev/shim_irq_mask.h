/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interrupt mask of shim.h (nxp_irq_mask_*), inside the shim: its
 * layout and the inline steps of its updates, for shim.c's functions and
 * for shim_net.c's nxp_irq_mask_take_schedule(), which takes the mask and
 * schedules a NAPI instance in one call. Not read by bindgen: Rust handles
 * the mask by pointer only.
 */
#ifndef NXP_SHIM_IRQ_MASK_H
#define NXP_SHIM_IRQ_MASK_H

#include <linux/io.h>
#include <linux/spinlock.h>

struct nxp_irq_mask {
	spinlock_t lock;
	u32 val;
};

static inline unsigned long nxp_irq_mask_lock(struct nxp_irq_mask *m, bool irqs_off)
{
	unsigned long flags = 0;

	if (irqs_off)
		spin_lock(&m->lock);
	else
		spin_lock_irqsave(&m->lock, flags);
	return flags;
}

static inline void nxp_irq_mask_unlock(struct nxp_irq_mask *m, bool irqs_off,
				       unsigned long flags)
{
	if (irqs_off)
		spin_unlock(&m->lock);
	else
		spin_unlock_irqrestore(&m->lock, flags);
}

static inline void nxp_irq_mask_write(u32 val, void __iomem *reg, bool be)
{
	if (be)
		iowrite32be(val, reg);
	else
		writel(val, reg);
}

/* nxp_irq_mask_take() (shim.h), inline. */
static inline u32 __nxp_irq_mask_take(struct nxp_irq_mask *m, void __iomem *reg, bool be,
				      bool irqs_off, u32 events, u32 group)
{
	unsigned long flags = nxp_irq_mask_lock(m, irqs_off);
	u32 hit = events & m->val;

	if (hit) {
		m->val &= ~(group ? group : hit);
		nxp_irq_mask_write(m->val, reg, be);
	}
	nxp_irq_mask_unlock(m, irqs_off, flags);
	return hit;
}

#endif
