package kit

import (
	"strconv"
	"strings"

	"adiukh/tournament"
)

// EventFormData is the data of the event settings form.
type EventFormData struct {
	Form        *Form
	Games       []tournament.GameKind
	Disciplines []tournament.Discipline
	Systems     []tournament.System
	TieBreaks   []tournament.TieBreakInfo
	Presets     map[tournament.System]string
	// Import is the TRF upload form of the new-event page; nil elsewhere.
	Import *Form
	// Team is set on the desk of a team event: its individual tie-breaks,
	// Swiss options and bye do not rank or pair teams, and the form leaves
	// them out (the team scoring form has the team's own).
	Team bool
}

// Slots are the tie-breaks chosen, in order, as the form's lists show them:
// one list per tie-break, and empty lists to add more (at least six).
func (d EventFormData) Slots() []string {
	var slots []string
	for _, id := range strings.Split(d.Form.V("tiebreaks"), ",") {
		if id = strings.TrimSpace(id); id != "" {
			slots = append(slots, id)
		}
	}
	for len(slots) < 6 || len(slots) < len(d.TieBreaks) && slots[len(slots)-1] != "" {
		slots = append(slots, "")
	}
	return slots
}

// EventFormData offers the tie-breaks of the form's game; a form whose
// game is not chosen yet (or not known) offers the default game's.
func (k *Kit) EventFormData(f *Form) EventFormData {
	game, err := tournament.ParseGameKind(f.V("game"))
	if err != nil {
		game = tournament.DefaultGame
	}
	d := EventFormData{Form: f, Games: tournament.GameKinds, Disciplines: tournament.Disciplines, Systems: tournament.Systems, TieBreaks: k.Events.TieBreaksOf(game), Presets: map[tournament.System]string{}}
	for _, sys := range tournament.Systems {
		d.Presets[sys] = strings.Join(k.Events.DefaultTieBreaksOf(game, sys), ",")
	}
	return d
}

// Checked is a ticked checkbox's form value.
func Checked(on bool) string {
	if on {
		return "on"
	}
	return ""
}

// EventFormValues fills the form with an event's settings.
func EventFormValues(e *tournament.Event) *Form {
	f := NewForm()
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	for k, v := range map[string]string{
		"name": e.Name, "game": string(e.Game.OrDefault()), "discipline": string(e.Discipline), "system": string(e.System), "rounds": strconv.Itoa(e.Rounds),
		"time_control": e.TimeControl.String(), "start_date": e.StartDate, "end_date": e.EndDate, "venue": e.Venue, "city": e.City, "region": e.Region,
		"chief_arbiter": e.ChiefArbiter, "visibility": string(e.Visibility), "time_zone": e.Location().String(), "tiebreaks": strings.Join(e.TieBreaks, ","),
		"scoring_win": num(e.Scoring.Win), "scoring_draw": num(e.Scoring.Draw), "scoring_loss": num(e.Scoring.Loss),
		"scoring_bye": num(e.Scoring.Bye), "scoring_forfeit_win": num(e.Scoring.ForfeitWin),
		"forbid_same_club": Checked(e.ForbidSameClub), "baku": Checked(e.Baku), "black_first": Checked(e.BlackFirst), "sheets_required": Checked(e.SheetsRequired), "rated": Checked(e.Rated), "online": Checked(e.Online), "next_round_after": NumberOrEmpty(e.NextRoundAfter),
		"micro_match": string(e.MicroMatch), "micro_count": string(e.MicroCount),
	} {
		f.Values[k] = v
	}
	if e.System == tournament.Knockout {
		k := e.Knockout
		stages := make([]string, len(k.TieBreaks))
		for i, s := range k.TieBreaks {
			stages[i] = strings.TrimSpace(strconv.Itoa(s.Games) + " " + s.Tempo + " " + s.TimeControl)
		}
		f.Values["match_games"], f.Values["tie_break_games"] = NumberOrEmpty(k.MatchGames), strings.Join(stages, ", ")
		f.Values["third_place"], f.Values["seeding"] = Checked(k.ThirdPlace), k.Seeding
	}
	return f
}

// Ptr points at a copy of v: an input field the form always says.
func Ptr[T any](v T) *T { return &v }
