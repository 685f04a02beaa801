package hall_test

import (
	"os"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament/store/storetest"
)

// TestMain pools the tests' PostgreSQL schemas (storetest.Main) and closes
// the browser tests' Chromium, the one of the test binary.
func TestMain(m *testing.M) {
	code := storetest.Main(m)
	apitest.CloseChromium()
	os.Exit(code)
}
