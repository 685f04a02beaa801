package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/netip"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/internal/connlimit"
	"adiukh/tournament/account"
	"adiukh/tournament/store"
)

// A fresh database has no accounts, so serve prints how to become its
// administrator; once one exists it does not.
func TestFirstRun(t *testing.T) {
	t.Parallel()
	st, err := store.Open(filepath.Join(t.TempDir(), "adiukh.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	has, err := st.HasUsers(context.Background())
	if err != nil || has {
		t.Fatalf("fresh database: HasUsers = %v, %v; want false", has, err)
	}
	var out strings.Builder
	printFirstRun(&out, "127.0.0.1:8080", "TOKEN", "adiukh.db")
	for _, want := range []string{"http://127.0.0.1:8080/setup/TOKEN", "adiukh user add --db adiukh.db", "--role admin", "adiukh demo"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("first-run help lacks %q:\n%s", want, out.String())
		}
	}
	if _, err := accountService(st, account.Options{}).AddUser(context.Background(), account.NewUser{Email: "a@example.org", Role: "admin", Password: "длинный пароль"}); err != nil {
		t.Fatal(err)
	}
	if has, err := st.HasUsers(context.Background()); err != nil || !has {
		t.Errorf("after adding a user: HasUsers = %v, %v; want true", has, err)
	}
}

func TestParseProxies(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in      string
		want    []string
		wantErr bool
	}{
		{"", nil, false},
		{"10.0.0.1", []string{"10.0.0.1"}, false},
		{" 10.0.0.0/8, ::1 ", []string{"10.0.0.0/8", "::1"}, false},
		{"10.0.0.0/8,proxy.example.org", nil, true},
	} {
		got, err := parseProxies(tc.in)
		if (err != nil) != tc.wantErr || strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("parseProxies(%q) = %v, %v; want %v (error %v)", tc.in, got, err, tc.want, tc.wantErr)
		}
	}
}

// The connection limits: the defaults from the file limit, the settings
// over them, and a total that would leave the database too few files, or a
// cap per address above the total, refused with the most allowed.
func TestConnectionLimits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		total, perAddress string
		files             uint64
		want              connlimit.Limits
		wantErr           string
	}{
		{"", "", 20000, withDefaults(connlimit.Limits{Total: 15000, PerAddress: 300, Idle: idleTimeout}), ""},
		{"", "", 1024, withDefaults(connlimit.Limits{Total: 768, PerAddress: 300, Idle: idleTimeout}), ""},
		{"", "", 1 << 20, withDefaults(connlimit.Limits{Total: 20000, PerAddress: 300, Idle: idleTimeout}), ""},
		{"", "", 300, withDefaults(connlimit.Limits{Total: 64, PerAddress: 64, Idle: idleTimeout}), ""},
		{"5000", "600", 20000, withDefaults(connlimit.Limits{Total: 5000, PerAddress: 600, Idle: idleTimeout}), ""},
		{"100", "", 20000, withDefaults(connlimit.Limits{Total: 100, PerAddress: 100, Idle: idleTimeout}), ""},
		{"15001", "", 20000, connlimit.Limits{}, "at most 15000"},
		{"", "800", 1024, connlimit.Limits{}, "more than the 768 connections in all"},
		{"many", "", 20000, connlimit.Limits{}, `--max-connections "many": give a whole number`},
		{"", "0", 20000, connlimit.Limits{}, `--max-connections-per-address "0": give a whole number`},
	} {
		cfg := &config{MaxConnections: tc.total, MaxConnectionsPerAddress: tc.perAddress}
		got, err := connectionLimits(cfg, tc.files, nil)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("total %q, per address %q, %d files: error %v, want %q", tc.total, tc.perAddress, tc.files, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("total %q, per address %q, %d files: %+v, %v; want %+v", tc.total, tc.perAddress, tc.files, got, err, tc.want)
		}
	}
}

// withDefaults is l with the defaults of what the settings leave alone:
// the signed-in accounts' connections and the request bodies.
func withDefaults(l connlimit.Limits) connlimit.Limits {
	l.PerAccount = connlimit.DefaultPerAccount
	l.BodyIdle, l.MinBodyRate, l.BodyGrace = connlimit.DefaultBodyIdle, connlimit.DefaultMinBodyRate, connlimit.DefaultBodyGrace
	return l
}

// The trusted proxies are held to the total of connections alone: each
// carries many clients' connections.
func TestConnectionLimitsLeaveProxiesUncapped(t *testing.T) {
	t.Parallel()
	got, err := connectionLimits(&config{}, 20000, []string{"127.0.0.1", "10.1.2.3/8", "::1"})
	want := []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	if err != nil || !reflect.DeepEqual(got.Proxies, want) {
		t.Errorf("proxies %v, %v; want %v", got.Proxies, err, want)
	}
}

// Spectators' streams are refused with 429 before the connections run out:
// their total is three quarters of the connections' at most.
func TestStreamTotalBelowConnections(t *testing.T) {
	t.Parallel()
	for _, connections := range []int{15000, 768, 64} {
		got := streamLimits(connlimit.Limits{Total: connections, PerAddress: 300})
		if got.Total > connections*3/4 || got.Total < 1 {
			t.Errorf("%d connections: %d streams in all, want at most %d", connections, got.Total, connections*3/4)
		}
		if d := api.DefaultStreamLimits(); got.PerAddress != d.PerAddress || got.PerGame != d.PerGame || got.PerAccount != d.PerAccount {
			t.Errorf("%d connections: limits %+v, want the defaults' per address, game and account", connections, got)
		}
	}
}

// The server serves on the connection listener with the limits asked for:
// an address over its cap is refused at once, another address is answered,
// and /metrics counts the refusals.
func TestServeCapsConnectionsPerAddress(t *testing.T) {
	server := startChild(t, filepath.Join(t.TempDir(), "adiukh.db"), "--max-connections-per-address", "3")
	addr := strings.TrimPrefix(server.base, "http://")
	answered := func(from string) bool {
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", addr)
		if err != nil {
			return false
		}
		t.Cleanup(func() { _ = c.Close() })
		_ = c.SetDeadline(time.Now().Add(5 * time.Second))
		if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: adiukh.test\r\n\r\n"); err != nil {
			return false
		}
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		return err == nil && res.StatusCode == http.StatusOK
	}
	held := 0
	for range 5 {
		if answered("127.0.0.2") {
			held++
		}
	}
	if held != 3 {
		t.Errorf("one address was answered on %d of 5 connections, want its cap 3", held)
	}
	if !answered("127.0.0.3") {
		t.Error("another address was not answered")
	}
	res, err := http.Get(server.base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	metrics, _ := io.ReadAll(res.Body)
	if want := `adiukh_connections_refused_total{why="address"} 2`; !strings.Contains(string(metrics), want) {
		t.Errorf("/metrics lacks %s", want)
	}
}

// A signed-in account's connections count by the account, not by their
// address: behind one address held to 3 connections, a player signed in
// by an API token holds 6 (a hall behind one NAT), and the address still
// has its own 3 for anyone else.
func TestServeCountsSignedInConnectionsByAccount(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "adiukh.db")
	st, err := store.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	accounts := accountService(st, account.Options{})
	u, err := accounts.AddUser(context.Background(), account.NewUser{Email: "player@example.org", Role: "player", Password: "пароль игрока"})
	if err != nil {
		t.Fatal(err)
	}
	token, _, err := accounts.CreateToken(context.Background(), account.NewToken{Email: u.Email})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	server := startChild(t, dsn, "--max-connections-per-address", "3")
	addr := strings.TrimPrefix(server.base, "http://")
	answered := func(request string) bool {
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.4")}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", addr)
		if err != nil {
			return false
		}
		t.Cleanup(func() { _ = c.Close() })
		_ = c.SetDeadline(time.Now().Add(5 * time.Second))
		if _, err := io.WriteString(c, request); err != nil {
			return false
		}
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		return err == nil && res.StatusCode == http.StatusOK
	}
	signedIn := 0
	for range 6 {
		if answered("GET /api/v1/account HTTP/1.1\r\nHost: adiukh.test\r\nAuthorization: Bearer " + token + "\r\n\r\n") {
			signedIn++
		}
	}
	anonymous := 0
	for range 3 {
		if answered("GET /healthz HTTP/1.1\r\nHost: adiukh.test\r\n\r\n") {
			anonymous++
		}
	}
	if signedIn != 6 || anonymous != 3 {
		t.Errorf("behind one address held to 3: %d of 6 signed-in connections and %d of 3 anonymous ones answered, want all", signedIn, anonymous)
	}
}
