// Package connlimit bounds the connections a server holds, per client
// address and in all, below the process's limit of open files: without it
// one address holding idle keep-alive connections took a server to its
// limit, accept failed with "too many open files" and every other client
// timed out (issue 59). It also holds the one key by which every
// per-address limit of the server counts a client (AddressKey). It knows
// nothing of the site's routes or data.
package connlimit

import "net/netip"

// ipv6Network is the prefix length an IPv6 client is counted by: any IPv6
// host is given a /64 of its own and may send from any of its 2^64
// addresses, so that counting each address alone let 100 addresses of one
// /64 hold 100 times an address's share.
const ipv6Network = 64

// AddressKey is the key by which a per-address limit counts the client at
// ip: an IPv4 address as itself (an IPv4-mapped IPv6 address as the IPv4
// one), an IPv6 address by its /64, written as the prefix
// ("2001:db8:1:2::/64"), without its zone. Every per-address limit (the
// connections, the live-game streams, sign-ins, sign-ups, password resets,
// the urgent lane) keys by it, so that they count a client alike.
func AddressKey(ip netip.Addr) string {
	ip = ip.Unmap().WithZone("")
	if !ip.Is6() {
		return ip.String()
	}
	network, err := ip.Prefix(ipv6Network)
	if err != nil {
		return ip.String()
	}
	return network.String()
}
