package report

import (
	"io"
	"strconv"
	"strings"

	"adiukh/tournament/catalog"
)

const (
	msgKnockoutBracket    msg = "knockout.bracket"
	msgKnockoutFinal      msg = "knockout.final"
	msgKnockoutSemis      msg = "knockout.semi_finals"
	msgKnockoutQuarters   msg = "knockout.quarter_finals"
	msgKnockoutRoundOf    msg = "knockout.round_of"
	msgKnockoutThirdPlace msg = "knockout.third_place"
	msgKnockoutBye        msg = "knockout.bye"
	msgKnockoutLot        msg = "knockout.lot"
	msgKnockoutAwaitsLot  msg = "knockout.awaits_lot"
	msgKnockoutNotPaired  msg = "knockout.not_paired"
	msgKnockoutPlaying    msg = "knockout.playing"
	msgKnockoutMatchGames msg = "knockout.match_games"
	msgKnockoutTieBreaks  msg = "knockout.tie_breaks"
	msgKnockoutStage      msg = "knockout.stage"
	msgKnockoutWinner     msg = "knockout.winner"
	msgKnockoutRunnerUp   msg = "knockout.runner_up"
	msgKnockoutThird      msg = "knockout.third"
	msgKnockoutSheetGame  msg = "knockout.sheet_game"
	msgKnockoutTieBreak   msg = "knockout.tie_break"
	msgKnockoutTeamLegs   msg = "knockout.team_legs"
	msgKnockoutTeamStages msg = "knockout.team_tie_breaks"
	msgKnockoutDecided    msg = "knockout.team_decided"
	msgKnockoutTie        msg = "knockout.tie"
	msgKnockoutLeg        msg = "knockout.leg"
	msgKnockoutLegAt      msg = "knockout.leg_at"
)

// tempoWords names a tie-break stage's tempo.
var tempoWords = map[string]msg{"rapid": "knockout.tempo.rapid", "blitz": "knockout.tempo.blitz", "deciding": "knockout.tempo.deciding"}

// Bracket is a knockout event's bracket as printed: its matches round by
// round, and the places decided.
type Bracket struct {
	Event      Event
	MatchGames int
	TieBreaks  []BracketStage
	Rounds     []BracketRound
	// Winner, RunnerUp and Third are the names of the places decided; ""
	// while not.
	Winner, RunnerUp, Third string
	// Boards is a team knockout's boards a leg (0 for a knockout of
	// players): its matches are ties of MatchGames legs, each listed
	// under its tie (BracketMatch.Legs).
	Boards int
}

// BracketStage is a stage of tie-break games: their number and tempo
// ("rapid", "blitz", "deciding").
type BracketStage struct {
	Games int
	Tempo string
}

// BracketRound is a round of the bracket: "final", "semi_finals",
// "quarter_finals", or "round_of" with Of players; no matches while it is
// not paired.
type BracketRound struct {
	Stage   string
	Of      int
	Paired  bool
	Matches []BracketMatch
}

// BracketMatch is one match: the players as printed ("3. Иванов Иван"),
// the match's score and each tie-break stage's as shown ("1½:½"), a lot's
// reason, and the winner's name once decided.
type BracketMatch struct {
	Board      int
	White      string
	Black      string
	Bye        bool
	ThirdPlace bool
	Score      string
	Stages     []string
	Lot        string
	AwaitsLot  bool
	Winner     string
	// Legs are a team tie's legs, each with its boards.
	Legs []BracketLeg
}

// BracketLeg is a leg of a team tie as printed: its number, tempo and
// time control ("" for the tie's own legs), the team round and table it
// is played at, the teams (home first), its match points and board points
// as shown ("" while a board waits), and its boards ("1. Иванов – Петров
// 2:0").
type BracketLeg struct {
	Number       int
	Tempo        string
	TimeControl  string
	Round, Table int
	Home, Away   string
	MatchPoints  string
	BoardPoints  string
	Boards       []string
}

// legText is a leg in one line.
func legText(loc catalog.Lang, l BracketLeg) string {
	line := text(loc, msgKnockoutLeg, l.Number)
	if l.Tempo != "" {
		line += " (" + text(loc, tempoWords[l.Tempo])
		if l.TimeControl != "" {
			line += ", " + l.TimeControl
		}
		line += ")"
	}
	line += ", " + text(loc, msgKnockoutLegAt, l.Round, l.Table) + ": " + l.Home + " — " + l.Away
	if l.MatchPoints == "" {
		line += " — " + text(loc, msgKnockoutPlaying)
	} else {
		line += "   " + l.MatchPoints + " (" + l.BoardPoints + ")"
	}
	if len(l.Boards) > 0 {
		line += ": " + strings.Join(l.Boards, "; ")
	}
	return line
}

// RoundTitle names a round of a bracket in the language: the final, the
// semi-finals, the quarter-finals, or 1/N of the final before them.
func RoundTitle(loc catalog.Lang, stage string, of int) string {
	switch stage {
	case "final":
		return text(loc, msgKnockoutFinal)
	case "semi_finals":
		return text(loc, msgKnockoutSemis)
	case "quarter_finals":
		return text(loc, msgKnockoutQuarters)
	}
	return text(loc, msgKnockoutRoundOf, of/2)
}

// TieBreakText is the tie-break stages in words: "2 × rapid, 1 × deciding
// game".
func TieBreakText(loc catalog.Lang, stages []BracketStage) string {
	parts := make([]string, len(stages))
	for i, s := range stages {
		parts[i] = text(loc, msgKnockoutStage, s.Games, text(loc, tempoWords[s.Tempo]))
	}
	return strings.Join(parts, ", ")
}

// BracketPDF prints the bracket: the matches' format, then each round's
// matches with their scores, tie-breaks, lots and winners, and the places
// decided. A round not yet paired says so.
func BracketPDF(w io.Writer, loc catalog.Lang, b Bracket) error {
	d := newDocument(loc, b.Event, text(loc, msgKnockoutBracket))
	d.withPageNumbers()
	d.newPage(false)
	width := d.pageWidth()
	d.font(false, 10)
	label, stages := msgBoard, msgKnockoutTieBreaks
	if b.Boards > 0 {
		label, stages = msgKnockoutTie, msgKnockoutTeamStages
		d.cell(width, 6, text(loc, msgKnockoutTeamLegs, b.MatchGames, b.Boards), "", 1, "L", false)
		d.multiCell(width, 5, text(loc, msgKnockoutDecided), "", "L", false)
	} else {
		d.cell(width, 6, text(loc, msgKnockoutMatchGames, b.MatchGames), "", 1, "L", false)
	}
	if len(b.TieBreaks) > 0 {
		d.multiCell(width, 5, text(loc, stages, TieBreakText(loc, b.TieBreaks)), "", "L", false)
	}
	for _, r := range b.Rounds {
		if d.pdf.GetY()+20 > d.bottom() {
			d.newPage(false)
		}
		d.pdf.Ln(3)
		d.font(true, 12)
		d.cell(width, 7, RoundTitle(loc, r.Stage, r.Of), "B", 1, "L", false)
		d.pdf.Ln(1)
		if !r.Paired {
			d.font(false, 10)
			d.cell(width, 6, text(loc, msgKnockoutNotPaired), "", 1, "L", false)
			continue
		}
		for _, m := range r.Matches {
			if d.pdf.GetY()+12 > d.bottom() {
				d.newPage(false)
			}
			d.font(true, 10)
			line := text(loc, label) + " " + strconv.Itoa(m.Board) + ". "
			if m.ThirdPlace {
				line += text(loc, msgKnockoutThirdPlace) + ": "
			}
			if m.Bye {
				line += m.White + " — " + text(loc, msgKnockoutBye)
			} else {
				line += m.White + " — " + m.Black + "   " + m.Score
			}
			d.multiCell(width, 5.5, line, "", "L", false)
			var detail []string
			if len(m.Stages) > 0 {
				detail = append(detail, text(loc, msgKnockoutTieBreaks, strings.Join(m.Stages, ", ")))
			}
			switch {
			case m.Lot != "":
				detail = append(detail, text(loc, msgKnockoutLot, m.Lot))
			case m.AwaitsLot:
				detail = append(detail, text(loc, msgKnockoutAwaitsLot))
			}
			switch {
			case m.Winner != "" && !m.Bye:
				detail = append(detail, text(loc, msgKnockoutWinner)+": "+m.Winner)
			case m.Winner == "" && !m.Bye:
				detail = append(detail, text(loc, msgKnockoutPlaying))
			}
			lines := make([]string, 0, len(m.Legs)+1)
			for _, leg := range m.Legs {
				lines = append(lines, legText(loc, leg))
			}
			if len(detail) > 0 {
				lines = append(lines, strings.Join(detail, "; "))
			}
			if len(lines) > 0 {
				d.font(false, 9)
			}
			for _, line := range lines {
				d.multiCell(width, 4.5, "    "+line, "", "L", false)
			}
		}
	}
	d.pdf.Ln(4)
	d.font(false, 10)
	for _, place := range []struct {
		label msg
		name  string
	}{{msgKnockoutWinner, b.Winner}, {msgKnockoutRunnerUp, b.RunnerUp}, {msgKnockoutThird, b.Third}} {
		if place.name != "" {
			d.cell(width, 6, text(loc, place.label)+": "+place.name, "", 1, "L", false)
		}
	}
	d.signatureLine(text(loc, msgChiefArbiter), b.Event.ChiefArbiter)
	return d.output(w)
}

// MatchScore writes a match's score, the first side's first: "1½:½".
func MatchScore(loc catalog.Lang, first, second float64) string {
	return formatPoints(loc, first) + ":" + formatPoints(loc, second)
}
