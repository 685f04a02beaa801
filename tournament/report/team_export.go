package report

import (
	"io"
	"strconv"

	"adiukh/tournament/catalog"
	"adiukh/tournament/csvfile"
)

// teamStandingsColumns are the fixed CSV columns of the team standings; one
// column per tie-break follows. Like the players' file, the plain CSV names
// them by stable English identifiers whatever the reader's locale, the
// files people open in the reader's language.
var teamStandingsColumns = []string{"place", "place_last", "start_no", "team", "club", "city", "withdrawn", "playoff", "match_points", "game_points"}

// TeamStandingsCSV writes the team standings as UTF-8 CSV in dialect d
// with a header row.
func TeamStandingsCSV(w io.Writer, d CSVDialect, loc catalog.Lang, s TeamStandings) error {
	if err := checkTeamStandings(s); err != nil {
		return err
	}
	out := newCSV(w, d, "team standings")
	people := forPeople(d, loc)
	out.Write(header(people, teamStandingsColumns, s.TieBreaks))
	for _, r := range s.Rows {
		t := r.Team
		record := []string{
			strconv.Itoa(r.Place), strconv.Itoa(max(r.Place, r.PlaceLast)), strconv.Itoa(t.StartNo), csvfile.Text(t.Name), csvfile.Text(t.Club), csvfile.Text(t.City),
			markText(people, t.Withdrawn), markText(people, r.Playoff), out.Number(r.MatchPoints), out.Number(r.GamePoints),
		}
		for _, v := range r.TieBreaks {
			record = append(record, out.Number(v))
		}
		out.Write(record)
	}
	return out.Close()
}

// The JSON shape of TeamStandingsJSON.
type (
	teamStandingsFile struct {
		Event      eventFile          `json:"event"`
		AfterRound int                `json:"after_round"`
		TieBreaks  []tieBreakFile     `json:"tie_breaks"`
		Standings  []teamStandingFile `json:"standings"`
	}
	teamStandingFile struct {
		Place       int                `json:"place"`
		PlaceLast   int                `json:"place_last"`
		StartNo     int                `json:"start_no"`
		Team        string             `json:"team"`
		Club        string             `json:"club,omitempty"`
		City        string             `json:"city,omitempty"`
		Withdrawn   bool               `json:"withdrawn,omitempty"`
		Playoff     bool               `json:"playoff,omitempty"` // a play-off decided the place
		MatchPoints float64            `json:"match_points"`
		GamePoints  float64            `json:"game_points"`
		TieBreaks   map[string]float64 `json:"tie_breaks"`
	}
)

// TeamStandingsJSON writes the team standings as one JSON object, shaped as
// the players' standings file (StandingsJSON) with a row per team.
func TeamStandingsJSON(w io.Writer, s TeamStandings) error {
	if err := checkTeamStandings(s); err != nil {
		return err
	}
	players := newStandingsFile(Standings{Event: s.Event, AfterRound: s.AfterRound, TieBreaks: s.TieBreaks}, false)
	file := teamStandingsFile{Event: players.Event, AfterRound: s.AfterRound, TieBreaks: players.TieBreaks, Standings: make([]teamStandingFile, len(s.Rows))}
	for i, r := range s.Rows {
		values := make(map[string]float64, len(r.TieBreaks))
		for j, v := range r.TieBreaks {
			values[s.TieBreaks[j].ID] = v
		}
		t := r.Team
		file.Standings[i] = teamStandingFile{
			Place: r.Place, PlaceLast: max(r.Place, r.PlaceLast), StartNo: t.StartNo, Team: t.Name, Club: t.Club, City: t.City,
			Withdrawn: t.Withdrawn, Playoff: r.Playoff, MatchPoints: r.MatchPoints, GamePoints: r.GamePoints, TieBreaks: values,
		}
	}
	return writeJSON(w, "team standings", file)
}
