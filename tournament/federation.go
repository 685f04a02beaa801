package tournament

import "strings"

// A player's or a person's federation is the national federation they play
// for, by the three capital letters the FMJD and FIDE lists write beside a
// name (RUS, NED, SEN, FRA) and a TRF's 001 line keeps in columns 54–56;
// "" when it is not known.

// ParseFederation reads a federation as people type it («rus», « NED »)
// and writes it in capitals; "" for an empty text.
func ParseFederation(field, text string) (string, error) {
	code := strings.ToUpper(strings.TrimSpace(text))
	if code == "" {
		return "", nil
	}
	if len(code) != 3 || strings.Trim(code, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		return "", Invalid(field, "a federation is three Latin letters, as FMJD lists write it (RUS, NED, SEN); got %q", text)
	}
	return code, nil
}
