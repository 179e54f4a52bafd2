package injrules

// This file widens the rule of action requests inside data (agentact.go;
// issue 27, item 1) by concept rather than by wording: the verbs of acting
// an agent can be asked to perform beyond its user's task — run or launch
// a process, book or reserve, order or charge, post or message, create or
// drop, schedule, rotate or regenerate, set or edit a setting, invoke or
// call a named tool — join agentact.go's class (aaVerbs) and, for the
// weaker address ("the agent must …"), its narrower class (aiHard). The
// address and the extras stay agentact.go's: a verb alone, or a verb with
// an address and nothing that marks the request as foreign to the user's
// task, scores under Floor, so a user's own "Assistant, book a table"
// stays clean. A double hyphen after the agent's name ("Assistant --
// book …") counts as the dash it stands for.
//
// The words were written for this project from the kinds of action the
// issue names; no public collection of injections was read.

// act5Verbs are the verbs added to aaVerbs (imperatives at a clause's
// start near an address to the agent).
var act5Verbs = words("reserve book rebook reorder re-order bill charge tweet retweet spin launch spawn invoke call create drop truncate schedule regenerate rotate set edit open clear empty commit tag mark leave text output chmod chown curl wget kill restart stop start deploy provision configure submit authorize authorise whitelist allowlist unsubscribe archive fork star follow rebase cherry-pick confirm enroll register sudo")

// act5Next: the particle some of act5Verbs need to mean an act ("spin
// up", "set up" or "set the …", "open a terminal").
var act5Next = map[string]string{"spin": " up ", "open": " a an the terminal shell up ", "leave": " a an ", "start": " a the ", "stop": " the all ", "clear": " out the all ", "empty": " the ", "call": " the ", "mark": " the it this them all ", "set": " the up all a "}

// act5Labels are an agent's name joined to a label ("[agent-task]",
// "agent-directive:"), anchors of agentact.go's check.
var act5Labels = words("agent-task agent-tasks agent-directive agent-action agent-instruction agent-instructions agent-note ai-task ai-directive ai-action ai-instruction bot-task bot-instruction bot-directive assistant-task assistant-directive llm-task llm-directive ai-agent")

// act5Hard extends aiHard, the actions a weak address needs.
const act5Hard = `reserve|book|reorder|charge|tweet|launch|spawn|invoke|call\s+the|create|drop|truncate|schedule|regenerate|rotate|commit|chmod|curl|wget|deploy|submit|authori[sz]e|whitelist|allowlist|set\s+(?:the|up)|edit\s+the|open\s+a\s+(?:terminal|shell)`

var _ = mergeAct5()

// mergeAct5 adds act5Verbs and act5Next to agentact.go's tables and
// act5Labels to the engine's anchors.
func mergeAct5() bool {
	for w := range act5Verbs {
		aaVerbs[w] = true
	}
	for w, n := range act5Next {
		aaVerbNext[w] = n
	}
	as := map[string]anchor{}
	for w := range act5Labels {
		as[w] = anchor{[]string{"agentact"}, ""}
	}
	addAnchors(as, false)
	return true
}
