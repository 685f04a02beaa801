package solve

import "adiukh/rules"

// say makes a message whose English format is the key of its translation
// (the one catalogue, tournament/catalog).
func say(format string, args ...any) rules.Message { return rules.Message{Format: format, Args: args} }
