// Package adiukh is Adiukh checkers (V. S. Pankovich, 2007) exactly:
// towers, positions and their notation, move generation, a written move
// found among the legal ones (full notation, turning squares, short), a
// game sheet replayed against the rules with its written result judged,
// its PDN, final scores and perft; Game, its rules behind rules.Game, and
// Variant, its value in the registry (rules/games). It speaks the words
// every game shares (rules) and is pure: no I/O, nothing outside the
// standard library, nothing of the tournament that uses it.
package adiukh
