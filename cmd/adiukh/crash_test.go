package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// serveEnv makes the test binary run "adiukh serve" with the arguments in
// it (separated by newlines) instead of the tests: the crash test's server
// is a child process it can kill.
const serveEnv = "ADIUKH_TEST_SERVE_ARGS"

func TestMain(m *testing.M) {
	// The tests read the commands' English messages; console_test.go checks
	// the Russian ones, which are the default.
	os.Setenv("ADIUKH_LANG", "en")
	// Every command hashes passwords at the least cost in the tests, the
	// servers they start included (a hash carries its cost).
	passwordCost = account.MinPasswordCost
	if args := os.Getenv(serveEnv); args != "" {
		os.Exit(run(strings.Split(args, "\n"), os.Stdout, os.Stderr))
	}
	os.Exit(storetest.Main(m))
}

// A test that forks a child (startChild, pdfText) does not call t.Parallel:
// it runs, and its children end, before the parallel tests start. A child
// holds a copy of every descriptor of the test binary from its fork to its
// exec, the in-use lock of a database a parallel test's command has just
// closed among them, and a loaded machine stretches that window past
// store's grace for the lock (TestBackupAndRestoreCommands failed 2 times
// in 16 beside the forking tests).

// child is a server in another process.
type child struct {
	cmd  *exec.Cmd
	base string
}

// startChild runs adiukh serve on dsn, with more flags if given, and waits
// until it listens.
func startChild(t *testing.T, dsn string, flags ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	args := append([]string{"serve", "--db", dsn, "--addr", "127.0.0.1:0", "--secret", strings.Repeat("k", 32)}, flags...)
	cmd.Env = append(os.Environ(), serveEnv+"="+strings.Join(args, "\n"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if addr, ok := strings.CutPrefix(lines.Text(), "adiukh is listening on "); ok {
			go func() { _, _ = io.Copy(io.Discard, stdout) }()
			return &child{cmd: cmd, base: strings.Fields(addr)[0]}
		}
	}
	t.Fatalf("the server did not start:\n%s", stderr.String())
	return nil
}

// TestKillDuringResultEntry kills a server (kill -9) while results are
// being entered through the API, restarts it on the same database, and
// checks that every write it acknowledged is there: on SQLite and, with
// ADIUKH_TEST_POSTGRES, on PostgreSQL.
func TestKillDuringResultEntry(t *testing.T) {
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) { crashDuringEntry(t, dsn) })
	}
}

// acked is a result the server answered 200 to.
type acked struct {
	board int
	score string
}

func crashDuringEntry(t *testing.T, dsn string) {
	const players = 40
	st, err := store.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	accounts := accountService(st, account.Options{})
	u, err := accounts.AddUser(context.Background(), account.NewUser{Email: "arbiter@example.org", Role: "arbiter", Password: "пароль судьи"})
	if err != nil {
		t.Fatal(err)
	}
	token, _, err := accounts.CreateToken(context.Background(), account.NewToken{Email: u.Email})
	if err != nil {
		t.Fatal(err)
	}
	ctx := tournament.NewContextWithUser(context.Background(), u)
	svc := tournament.NewService(st, engines.Options())
	str := func(s string) *string { return &s }
	e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: str("Кубок"), Discipline: str("rapid"), System: str("round-robin"), TimeControl: str("8+4")})
	if err != nil {
		t.Fatal(err)
	}
	for i := range players {
		if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: str(fmt.Sprintf("Игрок %d", i+1))}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	st.Close()

	server := startChild(t, dsn)
	client := &http.Client{Timeout: 10 * time.Second}
	var mu sync.Mutex
	var acks []acked
	var count atomic.Int32
	scores := []string{"24:0", "0:24", "12:12"}
	var wg sync.WaitGroup
	var writersDone atomic.Bool
	for w := range 2 {
		wg.Go(func() {
			for board := 1 + w; board <= players/2; board += 2 {
				score := scores[board%3]
				body := fmt.Sprintf(`{"score":%q,"end_reason":"resignation","version":1,"reason":"бланк у судьи"}`, score)
				if score == "12:12" {
					body = fmt.Sprintf(`{"score":%q,"end_reason":"agreement","version":1,"reason":"бланк у судьи"}`, score)
				}
				req, _ := http.NewRequest(http.MethodPut, fmt.Sprintf("%s/api/v1/events/%d/rounds/1/games/%d/result", server.base, e.ID, board), strings.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+token)
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				if err != nil {
					return // the server is gone
				}
				answer, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					t.Errorf("board %d: status %d %s", board, resp.StatusCode, answer)
					return
				}
				mu.Lock()
				acks = append(acks, acked{board, score})
				mu.Unlock()
				count.Add(1)
			}
		})
	}
	go func() { wg.Wait(); writersDone.Store(true) }()
	// Kill the server in the middle of the entry, without warning.
	for count.Load() < players/4 && !writersDone.Load() {
		time.Sleep(time.Millisecond)
	}
	if err := server.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	_ = server.cmd.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(acks) < players/4 {
		t.Fatalf("only %d writes acknowledged before the kill", len(acks))
	}

	restarted := startChild(t, dsn)
	resp, err := client.Get(fmt.Sprintf("%s/api/v1/events/%d/rounds/1", restarted.base, e.ID))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var round struct {
		Games []struct {
			Board int     `json:"board"`
			Score *string `json:"score"`
		} `json:"games"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&round); err != nil {
		t.Fatal(err)
	}
	stored := map[int]string{}
	for _, g := range round.Games {
		if g.Score != nil {
			stored[g.Board] = *g.Score
		}
	}
	for _, a := range acks {
		if stored[a.board] != a.score {
			t.Errorf("board %d: acknowledged %s, after the restart %q", a.board, a.score, stored[a.board])
		}
	}
	t.Logf("%d writes acknowledged before kill -9, all found after the restart (%d results stored)", len(acks), len(stored))
}
