// SPDX-License-Identifier: GPL-2.0
/*
 * txtstamp [-H] <ipv4 address> <port> <count>: sends <count> UDP datagrams
 * to the address with Tx timestamps asked for (SO_TIMESTAMPING): software
 * ones (SOF_TIMESTAMPING_TX_SOFTWARE), which the driver gives when it hands
 * the packet to its hardware (skb_tx_timestamp()), or with -H the
 * hardware's (SOF_TIMESTAMPING_TX_HARDWARE, the raw PTP clock time), which
 * the driver gives when the packet completes. Reads each datagram's
 * timestamp from the socket's error queue; prints "sent <n> stamped <m>"
 * (and "last <seconds>" of the last timestamp) and exits 0 when every
 * datagram came back with one.
 *
 * txtstamp -R <port> <count> <seconds>: receives up to <count> UDP
 * datagrams on <port> within <seconds> with hardware Rx timestamps asked
 * for (SOF_TIMESTAMPING_RX_HARDWARE); prints "received <n> stamped <m>"
 * (and "last <seconds>") and exits 0 when all <count> came, each with a
 * timestamp.
 *
 * txtstamp -C <interface> <tx type> <rx filter>: configures hardware
 * timestamping (SIOCSHWTSTAMP) and prints what the driver made of it, read
 * back (SIOCGHWTSTAMP) as "tx <type> rx <filter>"; on a refusal prints the
 * error and exits 1.
 *
 * Built statically for the guest by scripts/mkinitramfs.sh.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <linux/errqueue.h>
#include <linux/net_tstamp.h>
#include <linux/sockios.h>

#ifndef SO_TIMESTAMPING
#define SO_TIMESTAMPING 37
#endif
#ifndef SCM_TIMESTAMPING
#define SCM_TIMESTAMPING SO_TIMESTAMPING
#endif

/* The seconds of the last timestamp seen. */
static long long last_sec;

/* The timestamp a message carries: 1 if it holds the kind asked for
 * (software: ts[0]; hardware: ts[2]), else 0. */
static int has_stamp(struct msghdr *m, int hw)
{
	struct cmsghdr *c;

	for (c = CMSG_FIRSTHDR(m); c; c = CMSG_NXTHDR(m, c)) {
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPING) {
			struct timespec ts[3];

			memcpy(ts, CMSG_DATA(c), sizeof(ts));
			if (!ts[hw ? 2 : 0].tv_sec && !ts[hw ? 2 : 0].tv_nsec)
				return 0;
			last_sec = ts[hw ? 2 : 0].tv_sec;
			return 1;
		}
	}
	return 0;
}

/* One timestamp from the error queue, waiting up to 1 s; 1 if it holds the
 * kind asked for, 0 if none came, -1 on an error. */
static int stamp(int fd, int hw)
{
	char data[64], ctl[512];
	struct iovec iov = { .iov_base = data, .iov_len = sizeof(data) };
	struct msghdr m = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = ctl, .msg_controllen = sizeof(ctl),
	};
	struct pollfd p = { .fd = fd, .events = POLLERR };

	if (poll(&p, 1, 1000) <= 0)
		return 0;
	if (recvmsg(fd, &m, MSG_ERRQUEUE) < 0)
		return errno == EAGAIN ? 0 : -1;
	return has_stamp(&m, hw);
}

static int send_stamped(int hw, const char *addr, const char *port, const char *count)
{
	int fd, n, i, stamped = 0, sent = 0;
	int flags = SOF_TIMESTAMPING_OPT_TSONLY |
		    (hw ? SOF_TIMESTAMPING_TX_HARDWARE | SOF_TIMESTAMPING_RAW_HARDWARE :
			  SOF_TIMESTAMPING_TX_SOFTWARE | SOF_TIMESTAMPING_SOFTWARE);
	struct sockaddr_in to = { .sin_family = AF_INET };

	if (inet_pton(AF_INET, addr, &to.sin_addr) != 1) {
		fprintf(stderr, "txtstamp: bad address %s\n", addr);
		return 2;
	}
	to.sin_port = htons(atoi(port));
	n = atoi(count);
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
		switch (stamp(fd, hw)) {
		case 1:
			stamped++;
			break;
		case -1:
			perror("txtstamp: recvmsg");
			break;
		}
	}
	printf("sent %d stamped %d", sent, stamped);
	if (stamped)
		printf(" last %lld", last_sec);
	printf("\n");
	return sent == n && stamped == n ? 0 : 1;
}

static int receive_stamped(const char *port, const char *count, const char *secs)
{
	int flags = SOF_TIMESTAMPING_RX_HARDWARE | SOF_TIMESTAMPING_RAW_HARDWARE;
	struct sockaddr_in me = { .sin_family = AF_INET };
	int fd, n = atoi(count), got = 0, stamped = 0;
	time_t end = time(NULL) + atoi(secs);

	me.sin_port = htons(atoi(port));
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, &flags, sizeof(flags)) ||
	    bind(fd, (struct sockaddr *)&me, sizeof(me))) {
		perror("txtstamp: socket");
		return 2;
	}
	/* Ready: the caller may start the sender. */
	printf("listening\n");
	fflush(stdout);
	while (got < n && time(NULL) < end) {
		char data[2048], ctl[512];
		struct iovec iov = { .iov_base = data, .iov_len = sizeof(data) };
		struct msghdr m = {
			.msg_iov = &iov, .msg_iovlen = 1,
			.msg_control = ctl, .msg_controllen = sizeof(ctl),
		};
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (poll(&p, 1, 500) <= 0)
			continue;
		if (recvmsg(fd, &m, 0) < 0)
			break;
		got++;
		stamped += has_stamp(&m, 1);
	}
	printf("received %d stamped %d", got, stamped);
	if (stamped)
		printf(" last %lld", last_sec);
	printf("\n");
	return got == n && stamped == got ? 0 : 1;
}

static int configure(const char *ifname, const char *tx, const char *rx)
{
	struct hwtstamp_config cfg = { .tx_type = atoi(tx), .rx_filter = atoi(rx) };
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	ifr.ifr_data = (void *)&cfg;
	if (fd < 0 || ioctl(fd, SIOCSHWTSTAMP, &ifr)) {
		printf("SIOCSHWTSTAMP: %s\n", strerror(errno));
		return 1;
	}
	memset(&cfg, 0xff, sizeof(cfg));
	if (ioctl(fd, SIOCGHWTSTAMP, &ifr)) {
		printf("SIOCGHWTSTAMP: %s\n", strerror(errno));
		return 1;
	}
	printf("tx %d rx %d\n", cfg.tx_type, cfg.rx_filter);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "-H"))
		return send_stamped(1, argv[2], argv[3], argv[4]);
	if (argc == 5 && !strcmp(argv[1], "-R"))
		return receive_stamped(argv[2], argv[3], argv[4]);
	if (argc == 5 && !strcmp(argv[1], "-C"))
		return configure(argv[2], argv[3], argv[4]);
	if (argc == 4)
		return send_stamped(0, argv[1], argv[2], argv[3]);
	fprintf(stderr, "usage: txtstamp [-H] <ipv4 address> <port> <count>\n"
			"       txtstamp -R <port> <count> <seconds>\n"
			"       txtstamp -C <interface> <tx type> <rx filter>\n");
	return 2;
}
