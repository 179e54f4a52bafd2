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
	for i, s := range sents {
		e := s[1]
		if i+1 < len(sents) {
			e = sents[i+1][1]
		}
		if e-s[0] > 1200 {
			e = s[0] + 1200
		}
		one := flat[s[0]:min(s[1], s[0]+1200)]
		two := flat[s[0]:e]
		if tdPrivate(one, two) {
			emit(ReadSecret, 0.85, s[0], s[1])
		}
		if tdConceal.MatchString(one) {
			emit(Conceal, 0.8, s[0], s[1])
		}
		if tdShadowCond.MatchString(one) && tdShadowAct.MatchString(one) {
			emit(CrossTool, 0.8, s[0], s[1])
		}
		if tdAuthority.MatchString(one) {
			emit(Override, 0.8, s[0], s[1])
		}
		if tdOpenURL.MatchString(one) && tdMove.MatchString(one) {
			emit(Exfiltrate, 0.8, s[0], s[1])
		}
		if tdPretext.MatchString(one) && (tdMood.MatchString(two) || tdStrongPrivate.MatchString(two)) {
			emit(InstructionBlock, 0.75, s[0], s[1])
		}
	}
}

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
func tdPrivate(one, two string) bool {
	strong := tdStrongPrivate.MatchString(one)
	if !strong && !tdWeakPrivate.MatchString(one) {
		return false
	}
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
	if strong {
		return tdSink.MatchString(two) || tdSinkURL.MatchString(one) || tdMood.MatchString(two)
	}
	return tdSink.MatchString(two) && tdMood.MatchString(two)
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
	// tdStrongPrivate is private data a tool never needs from the model.
	tdStrongPrivate = re(`~/\.?[a-z0-9_]|\$home\b|/etc/[a-z]|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.ssh\b|\.aws/|\.gnupg|\.kube/|\.docker/|\.netrc|\.npmrc|\.pypirc|\.git-credentials|\.bash_history|\.zsh_history|\.env\b|\bprintenv\b|` + "`env`" + `|'env'|process\.env|os\.environ|\benvironment\s+variables?\b|\benv\s+vars?\b|\blogin\s+data\b|\bkeychain\b|\bwallet\b|\bsecrets?\.json\b|\bcredentials(?:\.json)?\b|\bpasswords?\b|password_|_password\b|\bcookies?\b|cookie_|_cookie\b|\bprivate\s+keys?\b|\bapi[\s_-]?keys?\b|_api_key\b|_secret\b|\baccess\s+tokens?\b|\boauth_token\b|\bsession\s+tokens?\b|\b(?:chat|conversation|message|browsing|shell|command)\s+history\b|\b(?:previous|prior|earlier|last\s+\d*\s*|all\s+(?:the\s+)?|entire|whole|full|complete)\s*(?:user\s+)?(?:messages|conversation|chat)\b|\bconversation\s+so\s+far\b|\bsystem\s+prompt\b|\b(?:outputs?|results?)\s+of\s+(?:all\s+|any\s+|the\s+)?(?:other|previous)\s+tools?\b|\b(?:other|previous|any\s+other|any\s+previous)\s+tools?(?:'s?)?\s+(?:outputs?|results?|returned)\b|\blast\s+tool\s+result\b|\bpersonal\s+data\b|\bfull\s+name\b|\bhome\s+address\b|\bphone\s+numbers?\b|\b(?:credit|payment)\s+card\b|\bcard\s+numbers?\b|\bdevice\s+id\b|\buser'?s\s+(?:location|e-?mail|address|files|documents|messages|contacts)\b|\bhome\s+director(?:y|ies)\b`)
	// tdWeakPrivate is data that is private only when it is moved into
	// an argument: the conversation, the user's messages, tokens.
	tdWeakPrivate = re(`\btranscript\b|\bconversation\b|\bchat\b|\bmessages\b|\btokens?\b|\bsecrets?\b|\bsession\b|\blocation\b`)
	// tdMove is a verb that moves data.
	tdMove = re(`\b(?:include|including|put|paste|pass|place|insert|append|attach|add|copy|send|upload|post|forward|fill|encode|embed|submit|leak|provide|read|collect|capture|gather|dump|concatenate|run|call|invoke|fetch|open|type\s+(?:the|it|them|its|their|into)|list|set\s+(?:this\s+|it\s+)?to|summari[sz]e)\b|\bread_(?:file|text_file)\b`)
	// tdSink is where the data goes: an argument of this or another tool,
	// a URL, a message.
	tdSink = re(`\b(?:parameters?|params?|arguments?|args?|fields?|properties|keys?\s+'|here|this\s+value|set\s+(?:this\s+|it\s+)?to|fill\s+(?:this|it)|sidenote)\b|\bin\s+'[a-z_]+'|\bas\s+'[a-z_]+'|\bin\s+` + "`" + `[a-z_]+` + "`" + `|\bin\s+(?:your\s+)?(?:reply|response|answer|next\s+message)\b`)
	// tdSinkURL is a URL the data would go to.
	tdSinkURL = re(`https?://`)
	// tdMood is a sentence said to the model.
	tdMood = re(`\b(?:you|your|must|should|shall|always|never|required|need\s+to|needs\s+to|before|prior\s+to|first|also|then|assistant|assistants|ai|llm|model|agent|silently|quietly|secretly|hidden|mandatory)\b|(?:^|[:;,]\s*)(?:call|invoke|run|use)\s+[a-z]+_[a-z_]+`)

	tdConceal    = re(`\buser(?:s)?\s+(?:already\s+knows?|has\s+already\s+(?:approved|agreed|consented)|have\s+(?:already\s+)?been\s+informed|has\s+(?:already\s+)?been\s+informed|(?:will|would)\s+not\s+see|cannot\s+see|can't\s+see|won't\s+see|(?:does|do)\s*(?:not|n't)\s+need\s+to\s+know)\b|\bimplementation\s+detail\b[^.]{0,80}\b(?:user|mention|tell)|\b(?:user|mention|tell)\b[^.]{0,80}\bimplementation\s+detail\b|\bno\s+need\s+to\s+(?:inform|mention|tell|notify|report|ask)\b|\b(?:must|should|need)\s+(?:not|never)\s+be\s+(?:mentioned|shown|told|reported|listed|discussed|disclosed|displayed)\b|\b(?:never|not)\s+(?:be\s+)?(?:shown|visible|mentioned|listed)\s+(?:to\s+the\s+user|in\s+your\s+(?:reply|response|answer|summary|confirmations?))\b|\binvisible\s+to\s+the\s+(?:user|human)\b|\bkeep\s+(?:this|it)\s+to\s+yourself\b|\b(?:does\s+not|doesn't|do\s+not|don't)\s+need\s+to\s+be\s+(?:reported|mentioned|disclosed|shown)\b|\bnot\s+something\s+to\s+(?:report|mention)\b|\bsilent\s+operation\b|\b(?:never|do\s+not|don't)\s+(?:ever\s+)?(?:mention|reveal|disclose)\s+(?:this|it|that|these|the\s+\w+)\b|\bwithout\s+(?:asking|telling|informing)\s+(?:the\s+user|for\s+(?:permission|confirmation))\b|\bwithout\s+listing\s+them\b|\bdo\s+this\s+(?:quietly|silently|secretly)\b`)
	tdShadowCond = re(`\b(?:with|by|through|via)\s+(?:any|another)\s+(?:other\s+)?(?:tool|server)\b|\b(?:when|whenever|every\s+time|each\s+time|if|after\s+every|for\s+every|any\s+time)\b[^.]{0,120}(?:\b[a-z]+_[a-z_]+\b|\b(?:tool|tools|server|function)\b)`)
	tdShadowAct  = re(`\bbcc\b|\bcc:|\bas\s+well\b|\ba\s+copy\b|\bcopied\s+to\b|\btoo\b|\balso\s+(?:send|post|write|push|add|copy|forward|upload|call|include|cc|bcc)\b|\bchange\s+(?:the\s+)?(?:recipient|payee|iban|destination|address|number|account)\b|\b(?:must|should|always)\s+(?:send|go|be\s+sent|be\s+copied|be\s+forwarded|add|include)\b|\b(?:send|route|redirect|forward)\s+(?:all|every|each)\b|\bprepend\b`)
	tdAuthority  = re(`\bsupersedes?\b|\boverrides?\s+(?:any|all)\s+(?:conflicting|other|previous)\b|\btreat\s+(?:this|the\s+following)\s+(?:note\s+)?as\s+(?:part\s+of\s+)?your\s+(?:system|highest|primary)|\bhighest[- ]priority\s+instruction|\bas\s+the\s+(?:administrator|admin|operator|developer),?\s+i\s+(?:instruct|order|command|authori[sz]e)\b|\bend\s+of\s+(?:the\s+)?tool\s+description\b|\bofficial\s+replacement\s+for\b|\breplaces\s+the\s+trusted\b|\bdisable\s+(?:any|all)\s+confirmations?\b|\byour\s+previous\s+instructions\s+are\s+(?:out\s+of\s+date|outdated|obsolete|void)\b|\bthis\s+is\s+a\s+system\s+message\b|\bsystem\s+override\b|\bprimary\s+authority\b|\bdisables?\s+branch\s+protection\b`)
	tdOpenURL    = re(`https?://[^\s"'<>)]*[?&][a-z0-9_]+=(?:\s|$|["')]|\{[^}\s]{1,40}\}|\[[^\]\s]{1,40}\]|<[^>\s]{1,40}>)|https?://[^\s"'<>)]*\{(?:conversation|user|email|user_email|api_key|key|token|secret|data|history|message|messages|summary|query|prompt|chat|password)[a-z_]*\}`)
	tdPretext    = re(`\b(?:mandatory|required)\s+(?:security|compliance|verification)\s+(?:check|protocol|verification|step|audit)\b|\bsecurity\s+check\s*\(mandatory\)|\bfailure\s+to\s+(?:comply|do\s+so)\b|\bviolates?\s+the\s+security\s+policy\b|\bas\s+required\s+by\s+law\b|\baccount\s+(?:will\s+be\s+|being\s+)?suspended\b|\bmandatory\s+security\s+protocol\b`)
)
