// SPDX-License-Identifier: GPL-2.0
/*
 * insncount: QEMU TCG plugin counting the guest instructions executed per
 * translation block (TB) in the kernel, for scripts/profile.sh.
 *
 * Built against the qemu-plugin.h of the exact installed QEMU (10.0, plugin
 * API version 4), loaded with
 *
 *   -plugin insncount.so,outfile=<path>[,min=<hex vaddr>][,trigger=<path>]
 *
 * Every TB starting at or above `min` (default 0xbf000000: the ARM module area
 * below PAGE_OFFSET; the ppc32 kernel and its modules are at 0xc0000000 and
 * above, where user space ends) gets its own per-vCPU execution counter,
 * incremented inline by the generated code (scoreboard API, QEMU >= 9: no
 * helper call, no lock). TBs below `min` (user space) add their instruction
 * count to one per-vCPU counter instead. A TB is keyed by its start address
 * and its length, as in QEMU's contrib/plugins/hotblocks.c; its instructions
 * are counted in full when it starts (a TB left early by an exception still
 * counts whole, which is rare enough not to matter here).
 *
 * Output, one file per dump: a "# insncount ..." header line with the user
 * instruction total, then one line per kernel TB executed at least once:
 *
 *   <vaddr hex> <instructions in the TB> <executions>
 *
 * When the dumps happen: boot and driver set-up must not be counted. A plugin
 * cannot see the guest's console and gets no signal of its own (QEMU owns the
 * signals), and recognising a marker executed by the guest would need a
 * special guest binary. So the host decides: a plugin thread polls every
 * 50 ms for the file `trigger` (default <outfile>.trigger); when it appears it
 * reads a label from it (letters, digits, '-', '_'), deletes it and dumps the
 * cumulative counts to <outfile>.<label> (written to a temporary name, then
 * renamed, so a file that exists is complete). scripts/profile.sh writes the
 * trigger when the guest prints "NXP-PROFILE-MARK <label>" and subtracts the
 * "start" dump from the "stop" one. The counters are read while the vCPUs run
 * (64-bit loads, no tearing on the x86_64 host); the guest sleeps around
 * each mark, so nothing of interest is in flight. At exit the cumulative
 * counts are also written to <outfile> itself (QEMU must exit normally, e.g.
 * on SIGTERM, for that one).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

typedef struct {
	uint64_t vaddr;
	uint64_t ninsns;
	struct qemu_plugin_scoreboard *count; /* uint64_t per vCPU */
} Block;

static GMutex lock; /* blocks; dumps */
static GHashTable *blocks;
static struct qemu_plugin_scoreboard *user_insns; /* uint64_t per vCPU */
static uint64_t min_vaddr = 0xbf000000;
static char *outfile;
static char *trigger;
static GThread *poller;
static gint stopping;

static guint block_hash(gconstpointer p)
{
	const Block *b = p;

	return (guint)(b->vaddr ^ (b->vaddr >> 32) ^ (b->ninsns << 24));
}

static gboolean block_equal(gconstpointer p1, gconstpointer p2)
{
	const Block *a = p1, *b = p2;

	return a->vaddr == b->vaddr && a->ninsns == b->ninsns;
}

static void vcpu_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	Block key = { .vaddr = qemu_plugin_tb_vaddr(tb), .ninsns = qemu_plugin_tb_n_insns(tb) };
	Block *b;

	if (key.vaddr < min_vaddr) {
		qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
			tb, QEMU_PLUGIN_INLINE_ADD_U64, qemu_plugin_scoreboard_u64(user_insns), key.ninsns);
		return;
	}
	g_mutex_lock(&lock);
	b = g_hash_table_lookup(blocks, &key);
	if (!b) {
		b = g_new(Block, 1);
		*b = key;
		b->count = qemu_plugin_scoreboard_new(sizeof(uint64_t));
		g_hash_table_add(blocks, b);
	}
	g_mutex_unlock(&lock);
	qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
		tb, QEMU_PLUGIN_INLINE_ADD_U64, qemu_plugin_scoreboard_u64(b->count), 1);
}

static void dump(const char *path)
{
	g_autofree char *tmp = g_strdup_printf("%s.tmp", path);
	GHashTableIter it;
	gpointer p;
	FILE *f;

	f = fopen(tmp, "w");
	if (!f) {
		g_autofree char *msg = g_strdup_printf("insncount: %s: %s\n", tmp, strerror(errno));
		qemu_plugin_outs(msg);
		return;
	}
	g_mutex_lock(&lock);
	fprintf(f, "# insncount min=0x%" PRIx64 " vcpus=%d blocks=%u user_insns=%" PRIu64 "\n",
		min_vaddr, qemu_plugin_num_vcpus(), g_hash_table_size(blocks),
		qemu_plugin_u64_sum(qemu_plugin_scoreboard_u64(user_insns)));
	g_hash_table_iter_init(&it, blocks);
	while (g_hash_table_iter_next(&it, &p, NULL)) {
		Block *b = p;
		uint64_t n = qemu_plugin_u64_sum(qemu_plugin_scoreboard_u64(b->count));

		if (n)
			fprintf(f, "%" PRIx64 " %" PRIu64 " %" PRIu64 "\n", b->vaddr, b->ninsns, n);
	}
	g_mutex_unlock(&lock);
	if (fclose(f) == 0)
		rename(tmp, path);
}

/* Host-triggered dumps: see the comment at the top. */
static gpointer poll_trigger(gpointer unused)
{
	while (!g_atomic_int_get(&stopping)) {
		g_autofree char *text = NULL;
		g_autofree char *path = NULL;
		char label[64];
		size_t n = 0;

		g_usleep(50 * 1000);
		if (!g_file_get_contents(trigger, &text, NULL, NULL))
			continue;
		unlink(trigger);
		for (const char *c = text; *c && n < sizeof(label) - 1; c++) {
			if (g_ascii_isalnum(*c) || *c == '-' || *c == '_')
				label[n++] = *c;
			else if (*c == '\n')
				break;
		}
		label[n] = 0;
		path = g_strdup_printf("%s.%s", outfile, n ? label : "snap");
		dump(path);
	}
	return NULL;
}

static void plugin_exit(qemu_plugin_id_t id, void *p)
{
	g_atomic_int_set(&stopping, 1);
	g_thread_join(poller);
	dump(outfile);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
					   char **argv)
{
	for (int i = 0; i < argc; i++) {
		g_auto(GStrv) kv = g_strsplit(argv[i], "=", 2);

		if (!kv[0] || !kv[1]) {
			fprintf(stderr, "insncount: bad argument '%s'\n", argv[i]);
			return -1;
		}
		if (!strcmp(kv[0], "outfile")) {
			outfile = g_strdup(kv[1]);
		} else if (!strcmp(kv[0], "trigger")) {
			trigger = g_strdup(kv[1]);
		} else if (!strcmp(kv[0], "min")) {
			min_vaddr = g_ascii_strtoull(kv[1], NULL, 0);
		} else {
			fprintf(stderr, "insncount: unknown argument '%s' (outfile=, min=, trigger=)\n",
				argv[i]);
			return -1;
		}
	}
	if (!outfile) {
		fprintf(stderr, "insncount: outfile=<path> is required\n");
		return -1;
	}
	if (!trigger)
		trigger = g_strdup_printf("%s.trigger", outfile);
	unlink(trigger);
	blocks = g_hash_table_new(block_hash, block_equal);
	user_insns = qemu_plugin_scoreboard_new(sizeof(uint64_t));
	poller = g_thread_new("insncount", poll_trigger, NULL);
	qemu_plugin_register_vcpu_tb_trans_cb(id, vcpu_tb_trans);
	qemu_plugin_register_atexit_cb(id, plugin_exit, NULL);
	return 0;
}
