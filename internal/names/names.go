// Package names compares people's names as the register reads them: the
// same person is written with the words in either order (Тлехас Аслан,
// Аслан Тлехас), with or without a patronymic, with one part of a double
// surname, with ё or е, with a slip in a word, in Cyrillic or in Latin
// letters. It transliterates Cyrillic names into Latin (ICAO, GOST). It is
// pure: strings in, answers out; it knows nothing of persons, players or
// the database, and imports nothing of ours.
package names

import (
	"strings"
	"unicode"
)

// MaxSlips is how many letters the names of one person may differ by in
// all: a typo, a missing letter, е for э.
const MaxSlips = 2

// minSlipLetters is the shortest word a slip is forgiven in: Ян and Ан, Ли
// and Ди are different names.
const minSlipLetters = 4

// Fold folds a name as people read it: case, ё/е and the spaces between
// words do not matter.
func Fold(s string) string {
	s = strings.ReplaceAll(strings.ToLower(s), "ё", "е")
	return strings.Join(strings.Fields(s), " ")
}

// word is one word of a name, folded.
type word struct {
	text string
	// part: the word is one part of a hyphenated one (Иванова-Петрова),
	// which a name may leave out.
	part bool
}

// Words splits a name into its folded words, the parts of a hyphenated
// word apart: "Иванова-Петрова Мария" → иванова, петрова, мария.
func Words(name string) []string {
	var out []string
	for _, w := range words(name) {
		out = append(out, w.text)
	}
	return out
}

func words(name string) []word {
	var out []word
	for _, w := range strings.Fields(Fold(name)) {
		parts := strings.FieldsFunc(w, func(r rune) bool { return r == '-' || r == '‐' || r == '–' })
		for _, p := range parts {
			out = append(out, word{text: p, part: len(parts) > 1})
		}
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
func Match(a, b string) (Score, bool) {
	wa, wb := words(a), words(b)
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	if len(wa) < 2 || len(wb)-len(wa) > 1 {
		return Score{}, false
	}
	best, found := Score{}, false
	used := make([]bool, len(wb))
	var try func(i, slips int)
	try = func(i, slips int) {
		if slips > MaxSlips {
			return
		}
		if i == len(wa) {
			missing := 0
			for j, u := range used {
				if !u {
					if !wb[j].part && !patronymic(wb[j].text) {
						return
					}
					missing++
				}
			}
			s := Score{Slips: slips, Missing: missing}
			if !found || s.Distance() < best.Distance() {
				best, found = s, true
			}
			return
		}
		for j := range wb {
			if used[j] {
				continue
			}
			d := wordSlips(wa[i].text, wb[j].text)
			if d > 1 {
				continue
			}
			used[j] = true
			try(i+1, slips+d)
			used[j] = false
		}
	}
	try(0, 0)
	return best, found
}

// wordSlips is how many letters two folded words differ by (2 meaning
// more than one), the Cyrillic one transliterated when the other is Latin.
// A word and its feminine form (Петров, Петрова; Иван, Ивана) are two
// people's, not a slip.
func wordSlips(x, y string) int {
	limit := 1
	if min(len([]rune(x)), len([]rune(y))) < minSlipLetters {
		limit = 0
	}
	if cyrillic(x) != cyrillic(y) {
		if cyrillic(y) {
			x, y = y, x
		}
		icao, gost := Fold(Transliterate(x, ICAO)), Fold(Transliterate(x, GOST))
		if editDistance(icao, y, limit) > editDistance(gost, y, limit) {
			icao = gost
		}
		x = icao
	}
	if feminine(x, y) || feminine(y, x) || (x != y && (digits(x) || digits(y))) {
		return 2
	}
	if d := editDistance(x, y, limit); d <= limit {
		return d
	}
	return 2
}

// digits reports whether a word has a digit: a number in a name (Игрок
// 0001) is read exactly, never as a slip.
func digits(w string) bool { return strings.ContainsFunc(w, unicode.IsDigit) }

// feminine reports whether f is m with the feminine а (a) added.
func feminine(m, f string) bool {
	return f == m+"а" || f == m+"a"
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
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
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
	return min(prev[len(rb)], limit+1)
}
