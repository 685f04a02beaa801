package core

import (
	"net/netip"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/internal/connlimit"
	"adiukh/tournament"
)

// signedIn puts u, who signed the request in (a session or an API token),
// into its context, and has the listener count the request's connection by
// the account rather than by its address: a hall's players behind one NAT
// hold a page and a stream each, far more than one address may.
func signedIn(c *gin.Context, u *tournament.User) {
	ctx := c.Request.Context()
	connlimit.CountByAccount(ctx, strconv.FormatInt(u.ID, 10))
	c.Request = c.Request.WithContext(tournament.NewContextWithUser(ctx, u))
}

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
