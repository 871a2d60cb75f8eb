// SPDX-License-Identifier: GPL-2.0
/*
 * txtstamp <ipv4 address> <port> <count>: sends <count> UDP datagrams to the
 * address with software transmit timestamps asked for (SO_TIMESTAMPING,
 * SOF_TIMESTAMPING_TX_SOFTWARE), and reads each datagram's timestamp from
 * the socket's error queue. The driver gives it when it hands the packet to
 * its hardware (skb_tx_timestamp()); a driver that does not gives none.
 * Prints "sent <n> stamped <m>" and exits 0 when every datagram came back
 * with a timestamp. Built statically for the guest by scripts/mkinitramfs.sh.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/errqueue.h>
#include <linux/net_tstamp.h>

#ifndef SO_TIMESTAMPING
#define SO_TIMESTAMPING 37
#endif
#ifndef SCM_TIMESTAMPING
#define SCM_TIMESTAMPING SO_TIMESTAMPING
#endif

/* One timestamp from the error queue, waiting up to 1 s; 1 if it holds a
 * software time, 0 if none came, -1 on an error. */
static int stamp(int fd)
{
	char data[64], ctl[512];
	struct iovec iov = { .iov_base = data, .iov_len = sizeof(data) };
	struct msghdr m = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = ctl, .msg_controllen = sizeof(ctl),
	};
	struct pollfd p = { .fd = fd, .events = POLLERR };
	struct cmsghdr *c;

	if (poll(&p, 1, 1000) <= 0)
		return 0;
	if (recvmsg(fd, &m, MSG_ERRQUEUE) < 0)
		return errno == EAGAIN ? 0 : -1;
	for (c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c)) {
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPING) {
			struct timespec ts[3];

			memcpy(ts, CMSG_DATA(c), sizeof(ts));
			return ts[0].tv_sec || ts[0].tv_nsec;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	int fd, n, i, stamped = 0, sent = 0;
	int flags = SOF_TIMESTAMPING_TX_SOFTWARE | SOF_TIMESTAMPING_SOFTWARE |
		    SOF_TIMESTAMPING_OPT_TSONLY;
	struct sockaddr_in to = { .sin_family = AF_INET };

	if (argc != 4 || inet_pton(AF_INET, argv[1], &to.sin_addr) != 1) {
		fprintf(stderr, "usage: txtstamp <ipv4 address> <port> <count>\n");
		return 2;
	}
	to.sin_port = htons(atoi(argv[2]));
	n = atoi(argv[3]);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, &flags, sizeof(flags))) {
		perror("txtstamp: socket");
		return 2;
	}
	for (i = 0; i < n; i++) {
		if (sendto(fd, "timestamp me", 12, 0, (struct sockaddr *)&to, sizeof(to)) != 12) {
			perror("txtstamp: sendto");
			break;
		}
		sent++;
		switch (stamp(fd)) {
		case 1:
			stamped++;
			break;
		case -1:
			perror("txtstamp: recvmsg");
			break;
		}
	}
	printf("sent %d stamped %d\n", sent, stamped);
	return sent == n && stamped == n ? 0 : 1;
}
