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
	robin := testStandings(4, 3)
	robin.Event.Name = "Кубок Майкопа"
	robin.Event.StartDate = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	robin.Event.EndDate = time.Time{}
	robin.TieBreaks = []TieBreak{{ID: "sonneborn-berger", Name: Text{"Коэффициент Бергера", "Sonneborn-Berger"}}}
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
	f := federationTestData()
	var buf bytes.Buffer
	if err := FederationCSV(&buf, PlainCSV, f); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("CSV does not read back: %v", err)
	}
	wantHeader := "event,discipline_ru,discipline_en,start_date,end_date,event_city,rounds," +
		"place,place_last,start_no,name,rating,birth_year,club,city,federation_id,withdrawn,points," +
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
		{"swiss winner", 1, map[string]string{"event": f.Events[0].Event.Name, "start_date": "2026-11-20", "end_date": "2026-11-22", "event_city": "Майкоп",
			"discipline_en": "Adiukh — rapid", "place": "1", "name": f.Events[0].Rows[0].Player.Name, "sonneborn-berger": ""}},
		{"round robin last", 9, map[string]string{"event": "Кубок Майкопа", "start_date": "2026-03-01", "end_date": "", "place": "4",
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
