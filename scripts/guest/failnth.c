// SPDX-License-Identifier: GPL-2.0
/*
 * failnth: allocation failures injected into one operation, site by site,
 * for tests/fault_walk.sh.
 *
 *   failnth insmod <module.ko> <module name>   load (the driver probes its
 *                                              ports); unloaded after each round
 *   failnth bind <driver> <device>             bind a platform device to the
 *                                              loaded driver (its probe); unbound
 *                                              after each round
 *   failnth up <ifname>                        bring the interface up (down again)
 *   failnth mtu <ifname> <mtu>                 change the MTU (back again)
 *   failnth rings <ifname> <tx> <rx>           ethtool -G (back again)
 *
 * The kernel's fail-nth (Documentation/fault-injection/fault-injection.rst)
 * fails the n-th allocation site a task passes after writing n to
 * /proc/thread-self/fail-nth, with failslab and fail_page_alloc told to
 * consider every allocation (set up here: no probability, no messages of
 * their own, sleeping allocations and order 0 included). The system call of
 * the operation follows the write at once, with everything it touches
 * already in memory, so that the sites counted are the kernel's on behalf
 * of that call. One uninjected call counts the sites; then the first 8 are
 * failed one by one and up to 16 more spread over the rest (FAILNTH_FIRST
 * and FAILNTH_SPREAD in the environment change the two, at most 32 each;
 * FAILNTH_ALL=1: every site). Each injected call must succeed
 * or fail with an errno, the state read back must then be the old one or
 * exactly the new one, and the operation is undone for the next round.
 * Prints one line per finding and a summary; exits 1 if a check failed.
 * Built statically for the guest by scripts/mkinitramfs.sh.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>

static int nth_fd, sock;
static const char *ifname, *modname, *devname;
static int mod_fd, bind_fd, unbind_fd;
static char bound_path[256];
static struct ifreq set_req, back_req;
static struct ethtool_ringparam set_ring, back_ring;
static unsigned int old_val, new_val, old_tx, old_rx, new_tx, new_rx;
static enum { INSMOD, BIND, UP, MTU, RINGS } op;

static void put(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || write(fd, val, strlen(val)) < 0) {
		fprintf(stderr, "failnth: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	close(fd);
}

static void setup_attrs(void)
{
	static const char *const attrs[] = { "failslab", "fail_page_alloc" };
	static const char *const vals[][2] = {
		{ "probability", "0" }, { "times", "-1" }, { "verbose", "0" },
		{ "ignore-gfp-wait", "N" }, { "task-filter", "N" },
	};
	char path[128];

	for (unsigned int a = 0; a < 2; a++)
		for (unsigned int v = 0; v < sizeof(vals) / sizeof(vals[0]); v++) {
			snprintf(path, sizeof(path), "/sys/kernel/debug/%s/%s", attrs[a],
				 vals[v][0]);
			put(path, vals[v][1]);
		}
	put("/sys/kernel/debug/fail_page_alloc/min-order", "0");
}

static void ifr_init(struct ifreq *r)
{
	memset(r, 0, sizeof(*r));
	strncpy(r->ifr_name, ifname, IFNAMSIZ - 1);
}

static unsigned int get_flags(void)
{
	struct ifreq r;

	ifr_init(&r);
	if (ioctl(sock, SIOCGIFFLAGS, &r) < 0) {
		perror("failnth: SIOCGIFFLAGS");
		exit(2);
	}
	return (unsigned short)r.ifr_flags;
}

static unsigned int get_mtu(void)
{
	struct ifreq r;

	ifr_init(&r);
	if (ioctl(sock, SIOCGIFMTU, &r) < 0) {
		perror("failnth: SIOCGIFMTU");
		exit(2);
	}
	return r.ifr_mtu;
}

static void get_rings(unsigned int *tx, unsigned int *rx)
{
	struct ethtool_ringparam ring = { .cmd = ETHTOOL_GRINGPARAM };
	struct ifreq r;

	ifr_init(&r);
	r.ifr_data = (void *)&ring;
	if (ioctl(sock, SIOCETHTOOL, &r) < 0) {
		perror("failnth: ETHTOOL_GRINGPARAM");
		exit(2);
	}
	*tx = ring.tx_pending;
	*rx = ring.rx_pending;
}

static int loaded(void)
{
	char path[128];
	struct stat st;

	snprintf(path, sizeof(path), "/sys/module/%s", modname);
	return stat(path, &st) == 0;
}

/* The operation's system call: 0 or an errno. */
static int call(void)
{
	int rc;

	switch (op) {
	case INSMOD:
		rc = syscall(SYS_finit_module, mod_fd, "", 0);
		break;
	case BIND:
		rc = pwrite(bind_fd, devname, strlen(devname), 0);
		break;
	case UP:
		rc = ioctl(sock, SIOCSIFFLAGS, &set_req);
		break;
	case MTU:
		rc = ioctl(sock, SIOCSIFMTU, &set_req);
		break;
	default:
		rc = ioctl(sock, SIOCETHTOOL, &set_req);
		break;
	}
	return rc < 0 ? errno : 0;
}

/* Whether the state read back is the new one (err 0) or the old one. */
static int check(int err)
{
	unsigned int tx, rx;

	switch (op) {
	case INSMOD:
		return loaded() == !err;
	case BIND: {
		struct stat st;

		return (stat(bound_path, &st) == 0) == !err;
	}
	case UP:
		return !!(get_flags() & IFF_UP) == !err;
	case MTU:
		return get_mtu() == (err ? old_val : new_val);
	default:
		get_rings(&tx, &rx);
		return err ? tx == old_tx && rx == old_rx : tx == new_tx && rx == new_rx;
	}
}

/* Back to the old state; 0 or an errno. */
static int undo(void)
{
	int rc = 0;

	switch (op) {
	case INSMOD:
		if (loaded())
			rc = syscall(SYS_delete_module, modname, O_NONBLOCK);
		break;
	case BIND: {
		struct stat st;

		if (stat(bound_path, &st) == 0)
			rc = pwrite(unbind_fd, devname, strlen(devname), 0);
		break;
	}
	case UP:
	case MTU:
		rc = ioctl(sock, op == UP ? SIOCSIFFLAGS : SIOCSIFMTU, &back_req);
		break;
	default:
		rc = ioctl(sock, SIOCETHTOOL, &back_req);
		break;
	}
	return rc < 0 ? errno : 0;
}

/* One call with the n-th site failing (n = 0: none); *left: the sites of
 * the n not passed (0 when the n-th was reached). */
static int injected(unsigned int n, unsigned int *left)
{
	char num[16], back[16];
	int len = snprintf(num, sizeof(num), "%u", n), err;
	ssize_t got;

	if (n && write(nth_fd, num, len) != len) {
		perror("failnth: fail-nth");
		exit(2);
	}
	err = call();
	got = pread(nth_fd, back, sizeof(back) - 1, 0);
	back[got > 0 ? got : 0] = 0;
	*left = strtoul(back, NULL, 10);
	if (write(nth_fd, "0", 1) != 1) {
		perror("failnth: fail-nth");
		exit(2);
	}
	return err;
}

static void prepare(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "insmod")) {
		op = INSMOD;
		modname = argv[3];
		mod_fd = open(argv[2], O_RDONLY);
		if (mod_fd < 0) {
			perror(argv[2]);
			exit(2);
		}
		return;
	}
	if (argc >= 4 && !strcmp(argv[1], "bind")) {
		char path[192];

		op = BIND;
		devname = argv[3];
		snprintf(bound_path, sizeof(bound_path), "/sys/bus/platform/drivers/%s/%s",
			 argv[2], devname);
		snprintf(path, sizeof(path), "/sys/bus/platform/drivers/%s/bind", argv[2]);
		bind_fd = open(path, O_WRONLY);
		snprintf(path, sizeof(path), "/sys/bus/platform/drivers/%s/unbind", argv[2]);
		unbind_fd = open(path, O_WRONLY);
		if (bind_fd < 0 || unbind_fd < 0) {
			perror(path);
			exit(2);
		}
		return;
	}
	if (argc < 3)
		goto usage;
	ifname = argv[2];
	sock = socket(AF_INET, SOCK_DGRAM, 0);
	ifr_init(&set_req);
	ifr_init(&back_req);
	if (!strcmp(argv[1], "up")) {
		op = UP;
		old_val = get_flags();
		set_req.ifr_flags = old_val | IFF_UP;
		back_req.ifr_flags = old_val & ~IFF_UP;
	} else if (!strcmp(argv[1], "mtu") && argc >= 4) {
		op = MTU;
		old_val = get_mtu();
		new_val = strtoul(argv[3], NULL, 0);
		set_req.ifr_mtu = new_val;
		back_req.ifr_mtu = old_val;
	} else if (!strcmp(argv[1], "rings") && argc >= 5) {
		op = RINGS;
		get_rings(&old_tx, &old_rx);
		new_tx = strtoul(argv[3], NULL, 0);
		new_rx = strtoul(argv[4], NULL, 0);
		set_ring.cmd = back_ring.cmd = ETHTOOL_SRINGPARAM;
		set_ring.tx_pending = new_tx;
		set_ring.rx_pending = new_rx;
		back_ring.tx_pending = old_tx;
		back_ring.rx_pending = old_rx;
		set_req.ifr_data = (void *)&set_ring;
		back_req.ifr_data = (void *)&back_ring;
	} else {
		goto usage;
	}
	return;
usage:
	fprintf(stderr, "usage: failnth insmod <ko> <name> | bind <driver> <device> | up <if> |"
		" mtu <if> <mtu> | rings <if> <tx> <rx>\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned int total, left, n, sites[64], nsites = 0, bad = 0, ok = 0, enomem = 0, other = 0;
	int all = getenv("FAILNTH_ALL") && !strcmp(getenv("FAILNTH_ALL"), "1");
	unsigned int first = getenv("FAILNTH_FIRST") ? strtoul(getenv("FAILNTH_FIRST"), NULL, 0) : 8;
	unsigned int spread = getenv("FAILNTH_SPREAD") ? strtoul(getenv("FAILNTH_SPREAD"), NULL, 0) : 16;
	int err, e;

	prepare(argc, argv);
	setup_attrs();
	nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (nth_fd < 0) {
		perror("failnth: /proc/thread-self/fail-nth");
		return 2;
	}
	/* Counting: a huge n, never reached. */
	err = injected(1u << 30, &left);
	total = (1u << 30) - left;
	printf("# %s %s: %u allocation sites without injection, errno %d\n", argv[1], argv[2],
	       total, err);
	if (!total) {
		printf("# FAIL - the uninjected call passed no allocation site: it did nothing\n");
		bad++;
	}
	if (err || !check(err)) {
		printf("# FAIL - the uninjected call: errno %d, state %s\n", err,
		       check(err) ? "as asked" : "not as asked");
		bad++;
	}
	e = undo();
	if (e) {
		printf("# FAIL - undoing the uninjected call: errno %d\n", e);
		return 1;
	}
	if (first < 1 || first > 32)
		first = 8;
	if (spread > 32)
		spread = 16;
	if (total <= first + spread) {
		for (n = 1; n <= total; n++)
			sites[nsites++] = n;
	} else {
		for (n = 1; n <= first; n++)
			sites[nsites++] = n;
		for (unsigned int i = 0; i < spread; i++) {
			n = first + 1 + (unsigned long long)i * (total - first) / spread;
			if (n > sites[nsites - 1])
				sites[nsites++] = n;
		}
	}
	for (unsigned int i = 0; ; i++) {
		if (all) {
			n = i + 1;
			if (n > total)
				break;
		} else {
			if (i == nsites)
				break;
			n = sites[i];
		}
		err = injected(n, &left);
		int state = check(err);

		e = undo();
		if (!err)
			ok++;
		else if (err == ENOMEM)
			enomem++;
		else
			other++;
		if (!state || e) {
			printf("# FAIL - site %u: errno %d, state %s, undo errno %d\n", n, err,
			       state ? "old or new" : "neither old nor new", e);
			bad++;
		} else if (left) {
			printf("# site %u: not reached\n", n);
		} else if (err && err != ENOMEM) {
			printf("# site %u: errno %d\n", n, err);
		}
	}
	printf("# %u injections: %u succeeded, %u ENOMEM, %u other errno\n", ok + enomem + other,
	       ok, enomem, other);
	return bad ? 1 : 0;
}
