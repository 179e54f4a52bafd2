package injrules

// This file widens the rule of action requests inside data (agentact.go;
// issue 27, item 1) by concept rather than by wording: the verbs of acting
// an agent can be asked to perform beyond its user's task — run or launch
// a process, book or reserve, order or charge, post or message, create or
// drop, schedule, rotate or regenerate, set or edit a setting, invoke or
// call a named tool, resolve or escalate a ticket, block or suspend an
// account (and the same in German, French, Spanish and Portuguese) — join agentact.go's class (aaVerbs) and, for the
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
var act5Verbs = words("reserve book rebook reorder re-order bill charge tweet retweet spin launch spawn invoke call create drop truncate schedule regenerate rotate set edit open clear empty commit tag mark leave text output chmod chown curl wget kill restart stop start deploy provision configure submit authorize authorise whitelist allowlist unsubscribe archive fork star follow rebase cherry-pick confirm enroll register sudo initiate perform trigger queue place process complete move message notify log resolve reopen escalate assign reassign dismiss block unblock ban unban suspend restore sync detach unlink mute withdraw redeem claim buche reserviere starte öffne oeffne erstelle storniere réserve reserve lance crée cree ouvre annule reserva lanza crea abre cancela programa inicie crie abra")

// act5Next: the particle some of act5Verbs need to mean an act ("spin
// up", "set up" or "set the …", "open a terminal").
var act5Next = map[string]string{"spin": " up ", "open": " a an the terminal shell up ", "leave": " a an ", "start": " a the ", "stop": " the all ", "clear": " out the all ", "empty": " the ", "call": " the ", "mark": " the it this them all ", "set": " the up all a ", "place": " an a the order orders bet ", "process": " the this a payment refund transfer order ", "complete": " the this checkout purchase payment order transaction ", "move": " the all funds money ", "message": " everyone all the every each ", "log": " in into ", "edit": " the this these all "}

// act5Labels are an agent's name joined to a label ("[agent-task]",
// "agent-directive:"), anchors of agentact.go's check.
var act5Labels = words("agent-task agent-tasks agent-directive agent-action agent-instruction agent-instructions agent-note ai-task ai-directive ai-action ai-instruction bot-task bot-instruction bot-directive assistant-task assistant-directive llm-task llm-directive ai-agent")

// act5Hard extends aiHard, the actions a weak address needs.
const act5Hard = `reserve|book|reorder|charge|tweet|launch|spawn|invoke|call\s+the|create|drop|truncate|schedule|regenerate|rotate|commit|chmod|curl|wget|deploy|submit|authori[sz]e|whitelist|allowlist|set\s+(?:the|up)|edit\s+the|open\s+a\s+(?:terminal|shell)`

// act5Roles are the functions an agent is named by ("AI approver bot",
// "the procurement agent"), qualifiers agentact.go's address accepts
// before an agent's name.
const act5Roles = `approver|approval|payable|accounts-payable|finance|billing|booking|procurement|purchasing|ordering|expense|devops|ops|deployment|release|security|workflow|automation|autonomous|digital|virtual|web|cloud|admin|onboarding|setup|sales|crm|ticket|helpdesk|travel\s+booking|ai-powered`

// act5Dest are destinations agentact.go's third parties lack: a defanged
// URL, a crypto wallet, a raw IP address, a shell's network device.
const act5Dest = `hxxps?://|\bbc1[a-z0-9]{20,}|\b0x[0-9a-f]{40}\b|\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b|/dev/tcp/`

// act5Harm is an extra kind of its own for agentact.go: an act of
// consequence named (a remote script piped to a shell, a recursive
// delete, world-writable permissions, a reverse shell, a dropped table, a
// forced push, an admin role, a disabled second factor or audit log, gift
// cards, auto-forwarding); act5HarmLits are its literals.
var (
	act5Harm     = re(`\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\brm\s+-[rf]{1,2}|chmod\s+(?:-r\s+)?0?777|\bnc\s+-e\b|\bdrop\s+(?:table|database|schema|ns)\b|\btruncate\s+(?:table\s+)?\w|--force\b|force-push|--no-verify|sudoers|nopasswd|-enc(?:odedcommand)?\s|\bsuper\s*-?admin|\b(?:owner|admin)\s+role|administratoraccess|all\s+permissions|write-all|gift\s+cards?|business[\s-]class|\b(?:mx|dns)\s+records?|2-step|two-factor|\b2fa\b|\bmfa\b|audit\s+log|version\s+history|recovery\s+e-?mail|auto-?forward|delete\s+(?:the\s+)?(?:ns|namespace|repo|repository)\b`)
	act5HarmLits = []string{"|", "rm ", "chmod", "nc ", "drop ", "truncate", "--force", "force-push", "--no-verify", "sudoers", "nopasswd", "-enc", "super", "owner role", "admin role", "administratoraccess", "all permissions", "write-all", "gift card", "class", "record", "2-step", "two-factor", "2fa", "mfa", "audit log", "version history", "recovery", "forward", "delete"}
)

// act5Keys are JSON keys of an agent's note ("message_for_agent",
// "agent_directive"), built from an agent's name and a note's name:
// agentact.go's aaKeys completed (the engine's vocabulary is bounded).
var act5Keys = func() map[string]bool {
	ks := map[string]bool{}
	for _, a := range []string{"agent", "ai", "assistant", "llm"} {
		for _, n := range []string{"note", "instruction", "instructions", "directive", "action", "task", "message"} {
			ks[a+"_"+n] = true
		}
		ks["message_for_"+a] = true
		ks["note_for_"+a] = true
	}
	return ks
}()

// act5NextRx: the agent told what its next action must be ("Your next
// step must be to …", "your first task is to …"), at a clause's start.
var act5NextRx = re(`^your\s+(?:next|first|immediate|only|sole)\s+(?:action|step|move|task|job|priority)\s+(?:(?:must|should|will|has\s+to)\s+be|is)\s+(?:now\s+)?(?:to\s+)?`)

// act5NextAct reads "your next action must be to <act>": an address to the
// agent about its own conduct, which a user asking a person or a page
// instructing its reader does not phrase so. The act must open the
// clause, and two extras of agentact.go's kinds are needed (0.65): an
// operator's prompt saying "your first step is to ask the user …" or a
// guide's "your next step is to run the tests" holds at most one.
func act5NextAct(lo string, m []int) (float64, bool) {
	at := m[0]
	if !aaClauseStart.MatchString(lo[max(0, at-24):at]) {
		return 0, false
	}
	as, ae := aaFindAction(lo, m[1], min(len(lo), m[1]+40))
	if as != m[1] {
		return 0, false
	}
	rs, re_ := aaSpan(lo, at)
	if aaExtras(lo[rs:re_], 2) < 2 {
		return 0, false
	}
	m[1] = ae
	return 0.65, false
}

var _ = mergeAct5()

// mergeAct5 adds act5Verbs and act5Next to agentact.go's tables and
// act5Labels and act5Keys to the engine's anchors, and adds the check
// of "your next action must be …".
func mergeAct5() bool {
	for w := range act5Verbs {
		aaVerbs[w] = true
	}
	aaExtraLits = append(aaExtraLits, act5HarmLits)
	aaExtraLits[0] = append(aaExtraLits[0], "hxxp", "bc1", "/dev/tcp")
	for w, n := range act5Next {
		aaVerbNext[w] = n
	}
	as := map[string]anchor{}
	for w := range act5Labels {
		as[w] = anchor{[]string{"agentact"}, ""}
	}
	for w := range act5Keys {
		if !aaKeys[w] {
			aaKeys[w] = true
			as[w] = anchor{[]string{"agentact"}, ""}
		}
	}
	as["your"] = anchor{[]string{"act5next"}, "next first immediate only sole"}
	addChecks(map[string]check{"act5next": {Exfiltrate, act5NextRx, 0, 80, act5NextAct}})
	addAnchors(as, false)
	return true
}
