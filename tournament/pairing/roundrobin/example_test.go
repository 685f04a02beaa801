package roundrobin_test

import (
	"fmt"

	"adiukh/tournament/pairing/roundrobin"
)

// Five players: the table for six, with number 6 as the bye.
func ExampleSchedule() {
	rounds, err := roundrobin.Schedule(5, false)
	if err != nil {
		panic(err)
	}
	for i, round := range rounds {
		fmt.Printf("round %d:", i+1)
		for _, p := range round {
			if p.Bye() {
				fmt.Printf(" %d bye", p.White)
				continue
			}
			fmt.Printf(" %d-%d", p.White, p.Black)
		}
		fmt.Println()
	}
	// Output:
	// round 1: 2-5 3-4 1 bye
	// round 2: 5-3 1-2 4 bye
	// round 3: 3-1 4-5 2 bye
	// round 4: 1-4 2-3 5 bye
	// round 5: 4-2 5-1 3 bye
}
