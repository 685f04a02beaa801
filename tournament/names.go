package tournament

// Names for people of the domain's enumerations, in Russian and English, as
// printed on reports and exported to the federation. The Russian names are
// the rules' own (§9); an unknown value falls back to its API spelling so
// that a name is never blank.

var disciplineNames = map[Discipline][2]string{
	Standard:       {"Адиюх", "Adiukh"},
	StandardTeam:   {"Адиюх — командные соревнования", "Adiukh — team"},
	Rapid:          {"Адиюх — быстрая игра", "Adiukh — rapid"},
	Blitz:          {"Адиюх — молниеносная игра", "Adiukh — blitz"},
	RapidTeam:      {"Быстрая игра — командные соревнования", "Rapid — team"},
	BlitzTeam:      {"Молниеносная игра — командные соревнования", "Blitz — team"},
	Correspondence: {"Адиюх — игра по переписке", "Adiukh — correspondence"},
	Composition:    {"Адиюх — шашечная композиция", "Adiukh — composition"},
}

var systemNames = map[System][2]string{
	RoundRobin:       {"Круговая система", "Round robin"},
	DoubleRoundRobin: {"Двухкруговая система", "Double round robin"},
	Swiss:            {"Швейцарская система", "Swiss system"},
}

// Names returns the discipline's name in Russian and English, as §9 lists
// the eight disciplines.
func (d Discipline) Names() (ru, en string) {
	return namesOf(disciplineNames, d)
}

// Names returns the pairing system's name in Russian and English.
func (s System) Names() (ru, en string) {
	return namesOf(systemNames, s)
}

func namesOf[T ~string](names map[T][2]string, v T) (ru, en string) {
	if n, ok := names[v]; ok {
		return n[0], n[1]
	}
	return string(v), string(v)
}
