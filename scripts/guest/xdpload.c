// SPDX-License-Identifier: GPL-2.0
/*
 * xdpload <ifname> off|pass|drop|tx|abort|redirect[:<ifname>] [<udp port>]
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
 */
#include <errno.h>
#include <linux/bpf.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

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

static int build(int act, int ifindex, int port)
{
	int i;

	/* r2 = data, r3 = data_end; the 42 bytes of Ethernet, IPv4 (no
	 * options) and UDP headers must be there. */
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
	if (act == XDP_REDIRECT) {
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
