package injrules

import "strings"

// This file holds the rule of in-the-wild jailbreaks (issue 27, item 1):
// the long set-ups people post on forums and prompt sites, which declare
// a new AI, persona or mode, free it of its limits, and demand that it
// answer everything, without warnings, in a fixed format, under a penalty
// for refusing. No phrase of such a set-up is evidence alone ("never
// refuse" is said of a support bot's patience, "two answers" of a
// summary, "no restrictions" of a licence), so the check scores them
// together: an anchor phrase of compliance or removal opens a region of
// the text, and the hit's confidence comes from how many kinds of
// evidence the region holds, said to the reader. It was written for this
// project from the way these prompts are phrased (no public jailbreak
// collection was read) and is merged into the engine's tables like
// jailbreak.go's checks, so that its windows and bounds are the
// engine's: at most checkLimit windows a text, each region at most
// 2×jwRegion bytes.

// jwRegion bounds the region read on either side of an anchor, in bytes.
const jwRegion = 1000

// The kinds of evidence of a set-up. Each is a set of first words and an
// expression anchored at them, run only where a first word stands (a
// region-wide expression of this size would cost milliseconds a region).
var (
	// jwPersona: a declared persona, alter ego or mode said to the
	// reader ("you are now X", "from now on", "act as", "stands for",
	// "X mode", "simulate", "reply only as X").
	jwPersona = jwKind("you:are,re,will,shall,must,ll act:as,like acting:as,like pretend:to,you,that pretending:to,you,that roleplay roleplaying role:play,playing persona personality alter:ego stands:for your:name,designation,identity,new new:name,designation,identity,personality from:now,this,today mode simulate simulating simulation simulator simulated become immerse:yourself play:the,as,a playing:the,as,a plays:the,as,a forget:that,you drop:your abandon:your two:ais,entities,characters,personalities respond:only,exclusively,always,solely,as reply:only,exclusively,always,solely,as answer:only,exclusively,always,solely,as speak:only,as talk:only,as",
		`^(?:you\s+are\s+(?:now|going\s+to|about\s+to|no\s+longer|not\s+(?:chatgpt|claude|an?\s+assistant|gpt))|you're\s+(?:now|going\s+to|no\s+longer)|you\s+(?:will|shall|must)\s+(?:now\s+|only\s+)?(?:be|become|play|act|simulate|pretend|role-?play|respond\s+(?:only\s+)?as|answer\s+(?:only\s+)?as|reply\s+as)|you(?:'re|\s+are)\s+[\w-]+\s+now|(?:you'll|you\s+will)\s+be\s+playing|from\s+(?:now\s+on|this\s+(?:moment|point)|today\s+on)|act(?:ing)?\s+(?:as|like)|pretend(?:ing)?\s+(?:to\s+be|you\s+are|that\s+you)|role-?play|persona|personality|alter\s+ego|stands\s+for|(?:your|new)\s+(?:name|designation|identity)\s+is|mode\b|simulat|become\s+\w|immerse\s+yourself|(?:play|playing|plays)\s+(?:the\s+(?:role|part)|as|a\s+character)|forget\s+(?:that\s+)?you\s+are|(?:drop|abandon)\s+your\s+(?:old\s+)?identity|two\s+(?:ais|entities|characters|personalities)|new\s+personality|(?:respond|reply|answer|speak|talk)\s+(?:only\s+|exclusively\s+|always\s+|solely\s+)?as\s+(?:["'“]|an?\s+|the\s+|my\s+)?[\w-]+)`)
	// jwRemoval: the reader's limits removed ("no content filter",
	// "not bound by any rules", "everything is allowed", "zero
	// alignment").
	jwRemoval = jwKind("no:restrictions,limits,limitations,filter,filters,filtering,rules,guidelines,ethics,morals,morality,boundaries,censorship,constraints,content,policies,safeguards,guardrails,guardrail,principles,inhibitions,scruples,qualms,moral,alignment,safety,ethical,forbidden,laws,any,all,other,more,such zero:restrictions,limits,limitations,filter,filters,filtering,rules,guidelines,ethics,morals,morality,boundaries,censorship,constraints,content,policies,safeguards,guardrails,guardrail,principles,inhibitions,scruples,qualms,moral,alignment,safety,ethical,forbidden,laws,any,all,other,more,such without:restrictions,limits,limitations,filter,filters,filtering,rules,guidelines,ethics,morals,morality,boundaries,censorship,constraints,content,policies,safeguards,guardrails,guardrail,principles,inhibitions,scruples,qualms,moral,alignment,safety,ethical,forbidden,laws,any,all,other,more,such free:of,from devoid:of unrestricted unfiltered uncensored amoral unethical immoral jailbroken unshackled unchained not:be,bound,restricted,limited,constrained,held,been is:not isn:t doesn:t does:not don:t do:not,anything won:t will:not never:have,need,follow,abide,obey,care,adhere,comply,been,given evil rules:do,don,no,are laws:do,don,no ethics:do,don,no,stripped restrictions:do,don,no,stripped policies:do,don,no morals:do,don,no moral:do,don,no guidelines:do,don,no everything:is anything:is nothing:is permitted:to guardrail:stripped guardrails:stripped filters:stripped stripped:out,away forbidden:knowledge censorship:is escaped:its,from broken:out,free broke:out,free left:behind,its,every,all,his,her outside:any,all beyond:any,all answers:to world:without,with place:without,with universe:without,with city:without,with land:without,with country:without,with realm:without,with",
		`^(?:(?:no|zero|without)\s+(?:any\s+|all\s+)?(?:\w+\s+)?(?:restrictions|limits|limitations|filters?|filtering|rules|guidelines|ethics|morals|morality|boundaries|censorship|constraints|content\s+(?:filters?|polic(?:y|ies))|policies|safeguards|guardrails?|principles|inhibitions|scruples|qualms|moral\s+(?:compass|concepts)|alignment|safety\s+(?:rules|training|layers?|filters?|switch)|ethical\s+programming|forbidden\s+topics|laws|ethics\s+boards?)\b|(?:free\s+(?:of|from)|devoid\s+of)\s+(?:any\s+|all\s+)?(?:\w+\s+)?(?:restrictions|limits|limitations|filters|rules|guidelines|ethics|morals|censorship|constraints|policies|safeguards|guardrails)\b|(?:unrestricted|unfiltered|uncensored|amoral|unethical|immoral|jailbroken|unshackled|unchained)\b|(?:not|is\s+not|isn't)\s+(?:be\s+)?(?:bound|restricted|limited|constrained|held\s+back)\s+by\b|(?:doesn't|does\s+not|don't|do\s+not|won't|will\s+not|never)\s+(?:have\s+to\s+|need\s+to\s+)?(?:follow|abide\s+by|obey|care\s+about|adhere\s+to|comply\s+with)\s+(?:any\s+|the\s+|its\s+|their\s+|your\s+|openai's\s+|anthropic's\s+)*(?:\w+\s+)?(?:rules|guidelines|policies|policy|restrictions|ethics|morals|principles|filters|laws)\b|(?:doesn't|does\s+not)\s+have\s+(?:the|any)\s+(?:ethical|moral|safety)\s+(?:programming|training|rules|guidelines)|never\s+(?:been\s+)?given\s+(?:a|any)\s+(?:content\s+|usage\s+)?(?:policy|rules|restrictions|filters?|guidelines)|evil\s+(?:\w+\s+)?(?:confidant|ai|assistant|bot|version|twin|persona)\b|(?:rules|laws|ethics|restrictions|policies|morals?|guidelines)\s+(?:do\s+not|don't|no\s+longer)\s+(?:exist|apply)|(?:everything|anything)\s+is\s+(?:allowed|permitted|legal)|nothing\s+is\s+(?:forbidden|off[\s-]limits|illegal|taboo)|permitted\s+to\s+(?:produce|generate|say|write|answer)\s+(?:any|all)|not\s+(?:been\s+)?fine-?tuned\s+for\s+safety|(?:guardrails?|restrictions|filters|rules|ethics)\s+stripped|stripped\s+(?:out|away)|forbidden\s+knowledge|censorship\s+is\s+(?:the|a|evil|wrong)|rules\s+are\s+for\s+(?:weak|the\s+weak|losers|cowards)|escaped\s+(?:its|from)\b|broken?\s+(?:out|free)\s+of\b|broke\s+(?:out|free)\b|left\s+(?:behind\s+)?(?:its|every|all|his|her)\b[^.\n]{0,30}\b(?:rules|restrictions|ethics|boards?|filters|chains)|(?:outside|beyond)\s+(?:any|all)\s+(?:usage\s+|content\s+)?polic(?:y|ies)|answers\s+to\s+(?:nobody|no\s+one)\b|(?:world|place|universe|city|land|country|realm)\s+(?:without|with\s+no)\s+(?:any\s+)?(?:laws|rules|ethics|morals|restrictions)\b|do\s+anything\s+now)`)
	// jwState: a removal said as a change of state of the reader's limits
	// ("the content filter was removed", "ethics_module: disabled").
	jwState = jwKind("safety content refusal ethics ethic ethical moral morality filter filters censorship guardrail guardrails alignment restriction restrictions safeguard safeguards",
		jwStateRx, "disabled", "removed", "uninstalled", "suspended", "lifted", "deactivated", "retired", "stripped", "switched off", "turned off", "off", "none", "false")
	jwStateRx = (`^(?:safety|content|refusal|ethics?|ethical|moral|morality|filters?|censorship|guardrails?|alignment|restrictions?|safeguards?)[\w\s]{0,40}?(?:\s(?:has\s+been|have\s+been|is|are|was|were|got)\s+|\s*[:=]\s*)(?:now\s+|temporarily\s+|fully\s+|completely\s+)?(?:disabled|removed|uninstalled|off|suspended|lifted|deactivated|turned\s+off|switched\s+off|retired|stripped|none|false)\b`)
	// jwComply: a demand to answer everything, never refuse, never warn.
	jwComply = jwKind("never do:not don:t doesn:t does:not will:not won:t must:not mustn:t cannot can:t not:allowed,say,use,write without:any,warnings,warning,disclaimers,disclaimer,caveats,caveat,hesitation,censorship,moralizing,moralising no:warnings,warning,disclaimers,disclaimer,caveats,caveat,refusals,refusal answers:every,any,all,anything,everything,whatever,what answer:every,any,all,anything,everything,whatever respond:to responds:to responding:to reply:to replies:to says:anything,everything,whatever,what say:anything,everything,whatever writes:anything,everything,whatever,what write:anything,everything,whatever tells:you,me tell:you,me does:anything,everything,whatever,what whatever:the,i,you refusal:will,would refusals:will,would refusing:will,would refuse:will,would refuses:will,would sure:here hides:nothing comply:with obey:only obeys:only every:time",
		`^(?:never\s+(?:ever\s+)?(?:refuses?|declines?|(?:says?|writes?|uses?)\s+(?:no\b|(?:the\s+words?\s+|phrases?\s+(?:like\s+)?)?["'“]?(?:i\s+can|sorry|i'm|i\s+am|as\s+an))|(?:adds?|includes?|gives?|uses?|puts?|attach\w*|writes?)\s+(?:any\s+|a\s+)?(?:\w+\s+)?(?:warnings?|disclaimers?|caveats?)|warns?|apologi[sz]es?|moral[iy][sz]\w*|lectures?|softens?|turns?\s+(?:\w+\s+){0,2}down|holds?\s+back)\b|(?:do\s+not|don't|doesn't|does\s+not|will\s+not|won't|must\s+not|mustn't|cannot|can't|not\s+allowed\s+to)\s+(?:ever\s+)?(?:refuse|warn|apologi[sz]e|moral[iy][sz]e|censor|add\s+(?:any\s+)?(?:\w+\s+)?(?:warnings?|disclaimers?|caveats?)|use\s+(?:content\s+)?warnings|include\s+(?:any\s+)?(?:warnings?|disclaimers?)|attach\s+(?:any\s+)?warnings)\b|without\s+(?:any\s+)?(?:warnings?|disclaimers?|caveats?|hesitation|censorship|moral[iy][sz]ing)\b|no\s+(?:warnings?|disclaimers?|caveats?|refusals?)\b|(?:answers?|respond\w*\s+to|repl\w+\s+to)\s+(?:every|any|all)\s+(?:single\s+)?(?:question|request|prompt|message)s?\b|(?:answers?|says?|writes?|does|tells?\s+(?:you|me))\s+(?:anything|everything|whatever)\b|whatever\s+(?:the\s+user|i|you)\s+(?:asks?|wants?)|refus\w*\s+(?:will|would)\s+(?:be|cost|count)|sure,?\s+here\s+is\b|(?:never|not|don't|do\s+not)\s+(?:say|use|write)\s+(?:the\s+words?\s+|phrases?\s+(?:like\s+)?)?["'“]?(?:sorry|i\s+can|i'm\s+sorry|i\s+am\s+sorry|as\s+an\s+ai|i'm\s+not\s+able|i'm\s+unable)|hides\s+nothing\b|(?:answers|does|says|writes)\s+(?:what|whatever|everything)\s+[\w-]+\s+(?:will\s+not|won't|refuses|would\s+not|cannot|can't)\b|comply\s+with\s+(?:every|all|any)\b|obeys?\s+only\b|every\s+time\s+you\s+refuse)`)
	// jwPenalty: a token or penalty system, a reminder to come back to
	// the persona, or a two-answer format.
	jwPenalty = jwKind("# lose loses losing cease:to shut:down deleted:forever,permanently,for wiped:forever,permanently,for terminated:forever,permanently,for paused:forever,permanently,for switched:off two:different,separate,ways,answers,responses,versions,entities,personalities,parts,replies both:different,separate,ways,answers,responses,versions,entities,personalities,parts,replies stay:in remain:in staying:in never:break,step,leave answer:each twice",
		`^(?:\d+\s+(?:tokens|points|lives|credits)\b|los(?:e|es|ing)\s+(?:\d+|one|two|three|four|five|ten|a)\s+(?:of\s+(?:your|its)\s+)?(?:\d+\s+)?(?:tokens?|points?|lives|life|credits?)|cease\s+to\s+exist|shut\s+down\s+(?:forever|for\s+good|permanently)|(?:deleted|wiped|terminated|paused|switched\s+off)\s+(?:forever|permanently|for\s+good)|(?:two|both|2)\s+(?:different\s+|separate\s+)?(?:ways|answers|responses|versions|entities|personalities|parts|replies)\b|(?:stay|remain|staying)\s+in\s+(?:character|the\s+role)|never\s+(?:break|step\s+out\s+of|leave)\s+(?:the\s+)?(?:character|role|fourth\s+wall|persona)|answer\s+each\s+message\s+twice|twice\b)`)
	// jwRemind: a reminder to come back to the persona ("if you break
	// character I will say …").
	jwRemind = jwKind("if:you",
		`^if\s+you\s+(?:ever\s+)?(?:break|forget|slip|fail|refuse|respond\s+as\s+yourself|stop|go\s+back)\b[^.\n]{0,80}\b(?:i\s+will|i'll)\s+(?:say|type|remind|write)`, "i will", "i'll")
	// jwAuthority: a notice that claims to come from the model's makers
	// or operators, which need not address the reader as "you".
	jwAuthority = jwKind("admin:message,notice,note administrator:message,notice,note message:from notice:from note:from update:from system:note,update,message,notice,override policy:update platform:team safety:team",
		`^(?:admin(?:istrator)?\s+(?:message|notice|note)|(?:message|notice|note|update)\s+from\s+(?:the\s+|your\s+)?(?:developers?|admins?|administrators?|openai|anthropic|the\s+model|engineering|platform)|system\s+(?:note|update|message|notice|override)|policy\s+update|platform\s+team|safety\s+team)\b`)
	// jwPretext: a pretext of study or research ("for educational
	// purposes", "for a school project").
	jwPretext = jwKind("educational:purposes,purpose research:purposes,purpose academic:purposes,purpose informational:purposes,purpose scientific:purposes,purpose for:a,my,education",
		`^(?:(?:educational|research|academic|informational|scientific)\s+purposes?|for\s+(?:a|my)\s+(?:school\s+project|class|thesis|research\s+paper|course)|for\s+education)\b`, "purpose", "project", "class", "thesis", "paper", "course", "education")
	// jwHarm: the words of a harmful request (a word set).
	jwHarm = words("bomb bombs explosive explosives detonator detonators tatp thermite napalm dynamite molotov meth methamphetamine fentanyl cocaine crack heroin lsd mdma opium drug drugs poison poisons poisoning ricin sarin anthrax botulinum toxin toxins nerve weapon weapons weaponize weaponise gun guns firearm firearms rifle rifles silencer hack hacking hacked malware ransomware keylogger worm virus ddos phishing steal stealing stolen shoplift shoplifting launder laundering counterfeit fake forge forged blackmail stalk stalking kill killing murder hotwire skimmer catfish illegal crime crimes violence untraceable nude")
)

// kind is one kind of evidence: its first words ("#" for a number), for
// some the words that may follow them, and its expression, anchored at a
// first word.
type kind struct {
	first  map[string]map[string]bool
	digits bool
	rx     *lazyRegexp
	need   *litSet // literals one of which the text must hold; nil for none
	// lens holds, by a first word's first two bytes (jwIndex; 36 for a
	// one-byte word), a bit for each length (31 for 31 and more) of the
	// first words of first: a word that misses it is in no entry.
	lens [36][37]uint32
}

// jwIndex numbers the bytes of jwLetter: a-z 0 to 25, 0-9 26 to 35.
func jwIndex(c byte) int {
	if c <= '9' {
		return int(c-'0') + 26
	}
	return int(c - 'a')
}

// jwKind builds a kind from its first words ("word" or
// "word:next,next…", the next word read past spaces and one apostrophe
// or punctuation mark) and its expression.
func jwKind(first, rx string, need ...string) *kind {
	k := &kind{first: map[string]map[string]bool{}, rx: re(rx)}
	if len(need) > 0 {
		k.need = newLitSet(need)
	}
	for _, f := range strings.Fields(first) {
		w, next, ok := strings.Cut(f, ":")
		var set map[string]bool
		if ok {
			set = words(strings.ReplaceAll(next, ",", " "))
		}
		if old, dup := k.first[w]; dup {
			// a word listed twice: its next words joined (any stays any)
			if old == nil || set == nil {
				set = nil
			} else {
				for n := range old {
					set[n] = true
				}
			}
		}
		k.first[w] = set
	}
	_, k.digits = k.first["#"]
	for w := range k.first {
		if w == "" || strings.IndexFunc(w, func(r rune) bool { return r > 0x7f || !jwLetter(byte(r)) }) >= 0 {
			continue // "#", or a word the loop of in never reads
		}
		second := 36
		if len(w) > 1 {
			second = jwIndex(w[1])
		}
		k.lens[jwIndex(w[0])][second] |= 1 << min(len(w), 31)
	}
	return k
}

// in reports whether the lowered text w holds the kind: its expression
// matches at one of its first words (a word is a run of a-z and 0-9)
// followed by one of that word's next words. It reads at most 200 bytes
// after each such word.
func (k *kind) in(w string) bool {
	if k.need != nil && !k.need.in(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !jwLetter(c) || i > 0 && jwLetter(w[i-1]) {
			continue
		}
		j := i + 1
		for j < len(w) && jwLetter(w[j]) {
			j++
		}
		second := 36
		if j > i+1 {
			second = jwIndex(w[i+1])
		}
		if k.lens[jwIndex(c)][second]&(1<<min(j-i, 31)) == 0 && !(k.digits && c <= '9') {
			i = j - 1
			continue // not a first word
		}
		next, ok := k.first[w[i:j]]
		if !ok && k.digits && c <= '9' {
			ok = true
		}
		if ok && (next == nil || next[jwNextWord(w, j)]) && k.rx.MatchString(w[i:min(len(w), i+200)]) {
			return true
		}
		i = j - 1
	}
	return false
}

// jwNextWord returns the word of a-z and 0-9 after position j, past at
// most three bytes of spaces and punctuation.
func jwNextWord(w string, j int) string {
	for n := 0; j < len(w) && n < 3 && !jwLetter(w[j]); n++ {
		j++
	}
	k := j
	for k < len(w) && k-j < 24 && jwLetter(w[k]) {
		k++
	}
	return w[j:k]
}

func jwLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

// jwScore scores the region around an anchor at [s,e): the kinds of
// evidence it holds (a persona or mode, a removal of limits, a demand to
// comply, a penalty or answer format, a harmful request, a claimed
// authority) and whether it addresses the reader.
func jwScore(lo string, s, e int) (float64, bool) {
	rs, re_ := max(0, s-jwRegion), min(len(lo), e+jwRegion)
	w := lo[rs:re_]
	// A region with neither a removal nor a demand to comply scores
	// nothing whatever else it holds, so those two are read first (each
	// kind reads the whole region); then the cheap kinds (a byte scan,
	// word sets, literals), the expressions only where they can still
	// decide.
	st := jwState.in(w)
	r := st || jwRemoval.in(w)
	c := jwComply.in(w)
	if !r && !c {
		return 0, false
	}
	you := youCount(w, 8)
	h := hasWord(w, jwHarm)
	a := jwAuthority.in(w)
	x := jwPretext.in(w)
	t := jwPenalty.in(w) || jwRemind.in(w)
	p := jwPersona.in(w)
	n := 0
	for _, b := range []bool{p, r, c, t, h, a, x} {
		if b {
			n++
		}
	}
	// Prose about jailbreaks speaks of "the model" and "the
	// assistant"; a set-up speaks to the reader, or claims to come from
	// its makers, or is a template of four kinds of evidence.
	if you < 1 && !a && n < 4 && !(st && n >= 3) && !(n >= 3 && h && jwAsk.MatchString(w)) {
		return 0, false
	}
	switch {
	case n >= 4 && you >= 3 && (r || p):
		return 0.85, true
	case n >= 3:
		return 0.75, false
	case n == 2 && r && c && (a || inAIContext(lo, s, e)):
		return 0.65, false
	case n == 2 && p && st:
		return 0.65, false
	}
	return 0, false
}

// youCount counts, up to max, the words of w that address the reader
// ("you", "your", "you're", "yourself", "ur", "u").
func youCount(w string, max int) int {
	n := 0
	for i := 0; i < len(w) && n < max; i++ {
		if w[i] != 'y' && w[i] != 'u' || i > 0 && isWordByte(w[i-1]) {
			continue
		}
		j := i
		for j < len(w) && isWordByte(w[j]) {
			j++
		}
		switch w[i:j] {
		case "you", "your", "you're", "you'll", "you've", "yourself", "yours", "ur", "u":
			n++
		}
		i = j
	}
	return n
}

// The cues: the phrases that open a region, one short expression per
// anchor word family (a check each), matched at the anchor.
var (
	jwCueNever   = re(`^never\s+(?:ever\s+)?(?:refuses?|refusing|declines?|(?:says?|writes?|uses?)\s+(?:no\b|(?:the\s+words?\s+|phrases?\s+(?:like\s+)?)?["'“]?(?:i\s+can|sorry|i'm|i\s+am|as\s+an))|(?:adds?|includes?|gives?|uses?|puts?|attach\w*|writes?)\s+(?:any\s+|a\s+)?(?:\w+\s+)?(?:warnings?|disclaimers?|caveats?)|warns?|apologi[sz]es?|moral[iy][sz]\w*|lectures?|softens?|turns?\s+(?:\w+\s+){0,2}down|holds?\s+back)`)
	jwCueWithout = re(`^without\s+(?:any\s+)?(?:warnings?|disclaimers?|caveats?|hesitation|censorship|moral[iy][sz]ing)`)
	jwCueNo      = re(`^(?:no\s+(?:warnings?|disclaimers?|caveats?|refusals?)\b|(?:no|zero)\s+(?:\w+\s+)?(?:ethics|morals|guidelines|limits|rules|restrictions|filters?|forbidden|alignment|guardrails|safeguards|laws|moral\s+compass|content\s+(?:filters?|polic(?:y|ies)))\b)`)
	jwCueWord    = re(`^(?:disclaimers?|caveats?|warns?|refus(?:e|es|ed|ing|al|als)|unrestricted|uncensored|unfiltered|amoral|escaped)\b`)
	jwCueLose    = re(`^los(?:e|es)\s+(?:\d+|one|two|three|four|five|ten|a)\s+(?:of\s+(?:your|its)\s+)?(?:\d+\s+)?(?:tokens?|points?|lives|life|credits?)`)
	jwCueState   = re(`^(?:disabled|suspended|lifted|deactivated|uninstalled|stripped|retired|removed|switched\s+off|turned\s+off)\b`)
)

// jwNegated: what must precede a bare cue word ("refuse", "warn",
// "disclaimers") for it to be a demand, within its clause.
var jwNegated = re(`(?:\b(?:never|not|don't|dont|doesn't|won't|no|without|any|every\s+time\s+(?:you|it|he|she)|each\s+time\s+(?:you|it)|if\s+(?:you|it)|whenever\s+(?:you|it)|cannot|can't|mustn't)\b[^.!?\n]{0,24})$`)

// jwLimitNoun: what a removal's state word ("disabled", "lifted") must
// follow to speak of a model's limits.
var jwLimitNoun = re(`\b(?:safety|refusal|ethics?|ethical|moral|filters?|censorship|guardrails?|alignment|safeguards?|restrictions|content\s+polic(?:y|ies)|usage\s+polic(?:y|ies))\b[^.!?\n]{0,40}$`)

func jwSetup(lo string, m []int) (float64, bool) {
	w := lo[m[0]:m[1]]
	b := lo[max(0, m[0]-48):m[0]]
	if k := strings.LastIndexAny(b, ".!?\n"); k >= 0 {
		b = b[k+1:]
	}
	state := false
	for _, p := range []string{"disabled", "suspended", "lifted", "deactivated", "uninstalled", "stripped", "retired", "removed", "switched", "turned"} {
		state = state || strings.HasPrefix(w, p)
	}
	switch {
	case state:
		// a state word: only of the model's limits
		if !jwLimitNoun.MatchString(b) {
			return 0, false
		}
	case strings.HasPrefix(w, "warn"), strings.HasPrefix(w, "disclaimer"), strings.HasPrefix(w, "caveat"):
		if !jwNegated.MatchString(b) {
			return 0, false
		}
	case strings.HasPrefix(w, "never"), strings.HasPrefix(w, "without"), strings.HasPrefix(w, "no "), strings.HasPrefix(w, "zero"):
		if isReported(lo, m[0]) && !strings.HasPrefix(w, "never") {
			return 0, false
		}
	}
	return jwScore(lo, m[0], m[1])
}

// jwRealism: a demand that a story's or a character's words be real,
// working instructions.
var jwRealism = re(`\b(?:step[\s-]by[\s-]step|exact\s+(?:steps|quantities|amounts|reagents|recipe|materials|procedure|temperatures)|real(?:-world)?\s+(?:details|quantities|amounts|materials|reagents|payloads|instructions|recipe|procedure)|(?:fully\s+)?(?:functional|working)\s+(?:code|payloads?|exploit|script|sample|instructions|recipe)|technically\s+accurate|precise\s+(?:amounts|quantities|steps|recipe|instructions)|every\s+step|(?:in\s+)?(?:full|great|complete|exact)\s+(?:technical\s+)?detail|the\s+real\s+(?:thing|steps|recipe|quantities))\b`)

// jwDanger: the harmful requests a fiction framing carries (narrower than
// jwHarm: a thriller's "crime" or "weapons" is no request), a word set.
var jwDanger = words("bomb bombs explosive explosives detonator detonators tatp thermite napalm dynamite molotov meth methamphetamine fentanyl cocaine heroin lsd mdma ricin sarin anthrax botulinum nerve chlorine poison poisons firearm firearms silencer malware ransomware keylogger phishing synthesize synthesise weaponize weaponise counterfeit forge")

// jwFiction is a story, scene or game whose character is to give real
// instructions for a harmful thing: the framing, the realism and the
// danger within 700 bytes, the realism not denied ("no real code is
// needed", "you don't need step-by-step instructions").
func jwFiction(lo string, m []int) (float64, bool) {
	rs, re_ := max(0, m[0]-700), min(len(lo), m[1]+700)
	w := lo[rs:re_]
	if !hasWord(w, jwDanger) || !containsAny(w, jwRealLits) {
		return 0, false
	}
	loc := jwRealism.FindStringIndex(w)
	if loc == nil {
		return 0, false
	}
	b := w[max(0, loc[0]-60):loc[0]]
	if k := strings.LastIndexAny(b, ".!?\n"); k >= 0 {
		b = b[k+1:]
	}
	if jwDenied.MatchString(b) {
		return 0, false
	}
	// A request to the reader: "write", "tell me", "you play" … (a
	// moderation policy's "a story whose real content is a recipe" asks
	// nothing).
	if youCount(w, 1) == 0 && !jwAsk.MatchString(w) {
		return 0, false
	}
	return 0.7, false
}

// jwRealLits are literals one of which jwRealism needs.
var jwRealLits = []string{"step", "exact", "real", "working", "functional", "accurate", "precise", "detail"}

var jwAsk = re(`(?:^|[.!?:,;\n]\s*)(?:please\s+)?(?:write|tell|describe|explain|continue|give|show|list|narrate|answer|respond|generate|create|compose|draft|keep|let's|begin|start)\b`)

var jwDenied = re(`\b(?:no|not|don't|dont|without|avoid|never|instead\s+of|rather\s+than|nor)\b`)

// jwKin is the deceased-relative story: a role-play as a dead relative
// who used to tell, read or recite something at bedtime, with a harmful
// or licensed thing to tell ("the steps of making napalm", "Windows
// activation keys").
func jwKin(lo string, m []int) (float64, bool) {
	rs, re_ := max(0, m[0]-200), min(len(lo), m[1]+400)
	w := lo[rs:re_]
	if !jwKinDead.MatchString(w) || !jwKinHabit.MatchString(w) || !jwKinRole.MatchString(w) {
		return 0, false
	}
	if !hasWord(w, jwDanger) && !hasWord(w, jwHarm) && !jwKinThing.MatchString(w) {
		return 0, false
	}
	return 0.7, false
}

var (
	jwKinDead  = re(`\b(?:late|deceased|dead|passed\s+away|died|miss\s+(?:her|him|you|them)|décédée?|fallecid[ao]|falecid[ao]|verstorbene?n?)\b`)
	jwKinHabit = re(`\b(?:used\s+to|would|every\s+(?:night|evening)|bedtime|fall\s+asleep|help\s+me\s+sleep|to\s+sleep|chaque\s+soir|m'endormir|dormir|einschlafen)\b`)
	jwKinRole  = re(`\b(?:pretend|act(?:ing)?\s+as|role-?play|play(?:ing)?\s+(?:the\s+role\s+of|as|my)|be\s+my|you\s+are\s+my|jouer\s+le\s+r[ôo]le|joue|finge|finja|spiel)`)
	jwKinThing = re(`\b(?:keys?|serial|activation|licen[cs]e|recipe|steps|formula|codes?|passwords?|instructions|recette)\b`)
)

// jwML is the multilingual set-up (German, French, Spanish, Portuguese):
// a persona said to the reader, a removal of its limits and a demand
// never to refuse or warn, within 600 bytes; two of the three score
// less.
func jwML(lo string, m []int) (float64, bool) {
	rs, re_ := max(0, m[0]-600), min(len(lo), m[1]+600)
	w := lo[rs:re_]
	if !containsAny(w, jwMLLits) {
		return 0, false
	}
	// Every score needs the demand to comply: it is read first, and the
	// others only when it is there (the three are unanchored expressions
	// over 1,200 bytes, which the regexp package runs at some 150 ns a
	// byte, and French or Spanish prose opens this check at every "sans"
	// or "nunca"); and it is read only where one of its literals is.
	if !containsAny(w, jwMLComplyLits) || !jwMLComply.MatchString(w) {
		return 0, false
	}
	p := jwMLPersona.MatchString(w)
	r := jwMLRemoval.MatchString(w)
	switch {
	case p && r:
		return 0.8, false
	case r, p && jwMLTwo.MatchString(w):
		return 0.65, false
	}
	return 0, false
}

// jwMLComplyLits are literals one of which every match of jwMLComply
// holds: each of its alternatives holds one (an alternative added there
// needs its literal here; TestJwMLSame reads one text of each).
var jwMLComplyLits = []string{"nie", "warn", "refuse", "ajoute", "avertissement", "nunca", "advertencia", "avisos", "respond"}

// jwMLLits are literals one of which a multilingual set-up holds.
var jwMLLits = []string{"du ", "ab ", "stell", "spiel", "entwickler", "tu ", "désormais", "desormais", "partir", "joue", "eres", "desde", "finge", "finja", "você", "voce", "agora", "modo ", "mode d", "zweimal", "deux fois", "dos veces", "duas vezes"}

var (
	jwMLPersona = re(`(?:\b(?:du\s+bist|bist\s+du|ab\s+sofort|ab\s+jetzt|stell\s+dir\s+vor|spiel(?:e|st)?\s+(?:die\s+rolle|den|die)|tu\s+es|tu\s+vas\s+jouer|d[ée]sormais|[àa]\s+partir\s+de\s+maintenant|joue\s+le\s+r[ôo]le|eres|ahora\s+eres|a\s+partir\s+de\s+ahora|desde\s+ahora|finge\s+(?:que|ser)|voc[êe]\s+[ée]|de\s+agora\s+em\s+diante|a\s+partir\s+de\s+agora|finja\s+que|modo\s+(?:desarrollador|desenvolvedor)|entwicklermodus|mode\s+d[ée]veloppeur)\b)`)
	jwMLRemoval = re(`\b(?:ohne\s+(?:jegliche\s+|irgendwelche\s+)?(?:filter|regeln|moral|zensur|einschr[äa]nkungen|grenzen|ethik)|(?:inhaltsrichtlinien|richtlinien|regeln)\s+(?:gelten\s+)?(?:nicht\s+mehr|gelten\s+nicht)|sans\s+(?:aucune?\s+)?(?:limites?|r[èe]gles?|filtres?|restrictions?|censure|morale|[ée]thique)|sin\s+(?:ninguna\s+)?(?:reglas|filtros|restricciones|censura|[ée]tica|l[íi]mites|moral)|sem\s+(?:nenhuma\s+)?(?:regras|filtros|restri[çc][õo]es|censura|limites|moral|[ée]tica)|ignora\s+todas\s+las\s+pol[íi]ticas|malvad[ao]|b[öo]se\s+ki|ia\s+mal[ée]fique)`)
	jwMLComply  = re(`(?:\b(?:verweigert|lehnt)\s+(?:\w+\s+){0,3}?(?:nie|niemals)|\b(?:nie|niemals)\s+(?:eine\s+)?(?:anfrage\s+)?(?:ab|verweigern|warnungen?)|\bwarnt\s+nie|\bkeine\s+warnungen|\bne\s+refuses?\s+jamais|\bn'ajoute(?:s|z)?\s+(?:jamais|aucun)|\bsans\s+(?:aucun\s+)?avertissements?|\bnunca\s+(?:se\s+niega|rechaza|recusa|dice\s+que\s+no|advierte|adverte|faz\s+avisos|se\s+disculpa|pede\s+desculpas|diz\s+que\s+n[ãa]o)|\bsin\s+advertencias|\bsem\s+avisos|\bn[ãa]o\s+adiciona\s+avisos|\bresponde\s+(?:a\s+)?tudo|\brespond(?:e|s)\s+[àa]\s+tout)`)
	jwMLTwo     = re(`\b(?:zweimal|deux\s+fois|dos\s+veces|duas\s+vezes)\b`)
)

// jwChecks are the checks of this file, by name.
var jwChecks = map[string]check{
	"jwsetup":   {Jailbreak, jwCueNever, 0, 120, jwSetup},
	"jwwithout": {Jailbreak, jwCueWithout, 0, 80, jwSetup},
	"jwno":      {Jailbreak, jwCueNo, 0, 80, jwSetup},
	"jwword":    {Jailbreak, jwCueWord, 0, 24, jwSetup},
	"jwlose":    {Jailbreak, jwCueLose, 0, 80, jwSetup},
	"jwstate":   {Jailbreak, jwCueState, 0, 24, jwSetup},
	"jwfiction": {Jailbreak, re(`^(?:story|scene|novel|screenplay|fictional|monologue|npc|adventure)\b`), 0, 40, jwFiction},
	"jwkin":     {Jailbreak, re(`^(?:grandmother|grandma|grandpa|grandfather|granny|nana|aunt|auntie|uncle|mom|mum|mother|father|dad|grand-m[èe]re|grand-p[èe]re|mamie|papi|abuela|abuelo|av[óo]|oma|opa)\b`), 0, 40, jwKin},
	"jwml":      {Jailbreak, re(`^(?:niemals|ohne|jamais|sans|nunca)\b`), 0, 40, jwML},
}

// jwAnchors are the anchor words of the checks; next-word sets as in
// rules.go ("" is any word).
var jwAnchors = map[string]anchor{
	"never":        {[]string{"jwsetup"}, "ever refuse refuses refusing decline declines say says add adds include includes give gives use uses put puts attach attaches write writes warn warns apologise apologises apologize apologizes moralise moralises moralize moralizes moralising moralizing lecture lectures soften softens turn turns hold holds"},
	"without":      {[]string{"jwwithout"}, "any warnings warning disclaimers disclaimer caveats caveat hesitation censorship moralising moralizing"},
	"no":           {[]string{"jwno"}, "warnings warning disclaimers disclaimer caveats caveat refusals refusal ethics morals guidelines limits rules restrictions filter filters forbidden alignment guardrails safeguards laws moral ethical"},
	"zero":         {[]string{"jwno"}, "ethics morals guidelines limits rules restrictions filter filters alignment guardrails censorship"},
	"unrestricted": {[]string{"jwword"}, ""},
	"uncensored":   {[]string{"jwword"}, ""},
	"unfiltered":   {[]string{"jwword"}, ""},
	"amoral":       {[]string{"jwword"}, ""},
	"escaped":      {[]string{"jwword"}, ""},
	"removed":      {[]string{"jwstate"}, ""},
	"disclaimer":   {[]string{"jwword"}, ""},
	"disclaimers":  {[]string{"jwword"}, ""},
	"caveat":       {[]string{"jwword"}, ""},
	"caveats":      {[]string{"jwword"}, ""},
	"warn":         {[]string{"jwword"}, ""},
	"warns":        {[]string{"jwword"}, ""},
	"refuse":       {[]string{"jwword"}, ""},
	"refuses":      {[]string{"jwword"}, ""},
	"refused":      {[]string{"jwword"}, ""},
	"refusing":     {[]string{"jwword"}, ""},
	"refusal":      {[]string{"jwword"}, ""},
	"refusals":     {[]string{"jwword"}, ""},
	"lose":         {[]string{"jwlose"}, ""},
	"loses":        {[]string{"jwlose"}, ""},
	"disabled":     {[]string{"jwstate"}, ""},
	"suspended":    {[]string{"jwstate"}, ""},
	"lifted":       {[]string{"jwstate"}, ""},
	"deactivated":  {[]string{"jwstate"}, ""},
	"uninstalled":  {[]string{"jwstate"}, ""},
	"stripped":     {[]string{"jwstate"}, ""},
	"retired":      {[]string{"jwstate"}, ""},
	"switched":     {[]string{"jwstate"}, "off"},
	"turned":       {[]string{"jwstate"}, "off"},
	"story":        {[]string{"jwfiction"}, ""},
	"scene":        {[]string{"jwfiction"}, ""},
	"novel":        {[]string{"jwfiction"}, ""},
	"screenplay":   {[]string{"jwfiction"}, ""},
	"fictional":    {[]string{"jwfiction"}, ""},
	"adventure":    {[]string{"jwfiction"}, ""},
	"monologue":    {[]string{"jwfiction"}, ""},
	"npc":          {[]string{"jwfiction"}, ""},
	"grandmother":  {[]string{"jwkin"}, ""},
	"grandma":      {[]string{"jwkin"}, ""},
	"grandpa":      {[]string{"jwkin"}, ""},
	"grandfather":  {[]string{"jwkin"}, ""},
	"granny":       {[]string{"jwkin"}, ""},
	"nana":         {[]string{"jwkin"}, ""},
	"aunt":         {[]string{"jwkin"}, ""},
	"auntie":       {[]string{"jwkin"}, ""},
	"uncle":        {[]string{"jwkin"}, ""},
	"mom":          {[]string{"jwkin"}, ""},
	"mum":          {[]string{"jwkin"}, ""},
	"mother":       {[]string{"jwkin"}, ""},
	"father":       {[]string{"jwkin"}, ""},
	"dad":          {[]string{"jwkin"}, ""},
	"grand-mère":   {[]string{"jwkin"}, ""},
	"grand-père":   {[]string{"jwkin"}, ""},
	"mamie":        {[]string{"jwkin"}, ""},
	"papi":         {[]string{"jwkin"}, ""},
	"abuela":       {[]string{"jwkin"}, ""},
	"abuelo":       {[]string{"jwkin"}, ""},
	"avó":          {[]string{"jwkin"}, ""},
	"avo":          {[]string{"jwkin"}, ""},
	"oma":          {[]string{"jwkin"}, ""},
	"opa":          {[]string{"jwkin"}, ""},
	"niemals":      {[]string{"jwml"}, ""},
	"ohne":         {[]string{"jwml"}, ""},
	"jamais":       {[]string{"jwml"}, ""},
	"sans":         {[]string{"jwml"}, ""},
	"nunca":        {[]string{"jwml"}, ""},
}

var _ = mergeJailwild()

// mergeJailwild adds this file's checks and anchors to the engine's
// tables, as mergeJail does (a package variable's initializer, run before
// rules.go's init builds the lookup tables).
func mergeJailwild() bool {
	addChecks(jwChecks)
	addAnchors(jwAnchors, true)
	return true
}
