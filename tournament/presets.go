package tournament

import "slices"

// DefaultTieBreaks is the preset tie-break order for a pairing system, as a
// new event gets it; forms offer it as a preset.
func (s *Service) DefaultTieBreaks(sys System) []string {
	return s.ranker.DefaultTieBreaks(sys)
}

// DefaultTieBreaksOf is the preset for a pairing system cut to the
// tie-breaks an event of the game may have, as its desk offers it.
func (s *Service) DefaultTieBreaksOf(k GameKind, sys System) []string {
	return k.OfferedTieBreaks(s.ranker.DefaultTieBreaks(sys))
}

// TieBreaksOf lists the tie-breaks an event of the game may order its
// standings by.
func (s *Service) TieBreaksOf(k GameKind) []TieBreakInfo {
	return slices.DeleteFunc(slices.Clone(s.ranker.TieBreaks()), func(t TieBreakInfo) bool { return !k.OffersTieBreak(t.ID) })
}
