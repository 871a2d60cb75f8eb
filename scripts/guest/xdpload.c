// SPDX-License-Identifier: GPL-2.0
/*
 * xdpload <ifname> off|pass|drop|tx|abort|redirect[:<ifname>] [<udp port>]
 * xdpload <ifname> xsk:copy|xsk:zc[:echo] <frames> [<udp port>]
 * xdpload <ifname> xsk:copy|xsk:zc:txonly <seconds> <dst mac> <src ip> <dst ip> [<udp port>]
 *
 * Attaches (in driver mode only, never the generic fallback) a small XDP
 * program to <ifname>, replacing the one there, or detaches it ("off").
 * The program takes the given action on IPv4 UDP datagrams to <udp port>
 * (default 9, discard) and passes everything else, so that the test's own
 * traffic keeps flowing: "tx" sends the frames back as they came,
 * "redirect" hands them to <ifname> (default: the same device) through
 * bpf_redirect(). Built from raw BPF instructions, loaded with bpf(2) and
 * attached over rtnetlink, so that it needs no libbpf, clang or iproute2
 * (the ppce500's busybox userland has none). On a refusal it prints the
 * errno and the kernel's extack message and exits 1.
 *
 * "xsk" attaches a program that redirects those datagrams to an AF_XDP
 * socket (through an XSKMAP, by the frame's Rx queue), binds that socket to
 * Rx queue 0 in copy or zero-copy mode (bind's XDP_COPY / XDP_ZEROCOPY; a
 * refusal prints the errno, detaches the program and exits 3), takes up to <frames> frames from its Rx
 * ring ("echo": sends each back through its Tx ring, addresses and ports
 * swapped), stops 3 s after the last one (20 s if none came, or
 * $XSK_FIRST_WAIT_MS), detaches the program and prints
 * "received R sent S completed C span_us U" (U: from the first frame
 * received to the last, for a rate).
 *
 * "txonly" sends 60-byte UDP datagrams from the socket's memory for
 * <seconds>, <src ip> to <dst ip> at <dst mac>, as fast as the socket's
 * rings take them (one frame per UMEM chunk, reused once completed), and
 * prints "sent S completed C span_us U" (U: the sending time).
 */
/* The AF_XDP rings' mmap offsets pass 4 GiB, also on 32-bit CPUs. */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <linux/bpf.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/if_xdp.h>
#include <net/if.h>
#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <arpa/inet.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef AF_XDP
#define AF_XDP 44
#endif
#ifndef SOL_XDP
#define SOL_XDP 283
#endif
#ifndef NETLINK_EXT_ACK
#define NETLINK_EXT_ACK 11
#endif
#ifndef NETLINK_CAP_ACK
#define NETLINK_CAP_ACK 10
#endif

static struct bpf_insn prog[64];
static int n;

static void insn(uint8_t code, uint8_t dst, uint8_t src, int16_t off, int32_t imm)
{
	struct bpf_insn *i = &prog[n++];

	memset(i, 0, sizeof(*i));
	i->code = code;
	i->dst_reg = dst;
	i->src_reg = src;
	i->off = off;
	i->imm = imm;
}

/* r0 = <action>; exit */
static void ret(int act)
{
	insn(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_0, 0, 0, act);
	insn(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
}

/* The jumps of the header checks, patched to the XDP_PASS tail. */
static int to_pass[16], npass;

/* if byte <off> of the frame != <val> goto pass */
static void byte_is(int off, int val)
{
	insn(BPF_LDX | BPF_MEM | BPF_B, BPF_REG_5, BPF_REG_2, off, 0);
	to_pass[npass++] = n;
	insn(BPF_JMP | BPF_JNE | BPF_K, BPF_REG_5, 0, 0, val);
}

/* The action of "xsk": bpf_redirect_map() into the XSKMAP. */
#define ACT_XSK (-1)

static int build(int act, int ifindex, int port)
{
	int i;

	/* r6 = the frame's Rx queue (for the XSKMAP); r2 = data, r3 =
	 * data_end; the 42 bytes of Ethernet, IPv4 (no options) and UDP
	 * headers must be there. */
	insn(BPF_LDX | BPF_MEM | BPF_W, BPF_REG_6, BPF_REG_1, offsetof(struct xdp_md, rx_queue_index), 0);
	insn(BPF_LDX | BPF_MEM | BPF_W, BPF_REG_2, BPF_REG_1, offsetof(struct xdp_md, data), 0);
	insn(BPF_LDX | BPF_MEM | BPF_W, BPF_REG_3, BPF_REG_1, offsetof(struct xdp_md, data_end), 0);
	insn(BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_4, BPF_REG_2, 0, 0);
	insn(BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_4, 0, 0, 42);
	to_pass[npass++] = n;
	insn(BPF_JMP | BPF_JGT | BPF_X, BPF_REG_4, BPF_REG_3, 0, 0);
	/* Byte by byte, so that the CPU's byte order does not matter. */
	byte_is(12, 0x08);		/* EtherType IPv4 */
	byte_is(13, 0x00);
	byte_is(14, 0x45);		/* version 4, 20-byte header */
	byte_is(23, 17);		/* UDP */
	byte_is(36, port >> 8);		/* destination port */
	byte_is(37, port & 0xff);
	if (act == ACT_XSK) {
		/* bpf_redirect_map(map, rx queue, XDP_PASS if no socket there) */
		insn(BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_FD, 0, ifindex);
		insn(0, 0, 0, 0, 0);
		insn(BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_2, BPF_REG_6, 0, 0);
		insn(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_3, 0, 0, XDP_PASS);
		insn(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_redirect_map);
		insn(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
	} else if (act == XDP_REDIRECT) {
		insn(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_1, 0, 0, ifindex);
		insn(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_2, 0, 0, 0);
		insn(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_redirect);
		insn(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
	} else {
		ret(act);
	}
	for (i = 0; i < npass; i++)
		prog[to_pass[i]].off = n - to_pass[i] - 1;
	ret(XDP_PASS);
	return n;
}

static int load(int cnt)
{
	static char log[65536];
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_XDP;
	a.insns = (uintptr_t)prog;
	a.insn_cnt = cnt;
	a.license = (uintptr_t)"GPL";
	a.log_buf = (uintptr_t)log;
	a.log_size = sizeof(log);
	a.log_level = 1;
	fd = syscall(__NR_bpf, BPF_PROG_LOAD, &a, sizeof(a));
	if (fd < 0) {
		fprintf(stderr, "xdpload: BPF_PROG_LOAD: %s\n%s\n", strerror(errno), log);
		exit(1);
	}
	return fd;
}

static void put_attr(struct nlmsghdr *h, int type, const void *data, int len)
{
	struct nlattr *a = (struct nlattr *)((char *)h + NLMSG_ALIGN(h->nlmsg_len));

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	memcpy((char *)a + NLA_HDRLEN, data, len);
	h->nlmsg_len = NLMSG_ALIGN(h->nlmsg_len) + NLA_ALIGN(a->nla_len);
}

static int attach(int ifindex, int fd)
{
	struct {
		struct nlmsghdr h;
		struct ifinfomsg i;
		char attrs[64];
	} req;
	char buf[4096];
	struct nlattr *nest;
	uint32_t flags = XDP_FLAGS_DRV_MODE;
	int s, one = 1, len;
	struct nlmsghdr *h;

	memset(&req, 0, sizeof(req));
	req.h.nlmsg_len = NLMSG_LENGTH(sizeof(req.i));
	req.h.nlmsg_type = RTM_SETLINK;
	req.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	req.i.ifi_family = AF_UNSPEC;
	req.i.ifi_index = ifindex;
	nest = (struct nlattr *)((char *)&req + NLMSG_ALIGN(req.h.nlmsg_len));
	nest->nla_type = NLA_F_NESTED | IFLA_XDP;
	nest->nla_len = NLA_HDRLEN;
	req.h.nlmsg_len = NLMSG_ALIGN(req.h.nlmsg_len) + NLA_HDRLEN;
	put_attr(&req.h, IFLA_XDP_FD, &fd, sizeof(fd));
	put_attr(&req.h, IFLA_XDP_FLAGS, &flags, sizeof(flags));
	nest->nla_len = (char *)&req + req.h.nlmsg_len - (char *)nest;

	s = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (s < 0) {
		perror("xdpload: netlink socket");
		return 1;
	}
	setsockopt(s, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	setsockopt(s, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));
	if (send(s, &req, req.h.nlmsg_len, 0) < 0) {
		perror("xdpload: netlink send");
		return 1;
	}
	len = recv(s, buf, sizeof(buf), 0);
	if (len < (int)NLMSG_HDRLEN) {
		perror("xdpload: netlink recv");
		return 1;
	}
	h = (struct nlmsghdr *)buf;
	if (h->nlmsg_type == NLMSG_ERROR) {
		struct nlmsgerr *e = NLMSG_DATA(h);
		const char *msg = "";
		struct nlattr *a;
		int off;

		if (!e->error)
			return 0;
		/* Capped ack: the extack attributes follow the error. */
		for (off = NLMSG_HDRLEN + sizeof(*e); off + NLA_HDRLEN <= (int)h->nlmsg_len;
		     off += NLA_ALIGN(a->nla_len)) {
			a = (struct nlattr *)(buf + off);
			if (a->nla_len < NLA_HDRLEN)
				break;
			if ((a->nla_type & NLA_TYPE_MASK) == NLMSGERR_ATTR_MSG)
				msg = (char *)a + NLA_HDRLEN;
		}
		fprintf(stderr, "xdpload: %s (errno %d): %s\n", strerror(-e->error), -e->error,
			msg);
		return 1;
	}
	return 0;
}

/* --- AF_XDP ------------------------------------------------------------- */

/* As many frames as a ring holds: the fill ring always has room for any
 * frame given back to it. */
#define XSK_RING 1024
#define XSK_FRAMES XSK_RING
#define XSK_FRAME_SIZE 2048

struct ring {
	uint32_t *prod, *cons;
	void *desc;
	uint32_t mask;
};

static void ring_map(int fd, struct ring *r, const struct xdp_ring_offset *o, size_t elem,
		     off_t pgoff)
{
	size_t len = o->desc + XSK_RING * elem;
	char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, pgoff);

	if (m == MAP_FAILED) {
		perror("xdpload: mmap of an AF_XDP ring");
		exit(1);
	}
	r->prod = (uint32_t *)(m + o->producer);
	r->cons = (uint32_t *)(m + o->consumer);
	r->desc = m + o->desc;
	r->mask = XSK_RING - 1;
}

static uint32_t load_acq(uint32_t *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static void store_rel(uint32_t *p, uint32_t v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }

/* Gives frame address <addr> to the fill ring. */
static void fill(struct ring *fq, uint64_t addr)
{
	uint32_t p = *fq->prod;

	((uint64_t *)fq->desc)[p & fq->mask] = addr;
	store_rel(fq->prod, p + 1);
}

static void swap(uint8_t *f, int a, int b, int len)
{
	uint8_t t[6];

	memcpy(t, f + a, len);
	memcpy(f + a, f + b, len);
	memcpy(f + b, t, len);
}

static long long now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

/* The 16-bit ones' complement sum of <len> bytes (the IPv4 header's). */
static uint16_t csum16(const uint8_t *p, int len)
{
	uint32_t s = 0;
	int i;

	for (i = 0; i + 1 < len; i += 2)
		s += (uint32_t)p[i] << 8 | p[i + 1];
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return ~s & 0xffff;
}

/* A 60-byte UDP/IPv4 datagram (18 bytes of zeros) from <ifname>'s MAC
 * address and <src> to <dmac>, <dst> and <port>; 0, or -1 on a bad
 * address. */
static int udp_frame(uint8_t *f, const char *ifname, const char *dmac, const char *src,
		     const char *dst, int port)
{
	struct ifreq ifr = { 0 };
	unsigned int m[6];
	int s, i;

	memset(f, 0, 60);
	if (sscanf(dmac, "%x:%x:%x:%x:%x:%x", &m[0], &m[1], &m[2], &m[3], &m[4], &m[5]) != 6)
		return -1;
	for (i = 0; i < 6; i++)
		f[i] = m[i];
	s = socket(AF_INET, SOCK_DGRAM, 0);
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	if (s < 0 || ioctl(s, SIOCGIFHWADDR, &ifr))
		return -1;
	close(s);
	memcpy(f + 6, ifr.ifr_hwaddr.sa_data, 6);
	f[12] = 0x08;			/* IPv4 */
	f[14] = 0x45;			/* version 4, 20-byte header */
	f[17] = 46;			/* total length */
	f[22] = 64;			/* TTL */
	f[23] = 17;			/* UDP */
	if (inet_pton(AF_INET, src, f + 26) != 1 || inet_pton(AF_INET, dst, f + 30) != 1)
		return -1;
	s = csum16(f + 14, 20);
	f[24] = s >> 8;
	f[25] = s & 0xff;
	f[34] = 0x30;			/* source port 12345 */
	f[35] = 0x39;
	f[36] = port >> 8;
	f[37] = port & 0xff;
	f[39] = 26;			/* UDP length; checksum 0: none */
	return 0;
}

/* The socket's own drop counts (XDP_STATISTICS), for a test's diagnosis. */
static void xsk_stats(int fd)
{
	struct xdp_statistics st;
	socklen_t len = sizeof(st);

	if (!getsockopt(fd, SOL_XDP, XDP_STATISTICS, &st, &len))
		printf("socket rx_dropped %llu rx_ring_full %llu rx_fill_ring_empty %llu\n",
		       (unsigned long long)st.rx_dropped, (unsigned long long)st.rx_ring_full,
		       (unsigned long long)st.rx_fill_ring_empty_descs);
}

/* Sends from the socket's Tx ring for <secs>: see the file's comment. */
static void txonly(int fd, struct ring *tx, struct ring *cq, long secs)
{
	long sent = 0, completed = 0;
	long long t0 = now_us(), t = t0, end = t0 + secs * 1000000LL;

	while (t < end) {
		uint32_t rp = load_acq(cq->prod), tp = *tx->prod;

		completed += rp - *cq->cons;
		store_rel(cq->cons, rp);
		/* At most every chunk in flight (the Tx ring has as many
		 * entries): chunk <sent mod XSK_FRAMES> is free again. */
		while (sent - completed < XSK_FRAMES) {
			struct xdp_desc *d = &((struct xdp_desc *)tx->desc)[tp & tx->mask];

			d->addr = (uint64_t)(sent % XSK_FRAMES) * XSK_FRAME_SIZE;
			d->len = 60;
			d->options = 0;
			tp++;
			sent++;
		}
		store_rel(tx->prod, tp);
		sendto(fd, NULL, 0, MSG_DONTWAIT, NULL, 0);
		t = now_us();
	}
	t = now_us() - t0;
	/* The completions still to come. */
	for (end = now_us() + 1000000; completed < sent && now_us() < end;) {
		uint32_t rp = load_acq(cq->prod);

		completed += rp - *cq->cons;
		store_rel(cq->cons, rp);
		sendto(fd, NULL, 0, MSG_DONTWAIT, NULL, 0);
		usleep(1000);
	}
	printf("sent %ld completed %ld span_us %lld\n", sent, completed, t);
}

static int xsk(int ifindex, const char *mode, long frames, int port, char **tx_args)
{
	int zc = !strncmp(mode, "xsk:zc", 6), echo = strstr(mode, ":echo") != NULL;
	struct xdp_umem_reg reg = { 0 };
	struct xdp_mmap_offsets off;
	struct sockaddr_xdp sa = { 0 };
	struct ring fq, cq, rx, tx;
	long received = 0, sent = 0, completed = 0;
	long long first = 0, last = 0;
	socklen_t olen = sizeof(off);
	union bpf_attr a;
	int fd, map, prog, sz = XSK_RING, key = 0, i, rc;
	const char *w = getenv("XSK_FIRST_WAIT_MS");
	int first_wait = w ? atoi(w) : 20000;
	char *umem;

	fd = socket(AF_XDP, SOCK_RAW | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		perror("xdpload: AF_XDP socket");
		return 1;
	}
	umem = mmap(NULL, (size_t)XSK_FRAMES * XSK_FRAME_SIZE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (umem == MAP_FAILED) {
		perror("xdpload: UMEM");
		return 1;
	}
	reg.addr = (uintptr_t)umem;
	reg.len = (uint64_t)XSK_FRAMES * XSK_FRAME_SIZE;
	reg.chunk_size = XSK_FRAME_SIZE;
	if (setsockopt(fd, SOL_XDP, XDP_UMEM_REG, &reg, sizeof(reg)) ||
	    setsockopt(fd, SOL_XDP, XDP_UMEM_FILL_RING, &sz, sizeof(sz)) ||
	    setsockopt(fd, SOL_XDP, XDP_UMEM_COMPLETION_RING, &sz, sizeof(sz)) ||
	    setsockopt(fd, SOL_XDP, XDP_RX_RING, &sz, sizeof(sz)) ||
	    setsockopt(fd, SOL_XDP, XDP_TX_RING, &sz, sizeof(sz)) ||
	    getsockopt(fd, SOL_XDP, XDP_MMAP_OFFSETS, &off, &olen)) {
		perror("xdpload: AF_XDP socket options");
		return 1;
	}
	ring_map(fd, &fq, &off.fr, sizeof(uint64_t), XDP_UMEM_PGOFF_FILL_RING);
	ring_map(fd, &cq, &off.cr, sizeof(uint64_t), XDP_UMEM_PGOFF_COMPLETION_RING);
	ring_map(fd, &rx, &off.rx, sizeof(struct xdp_desc), XDP_PGOFF_RX_RING);
	ring_map(fd, &tx, &off.tx, sizeof(struct xdp_desc), XDP_PGOFF_TX_RING);
	/* Every frame to the fill ring; an echoed one returns there once its
	 * completion comes. For "txonly", every frame holds the datagram and
	 * the fill ring stays empty. */
	if (tx_args) {
		uint8_t f[60];

		if (udp_frame(f, tx_args[0], tx_args[1], tx_args[2], tx_args[3], port)) {
			fprintf(stderr, "xdpload: bad txonly addresses\n");
			return 2;
		}
		for (i = 0; i < XSK_FRAMES; i++)
			memcpy(umem + (size_t)i * XSK_FRAME_SIZE, f, sizeof(f));
	} else {
		for (i = 0; i < XSK_FRAMES; i++)
			fill(&fq, (uint64_t)i * XSK_FRAME_SIZE);
	}

	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_XSKMAP;
	a.key_size = 4;
	a.value_size = 4;
	a.max_entries = 64;
	map = syscall(__NR_bpf, BPF_MAP_CREATE, &a, sizeof(a));
	if (map < 0) {
		perror("xdpload: XSKMAP");
		return 1;
	}
	/* The program first, as users attach it (a driver may rebuild its
	 * rings for XDP), then the socket bound to the queue and put in the
	 * map; until then the program passes the frames on. */
	prog = load(build(ACT_XSK, map, port));
	if (attach(ifindex, prog))
		return 1;
	sa.sxdp_family = AF_XDP;
	sa.sxdp_ifindex = ifindex;
	sa.sxdp_queue_id = 0;
	sa.sxdp_flags = zc ? XDP_ZEROCOPY : XDP_COPY;
	/* A socket on this queue closed just before may still hold it: its
	 * pool is released by deferred work (EBUSY until then). */
	for (i = 0; (rc = bind(fd, (struct sockaddr *)&sa, sizeof(sa))) &&
		    errno == EBUSY && i < 50; i++)
		usleep(100000);
	if (rc) {
		rc = errno;
		fprintf(stderr, "xdpload: AF_XDP bind in %s mode: %s (errno %d)\n",
			zc ? "zero-copy" : "copy", strerror(rc), rc);
		attach(ifindex, -1);
		return 3;
	}
	memset(&a, 0, sizeof(a));
	a.map_fd = map;
	a.key = (uintptr_t)&key;
	a.value = (uintptr_t)&fd;
	if (syscall(__NR_bpf, BPF_MAP_UPDATE_ELEM, &a, sizeof(a))) {
		perror("xdpload: XSKMAP update");
		attach(ifindex, -1);
		return 1;
	}
	printf("xsk ready\n");
	fflush(stdout);
	if (tx_args) {
		txonly(fd, &tx, &cq, frames);
		attach(ifindex, -1);
		return 0;
	}

	while (received < frames) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		uint32_t rp, rc_, n, k;

		/* Sent frames back from the completion ring: to the fill ring. */
		rp = load_acq(cq.prod);
		for (rc_ = *cq.cons; rc_ != rp; rc_++, completed++)
			fill(&fq, ((uint64_t *)cq.desc)[rc_ & cq.mask]);
		store_rel(cq.cons, rc_);

		rp = load_acq(rx.prod);
		n = rp - *rx.cons;
		if (!n) {
			/* Up to 20 s for the first frame (the host's sender
			 * starts late on a busy machine), 3 s idle after. */
			if (poll(&p, 1, received ? 3000 : first_wait) <= 0 &&
			    load_acq(rx.prod) == *rx.cons)
				break;
			continue;
		}
		for (k = 0; k < n; k++) {
			struct xdp_desc *d = &((struct xdp_desc *)rx.desc)[(*rx.cons + k) & rx.mask];
			uint8_t *f = (uint8_t *)umem + d->addr;

			if (!received++)
				first = now_us();
			last = now_us();
			if (echo && d->len >= 42) {
				uint32_t tp = *tx.prod;

				swap(f, 0, 6, 6);	/* MAC addresses */
				swap(f, 26, 30, 4);	/* IPv4 addresses */
				swap(f, 34, 36, 2);	/* UDP ports */
				((struct xdp_desc *)tx.desc)[tp & tx.mask] = *d;
				store_rel(tx.prod, tp + 1);
				sent++;
			} else {
				fill(&fq, d->addr);
			}
		}
		store_rel(rx.cons, *rx.cons + n);
		if (echo)
			sendto(fd, NULL, 0, MSG_DONTWAIT, NULL, 0);
	}
	/* The last echoes' completions. */
	for (i = 0; echo && completed < sent && i < 100; i++) {
		uint32_t rp = load_acq(cq.prod);

		completed += rp - *cq.cons;
		store_rel(cq.cons, rp);
		if (completed < sent) {
			sendto(fd, NULL, 0, MSG_DONTWAIT, NULL, 0);
			usleep(10000);
		}
	}
	attach(ifindex, -1);
	printf("received %ld sent %ld completed %ld span_us %lld\n", received, sent, completed,
	       last - first);
	xsk_stats(fd);
	return 0;
}

int main(int argc, char **argv)
{
	int ifindex, target, act, port = 9, fd = -1;
	const char *a, *tname;

	if (argc < 3) {
		fprintf(stderr,
			"usage: xdpload <ifname> off|pass|drop|tx|abort|redirect[:<ifname>] [<port>]\n");
		return 2;
	}
	ifindex = if_nametoindex(argv[1]);
	if (!ifindex) {
		fprintf(stderr, "xdpload: no interface %s\n", argv[1]);
		return 1;
	}
	if (argc > 3)
		port = atoi(argv[3]);
	a = argv[2];
	target = ifindex;
	if (!strcmp(a, "off"))
		return attach(ifindex, -1);
	if (!strncmp(a, "xsk:", 4)) {
		if (argc < 4) {
			fprintf(stderr, "usage: xdpload <ifname> xsk:copy|xsk:zc[:echo] <frames> [<port>]\n");
			return 2;
		}
		if (strstr(a, ":txonly")) {
			if (argc < 7) {
				fprintf(stderr, "usage: xdpload <ifname> xsk:copy|xsk:zc:txonly <seconds> <dst mac> <src ip> <dst ip> [<port>]\n");
				return 2;
			}
			return xsk(ifindex, a, atol(argv[3]), argc > 7 ? atoi(argv[7]) : 9,
				   (char *[]){ argv[1], argv[4], argv[5], argv[6] });
		}
		return xsk(ifindex, a, atol(argv[3]), argc > 4 ? atoi(argv[4]) : 9, NULL);
	}
	if (!strcmp(a, "pass"))
		act = XDP_PASS;
	else if (!strcmp(a, "drop"))
		act = XDP_DROP;
	else if (!strcmp(a, "tx"))
		act = XDP_TX;
	else if (!strcmp(a, "abort"))
		act = XDP_ABORTED;
	else if (!strncmp(a, "redirect", 8)) {
		act = XDP_REDIRECT;
		tname = a[8] == ':' ? a + 9 : NULL;
		if (tname) {
			target = if_nametoindex(tname);
			if (!target) {
				fprintf(stderr, "xdpload: no interface %s\n", tname);
				return 1;
			}
		}
	} else {
		fprintf(stderr, "xdpload: unknown action %s\n", a);
		return 2;
	}
	fd = load(build(act, target, port));
	return attach(ifindex, fd);
}
