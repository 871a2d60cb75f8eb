// SPDX-License-Identifier: GPL-2.0
/*
 * ppstat: list the kernel's page_pools through the netdev generic netlink
 * family (NETDEV_CMD_PAGE_POOL_GET, Linux 6.8+), one line per pool; only
 * pools created for a net_device (page_pool_params.netdev) are listed:
 *
 *   id=<id> ifindex=<ifindex> inflight=<pages> detached=<0|1>
 *
 * ifindex 0 stands for a pool whose device went away (the kernel moves those
 * to the loopback device and leaves the index out); detached=1 for a pool
 * its driver destroyed while pages were still out. Such a pool stays listed
 * until its last page comes back, so one that stays with inflight > 0 is a
 * page leak. Built statically for the guest by scripts/mkinitramfs.sh; the
 * attribute numbers are the uapi's (<linux/netdev.h>), spelled out here
 * because the cross toolchains' headers predate them.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#define NETDEV_CMD_PAGE_POOL_GET	5
#define NETDEV_A_PAGE_POOL_ID		1
#define NETDEV_A_PAGE_POOL_IFINDEX	2
#define NETDEV_A_PAGE_POOL_INFLIGHT	4
#define NETDEV_A_PAGE_POOL_DETACH_TIME	6

static char buf[65536];

static int send_req(int fd, uint16_t type, uint16_t flags, uint8_t cmd,
		    const char *name)
{
	struct {
		struct nlmsghdr n;
		struct genlmsghdr g;
		char attrs[64];
	} req;
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };

	memset(&req, 0, sizeof(req));
	req.n.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN);
	req.n.nlmsg_type = type;
	req.n.nlmsg_flags = NLM_F_REQUEST | flags;
	req.n.nlmsg_seq = 1;
	req.g.cmd = cmd;
	req.g.version = 1;
	if (name) {
		struct nlattr *a = (struct nlattr *)((char *)&req + NLMSG_ALIGN(req.n.nlmsg_len));

		a->nla_type = CTRL_ATTR_FAMILY_NAME;
		a->nla_len = NLA_HDRLEN + strlen(name) + 1;
		memcpy((char *)a + NLA_HDRLEN, name, strlen(name) + 1);
		req.n.nlmsg_len = NLMSG_ALIGN(req.n.nlmsg_len) + NLA_ALIGN(a->nla_len);
	}
	return sendto(fd, &req, req.n.nlmsg_len, 0, (struct sockaddr *)&sa, sizeof(sa)) < 0 ? -1 : 0;
}

/* An unsigned attribute of 1, 2, 4 or 8 bytes (netlink "uint" and fixed). */
static uint64_t nla_uint(const struct nlattr *a)
{
	const void *p = (const char *)a + NLA_HDRLEN;
	uint64_t v8;
	uint32_t v4;
	uint16_t v2;

	switch (a->nla_len - NLA_HDRLEN) {
	case 8:
		memcpy(&v8, p, 8);
		return v8;
	case 4:
		memcpy(&v4, p, 4);
		return v4;
	case 2:
		memcpy(&v2, p, 2);
		return v2;
	case 1:
		return *(const uint8_t *)p;
	}
	return 0;
}

/* Walks the replies to the last request; for each message calls @fn with
 * its attributes. Returns 0 at NLMSG_DONE (or after one reply if @once),
 * -1 on an error. */
static int walk(int fd, int once, void (*fn)(const struct nlattr *, int, void *), void *arg)
{
	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		struct nlmsghdr *h;

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		for (h = (struct nlmsghdr *)buf; NLMSG_OK(h, n); h = NLMSG_NEXT(h, n)) {
			if (h->nlmsg_type == NLMSG_DONE) {
				/* A dump that failed part-way ends with its error. */
				int err = h->nlmsg_len >= NLMSG_LENGTH(sizeof(int)) ?
					  *(int *)NLMSG_DATA(h) : 0;

				if (err < 0) {
					errno = -err;
					return -1;
				}
				return 0;
			}
			if (h->nlmsg_type == NLMSG_ERROR) {
				struct nlmsgerr *e = NLMSG_DATA(h);

				if (e->error == 0)
					continue;
				errno = -e->error;
				return -1;
			}
			fn((const struct nlattr *)((char *)NLMSG_DATA(h) + GENL_HDRLEN),
			   h->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN), arg);
			if (once)
				return 0;
		}
	}
}

#define for_each_attr(a, first, len) \
	for (a = (first); (len) >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN && \
	     a->nla_len <= (len); \
	     (len) -= NLA_ALIGN(a->nla_len), \
	     a = (const struct nlattr *)((const char *)a + NLA_ALIGN(a->nla_len)))

static void family_id(const struct nlattr *first, int len, void *arg)
{
	const struct nlattr *a;

	for_each_attr(a, first, len)
		if ((a->nla_type & NLA_TYPE_MASK) == CTRL_ATTR_FAMILY_ID)
			*(int *)arg = (int)nla_uint(a);
}

static void pool(const struct nlattr *first, int len, void *arg)
{
	uint64_t id = 0, ifindex = 0, inflight = 0;
	const struct nlattr *a;
	int detached = 0;

	for_each_attr(a, first, len) {
		switch (a->nla_type & NLA_TYPE_MASK) {
		case NETDEV_A_PAGE_POOL_ID:
			id = nla_uint(a);
			break;
		case NETDEV_A_PAGE_POOL_IFINDEX:
			ifindex = nla_uint(a);
			break;
		case NETDEV_A_PAGE_POOL_INFLIGHT:
			inflight = nla_uint(a);
			break;
		case NETDEV_A_PAGE_POOL_DETACH_TIME:
			detached = 1;
			break;
		}
	}
	printf("id=%llu ifindex=%llu inflight=%llu detached=%d\n", (unsigned long long)id,
	       (unsigned long long)ifindex, (unsigned long long)inflight, detached);
	(*(int *)arg)++;
}

int main(void)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	int fam = -1, pools = 0;

	if (fd < 0) {
		perror("ppstat: socket");
		return 1;
	}
	if (send_req(fd, GENL_ID_CTRL, 0, CTRL_CMD_GETFAMILY, "netdev") ||
	    walk(fd, 1, family_id, &fam)) {
		perror("ppstat: netdev netlink family");
		return 1;
	}
	if (fam < 0) {
		fprintf(stderr, "ppstat: no family id in the reply\n");
		return 1;
	}
	if (send_req(fd, fam, NLM_F_DUMP, NETDEV_CMD_PAGE_POOL_GET, NULL) ||
	    walk(fd, 0, pool, &pools)) {
		perror("ppstat: page pool dump");
		return 1;
	}
	close(fd);
	return 0;
}
