package kit

import "strconv"

// NumberOrEmpty writes a number a form shows, or nothing for 0 (no rating,
// no birth year).
func NumberOrEmpty(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}
