package main

import (
	"bytes"
	"strings"
	"testing"
)

// A setting is its flag, else its environment variable, else its default;
// every command that takes --db takes the one declared in the table.
func TestSettingsFlagEnvironmentDefault(t *testing.T) {
	t.Setenv("ADIUKH_DB", "from-env.db")
	t.Setenv("ADIUKH_ADDR", "")
	fs := newFlags("serve", &bytes.Buffer{})
	cfg := fs.settings("db", "addr")
	if err := fs.Parse([]string{"--addr", "127.0.0.1:9"}); err != nil {
		t.Fatal(err)
	}
	if cfg.DB != "from-env.db" || cfg.Addr != "127.0.0.1:9" {
		t.Errorf("db %q, addr %q; want the environment's file and the flag's address", cfg.DB, cfg.Addr)
	}
	fs = newFlags("backup", &bytes.Buffer{})
	if cfg := fs.settings("db"); fs.Parse(nil) != nil || cfg.DB != "from-env.db" {
		t.Errorf("backup's --db is %q, want the same setting as serve's", cfg.DB)
	}
}

func TestLoggerLevelAndFormat(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	log, err := (&config{LogFormat: "json", LogLevel: "warn"}).logger(&out)
	if err != nil {
		t.Fatal(err)
	}
	log.Info("kept out")
	log.Warn("kept")
	if got := out.String(); strings.Contains(got, "kept out") || !strings.Contains(got, `"msg":"kept"`) {
		t.Errorf("log at warn, JSON: %q", got)
	}
	for _, c := range []config{{LogFormat: "xml", LogLevel: "info"}, {LogFormat: "text", LogLevel: "loud"}} {
		if _, err := c.logger(&out); err == nil {
			t.Errorf("%+v was accepted", c)
		}
	}
}
