package store

import (
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ dsn, want string }{
		{"postgres://adiukh:s3cr%40t@db.example.org:5432/adiukh?sslmode=require", "postgres://adiukh:xxxxx@db.example.org:5432/adiukh?sslmode=require"},
		{"postgresql://adiukh@db/adiukh?password=s3cret&sslmode=disable", "postgresql://adiukh@db/adiukh?password=xxxxx&sslmode=disable"},
		{"host=db user=adiukh password='s3 cret' dbname=adiukh", "host=db user=adiukh password=xxxxx dbname=adiukh"},
		{"/var/lib/adiukh/adiukh.db", "/var/lib/adiukh/adiukh.db"},
	} {
		got := Redact(tc.dsn)
		if got != tc.want || strings.Contains(got, "s3") {
			t.Errorf("Redact(%q) = %q, want %q", tc.dsn, got, tc.want)
		}
	}
}
