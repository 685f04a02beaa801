package hall_test

import (
	"os"
	"testing"

	"adiukh/tournament/store/storetest"
)

// TestMain pools the tests' PostgreSQL schemas (storetest.Main).
func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
