package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const figure17 = "white: h2; black: e3, g3, g5, g7"

func TestSolveCommand(t *testing.T) {
	t.Parallel()
	out, errOut, status := runCLI(t, "solve", "--position", figure17, "--side", "white", "--json")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	var v struct {
		WhiteMin *int    `json:"white_min"`
		WhiteMax *int    `json:"white_max"`
		Score    *string `json:"score"`
		Best     []struct {
			Move     string `json:"move"`
			Position string `json:"position"`
		} `json:"best"`
		Line  []string `json:"line"`
		Nodes *int64   `json:"nodes"`
		MS    *int64   `json:"ms"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if v.WhiteMin == nil || *v.WhiteMin != 4 || v.WhiteMax == nil || *v.WhiteMax != 4 || v.Score == nil || *v.Score != "4:1" ||
		len(v.Best) != 1 || v.Best[0].Move != "h2:f4:h6:f8" || v.Best[0].Position != "white: f8-1/3; black: e3-1" ||
		len(v.Line) == 0 || v.Line[0] != "h2:f4:h6:f8" || v.Nodes == nil || *v.Nodes == 0 || v.MS == nil {
		t.Fatalf("answer %s", out)
	}

	out, _, status = runCLI(t, "solve", "--position", figure17, "--stipulation", "white wins", "--json")
	var j struct {
		Verdict string `json:"verdict"`
		Keys    []struct {
			Move string `json:"move"`
		} `json:"keys"`
		Refutation *struct{} `json:"refutation"`
	}
	if err := json.Unmarshal([]byte(out), &j); status != 0 || err != nil || j.Verdict != "cooked" || len(j.Keys) != 2 || j.Refutation != nil {
		t.Fatalf("status %d, judgement %s", status, out)
	}
	out, _, status = runCLI(t, "solve", "--position", figure17, "--stipulation", "white 5")
	if status != 0 || !strings.Contains(out, "white 5: unsound") || !strings.Contains(out, "refutation: white 5 does not hold: best play ends 4:1") {
		t.Fatalf("status %d, output:\n%s", status, out)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--position", "white: h2; black: e3, z9"}, "--position: position, character 23: \"z9\" is not a dark square"},
		{[]string{"--position", figure17, "--side", "red"}, "--side \"red\": write white or black"},
		{[]string{"--position", figure17, "--stipulation", "mate in 2"}, "--stipulation: \"mate in 2\": \"mate\" is not a stipulation"},
		{[]string{"--position", figure17, "--stipulation", "black 3"}, "the stipulation \"black 3\" is set for black, but white is to move"},
		{[]string{"--position", figure17, "--max-nodes", "0"}, "--max-nodes and --table-mb must be 1 or more"},
		// More memory than there is crashed the program; a size whose bytes
		// overflow was ignored.
		{[]string{"--position", figure17, "--table-mb", "100000000"}, "--table-mb 100000000 is more than the memory of this machine ("},
		{[]string{"--position", figure17, "--table-mb", "8796093022208"}, "--table-mb 8796093022208 is more than the memory of this machine ("},
		{[]string{"--position", figure17, "white"}, "adiukh solve: unexpected argument \"white\"; every option is a flag, such as --position"},
	} {
		_, errOut, status := runCLI(t, append([]string{"solve"}, tc.args...)...)
		if status != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: status %d, %q; want %q", tc.args, status, errOut, tc.want)
		}
	}

	out, errOut, status = runCLI(t, "solve", "--position", "white: a1-11, h8-1; black: c5-2, d2-3, e5-4, f2-3", "--max-nodes", "500", "--json")
	if status != 1 || !strings.Contains(errOut, "not proved within 500 nodes; proved so far: White forces 12:12 or better for White") ||
		!strings.Contains(out, `"proved": false`) || !strings.Contains(out, `"white_min_at_least": 12`) || !strings.Contains(out, `"nodes": 500,`) {
		t.Fatalf("budget: status %d, %q, %s", status, errOut, out)
	}
}
