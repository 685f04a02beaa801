// Package games is the one registry of the games the program plays: each
// game's value (rules.Variant) by its key. A new game is its package under
// rules/ and one line of All. Only rules/ and the commands import a game's
// own package; every other package asks this one for an event's game and
// then asks the value (internal/deps holds to it).
package games

import (
	"regexp"
	"slices"
	"strings"

	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/rules/international"
	"adiukh/rules/russian"
)

// All lists the games in the order lists and menus show them, Adiukh, the
// default, first.
var All = []*rules.Variant{
	adiukh.Variant,
	russian.Variant,
	international.InternationalGame,
	international.BrazilianGame,
}

// Default is the game of an event that names none (one stored before
// events had a game).
var Default = adiukh.Variant

// Lookup finds a game by its key, whatever its case; ok is false for a
// key no game has.
func Lookup(key string) (*rules.Variant, bool) {
	key = strings.ToLower(strings.TrimSpace(key))
	i := slices.IndexFunc(All, func(v *rules.Variant) bool { return v.Key == key })
	if i < 0 {
		return nil, false
	}
	return All[i], true
}

// Of is the game of a key as stored: the default for "", and a panic for
// a key no game has, which only a programming error stores.
func Of(key string) *rules.Variant {
	if key == "" {
		return Default
	}
	v, ok := Lookup(key)
	if !ok {
		panic("games: no game " + key)
	}
	return v
}

// Keys lists the games' keys in the order of All.
func Keys() []string {
	keys := make([]string, len(All))
	for i, v := range All {
		keys[i] = v.Key
	}
	return keys
}

// gameTypeTag finds a PDN file's GameType tag.
var gameTypeTag = regexp.MustCompile(`\[GameType\s+"([^"]*)"\]`)

// OfPDN is the game a PDN text names by its first GameType tag, matched by
// the type's number (20 for international draughts, 49 of Adiukh's
// "49,W,8,8,A0,0"); ok is false when the text names none, or a type no
// game has. A file the site wrote says its game so; a sheet without the
// tag leaves the choice to the reader.
func OfPDN(text string) (*rules.Variant, bool) {
	m := gameTypeTag.FindStringSubmatch(text)
	if m == nil {
		return nil, false
	}
	number := func(t string) string { n, _, _ := strings.Cut(strings.TrimSpace(t), ","); return n }
	i := slices.IndexFunc(All, func(v *rules.Variant) bool { return number(v.PDNGameType) == number(m[1]) })
	if i < 0 {
		return nil, false
	}
	return All[i], true
}
