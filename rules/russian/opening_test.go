package russian

import (
	"strings"
	"testing"
)

// opening1I is the FMJD table's opening 1-I, after which White moves.
var opening1I = []string{"a3-b4", "b6-a5", "b2-a3", "a7-b6", "a1-b2", "d6-c5"}

// A game played from an opening reads the same from the whole game and
// from the moves after the opening (bare or after the opening's FEN): the
// same moves after it, the same end, the plies numbered as in the whole
// game.
func TestValidateAfterOpeningForms(t *testing.T) {
	const after = "4. b4:d6 e7:c5 5. g3-h4 f6-g5 6. h4:f6 g7:e5\n1:1 agreement"
	whole := "1. a3-b4 b6-a5 2. b2-a3 a7-b6 3. a1-b2 d6-c5 " + after
	opened, err := ValidateAfterOpening("", opening1I)
	if err != nil {
		t.Fatal(err)
	}
	g := opened.Game
	withFEN := "[FEN \"" + g.Position.FEN() + "\"]\n1. b4:d6 e7:c5 2. g3-h4 f6-g5 3. h4:f6 g7:e5\n1:1 agreement"
	withFENNumberedOn := "[FEN \"" + g.Position.FEN() + "\"]\n" + after
	var final string
	for _, text := range []string{after, whole, withFEN, withFENNumberedOn} {
		r, err := ValidateAfterOpening(text, opening1I)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Valid || !r.Replayed() || r.Result == nil || *r.Result != Draw {
			t.Fatalf("%q: valid %v, replayed %v, result %v, errors %v", text, r.Valid, r.Replayed(), r.Result, r.Errors)
		}
		moves := r.AfterOpening()
		if len(moves) != 6 || moves[0].Ply != 7 || moves[0].Number != 4 || moves[0].Move.String() != "b4:d6" || moves[5].Move.String() != "g7:e5" {
			t.Fatalf("%q: moves after the opening %+v", text, moves)
		}
		if all := r.Moves(); len(all) != 12 || all[0].Move.String() != "a3-b4" {
			t.Fatalf("%q: the whole game has %d moves: %+v", text, len(all), all)
		}
		if final != "" && r.Game.Position.FEN() != final {
			t.Fatalf("%q ends in %s, the others in %s", text, r.Game.Position.FEN(), final)
		}
		final = r.Game.Position.FEN()
		// The sheet as written on paper after the opening is numbered
		// on from it, and is no slip.
		if text == after || text == withFENNumberedOn {
			if len(r.Warnings) > 0 {
				t.Fatalf("%q: warnings %v", text, r.Warnings)
			}
		}
		// The PDN numbers the moves as the paper sheet does, on from the
		// opening's.
		pdn := r.PDNAfterOpening()
		if !strings.Contains(pdn, `[FEN "`+g.Position.FEN()+`"]`) || !strings.Contains(pdn, "4. b4xd6 e7xc5 5. g3-h4 f6-g5 6. h4xf6 g7xe5 1-1") {
			t.Fatalf("%q: PDN after the opening:\n%s", text, pdn)
		}
		if reread := ValidateGames(pdn)[0]; !reread.Replayed() || reread.Game.Position != r.Game.Position || len(reread.Warnings) > 0 {
			// A draw agreed is 1-1 in PDN, which says no reason: only the
			// moves are read back.
			t.Fatalf("the PDN after the opening does not read back to the same game: %v %v", reread.Errors, reread.Warnings)
		}
	}
}

// A wrong move is named by its ply and move number in the whole game, in
// either form.
func TestValidateAfterOpeningErrorPly(t *testing.T) {
	for _, text := range []string{
		"4. b4:d6 e7:c5 5. g3-g5",
		"1. a3-b4 b6-a5 2. b2-a3 a7-b6 3. a1-b2 d6-c5 4. b4:d6 e7:c5 5. g3-h5",
	} {
		r, err := ValidateAfterOpening(text, opening1I)
		if err != nil {
			t.Fatal(err)
		}
		if r.Valid || len(r.Errors) == 0 || r.Errors[0].Ply != 9 || r.Errors[0].MoveNumber != 5 {
			t.Fatalf("%q: valid %v, errors %+v; want the error at ply 9, move 5", text, r.Valid, r.Errors)
		}
		if r.PDNAfterOpening() != "" {
			t.Fatalf("%q: a sheet that does not replay has a PDN", text)
		}
	}
}

// A sheet from the FEN of another position is not a game of the opening; a
// result the moves do not reach is refused as for any sheet.
func TestValidateAfterOpeningRefuses(t *testing.T) {
	r, err := ValidateAfterOpening("[FEN \"W:Wa1,c3:Bh8\"]\n1. c3-d4", opening1I)
	if err != nil {
		t.Fatal(err)
	}
	if r.Valid || !strings.Contains(r.Errors[0].Message, "not from the position of the opening") {
		t.Fatalf("another FEN: valid %v, errors %v", r.Valid, r.Errors)
	}
	r, err = ValidateAfterOpening("4. b4:d6 e7:c5 5. g3-h4 1:1", opening1I)
	if err != nil {
		t.Fatal(err)
	}
	if r.Valid {
		t.Fatal("a draw the game has not reached is accepted without its reason")
	}
	if _, err := ValidateAfterOpening("1. c3-d4", []string{"c3-b6"}); err == nil {
		t.Fatal("an opening that does not replay is accepted")
	}
}
