// Package names compares people's names as the register reads them: the
// same person is written with the words in either order (Тлехас Аслан,
// Аслан Тлехас), with or without a patronymic, with one part of a double
// surname, with ё or е, with a slip in a word, in Cyrillic or in Latin
// letters. It transliterates Cyrillic names into Latin (ICAO, GOST). It is
// pure: strings in, answers out; it knows nothing of persons, players or
// the database, and imports nothing of ours.
package names

import (
	"slices"
	"strings"
	"unicode"
)

// MaxSlips is how many letters the names of one person may differ by in
// all: a typo, a missing letter, е for э.
const MaxSlips = 2

// minSlipLetters is the shortest word a slip is forgiven in: Ян and Ан, Ли
// and Ди are different names.
const minSlipLetters = 4

// maxWords is the most words a name is compared by; a longer one is no
// person's name.
const maxWords = 8

// Fold folds a name as people read it: case, ё/е and the spaces between
// words do not matter.
func Fold(s string) string {
	s = strings.ReplaceAll(strings.ToLower(s), "ё", "е")
	return strings.Join(strings.Fields(s), " ")
}

// word is one word of a name, folded, read once for every comparison.
type word struct {
	text []rune
	// part: the word is one part of a hyphenated one (Иванова-Петрова),
	// which a name may leave out.
	part bool
	// cyrillic: the word has a Cyrillic letter; icao and gost are then its
	// Latin forms, to compare with a word in Latin letters.
	cyrillic   bool
	icao, gost []rune
	// digits: the word has a digit: a number in a name (Игрок0001) is
	// read exactly, never as a slip.
	digits bool
	// patronymic: the word reads as one (Петрович, Ильинична), which a
	// name may leave out.
	patronymic bool
}

// Prepared is a name split into its words and folded once, for comparing
// it with many others (Prepared.Match).
type Prepared struct{ words []word }

// Prepare reads a name for comparing: its folded words, the parts of a
// hyphenated word apart.
func Prepare(name string) Prepared {
	var out []word
	for _, w := range strings.Fields(Fold(name)) {
		parts := strings.FieldsFunc(w, func(r rune) bool { return r == '-' || r == '‐' || r == '–' })
		for _, p := range parts {
			wd := word{text: []rune(p), part: len(parts) > 1, cyrillic: cyrillic(p),
				digits: strings.ContainsFunc(p, unicode.IsDigit), patronymic: patronymic(p)}
			if wd.cyrillic {
				wd.icao, wd.gost = []rune(Fold(Transliterate(p, ICAO))), []rune(Fold(Transliterate(p, GOST)))
			}
			out = append(out, wd)
		}
	}
	return Prepared{words: out}
}

// Words splits a name into its folded words, the parts of a hyphenated
// word apart: "Иванова-Петрова Мария" → иванова, петрова, мария.
func Words(name string) []string {
	var out []string
	for _, w := range Prepare(name).words {
		out = append(out, string(w.text))
	}
	return out
}

// Score is how far apart two names of one person are.
type Score struct {
	// Slips is how many letters the matched words differ by.
	Slips int
	// Missing is how many words one name has and the other lacks: a
	// patronymic, or one part of a double surname.
	Missing int
}

// Exact reports whether the names are the same words, in any order.
func (s Score) Exact() bool { return s.Slips == 0 && s.Missing == 0 }

// Distance orders scores, closest first: a slip or a missing word counts
// one.
func (s Score) Distance() int { return s.Slips + s.Missing }

// Match reports whether two names may be one person's, and how close they
// are. The words of one name are matched to the words of the other in any
// order, each to one, with at most one slip in a word of minSlipLetters
// letters or more and MaxSlips in all; a Cyrillic word is compared with a
// Latin one by its ICAO and GOST forms. Words of the longer name left
// unmatched must be few (one) and of the kind a name leaves out: a
// patronymic, one part of a hyphenated surname. Both names need two words
// at least: a surname alone names no one.
func Match(a, b string) (Score, bool) { return Prepare(a).Match(Prepare(b)) }

// Match is Match of two prepared names.
func (a Prepared) Match(b Prepared) (Score, bool) {
	wa, wb := a.words, b.words
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	if len(wa) < 2 || len(wb)-len(wa) > 1 || len(wb) > maxWords {
		return Score{}, false
	}
	var used [maxWords]bool
	best, found := Score{}, false
	var try func(i, slips int)
	try = func(i, slips int) {
		if slips > MaxSlips {
			return
		}
		if i == len(wa) {
			missing := 0
			for j := range wb {
				if !used[j] {
					if !wb[j].part && !wb[j].patronymic {
						return
					}
					missing++
				}
			}
			if s := (Score{Slips: slips, Missing: missing}); !found || s.Distance() < best.Distance() {
				best, found = s, true
			}
			return
		}
		for j := range wb {
			if used[j] {
				continue
			}
			if d := wordSlips(&wa[i], &wb[j]); d <= 1 {
				used[j] = true
				try(i+1, slips+d)
				used[j] = false
			}
		}
	}
	try(0, 0)
	return best, found
}

// wordSlips is how many letters two words differ by (2 meaning more than
// one), the Cyrillic one in its Latin forms when the other is Latin.
func wordSlips(x, y *word) int {
	limit := 1
	if min(len(x.text), len(y.text)) < minSlipLetters || x.digits || y.digits {
		limit = 0
	}
	if x.cyrillic == y.cyrillic {
		return slips(x.text, y.text, limit)
	}
	if y.cyrillic {
		x, y = y, x
	}
	return min(slips(x.icao, y.text, limit), slips(x.gost, y.text, limit))
}

// slips is how many letters two forms of a word differ by, or 2 beyond
// limit. A word and its feminine form (Петров, Петрова; Иван, Ивана) are
// two people's, not a slip.
func slips(x, y []rune, limit int) int {
	if feminine(x, y) || feminine(y, x) {
		return 2
	}
	if d := editDistance(x, y, limit); d <= limit {
		return d
	}
	return 2
}

// feminine reports whether f is m with the feminine а (a) added.
func feminine(m, f []rune) bool {
	return len(f) == len(m)+1 && (f[len(m)] == 'а' || f[len(m)] == 'a') && slices.Equal(f[:len(m)], m)
}

// cyrillic reports whether the word has a Cyrillic letter.
func cyrillic(w string) bool {
	for _, r := range w {
		if unicode.Is(unicode.Cyrillic, r) {
			return true
		}
	}
	return false
}

// patronymicEndings are the endings of Russian patronymics, in Cyrillic
// and in the Latin forms of ICAO and GOST.
var patronymicEndings = []string{"ович", "евич", "ьич", "овна", "евна", "ична", "инична",
	"ovich", "evich", "ich", "ovna", "evna", "ichna"}

// patronymic reports whether a folded word reads as a patronymic
// (Петрович, Ильич, Петровна, Ильинична).
func patronymic(w string) bool {
	if len([]rune(w)) < 5 {
		return false
	}
	for _, e := range patronymicEndings {
		if strings.HasSuffix(w, e) {
			return true
		}
	}
	return false
}

// editDistance is the Levenshtein distance of a and b, or limit+1 as soon
// as it is sure to exceed limit.
func editDistance(a, b []rune, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	if slices.Equal(a, b) {
		return 0
	}
	if limit == 0 {
		return 1
	}
	var rows [2][32]int
	prev, cur := rows[0][:], rows[1][:]
	if len(b)+1 > len(prev) {
		prev, cur = make([]int, len(b)+1), make([]int, len(b)+1)
	}
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit+1)
}
