// Package kit is what the JSON API's areas share: the handler base over the
// server's services and middleware (core.Server: JSON answers and their
// errors, authentication, paths and pages), and the strict reading of a
// JSON body.
//
// An area of the API is a package under api/v1 (api/v1/people is the
// pattern): a handler type that embeds *Kit, a Routes(k, read, write)
// function that registers the area's routes (read open to anyone, write
// behind a signed-in user), the answers only it gives, and its tests
// beside it in package <area>_test through adiukh/api/apitest. api/v1's
// Register calls each area's Routes in place of the routes it moved, and
// internal/deps lists the area among the JSON API's parts, which import
// none of each other: what two areas answer alike is in package shapes,
// what they do alike is here.
package kit

import "adiukh/api/core"

// Kit is the base every area's handler embeds.
type Kit struct {
	*core.Server
}

// New is the kit over s.
func New(s *core.Server) *Kit { return &Kit{Server: s} }
