package engines_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/tournament/engines"
	"adiukh/tournament/pairing/dutch"
	"adiukh/tournament/trf"
)

func TestDutchInputFromTRFExtensions(t *testing.T) {
	t.Parallel()
	f, err := os.Open(filepath.Join("testdata", "extensions.trf"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tour, err := trf.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	in, err := engines.DutchInputFromTRF(tour)
	if err != nil {
		t.Fatal(err)
	}
	if in.TotalRounds != 5 || in.PlayedRounds != 1 {
		t.Errorf("rounds = %d of %d, want 1 of 5", in.PlayedRounds, in.TotalRounds)
	}
	if in.Points.Win != 30 || in.Points.Draw != 10 || in.Points.PairingBye != 20 || in.Points.ForfeitLoss != 0 {
		t.Errorf("points = %+v, want win 3.0, draw 1.0, PAB 2.0 (BBU)", in.Points)
	}
	if !in.Players[4].Absent || in.Players[0].Absent {
		t.Errorf("player 5 has a 240 bye for round 2 and must be absent; player 1 must not")
	}
	if len(in.Forbidden) != 2 {
		t.Errorf("forbidden groups = %v, want the XXP group and the 260 group for round 2", in.Forbidden)
	}
	if in.InitialColor != dutch.Black {
		t.Errorf("initial colour = %v, want black (152 B)", in.InitialColor)
	}
}

func TestDutchInputFromTRFErrors(t *testing.T) {
	t.Parallel()
	player := func(id string) string {
		return "001 " + id + "      Test Player                      2000                             0.0    1"
	}
	for _, tc := range []struct {
		name, file, message string
	}{
		{"no rounds", player("   1"), "total number of rounds"},
		{"gap", "XXR 3\n" + player("   1") + "\n" + player("   3"), "start number 2 is missing"},
		{"repeated", "XXR 3\n" + player("   1") + "\n" + player("   1"), "repeated"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tour, err := trf.Read(strings.NewReader(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := engines.DutchInputFromTRF(tour); err == nil || !strings.Contains(err.Error(), tc.message) {
				t.Fatalf("DutchInputFromTRF error = %v, want one containing %q", err, tc.message)
			}
		})
	}
}
