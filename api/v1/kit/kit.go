// Package kit is what the JSON API's areas share: the handler base over the
// server's services and middleware (core.Server: JSON answers and their
// errors, authentication, paths and pages), and the strict reading of a
// JSON body.
//
// An area of the API is a package under api/v1 with a small handler type
// that embeds *Kit and a Routes function that registers the area's routes;
// api/v1's Register calls each area's Routes. Areas do not import each
// other: what two of them answer alike is in package shapes, what they do
// alike is here.
package kit

import "adiukh/api/core"

// Kit is the base every area's handler embeds.
type Kit struct {
	*core.Server
}

// New is the kit over s.
func New(s *core.Server) *Kit { return &Kit{Server: s} }
