package main

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
)

// config is every setting of the commands that is not about one command's
// own task: where the database is, how the server listens and logs. Each is
// a flag and an environment variable, declared once in settings; a command
// takes the ones it needs with (*flags).settings.
type config struct {
	DB             string
	Addr           string
	PublicURL      string
	TrustedProxies string
	Secret         string
	SMTP           string
	LogFormat      string
	LogLevel       string
	// TimeZone is the zone of a new event unless its arbiter chooses
	// another (tournament.Options.TimeZone).
	TimeZone string
	// MaxConnections and MaxConnectionsPerAddress bound the connections
	// the server holds (connlimit); empty: the defaults.
	MaxConnections           string
	MaxConnectionsPerAddress string
}

// setting is one line of the table: its flag, the environment variable read
// when the flag is not given, the default when neither is, the help, and
// where its value goes.
type setting struct {
	env, def, usage string
	field           func(*config) *string
}

// settings is the one table of the settings, by flag name. The help texts
// are catalogue messages, worded in the command's language.
var settings = map[string]setting{
	"db": {"ADIUKH_DB", "adiukh.db", "SQLite `FILE` or postgres:// URL (env ADIUKH_DB)",
		func(c *config) *string { return &c.DB }},
	"addr": {"ADIUKH_ADDR", "127.0.0.1:8080", "`HOST:PORT` to listen on (env ADIUKH_ADDR)",
		func(c *config) *string { return &c.Addr }},
	"public-url": {"ADIUKH_PUBLIC_URL", "", "`URL` the site is reached at, linked from printed pairing lists; without it they carry no link (env ADIUKH_PUBLIC_URL)",
		func(c *config) *string { return &c.PublicURL }},
	"trusted-proxies": {"ADIUKH_TRUSTED_PROXIES", "", "comma-separated `ADDRESSES` (IPs or CIDRs) of reverse proxies whose X-Forwarded-For names the client (env ADIUKH_TRUSTED_PROXIES)",
		func(c *config) *string { return &c.TrustedProxies }},
	"secret": {"ADIUKH_SECRET", "", "`KEY` of at least 32 bytes that signs sign-in cookies; by default a key kept in the database (env ADIUKH_SECRET)",
		func(c *config) *string { return &c.Secret }},
	"smtp": {"ADIUKH_SMTP", "", "`URL` of the mail server for notifications, like smtp://user:password@mail.example.org:587?from=adiukh@example.org; none: notifications stay in the site's inbox (env ADIUKH_SMTP)",
		func(c *config) *string { return &c.SMTP }},
	"log-format": {"ADIUKH_LOG_FORMAT", "text", "`FORMAT` of the log on standard error: text or json (env ADIUKH_LOG_FORMAT)",
		func(c *config) *string { return &c.LogFormat }},
	"max-connections": {"ADIUKH_MAX_CONNECTIONS", "", "most `CONNECTIONS` the server holds in all; by default its limit of open files less a quarter of it (at least 256 kept for the database and files), at most 20,000 (env ADIUKH_MAX_CONNECTIONS)",
		func(c *config) *string { return &c.MaxConnections }},
	"max-connections-per-address": {"ADIUKH_MAX_CONNECTIONS_PER_ADDRESS", "", "most `CONNECTIONS` one client address holds, an IPv6 client counted by its /64; a trusted proxy's count in the total alone; by default 300 (env ADIUKH_MAX_CONNECTIONS_PER_ADDRESS)",
		func(c *config) *string { return &c.MaxConnectionsPerAddress }},
	"time-zone": {"ADIUKH_TIME_ZONE", tournament.DefaultTimeZone, "`ZONE` a new event is played in unless its arbiter chooses another: an IANA name such as Asia/Vladivostok (env ADIUKH_TIME_ZONE)",
		func(c *config) *string { return &c.TimeZone }},
	"log-level": {"ADIUKH_LOG_LEVEL", "info", "least `LEVEL` of what the log keeps: debug, info, warn or error (env ADIUKH_LOG_LEVEL)",
		func(c *config) *string { return &c.LogLevel }},
}

// settings declares the named settings as flags of the command and returns
// the config their values go to once the flags are parsed.
func (f *flags) settings(names ...string) *config {
	c := &config{}
	f.bind(c, names...)
	return c
}

// bind declares more settings whose values go to c.
func (f *flags) bind(c *config, names ...string) {
	for _, name := range names {
		s, ok := settings[name]
		if !ok {
			panic(fmt.Sprintf("no setting %q", name))
		}
		f.StringVar(s.field(c), name, envOr(s.env, s.def), s.usage)
	}
}

// envOr returns the value of the environment variable, or def when it is unset.
func envOr(name, def string) string {
	if v := strings.TrimSpace(os.Getenv(name)); v != "" {
		return v
	}
	return def
}

// logger is the server's log on w in the configured format, keeping
// entries of the configured level and above.
func (c *config) logger(w io.Writer) (*slog.Logger, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return nil, newProblem("--log-level %q: use debug, info, warn or error", c.LogLevel)
	}
	opts := &slog.HandlerOptions{Level: level}
	switch c.LogFormat {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, newProblem("--log-format %q: use text or json", c.LogFormat)
}

// eventOptions are the events service's options with the zone of a new
// event (--time-zone), shared by every command that creates events (serve,
// import, demo), so that an event is played in the same zone whichever of
// them made it. A zone Go cannot load is refused, and so is "Local", which
// would be the host's and not a name an event can keep.
func (c *config) eventOptions() (tournament.Options, error) {
	if _, err := time.LoadLocation(c.TimeZone); err != nil || c.TimeZone == "" || c.TimeZone == "Local" {
		return tournament.Options{}, newProblem("--time-zone %q is not a time zone; write an IANA name such as Europe/Moscow", c.TimeZone)
	}
	opt := engines.Options()
	opt.TimeZone = c.TimeZone
	return opt, nil
}
