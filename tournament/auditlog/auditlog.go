// Package auditlog tells an event's audit log to people: each entry as a
// sentence in the reader's language with the players' names ("Берсиров –
// Ёлкин, тур 1: 24:0 → 0:24"), what changed field by field, and the time in
// the event's time zone; and it says which round and players each entry
// concerns, so that the log can be filtered by them. The entries themselves
// stay as the service wrote them, for export.
package auditlog

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// Line is one entry of the log as a person reads it.
type Line struct {
	tournament.AuditEntry
	When    string   // the time in the event's zone, in the reader's language
	Text    string   // what happened, as a sentence
	Changes []string // "Рейтинг: 1800 → 1850", one per changed field
	Round   int      // the round the entry concerns; 0 for none
	Players []int64  // the players it concerns
}

// Filter keeps the entries of one round and of one player; zero keeps all.
type Filter struct {
	Round  int
	Player int64
}

// Keep reports whether a line passes the filter.
func (f Filter) Keep(l Line) bool {
	return (f.Round == 0 || l.Round == f.Round) && (f.Player == 0 || slices.Contains(l.Players, f.Player))
}

// Tell turns the entries into lines, in the entries' order. players and
// rounds are the event's as they are now: they name the players of a game
// the entry points to by round and board.
func Tell(l *catalog.Localizer, zone *time.Location, players []tournament.Player, rounds []tournament.Round, entries []tournament.AuditEntry) []Line {
	t := teller{l: l, byID: map[int64]string{}, byNo: map[int]int64{}, teams: map[int64]string{}, games: map[[2]int]tournament.Game{}}
	for _, p := range players {
		t.byID[p.ID], t.byNo[p.StartNo] = p.Name, p.ID
	}
	for _, r := range rounds {
		for _, g := range r.Games {
			t.games[[2]int{r.Number, g.Board}] = g
		}
	}
	// A player removed since is named from the log's own snapshots; a team
	// by the name of its latest snapshot.
	for _, e := range entries {
		for _, s := range []string{e.Before, e.After} {
			var p struct {
				ID   int64
				Name string
			}
			if json.Unmarshal([]byte(s), &p) != nil || p.ID == 0 || p.Name == "" {
				continue
			}
			switch {
			case strings.HasPrefix(e.Action, "player.") && t.byID[p.ID] == "":
				t.byID[p.ID] = p.Name
			case strings.HasPrefix(e.Action, "team.") && strings.HasPrefix(e.Subject, "team ") && !strings.Contains(e.Subject, "player"):
				t.teams[p.ID] = p.Name
			}
		}
	}
	lines := make([]Line, len(entries))
	for i, e := range entries {
		lines[i] = t.line(e, zone)
	}
	return lines
}

type teller struct {
	l     *catalog.Localizer
	byID  map[int64]string
	byNo  map[int]int64
	teams map[int64]string // team names by ID
	games map[[2]int]tournament.Game
}

// resultLog is the shape the service logs a game's result in.
type resultLog struct {
	Score     string `json:"score"`
	EndReason string `json:"end_reason"`
}

func (t *teller) line(e tournament.AuditEntry, zone *time.Location) Line {
	l := Line{AuditEntry: e, When: t.l.Time(e.At, zone)}
	var round, board, a, b int
	title := t.l.T("audit." + e.Action)
	switch {
	case scan(e.Subject, "round %d board %d", &round, &board):
		l.Round = round
		l.Text = t.l.T("audit.sentence.game", "Game", t.game(&l, round, board), "Round", round, "Change", t.resultChange(e))
	case scan(e.Subject, "game %d (round %d board %d)", &a, &round, &board):
		// A correspondence game: its moves and offers, not a result.
		l.Round = round
		l.Text = t.l.T("audit.sentence.move", "What", title, "Game", t.game(&l, round, board), "Round", round)
	case strings.HasPrefix(e.Subject, "entry "):
		l.Text = t.l.T("audit.sentence.entry", "What", title, "Code", strings.TrimPrefix(e.Subject, "entry "))
	case scan(e.Subject, "problem %d", &a):
		l.Text = t.l.T("audit.sentence.problem", "What", title, "Number", a)
	case strings.HasPrefix(e.Subject, "player ") && strings.HasSuffix(e.Subject, ")"):
		// "player 3 (Name)": a start number with the name it had.
		if _, err := fmt.Sscanf(e.Subject, "player %d", &b); err == nil && t.byNo[b] != 0 {
			l.Players = append(l.Players, t.byNo[b])
		}
		_, name, _ := strings.Cut(strings.TrimSuffix(e.Subject, ")"), " (")
		l.Text = t.l.T("audit.sentence.player", "What", title, "Player", name)
	case strings.HasPrefix(e.Subject, "round "):
		if _, err := fmt.Sscanf(e.Subject, "round %d", &round); err == nil {
			l.Round = round
		}
		l.Text = t.l.T("audit.sentence.round", "What", title, "Round", round)
	case scan(e.Subject, "team %d", &a) && t.teams[int64(a)] != "":
		l.Text = t.l.T("audit.sentence.team", "What", title, "Team", t.teams[int64(a)])
	case scan(e.Subject, "team %d player %d", &a, &b), scan(e.Subject, "player %d", &b):
		id := int64(b)
		if e.Action == tournament.ActionPlayerBye {
			id = t.byNo[b] // the bye names the player by start number
		}
		if id != 0 {
			l.Players = append(l.Players, id)
		}
		l.Text = t.l.T("audit.sentence.player", "What", title, "Player", t.byID[id])
		l.Changes = t.changes(e.Before, e.After, playerFields)
	default:
		l.Text = title
		if e.Action == tournament.ActionEventUpdate || e.Action == tournament.ActionEventCreate {
			l.Changes = t.changes(e.Before, e.After, nil)
		}
	}
	if e.Reason != "" {
		l.Reason = t.l.Message(tournament.NoteMessage(e.Reason))
		l.Text += ", " + t.l.T("audit.sentence.reason", "Reason", l.Reason)
	}
	return l
}

// game names the players of a game, or its board when the game is gone, and
// adds them to the line's players.
func (t *teller) game(l *Line, round, board int) string {
	g := t.games[[2]int{round, board}]
	if g.WhiteID == 0 {
		return t.l.T("audit.sentence.board", "Board", board)
	}
	l.Players = append(l.Players, g.WhiteID)
	name := t.byID[g.WhiteID]
	if g.BlackID != 0 {
		l.Players = append(l.Players, g.BlackID)
		name += " – " + t.byID[g.BlackID]
	}
	return name
}

// scan reads a subject of exactly the given shape.
func scan(subject, format string, args ...any) bool {
	n, err := fmt.Sscanf(subject, format, args...)
	return err == nil && n == len(args) && fmt.Sprintf(format, deref(args)...) == subject
}

func deref(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = *(a.(*int))
	}
	return out
}

// resultChange is "24:0 → 0:24", "17:7" for a first result, with the way a
// game ended when it was not a final position.
func (t *teller) resultChange(e tournament.AuditEntry) string {
	before, after := t.result(e.Before), t.result(e.After)
	switch {
	case before == "" && after == "":
		return strings.TrimSpace(e.Before + " " + e.After)
	case before == "":
		return after
	case after == "":
		return before + " → —"
	}
	return before + " → " + after
}

func (t *teller) result(snapshot string) string {
	if snapshot == "" {
		return ""
	}
	var r resultLog
	if err := json.Unmarshal([]byte(snapshot), &r); err != nil {
		// A submission is logged as "17:7 resignation".
		var s string
		if json.Unmarshal([]byte(snapshot), &s) != nil {
			return snapshot
		}
		score, reason, _ := strings.Cut(s, " ")
		r = resultLog{Score: score, EndReason: reason}
	}
	switch {
	case r.Score == "":
		return t.l.T("reason." + r.EndReason)
	case r.EndReason == "" || r.EndReason == string(tournament.FinalPosition):
		return r.Score
	}
	return r.Score + " (" + t.l.T("reason."+r.EndReason) + ")"
}

// ignored are fields of snapshots that say nothing to a person.
var ignored = map[string]bool{"id": true, "event_id": true, "owner_id": true, "created_at": true, "manual_start_numbers": true}

// playerFields are the inputs a player's fields are entered in, where they
// differ from the field's own name.
var playerFields = map[string]string{"name": "full_name"}

// valueKeys name the values of enumerations through their catalogue prefix.
var valueKeys = map[string]string{
	"discipline": "discipline.", "system": "system.", "status": "status.", "visibility": "visibility.",
	"tie_breaks": "tiebreak.", "bye_kind": "bye.", "end_reason": "reason.",
	"micro_match": "micro.draw_", "micro_count": "micro.count_",
}

// changes lists the fields of two JSON snapshots of an object that differ,
// each named as its form names it; a field the catalogue has no name for
// is internal and left out.
func (t *teller) changes(before, after string, rename map[string]string) []string {
	var b, a map[string]any
	_ = json.Unmarshal([]byte(before), &b)
	_ = json.Unmarshal([]byte(after), &a)
	if a == nil && b == nil {
		return nil
	}
	withoutGameSettings(a)
	withoutGameSettings(b)
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	var out []string
	for _, k := range sortedKeys(keys) {
		field := snake(k)
		old, now := t.value(field, b[k]), t.value(field, a[k])
		if field == "discipline" {
			old, now = t.discipline(b), t.discipline(a)
		}
		if old == now || ignored[field] {
			continue
		}
		if r, ok := rename[field]; ok {
			field = r
		}
		name := t.l.Field(field)
		if name == "" {
			continue
		}
		if b == nil {
			// A new object: its settings, leaving out the empty ones.
			if now != "—" && now != t.l.T("audit.no") {
				out = append(out, name+": "+now)
			}
			continue
		}
		if old == "—" && now == t.l.T("audit.no") {
			// A flag a composition contest does not have is off once the
			// contest becomes an event of games: nothing was set.
			continue
		}
		out = append(out, name+": "+old+" → "+now)
	}
	return out
}

// discipline names a snapshot's discipline as the event's pages do, as
// the rule book of its game names it: a Russian draughts event's standard
// discipline is «Русские шашки — классическая программа», not Adiukh's
// «Адиюх».
func (t *teller) discipline(snapshot map[string]any) string {
	discipline, _ := snapshot["Discipline"].(string)
	if discipline == "" {
		return "—"
	}
	game, _ := snapshot["Game"].(string)
	kind, _ := tournament.ParseGameKind(game) // "" for none: Adiukh's
	return t.l.T(tournament.Event{Game: kind, Discipline: tournament.Discipline(discipline)}.DisciplineKey())
}

// gameSettings are the settings of an event that only events of games use.
var gameSettings = []string{"System", "Rounds", "TimeControl", "Scoring", "TieBreaks", "ForbidSameClub", "Baku", "BlackFirst", "SheetsRequired", "Rated"}

// withoutGameSettings leaves out of a composition contest's snapshot the
// settings it is stored with but does not use (a contest pairs nobody and
// scores no games), so that its log names none of them.
func withoutGameSettings(snapshot map[string]any) {
	if snapshot["Discipline"] != string(tournament.Composition) {
		return
	}
	for _, k := range gameSettings {
		delete(snapshot, k)
	}
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// value writes a snapshot's value of a field for people: "—" for nothing,
// yes/no for flags, names of enumerations, dates and numbers in the
// reader's way, a time control as 30+30.
func (t *teller) value(field string, v any) string {
	switch v := v.(type) {
	case nil:
		return "—"
	case string:
		if v == "" {
			return "—"
		}
		if prefix, ok := valueKeys[field]; ok && t.l.Has(prefix+v) {
			return t.l.T(prefix + v)
		}
		if game, err := tournament.ParseGameKind(v); field == "game" && err == nil {
			// The game by its name, «Адиюх», not its key (issue 60).
			return t.l.T(game.Key())
		}
		if _, err := time.Parse(time.DateOnly, v); err == nil {
			return t.l.Date(v)
		}
		return v
	case bool:
		if v {
			return t.l.T("audit.yes")
		}
		return t.l.T("audit.no")
	case float64:
		if v == 0 {
			return "—"
		}
		return t.l.Num(v)
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = t.value(field, x)
		}
		return strings.Join(parts, ", ")
	case map[string]any:
		if base, ok := v["BaseMinutes"].(float64); ok {
			if base == 0 {
				return "—"
			}
			inc, _ := v["IncrementSeconds"].(float64)
			return fmt.Sprintf("%g+%g", base, inc)
		}
		keys := map[string]bool{}
		for k := range v {
			keys[k] = true
		}
		var parts []string
		for _, k := range sortedKeys(keys) {
			name := snake(k)
			if id := field + "." + name; t.l.Has(id) {
				name = t.l.T(id)
			}
			value := t.value(name, v[k])
			if x, ok := v[k].(float64); ok {
				value = t.l.Num(x) // a zero in a table is a value, not "none"
			}
			parts = append(parts, name+" "+value)
		}
		return strings.Join(parts, ", ")
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// snake turns a Go field name into the form's input name: WithdrawnFrom →
// withdrawn_from.
func snake(name string) string {
	var b strings.Builder
	runes := []rune(name)
	for i, r := range runes {
		if unicode.IsUpper(r) && i > 0 && (unicode.IsLower(runes[i-1]) || i+1 < len(runes) && unicode.IsLower(runes[i+1])) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// Rounds lists the rounds the lines concern, for the filter's choices.
func Rounds(lines []Line) []int {
	var out []int
	for _, l := range lines {
		if l.Round > 0 && !slices.Contains(out, l.Round) {
			out = append(out, l.Round)
		}
	}
	slices.Sort(out)
	return out
}

// ParseFilter reads ?round= and ?player= ("" for all).
func ParseFilter(round, player string) (Filter, error) {
	var f Filter
	if round != "" {
		n, err := strconv.Atoi(round)
		if err != nil || n < 1 {
			return f, tournament.Invalid("round", "%q is not a round number", round)
		}
		f.Round = n
	}
	if player != "" {
		id, err := strconv.ParseInt(player, 10, 64)
		if err != nil || id < 1 {
			return f, tournament.Invalid("player", "%q is not a player", player)
		}
		f.Player = id
	}
	return f, nil
}
