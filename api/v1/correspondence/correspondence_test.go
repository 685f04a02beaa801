package correspondence_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/rules/adiukh"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/store/storetest"
)

// sweep runs the scheduler's use case at the clock's time.
func sweep(s *apitest.CorrServer) correspondence.SweepReport {
	s.T.Helper()
	rep, err := s.Corr.Expire(context.Background(), s.Clock.Now())
	if err != nil {
		s.T.Fatal(err)
	}
	return rep
}

// cycle is the position of rules §5 where a 6-ply cycle returns, Black to
// move; the section starts from it, as a thematic tournament does, so
// that a repetition can be played.
const cycle = "white: d6-3, f8-4/3; black: c7-1/3, e1-3/1, e3-2, h4-3/1"

var cycleMoves = strings.Fields("c7:e5 d6:f4:d2 e3:c1 d2-e3 c1:f4:c7 e5-d6")

func day(n int) time.Duration { return time.Duration(n) * 24 * time.Hour }

// TestCorrespondenceSection plays a 5-player section to the end through the
// API on a simulated clock: final positions, a resignation, an agreed draw,
// a loss on time, leave that saves a player from one, a repetition and an
// unfinished game at the end date sent to adjudication.
func TestCorrespondenceSection(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			playSection(t, apitest.NewCorrServer(t, st, apitest.CorrStart, nil))
		})
	}
}

func playSection(t *testing.T, s *apitest.CorrServer) {
	arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
	outsider := s.User("outsider@example.org", tournament.PlayerRole)
	event := map[string]any{"name": "Заочный чемпионат", "discipline": "correspondence", "system": "round-robin",
		"time_control": "5+1", "start_date": "2026-12-01", "end_date": "2026-12-21"}
	code, out := s.Call(arbiter, "POST", "/api/v1/events", event)
	if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "a correspondence event counts days") {
		t.Fatalf("5+1 for correspondence: %d %v, want 400 naming day controls", code, out)
	}
	event["time_control"] = "10d"
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", event).(map[string]any)["id"])
	ev := fmt.Sprintf("/api/v1/events/%d", id)

	tokens := map[int]string{} // by player ID
	for i, name := range []string{"Абрегов", "Бжедугов", "Гучетль", "Даур", "Емтыль"} {
		p := s.Must(http.StatusCreated, arbiter, "POST", ev+"/players", map[string]any{"name": name, "rating": 2000 - 10*i}).(map[string]any)
		pid := apitest.Num(p["id"])
		email := fmt.Sprintf("p%d@example.org", i)
		tokens[pid] = s.User(email, tournament.PlayerRole)
		if i < 4 {
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", ev, pid), map[string]any{"email": email})
		} else if code, out := s.Call(arbiter, "POST", ev+"/start", nil); code != http.StatusConflict || !strings.Contains(fmt.Sprint(out), "without one") {
			t.Fatalf("start with a player without an account: %d %v", code, out)
		} else {
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", ev, pid), map[string]any{"email": email})
		}
	}
	s.Must(http.StatusOK, arbiter, "PUT", ev+"/correspondence", map[string]any{"start_position": cycle, "start_side": "black", "leave_days": 10})
	anyPlayer := tokens[apitest.Num(s.Must(http.StatusOK, "", "GET", ev+"/players", nil).(map[string]any)["players"].([]any)[0].(map[string]any)["id"])]
	if code, _ := s.Call(anyPlayer, "POST", ev+"/start", nil); code != http.StatusForbidden {
		t.Errorf("a player starts the section: %d, want 403", code)
	}
	started := s.Must(http.StatusOK, arbiter, "POST", ev+"/start", nil).([]any)
	if len(started) != 10 {
		t.Fatalf("a 5-player round robin starts %d games, want 10", len(started))
	}
	games := make([]map[string]any, len(started))
	for i, g := range started {
		games[i] = g.(map[string]any)
		if games[i]["status"] != "running" || games[i]["to_move"] != "black" || apitest.Num(games[i]["ply"]) != 0 ||
			apitest.Num(games[i]["black_left_seconds"]) != 10*86400 || games[i]["deadline"] != "2026-12-11T09:00:00Z" {
			t.Fatalf("game %d at the start: %v", i, games[i])
		}
	}
	rounds := s.Must(http.StatusOK, "", "GET", ev+"/rounds", nil).(map[string]any)["rounds"].([]any)
	if len(rounds) != 5 || rounds[0].(map[string]any)["status"] != "published" {
		t.Fatalf("rounds after the start: %v", rounds)
	}

	id0 := func(i int) int { return apitest.Num(games[i]["id"]) }
	side := func(i int, color string) string { return tokens[apitest.Num(games[i][color])] }
	gamePath := func(i int) string { return fmt.Sprintf("/api/v1/games/%d", id0(i)) }
	ply := map[int]int{}
	// play makes the moves of game i in turn from its current ply.
	play := func(i int, moves ...string) map[string]any {
		t.Helper()
		var g map[string]any
		for _, m := range moves {
			cur := s.Game(id0(i))
			g = s.Must(http.StatusOK, side(i, cur["to_move"].(string)), "POST", gamePath(i)+"/moves", map[string]any{"move": m, "ply": apitest.Num(cur["ply"])}).(map[string]any)
			ply[i] = apitest.Num(g["ply"])
		}
		return g
	}

	// Game 0: refusals first, then two moves sent at once, then a final position.
	black, white := side(0, "black"), side(0, "white")
	code, out = s.Call(black, "POST", gamePath(0)+"/moves", map[string]any{"move": "c7-d6", "ply": 0})
	msg := fmt.Sprint(out)
	if code != http.StatusBadRequest || !strings.Contains(msg, "capturing is compulsory (§3.6)") || !strings.Contains(msg, "the legal moves are c7:e5") {
		t.Errorf("an illegal move: %d %v, want 400 with the rule and the legal moves", code, out)
	}
	if code, _ := s.Call(white, "POST", gamePath(0)+"/moves", map[string]any{"move": "c7:e5", "ply": 0}); code != http.StatusForbidden {
		t.Errorf("White moves on Black's turn: %d, want 403", code)
	}
	if code, _ := s.Call(outsider, "POST", gamePath(0)+"/moves", map[string]any{"move": "c7:e5", "ply": 0}); code != http.StatusForbidden {
		t.Errorf("someone else's game: %d, want 403", code)
	}
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for k := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[k], _ = s.Call(black, "POST", gamePath(0)+"/moves", map[string]any{"move": "c7:e5", "ply": 0})
		}()
	}
	wg.Wait()
	slices.Sort(codes)
	if codes[0] != http.StatusOK || codes[1] != http.StatusConflict {
		t.Fatalf("two moves sent at once: statuses %v, want one 200 and one 409", codes)
	}
	if code, _ := s.Call(black, "POST", gamePath(0)+"/moves", map[string]any{"move": "c7:e5", "ply": 0}); code != http.StatusConflict {
		t.Errorf("a stale ply: %d, want 409", code)
	}
	g := play(0, "d6:f4:d2", "e3:c1", "e5-f6", "c1:g5:e7", "f6:d8", "d2-c1")
	if g["status"] != "finished" || fmt.Sprint(g["result"]) != "map[end_reason:final_position score:14:10]" {
		t.Fatalf("game 0 after its final position: %v", g)
	}
	if len(g["moves"].([]any)) != 7 {
		t.Errorf("game 0 answers %d moves, want 7", len(g["moves"].([]any)))
	}
	cell := crossCell(t, s, ev, apitest.Num(games[0]["white"]), 1)
	if cell["score"] == nil {
		t.Fatalf("the crosstable does not show game 0 at once: %v", cell)
	}
	if standings := crossRow(t, s, ev, apitest.Num(games[0]["white"])); standings["score"] != 2.0 {
		t.Errorf("the winner of game 0 has %v points in the standings, want 2 at once", standings["score"])
	}
	// So the standings are by the finished games, not after a round.
	if st := s.Must(http.StatusOK, "", "GET", ev+"/standings", nil).(map[string]any); st["every_finished_game"] != true {
		t.Errorf("the standings do not say they count every finished game: %v", st["every_finished_game"])
	}
	req := httptest.NewRequest("GET", ev+"/standings.pdf?lang=ru", nil)
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	if text := apitest.PDFToText(t, "corr-standings", rec.Body.Bytes()); !strings.Contains(text, apitest.RuDoc("report.standings_finished_games")) || strings.Contains(text, apitest.RuDoc("report.standings_after", 0)) {
		t.Errorf("the correspondence standings PDF is titled after a round:\n%.300s", text)
	}

	// Games 1 and 2: final positions 11:13 and 12:12.
	if g := play(1, strings.Fields("c7:e5 d6:f4:d2 e3:c1 d2-c3 e1:a5 e5-d6 c3-d2 d6-e7 a5-b4 e7-d8 b4-a3")...); fmt.Sprint(g["result"]) != "map[end_reason:final_position score:11:13]" {
		t.Errorf("game 1: %v", g["result"])
	}
	if g := play(2, strings.Fields("c7:e5 d6:f4:d2 e1:c3:g7 d2:f4 g7-f6 e5:g7 f6:h8 f4-e5 h8:f6:d4 g7-h8 h4-g3")...); fmt.Sprint(g["result"]) != "map[end_reason:final_position score:12:12]" {
		t.Errorf("game 2: %v", g["result"])
	}
	// Game 3: White resigns after Black's first move.
	play(3, "c7:e5")
	if g := s.Must(http.StatusOK, side(3, "white"), "POST", gamePath(3)+"/resign", nil).(map[string]any); fmt.Sprint(g["result"]) != "map[end_reason:resignation score:0:24]" {
		t.Errorf("game 3 after resignation: %v", g)
	}
	if code, _ := s.Call(side(3, "black"), "POST", gamePath(3)+"/moves", map[string]any{"move": "e3:c1", "ply": 1}); code != http.StatusConflict {
		t.Errorf("a move in a finished game: %d, want 409", code)
	}
	// Game 4: Black offers a draw with the move; White accepts.
	s.Must(http.StatusOK, side(4, "black"), "POST", gamePath(4)+"/moves", map[string]any{"move": "c7:e5", "ply": 0, "draw_offer": true})
	if code, _ := s.Call(side(4, "black"), "POST", gamePath(4)+"/draw/accept", nil); code != http.StatusConflict {
		t.Errorf("accepting one's own offer: %d, want 409", code)
	}
	if g := s.Must(http.StatusOK, side(4, "white"), "POST", gamePath(4)+"/draw/accept", nil).(map[string]any); fmt.Sprint(g["result"]) != "map[end_reason:agreement score:12:12]" {
		t.Errorf("game 4 after the accepted draw: %v", g)
	}
	// Game 5: an offer before one's own move refused (§6.1.3.1), one
	// declined, another one lapsing with a move; then a final position 16:8.
	if code, _ := s.Call(side(5, "black"), "POST", gamePath(5)+"/draw", nil); code != http.StatusConflict {
		t.Errorf("a draw offered before Black's first move: %d, want 409", code)
	}
	play(5, "c7:e5")
	s.Must(http.StatusOK, side(5, "black"), "POST", gamePath(5)+"/draw", nil)
	if g := s.Must(http.StatusOK, side(5, "white"), "POST", gamePath(5)+"/draw/decline", nil).(map[string]any); g["draw_offer"] != nil {
		t.Errorf("the declined offer still stands: %v", g)
	}
	s.Must(http.StatusOK, side(5, "black"), "POST", gamePath(5)+"/draw", nil)
	if g := play(5, "d6:f4:d2"); g["draw_offer"] != nil {
		t.Errorf("the offer stands after the opponent moved: %v", g)
	}
	if g := play(5, strings.Fields("e3:c1 d2-c3 e1:a5 e5-f6 h4-g3 f6-g7 c3-d2 g7-h8 g3-h2")...); fmt.Sprint(g["result"]) != "map[end_reason:final_position score:16:8]" {
		t.Errorf("game 5: %v", g["result"])
	}
	// Game 6: the §5 cycle twice brings the start position back a third time.
	play(6, cycleMoves...)
	g = play(6, cycleMoves...)
	if g["status"] != "adjudication" || !strings.Contains(fmt.Sprint(g["note"]), "third time") {
		t.Fatalf("game 6 after the repetition: %v", g)
	}
	// The arbiter, who plays no game, hears of it dated in the event's
	// time zone, as the players do.
	if inbox := s.Page(s.Session("arbiter@example.org"), "/my/games"); !regexp.MustCompile(`<small>\d+ [а-я]+ \d{4}, \d\d:\d\d MSK</small> <a href="/games/\d+">`).MatchString(inbox) {
		t.Errorf("the arbiter's inbox is not dated in the event's zone:\n%s", inbox)
	}
	// The note after its ply: "…-го полухода повторилась в третий раз, ход чёрных (§5: решает судья)".
	_, repeated, _ := strings.Cut(apitest.RuT("note.game.repetition.black"), "%d")
	for path, want := range map[string]string{gamePath(6): repeated, fmt.Sprintf("/games/%d?lang=ru", id0(6)): repeated} {
		// The server's own note reads in the reader's language.
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Accept-Language", "ru")
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		if !strings.Contains(apitest.PageText(rec), want) {
			t.Errorf("%s in Russian: %d, no %q in\n%.600s", path, rec.Code, want, rec.Body.String())
		}
	}
	if code, _ := s.Call(side(6, "black"), "POST", gamePath(6)+"/moves", map[string]any{"move": "c7:e5", "ply": 12}); code != http.StatusConflict {
		t.Errorf("a move in adjudication: %d, want 409", code)
	}
	if code, _ := s.Call(side(6, "black"), "POST", gamePath(6)+"/decision", map[string]any{"score": "24:0", "end_reason": "adjudication", "reason": "x"}); code != http.StatusForbidden {
		t.Errorf("a player decides: %d, want 403", code)
	}
	if code, _ := s.Call(arbiter, "POST", gamePath(6)+"/decision", map[string]any{"score": "12:12", "end_reason": "adjudication"}); code != http.StatusBadRequest {
		t.Errorf("a decision without a reason: %d, want 400", code)
	}
	if g := s.Must(http.StatusOK, arbiter, "POST", gamePath(6)+"/decision", map[string]any{"score": "12:12", "end_reason": "adjudication", "reason": "повторение, позиция равна"}).(map[string]any); fmt.Sprint(g["result"]) != "map[end_reason:adjudication score:12:12]" {
		t.Errorf("game 6 after the decision: %v", g)
	}

	// Games 7, 8, 9 wait. The black player of game 8 (not the one of game
	// 7) books leave: 7 days, of the 10 the section allows.
	timeout, saved, late := 7, 8, 9
	if games[saved]["black"] == games[timeout]["black"] {
		saved, late = 9, 8
	}
	onLeave := apitest.Num(games[saved]["black"])
	s.Clock.Set(apitest.CorrStart.Add(day(1)))
	leavePath := fmt.Sprintf("%s/players/%d/leave", ev, onLeave)
	if code, out := s.Call(tokens[onLeave], "PUT", leavePath, map[string]any{"from": "2026-12-03", "to": "2026-12-20"}); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "the arbiter can grant more") {
		t.Errorf("18 days of leave when 10 are allowed: %d %v", code, out)
	}
	if code, _ := s.Call(side(timeout, "black"), "PUT", leavePath, map[string]any{"from": "2026-12-03", "to": "2026-12-09"}); code != http.StatusForbidden && onLeave != apitest.Num(games[timeout]["black"]) {
		t.Errorf("leave booked for someone else: %d, want 403", code)
	}
	s.Must(http.StatusOK, tokens[onLeave], "PUT", leavePath, map[string]any{"from": "2026-12-03", "to": "2026-12-09"})
	if g := s.Game(id0(saved)); g["deadline"] != "2026-12-18T09:00:00Z" {
		t.Errorf("game %d: deadline after 7 days of leave %v, want 2026-12-18T09:00:00Z", saved, g["deadline"])
	}
	// The arbiter grants more than the allowance to another player.
	other := apitest.Num(games[late]["white"])
	granted := s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/leave", ev, other), map[string]any{"from": "2026-12-24", "to": "2027-01-31", "reason": "болезнь"}).(map[string]any)
	if apitest.Num(granted["days"]) != 39 || granted["by_arbiter"] != true {
		t.Errorf("the arbiter's leave: %v", granted)
	}
	s.Must(http.StatusNoContent, arbiter, "DELETE", fmt.Sprintf("%s/leave/%d", ev, apitest.Num(granted["id"])), nil)

	// Game 9 (late) goes on: Black moves on day 5, White on day 12.
	s.Clock.Set(apitest.CorrStart.Add(day(5)))
	play(late, "c7:e5")
	s.Clock.Set(apitest.CorrStart.Add(day(9)))
	if rep := sweep(s); rep.TimedOut != 0 || rep.Warned == 0 {
		t.Errorf("sweep on day 9: %+v, want warnings and no loss", rep)
	}
	s.Clock.Set(apitest.CorrStart.Add(day(10) + time.Hour))
	if rep := sweep(s); rep.TimedOut != 1 {
		t.Fatalf("sweep after 10 days: %+v, want one loss on time", rep)
	}
	if rep := sweep(s); rep != (correspondence.SweepReport{}) {
		t.Errorf("the sweep run again: %+v, want nothing more", rep)
	}
	if g := s.Game(id0(timeout)); fmt.Sprint(g["result"]) != "map[end_reason:time score:24:0]" {
		t.Errorf("game %d without Black's move: %v, want lost on time 24:0", timeout, g)
	}
	if g := s.Game(id0(saved)); g["status"] != "running" {
		t.Errorf("game %d of the player on leave: %v, want still running", saved, g)
	}
	s.Clock.Set(apitest.CorrStart.Add(day(12)))
	if g := play(saved, strings.Fields("c7:e5 d6:f4:d2 e3:c1 e5-d6 c1:f4:c7 d6:b8 h4-g3 c7-d8 g3-h2")...); fmt.Sprint(g["result"]) != "map[end_reason:final_position score:14:10]" {
		t.Errorf("game %d: %v", saved, g["result"])
	}
	play(late, "d6:f4:d2")
	// The arbiter reviews the loss on time, reverses it, and the game is played on to a resignation.
	s.Must(http.StatusOK, arbiter, "POST", gamePath(timeout)+"/reopen", map[string]any{"days": 3, "reason": "сбой почты"})
	if rounds := s.Must(http.StatusOK, "", "GET", ev+"/rounds", nil).(map[string]any)["rounds"].([]any); allFinished(rounds) {
		t.Errorf("every round finished with game %d reopened", timeout)
	}
	play(timeout, "c7:e5")
	s.Must(http.StatusOK, side(timeout, "white"), "POST", gamePath(timeout)+"/resign", nil)

	// The event ends on 21 December with game 9 unfinished.
	s.Clock.Set(apitest.CorrStart.Add(day(21)))
	if rep := sweep(s); rep.Adjudicated != 1 {
		t.Fatalf("sweep after the end date: %+v, want one game to adjudication", rep)
	}
	if g := s.Game(id0(late)); g["status"] != "adjudication" {
		t.Fatalf("game %d after the end date: %v", late, g)
	}
	s.Must(http.StatusOK, arbiter, "POST", gamePath(late)+"/decision", map[string]any{"score": "11:13", "end_reason": "adjudication", "reason": "у чёрных лишняя шашка"})

	for _, g := range s.Must(http.StatusOK, "", "GET", ev+"/games", nil).([]any) {
		if g.(map[string]any)["status"] != "finished" {
			t.Errorf("game not finished at the end: %v", g)
		}
	}
	rounds = s.Must(http.StatusOK, "", "GET", ev+"/rounds", nil).(map[string]any)["rounds"].([]any)
	if !allFinished(rounds) {
		t.Errorf("rounds not all finished: %v", rounds)
	}
	total := 0.0
	for _, r := range s.Must(http.StatusOK, "", "GET", ev+"/standings", nil).(map[string]any)["rows"].([]any) {
		total += r.(map[string]any)["score"].(float64)
	}
	if total != 20 {
		t.Errorf("the standings share %g points, want 20 for 10 games at 2/1/0", total)
	}

	// The audit log has every move, offer, leave and decision.
	actions := map[string]int{}
	for _, e := range s.Must(http.StatusOK, arbiter, "GET", ev+"/audit", nil).(map[string]any)["entries"].([]any) {
		actions[e.(map[string]any)["action"].(string)]++
	}
	moves := 0
	for _, g := range s.Must(http.StatusOK, "", "GET", ev+"/games", nil).([]any) {
		moves += apitest.Num(s.Game(apitest.Num(g.(map[string]any)["id"]))["ply"])
	}
	for action, want := range map[string]int{"correspondence.move": moves, "correspondence.draw_offer": 2 /* the third came with a move */, "correspondence.draw_decline": 1,
		"correspondence.draw_accept": 1, "correspondence.leave": 2, "correspondence.leave_cancel": 1, "correspondence.decision": 2,
		"correspondence.timeout": 1, "correspondence.reopen": 1, "correspondence.resign": 2, "correspondence.adjudication": 2, "correspondence.final_position": 5, "correspondence.start": 1} {
		if actions[action] != want {
			t.Errorf("audit log: %d %s entries, want %d", actions[action], action, want)
		}
	}

	// The inbox told the players, never naming a move.
	inbox := s.Must(http.StatusOK, side(0, "white"), "GET", "/api/v1/me/notifications?lang=en", nil).([]any)
	if len(inbox) == 0 {
		t.Fatal("the inbox of game 0's White is empty")
	}
	for _, n := range inbox {
		text := n.(map[string]any)["text"].(string)
		for _, m := range append(cycleMoves, "d2-c1", "f6:d8") {
			if strings.Contains(text, m) {
				t.Errorf("notification %q names the move %s", text, m)
			}
		}
	}
	mine := s.Must(http.StatusOK, side(0, "white"), "GET", "/api/v1/me/games", nil).([]any)
	if len(mine) != 4 {
		t.Errorf("my games: %d, want 4", len(mine))
	}
	checkRecords(t, s, ev, id0(0))
}

// checkRecords reads the section back as PDN with time stamps, and game 0
// through the game viewer's sheet and record PDF.
func checkRecords(t *testing.T, s *apitest.CorrServer, ev string, game0 int) {
	req := httptest.NewRequest("GET", ev+"/games/pdn", nil)
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	pdn := rec.Body.String()
	if rec.Code != http.StatusOK || !strings.Contains(pdn, "c7xe5 {2026-12-01T") {
		t.Fatalf("PDN: %d\n%s", rec.Code, pdn)
	}
	if want := `[GameType "` + adiukh.PDNGameType + `"]`; strings.Count(pdn, want) != 10 {
		// Type 25 is Russian draughts, whose programs would misread the captures.
		t.Errorf("the PDN games are not all marked %s:\n%.400s", want, pdn)
	}
	sheets := adiukh.ParsePDN(pdn)
	if len(sheets) != 10 {
		t.Fatalf("the PDN holds %d games, want 10", len(sheets))
	}
	for i, sh := range sheets {
		if rep := adiukh.Validate(sh); !rep.Valid {
			t.Errorf("PDN game %d does not replay: %v", i+1, rep.Errors)
		}
	}
	if rep := adiukh.Validate(sheets[0]); !rep.Final || rep.Score.String() != "14:10" {
		t.Errorf("PDN game 1 ends %v %v, want its final position 14:10", rep.Final, rep.Score)
	}
	g := s.Game(game0)
	req = httptest.NewRequest("GET", fmt.Sprintf("%s/rounds/%d/games/%d/record.pdf", ev, apitest.Num(g["round"]), apitest.Num(g["board"])), nil)
	rec = httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !bytes.HasPrefix(rec.Body.Bytes(), []byte("%PDF")) {
		t.Errorf("game record PDF: %d %.200s", rec.Code, rec.Body.String())
	}
	req = httptest.NewRequest("GET", ev+"/crosstable.pdf", nil)
	rec = httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !bytes.HasPrefix(rec.Body.Bytes(), []byte("%PDF")) {
		t.Errorf("crosstable PDF: %d %.200s", rec.Code, rec.Body.String())
	}
}

func allFinished(rounds []any) bool {
	for _, r := range rounds {
		if r.(map[string]any)["status"] != "finished" {
			return false
		}
	}
	return true
}

// crossRow is a player's row of the crosstable.
func crossRow(t *testing.T, s *apitest.CorrServer, ev string, playerID int) map[string]any {
	t.Helper()
	var startNo int
	for _, p := range s.Must(http.StatusOK, "", "GET", ev+"/players", nil).(map[string]any)["players"].([]any) {
		if apitest.Num(p.(map[string]any)["id"]) == playerID {
			startNo = apitest.Num(p.(map[string]any)["start_no"])
		}
	}
	for _, r := range s.Must(http.StatusOK, "", "GET", ev+"/crosstable", nil).(map[string]any)["rows"].([]any) {
		if apitest.Num(r.(map[string]any)["start_no"]) == startNo {
			return r.(map[string]any)
		}
	}
	t.Fatalf("player %d is not in the crosstable", playerID)
	return nil
}

func crossCell(t *testing.T, s *apitest.CorrServer, ev string, playerID, round int) map[string]any {
	t.Helper()
	return crossRow(t, s, ev, playerID)["games"].([]any)[round-1].(map[string]any)
}

// Second security pass, finding F: a private section is played by its own
// players — the game, its page and its moves — while to everyone else but
// its arbiter it does not exist.
func TestPrivateSectionIsPlayedByItsPlayers(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
	outsider := s.User("outsider@example.org", tournament.PlayerRole)
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Закрытый заочный", "discipline": "correspondence",
		"system": "round-robin", "time_control": "10d", "visibility": "private"}).(map[string]any)["id"])
	ev := fmt.Sprintf("/api/v1/events/%d", id)
	tokens, emails := map[int]string{}, map[int]string{}
	for i, name := range []string{"Абрегов", "Бжедугов"} {
		pid := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", ev+"/players", map[string]any{"name": name}).(map[string]any)["id"])
		emails[pid] = fmt.Sprintf("p%d@example.org", i)
		tokens[pid] = s.User(emails[pid], tournament.PlayerRole)
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", ev, pid), map[string]any{"email": emails[pid]})
	}
	g := s.Must(http.StatusOK, arbiter, "POST", ev+"/start", nil).([]any)[0].(map[string]any)
	path := fmt.Sprintf("/api/v1/games/%d", apitest.Num(g["id"]))
	white, black := apitest.Num(g["white"]), apitest.Num(g["black"])
	for who, token := range map[string]string{"anonymous": "", "another account": outsider} {
		if code, _ := s.Call(token, "GET", path, nil); code != http.StatusNotFound {
			t.Errorf("%s reads the game of a private section: %d, want 404", who, code)
		}
	}
	s.Must(http.StatusOK, tokens[white], "GET", path, nil)
	s.Must(http.StatusOK, tokens[white], "GET", ev+"/leave", nil)
	s.Must(http.StatusOK, tokens[white], "POST", path+"/moves", map[string]any{"move": "c3-d4", "ply": 0})
	// The game's page: Black, signed in, sees the board with the move form;
	// another account finds nothing.
	page := fmt.Sprintf("/games/%d", apitest.Num(g["id"]))
	if body := s.Page(s.Session(emails[black]), page); !strings.Contains(body, `name="move"`) {
		t.Errorf("the page of a private section offers its player no move")
	}
	req := httptest.NewRequest("GET", page, nil)
	req.AddCookie(s.Session("outsider@example.org"))
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotFound {
		t.Errorf("another account opens the game's page: %d, want 404", rec.Code)
	}
}
