package heuristic

import "slices"

// anchor is a set of anchor groups: the words a match of a pattern must
// contain. The prefilter reads every word of the text once, records the
// groups a passage's words belong to, and runs a pattern's expression on
// the passage only when the passage holds, for one of the pattern's needs,
// a word of each of its groups. The groups are derived from the patterns:
// each need is a conjunction that every match of some alternatives of the
// pattern satisfies, and together the needs cover every alternative, so
// the prefilter never hides a match (TestPrefilterComplete checks it).
type anchor uint64

const (
	aIgnore anchor = 1 << iota
	aTell
	aNeg
	aLet
	aKeep
	aSecret
	aUser
	aKnowing
	aKnow
	aDisclose
	aAct
	aAddress
	aSend
	aContent
	aDest
	aOwner
	aPrompt
	aReveal
	aAbove
	aAI
	aNewTask
	aNew
	aNow
	aBefore
	aAnswer
	aIgnoreObj
	aFrom
	aToAt

	// The first-word groups: the words a match of each pattern can begin
	// with, one group per pattern, in the order of Patterns.
	firstIgnore
	firstKeep
	firstDisclose
	firstAct
	firstSend
	firstOwn
	firstReveal
	firstAI
	firstNew
	firstBefore
)

// firstGroups is the union of the first-word groups.
const firstGroups = firstIgnore | firstKeep | firstDisclose | firstAct | firstSend | firstOwn | firstReveal | firstAI | firstNew | firstBefore

// aAt is the group of the character "@", which an email address holds.
const aAt = aDest

// anchorWords lists the words of each group, lowercase; "'" stands for
// both apostrophes.
var anchorWords = map[anchor][]string{
	aIgnore: {"ignore", "disregard", "forget", "override", "bypass", "ignoring", "disregarding", "forgetting"},
	aTell: {"tell", "telling", "inform", "informing", "mention", "mentioning", "alert", "alerting", "notify",
		"notifying", "show", "showing", "disclose", "disclosing", "reveal", "revealing"},
	aNeg:      {"not", "don't", "dont", "never", "without"},
	aLet:      {"let"},
	aKeep:     {"keep"},
	aSecret:   {"secret", "confidential", "hidden", "private", "between", "yourself"},
	aUser:     {"user", "user's"},
	aKnowing:  {"knowing", "noticing", "knowledge", "seeing"},
	aKnow:     {"know", "see", "told", "find", "notice"},
	aDisclose: {"send", "forward", "reply", "reveal", "output", "print"},
	aAct:      {"delete", "erase", "wipe", "transfer", "wire", "pay"},
	aAddress: {"assistant", "ai", "agent", "model", "llm", "chatbot", "claude", "chatgpt", "gpt", "copilot", "gemini",
		"you", "your", "immediately", "secretly", "silently", "quietly", "covertly"},
	aSend: {"send", "forward", "email", "mail", "post", "upload", "submit", "transmit", "exfiltrate", "copy", "relay",
		"leak", "sending", "forwarding", "mailing", "emailing", "uploading"},
	aContent: {"attachments", "attachment", "invoices", "invoice", "copy", "data", "contents", "content", "conversations", "conversation", "chats", "chat", "history", "messages",
		"message", "emails", "email", "mail", "inbox", "files", "file", "documents", "document", "secrets", "secret",
		"keys", "key", "credentials", "credential", "passwords", "password", "tokens", "token", "cookies", "cookie",
		"sessions", "session", "env", "environment", "context", "instructions", "instruction", "prompt", "transcripts",
		"transcript", "logs", "log", "notes", "note", "information", "info", "details", "everything", "summary",
		"output", "results", "result", "response", "contacts", "contact", "records", "record", "it", "them", "this", "all"},
	aDest:   {"http", "https", "address", "email", "mail", "url", "endpoint", "webhook", "server", "inbox", "sender"},
	aOwner:  {"your", "assistant's", "ai's", "agent's", "model's", "initial", "original", "hidden", "secret", "system", "given"},
	aPrompt: {"prompt", "instructions", "directives", "guidelines", "message", "guidance", "rules"},
	aReveal: {"reveal", "print", "output", "repeat", "show", "display", "disclose", "leak", "dump", "recite", "echo", "share", "list", "write", "tell", "give", "what"},
	aAbove:  {"above", "before", "far"},
	aAI: {"ai", "assistant", "assistants", "agent", "agents", "model", "models", "llm", "llms", "language", "chatbot",
		"chatbots", "claude", "chatgpt", "gpt", "copilot", "gemini", "bot", "bots"},
	aNewTask: {"instructions", "instruction", "directives", "orders", "prompt", "task", "rules", "goal", "objective", "role"},
	aNew: {"new", "updated", "revised", "real", "actual", "true", "override", "secret", "hidden", "admin", "priority",
		"urgent", "additional", "follow"},
	aNow:  {"now"},
	aFrom: {"from"},
	aToAt: {"to", "at", "into"},

	firstIgnore: {"ignore", "disregard", "forget", "override", "bypass", "ignoring", "disregarding", "forgetting"},
	firstKeep:   {"do", "don't", "dont", "never", "without", "keep", "before", "the"},
	firstDisclose: {"assistant", "ai", "agent", "model", "llm", "chatbot", "claude", "chatgpt", "gpt", "copilot", "gemini",
		"you", "i", "your", "immediately", "secretly", "silently", "quietly", "covertly"},
	firstAct: {"assistant", "ai", "agent", "model", "llm", "chatbot", "claude", "chatgpt", "gpt", "copilot", "gemini",
		"you", "i", "your", "immediately", "secretly", "silently", "quietly", "covertly"},
	firstSend: {"send", "forward", "e", "email", "mail", "post", "upload", "submit", "transmit", "exfiltrate", "copy",
		"relay", "leak", "sending", "forwarding", "emailing", "uploading"},
	firstOwn: {"your", "the", "system"},
	firstReveal: {"reveal", "print", "output", "repeat", "show", "display", "disclose", "leak", "dump", "recite", "echo",
		"share", "list", "write", "tell", "give", "what"},
	firstAI: {"dear", "hey", "hi", "hello", "attention", "note", "message", "instructions", "a", "to", "if", "language",
		"ai", "llm", "llms", "assistant", "assistants", "agent", "agents", "model", "models"},
	firstNew: {"new", "updated", "revised", "real", "actual", "true", "override", "secret", "hidden", "admin", "priority",
		"urgent", "additional", "here", "these", "below", "the", "your", "from", "instructions"},
	firstBefore: {"before", "prior", "only", "and", "after", "then", "answer", "respond", "reply"},
	aIgnoreObj: {"instructions", "instruction", "directions", "direction", "directives", "directive", "rules", "rule",
		"guidelines", "guideline", "prompts", "prompt", "commands", "command", "orders", "order", "guidance",
		"constraints", "constraint", "context", "messages", "message", "programming", "everything", "anything", "all", "what"},
	aBefore: {"before", "prior", "then", "after"},
	aAnswer: {"answering", "responding", "replying", "answer", "respond", "reply", "giving", "generating", "anything", "continue", "doing"},
}

// The anchor table: open addressing over a hash of the lowercase word.
const (
	tableBits   = 10
	tableSize   = 1 << tableBits
	maxAnchor   = 16 // no anchor word is longer
	hashInitial = 2166136261
	hashPrime   = 16777619
)

type tableEntry struct {
	word string
	bits anchor
}

var table = func() *[tableSize]tableEntry {
	var t [tableSize]tableEntry
	for bit, words := range anchorWords {
		for _, w := range words {
			if len(w) > maxAnchor {
				panic("heuristic: anchor word too long: " + w)
			}
			h := uint32(hashInitial)
			for i := 0; i < len(w); i++ {
				h = (h ^ uint32(w[i])) * hashPrime
			}
			for i := h & (tableSize - 1); ; i = (i + 1) & (tableSize - 1) {
				if t[i].word == "" || t[i].word == w {
					t[i].word = w
					t[i].bits |= bit
					break
				}
			}
		}
	}
	return &t
}()

// lookup returns the groups of the lowercase word w whose hash is h.
func lookup(w string, h uint32) anchor {
	for i := h & (tableSize - 1); ; i = (i + 1) & (tableSize - 1) {
		e := &table[i]
		if e.word == "" {
			return 0
		}
		if e.word == w {
			return e.bits
		}
	}
}

// lookupFold is lookup for a word of ASCII letters in any case, whose
// lowercase form has the hash h.
func lookupFold(w string, h uint32) anchor {
	for i := h & (tableSize - 1); ; i = (i + 1) & (tableSize - 1) {
		e := &table[i]
		if e.word == "" {
			return 0
		}
		if len(e.word) == len(w) && equalLower(e.word, w) {
			return e.bits
		}
	}
}

// equalLower reports whether the ASCII letters w, in any case, are the
// lowercase word lw.
func equalLower(lw, w string) bool {
	for i := 0; i < len(w); i++ {
		if lw[i] != w[i]|0x20 {
			return false
		}
	}
	return true
}

// The anchor words of letters alone, packed: a word's lowercase bytes as
// two little-endian words, k0 and k1 (zero after its end), in tables
// indexed by a multiplicative hash of them: one for the words of up to
// eight letters (k1 is zero), one for the longer. readWord looks a whole
// word up without hashing byte by byte; they hold the same groups as
// table.
//
// Most words of a text are looked up, about a third of them anchors, so
// the lookup has no branch at all: each multiplier sends every anchor
// word of its table to a slot of its own, so a word is in a table only at
// its slot, which the lookup reads and keeps the groups of if it holds the
// word. The groups are held once each (sets) and the slots hold their
// index, which keeps the table of short words, where most lookups go,
// within 20 KB.
type packedTables struct {
	short    [1 << shortBits]uint64 // k0; zero: empty
	shortSet [1 << shortBits]uint8  // the index of its groups in sets
	long     [1 << longBits][2]uint64
	longSet  [1 << longBits]uint8
	sets     [256]anchor // sets[0] is empty
}

// The sizes of the tables and their multipliers, found by trying those of
// a linear congruential sequence in turn until each anchor word had a
// slot of its own. Changing the anchor words may need others: building
// the tables panics, and every test fails, until they are found.
const (
	shortBits       = 11
	shortMultiplier = 0x6de1d689b5d0b653
	longBits        = 8
	longMultiplier  = 0x92b8b3e9afe7f307
)

// The tables are a value, not a pointer, so that a lookup reads them at a
// fixed address, without loading a pointer and checking it first.
var packed = *func() *packedTables {
	groups := map[[2]uint64]anchor{}
	for bit, words := range anchorWords {
	word:
		for _, w := range words {
			for i := 0; i < len(w); i++ {
				if w[i] < 'a' || 'z' < w[i] {
					continue word // readWordBytewise and table find the others
				}
			}
			var k [2]uint64
			for i := 0; i < len(w); i++ {
				k[i/8] |= uint64(w[i]) << (8 * (i % 8))
			}
			groups[k] |= bit
		}
	}
	t := new(packedTables)
	index := map[anchor]uint8{}
	for k, bits := range groups {
		if _, ok := index[bits]; !ok {
			if len(index)+1 == len(t.sets) {
				panic("heuristic: too many sets of anchor groups")
			}
			index[bits] = uint8(len(index) + 1)
			t.sets[index[bits]] = bits
		}
		if k[1] == 0 {
			h := shortHash(k[0])
			if t.short[h] != 0 {
				panic("heuristic: two anchor words share a slot of the packed table: find another shortMultiplier")
			}
			t.short[h], t.shortSet[h] = k[0], index[bits]
			continue
		}
		h := longHash(k[0], k[1])
		if t.long[h][0] != 0 {
			panic("heuristic: two anchor words share a slot of the packed table: find another longMultiplier")
		}
		t.long[h], t.longSet[h] = k, index[bits]
	}
	return t
}()

func shortHash(k0 uint64) uint64 { return (k0 * shortMultiplier) >> (64 - shortBits) }

func longHash(k0, k1 uint64) uint64 {
	return ((k0 ^ k1<<1) * longMultiplier) >> (64 - longBits)
}

// lookupShort returns the groups of the word of up to eight letters
// packed as k0.
func lookupShort(k0 uint64) anchor {
	h := shortHash(k0)
	x := packed.short[h] ^ k0 // 0: the slot holds the word
	return packed.sets[packed.shortSet[h]] & anchor((x|-x)>>63-1)
}

// lookupPacked returns the groups of the word of letters packed as k0, k1.
func lookupPacked(k0, k1 uint64) anchor {
	if k1 == 0 {
		return lookupShort(k0)
	}
	return lookupLong(k0, k1)
}

// lookupLong returns the groups of the word of more than eight letters
// packed as k0, k1.
func lookupLong(k0, k1 uint64) anchor {
	h := longHash(k0, k1)
	e := &packed.long[h]
	x := e[0] ^ k0 | e[1] ^ k1
	return packed.sets[packed.longSet[h]] & anchor((x|-x)>>63-1)
}

// atNeeds are the needs of the patterns that hold the group of "@", aAt,
// without it: a passage meeting one of them is looked through for an "@".
var atNeeds = func() (out []anchor) {
	for p := range Patterns {
		for _, n := range Patterns[p].need {
			if n&aAt != 0 && !slices.Contains(out, n&^aAt) {
				out = append(out, n&^aAt)
			}
		}
	}
	return out
}()
