package dutch

// PairWithSlots exposes the width of the score fields to the tests.
var PairWithSlots = pairWithSlots
