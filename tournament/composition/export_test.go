package composition

// DeriveAward is derive, the award by numbers, for the tests.
var DeriveAward = derive
