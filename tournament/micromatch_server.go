package tournament

// DrawSectionOpenings draws the openings of a micro-match event's new
// round r with tools, as pairing a round does (Service.PairNextRound): for a
// correspondence section, whose rounds its own service pairs all at once
// when it starts. earlier are the event's rounds before r.
func DrawSectionOpenings(tools OpeningTools, tx OpeningTx, e *Event, earlier []Round, r *Round) error {
	// Drawing needs nothing of a service but its tools.
	return (&Service{openings: tools}).drawOpenings(tx, e, earlier, r)
}
