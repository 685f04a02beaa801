package store

import (
	"database/sql"
	"net/url"
	"regexp"
)

// Stats reports the connection pool, for the server's metrics.
func (s *Store) Stats() sql.DBStats {
	sqlDB, err := s.db.DB()
	if err != nil {
		return sql.DBStats{}
	}
	return sqlDB.Stats()
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
