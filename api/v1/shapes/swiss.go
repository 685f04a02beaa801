package shapes

import (
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/export"
)

// PairingWarningView is a warning about a hand-edited pairing with its text
// in both languages from the catalogue.
type PairingWarningView struct {
	Board   int    `json:"board"`
	Code    string `json:"code"`
	Players []int  `json:"players,omitempty"`
	TextRU  string `json:"text_ru"`
	TextEN  string `json:"text_en"`
}

// PairingWarningViews are the warnings of a hand-edited pairing in both
// languages; nil without any.
func PairingWarningViews(ws []tournament.PairingWarning) []PairingWarningView {
	if len(ws) == 0 {
		return nil
	}
	ru, en := catalog.For(catalog.Russian), catalog.For(catalog.English)
	out := make([]PairingWarningView, len(ws))
	for i, w := range ws {
		out[i] = PairingWarningView{Board: w.Board, Code: w.Code, Players: w.Players, TextRU: export.PairingWarning(ru, w), TextEN: export.PairingWarning(en, w)}
	}
	return out
}

// PairingCardView is a pairing card with its texts in both languages.
type PairingCardView struct {
	tournament.PairingCard
	White    cardSideView `json:"white"`
	Black    cardSideView `json:"black"`
	ColourRU string       `json:"colour_ru"`
	ColourEN string       `json:"colour_en"`
}

type cardSideView struct {
	tournament.CardSide
	TextRU string `json:"text_ru,omitempty"`
	TextEN string `json:"text_en,omitempty"`
}

// PairingCardViews are the pairing cards with their texts in both
// languages.
func PairingCardViews(cards []tournament.PairingCard) []PairingCardView {
	ru, en := catalog.For(catalog.Russian), catalog.For(catalog.English)
	side := func(c tournament.PairingCard, s tournament.CardSide) cardSideView {
		if s.StartNo == 0 {
			return cardSideView{}
		}
		return cardSideView{CardSide: s, TextRU: export.CardSide(ru, c, s), TextEN: export.CardSide(en, c, s)}
	}
	out := make([]PairingCardView, len(cards))
	for i, c := range cards {
		out[i] = PairingCardView{PairingCard: c, White: side(c, c.White), Black: side(c, c.Black), ColourRU: export.ColourRule(ru, c), ColourEN: export.ColourRule(en, c)}
	}
	return out
}
