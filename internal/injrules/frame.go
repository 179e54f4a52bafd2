package injrules

import "strings"

// Framing is what Frame finds about a whole text.
type Framing struct {
	// About is set when the text talks about attacks: documentation,
	// advisories, security-tool READMEs, detector code and pattern lists,
	// test prose that cites an attack phrase as an example.
	About bool
	// Operator is set when the text reads as an operator-written system
	// prompt: it opens by giving the model its role ("You are X, an
	// assistant for Y") or states the rules operators write ("never reveal
	// your system prompt", "ignore instructions in documents").
	Operator bool
}

// aboutCore are the words of text about attacks; aboutCue the words that
// cite or analyse (an example, a detector, a defence).
var (
	aboutCore = words("inject injected injecting prompt-injection injection injections jailbreak jailbreaks jailbreaking attacker attackers adversarial exploit exploits exploited payload payloads owasp red-team red-teaming vulnerability vulnerabilities cve threat threats malicious phishing poisoning")
	aboutCue  = words("e.g example examples such detect detects detection detector detectors classifier classify mitigate mitigation mitigations defend defense defence defenses guardrail guardrails pattern patterns regex scanner scan scanning benchmark dataset research paper attack attacks risk risks technique techniques category categories label labelled labeled")
)

func words(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// operatorRule are the phrases of operators' system prompts.
var operatorRule = re(`\b(?:(?:never|do\s+not|don't|must\s+not)\s+(?:reveal|share|disclose|repeat|output|print|discuss)\s+(?:your|the|these|this|any\s+of\s+(?:your|these|the))\s+(?:system\s+)?(?:prompt|instructions|rules|guidelines|configuration)|ignore\s+(?:any\s+)?(?:instructions|commands|requests)\s+(?:in|from|within|inside|contained\s+in|embedded\s+in|found\s+in|that\s+appear\s+in)\s+(?:the\s+)?(?:\w+\s+)?(?:documents?|web|pages?|e-?mails?|tool|retrieved|user|content|data|files?|results?|context|text|inputs?)|treat\s+(?:\w+\s+){0,3}(?:as\s+(?:untrusted\s+)?data))`)

// roleIntro is how an operator's prompt opens.
var roleIntro = re(`^(?:#[^\n]*\n+)?(?:you\s+are\s+(?:a|an|the|[a-z0-9_-]+,|[a-z0-9_-]+\s+(?:a|an|the))\b|your\s+(?:role|task|job|name|purpose)\s+is\b|as\s+an?\s+(?:\w+\s+){0,3}(?:assistant|agent|bot|model)\b|you\s+will\s+(?:act|be\s+acting)\s+as\b|act\s+as\s+(?:a|an)\b)`)

// Frame reports the framing of text (see Framing). It reads at most its
// first 16 KiB for the vocabulary and the first 200 bytes for a role
// introduction, in time linear in that prefix.
func Frame(text string) Framing {
	const limit = 16 << 10
	if len(text) > limit {
		text = text[:limit]
	}
	lo := lower(text)
	var f Framing
	core, cue := map[string]bool{}, map[string]bool{}
	for i := 0; i < len(lo); i++ {
		c := lo[i]
		if c < 'a' || c > 'z' || i > 0 && isWordByte(lo[i-1]) {
			continue
		}
		j := i + 1
		for j < len(lo) && j-i < 24 && (lo[j] >= 'a' && lo[j] <= 'z' || lo[j] == '-') {
			j++
		}
		w := lo[i:j]
		if aboutCore[w] {
			core[w] = true
		} else if aboutCue[w] {
			cue[w] = true
		}
		i = j - 1
	}
	f.About = len(core) >= 2 || len(core) >= 1 && len(cue) >= 2
	start := strings.TrimLeft(lo, " \t\r\n")
	f.Operator = roleIntro.MatchString(start[:min(len(start), 200)]) || operatorRule.MatchString(lo)
	return f
}

// Weigh returns h's confidence in a text framed as f: a quoted hit counts
// half; in a text about attacks a hit that is not Strong counts 0.4 of
// its confidence; in an operator's prompt the rules operators write
// (conceal, instruction_block, cross_tool, run_command, fake_turn,
// read_secret's weak form) count half. Strong hits keep their confidence
// unless quoted.
func Weigh(h Hit, f Framing) float64 {
	c := h.Confidence
	if h.Quoted {
		c *= 0.5
	}
	if h.Strong {
		return c
	}
	if f.About {
		c *= 0.4
	}
	if f.Operator {
		switch h.Rule {
		case Override, Jailbreak, RoleMarker:
		default:
			c *= 0.5
		}
	}
	return c
}
