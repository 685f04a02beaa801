package tournament

// DefaultTieBreaks is the preset tie-break order for a pairing system, as a
// new event gets it; forms offer it as a preset.
func (s *Service) DefaultTieBreaks(sys System) []string {
	return s.ranker.DefaultTieBreaks(sys)
}
