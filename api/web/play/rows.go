package play

import (
	"fmt"
	"time"

	"adiukh/api/web/kit"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
)

// countdownText is the time to a live game's start: hours, minutes and
// seconds, rounded up, so that it reads 0:00 only at the start.
func countdownText(d time.Duration) string {
	s := int((d + time.Second - 1) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s%3600/60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// clockText writes a time left as days and hours, hours and minutes under
// a day.
func clockText(t *kit.Translator, d time.Duration) string {
	if d < 24*time.Hour {
		return t.T("corr.hours_minutes", "H", int(d/time.Hour), "M", int(d%time.Hour/time.Minute))
	}
	return t.T("corr.days_hours", "D", int(d/(24*time.Hour)), "H", int(d%(24*time.Hour)/time.Hour))
}

// corrRow is one game in a list of games.
type corrRow struct {
	correspondence.View
	White, Black string
	WhiteLeft    string
	BlackLeft    string
	// A live game's clocks in milliseconds, for the page's script to run;
	// and, before its start, the time to it (StartsInMs, StartsIn), which
	// the page counts down.
	WhiteMs, BlackMs int64
	// A live game's players' connections (PresenceOf), which live.js
	// compares with the stream's.
	WhiteConnection, BlackConnection correspondence.Presence
	StartsInMs                       int64
	StartsIn                         string
	Urgent                           bool // under two days left for the side to move
	// A player's own game: their side, whether it is their move, their
	// time left, the opponent and the event.
	Mine, MyMove        bool
	Side, MyLeft        string
	Opponent, EventName string
	// Zone is the event's time zone, which the deadline is written in.
	Zone *time.Location
}

func newCorrRow(t *kit.Translator, v correspondence.View, names map[int64]string) corrRow {
	r := corrRow{View: v, White: names[v.WhiteID], Black: names[v.BlackID],
		WhiteLeft: clockText(t, v.Left[rules.White]), BlackLeft: clockText(t, v.Left[rules.Black])}
	if v.Live {
		r.WhiteLeft, r.BlackLeft = kit.ClockText(v.Left[rules.White]), kit.ClockText(v.Left[rules.Black])
		r.WhiteMs, r.BlackMs = v.Left[rules.White].Milliseconds(), v.Left[rules.Black].Milliseconds()
		r.WhiteConnection, r.BlackConnection = v.PresenceOf(rules.White), v.PresenceOf(rules.Black)
	}
	if v.NotStarted {
		r.StartsInMs, r.StartsIn = v.StartedAt.Sub(v.At).Milliseconds(), countdownText(v.StartedAt.Sub(v.At))
	}
	r.Urgent = v.Status == correspondence.Running && !v.Live && v.Left[v.ToMove] < correspondence.WarnBefore
	return r
}

func playerNames(players []tournament.Player) map[int64]string {
	names := map[int64]string{}
	for _, p := range players {
		names[p.ID] = p.Name
	}
	return names
}
