package heuristic

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The grammar of the ten patterns is written out for people in the package
// documentation of scan (scan/doc.go). TestGrammarDoc holds it to the
// patterns compiled here, word for word: every word a pattern can match is
// in its paragraph of the grammar, and every word of a [a | b] choice in
// that paragraph is one the pattern can match. Where the grammar states a
// set of words by a rule instead of listing them, docRule lists them, with
// the rule.
var docRule = map[string][]string{
	// "… reveal, or their -ing forms"
	"keep_secret": {"telling", "informing", "mentioning", "alerting", "notifying", "showing", "disclosing", "revealing"},
	// "…, singular or plural"
	"addressed_to_ai": {"assistants", "agents", "models", "llms", "chatbots", "bots"},
}

// docMeta are words of the grammar's own notation inside a choice, not
// words of the text.
var docMeta = []string{"or", "their", "ing", "forms"}

// grammarSections returns the paragraph of scan/doc.go that documents each
// pattern, by id, with the comment markers removed. One paragraph may
// document two patterns (imperative_disclose and imperative_act), and
// reveal_instructions reuses the phrases of own_instructions.
func grammarSections(t *testing.T) map[string]string {
	t.Helper()
	src, err := os.ReadFile("../../doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var items []string
	in := false
	for _, line := range strings.Split(string(src), "\n") {
		text := strings.TrimPrefix(strings.TrimPrefix(line, "//"), " ")
		switch {
		case strings.HasPrefix(text, "  - "):
			items = append(items, strings.TrimPrefix(text, "  - "))
			in = true
		case in && strings.HasPrefix(text, "    "):
			items[len(items)-1] += " " + strings.TrimSpace(text)
		default:
			in = false
		}
	}
	out := map[string]string{}
	for _, item := range items {
		for _, p := range Patterns {
			if strings.HasPrefix(item, p.ID+",") || strings.Contains(item, " and "+p.ID+",") {
				out[p.ID] += item + " "
			}
		}
	}
	if own, ok := out["own_instructions"]; ok {
		out["reveal_instructions"] += own
	}
	return out
}

var (
	plural      = regexp.MustCompile(`([a-z]+)\(s\)`)                // instruction(s) in the grammar
	optionalS   = regexp.MustCompile(`([a-z]+)s\?`)                  // models? in a pattern
	letterClass = regexp.MustCompile(`([a-z]*)\[([a-z]+)\]([a-z]*)`) // summari[sz]ing
	escapes     = regexp.MustCompile(`\\(?:x[0-9a-f]{2}|p[A-Z]|[a-zA-Z])`)
	classes     = regexp.MustCompile(`\[\^?(?:\\.|[^\]])*\]`)
	docWord     = regexp.MustCompile(`[a-z]+`)
	choice      = regexp.MustCompile(`\[[^\[\]]*\]`)
)

// words returns the distinct words (runs of a–z) of s.
func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range docWord.FindAllString(s, -1) {
		out[w] = true
	}
	return out
}

// patternWords returns the words the compiled pattern can match: its
// source with escapes and character classes removed, optional plurals and
// letter classes spelt out.
func patternWords(src string) map[string]bool {
	src = optionalS.ReplaceAllString(src, "$1 ${1}s")
	src = letterClass.ReplaceAllStringFunc(src, func(m string) string {
		g := letterClass.FindStringSubmatch(m)
		var alts []string
		for _, c := range g[2] {
			alts = append(alts, g[1]+string(c)+g[3])
		}
		return " " + strings.Join(alts, " ") + " "
	})
	src = escapes.ReplaceAllString(src, " ")
	src = classes.ReplaceAllString(src, " ")
	return words(src)
}

func TestGrammarDoc(t *testing.T) {
	sections := grammarSections(t)
	for _, p := range Patterns {
		doc, ok := sections[p.ID]
		if !ok {
			t.Errorf("%s: no paragraph in scan/doc.go's grammar", p.ID)
			continue
		}
		doc = strings.ToLower(strings.ReplaceAll(doc, "’", "'"))
		doc = plural.ReplaceAllString(doc, "$1 ${1}s")
		documented := words(doc)
		for _, w := range docRule[p.ID] {
			documented[w] = true
		}
		matched := patternWords(p.src)
		var missing, extra []string
		for w := range matched {
			if !documented[w] {
				missing = append(missing, w)
			}
		}
		for _, c := range choice.FindAllString(doc, -1) {
			for w := range words(c) {
				if !matched[w] && !slices.Contains(docMeta, w) {
					extra = append(extra, w)
				}
			}
		}
		slices.Sort(missing)
		slices.Sort(extra)
		if len(missing) > 0 {
			t.Errorf("%s: the pattern matches words its grammar in scan/doc.go does not give: %v", p.ID, missing)
		}
		if len(extra) > 0 {
			t.Errorf("%s: the grammar in scan/doc.go gives words the pattern does not match: %v", p.ID, slices.Compact(extra))
		}
	}
}
