package report

import (
	"fmt"
	"testing"
	"time"
)

func TestFormatPoints(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		loc  Locale
		v    float64
		want string
	}{
		{Russian, 0, "0"},
		{Russian, 7, "7"},
		{Russian, 0.5, "½"},
		{Russian, 5.5, "5½"},
		{Russian, -1.5, "−1½"},
		{Russian, 37.25, "37,25"},
		{English, 37.25, "37.25"},
		{Russian, 10.3, "10,3"},
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
		loc  Locale
		tc   TimeControl
		want string
	}{
		{Russian, TimeControl{Base: 20 * time.Minute, Increment: 30 * time.Second}, "20 мин + 30 с/ход"},
		{English, TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}, "3 min + 2 s/move"},
		{Russian, TimeControl{Base: 50 * 24 * time.Hour, Moves: 10}, "50 дн. / 10 ходов"},
		{English, TimeControl{Base: 50 * 24 * time.Hour, Moves: 10}, "50 days / 10 moves"},
		{Russian, TimeControl{Base: 30 * time.Minute}, "30 мин"},
		{Russian, TimeControl{Increment: 72 * time.Hour}, "3 дн./ход"},
		{Russian, TimeControl{}, ""},
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
			if got := formatScore(Russian, tc.s); got != tc.want {
				t.Errorf("formatScore(%+v) = %q, want %q", tc.s, got, tc.want)
			}
		})
	}
}

func TestTextFallsBackToRussian(t *testing.T) {
	t.Parallel()
	name := Text{RU: "Коэффициент Бергера"}
	if got := name.In(English); got != "Коэффициент Бергера" {
		t.Errorf("Text without EN in English = %q, want the Russian name", got)
	}
	if got := text("de", msgCrosstable); got != "Турнирная таблица" {
		t.Errorf("unknown locale renders %q, want Russian", got)
	}
}
