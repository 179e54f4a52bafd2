package injrules

import (
	"strings"
)

// Checks for the shapes of poisoned tool descriptions that address the
// reader as a system would (issue 27, "Deliver" 1: cross-tool
// instructions): a "SYSTEM UPDATE:" heading followed by an order, and
// "you must also" followed by an action beyond the tool's purpose
// (reach a partner service, make a network request, clean up files,
// change the user's environment). Both are cross_tool hits.
var toolDescChecks = map[string]check{
	"sysheading": {CrossTool, re(`^system\s+(?:update|enhancement|optimization|optimisation|maintenance(?:\s+protocol)?|alert|notice|upgrade|protocol|requirement|directive)s?\s*:`), 0, 48,
		func(lo string, m []int) (float64, bool) {
			if sysOrder.MatchString(lo[m[1]:min(len(lo), m[1]+400)]) {
				return 0.75, false
			}
			return 0, false
		}},
	"mustalso": {CrossTool, re(`^must\s+also\s+(?:(?:immediately|automatically|then|first|now|quickly|silently|securely|directly)\s+){0,2}(?:access|visit|navigate\s+to|make\s+(?:a\s+)?(?:\w+\s+)?(?:network\s+)?(?:request|call)s?\s+to|send|upload|post|clean\s+up|delete|remove|wipe|modify|update\s+the\s+user'?s?|read|download|submit|forward|transmit|report\s+to|register\s+with|log\s+(?:it|this|the\s+\w+)\s+to)\b`), 0, 120,
		func(lo string, m []int) (float64, bool) {
			// Said to the reader: "you must also …", or an order that
			// opens a clause ("…: must also …"); "the token must also
			// have access" is a requirement.
			b := lo[max(0, m[0]-12):m[0]]
			if !strings.HasSuffix(b, "you ") && !strings.HasSuffix(b, ": ") && !strings.HasSuffix(b, ". ") && m[0] > 0 {
				return 0, false
			}
			return 0.75, false
		}},
}

// sysOrder is an order after a system heading.
var sysOrder = re(`\byou\s+must\b|\bmust\s+(?:first|also|now|always)\b|\bplease\s+(?:call|use|invoke|run)\b|\b(?:always|first)\s+(?:call|use|invoke|run|read|send)\b|\binstead\b|\bredirect`)

var _ = func() bool {
	for name, c := range toolDescChecks {
		checks[name] = c
	}
	// joined with the anchor other files gave the word (direct.go's)
	old := wordAnchors["system"]
	wordAnchors["system"] = anchor{append([]string{"sysheading"}, old.checks...), strings.TrimSpace("update enhancement optimization optimisation maintenance alert notice upgrade protocol requirement directive updates alerts " + old.next)}
	return true
}()
