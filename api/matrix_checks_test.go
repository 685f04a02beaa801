package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// What the matrix of the games (matrix_test.go) checks in what it reads:
// a page's words, a document's text, a file's and a TRF's contents.

var (
	// The choice of a game among the games names them all.
	gameChoices = regexp.MustCompile(`(?s)<select name="(game|discipline)".*?</select>`)
	markup      = regexp.MustCompile(`(?s)<[^>]*>`)
	// The program names itself, in small letters, in the foot of every
	// page of a document.
	programName = regexp.MustCompile(`adiukh (· |стр\. |page )`)
)

// checkPage checks what a page says in its main part: every word from
// the catalogue, none of another game's.
func (m *matrixSite) checkPage(t *testing.T, what, body string) {
	if i := strings.Index(body, "⟦"); i >= 0 {
		t.Errorf("%s shows a missing translation: %s", what, body[i:min(len(body), i+60)])
	}
	_, main, _ := strings.Cut(body, "<main")
	main, _, _ = strings.Cut(main, "</main>")
	m.checkWords(t, what, markup.ReplaceAllString(gameChoices.ReplaceAllString(main, ""), " "))
}

// checkPDF reads a document's words back for checkWords: Adiukh's own,
// which has no words forbidden, is not read.
func (m *matrixSite) checkPDF(t *testing.T, what string, pdf []byte) {
	if m.pdftotext == "" || m.forbidden == nil {
		return
	}
	cmd := exec.Command(m.pdftotext, "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Errorf("%s: pdftotext: %v", what, err)
		return
	}
	m.checkWords(t, what, programName.ReplaceAllString(strings.Join(strings.Fields(string(out)), " "), ""))
}

func (m *matrixSite) checkWords(t *testing.T, what, said string) {
	if m.forbidden == nil {
		return
	}
	if loc := m.forbidden.FindStringIndex(said); loc != nil {
		t.Errorf("%s says %q: …%s…", what, said[loc[0]:loc[1]], said[max(0, loc[0]-120):min(len(said), loc[1]+120)])
	}
}

// checkFile checks an export: a PDN replays by the game's rules, a TRF
// file imported gives the same standings, and neither has another game's
// scores.
func (m *matrixSite) checkFile(t *testing.T, path, what, body string) {
	switch {
	case strings.HasSuffix(path, "pdn"):
		for i, v := range m.game.Rules.ValidateGames(body) {
			if !v.Valid {
				t.Errorf("%s: game %d (%s – %s) does not validate: %v\n%s", what, i+1, v.White, v.Black, v.Errors, body)
			}
		}
	case strings.HasSuffix(path, ".trf"):
		m.checkTRF(t, path, what, body)
	}
	if m.forbidden != nil && strings.Contains(body, "24:0") {
		t.Errorf("%s has Adiukh's 24:0:\n%s", what, body)
	}
}

// checkTRF imports the file as a new event of the game and compares its
// standings with the event's: every player with the same points.
func (m *matrixSite) checkTRF(t *testing.T, path, what, body string) {
	req := httptest.NewRequest(http.MethodPost, "/api/v1/events/import.trf?game="+m.game.Key, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+m.arbiter)
	rec := httptest.NewRecorder()
	m.s.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusCreated {
		t.Errorf("%s does not import: %d %s\n%s", what, rec.Code, rec.Body.String(), body)
		return
	}
	var imported struct{ ID int }
	if err := json.Unmarshal(rec.Body.Bytes(), &imported); err != nil {
		t.Fatal(err)
	}
	event := path[:strings.LastIndex(path, "/")]
	want, got := m.points(event), m.points(fmt.Sprintf("/api/v1/events/%d", imported.ID))
	if !maps.Equal(got, want) {
		t.Errorf("%s imported: points %v, want the event's %v\n%s", what, got, want, body)
	}
}

// points is every player's points in the event's standings, by name.
func (m *matrixSite) points(event string) map[string]float64 {
	out := map[string]float64{}
	for _, r := range m.must(http.StatusOK, "GET", event+"/standings", nil)["rows"].([]any) {
		r := r.(map[string]any)
		out[r["name"].(string)] = r["score"].(float64)
	}
	return out
}
