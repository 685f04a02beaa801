package report

import (
	"adiukh/tournament/catalog"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestStandingsCSV(t *testing.T) {
	t.Parallel()
	s := testStandings(9, 5)
	shareSecondPlace(&s)
	s.Rows[0].TieBreaks[1] = 37.25
	s.Rows[0].Playoff = true
	var buf bytes.Buffer
	if err := StandingsCSV(&buf, PlainCSV, catalog.Russian, s); err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(buf.Bytes()) {
		t.Fatal("CSV is not valid UTF-8")
	}
	records, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("CSV does not read back: %v", err)
	}
	wantHeader := "place,place_last,start_no,name,rating,birth_year,club,city,federation_id,federation,title,withdrawn,playoff,points,adiukh-points,buchholz"
	if got := strings.Join(records[0], ","); got != wantHeader {
		t.Fatalf("header = %s\nwant     %s", got, wantHeader)
	}
	if len(records) != len(s.Rows)+1 {
		t.Fatalf("%d data rows, want %d", len(records)-1, len(s.Rows))
	}
	for i, r := range s.Rows {
		t.Run(r.Player.Name, func(t *testing.T) {
			rec := records[i+1]
			p := r.Player
			want := []string{
				strconv.Itoa(r.Place), strconv.Itoa(max(r.Place, r.PlaceLast)), strconv.Itoa(p.StartNo), p.Name, strconv.Itoa(p.Rating), strconv.Itoa(p.BirthYear),
				p.Club, p.City, p.FederationID, p.Federation, p.Title, strconv.FormatBool(p.Withdrawn), strconv.FormatBool(r.Playoff),
				strconv.FormatFloat(r.Points, 'f', -1, 64),
				strconv.FormatFloat(r.TieBreaks[0], 'f', -1, 64), strconv.FormatFloat(r.TieBreaks[1], 'f', -1, 64),
			}
			if strings.Join(rec, "|") != strings.Join(want, "|") {
				t.Errorf("row = %q\nwant  %q", rec, want)
			}
		})
	}
	if got := records[1][15]; got != "37.25" {
		t.Errorf("a fractional tie-break reads %q, want 37.25 with a decimal point", got)
	}
}

func TestStandingsJSON(t *testing.T) {
	t.Parallel()
	s := testStandings(7, 4)
	s.Rows[0].Playoff, s.Rows[1].Playoff = true, true // a play-off decided first and second place
	var buf bytes.Buffer
	if err := StandingsJSON(&buf, s); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Event struct {
			Name         string `json:"name"`
			DisciplineRU string `json:"discipline_ru"`
			StartDate    string `json:"start_date"`
			EndDate      string `json:"end_date"`
			Base         int    `json:"time_control_base_seconds"`
			Increment    int    `json:"time_control_increment_seconds"`
		} `json:"event"`
		AfterRound int `json:"after_round"`
		TieBreaks  []struct {
			ID     string `json:"id"`
			NameRU string `json:"name_ru"`
		} `json:"tie_breaks"`
		Standings []struct {
			Place     int                `json:"place"`
			PlaceLast int                `json:"place_last"`
			StartNo   int                `json:"start_no"`
			Name      string             `json:"name"`
			Withdrawn bool               `json:"withdrawn"`
			Playoff   bool               `json:"playoff"`
			Points    float64            `json:"points"`
			TieBreaks map[string]float64 `json:"tie_breaks"`
		} `json:"standings"`
	}
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("JSON does not read back: %v\n%s", err, buf.String())
	}
	e := got.Event
	if e.DisciplineRU != "Адиюх — быстрая игра" || e.StartDate != "2026-11-20" || e.EndDate != "2026-11-22" || e.Base != 480 || e.Increment != 4 {
		t.Errorf("event = %+v", e)
	}
	if got.AfterRound != 4 || len(got.TieBreaks) != 2 || got.TieBreaks[1].NameRU != "Коэффициент Солкофа" {
		t.Errorf("after_round %d, tie_breaks %+v", got.AfterRound, got.TieBreaks)
	}
	if len(got.Standings) != len(s.Rows) {
		t.Fatalf("%d standings rows, want %d", len(got.Standings), len(s.Rows))
	}
	for i, r := range s.Rows {
		g := got.Standings[i]
		if g.Place != r.Place || g.PlaceLast != max(r.Place, r.PlaceLast) || g.StartNo != r.Player.StartNo || g.Name != r.Player.Name || g.Points != r.Points ||
			g.Withdrawn != r.Player.Withdrawn || g.Playoff != r.Playoff || g.TieBreaks["adiukh-points"] != r.TieBreaks[0] || g.TieBreaks["buchholz"] != r.TieBreaks[1] {
			t.Errorf("row %d = %+v, want %+v", i+1, g, r)
		}
	}
}
