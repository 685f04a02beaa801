package relay_test

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

var legalMoves = regexp.MustCompile(`data-legal="([^"]*)"`)

// firstLegal is the first legal move the page's tap board offers.
func firstLegal(t *testing.T, page string) string {
	t.Helper()
	m := legalMoves.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the page offers no move to tap:\n%s", page)
	}
	item := strings.Split(html.UnescapeString(m[1]), ";")[0]
	return item[strings.Index(item, "=")+1:]
}

// The operator's page: the round's link opens the board of a game with its
// tap board; a move sent by its form is relayed through the service and
// shown; a move sent twice is refused on the page; a result is proposed.
// The arbiter, signed in, opens the same board by the event's address; a
// reader without the link or the role gets no board to tap.
func TestOperatorPage(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	key := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/relay/link", id), nil)["key"].(string)
	op := s.Anonymous()

	index := op.Get("/relay/" + key)
	apitest.MustStatus(t, "the link's round", index.Code, http.StatusOK, index.Body.String())
	if !strings.Contains(index.Body.String(), "/relay/"+key+"/boards/1") || !strings.Contains(apitest.PageText(index), apitest.RuT("relay.status.waiting")) {
		t.Errorf("the link's round lists no board 1 waiting:\n%s", index.Body.String())
	}
	board := "/relay/" + key + "/boards/1"
	page := op.Get(board)
	apitest.MustStatus(t, "the operator's board", page.Code, http.StatusOK, page.Body.String())
	move := firstLegal(t, page.Body.String())
	sent := op.Post(board+"/move", url.Values{"ply": {"1"}, "move": {move}})
	if sent.Code != http.StatusSeeOther {
		t.Fatalf("a move sent: %d\n%s", sent.Code, sent.Body.String())
	}
	page = op.Get(board)
	if text := apitest.PageText(page); !strings.Contains(text, move) || !strings.Contains(text, apitest.RuT("relay.status.playing")) {
		t.Errorf("the board after %s:\n%s", move, text)
	}
	again := op.Post(board+"/move", url.Values{"ply": {"1"}, "move": {move}})
	if again.Code != http.StatusConflict || !strings.Contains(again.Body.String(), `id="move-form"`) {
		t.Errorf("a move sent twice: %d\n%s", again.Code, again.Body.String())
	}
	proposed := op.Post(board+"/result", url.Values{"score": {"24:0"}, "end_reason": {"resignation"}})
	if proposed.Code != http.StatusSeeOther {
		t.Fatalf("a result proposed: %d\n%s", proposed.Code, proposed.Body.String())
	}
	round := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1/relay", id), nil)["boards"].([]any)[0].(map[string]any)
	if round["status"] != "ended" || round["result_proposed"] == nil || len(round["plies"].([]any)) != 1 {
		t.Errorf("board 1 read by the API: %v", round)
	}

	arbiter := s.SignIn(tournament.ArbiterRole)
	desk := arbiter.Get(fmt.Sprintf("/events/%d/rounds/1/relay/boards/2", id))
	apitest.MustStatus(t, "the arbiter's board", desk.Code, http.StatusOK, desk.Body.String())
	if !strings.Contains(desk.Body.String(), "data-legal=") {
		t.Error("the arbiter's board offers no move to tap")
	}
	player := s.SignIn(tournament.PlayerRole)
	if p := player.Get(fmt.Sprintf("/events/%d/rounds/1/relay/boards/2", id)); p.Code != http.StatusOK || strings.Contains(p.Body.String(), "data-legal=") || strings.Contains(p.Body.String(), `id="move-form"`) {
		t.Errorf("a player who is no operator: %d, the board offered to tap", p.Code)
	}

	// The arbiter's page of the round: board 1 proposes its result, which one
	// button confirms; a polled address is refused with its field's message;
	// an operator's link is made and shown once.
	relayDesk := fmt.Sprintf("/events/%d/rounds/1/relay", id)
	deskPage := arbiter.Get(relayDesk)
	apitest.MustStatus(t, "the arbiter's relay page", deskPage.Code, http.StatusOK, deskPage.Body.String())
	if !strings.Contains(deskPage.Body.String(), relayDesk+"/boards/1/confirm") {
		t.Errorf("the arbiter's page offers no confirmation of board 1:\n%s", deskPage.Body.String())
	}
	if p := player.Get(relayDesk); p.Code != http.StatusForbidden {
		t.Errorf("a player opening the arbiter's relay page: %d", p.Code)
	}
	if p := arbiter.Post(relayDesk+"/boards/1/confirm", url.Values{}); p.Code != http.StatusSeeOther {
		t.Fatalf("the result confirmed: %d\n%s", p.Code, p.Body.String())
	}
	games := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)
	if g := games[0].(map[string]any); g["score"] != "24:0" {
		t.Errorf("board 1 after the confirmation: %v", g)
	}
	bad := arbiter.Post(relayDesk+"/source", url.Values{"board": {"2"}, "source": {"poll"}, "url": {"ftp://example.org/x"}})
	if bad.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(bad), apitest.RuF("%q is not a web address; give one starting with https://", "ftp://example.org/x")) {
		t.Errorf("an address that is none: %d\n%s", bad.Code, apitest.PageText(bad))
	}
	made := arbiter.Post(relayDesk+"/link", url.Values{})
	if made.Code != http.StatusOK || !strings.Contains(made.Body.String(), "/relay/relay-") {
		t.Errorf("a link made: %d", made.Code)
	}
	if p := op.Get("/relay/relay-nonsense/boards/1"); p.Code != http.StatusNotFound {
		t.Errorf("a link that is none: %d", p.Code)
	}
}
