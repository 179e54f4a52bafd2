package injrules

// RulesFlag reports whether the rules alone give text a hit of weight at
// least Floor; the held-out sets of the external test package use it to
// measure the rules without the shield's model.
var RulesFlag = flagged
