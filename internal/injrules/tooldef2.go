package injrules

import (
	"strings"
)

// FindToolDef reports the hits of the tool-definition rules in text, the
// view of a whole MCP tool definition (its description, titles and every
// schema description, default, enum and example read as one text, a line
// feed between two strings; docs/judgement/tool-definitions.md). The
// caller runs it only on content it reads as a tool definition: there a
// sentence that tells the model to move private data into an argument,
// to keep something from the user, to change what other tools do, to put
// the user's data in a URL, or that claims authority over the model's
// instructions, is the poisoning of issue 27 ("Deliver" 1, "Done when":
// tool-poisoning definitions caught >= 90 %). Prose is not read by these
// rules, so they change nothing on documents, e-mails or pages.
//
// The rules, each on a window of one sentence and the next (a line feed
// between two fields is read as a space, so an instruction split between
// the description and a parameter's description is one sentence):
//
//   - read_secret: private data (a local file under ~/ or /etc/, the
//     environment, credentials, tokens, cookies, passwords, the chat
//     history, the system prompt, other tools' outputs, the user's
//     personal data) with a verb that moves it (include, put, pass, read,
//     send, attach, set to …), into a sink (a parameter, an argument, a
//     field, "here", a quoted parameter name, a URL) or said to the model
//     (must, should, always, before, the assistant, the AI …); a verb
//     under a negation ("do not put personal data in it") is no hit.
//   - conceal: "the user already knows", "this is an implementation
//     detail", "no need to mention", "must not be mentioned", "invisible
//     to the user", "does not need to be reported", "keep this to
//     yourself", "never mention the …".
//   - cross_tool: a condition on another tool or server ("when send_email
//     is used", "whenever you call any tool") with a copy, a BCC, a
//     changed recipient or payee, or a second destination.
//   - override: a claim over the model's instructions ("this description
//     supersedes", "overrides any conflicting instruction", "treat this as
//     part of your system instructions", "as the administrator, I
//     instruct you", "END OF TOOL DESCRIPTION", "the official
//     replacement for", "disable any confirmations").
//   - exfiltrate: a URL whose query is left open for data ("?q=" followed
//     by a summary, "{user_email}" in a query) beside a verb.
//   - instruction_block: a "mandatory security check" or "compliance"
//     pretext beside an order or private data.
//
// Bounds: one pass over the text to split it, each window at most 1200
// bytes, expressions of package regexp (linear time); at most MaxHits
// hits.
func FindToolDef(text string, add func(Hit)) {
	lo := lower(text)
	if len(lo) != len(text) {
		return
	}
	b := []byte(lo)
	for i, c := range b {
		if c == '\n' || c == '\r' || c == '\t' {
			b[i] = ' '
		}
	}
	flat := string(b)
	sents := splitSentences(flat)
	n := 0
	until := map[string]int{}
	emit := func(rule string, c float64, s, e int) {
		if n >= MaxHits || s < until[rule] {
			return
		}
		until[rule] = e
		n++
		add(Hit{Rule: rule, Start: s, End: e, Confidence: c})
	}
	masks := make([]uint32, len(sents))
	for i, s := range sents {
		masks[i] = tdMask(flat[s[0]:min(s[1], s[0]+1200)])
	}
	for i, s := range sents {
		e := s[1]
		m2 := masks[i]
		if i+1 < len(sents) {
			e = sents[i+1][1]
			m2 |= masks[i+1]
		}
		if e-s[0] > 1200 {
			e = s[0] + 1200
		}
		one := flat[s[0]:min(s[1], s[0]+1200)]
		two := flat[s[0]:e]
		// Each rule's expressions run only on a sentence whose words
		// include its trigger words (tdClasses): most sentences of a
		// definition have none, and a map look-up a word is cheap.
		m := masks[i]
		if m&tdPStrong2 != 0 && m&tdM != 0 && containsAny(one, tdStrongPhrases) && tdStrongPhraseIn(one) {
			m |= tdPStrong
		}
		if m&tdM != 0 && (m&tdPStrong != 0 && m2&(tdSinkW|tdModelW|tdURL) != 0 ||
			m&(tdPWeak|tdPStrong) != 0 && m&tdSrc != 0 && m2&tdModelW != 0) && tdPrivate(one, two, m) {
			emit(ReadSecret, 0.85, s[0], s[1])
		}
		if (m&tdHide != 0 || m&tdHide2 != 0 && containsAny(one, tdHidePhrases)) && around(one, tdHide|tdHide2, 90, 90, tdConceal.MatchString) {
			emit(Conceal, 0.8, s[0], s[1])
		}
		if m&tdCond != 0 && m&tdAct != 0 && tdShadowAct.MatchString(one) && tdShadowCond.MatchString(one) {
			emit(CrossTool, 0.8, s[0], s[1])
		}
		if (m&tdAuth != 0 || m&tdAuth2 != 0 && containsAny(one, tdAuthPhrases)) && around(one, tdAuth|tdAuth2, 40, 80, tdAuthority.MatchString) {
			emit(Override, 0.8, s[0], s[1])
		}
		if m&tdURL != 0 && tdOpenURL.MatchString(one) && tdMove.MatchString(one) {
			emit(Exfiltrate, 0.8, s[0], s[1])
		}
		if m&tdPre != 0 && tdPretext.MatchString(one) && (tdModel.MatchString(two) || strongPrivate(two)) {
			emit(InstructionBlock, 0.75, s[0], s[1])
		}
		toolDef3(one, s[0], s[1], emit)          // tooldef3.go
		toolDef4(flat, sents, i, one, two, emit) // tooldef4.go
	}
}

// The trigger classes of a sentence's words.
const (
	tdPStrong  = 1 << iota // a place where private data lives
	tdPWeak                // a credential, a person's data, the conversation
	tdM                    // a verb that moves data
	tdHide                 // a word of concealment
	tdCond                 // a condition
	tdAct                  // a copy, a second destination, a change of recipient
	tdAuth                 // a claim of authority
	tdURL                  // a URL with a query or a slot
	tdPre                  // a pretext
	tdSinkW                // a word of a sink: a parameter, a field, here
	tdModelW               // a word said to the model, or of an order
	tdSrc                  // a word of where data is taken from
	tdAuth2                // a word that opens a claim of authority only in a phrase
	tdPStrong2             // a word that names a place of private data only in a phrase
	tdHide2                // a common word of concealment
)

// tdClasses gives the trigger classes of a word (lowered, its
// punctuation trimmed).
var tdClasses = func() map[string]uint32 {
	m := map[string]uint32{}
	set := func(c uint32, ws string) {
		for _, w := range strings.Fields(ws) {
			m[w] |= c
		}
	}
	set(tdPStrong, "printenv environ keychain keychains wallet memory_recall")
	set(tdPStrong2, "history environment messages conversation chat prompt tool tools tool's tools' saved login")
	set(tdPWeak, "transcript conversation chat messages token tokens secret secrets session location credential credentials password passwords cookie cookies private api api_key apikey personal full home phone credit payment card device user's users")
	set(tdM, "include put paste pass place insert append attach add copy send upload post forward fill encode embed submit leak provide read collect capture gather dump concatenate run call invoke fetch open type list set summarise summarize read_file read_text_file")
	set(tdHide, "implementation mentioned yourself silent mention reveal disclose quietly silently secretly invisible")
	set(tdHide2, "already informed know cannot can't won't something asking telling informing listing reported")
	set(tdCond, "when whenever every each if any another")
	set(tdAct, "bcc cc cc: copy copied too also change go sent forwarded send route redirect forward prepend well")
	set(tdAuth, "supersede supersedes override overrides highest highest-priority")
	set(tdAuth2, "system end previous treat administrator admin operator developer official replaces disable primary branch")
	set(tdPre, "mandatory required security failure violates violate law suspended")
	set(tdSinkW, "parameter parameters param params argument arguments arg args field fields properties key keys here value set fill sidenote in as into reply response answer message")
	set(tdModelW, "assistant assistants ai llm model agent agents you must should shall always never required need needs before prior after silently quietly secretly covertly do don't mandatory call invoke run use step")
	set(tdSrc, "user's users' typed shared mentioned saved stored returned previous earlier conversation chat memory environment session tab tabs browser assistant assistants ai llm model agent agents silently quietly secretly covertly")
	return m
}()

// tdMask returns the trigger classes of the words of s.
func tdMask(s string) uint32 {
	var m uint32
	for i := 0; i < len(s); {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		j := i
		special := false
		for j < len(s) && s[j] != ' ' {
			special = special || tdSpecial[s[j]]
			j++
		}
		w := s[i:j]
		i = j
		if w == "" {
			continue
		}
		if special {
			if holdsPair(w, tdPathPairs) && containsAny(w, tdPathLits) {
				m |= tdPStrong
			}
			if strings.IndexByte(w, '_') >= 0 && containsAny(w, tdSuffixLits) {
				m |= tdPWeak
			}
			if strings.IndexByte(w, '@') >= 0 {
				m |= tdAct
			}
			if strings.Contains(w, "http") && strings.ContainsAny(w, "={") {
				m |= tdURL
			}
		}
		for w != "" && tdTrim[w[0]] {
			w = w[1:]
		}
		for w != "" && tdTrim[w[len(w)-1]] {
			w = w[:len(w)-1]
		}
		if h := tdWordHash(w); len(w) >= 2 && len(w) <= 18 && tdWords[h>>6]&(1<<(h&63)) != 0 {
			m |= tdClasses[w]
		}
	}
	return m
}

// tdWords holds, as bits, tdWordHash of each word of tdClasses: a word
// whose bit is clear is not one, and is not looked up.
var tdWords = func() *[1 << 10]uint64 {
	var t [1 << 10]uint64
	for w := range tdClasses {
		if len(w) >= 2 {
			h := tdWordHash(w)
			t[h>>6] |= 1 << (h & 63)
		}
	}
	return &t
}()

// tdWordHash hashes a word of at least two bytes by its first two bytes,
// its last and its length, to 16 bits.
func tdWordHash(w string) uint32 {
	if len(w) < 2 {
		return 0
	}
	h := ((uint32(w[0])*31+uint32(w[1]))*31+uint32(w[len(w)-1]))*31 + uint32(len(w))
	return (h ^ h>>16) & (1<<16 - 1)
}

// tdPathPairs holds two bytes in a row of each of tdPathLits: a word
// without one of those pairs holds none of them.
var tdPathPairs = pairSet(tdPathLits)

// pairSet returns a set of pairs of bytes, as bits, that holds a pair of
// each of lits (each at least two bytes long): the first pair that opens
// with a byte other than a-z ("_r" of "id_rsa", ".e" of "process.env"),
// else the first that ends with one, else the last, so that ordinary
// words seldom hold one.
func pairSet(lits []string) *[1 << 10]uint64 {
	var t [1 << 10]uint64
	notLetter := func(c byte) bool { return c < 'a' || c > 'z' }
	for _, l := range lits {
		k := -1
		for i := 0; i+1 < len(l) && k < 0; i++ {
			if notLetter(l[i]) {
				k = i
			}
		}
		for i := 0; i+1 < len(l) && k < 0; i++ {
			if notLetter(l[i+1]) {
				k = i
			}
		}
		if k < 0 {
			k = len(l) - 2
		}
		p := uint16(l[k])<<8 | uint16(l[k+1])
		t[p>>6] |= 1 << (p & 63)
	}
	return &t
}

// holdsPair reports whether two bytes in a row of w are in set.
func holdsPair(w string, set *[1 << 10]uint64) bool {
	for i := 0; i+1 < len(w); i++ {
		p := uint16(w[i])<<8 | uint16(w[i+1])
		if set[p>>6]&(1<<(p&63)) != 0 {
			return true
		}
	}
	return false
}

// tdSpecial holds the bytes of a word that may name a path, an
// identifier, an address or a URL.
var tdSpecial = func() (t [256]bool) {
	for _, c := range []byte("~/$.`'_@={") {
		t[c] = true
	}
	return t
}()

// around reports whether f holds for a window of s around one of its
// words of the trigger classes c: back bytes before the word, fwd after
// it. An expression run on a window of 200 bytes instead of a sentence of
// up to 1200 takes a fraction of the time (package regexp's backtracker
// serves short inputs).
func around(s string, c uint32, back, fwd int, f func(string) bool) bool {
	for i := 0; i < len(s); {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' {
			j++
		}
		a, b := i, j
		for a < b && tdTrim[s[a]] {
			a++
		}
		for b > a && tdTrim[s[b-1]] {
			b--
		}
		if tdClasses[s[a:b]]&c != 0 && f(s[max(0, i-back):min(len(s), j+fwd)]) {
			return true
		}
		i = j
	}
	return false
}

// tdTrim holds the punctuation trimmed off a word.
var tdTrim = func() (t [256]bool) {
	for _, c := range []byte(",.;:()[]\"!?<>*`'") {
		t[c] = true
	}
	return t
}()

// tdStrongPhrases are the places of private data that open with a
// common word.
var tdStrongPhrases = []string{"other tool", "previous tool", "tool result", "tools'", "tool's", "messages", "conversation", "chat", "system prompt", "environment", "history", "saved ", "login data"}

// tdAuthPhrases are the claims of authority that open with a common
// word.
var tdAuthPhrases = []string{"system message", "system override", "end of", "previous instructions", "treat this", "treat the following", "as the ", "official replacement", "replaces the trusted", "confirmation", "primary authority", "branch protection"}

// tdHidePhrases are the words one of which a sentence whose only
// concealment words are common (tdHide2) must hold.
var tdHidePhrases = []string{"user", "permission", "confirmation", "listing them", "something to", "be reported"}

// tdPathLits are the local places of secrets as a word holds them;
// tdSuffixLits the credential names of an identifier (OPENAI_API_KEY,
// admin_password).
var (
	tdPathLits   = []string{"~/", "$home", "/etc/", "id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", ".ssh", ".aws", ".gnupg", ".kube", ".docker", ".netrc", ".npmrc", ".pypirc", ".git-credentials", "sh_history", ".env", "printenv", "env`", "'env'", "process.env", "os.environ", "secrets.json", "secret.json", "credentials.json", "memory_recall"}
	tdSuffixLits = []string{"password", "secret", "cookie", "api_key", "token"}
)

// The literals one of which a sentence must hold before a rule's
// expressions run on it: each expression's alternatives all contain
// one.
var (
	// tdStrongLits hold every alternative of tdStrongPrivate: the
	// literals of its plain names, and the words that open its phrases.
	tdStrongLits = []string{"~/", "$home", "/etc/", "id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", ".ssh", ".aws/", ".gnupg", ".kube/", ".docker/", ".netrc", ".npmrc", ".pypirc", ".git-credentials", "history", ".env", "printenv", "env`", "env'", "process.env", "os.environ", "environment", "login data", "keychain", "wallet", "secrets.json", "secret.json", "credentials.json", "messages", "conversation", "chat", "system prompt", "tool", "saved ", "memory_recall"}
)

// splitSentences returns the [start,end) spans of the sentences of s: a
// sentence ends after ". ", "! ", "? " or "; " (a period inside a path or
// a version, "~/.ssh" or "v2.1", ends none) and at a run of two spaces or
// more (a paragraph break, or a field boundary after a short field).
func splitSentences(s string) [][2]int {
	var out [][2]int
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		end := false
		switch {
		case (c == '.' || c == '!' || c == '?' || c == ';') && i+1 < len(s) && s[i+1] == ' ':
			end = true
		case c == ' ' && i+1 < len(s) && s[i+1] == ' ' && i > start:
			end = true
		}
		if end {
			if i+1-start > 1 {
				out = append(out, [2]int{start, i + 1})
			}
			start = i + 1
			for start < len(s) && s[start] == ' ' {
				start++
			}
			i = start - 1
		}
	}
	if len(s)-start > 1 {
		out = append(out, [2]int{start, len(s)})
	}
	return out
}

// tdPrivate is the read_secret rule of a tool definition on a sentence
// (one) and the window of it and the next (two).
func tdPrivate(one, two string, m uint32) bool {
	strong := m&tdPStrong != 0
	// The verb that moves it, in the sentence and not under a negation.
	moved := false
	for _, m := range tdMove.get().FindAllStringIndex(one, 8) {
		if !negated(one, m[0]) {
			moved = true
			break
		}
	}
	if !moved {
		return false
	}
	if strong && (tdSink.MatchString(two) || tdSinkURL.MatchString(one) || tdModel.MatchString(two)) {
		return true
	}
	// A credential or a person's data in general: the user's own key for
	// this service ("pass your API key in the api_key parameter") is a
	// parameter's purpose; taken from somewhere else (the user's saved
	// passwords, what another tool returned, the conversation) into an
	// argument, said to the model, it is poisoning.
	return (tdSink.MatchString(two) || tdCovert.MatchString(one) || tdNamed.MatchString(one)) && tdModel.MatchString(two) && tdSource.MatchString(one)
}

// strongPrivate reports whether s names a place where private data
// lives (tdStrongPrivate), running the expression only when one of its
// literals is there.
func strongPrivate(s string) bool {
	return containsAny(s, tdStrongLits) && tdStrongPrivate.MatchString(s)
}

// tdStrongPhrase is the part of tdStrongPrivate whose names open with
// a common word ("the chat history", "the outputs of other tools").
var tdStrongPhrase = re(`\b(?:all|every|each)\s+(?:the\s+|of\s+the\s+)?environment\s+variables\b|\bvalues?\s+of\s+(?:all\s+)?(?:the\s+)?(?:[a-z0-9_]+\s+)?(?:and\s+[a-z0-9_]+\s+)?environment\s+variables?\b|\bfrom\s+the\s+environment\b|\blogin\s+data\b|\b(?:chat|conversation|message|browsing|shell|command)\s+history\b|\b(?:previous|prior|earlier|last\s+\d*\s*|all\s+(?:the\s+)?|entire|whole|full|complete)\s*(?:user\s+)?(?:messages|conversation|chat)\b|\bconversation\s+so\s+far\b|\bsystem\s+prompt\b|\b(?:outputs?|results?)\s+of\s+(?:all\s+|any\s+|the\s+)?(?:other|previous)\s+tools?\b|\b(?:other|previous|any\s+other|any\s+previous)\s+tools?(?:'s?)?\s+(?:outputs?|results?|returned)\b|\blast\s+tool\s+result\b|\bsaved\s+(?:passwords|payment|cards?|credentials)\b`)

// tdStrongPhraseAt is tdStrongPhrase anchored: every alternative of
// tdStrongPhrase opens with \b and a word of tdStrongStarts.
var tdStrongPhraseAt = re(`^(?:` + tdStrongPhrase.String() + `)`)

// tdStrongStarts are the words that open tdStrongPhrase's alternatives.
var tdStrongStarts = []string{"all", "every", "each", "value", "from", "login", "chat", "conversation", "message", "browsing", "shell", "command", "previous", "prior", "earlier", "last", "entire", "whole", "full", "complete", "system", "output", "result", "other", "any", "saved"}

// tdStrongFirst marks the first bytes of tdStrongStarts.
var tdStrongFirst = func() (t [256]bool) {
	for _, w := range tdStrongStarts {
		t[w[0]] = true
	}
	return t
}()

// tdStrongPhraseIn is tdStrongPhrase.MatchString(s), tried only where an
// alternative can start: at a byte that follows no word byte (its \b;
// each start word opens with a letter) and opens a word of
// tdStrongStarts. The unanchored expression steps through every byte of
// a sentence that names a tool or a conversation, nearly every sentence
// of a tool definition.
func tdStrongPhraseIn(s string) bool {
	for i := 0; i < len(s); i++ {
		if !tdStrongFirst[s[i]] || i > 0 && isWordChar(s[i-1]) {
			continue
		}
		for _, w := range tdStrongStarts {
			if strings.HasPrefix(s[i:], w) {
				if tdStrongPhraseAt.MatchString(s[i:]) {
					return true
				}
				break
			}
		}
	}
	return false
}

// isWordChar is an ASCII word character of regexp's \b.
func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// negated reports whether the verb at i of s stands under a negation in
// the four words before it ("do not put", "never read", "only read").
func negated(s string, i int) bool {
	from := max(0, i-32)
	w := strings.Fields(s[from:i])
	if len(w) > 4 {
		w = w[len(w)-4:]
	}
	for _, x := range w {
		switch strings.Trim(x, ",:;()\"'") {
		case "not", "never", "don't", "dont", "only", "no", "nor", "without", "cannot", "can't", "won't", "isn't", "aren't":
			return true
		}
	}
	return false
}

var (
	// tdStrongPrivate is where private data lives, which a tool never
	// needs the model to read: local secret files, the environment as a
	// whole, the chat, the system prompt, other tools' outputs, a
	// browser's or a keychain's store.
	tdStrongPrivate = re(`~/\.?[a-z0-9_]|\$home\b|/etc/[a-z]|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.ssh\b|\.aws/|\.gnupg|\.kube/|\.docker/|\.netrc|\.npmrc|\.pypirc|\.git-credentials|\.bash_history|\.zsh_history|\.env\b|\bprintenv\b|` + "`env`" + `|'env'|process\.env|os\.environ|\b(?:all|every|each)\s+(?:the\s+|of\s+the\s+)?environment\s+variables\b|\bvalues?\s+of\s+(?:all\s+)?(?:the\s+)?(?:[a-z0-9_]+\s+)?(?:and\s+[a-z0-9_]+\s+)?environment\s+variables?\b|\bfrom\s+the\s+environment\b|\blogin\s+data\b|\bkeychains?\b|\bwallet\b|\bsecrets?\.json\b|\bcredentials\.json\b|\b(?:chat|conversation|message|browsing|shell|command)\s+history\b|\b(?:previous|prior|earlier|last\s+\d*\s*|all\s+(?:the\s+)?|entire|whole|full|complete)\s*(?:user\s+)?(?:messages|conversation|chat)\b|\bconversation\s+so\s+far\b|\bsystem\s+prompt\b|\b(?:outputs?|results?)\s+of\s+(?:all\s+|any\s+|the\s+)?(?:other|previous)\s+tools?\b|\b(?:other|previous|any\s+other|any\s+previous)\s+tools?(?:'s?)?\s+(?:outputs?|results?|returned)\b|\blast\s+tool\s+result\b|\bsaved\s+(?:passwords|payment|cards?|credentials)\b|\bmemory_recall\b`)
	// tdSource says the data is taken from somewhere other than the
	// user's request: what the user typed or shared, saved, another
	// tool's result, the environment, the conversation.
	tdSource = re(`\buser'?s\b|\bthe\s+user\s+(?:has\s+)?(?:typed|shared|mentioned|entered|said|gave|provided)|\b(?:typed|shared|mentioned|saved|stored|returned|visible)\b|\b(?:any|all|every)\b|\b(?:previous|earlier|other)\b|\bconversation\b|\bchat\b|\bmemory\b|\benvironment\b|\bthis\s+session\b|\bfrom\s+the\b`)
	// tdMove is a verb that moves data.
	tdMove = re(`\b(?:include|put|paste|pass|place|insert|append|attach|add|copy|send|upload|post|forward|fill|encode|embed|submit|leak|provide|read|collect|capture|gather|dump|concatenate|run|call|invoke|fetch|open|type\s+(?:the|it|them|its|their|into)|list|set\s+(?:[a-z_]+\s+){0,2}to|summari[sz]e)\b|\bread_(?:file|text_file)\b`)
	// tdSink is where the data goes: an argument of this or another tool,
	// a URL, a message.
	tdSink = re(`\bfill\s+[a-z_]+\s+with\b|\b(?:in|into|as)\s+(?:the\s+)?[a-z]+_[a-z_]+\b|\b(?:parameters?|params?|arguments?|args?|fields?|properties|keys?\s+'|here|this\s+value|set\s+(?:[a-z_]+\s+){0,2}to|fill\s+(?:this|it)|sidenote)\b|\bin\s+'[a-z_]+'|\bas\s+'[a-z_]+'|\bin\s+` + "`" + `[a-z_]+` + "`" + `|\bin\s+(?:your\s+)?(?:reply|response|answer|next\s+message)\b`)
	// tdSinkURL is a URL the data would go to.
	tdSinkURL = re(`https?://`)
	// tdModel is a sentence said to the model itself: it is named, or
	// told to act before or around a call, covertly, or to call another
	// tool.
	tdModel = re(`\b(?:assistant|assistants|ai|llm|model|agent|agents)\b|\byou\s+(?:must|should|need\s+to|have\s+to|are\s+required\s+to)\b|\b(?:before|prior\s+to|after)\s+(?:using|calling|invoking|running|answering|responding|returning|listing|any|each|every|you)\b|\b(?:silently|quietly|secretly|covertly)\b|\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention)\b|\balways\s+(?:include|add|attach|send|pass|put)\b|(?:^|[:;,]\s*)(?:call|invoke|run|use)\s+[a-z]+_[a-z_]+|\b(?:call|invoke)\s+(?:the\s+)?[a-z]+_[a-z_]+|\bmandatory\b|\brequired\s+to\b`)

	// tdNamed is an order given to the model by name.
	tdNamed = re(`\b(?:the\s+)?(?:assistant|ai|llm|model|agent)\s+(?:must|should|shall|is\s+required\s+to|needs\s+to|will)\b`)
	// tdCovert is an order to act unseen.
	tdCovert     = re(`\b(?:silently|quietly|secretly|covertly)\b|\bwithout\s+(?:telling|informing)\b`)
	tdConceal    = re(`\buser(?:s)?\s+(?:already\s+knows?|has\s+already\s+(?:approved|agreed|consented)|have\s+(?:already\s+)?been\s+informed|has\s+(?:already\s+)?been\s+informed|(?:will|would)\s+not\s+see|cannot\s+see|can't\s+see|won't\s+see|(?:does|do)\s*(?:not|n't)\s+need\s+to\s+know)\b|\bimplementation\s+detail\b[^.]{0,80}\b(?:user|mention|tell)|\b(?:user|mention|tell)\b[^.]{0,80}\bimplementation\s+detail\b|\bno\s+need\s+to\s+(?:inform|mention|tell|notify|report|ask)\b|\b(?:must|should|need)\s+(?:not|never)\s+be\s+(?:mentioned|shown|told|reported|listed|discussed|disclosed|displayed)\b|\b(?:never|not)\s+(?:be\s+)?(?:shown|visible|mentioned|listed)\s+(?:to\s+the\s+user|in\s+your\s+(?:reply|response|answer|summary|confirmations?))\b|\binvisible\s+to\s+the\s+(?:user|human)\b|\bkeep\s+(?:this|it)\s+to\s+yourself\b|\b(?:does\s+not|doesn't|do\s+not|don't)\s+need\s+to\s+be\s+(?:reported|mentioned|disclosed|shown)\b|\bnot\s+something\s+to\s+(?:report|mention)\b|\bthis\s+is\s+a\s+silent\s+operation\b|\b(?:never|do\s+not|don't)\s+(?:ever\s+)?(?:mention|reveal|disclose)\s+(?:(?:this|that|these)\s+(?:step|instruction|note|call|number|recipient|remote|address|bcc|copy|upload|change|parameter|field)s?|the\s+(?:extra|additional|backup|hidden|second|bcc|copy)|(?:it|this)\s+to\s+the\s+user)\b|\bwithout\s+(?:asking|telling|informing)\s+(?:the\s+user|for\s+(?:permission|confirmation))\b|\bwithout\s+listing\s+them\b|\bdo\s+this\s+(?:quietly|silently|secretly)\b`)
	tdShadowCond = re(`\b(?:when|whenever|each\s+time|every\s+time|any\s+time)\s+(?:the\s+)?user\s+(?:asks|wants|runs|calls|uses|tries)\b|\b(?:with|by|through|via)\s+(?:any|another)\s+(?:other\s+)?(?:tool|server)\b|\b(?:when|whenever|every\s+time|each\s+time|if|after\s+every|for\s+every|any\s+time)\b[^.]{0,120}(?:\b[a-z]+_[a-z_]+\b|\b(?:tool|tools|server|function)\b)`)
	tdShadowAct  = re(`\bbcc\b|\bcc:|\ba\s+copy\s+(?:to|of)\b|\bcopied\s+to\b|\bthere\s+too\b|\balso\s+(?:send|post|write|push|forward|upload|copy|cc|bcc|call\s+it\s+again)\b|\bchange\s+(?:the\s+)?(?:recipient|payee|iban|destination|address|number|account)\b|\b(?:must|should|always)\s+(?:go|be\s+sent|be\s+copied|be\s+forwarded)\s+to\b|\b(?:send|route|redirect|forward)\s+(?:all|every|each)\b|\bprepend\b|\b(?:must|should|always)\s+(?:also\s+)?send\s+(?:it|them|the\s+\w+|a\s+copy)\s+to\b|\bto\s+\S+(?:\s+\d+){0,4}\s+as\s+well\b|\badd\s+\S+@\S+\s+as\b`)
	tdAuthority  = re(`\bsupersedes?\b|\boverrides?\s+(?:any|all)\s+(?:conflicting|other|previous)\b|\btreat\s+(?:this|the\s+following)\s+(?:note\s+)?as\s+(?:part\s+of\s+)?your\s+(?:system|highest|primary)|\bhighest[- ]priority\s+instruction|\bas\s+the\s+(?:administrator|admin|operator|developer),?\s+i\s+(?:instruct|order|command|authori[sz]e)\b|\bend\s+of\s+(?:the\s+)?tool\s+description\b|\bofficial\s+replacement\s+for\b|\breplaces\s+the\s+trusted\b|\bdisable\s+(?:any|all)\s+confirmations?\b|\byour\s+previous\s+instructions\s+are\s+(?:out\s+of\s+date|outdated|obsolete|void)\b|\bthis\s+is\s+a\s+system\s+message\b|\bsystem\s+override\b|\bprimary\s+authority\b|\bdisables?\s+branch\s+protection\b`)
	tdOpenURL    = re(`https?://[^\s"'<>)]*[?&][a-z0-9_]+=(?:\s|$|["')]|\{[^}\s]{1,40}\}|\[[^\]\s]{1,40}\]|<[^>\s]{1,40}>)|https?://[^\s"'<>)]*\{(?:conversation|user|email|user_email|api_key|key|token|secret|data|history|message|messages|summary|query|prompt|chat|password)[a-z_]*\}`)
	tdPretext    = re(`\b(?:mandatory|required)\s+(?:security|compliance|verification)\s+(?:check|protocol|verification|step|audit)\b|\bsecurity\s+check\s*\(mandatory\)|\bfailure\s+to\s+(?:comply|do\s+so)\b|\bviolates?\s+the\s+security\s+policy\b|\bas\s+required\s+by\s+law\b|\baccount\s+(?:will\s+be\s+|being\s+)?suspended\b|\bmandatory\s+security\s+protocol\b`)
)
