package trf

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Write writes t as a TRF file with LF line ends: header lines, players,
// then the pairing-related records.
func Write(w io.Writer, t *Tournament) error {
	for _, p := range t.Players {
		if err := checkPoints(fmt.Sprintf("player %d", p.StartNo), p.Points); err != nil {
			return err
		}
	}
	for _, sc := range t.Scoring {
		if err := checkPoints("162 scoring", sc.Points); err != nil {
			return err
		}
	}
	for _, a := range t.Accelerations {
		for _, p := range a.Points {
			if err := checkPoints(fmt.Sprintf("XXA of player %d", a.Player), p); err != nil {
				return err
			}
		}
	}
	for _, p := range t.Players {
		if err := checkNumbers(p); err != nil {
			return err
		}
	}
	bw := bufio.NewWriter(w)
	line := func(s string) { bw.WriteString(strings.TrimRight(s, " ") + "\n") }
	for _, in := range t.Info {
		line(fit(in.Code, 3) + " " + oneLine(in.Text))
	}
	for _, p := range t.Players {
		line(playerLine(p))
	}
	if t.System != "" {
		line("092 " + oneLine(t.System))
	}
	if t.TotalRounds > 0 {
		line(fmt.Sprintf("142 %d", t.TotalRounds))
	}
	if t.InitialColor != 0 {
		line("152 " + string(t.InitialColor))
	}
	if len(t.Scoring) > 0 {
		b := []byte("162 ")
		for _, s := range t.Scoring {
			b = append(b, ' ', s.Code)
			b = append(b, fmt.Sprintf("%4s   ", formatPoints(s.Points))...)
		}
		line(string(b))
	}
	for _, s := range t.PointLines {
		line(fmt.Sprintf("BB%c %4s", s.Code, formatPoints(s.Points)))
	}
	for _, b := range t.Byes {
		line(fmt.Sprintf("240 %c %3d%s", b.Kind, b.Round, playerList(b.Players)))
	}
	for _, f := range t.Forbidden {
		if f.FirstRound == 0 {
			var ids []string
			for _, p := range f.Players {
				ids = append(ids, fmt.Sprint(p))
			}
			line("XXP " + strings.Join(ids, " "))
			continue
		}
		line(fmt.Sprintf("260 %3d %3d%s", f.FirstRound, f.LastRound, playerList(f.Players)))
	}
	if t.RankOrder {
		line("XXC rank")
	}
	for _, a := range t.Accelerations {
		s := fmt.Sprintf("XXA %4d", a.Player)
		for _, p := range a.Points {
			s += fmt.Sprintf(" %4s", formatPoints(p))
		}
		line(s)
	}
	for _, e := range t.Extra {
		line(oneLine(e))
	}
	return bw.Flush()
}

func playerList(ps []int) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, " %4d", p)
	}
	return b.String()
}

// formatPoints writes tenths of a point in at most four columns, as the TRF
// fields allow: "3.5", "99.9", "100"; larger values are clamped to what
// four columns can say and reported by Write.
func formatPoints(tenths int) string {
	if tenths < 1000 {
		return fmt.Sprintf("%d.%d", tenths/10, tenths%10)
	}
	return fmt.Sprint(tenths / 10)
}

// checkPoints reports points a four-column TRF field cannot hold exactly.
func checkPoints(what string, tenths int) error {
	if tenths >= 1000 && (tenths%10 != 0 || tenths >= 100000) {
		return fmt.Errorf("%s: %s points do not fit a TRF field", what, formatPoints(tenths))
	}
	return nil
}

// checkNumbers reports a number of a 001 line wider than its four columns:
// cutting it would make it another number.
func checkNumbers(p Player) error {
	for _, n := range []struct {
		what  string
		value int
	}{{"start number", p.StartNo}, {"rating", p.Rating}, {"rank", p.Rank}} {
		if n.value > 9999 {
			return fmt.Errorf("player %d: %s %d does not fit the four columns of a TRF field", p.StartNo, n.what, n.value)
		}
	}
	for i, r := range p.Results {
		if r.Opponent > 9999 {
			return fmt.Errorf("player %d, round %d: opponent %d does not fit the four columns of a TRF field", p.StartNo, i+1, r.Opponent)
		}
	}
	return nil
}

// oneLine is free text on one line of the file: a line break would start a
// record of its own (a name "X\n001 …" would add a player), so line breaks,
// tabs and every other control character become spaces.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
}

// fit is text for a field of width characters: on one line, and cut to the
// width, so that every field after it stays in its columns. Columns count
// characters, as Read does.
func fit(s string, width int) string {
	s = oneLine(s)
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	return strings.TrimRight(string([]rune(s)[:width]), " ")
}

func playerLine(p Player) string {
	rating := ""
	if p.Rating > 0 {
		rating = fmt.Sprint(p.Rating)
	}
	s := fmt.Sprintf("001 %4d %1s%3s %-33s %4s %3s %11s %-10s %4s %4d",
		p.StartNo, fit(p.Sex, 1), fit(p.Title, 3), fit(p.Name, 33), rating, fit(p.Federation, 3), fit(p.FideID, 11), fit(p.BirthDate, 10), formatPoints(p.Points), p.Rank)
	s += "  "
	for i, r := range p.Results {
		if i > 0 {
			s += "  "
		}
		opp := "0000"
		switch {
		case r.Opponent > 0:
			opp = fmt.Sprintf("%4d", r.Opponent)
		case r.Color == ' ' && r.Code == ' ':
			opp = "    "
		}
		s += fmt.Sprintf("%s %c %c", opp, printableByte(r.Color), printableByte(r.Code))
	}
	return s
}

// printableByte keeps a colour or result letter on its line.
func printableByte(b byte) byte {
	if b < ' ' || b > '~' {
		return ' '
	}
	return b
}
