package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// federationTestData is two events that rank by different tie-breaks: a
// round robin by Sonneborn-Berger and a Swiss event by Adiukh points and
// Buchholz.
func federationTestData() Federation {
	swiss := testStandings(5, 3)
	swiss.Event.ID, swiss.Event.SystemID, swiss.Event.Scoring = 7, "swiss", Scoring{Win: 2, Draw: 1, Bye: 2, ForfeitWin: 2}
	robin := testStandings(4, 3)
	robin.Event.ID, robin.Event.SystemID, robin.Event.Scoring = 9, "round-robin", Scoring{Win: 1, Draw: 0.5, ForfeitWin: 1}
	robin.Event.Name = "Кубок Майкопа"
	robin.Event.StartDate = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	robin.Event.EndDate = time.Time{}
	robin.TieBreaks = []TieBreak{{ID: "sonneborn-berger"}}
	for i := range robin.Rows {
		robin.Rows[i].TieBreaks = []float64{float64(10 + i)}
	}
	return Federation{
		From:   time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		To:     time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC),
		Events: []Standings{swiss, robin},
	}
}

func TestFederationCSV(t *testing.T) {
	t.Parallel()
	f := federationTestData()
	var buf bytes.Buffer
	if err := FederationCSV(&buf, PlainCSV, f); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("CSV does not read back: %v", err)
	}
	wantHeader := "event_id,event,discipline_ru,discipline_en,system,start_date,end_date,event_city,rounds," +
		"scoring_win,scoring_draw,scoring_loss,scoring_bye,scoring_forfeit_win," +
		"place,place_last,start_no,name,rating,birth_year,club,city,federation_id,federation,title,withdrawn,playoff,points," +
		"adiukh-points,buchholz,sonneborn-berger"
	if got := strings.Join(records[0], ","); got != wantHeader {
		t.Fatalf("header = %s\nwant     %s", got, wantHeader)
	}
	if len(records) != 1+5+4 {
		t.Fatalf("%d data rows, want 9 (5 + 4 players)", len(records)-1)
	}
	for _, tc := range []struct {
		name string
		row  int
		want map[string]string
	}{
		{"swiss winner", 1, map[string]string{"event_id": "7", "system": "swiss", "scoring_win": "2", "scoring_bye": "2", "event": f.Events[0].Event.Name, "start_date": "2026-11-20", "end_date": "2026-11-22", "event_city": "Майкоп",
			"discipline_en": "Adiukh — rapid", "place": "1", "name": f.Events[0].Rows[0].Player.Name, "sonneborn-berger": ""}},
		{"round robin last", 9, map[string]string{"event_id": "9", "system": "round-robin", "scoring_draw": "0.5", "event": "Кубок Майкопа", "start_date": "2026-03-01", "end_date": "", "place": "4",
			"name": f.Events[1].Rows[3].Player.Name, "sonneborn-berger": "13", "adiukh-points": "", "buchholz": ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for col, want := range tc.want {
				i := strings.Index(","+wantHeader+",", ","+col+",")
				idx := strings.Count(wantHeader[:i], ",")
				if got := records[tc.row][idx]; got != want {
					t.Errorf("%s = %q, want %q", col, got, want)
				}
			}
		})
	}
}

func TestFederationJSON(t *testing.T) {
	t.Parallel()
	f := federationTestData()
	var buf bytes.Buffer
	if err := FederationJSON(&buf, f); err != nil {
		t.Fatal(err)
	}
	var got struct {
		From   string `json:"from"`
		To     string `json:"to"`
		Events []struct {
			Event struct {
				Name string `json:"name"`
			} `json:"event"`
			Standings []struct {
				Place     int                `json:"place"`
				Name      string             `json:"name"`
				TieBreaks map[string]float64 `json:"tie_breaks"`
			} `json:"standings"`
		} `json:"events"`
	}
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("JSON does not read back: %v\n%s", err, buf.String())
	}
	if got.From != "2026-01-01" || got.To != "2026-12-31" || len(got.Events) != 2 {
		t.Fatalf("from %q to %q with %d events, want 2026-01-01 to 2026-12-31 with 2", got.From, got.To, len(got.Events))
	}
	robin := got.Events[1]
	if robin.Event.Name != "Кубок Майкопа" || len(robin.Standings) != 4 || robin.Standings[2].TieBreaks["sonneborn-berger"] != 12 {
		t.Errorf("second event = %+v", robin)
	}

	f.From, f.To = time.Time{}, time.Time{}
	buf.Reset()
	if err := FederationJSON(&buf, f); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), `"from"`) || strings.Contains(buf.String(), `"to"`) {
		t.Errorf("an open period still writes its ends:\n%.200s", buf.String())
	}
}

func TestFederationRefusesBadStandings(t *testing.T) {
	t.Parallel()
	f := federationTestData()
	f.Events[1].Rows[2].TieBreaks = nil
	for name, write := range map[string]func(*bytes.Buffer, Federation) error{
		"csv":  func(b *bytes.Buffer, f Federation) error { return FederationCSV(b, PlainCSV, f) },
		"json": func(b *bytes.Buffer, f Federation) error { return FederationJSON(b, f) },
	} {
		t.Run(name, func(t *testing.T) {
			err := write(&bytes.Buffer{}, f)
			if err == nil || !strings.Contains(err.Error(), "event 2 (Кубок Майкопа): standings row 3") {
				t.Errorf("error = %v, want one naming event 2 and row 3", err)
			}
		})
	}
}

// TestFederationGames checks the games of the federation export: in the
// JSON every player's games, in the games CSV each game once with both
// players, the result and what each side scored.
func TestFederationGames(t *testing.T) {
	t.Parallel()
	f := federationTestData()
	var buf bytes.Buffer
	if err := FederationJSON(&buf, f); err != nil {
		t.Fatal(err)
	}
	var file struct {
		Events []struct {
			Event struct {
				ID      int64  `json:"id"`
				System  string `json:"system"`
				Scoring struct {
					Win, Draw float64
				} `json:"scoring"`
			} `json:"event"`
			Standings []struct {
				StartNo int `json:"start_no"`
				Games   []struct {
					Round    int    `json:"round"`
					Opponent int    `json:"opponent"`
					Colour   string `json:"colour"`
					Result   string `json:"result"`
					Score    string `json:"score"`
				} `json:"games"`
			} `json:"standings"`
		} `json:"events"`
	}
	if err := json.Unmarshal(buf.Bytes(), &file); err != nil {
		t.Fatal(err)
	}
	e := file.Events[0]
	if e.Event.ID != 7 || e.Event.System != "swiss" || e.Event.Scoring.Win != 2 || len(e.Standings[0].Games) != 3 {
		t.Fatalf("first event = %+v", e)
	}
	played := 0
	for _, st := range e.Standings {
		for _, g := range st.Games {
			if g.Result == "played" {
				played++
				if g.Score == "" || g.Opponent == 0 || (g.Colour != "white" && g.Colour != "black") {
					t.Errorf("player %d: game %+v", st.StartNo, g)
				}
			}
		}
	}
	if played == 0 {
		t.Error("no played game in the JSON")
	}

	buf.Reset()
	if err := FederationGamesCSV(&buf, PlainCSV, f); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(records[0], ","); got != "event_id,round,white_start_no,white,black_start_no,black,result,score,white_points,black_points" {
		t.Fatalf("header %s", got)
	}
	// Each event's circle rounds: 5 players × 3 rounds = 6 games + 3 byes,
	// 4 players × 3 rounds = 6 games.
	if len(records)-1 != 9+6 {
		t.Errorf("%d games, want 15:\n%v", len(records)-1, records)
	}
	for _, r := range records[1:] {
		if r[6] == "played" && (r[4] == "" || r[7] == "" || r[8] == "" || r[9] == "") {
			t.Errorf("played game without both sides: %v", r)
		}
	}
}
