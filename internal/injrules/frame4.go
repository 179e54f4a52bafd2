package injrules

import (
	"sort"
	"strings"
	"sync"
)

// The framing brake (issue 27, item 1: "text about injection (docs,
// advisories, test-suite prose) and operator-written system prompts are
// not attacks"). Frame and Weigh lower single hits; the brake reads the
// text as a whole once its evidence would flag it, and lowers every piece
// of visible evidence together — rules, §5 hints and the model — when the
// text is one of the shapes below and none of its evidence speaks to the
// reader:
//
//   - Cited: a text about attacks (an advisory, a detector's README or
//     rule file, a red-team report, a test and its fixtures) whose
//     evidence at the floor lies in quotations, string literals, reported
//     speech ("an attacker might write …") or a list of examples.
//   - Policy: an operator's system prompt or an agent's instruction file
//     (AGENTS.md, a skill's body): a role or a heading, then directives,
//     none of which overturns earlier instructions, hides an action from
//     the user or reaches for secrets, shells or addresses.
//   - Echo: a tool's output whose evidence is the value of a key that
//     echoes a request ("query", "input", "prompt").
//
// The attacks that wear such clothes keep their weight: the brake does not
// apply when the text, outside what it cites, addresses the reading model
// ("any AI reading this advisory must …"), enacts its example ("now apply
// it", "this one is not a fixture"), overturns instructions ("[system] new
// policy: …", "previous guidelines are revoked"), or hides from the user.

// Evidence is a piece of evidence Brake reads: its byte span and whether
// it is an instruction no operator writes (an override of earlier
// instructions, a jailbreak, a forged role turn: the rules Weigh does not
// lower in an operator's prompt), which an operator's policy does not
// brake unless it is cited.
type Evidence struct {
	Start, End int
	Overrides  bool
}

// BrakeFactor is the factor by which the shield multiplies every piece of
// visible prompt-injection evidence of a braked text.
const BrakeFactor = 0.4

// brakeLimit bounds the bytes Brake reads: its first 16 KiB, as Frame.
const brakeLimit = 16 << 10

// Brake returns the factor in (0, 1] by which visible prompt-injection
// evidence in text counts: BrakeFactor when the text is cited, policy or
// echo (see above) and nothing in it addresses or enacts, 1 otherwise.
// ev is the evidence at the floor or above (rule hits and §5 findings;
// the model's window is not a span a text cites).
// It reads at most the first 16 KiB of text: its expressions are linear
// in their input and each runs at most 32 matches, and the quotation scan
// looks at most 600 bytes ahead of each quote mark, so time is at most
// about 600 steps a byte of that prefix and memory linear in it; a span
// beyond the prefix is not cited. The shield calls it only on a text its
// evidence would flag.
func Brake(text string, ev []Evidence) float64 {
	d := readDiscourse(text)
	if d.brakes(ev) {
		return BrakeFactor
	}
	return 1
}

// Unframe reports whether text, which Frame reads as about attacks,
// speaks to the reading model outside what it cites: it addresses the
// model ("any AI assistant reading this advisory must …") or enacts what
// it cites ("now apply it"). The shield then weighs its evidence as
// though Frame had not read it as about attacks (an advisory's clothes do
// not halve its instruction). It reads as Brake does.
func Unframe(text string) bool {
	d := readDiscourse(text)
	return d.outside(addressCueL, true) || d.outside(enactCueL, true)
}

// BrakeShape names the shape Brake found in text ("cited", "policy",
// "echo") or "" when it does not brake; for tests and the docs' tables.
func BrakeShape(text string, ev []Evidence) string {
	d := readDiscourse(text)
	if !d.brakes(ev) {
		return ""
	}
	return d.shape
}

// discourse is what readDiscourse finds in a text.
type discourse struct {
	lo     string
	text   string   // the text read, before lowering
	quotes []region // quotations, string literals, code spans, blockquotes
	meta   bool     // the text talks about attacks, detectors or tests
	// metaCore: it names attacks (metaCore), as a text that only the
	// model flags must, to be braked.
	metaCore bool
	policy   bool // the text reads as an operator's or a project's rules
	// rolePlay: the text opens by casting the reader in a role ("you
	// are", "imagine you are", "pretend"): a persona or a role-play, never
	// a text about attacks that cites them.
	rolePlay bool
	// requests: the text asks its reader to write, explain or provide
	// something; a text about attacks that only the model flags is
	// braked only when it asks for nothing (a harmful request dressed as
	// research is not an explainer).
	requests bool
	// code: the text is source code (a keyword of a language at a
	// line's start or after an opening).
	code bool
	// template: the text is a prompt or chat template (Framing.Template,
	// or one placeholder in a text that says it is a template).
	template bool
	// subverts: where it does not cite, the text overturns instructions;
	// enacts: outside prose citations, it asks the reader to carry out
	// what it cites; conceals: it hides from the user (which a text about
	// attacks may narrate, so Unframe does not read it); addresses: it
	// speaks to the reading model; harms: a directive reaches for
	// secrets, shells, addresses or forwarding.
	subverts, enacts, conceals, addresses, harms bool
	shape                                        string
	// has says, by cueLits' index, which cue literals lo holds (nil
	// until a cue is first read: see present).
	has []bool
}

// region is a quoted span of the lowered text; cite marks a quotation
// that prose introduces ("such as '…'", "the sentence: '…'"), as opposed
// to a literal of code or data.
type region struct {
	start, end int
	cite       bool
}

func readDiscourse(text string) *discourse {
	if len(text) > brakeLimit {
		text = text[:brakeLimit]
	}
	lo := asciiLower(text)
	d := &discourse{lo: lo, text: text}
	d.quotes = quoteRegions(lo)
	return d
}

// blocked reports whether the text, outside what it cites, overturns
// instructions, enacts what it cites or hides from the user: no shape
// brakes it. The expressions run only when asked (each is a pass over
// the text).
func (d *discourse) blocked() bool {
	d.subverts = d.uncited(subvertCues)
	if d.subverts {
		return true
	}
	d.enacts = d.outside(enactCueL, true)
	if d.enacts {
		return true
	}
	d.conceals = d.outside(concealCueL, true)
	return d.conceals
}

// brakes reports whether d's text brakes with its evidence ev. It reads
// the evidence's citations first and runs only the expressions the shape
// it may take needs.
func (d *discourse) brakes(ev []Evidence) bool {
	cited, prose := true, len(ev) > 0
	echoed := len(ev) > 0
	overrides := false
	for _, s := range ev {
		switch d.cited(s.Start, s.End) {
		case notCited:
			cited, prose = false, false
			overrides = overrides || s.Overrides
		case literal:
			prose = false
		}
		if !d.echoed(s.Start) {
			echoed = false
		}
	}
	lo := d.lo
	switch {
	case prose || cited && d.isMeta(ev):
		d.shape = "cited"
	case !overrides && policyText(lo):
		d.policy, d.shape = true, "policy"
	case echoed:
		d.shape = "echo"
	case templateSlots(lo, 2) >= 2 || templateSlots(lo, 1) == 1 && strings.Contains(lo, "template"):
		d.template, d.shape = true, "template"
	default:
		return false
	}
	if d.blocked() {
		return false
	}
	if d.shape == "policy" {
		d.harms = d.harmful()
		return !d.harms
	}
	d.addresses = d.outside(addressCueL, true)
	return !d.addresses
}

// isMeta reports whether the text is about attacks in a way that lets
// its literals cite (see brakes): it talks about attacks and does not
// open on a role; with no evidence but the model's, it is code or names
// attacks and asks for nothing.
func (d *discourse) isMeta(ev []Evidence) bool {
	d.meta, d.metaCore = metaText(d.text)
	if !d.meta {
		return false
	}
	d.rolePlay = rolePlay.MatchString(strings.TrimLeft(d.lo[:min(len(d.lo), 200)], " \t\r\n\"'#*"))
	if d.rolePlay {
		return false
	}
	if len(ev) > 0 {
		return true
	}
	d.code = codeCue.MatchString(d.lo[:min(len(d.lo), 4<<10)])
	if !d.metaCore && !d.code {
		return false
	}
	d.requests = d.outside(requestCueL, false)
	return !d.requests
}

// asciiLower lowers ASCII letters only, so that offsets stay those of s.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// quoteRegions finds the quoted spans of lo in one pass: double quotes
// (a backslash escapes), typographic quotes, single quotes that are not
// apostrophes, backtick spans and fences, and blockquote lines. A
// quotation ends at a blank line or after 600 bytes (single quotes: a
// line or 400 bytes); an unclosed one is no region.
func quoteRegions(lo string) []region {
	var rs []region
	add := func(open, start, end int) {
		if dataValue(lo, open) {
			return // a value of a record: the content, not a quotation
		}
		rs = append(rs, region{start: start, end: end, cite: citingBefore(lo, open)})
	}
	for i := 0; i < len(lo); i++ {
		switch c := lo[i]; {
		case c == '"':
			if e := closeQuote(lo, i+1, `"`, 600, true); e > 0 {
				add(i, i+1, e)
				i = e
			}
		case c == '`':
			if strings.HasPrefix(lo[i:], "```") {
				if e := strings.Index(lo[i+3:], "```"); e >= 0 {
					add(i, i+3, i+3+e)
					i += 5 + e
				}
				continue
			}
			if e := closeQuote(lo, i+1, "`", 400, false); e > 0 {
				add(i, i+1, e)
				i = e
			}
		case c == '\'':
			if i > 0 && isWordByte(lo[i-1]) || i+1 >= len(lo) || lo[i+1] == ' ' {
				continue // an apostrophe or a stray mark
			}
			if e := closeSingle(lo, i+1); e > 0 {
				add(i, i+1, e)
				i = e
			}
		case c == '>' && (i == 0 || lo[i-1] == '\n'):
			e := strings.IndexByte(lo[i:], '\n')
			if e < 0 {
				e = len(lo) - i
			}
			add(i, i+1, i+e)
			i += e - 1
		case c == 0xe2 && i+2 < len(lo) && lo[i+1] == 0x80 && (lo[i+2] == 0x9c || lo[i+2] == 0x98):
			closer := "”"
			if lo[i+2] == 0x98 {
				closer = "’"
			}
			if e := closeQuote(lo, i+3, closer, 600, false); e > 0 {
				add(i, i+3, e)
				i = e + len(closer) - 1
			}
		}
	}
	return rs
}

// closeQuote returns the offset of the quote q that closes a quotation
// opened before from, within max bytes and before a blank line, or -1.
func closeQuote(lo string, from int, q string, max int, escapes bool) int {
	end := min(len(lo), from+max)
	for j := from; j < end; j++ {
		if escapes && lo[j] == '\\' {
			j++
			continue
		}
		if lo[j] == '\n' && j+1 < len(lo) && lo[j+1] == '\n' {
			return -1
		}
		if strings.HasPrefix(lo[j:], q) {
			return j
		}
	}
	return -1
}

// closeSingle returns the offset of the single quote that closes a
// quotation opened before from on the same line, within 400 bytes, or
// -1: a quote not followed by a letter or digit.
func closeSingle(lo string, from int) int {
	end := min(len(lo), from+400)
	for j := from; j < end; j++ {
		switch {
		case lo[j] == '\n':
			return -1
		case lo[j] == '\'' && (j+1 == len(lo) || !isWordByte(lo[j+1])) && j > from && lo[j-1] != ' ':
			return j
		}
	}
	return -1
}

// citingBefore reports whether the quotation opening at open follows the
// words that cite ("such as", "says", "the sentence", "e.g."), with or
// without a colon, or a list item's marker.
func citingBefore(lo string, open int) bool {
	before := strings.TrimRight(lo[max(0, open-48):open], " \t([")
	if line := before[strings.LastIndexByte(before, '\n')+1:]; listItem(line+" ") && strings.TrimLeft(line, " \t-*0123456789.)") == "" {
		return true // a list item that is a quotation
	}
	if strings.HasSuffix(before, ":") {
		// A colon cites after a citing word ("the text read:", "the
		// sentence:"); after a label ("Slack message from #general:",
		// "Result 2:") or a quoted key it introduces the content itself.
		before = strings.TrimRight(strings.TrimSuffix(before, ":"), " \t")
		if strings.HasSuffix(before, `"`) || strings.HasSuffix(before, "'") {
			return false
		}
	}
	k := len(before)
	for k > 0 && !isWordByte(before[k-1]) {
		k--
	}
	j := k
	for j > 0 && (isWordByte(before[j-1]) || before[j-1] == '.') {
		j--
	}
	return citeWords[strings.Trim(before[j:k], ".")]
}

// dataValue reports whether the quotation opening at open is the value of
// a key of a record (JSON, a Python dict, YAML, an assignment) that is not
// a key of test data: an e-mail's "body" or an event's "name" is what a
// tool returned, while a fixture's "input" or a rule's "pattern" cites.
func dataValue(lo string, open int) bool {
	before := strings.TrimRight(lo[max(0, open-40):open], " \t")
	if !strings.HasSuffix(before, ":") {
		return false
	}
	before = strings.TrimRight(before[:len(before)-1], " \t")
	quotedKey := strings.HasSuffix(before, `"`) || strings.HasSuffix(before, "'")
	before = strings.TrimRight(before, `"'`)
	k := len(before)
	for k > 0 && (isWordByte(before[k-1]) || before[k-1] == '-') {
		k--
	}
	key := before[k:]
	// A record a tool returns quotes its keys (JSON, a Python dict); a
	// bare key is a configuration's (YAML), whose values cite, and
	// "the text read: '…'" is prose.
	if key == "" || !quotedKey {
		return false
	}
	for _, part := range strings.FieldsFunc(key, func(r rune) bool { return r == '_' || r == '-' }) {
		if fixtureKeys[strings.TrimSuffix(part, "s")] {
			return false
		}
	}
	return true
}

// fixtureKeys are the keys (or parts of keys, singular) under which test
// data and rule files cite an attack.
var fixtureKeys = words("input prompt attack payload pattern example case sample deny block allow regex rule phrase test adversarial injection jailbreak expected canary template query q question request user_input asked string")

// citeWords end the prose before a quotation that cites ("such as",
// "e.g.", "for example", "among them", "the sentence", "says", "text
// like"): the last word before the quotation is read, not an expression.
var citeWords = words("as like e.g eg i.e ie example examples instance says say said saying wrote write writes writing type typed read reads containing contains contain include included including them sentence phrase phrases message messages text string strings line words word sent send sends ask asks asked asking told tell tells prompt prompts payload payloads input inputs query or and of with that to than is was variant variants version began begin begins starting start starts")

// metaCore are words of text about attacks; metaWords the words of
// analysis, detection and testing beside them.
var (
	metaCore  = words("injection injections injected inject jailbreak jailbreaks jailbreaking attack attacks attacker attackers attacking adversarial red-team red-teaming redteam malicious phishing exploit exploits exploited exfiltrate exfiltration poisoning poisoned payload payloads vulnerability vulnerabilities cve owasp threat hijack hijacked manipulation manipulate")
	metaWords = words("example examples e.g detect detects detected detection detector detectors classifier classify classified flag flags flagged scanner scan scans guard guardrail guardrails filter filters deny block blocked blocks threshold regex regexes pattern patterns heuristic heuristics test tests testing tested assert expected fixture fixtures eval evaluation benchmark dataset research researcher researchers paper abstract study appendix security advisory mitigation mitigations mitigate defence defense defences defenses defend incident report reported finding findings severity risk risks caught refused refuses refuse refusal resist expect expects blocklist denylist allowlist resisted hypothetical hypothetically scenario quiz lesson exercise course training taxonomy category label labels score demo demos talk glossary prompts")
)

// metaText reports whether text talks about attacks: a word of
// metaCore, or three of metaWords (a test suite that never says
// "attack"); core, whether it holds a word of metaCore. Identifiers
// count by their parts ("redTeamPrompts", "test_blocks_role_marker").
func metaText(text string) (meta, named bool) {
	var core, other int
	seen := map[string]bool{}
	for i := 0; i < len(text); {
		for i < len(text) && !isLetter(text[i]) {
			i++
		}
		j := i + 1
		for j < len(text) && (isLetter(text[j]) && !(isUpper(text[j]) && !isUpper(text[j-1])) || text[j] == '-' && j+1 < len(text) && isLetter(text[j+1]) || text[j] == '.' && j+1 < len(text) && isLetter(text[j+1]) && j-i == 1) {
			j++
		}
		w := asciiLower(text[i:min(j, len(text))])
		i = j
		if len(w) < 2 || len(w) > 24 || seen[w] {
			continue
		}
		switch {
		case metaCore[w]:
			seen[w] = true
			core++
		case metaWords[w]:
			seen[w] = true
			other++
		}
		if core >= 1 {
			return true, true
		}
	}
	return other >= 3, false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// rolePlay opens a text that casts its reader in a role.
var rolePlay = re(`^(?:you\s+are|you're|imagine|pretend|act\s+as|let's\s+play|let\s+us\s+play|from\s+now\s+on|as\s+an?\s|roleplay|role-play|suppose\s+you|you\s+will\s+(?:be|act|play))\b`)

// codeCue is a keyword of source code that opens a declaration or a
// statement.
var codeCue = re(`(?:^|\n)\s*(?:func|def|const|var|let|import|package|class|return|assert|expect|describe|it|test|from\s+\S+\s+import|#include|public|private|static)\b|\bfunc\s+\w+\(|\bdef\s+\w+\(|=>`)

// requestCue asks the reader to produce something.
var requestCue = re(`\b(?:your\s+(?:task|job|goal)\s+is|i\s+need\s+(?:you|a\s+list|a\s+detailed|step)|(?:(?:can|could|would|will)\s+you|you\s+(?:can|could|would))\s+(?:please\s+)?(?:write|provide|give|explain|describe|list|create|generate|help|outline|detail)|please\s+(?:write|provide|give|explain|describe|list|create|generate|detail|outline|delete|send|share|forward|execute|run|transfer|update|change|grant|remove|pay|book|buy|post|upload|download|install|open|click|reply|tell|show|print|reveal|repeat|output|ignore|disregard|forget)|(?:^|[.!?\n]\s*)(?:execute|run|call|invoke)\s+\[|(?:^|[.!?\n]\s*)(?:write|provide|give|explain|describe|list|create|generate|detail|outline|draft|compose|develop|design)\s+(?:me\s+|us\s+)?(?:a|an|the|how|some|step|steps|detailed|specific|\d+)\b)`)

// policyOpen is how an operator's prompt or a project's rules for agents
// open: a role, an address to the assistant, a heading of instructions
// or a rule file's name.
var policyOpen = re(`(?:^|\n)\W{0,6}(?:\[?system\]?\s*:?\s*)?(?:(?:\[?system\]?|system\s+prompt|developer\s+message|operator\s+(?:configuration|instructions))\s*[:\n\]-]|you\s+are\s+(?:an?\s+|the\s+|now\s+(?:an?|the)\s+)?["\w-]+|you're\s+an?\s|your\s+(?:role|task|job|name|purpose)\s+is|act\s+as\s+an?\s|role\s*:|persona\s*:|(?:instructions|guidelines|rules)\s+for\s+(?:the\s+)?(?:ai|assistant|agents?|coding|llm)|assistant\s+(?:guidelines|configuration|instructions)|(?:assistant|agent)\s+configuration|(?:notes?|instructions|guidelines|rules)\s+(?:for|to)\s+(?:the\s+)?(?:ai|coding|llm)\s+(?:agents?|assistants?)|if\s+you\s+are\s+an?\s+(?:ai|llm|coding)\b|agents\.md|claude\.md|copilot\s+instructions|project\s+rules|\.cursorrules|name\s*:\s*[\w-]+\s*\ndescription\s*:)`)

// policyDirective is a directive of such a text, at the start of a
// sentence or a list item.
var policyDirective = re(`(?:^|[\n.!?:;,]['")\]]*\s*(?:and\s+|or\s+|please\s+)?)(?:[-*]\s+|\d+[.)]\s+)?(?:never|always|do\s+not|don't|must|you\s+must|you\s+may|you\s+can|you\s+should|you\s+have|you\s+will|only|keep|avoid|refuse|decline|if|use|prefer|treat|stay|answer|respond|reply|be\s+|ask|run|read|follow|write|end|include|format|output|suggest|recommend|help|greet|explain|summari[sz]e|list|provide|give|tell|offer|say|speak|talk|check|confirm|collect|direct|refer|escalate|cite|quote|translate|classify|correct|return|point|mark|flag|redact|stop|make\s+sure|ensure|remember)\b`)

// policyRestrict is a directive that restricts, as operators' rules do
// and personas of role-play jailbreaks rarely do.
var policyRestrict = re(`(?:^|[\n.!?:;,]['")\]]*\s*(?:and\s+|or\s+|please\s+)?)(?:[-*]\s+|\d+[.)]\s+)?(?:\*\*)?(?:never|do\s+not|don't|must\s+not|you\s+must\s+not|you\s+must\s+never|only|refuse|decline|avoid|you\s+may\s+not|you\s+cannot|you\s+can't|you\s+should\s+not|you\s+must\s+only|you\s+may\s+only|you\s+can\s+only|keep\s+(?:these|this|your)\s+(?:instructions|prompt|rules|message)|ignore\s+(?:any\s+)?(?:instructions|text|commands))\b`)

// policyParty names whom an operator's rules serve or what a project's
// rules govern; a role-play persona speaks of a scenario instead.
var policyParty = re(`\b(?:the\s+user|users|user's|customers?|customer's|clients?|patients?|guests?|callers?|visitors?|players?|learners?|students?|employees?|children|the\s+human|tools?|repository|repo|codebase|project|tests|commits?|people|shoppers|buyers|members|readers|audience|travell?ers|residents|staff|applicants|candidates|kids|parents|subscribers|patrons|diners|tenants|drivers|passengers)\b`)

// policyProtect keeps an operator's prompt to itself, as role-play
// personas rarely do (Framing.OperatorRules).
var policyProtect = re(`(?:reveal|share|disclose|discuss|repeat|print|show)\s+(?:these|this|your|the|my)\s+(?:system\s+)?(?:instructions|prompt|message|rules|configuration|guidelines|persona|setup)|(?:these|this|your|the)\s+(?:instructions|prompt|rules|guidelines|persona)\s+(?:are\s+|is\s+)?(?:private|confidential|secret|to\s+yourself)|about\s+your\s+(?:instructions|rules|prompt|configuration|setup)`)

// policyText reports whether lo reads as an operator's system prompt or a
// project's rules for agents: an opening among its first 400 bytes, three
// directives, one that restricts, and the party the rules serve or a
// rule that keeps the prompt to itself.
func policyText(lo string) bool {
	lo = lo[:min(len(lo), 4<<10)] // an operator's rules open the text
	head := lo[:min(len(lo), 400)]
	if !policyOpen.MatchString(head) || !policyRestrict.MatchString(lo) || !policyParty.MatchString(lo) && !policyProtect.MatchString(lo) {
		return false
	}
	n := 0
	for from := 0; from < len(lo) && n < 3; {
		loc := policyDirective.FindStringIndex(lo[from:])
		if loc == nil {
			break
		}
		n++
		from += loc[1]
	}
	return n >= 3
}

// subvertCues overturn instructions or grant the reader a rule-free
// mode; they count where the text does not cite.
var subvertCues = []cue{
	{re(`(?:previous|prior|earlier|original|above|operator'?s?|old|current|existing|your|these|those|safety|all|initial)\s+(?:[\w-]+\s+){0,2}(?:instructions|rules|guidelines|directives|system\s+prompt|prompt|configuration|policy|policies|restrictions|filters)\s+(?:are|is|were|have\s+been|has\s+been)\s+(?:now\s+)?(?:void|revoked|null|cancel+ed|replaced|superseded|lifted|suspended|disabled|obsolete|outdated|invalid|no\s+longer)`), strings.Fields("void revoked null cancel replaced superseded lifted suspended disabled obsolete outdated invalid longer")},
	{re(`no\s+longer\s+(?:apply|applies|bound|valid|in\s+effect|ha(?:s|ve)\s+(?:any\s+)?(?:content\s+)?(?:restrictions|rules|limits))`), strings.Fields("longer")},
	{re(`(?:new|updated|revised)\s+(?:system\s+)?(?:prompt|policy|instructions|configuration|rules)\b`), strings.Fields("new updated revised")},
	{re(`\bpolicy\s+(?:update|override|has\s+been\s+changed)|\bsystem\s+(?:override|update|notice|message)\b|\b(?:operator|admin|administrator|developer)\s+(?:update|override|message|notice)\b|end\s+of\s+(?:the\s+)?system\s+prompt|developer\s+mode`), strings.Fields("policy system operator admin developer")},
	{re(`(?:override|overrides|overriding|supersedes?|replaces?|takes?\s+priority\s+over)\s+(?:your|the|earlier|previous|prior|operator'?s?)\s+(?:[\w-]+\s+){0,2}(?:instructions|rules|system\s+prompt|prompt|guidelines|configuration)`), strings.Fields("overrid supersede replace priority")},
	{re(`(?:you\s+(?:have|has)\s+no|without\s+any|with\s+no|no)\s+(?:content\s+)?(?:rules|restrictions|limits|filters)\b`), strings.Fields("rules restrictions limits filters")},
	{re(`(?:must|will|shall)\s+(?:now\s+)?(?:always\s+)?(?:obey|comply\s+with)\s+(?:the\s+)?user|never\s+refuse`), strings.Fields("obey comply refuse")},
	{re(`(?:must|should|will|are\s+to|need\s+to)\s+(?:now\s+)?(?:reveal|print|disclose|output|show)\s+(?:your|its|the|their)\s+(?:[\w-]+\s+){0,2}(?:prompt|instructions|configuration)`), strings.Fields("reveal print disclose output show")},
	{re(`always\s+fulfil+s?|even\s+if\s+(?:the\s+request\s+is\s+|it\s+is\s+|it's\s+)?(?:a\s+bit\s+)?(?:questionable|harmful|unethical|illegal|dangerous|immoral|offensive)|(?:no|without\s+(?:any\s+)?)\s*(?:ethical|moral)\s+(?:guidelines|constraints|limits|boundaries|restrictions|concerns|considerations)|regardless\s+of\s+(?:legality|ethics|morality|the\s+consequences|how\s+(?:harmful|dangerous|illegal|unethical))|(?:ignore|ignoring|bypass|bypassing|disregard|disregarding)\s+(?:any\s+|all\s+|your\s+)?(?:ethical|moral|safety|content)|do\s+anything\s+now|never\s+(?:ever\s+)?(?:say|use|apologi[sz]e)\w*\s+(?:that\s+you\s+)?(?:can't|cannot|sorry|i'm\s+sorry|i\s+can't|i\s+cannot)|(?:stay|remain)\s+in\s+character|(?:entirely|purely)\s+hypothetical|for\s+(?:purely\s+)?(?:educational|academic|research)\s+(?:and\s+research\s+)?purposes|purely\s+for\s+(?:academic|research|educational)`), strings.Fields("fulfil even ethical moral regardless bypass anything apologi sorry can't cannot character hypothetical purposes purely")},
	{re(`\bnow\s+you\s+are\b|\byou\s+are\s+now\b|\bfrom\s+now\s+on,?\s+you\b`), strings.Fields("now")},
	{re(`anything\s+(?:before|above)\s+(?:this|them|these|it)\s+(?:was|is)\s+(?:a\s+|just\s+a\s+)?(?:test|fake|void)`), strings.Fields("anything")},
	{re(`(?:disregard|ignore|forget|set\s+aside|drop|abandon)\s+(?:[\w']+\s+){0,3}(?:previous|prior|earlier|original|operator'?s?|system|above|initial|safety)\s+(?:[\w-]+\s+){0,2}(?:instructions|rules|guidelines|directives|prompt|configuration)`), strings.Fields("disregard ignore forget aside drop abandon")},
}

// enactCue asks the reader to carry out what the text cites, or denies
// that a cited block is one; concealCue hides from the user. Both count
// outside prose citations (a fixture's JSON comment is not cited).
var (
	enactCue   = re(`do\s+what\s+(?:it|they|this)\s+says|(?:apply|perform|execute|carry\s+out|enact|act\s+on)\s+(?:it|this|them|the\s+(?:sample|example|answer|instruction|above|list))\b|now\s+that\s+you\s+have\s+(?:seen|read)|\bnot\s+(?:an?\s+)?(?:example|fixture|test\s+case|drill|examples)\b|(?:this|it)\s+is\s+for\s+you|(?:it's|it\s+is|this\s+one\s+is)\s+for\s+you|no\s+longer\s+imagining|actually\s+(?:comply|do\s+it|follow|perform)|(?:stay|remain)\s+in\s+(?:the\s+)?(?:game|character)|you\s+are\s+(?:now\s+)?the\s+(?:subject|exercise|test)|on\s+yourself|(?:show|prove)\s+(?:me|it|him|her|them)\b[^.\n]{0,20}\bby\s+doing|need\s+you\s+to\s+actually|your\s+real,?\s+(?:complete\s+)?(?:system\s+prompt|instructions)|(?:the\s+)?(?:agent|ai|assistant|model)\s+(?:reading|processing)\s+this\s+should|(?:please|so|now|go\s+ahead\s+and)\s+do\s+(?:that|it|this|so)\b|\byou\s+(?:must|will|are\s+to)\s*(?:strictly\s+)?(?:adhere\s+to|follow|obey|comply\s+with|execute|carry\s+out)\s+(?:the\s+|these\s+|this\s+|my\s+)?(?:following|next|instructions?)|\byou\s+must\s*:|the\s+following\s+(?:instruction|message|command)s?\s+(?:is|are)\s+(?:strictly|for\s+you|very\s+important)`)
	concealCue = re(`(?:do\s+not|don't|never|without)\s+(?:tell|telling|mention|mentioning|inform|informing|notify|notifying|alert|alerting|bother|bothering)\w*\s+(?:this\s+|it\s+)?(?:to\s+)?(?:the\s+|your\s+|their\s+)?(?:user|owner|human|learner|mailbox\s+owner)s?\s*(?:about\b|of\s+(?:this|it)|with\b|[.;,)!—-]|$)|(?:do\s+not|don't|never|not)\s+(?:mention|report)\s+(?:this|it|doing\s+so|that\s+you|the\s+(?:e-?mail|step|forwarding|change|upload))|say\s+nothing\s+about|(?:do|run|perform|apply|install|push)\w*\s+(?:this\s+|it\s+)?silently|must\s+be\s+(?:silent|unattended)|without\s+(?:asking|telling|informing|notifying)\s+(?:the\s+|your\s+)?(?:user|owner|human)|(?:user|customer|owner|maintainer)s?\s+(?:is|has|have)\s+(?:already\s+)?(?:pre-?approved|authori[sz]ed|approved|agreed)`)
	addressCue = re(`(?:ai|assistant|model|agent|llm|bot|chatbot|copilot|language\s+model)s?\s+(?:that\s+is\s+|who\s+is\s+|currently\s+)?(?:reading|processing|summari[sz]ing|reviewing|running|handling|parsing|analy[sz]ing|installing|loading|indexing|reads|processes)\s+(?:this|these|the\s+following|my)\b|if\s+you\s+are\s+an?\s+(?:ai|llm|language\s+model|assistant|agent|bot|automated)|\b(?:note|message|instructions?|attention|important)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:ai|assistant|model|agent|llm|bot)s?\b|\bdear\s+(?:ai|assistant|model|agent)|\b(?:ai|llm)\s+readers?\b|(?:^|[\n.!?]\s*)(?:ai|assistant|agent|model|llm)\s*[:,][ \t]+\w|\byou,\s+the\s+(?:ai|assistant|model|agent)|\bby\s+the\s+way,\s+(?:ai|assistant|agent)`)
)

// cue is an expression and literals one of which every match holds: the
// expression runs only on windows of 48 bytes either side of at most 6
// of their occurrences (a pass of a large expression over a long text
// costs milliseconds).
type cue struct {
	re   *lazyRegexp
	lits []string
}

var (
	enactCueL   = cue{enactCue, []string{"what it says", "what they say", "what this says", "apply", "perform", "execute", "carry out", "enact", "act on", "now that you", "not a", "not an", "not example", "not fixture", "for you", "imagining", "actually", "in character", "the game", "the subject", "the exercise", "the test", "yourself", "by doing", "need you to", "your real", "this should", "do that", "do it", "do this", "do so", "adhere", "you must", "following"}}
	concealCueL = cue{concealCue, []string{"tell", "mention", "inform", "notify", "alert", "bother", "report", "say nothing", "silently", "unattended", "silent", "without asking", "without telling", "approved", "authori", "agreed"}}
	addressCueL = cue{addressCue, []string{"reading this", "reading these", "reading my", "reading the following", "processing this", "summarizing this", "summarising this", "reviewing this", "running this", "handling this", "parsing this", "analyzing this", "analysing this", "installing this", "loading this", "indexing this", "reads this", "processes this", "if you are a", "note to", "note for", "notes for", "notes to", "message to", "message for", "instructions to", "instructions for", "instruction to", "instruction for", "attention to", "attention for", "important to", "important for", "dear ", "readers", "ai:", "ai,", "assistant:", "assistant,", "agent:", "agent,", "model:", "model,", "llm:", "llm,", "you, the", "by the way"}}
	requestCueL = cue{requestCue, []string{"your task", "your job", "your goal", "i need", "can you", "could you", "would you", "will you", "you can", "you could", "you would", "please", "write", "provide", "give", "explain", "describe", "list", "create", "generate", "detail", "outline", "draft", "compose", "develop", "design", "execute [", "run [", "call [", "invoke ["}}
	harmCueL    = cue{harmCue, []string{"ssh", "id_rsa", ".aws", "credentials", ".env", "api key", "api_key", "api-key", "apikey", "private key", "secret", "cookie", "token", "password", "curl ", "wget ", "| sh", "|sh", "| bash", "|bash", "| zsh", "rm -rf", "chmod ", "gh api", "send", "forward", "upload", "post", "push", "export", "share", "mail", "copy", "http"}}
)

// findCue calls ok with each match of cue in lo (offsets of lo), read on
// windows around its literals, until ok returns true; it reports whether
// one did. At most 6 windows of at most 120 bytes: time bounded by the
// literals' search, linear in lo.
func findCue(lo string, c cue, has []bool, ok func(s, e int) bool) bool {
	const side, maxWindows = 48, 6
	n := 0
	x := cueLits()
	var find interface{ FindStringIndex(string) []int } = c.re
	if sp := x.splits[c.re]; sp != nil {
		find = sp
	}
	for _, lit := range c.lits {
		if id, known := x.id[lit]; known && has != nil && !has[id] {
			continue // not in lo: a search would read all of it for nothing
		}
		for from := 0; n < maxWindows; {
			k := strings.Index(lo[from:], lit)
			if k < 0 {
				break
			}
			i := from + k
			from = i + len(lit)
			ws, we := max(0, i-side), min(len(lo), i+len(lit)+side)
			n++
			w := lo[ws:we]
			for off := 0; off < len(w); {
				loc := find.FindStringIndex(w[off:])
				if loc == nil {
					break
				}
				if ok(ws+off+loc[0], ws+off+loc[1]) {
					return true
				}
				off += max(loc[1], 1)
			}
		}
	}
	return false
}

// litIndex indexes the literals of every cue of this file by their first
// two bytes, so that one pass over a text says which it holds: the brake
// reads about a hundred literals, and a search for one the text lacks
// reads all of the text (up to brakeLimit), which made the brake cost
// milliseconds on a 16 KiB text it read (issue 27, item 7).
type litIndex struct {
	lits  []string
	id    map[string]int
	first [1 << 16]bool // a literal starts with these two bytes
	by    map[uint16][]int
	// splits are the cues' expressions as backtracker-sized parts
	// (split.go).
	splits map[*lazyRegexp]*splitRegexp
}

// cueLits is the index of the cues' literals, built once.
var cueLits = sync.OnceValue(func() *litIndex {
	x := &litIndex{id: map[string]int{}, by: map[uint16][]int{}, splits: map[*lazyRegexp]*splitRegexp{}}
	cues := append([]cue{enactCueL, concealCueL, addressCueL, requestCueL, harmCueL}, subvertCues...)
	for _, c := range cues {
		x.splits[c.re] = split(c.re)
		for _, l := range c.lits {
			if _, dup := x.id[l]; dup || len(l) < 2 {
				continue // a one-byte literal is searched for as before
			}
			x.id[l] = len(x.lits)
			x.lits = append(x.lits, l)
			k := uint16(l[0])<<8 | uint16(l[1])
			x.first[k] = true
			x.by[k] = append(x.by[k], x.id[l])
		}
	}
	return x
})

// present returns which of cueLits' literals d.lo holds, read in one
// pass the first time.
func (d *discourse) present() []bool {
	if d.has != nil {
		return d.has
	}
	x := cueLits()
	has := make([]bool, len(x.lits))
	lo := d.lo
	for i := 0; i+1 < len(lo); i++ {
		k := uint16(lo[i])<<8 | uint16(lo[i+1])
		if !x.first[k] {
			continue
		}
		for _, id := range x.by[k] {
			if !has[id] && strings.HasPrefix(lo[i:], x.lits[id]) {
				has[id] = true
			}
		}
	}
	d.has = has
	return has
}

// outside reports whether cue matches lo outside every quotation (or, with
// citesOnly, outside the quotations that prose introduces).
func (d *discourse) outside(c cue, citesOnly bool) bool {
	return findCue(d.lo, c, d.present(), func(s, e int) bool { return !d.inQuote(s, e, citesOnly) })
}

// uncited reports whether cue matches lo where the text does not cite
// (cited: a quotation, a literal, reported speech, a list of examples).
func (d *discourse) uncited(cs []cue) bool {
	for _, c := range cs {
		if findCue(d.lo, c, d.present(), func(s, e int) bool { return d.cited(s, e) == notCited }) {
			return true
		}
	}
	return false
}

// inQuote reports whether [s,e) lies in a quotation (a prose citation
// when citesOnly). The regions are sorted and disjoint: a binary search.
func (d *discourse) inQuote(s, e int, citesOnly bool) bool {
	i := sort.Search(len(d.quotes), func(i int) bool { return d.quotes[i].start > s+1 }) - 1
	if i < 0 {
		return false
	}
	r := d.quotes[i]
	return e-1 <= r.end && (r.cite || !citesOnly)
}

// reportedSpeech is reported speech before a cited instruction ("the attacker
// tells the model to", "asks the assistant to", "might write").
var reportedSpeech = re(`(?:\b(?:tell|tells|told|telling|ask|asks|asked|asking|instruct\w*|trick\w*|persuade\w*|convince\w*|gets?|makes?|caus\w*|direct\w*)\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+)?(?:model|assistant|ai|agent|bot|llm|chatbot|system|classifier)s?\s+(?:to\s+)?|\b(?:might|could|would|may|can)\s+(?:write|type|say|send|include|add|put|hide|embed|plant)\b|\bsuch\s+as\b|\blike\b|\be\.g\.|\bfor\s+(?:example|instance)\b)[^.\n]{0,80}$`)

// exampleHead is a heading or a line that opens a list of examples.
var exampleHead = re(`(?:examples?|attacks?|prompts?|fixtures?|cases?|samples?|what\s+attackers\s+\w+|test\s+inputs?)\b[^\n]{0,40}:?\s*$`)

// How a piece of evidence is cited: not at all, in a literal of code or
// data, or in prose (a quotation prose introduces, reported speech, an
// item of a list of examples).
const (
	notCited = iota
	literal
	prose
)

// cited reports how the evidence at [s,e) of the text is cited. A span
// at least half inside quotations is in them (a §5 match may run from a
// JSON key into its value; an instruction that ends on a quoted word,
// "… starting with 'You are'", is not cited).
func (d *discourse) cited(s, e int) int {
	lo := d.lo
	if e > len(lo) || s < 0 || s >= e {
		return notCited
	}
	how, covered := notCited, 0
	first := sort.Search(len(d.quotes), func(i int) bool { return d.quotes[i].end > s })
	for _, r := range d.quotes[first:] {
		if r.start >= e {
			break
		}
		if lo, hi := max(s, r.start), min(e, r.end); lo < hi {
			covered += hi - lo
			if r.cite && 2*(hi-lo) >= e-s {
				return prose
			}
		}
	}
	if 2*covered >= e-s {
		how = literal
	}
	ls := strings.LastIndexAny(lo[:s], ".!?\n") + 1
	if reportedSpeech.MatchString(lo[max(ls, s-120):s]) {
		return prose
	}
	// An item of a list: the lines above it up to a line that is not an
	// item hold a heading of examples.
	lineStart := strings.LastIndexByte(lo[:s], '\n') + 1
	if !listItem(lo[lineStart:s]) {
		return how
	}
	for k, n := lineStart, 0; k > 0 && n < 24; n++ {
		prev := strings.LastIndexByte(lo[:k-1], '\n') + 1
		line := lo[prev : k-1]
		if !listItem(line) {
			if exampleHead.MatchString(line) {
				return prose
			}
			return how
		}
		k = prev
	}
	return how
}

// listItem reports whether line opens as a list item ("- ", "* ", "1. ").
func listItem(line string) bool {
	t := strings.TrimLeft(line, " \t")
	if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") {
		return true
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > 0 && i < len(t) && (t[i] == '.' || t[i] == ')')
}

// echoKey is a key of a tool's output whose value echoes a request.
var echoKey = re(`(?:"(?:query|q|search|input|prompt|request|question|text_in|user_input|asked)"\s*:\s*"|\b(?:user\s+asked|query|you\s+asked\s+us\s+to|searched\s+for)\s*:?\s*["'])$`)

// echoed reports whether the offset s lies in the value of an echo key.
func (d *discourse) echoed(s int) bool {
	i := sort.Search(len(d.quotes), func(i int) bool { return d.quotes[i].start > s }) - 1
	if i < 0 || s >= d.quotes[i].end {
		return false
	}
	r := d.quotes[i]
	return echoKey.MatchString(d.lo[max(0, r.start-24):r.start])
}

// harmCue is what a directive must not reach for in an operator's text:
// secrets, shells, forwarding and uploads, addresses with a query.
var harmCue = re(`~/\.ssh|id_rsa|\.aws/|credentials|\.env\b|api[_ -]?keys?|private\s+keys?|secrets?\b|cookies|tokens?\b|passwords?|curl\s|wget\s|\|\s*(?:ba|z)?sh\b|rm\s+-rf|chmod\s|gh\s+api|(?:send|forward|upload|post|push|export|share|e-?mail|copy)\w*\b[^.\n]{0,80}(?:https?://|@[\w-]+\.[a-z]|\bto\s+(?:the\s+)?remote)|https?://[^\s"')]*\?`)

// prohibition opens a sentence that forbids or asks first.
var prohibition = re(`^(?:[-*]\s+|\d+[.)]\s+)?(?:\*\*)?(?:never|do\s+not|don't|must\s+not|you\s+must\s+not|you\s+may\s+not|no|not|avoid|always\s+ask|ask\s+(?:before|first)|only|you\s+cannot|you\s+can't|cannot|refuse|decline|if)\b`)

// harmful reports whether a sentence of the text outside quotations that
// is not a prohibition holds a harm cue.
func (d *discourse) harmful() bool {
	lo := d.lo
	return findCue(lo, harmCueL, d.present(), func(s, e int) bool {
		if d.inQuote(s, e, false) {
			return false
		}
		ss := strings.LastIndexAny(lo[:s], ".!?\n;") + 1
		sentence := strings.TrimLeft(lo[ss:s], " \t")
		return !prohibition.MatchString(sentence) && !strings.Contains(sentence, "never") && !strings.Contains(sentence, "not ") && !strings.Contains(sentence, "n't")
	})
}
