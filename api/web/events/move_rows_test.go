package events

import (
	"fmt"
	"testing"
)

func TestMoveRows(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		frames []frameView
		want   string
	}{
		{"from the start", []frameView{{}, {Ply: 1, Number: 1, White: true}, {Ply: 2, Number: 1}, {Ply: 3, Number: 2, White: true}}, "1:W1B2 2:W3"},
		{"black moves first", []frameView{{}, {Ply: 2, Number: 1}, {Ply: 3, Number: 2, White: true}, {Ply: 4, Number: 2}}, "1:B2 2:W3B4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ""
			for i, r := range moveRows(tc.frames) {
				if i > 0 {
					got += " "
				}
				got += fmt.Sprintf("%d:", r.Number)
				if r.White != nil {
					got += fmt.Sprintf("W%d", r.White.Ply)
				}
				if r.Black != nil {
					got += fmt.Sprintf("B%d", r.Black.Ply)
				}
			}
			if got != tc.want {
				t.Errorf("rows %q, want %q", got, tc.want)
			}
		})
	}
}
