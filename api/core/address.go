package core

import (
	"net/netip"

	"github.com/gin-gonic/gin"

	"adiukh/internal/connlimit"
)

// ClientAddress is the key by which the per-address limits (the
// live-game streams, sign-ins, sign-ups, password resets, the urgent lane)
// count the client of a request: its address as gin tells it (the
// connecting one, or what a trusted proxy forwards) keyed by
// connlimit.AddressKey, an IPv6 client by its /64, as the listener counts
// its connections. An address gin cannot read (a test's pipe) is counted as
// it is written.
func ClientAddress(c *gin.Context) string {
	text := c.ClientIP()
	ip, err := netip.ParseAddr(text)
	if err != nil {
		return text
	}
	return connlimit.AddressKey(ip)
}
