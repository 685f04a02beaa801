package composition

import (
	"fmt"
	"strings"

	"adiukh/rules"
	"adiukh/rules/adiukh"
)

var honourNames = map[Honour]string{Prize: "prize", SpecialPrize: "special prize", Mention: "honourable mention", Commendation: "commendation"}

// AwardPDN writes the entries of an award as PDN 3.0 games: the position
// in a Position tag (the rules' notation, as the rules' PDN writer uses),
// the side to move in ToMove, the stipulation in a Stipulation tag, the
// author, section and distinction as tags, and the author's main line as
// the moves; the full solution with its variations is the game's comment.
func AwardPDN(event string, items []Awarded) string {
	var b strings.Builder
	for i, it := range items {
		if i > 0 {
			b.WriteString("\n")
		}
		tag := func(name, value string) { fmt.Fprintf(&b, "[%s %q]\n", name, value) }
		tag("Event", event)
		tag("White", "?")
		tag("Black", "?")
		tag("Author", it.Author)
		tag("Section", it.Section)
		tag("Award", fmt.Sprintf("%d %s", it.Place, honourNames[it.Honour]))
		tag("Code", it.Code)
		tag("GameType", adiukh.PDNGameType)
		tag("Variant", adiukh.PDNVariant)
		tag("Position", it.Entry.Position)
		tag("ToMove", it.Entry.Side)
		tag("Stipulation", it.Entry.Stipulation)
		tag("Result", "*")
		b.WriteString("\n")
		if it.Entry.Solution != "" {
			fmt.Fprintf(&b, "{%s}\n", strings.NewReplacer("{", "(", "}", ")").Replace(it.Entry.Solution))
		}
		b.WriteString(mainLine(it.Entry))
		b.WriteString(" *\n")
	}
	return b.String()
}

// mainLine numbers the author's main line in PDN ("1... d6xf8 2. b2-c3").
func mainLine(e Entry) string {
	p, err := adiukh.ParsePosition(e.Position)
	if err != nil {
		return ""
	}
	side := sides[strings.ToLower(e.Side)]
	moves, perr := ReadLine(p, side, e.Solution)
	if perr != nil {
		return ""
	}
	var words []string
	number := 1
	for i, m := range moves {
		switch {
		case side == rules.White:
			words = append(words, fmt.Sprintf("%d.", number))
		case i == 0:
			words = append(words, fmt.Sprintf("%d...", number))
		}
		words = append(words, strings.ReplaceAll(m.String(), ":", "x"))
		if side == rules.Black {
			number++
		}
		side = side.Opponent()
	}
	return strings.Join(words, " ")
}
