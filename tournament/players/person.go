package players

import "adiukh/tournament"

// FromPerson prepares the input of a new player of event e who is the
// person of the register in.PersonID names (followed through a merge): the
// person's details fill what the input leaves out or empty, and their
// published rating of the event's list the rating, unless one is typed,
// and their highest title in the event's game the title, unless one is
// typed. A person plays once in an event. It returns the person's ID, 0 when the
// input names none.
func FromPerson(tx tournament.Tx, e *tournament.Event, in *tournament.PlayerInput) (int64, error) {
	if in.PersonID == nil || *in.PersonID == 0 {
		return 0, nil
	}
	person, err := tournament.PersonOf(tx, *in.PersonID)
	if err != nil {
		return 0, err
	}
	players, err := tx.PersonPlayers(person.ID)
	if err != nil {
		return 0, err
	}
	for _, p := range players {
		if p.EventID == e.ID {
			return 0, tournament.Conflict("person_id", "%s (%s) plays in this event already, as start number %d", person.Name(), person.FederationID, p.StartNo)
		}
	}
	personDetails(in, person)
	if in.Title == nil || *in.Title == "" {
		title := person.TitleIn(e.Game)
		in.Title = &title
	}
	if in.Rating == nil {
		published, err := tx.PublishedRating(person.ID, e.Game, e.Discipline)
		if err != nil {
			return 0, err
		}
		in.Rating = &published
	}
	return person.ID, nil
}

// personDetails fills a new player's details from their person, where the
// input leaves them out or empty.
func personDetails(in *tournament.PlayerInput, p *tournament.Person) {
	name := p.Name()
	fill := func(field **string, v string) {
		if (*field == nil || **field == "") && v != "" {
			*field = &v
		}
	}
	fill(&in.Name, name)
	fill(&in.Club, p.Club)
	fill(&in.City, p.Region)
	fill(&in.FederationID, p.FederationID)
	fill(&in.Federation, p.Federation)
	if in.BirthYear == nil && p.BirthYear != 0 {
		y := p.BirthYear
		in.BirthYear = &y
	}
}
