// Package static holds the stylesheet, the small plain scripts and the icon
// of the web pages. There is no build step: the files are served as written.
package static

import "embed"

// FS holds the files served under /static/.
//
//go:embed *.css *.js *.svg
var FS embed.FS
