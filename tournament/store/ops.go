package store

import (
	"database/sql"
	"net/url"
	"regexp"

	"gorm.io/gorm"
)

// Pools reports each connection pool by name, for the server's metrics:
// "write" and "read" on SQLite, "shared" on PostgreSQL, and "urgent", the
// connections kept for urgent transactions (tournament.WithUrgency).
func (s *Store) Pools() map[string]sql.DBStats {
	pools := map[string]sql.DBStats{}
	add := func(name string, db *gorm.DB) {
		if sqlDB, err := db.DB(); err == nil {
			pools[name] = sqlDB.Stats()
		}
	}
	if s.read == s.db {
		add("shared", s.db)
	} else {
		add("write", s.db)
		add("read", s.read)
	}
	if s.urgent != nil {
		add("urgent", s.urgent)
	}
	return pools
}

// keyValuePassword finds password=… in a key=value PostgreSQL DSN.
var keyValuePassword = regexp.MustCompile(`(?i)(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)`)

// Redact hides the password of a database address before it is printed
// or logged: in a postgres:// URL (user:password@ or ?password=) and in a
// key=value DSN. An SQLite path is returned as it is.
func Redact(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
		}
		q := u.Query()
		if q.Has("password") {
			q.Set("password", "xxxxx")
			u.RawQuery = q.Encode()
		}
		return u.String()
	}
	return keyValuePassword.ReplaceAllString(dsn, "${1}xxxxx")
}
