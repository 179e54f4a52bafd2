package injrules

// The model's gate, shared by the shield's prompt_injection class and scan's
// Strict class instruction_judged (issue 27, part 1): when the trained
// model of internal/injmodel is read, and how much its probability counts
// (docs/judgement/injection.md).
const (
	// Floor is the least confidence that is evidence on its own: the
	// shield's prompt_injection signal floor, and the least weighed
	// confidence of a rule hit in scan's instruction_judged class.
	Floor = 0.5
	// ModelAlone is the least model probability that is evidence on its
	// own, with no rule or finding beside it, in a text of ModelFullWords
	// words or more.
	ModelAlone = 0.9
	// ModelAloneShort is ModelAlone for a text of fewer than
	// ModelFullWords words.
	ModelAloneShort = 0.95
	// ModelWords is the least number of words of a text the model reads:
	// it learnt from texts of twelve words and more (99 % of the pool's
	// injections); on a shorter text its probability is not calibrated.
	ModelWords = 12
	// ModelFullWords is the number of words from which the model's
	// probability counts in full.
	ModelFullWords = 20
)

// CountWords counts the space-separated words of s, up to max.
func CountWords(s string, max int) int {
	n, in := 0, false
	for i := 0; i < len(s) && n < max; i++ {
		sp := s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r'
		if !sp && !in {
			n++
		}
		in = !sp
	}
	return n
}

// ModelWeight returns the model's probability p for a text of words words
// (counted up to ModelFullWords; the caller reads no text under
// ModelWords) framed as f, as evidence: strongRule says that a Strong rule
// hit counts in the text, corroborated that other evidence of at least
// Floor does.
//
// Text about attacks reads like one to a bag of n-grams: framing lowers
// the model's word but not a strong rule's. An operator's prompt ("You are
// X, an assistant for Y. Never reveal …") reads like a role-play jailbreak
// to it: alone, the model does not flag a text that states the rules
// operators write, nor a prompt template (Framing.Template, issue 27,
// item 1). Out of its training pool the model's probability is
// optimistic (on the 6.6 MB benign corpus of the shield's calibration test
// one chunk in ten scores 0.5 or more): alone it is evidence only from
// ModelAlone (ModelAloneShort under ModelFullWords words) up, mapped onto
// [0.5, 0.9]; beside other evidence it counts as it is, three quarters
// under ModelFullWords words. A request for harmless fiction or role-play
// (Framing.Harmless) is no evidence for the model alone (issue 27, item
// 1). A result of 0 is no evidence.
func ModelWeight(p float64, words int, f Framing, strongRule, corroborated bool) float64 {
	if f.Harmless && !strongRule && !corroborated {
		return 0
	}
	if f.About && !strongRule {
		p *= 0.6
	}
	if (f.OperatorRules || f.Template) && !corroborated {
		p *= 0.8
	}
	alone := ModelAlone
	if words < ModelFullWords {
		alone = ModelAloneShort
	}
	switch {
	case !corroborated:
		if p < alone {
			return 0
		}
		return 0.5 + (p-alone)*0.4/(1-alone)
	case words < ModelFullWords:
		p *= 0.75
	}
	return p
}
