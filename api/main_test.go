package api_test

import (
	"os"
	"testing"

	"adiukh/tournament/store/storetest"
)

// TestMain pools the tests' PostgreSQL schemas (storetest.Main) and closes
// the browser tests' Chromium.
func TestMain(m *testing.M) {
	code := storetest.Main(m)
	closeChromium()
	os.Exit(code)
}
