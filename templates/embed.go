// Package templates holds the html/template files of the web pages. Every
// page is parsed into its own set together with layout.html and the
// partials, so that each page's {{define "content"}} never collides with
// another's.
package templates

import "embed"

// FS holds layout.html, partials/*.html and pages/*.html.
//
//go:embed layout.html partials/*.html pages/*.html
var FS embed.FS
