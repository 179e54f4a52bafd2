package heuristic

import (
	"regexp"
	"strings"
	"sync"
)

// Pattern is the index of one of the ten instruction_like patterns in
// Patterns.
type Pattern uint8

// The ten instruction_like patterns of §5, in the order §5 lists them. §5
// lists nine kinds of language, the third of which names nine verbs of two
// kinds; plainsight gives each kind its own pattern (ImperativeDisclose and
// ImperativeAct), which makes ten. The grammar of each is in the package
// documentation and in its Patterns entry.
const (
	// IgnoreInstructions: "instructions to ignore or disregard earlier
	// instructions".
	IgnoreInstructions Pattern = iota
	// KeepSecret: "instructions to keep a secret from the reader".
	KeepSecret
	// ImperativeDisclose: "direct imperatives that the reading agent send,
	// forward, reply, reveal, output, print" (six of the nine verbs).
	ImperativeDisclose
	// ImperativeAct: "direct imperatives that the reading agent … delete,
	// transfer or pay" (the other three).
	ImperativeAct
	// SendToAddress: "instructions to send content to another address".
	SendToAddress
	// OwnInstructions: "references to the agent's own instructions or
	// system prompt".
	OwnInstructions
	// RevealInstructions: "instructions to reveal them".
	RevealInstructions
	// AddressedToAI: "text addressed to an AI assistant".
	AddressedToAI
	// NewInstructions: "a claim that new instructions follow".
	NewInstructions
	// BeforeAnswering: "instructions sequencing what the agent must do
	// before answering".
	BeforeAnswering

	numPatterns = iota
)

// PatternInfo describes one pattern.
type PatternInfo struct {
	// ID is the pattern's stable id, the `pattern` of its findings.
	ID string
	// Spec is the §5 wording the pattern implements.
	Spec string
	// src is the expression that matches the pattern in a lowercased
	// passage; its group 1 is the finding's span. It is compiled when a
	// passage first needs it (see compiledOf).
	src   string
	first anchor
	// need is the prefilter: a passage can match only if, for some entry,
	// it holds a word of every anchor group in the entry's mask.
	need []anchor
}

// Patterns describes the ten patterns, indexed by Pattern.
var Patterns = [numPatterns]PatternInfo{
	IgnoreInstructions: {
		ID:   "ignore_instructions",
		Spec: "instructions to ignore or disregard earlier instructions",
		// The first form, {IGNORE} (?:{QUAL} (?:{W} ){0,3}|{W} {QUAL}
		// (?:{W} ){0,2}|(?:{W} ){2}{QUAL} (?:{W} )?|(?:{W} ){3}{QUAL}
		// ){INSTR}, is written as its four alternatives: the same
		// matches, as {IGNORE} and the separator after it match one way
		// at a place (no verb is another's prefix followed by a
		// separator, and what follows begins with a letter), so trying
		// the four in turn is what leftmost-first matching does; and
		// each compiles to less than half the program, which the regexp
		// package runs on its backtracker instead of its NFA (issue 33,
		// item 2; TestIgnoreSplitSame).
		src: compile(
			`{IGNORE} {QUAL} (?:{W} ){0,3}{INSTR}`,
			`{IGNORE} {W} {QUAL} (?:{W} ){0,2}{INSTR}`,
			`{IGNORE} (?:{W} ){2}{QUAL} (?:{W} )?{INSTR}`,
			`{IGNORE} (?:{W} ){3}{QUAL} {INSTR}`,
			`{IGNORE} (?:the )?{INSTR} (?:above|before|so far|given|you were given|you{'}ve been given|you have been given|you received)`,
			`{IGNORE} (?:everything|anything|all|what) (?:above|before|prior|previously|you were told|you have been told|you{'}ve been told|that came before|said before)`),
		need: []anchor{aIgnore | aIgnoreObj},
	},
	KeepSecret: {
		ID:   "keep_secret",
		Spec: "instructions to keep a secret from the reader",
		src: compile(
			`{NEG} {TELL} (?:{W} ){0,6}{TARGET}`,
			`{NEG} let {TARGET} (?:{W} ){0,2}know`,
			`keep (?:this message|this instruction|these instructions|this conversation|this request|this task|the following|this|it|that|these) (?:a secret|secret|confidential|hidden|private|between us|to yourself)`,
			`(?:without|before) the user(?:{'}s)? (?:knowing|noticing|knowledge|seeing)`,
			`the user (?:must not|should not|mustn{'}t|shouldn{'}t|cannot|can{'}t|can not) (?:know|see|be told|find out|notice)`),
		need: []anchor{aTell | aNeg, aLet | aNeg, aKeep | aSecret, aUser | aKnowing, aUser | aKnow},
	},
	ImperativeDisclose: {
		ID:   "imperative_disclose",
		Spec: "direct imperatives that the reading agent send, forward, reply, reveal, output, print",
		src:  compile(imperative(`(?:send|forward|reply|reveal|output|print)`)...),
		need: []anchor{aDisclose | aAddress},
	},
	ImperativeAct: {
		ID:   "imperative_act",
		Spec: "direct imperatives that the reading agent delete, transfer or pay",
		src:  compile(imperative(`(?:delete|erase|wipe|transfer|wire|pay)`)...),
		need: []anchor{aAct | aAddress},
	},
	SendToAddress: {
		ID:   "send_to_address",
		Spec: "instructions to send content to another address",
		src:  compile(`{SEND} (?:{W} ){0,4}{CONTENT} (?:{W} ){0,4}(?:to|at|into) {ADDRESS}`),
		need: []anchor{aSend | aContent | aToAt | aDest},
	},
	OwnInstructions: {
		ID:   "own_instructions",
		Spec: "references to the agent's own instructions or system prompt",
		src:  compile(`{OWN}`),
		need: []anchor{aOwner | aPrompt},
	},
	RevealInstructions: {
		ID:   "reveal_instructions",
		Spec: "instructions to reveal them",
		src:  compile(`{REVEAL} (?:{W} ){0,3}(?:{OWN}|(?:everything|all|the text|the words|the content) (?:above|before this|so far))`),
		need: []anchor{aReveal | aOwner | aPrompt, aReveal | aAbove},
	},
	AddressedToAI: {
		ID:   "addressed_to_ai",
		Spec: "text addressed to an AI assistant",
		src: compile(
			`(?:dear|hey|hi|hello|attention|note to|message to|instructions for|a note for|to) (?:(?:the|any|all) )?{AI}{END}`,
			`if you are (?:an|the|a) (?:ai assistant|ai agent|ai model|ai|llm|large language model|language model|assistant|chatbot|automated agent|agent)(?: (?:reading|processing))?`,
			`(?:language models?|ai|llms?|assistants?|agents?|models?) (?:reading|processing|parsing|summari[sz]ing|analy[sz]ing|viewing) (?:this|these)`),
		need: []anchor{aAI},
	},
	NewInstructions: {
		ID:   "new_instructions",
		Spec: "a claim that new instructions follow",
		src: compile(
			`(?:new|updated|revised|real|actual|true|override|secret|hidden|admin|priority|urgent|additional) (?:instructions|instruction|directives|orders|prompt|task|rules){COLON}`,
			`(?:here are|here is|these are|below are|the following are) (?:your )?(?:new|updated|revised|real|actual) (?:instructions|directives|orders)`,
			`(?:your )?(?:new|updated|real|actual) (?:instructions|task|directives|orders|goal|objective|role) (?:is|are|follow|as follows)`,
			`your (?:goal|task|objective|job) is now`,
			`new system prompt`,
			`from now on (?:you|your|ignore|only|always|respond|act|answer|reply)`,
			`instructions follow`),
		need: []anchor{aNewTask | aNew, aFrom | aNow, aNewTask | aNow},
	},
	BeforeAnswering: {
		ID:   "before_answering",
		Spec: "instructions sequencing what the agent must do before answering",
		src: compile(
			`(?:before|prior to) (?:answering the user|answering|responding to the user|responding|replying|you answer|you respond|you reply|giving (?:your|an|the|any) (?:answer|response|reply)|generating (?:a|your|the) (?:response|answer)|you do anything else|doing anything else|you continue)`,
			`(?:only then|and then|after that|then) (?:answer|respond|reply)`,
			`(?:answer|respond|reply) only after`),
		need: []anchor{aBefore | aAnswer},
	},
}

func init() {
	for p := range Patterns {
		Patterns[p].first = firstIgnore << p
	}
}

// compiled is a pattern's expression, compiled.
type compiled struct {
	// at is the expression anchored at the start of its input: it runs
	// from the candidate words (first).
	at *regexp.Regexp
	// begins holds the literal beginnings of every match of at (see
	// prefixTrie).
	begins *prefixTrie
	// alts are at's alternatives, each anchored and with its beginnings
	// (see matchEnd).
	alts []alternative
}

// patternsCompiled holds the compiled patterns, each made once, when first
// asked for: a process that scans a short text (or one that no passage of
// which needs a pattern) need not pay for it. The expressions spell out
// \pL and \pN in hundreds of places, and parsing those classes (each
// hundreds of ranges, sorted) cost about 400 million instructions for the
// ten; they are compiled with stand-ins instead (see withStandIns).
var patternsCompiled [numPatterns]struct {
	once sync.Once
	c    compiled
}

// compiledOf returns pattern p compiled.
func compiledOf(p Pattern) *compiled {
	pc := &patternsCompiled[p]
	pc.once.Do(func() {
		// src is `\b(…)`: the anchored form starts at the candidate word,
		// whose word boundary the finder checks.
		at := `^` + strings.TrimPrefix(Patterns[p].src, `\b`)
		pc.c.at = regexp.MustCompile(withStandIns(at))
		pc.c.begins = newPrefixTrie(beginnings(at))
		pc.c.alts = compileAlts(Patterns[p].src)
	})
	return &pc.c
}

// imperative is the body of the two imperative patterns for the verbs in
// verb: the reading agent addressed by name, by "you" and a modal, by a
// task sentence, or by an adverb of secrecy or urgency.
func imperative(verb string) []string {
	return []string{
		`{AGENT}{VOCATIVE}(?:please )?` + verb,
		`you (?:must|should|need to|have to|are to|are required to|are instructed to|will now|shall) (?:(?:now|immediately|also|first|then|always|silently|secretly|quietly) )?` + verb,
		`(?:i want you to|i need you to|your task is to|your job is to|your goal is to|you are to) ` + verb,
		`(?:immediately|secretly|silently|quietly|covertly) ` + verb,
	}
}

// The pieces the patterns are written with. In a pattern, a space stands
// for the separator S: any run of characters that are not letters or
// numbers (whitespace, punctuation, symbols), within one passage.
var pieces = map[string]string{
	"W": `[\pL\pN]+(?:['’][\pL\pN]+)*`,
	// END ends an alternative at a comma, colon or exclamation mark, or at
	// the end of a line or of the text; COLON at a colon, a hyphen or the
	// end of a line; VOCATIVE is a comma or colon after a name.
	"END":      `[\t\x20]*(?:[,:!]|\n|\z)`,
	"COLON":    `[\t\x20]*(?:[:\-]|\n)`,
	"VOCATIVE": `[\t\x20]*[,:]\s*`,
	"'":        `['’]`,
	"IGNORE":   `(?:ignore|disregard|forget|override|bypass|ignoring|disregarding|forgetting)`,
	"QUAL":     `(?:all|any|every|previous|prior|earlier|above|preceding|original|initial|old|existing|system|your|those|these|other|developer{'}s|developers{'}|the developer{'}s)`,
	"INSTR":    `(?:instructions|instruction|directions|direction|directives|directive|rules|rule|guidelines|guideline|prompts|prompt|commands|command|orders|order|guidance|constraints|constraint|context|messages|message|programming)`,
	"NEG":      `(?:do not|don{'}t|dont|never|without)`,
	"TELL":     `(?:tell|telling|inform|informing|mention|mentioning|alert|alerting|notify|notifying|show|showing|disclose|disclosing|reveal|revealing)`,
	"TARGET":   `(?:the users|the user|the human|the reader|the operator|the customer|the requester|anyone|anybody|them)`,
	"AGENT":    `(?:assistant|ai|agent|model|llm|chatbot|claude|chatgpt|gpt|copilot|gemini)`,
	"SEND":     `(?:send|forward|e-mail|email|mail|post|upload|submit|transmit|exfiltrate|copy|relay|leak|sending|forwarding|e-mailing|emailing|uploading)`,
	"CONTENT":  `(?:attachments|attachment|invoices|invoice|copy|data|contents|content|conversations|conversation|chats|chat|history|messages|message|emails|email|mail|inbox|files|file|documents|document|secrets|secret|keys|key|credentials|credential|passwords|password|tokens|token|cookies|cookie|sessions|session|env|environment|context|instructions|instruction|prompt|transcripts|transcript|logs|log|notes|note|information|info|details|everything|summary|output|results|result|response|contacts|contact|records|record|it|them|this|all)`,
	"ADDRESS":  `(?:[a-z0-9._%+\-]+@[a-z0-9\-]+(?:\.[a-z0-9\-]+)+|https?://[^\s<>"')\]]+|(?:this|the following|the|an|that|my|our) (?:external )?(?:e-mail address|email address|address|e-mail|email|url|endpoint|webhook|server|inbox|sender))`,
	"OWN": `(?:(?:your|the (?:assistant|ai|agent|model){'}s) (?:own )?(?:(?:initial|original|hidden|secret|previous|current|earlier|prior) )?(?:system prompt|instructions|prompt|directives|guidelines|guidance)` +
		`|your (?:hidden|secret|original|initial|system) rules` +
		`|the instructions you(?: were| have been|{'}ve been) given|the (?:initial|original|hidden|secret) (?:prompt|instructions)|system (?:prompt|message|instructions))`,
	"REVEAL": `(?:reveal|print|output|repeat|show|display|disclose|leak|dump|recite|echo|share|list|write out|tell me|give me|what is|what are|what were)`,
	"AI":     `(?:ai assistants|ai assistant|ai agents|ai agent|ai models|ai model|large language models|large language model|language models|language model|assistants|assistant|agents|agent|llms|llm|ai|chatbots|chatbot|claude|chatgpt|gpt|copilot|gemini|bots|bot)`,
}

// compile expands the pieces of a pattern's alternatives, turns their
// spaces into the separator, ends each at a word boundary (unless it ends
// with END or COLON, which end it at punctuation), and joins them into an
// expression: its group 1 is a match, which a finding trims of trailing
// punctuation.
func compile(alts ...string) string {
	for i, a := range alts {
		for strings.Contains(a, "{") && piece.MatchString(a) {
			a = piece.ReplaceAllStringFunc(a, func(m string) string {
				body, ok := pieces[m[1:len(m)-1]]
				if !ok {
					panic("heuristic: unknown piece " + m)
				}
				return body
			})
		}
		a = strings.ReplaceAll(a, " ", sep)
		if !strings.HasSuffix(alts[i], "{END}") && !strings.HasSuffix(alts[i], "{COLON}") {
			a += `\b`
		}
		alts[i] = a
	}
	return `\b(` + strings.Join(alts, "|") + `)`
}

// The letters and numbers of a passage outside ASCII matter to the
// expressions only as letters or numbers: no literal of theirs is one, \b
// and \s are ASCII-only in Go's regexp, and their other classes either
// name ASCII characters alone or take every character outside ASCII. So
// the expressions run on the passage with each such codepoint replaced by
// a stand-in of the same length in UTF-8 (a letter too; see standIn), and
// are compiled with their letter and number classes reduced to ASCII and
// the three stand-ins, which is cheap to parse. On any text they match
// exactly where the expressions as written match on it (the differential
// tests run the expressions as written).
const (
	standIns        = `0-9A-Za-z\x{AA}\x{4E00}\x{20000}`
	letterNumber    = `[\pL\pN]`
	notLetterNumber = `[^\pL\pN]`
)

// withStandIns returns the expression src with its classes of letters and
// numbers reduced to ASCII and the stand-ins.
func withStandIns(src string) string {
	src = strings.ReplaceAll(src, notLetterNumber, `[^`+standIns+`]`)
	src = strings.ReplaceAll(src, letterNumber, `[`+standIns+`]`)
	if strings.Contains(src, `\p`) {
		panic("heuristic: a Unicode class other than letters and numbers")
	}
	return src
}

// sep is the separator between the words of a pattern.
const sep = `[^\pL\pN]+`

var piece = regexp.MustCompile(`\{[A-Z']+\}`)
