package store

import (
	"encoding/json"

	"adiukh/tournament"
)

func warningsToText(ws []tournament.PairingWarning) (string, error) {
	if len(ws) == 0 {
		return "", nil
	}
	b, err := json.Marshal(ws)
	return string(b), err
}

func textToWarnings(s string) ([]tournament.PairingWarning, error) {
	if s == "" {
		return nil, nil
	}
	var ws []tournament.PairingWarning
	err := json.Unmarshal([]byte(s), &ws)
	return ws, err
}
