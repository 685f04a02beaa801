package report

import (
	"adiukh/tournament/catalog"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// formatPoints prints a score the way a crosstable does: whole numbers plain,
// halves with ½ (5½), anything finer with up to two decimals in the locale's
// decimal separator (Sonneborn-Berger can be 37,25).
func formatPoints(loc catalog.Lang, v float64) string {
	whole, frac := math.Modf(math.Abs(v))
	digits := strconv.FormatFloat(whole, 'f', 0, 64)
	switch {
	case frac == 0:
		return sign(v) + digits
	case frac == 0.5 && whole == 0:
		return sign(v) + "½"
	case frac == 0.5:
		return sign(v) + digits + "½"
	}
	s := strings.TrimRight(strconv.FormatFloat(v, 'f', 2, 64), "0")
	if loc != catalog.English {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

func sign(v float64) string {
	if v < 0 {
		return "−"
	}
	return ""
}

// formatDate prints a date in the locale's style; a zero date prints nothing.
func formatDate(loc catalog.Lang, d time.Time) string {
	if d.IsZero() {
		return ""
	}
	return d.Format(text(loc, msgDateFormat))
}

// formatDates prints the dates an event runs.
func formatDates(loc catalog.Lang, from, to time.Time) string {
	if to.IsZero() || to.Equal(from) || from.IsZero() {
		return formatDate(loc, from)
	}
	return formatDate(loc, from) + " – " + formatDate(loc, to)
}

// FormatTimeControl prints e.g. "20 мин + 30 с/ход" (§9) or, for
// correspondence, "3 дн./ход", as the documents and the event's pages
// write it.
func FormatTimeControl(loc catalog.Lang, tc TimeControl) string {
	var parts []string
	if tc.Base > 0 && tc.Moves > 0 {
		return fmt.Sprintf("%s / %d %s", formatDuration(loc, tc.Base), tc.Moves, text(loc, msgMovesPer))
	}
	if tc.Base > 0 {
		parts = append(parts, formatDuration(loc, tc.Base))
	}
	if tc.Increment > 0 {
		parts = append(parts, formatDuration(loc, tc.Increment)+"/"+text(loc, msgPerMove))
	}
	return strings.Join(parts, " + ")
}

func formatDuration(loc catalog.Lang, d time.Duration) string {
	const day = 24 * time.Hour
	switch {
	case d%day == 0:
		return fmt.Sprintf("%d %s", d/day, text(loc, msgDays))
	case d%time.Minute == 0:
		return fmt.Sprintf("%d %s", d/time.Minute, text(loc, msgMinutes))
	default:
		return fmt.Sprintf("%d %s", d/time.Second, text(loc, msgSeconds))
	}
}

// formatScore prints one game result for a table cell.
func formatScore(loc catalog.Lang, s GameScore) string {
	if s.Shown != "" && (s.Kind == Played || s.Kind == Unscored) {
		return s.Shown
	}
	switch s.Kind {
	case Played:
		return fmt.Sprintf("%d:%d", s.Own, s.Opponent)
	case Forfeit:
		if s.Own > s.Opponent {
			return "+:−"
		}
		return "−:+"
	case DoubleForfeit:
		return "−:−"
	case Unscored:
		return unscoredText(s)
	case PairingBye:
		return text(loc, msgByeCell) + " +"
	case HalfPointBye:
		return text(loc, msgByeCell) + " ="
	case ZeroPointBye:
		return text(loc, msgByeCell) + " −"
	case Absent:
		return "—"
	}
	return ""
}

// checkScore reports a result that cannot be an Adiukh result (§5): the
// reports would otherwise print nonsense an arbiter might sign.
func checkScore(s GameScore) error { return checkScoreOf(s, 24) }

// checkScoreOf checks a score of a game whose two scores add up to points:
// Adiukh's 24 checkers, Russian draughts' 2 points.
func checkScoreOf(s GameScore, points int) error {
	switch s.Kind {
	case NotPlayed, DoubleForfeit, PairingBye, HalfPointBye, ZeroPointBye, Absent, Unscored:
		return nil
	case Played:
		if s.Own < 0 || s.Opponent < 0 || s.Own+s.Opponent != points {
			return fmt.Errorf("score %d:%d: the two scores must be 0–%d and add up to %[3]d", s.Own, s.Opponent, points)
		}
		return nil
	case Forfeit:
		if (s.Own == points && s.Opponent == 0) || (s.Own == 0 && s.Opponent == points) {
			return nil
		}
		return fmt.Errorf("forfeit %d:%d: a forfeit scores %d:0 or 0:%[3]d", s.Own, s.Opponent, points)
	}
	return fmt.Errorf("result kind %d is not one of NotPlayed, Played, Forfeit, DoubleForfeit, Unscored, PairingBye, HalfPointBye, ZeroPointBye, Absent", s.Kind)
}

// unscoredText writes who won a game whose score is unknown, from the
// side whose GameScore it is.
func unscoredText(s GameScore) string {
	switch {
	case s.Own > s.Opponent:
		return "1:0"
	case s.Own < s.Opponent:
		return "0:1"
	}
	return "½:½"
}

// formatPlace prints a place, "2–3" when it is shared.
func formatPlace(r StandingsRow) string {
	if r.PlaceLast > r.Place {
		return fmt.Sprintf("%d–%d", r.Place, r.PlaceLast)
	}
	return formatInt(r.Place)
}

// colourMark is the colour of a game in the progress table: a white or a
// black circle, which no reader takes for a digit (a letter after the
// opponent's number did: "31б" read as 316).
func colourMark(c Colour) string {
	switch c {
	case White:
		return "○"
	case Black:
		return "●"
	}
	return ""
}

// playerLabel is the name with the start number, as used in lists; on an
// English document in Latin letters with the name as written after.
func playerLabel(loc catalog.Lang, p Player) string {
	name := listedName(loc, p.Name, p.Latin)
	if p.StartNo == 0 {
		return name
	}
	return fmt.Sprintf("%s (%d)", name, p.StartNo)
}

// titledLabel is playerLabel with the rank or title after it, as a game's
// record names its players: «Хуаде Аскер (4), КМС».
func titledLabel(loc catalog.Lang, p Player) string {
	label := playerLabel(loc, p)
	if title := p.printedTitle(loc); title != "" {
		return label + ", " + title
	}
	return label
}

func formatInt(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}
