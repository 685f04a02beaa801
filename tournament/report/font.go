package report

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// The Go fonts cover Latin, Cyrillic and Greek, not everything a name typed
// into a form may hold. fpdf panics on characters beyond the Basic
// Multilingual Plane (an emoji) and prints nothing useful for characters the
// font lacks, so every string is cleaned before it reaches the page.

// glyphs marks the runes of the Basic Multilingual Plane that both fonts draw.
var glyphs = sync.OnceValue(func() *[0x10000 / 64]uint64 {
	var set [0x10000 / 64]uint64
	var fonts []*sfnt.Font
	for _, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			panic("report: the embedded Go font does not parse: " + err.Error()) // a broken build, not bad input
		}
		fonts = append(fonts, f)
	}
	var buf sfnt.Buffer
	for r := rune(0x20); r < 0x10000; r++ {
		drawn := true
		for _, f := range fonts {
			if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
				drawn = false
			}
		}
		if drawn {
			set[r/64] |= 1 << (r % 64)
		}
	}
	return &set
})

// printable replaces control characters (a tab or newline in a name) with a
// space, a character the font cannot draw with what it stands for where the
// font has that (stand-in), and invalid UTF-8 and everything else with "?".
func printable(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || s[i] < 0x20 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	set := glyphs()
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r < 0x20:
			b.WriteByte(' ')
		case drawn(set, r):
			b.WriteRune(r)
		default:
			b.WriteString(standIn(set, r))
		}
	}
	return b.String()
}

func drawn(set *[0x10000 / 64]uint64, r rune) bool {
	return r < 0x10000 && set[r/64]&(1<<(r%64)) != 0
}

// standIn is what prints for a character the font lacks: its compatibility
// form (a full-width "＝" as "=", "Ｔ" as "T"), else its letter without the
// accents the font has no precomposed glyph for ("ǵ" as "g"), else "?".
func standIn(set *[0x10000 / 64]uint64, r rune) string {
	if r == utf8.RuneError {
		return "?"
	}
	if s, ok := drawnForm(set, norm.NFKC.String(string(r)), false); ok {
		return s
	}
	if s, ok := drawnForm(set, norm.NFKD.String(string(r)), true); ok {
		return s
	}
	return "?"
}

// drawnForm returns s when the font draws all of it, combining marks left
// out when unmarked is set.
func drawnForm(set *[0x10000 / 64]uint64, s string, unmarked bool) (string, bool) {
	var b strings.Builder
	for _, c := range s {
		switch {
		case unmarked && unicode.Is(unicode.Mn, c):
		case drawn(set, c):
			b.WriteRune(c)
		default:
			return "", false
		}
	}
	return b.String(), b.Len() > 0
}
