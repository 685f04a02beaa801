package export

import (
	"bytes"
	"strings"
	"testing"

	"adiukh/tournament"
	registration "adiukh/tournament/players"
	"adiukh/tournament/trf"
)

// TestTRFTitles exports an international draughts event whose players hold
// an FMJD title of three letters, one of four, a national rank and none:
// the first goes into the 001 line's title field, the others into title
// comments, and adiukh's import of the file gives every player's back.
func TestTRFTitles(t *testing.T) {
	t.Parallel()
	f := newDocFixture(t)
	e, err := f.svc.CreateEvent(f.ctx, tournament.EventInput{Name: ptr("Кубок Адыгеи"), Game: ptr("international"), Discipline: ptr("rapid"), System: ptr("swiss"), Rounds: ptr(5)})
	f.must(err)
	titles := map[string]string{"Хуаде Аскер": "GMI", "Ачмиз Бэла": "GMIF", "Тлехас Мурат": "кмс", "Нехай Руслан": ""}
	for name, title := range titles {
		_, err := registration.NewService(f.svc).RegisterPlayer(f.ctx, e.ID, tournament.PlayerInput{Name: ptr(name), Title: ptr(title)})
		f.must(err)
	}
	var file bytes.Buffer
	f.must(f.exporter().TRF(f.ctx, &file, e.ID))
	written, err := trf.Read(bytes.NewReader(file.Bytes()))
	f.must(err)
	for _, p := range written.Players {
		if want := map[string]string{"Хуаде Аскер": "GMI"}[p.Name]; p.Title != want {
			t.Errorf("%s's title field is %q, want %q", p.Name, p.Title, want)
		}
	}
	for _, comment := range []string{" GMIF\n", " КМС\n"} {
		if !strings.Contains(file.String(), "### title ") || !strings.Contains(file.String(), comment) {
			t.Errorf("no title comment ending %q in\n%s", comment, file.String())
		}
	}
	back, err := f.trfs.ImportTRF(f.ctx, bytes.NewReader(file.Bytes()), "")
	if err != nil {
		t.Fatalf("adiukh cannot read its own TRF: %v\n%s", err, file.String())
	}
	players, err := f.svc.Players(f.ctx, back.ID)
	f.must(err)
	want := map[string]string{"Хуаде Аскер": "GMI", "Ачмиз Бэла": "GMIF", "Тлехас Мурат": "КМС", "Нехай Руслан": ""}
	for _, p := range players {
		if p.Title != want[p.Name] {
			t.Errorf("%s read back with title %q, want %q", p.Name, p.Title, want[p.Name])
		}
	}
}

// A file of another program may carry a title of another sport (FIDE's
// GM) in the title field: it is not one of the event's game, and the
// player comes in without it rather than the file being refused.
func TestTRFTitleOfAnotherSport(t *testing.T) {
	t.Parallel()
	f := newDocFixture(t)
	var file bytes.Buffer
	f.must(trf.Write(&file, &trf.Tournament{TotalRounds: 5, Extra: []string{"### game: international"}, Players: []trf.Player{
		{StartNo: 1, Title: "GM", Name: "Carlsen Magnus", Rating: 2830}, {StartNo: 2, Title: "MI", Name: "Ivanov Ivan", Rating: 2400}}}))
	back, err := f.trfs.ImportTRF(f.ctx, &file, "")
	f.must(err)
	players, err := f.svc.Players(f.ctx, back.ID)
	f.must(err)
	if len(players) != 2 || players[0].Title != "" || players[1].Title != "MI" {
		t.Fatalf("imported %+v; want no title for the GM, MI for the FMJD's master", players)
	}
}
