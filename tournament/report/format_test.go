package report

import (
	"adiukh/tournament/catalog"
	"fmt"
	"testing"
	"time"
)

func TestFormatPoints(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		loc  catalog.Lang
		v    float64
		want string
	}{
		{catalog.Russian, 0, "0"},
		{catalog.Russian, 7, "7"},
		{catalog.Russian, 0.5, "½"},
		{catalog.Russian, 5.5, "5½"},
		{catalog.Russian, -1.5, "−1½"},
		{catalog.Russian, 37.25, "37,25"},
		{catalog.English, 37.25, "37.25"},
		{catalog.Russian, 10.3, "10,3"},
	} {
		t.Run(fmt.Sprint(tc.loc, tc.v), func(t *testing.T) {
			if got := formatPoints(tc.loc, tc.v); got != tc.want {
				t.Errorf("formatPoints(%s, %v) = %q, want %q", tc.loc, tc.v, got, tc.want)
			}
		})
	}
}

func TestFormatTimeControl(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		loc  catalog.Lang
		tc   TimeControl
		want string
	}{
		{catalog.Russian, TimeControl{Base: 20 * time.Minute, Increment: 30 * time.Second}, "20 мин + 30 с/ход"},
		{catalog.English, TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}, "3 min + 2 s/move"},
		{catalog.Russian, TimeControl{Base: 50 * 24 * time.Hour, Moves: 10}, "50 дн. / 10 ходов"},
		{catalog.English, TimeControl{Base: 50 * 24 * time.Hour, Moves: 10}, "50 days / 10 moves"},
		{catalog.Russian, TimeControl{Base: 30 * time.Minute}, "30 мин"},
		{catalog.Russian, TimeControl{Increment: 72 * time.Hour}, "3 дн./ход"},
		{catalog.Russian, TimeControl{}, ""},
	} {
		t.Run(tc.want, func(t *testing.T) {
			if got := FormatTimeControl(tc.loc, tc.tc); got != tc.want {
				t.Errorf("FormatTimeControl = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFormatScore(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		s    GameScore
		want string
	}{
		{GameScore{Kind: Played, Own: 17, Opponent: 7}, "17:7"},
		{GameScore{Kind: Played, Own: 12, Opponent: 12}, "12:12"},
		{GameScore{Kind: Forfeit, Own: 24}, "+:−"},
		{GameScore{Kind: Forfeit, Opponent: 24}, "−:+"},
		{GameScore{Kind: DoubleForfeit}, "−:−"},
		{GameScore{Kind: PairingBye}, "бай +"},
		{GameScore{Kind: HalfPointBye}, "бай ="},
		{GameScore{Kind: ZeroPointBye}, "бай −"},
		{GameScore{Kind: Absent}, "—"},
		{GameScore{}, ""},
	} {
		t.Run(tc.want, func(t *testing.T) {
			if got := formatScore(catalog.Russian, tc.s); got != tc.want {
				t.Errorf("formatScore(%+v) = %q, want %q", tc.s, got, tc.want)
			}
		})
	}
}

func TestUnknownLanguageFallsBackToRussian(t *testing.T) {
	t.Parallel()
	if got := text("de", msgCrosstable); got != "Турнирная таблица" {
		t.Errorf("unknown locale renders %q, want Russian", got)
	}
}
