package secret

import (
	_ "embed"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// GitleaksVersion is the gitleaks release whose default rules
// (config/gitleaks.toml of github.com/zricethezav/gitleaks/v8, MIT
// licence, see gitleaks.LICENSE) are embedded as gitleaks.toml. A test
// checks the file against the module's config.DefaultConfig at the version
// go.mod requires; go generate copies it again after an upgrade.
const GitleaksVersion = "v8.30.1"

//go:generate go run gen_rules.go

//go:embed gitleaks.toml
var gitleaksTOML string

// extraTOML holds the project's rules for formats gitleaks does not
// cover (Docker, Groq, Azure SAS…), in gitleaks' format.
//
//go:embed extra.toml
var extraTOML string

// glRule is one gitleaks rule, compiled.
type glRule struct {
	id       string
	re       *regexp.Regexp
	anchored *regexp.Regexp // re anchored at its start
	// kwRe and valRe are an assignment rule's keyword and value parts,
	// anchored (see assignmentMid).
	kwRe, valRe *regexp.Regexp
	secretGroup int
	entropy     float64
	keywords    []string
	// maxKeyword is the length of the rule's longest keyword.
	maxKeyword int
	allow      []glAllow
	// assignment: the rule's regex is gitleaks' "identifier = value"
	// template ((?i)[\w.-]{0,50}?(?:keyword)…): the value's format is not
	// distinctive, only its label.
	assignment bool
	// atWord: the regex starts with \b; the match starts at a keyword
	// that starts a word, and is tried anchored there.
	atWord bool
	// forward is how far after a keyword a match may end.
	forward int
	// weight is how many bytes of the budget one byte read by this rule's
	// regexp costs (1 unless set).
	weight int
	conf   float64
}

// glAllow is one allowlist: a finding is dropped when one of its regexes
// matches the target (the secret, the whole match or the match's line)
// or the secret contains one of its stopwords; with and, when every
// check given matches (an allowlist that names paths never matches here:
// text has no path).
type glAllow struct {
	target    string
	and       bool
	paths     bool
	regexes   []*regexp.Regexp
	stopwords []string
}

// glRules is the compiled rule set with its keyword index.
type glRules struct {
	rules  []glRule
	global glAllow
	// short lists the keywords of two bytes (b0<<8|b1 → 1 + index in
	// lists, 0 for none); tri, the longer ones by a hash of their first
	// three bytes (tri3). bits has bit i set where short[i] is not 0,
	// triBits where tri[i] is not 0: 8 KiB each, read for every byte of
	// the text.
	short, tri    [1 << 16]uint16
	lists         [][]glKeyword
	bits, triBits [1 << 16 / 64]uint64
	// pairs has bit b0<<8|b1 set for the first two bytes of every
	// keyword, short or long: the one table the pass reads for a byte
	// that starts none.
	pairs [1 << 16 / 64]uint64
	// rawPairs is pairs for the text's bytes as written: bit a<<8|b is
	// pairs' bit for (lowerByte(a), lowerByte(b)), so that the first
	// test of every position lowers nothing.
	rawPairs [1 << 16 / 64]uint64
	// always are the rules without keywords, run on every text.
	always []int
}

type glKeyword struct {
	kw    string
	rules []int
}

var (
	glOnce sync.Once
	glSet  *glRules
	glErr  error
)

// gitleaksRules compiles the embedded rules once.
func gitleaksRules() *glRules {
	glOnce.Do(func() { glSet, glErr = compileRules(gitleaksTOML, extraTOML) })
	if glErr != nil {
		// The file is embedded and tested: an error is a build defect.
		panic(glErr)
	}
	return glSet
}

// assignmentPrefix starts every rule of gitleaks' assignment template,
// assignmentMid separates its keyword group from its value group:
// (?i)[\w.-]{0,50}?(?:KEYWORDS)MID(VALUE)(?:[\x60'"\s;]|\\[nr]|$).
// The package matches the template in code and only the keyword and value
// parts with regexps (the whole template, one NFA over 50 optional
// identifier bytes and a value of up to 150, costs some microseconds per
// keyword hit).
const (
	assignmentPrefix = `(?i)[\w.-]{0,50}?(?:`
	assignmentMid    = `)(?:[ \t\w.-]{0,20})[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}`
)

func compileRules(srcs ...string) (*glRules, error) {
	var tables []tomlTable
	for _, src := range srcs {
		t, err := parseTOML(src)
		if err != nil {
			return nil, err
		}
		tables = append(tables, t...)
	}
	set := &glRules{}
	kwIndex := map[string]int{} // keyword → index in set.byPair's slice, via kwList
	var kwList []glKeyword
	for _, t := range tables {
		switch t.header {
		case "allowlist", "allowlists":
			a, err := compileAllow(t)
			if err != nil {
				return nil, err
			}
			set.global.regexes = append(set.global.regexes, a.regexes...)
			set.global.stopwords = append(set.global.stopwords, a.stopwords...)
		case "rules":
			if _, ok := t.keys["path"]; ok {
				continue // a rule on file paths: text has none
			}
			src, _ := t.keys["regex"].(string)
			if src == "" {
				continue
			}
			id, _ := t.keys["id"].(string)
			if id == "private-key" || id == "jwt" {
				// The package's own rules find these, checking more: PEM
				// bodies (JSON-escaped ones too; gitleaks' regex, a lazy
				// [\s\S-]{64,}?, costs microseconds a byte in Go's regexp),
				// and JWTs whose parts decode to JSON (its own kind
				// "jwt", which gitleaks' id would make ambiguous).
				continue
			}
			re, err := regexp.Compile(src)
			if err != nil {
				return nil, fmt.Errorf("gitleaks rule %s: %v", id, err)
			}
			r := glRule{id: id, re: re, forward: 512, weight: 1, conf: 0.9}
			if g, ok := t.keys["secretGroup"].(float64); ok {
				r.secretGroup = int(g)
			}
			if e, ok := t.keys["entropy"].(float64); ok {
				r.entropy = e
			}
			if strings.HasPrefix(src, assignmentPrefix) {
				r.assignment = true
				if r.anchored, err = regexp.Compile(`\A(?:` + src + `)`); err != nil {
					return nil, fmt.Errorf("gitleaks rule %s: %v", id, err)
				}
				if k := strings.Index(src, assignmentMid); k > 0 {
					kw, val := src[len(assignmentPrefix):k], src[k+len(assignmentMid):]
					r.kwRe, err = regexp.Compile(`\A(?i:(?:` + kw + `))`)
					if err == nil {
						r.valRe, err = regexp.Compile(`\A(?i:` + val + `)`)
					}
					if err != nil {
						return nil, fmt.Errorf("gitleaks rule %s: %v", id, err)
					}
				}
			} else if strings.HasPrefix(strings.TrimPrefix(src, "(?i)"), `\b`) {
				r.atWord = true
				if r.anchored, err = regexp.Compile(`\A(?:` + src + `)`); err != nil {
					return nil, fmt.Errorf("gitleaks rule %s: %v", id, err)
				}
			}
			switch {
			case strings.HasPrefix(id, "curl-"):
				r.forward = 1024 // a command line and its headers
				r.weight = 16    // .*? over five lines: a slow regexp
			case strings.Contains(src, ",}"):
				r.forward = 4096 // an open-ended body (a JWT, a long token)
			}
			r.conf = ruleConfidence(r)
			kws, _ := t.keys["keywords"].([]string)
			n := len(set.rules)
			for _, k := range kws {
				k = strings.ToLower(k)
				if len(k) < 2 {
					return nil, fmt.Errorf("gitleaks rule %s: keyword %q too short", id, k)
				}
				r.keywords = append(r.keywords, k)
				r.maxKeyword = max(r.maxKeyword, len(k))
				i, ok := kwIndex[k]
				if !ok {
					i = len(kwList)
					kwIndex[k] = i
					kwList = append(kwList, glKeyword{kw: k})
				}
				kwList[i].rules = append(kwList[i].rules, n)
			}
			if len(kws) == 0 {
				set.always = append(set.always, n)
			}
			set.rules = append(set.rules, r)
		case "rules.allowlists", "rules.allowlist":
			if len(set.rules) == 0 {
				return nil, fmt.Errorf("gitleaks rules: allowlist before any rule")
			}
			a, err := compileAllow(t)
			if err != nil {
				return nil, err
			}
			last := &set.rules[len(set.rules)-1]
			last.allow = append(last.allow, a)
		}
	}
	for _, k := range kwList {
		idx, bits := &set.short, &set.bits
		h := uint16(k.kw[0])<<8 | uint16(k.kw[1])
		set.pairs[h>>6] |= 1 << (h & 63)
		if len(k.kw) > 2 {
			idx, bits, h = &set.tri, &set.triBits, tri3(k.kw[0], k.kw[1], k.kw[2])
		}
		if idx[h] == 0 {
			set.lists = append(set.lists, nil)
			idx[h] = uint16(len(set.lists))
			bits[h>>6] |= 1 << (h & 63)
		}
		set.lists[idx[h]-1] = append(set.lists[idx[h]-1], k)
	}
	for a := range 256 {
		for b := range 256 {
			l := uint16(lowerByte(byte(a)))<<8 | uint16(lowerByte(byte(b)))
			if set.pairs[l>>6]&(1<<(l&63)) != 0 {
				h := a<<8 | b
				set.rawPairs[h>>6] |= 1 << (h & 63)
			}
		}
	}
	return set, nil
}

func compileAllow(t tomlTable) (glAllow, error) {
	a := glAllow{target: "secret"}
	if s, ok := t.keys["regexTarget"].(string); ok {
		a.target = s
	}
	if s, _ := t.keys["condition"].(string); strings.EqualFold(s, "AND") {
		a.and = true
	}
	if p, _ := t.keys["paths"].([]string); len(p) > 0 {
		a.paths = true
	}
	res, _ := t.keys["regexes"].([]string)
	for _, s := range res {
		re, err := regexp.Compile(s)
		if err != nil {
			return a, fmt.Errorf("gitleaks allowlist: %v", err)
		}
		a.regexes = append(a.regexes, re)
	}
	sw, _ := t.keys["stopwords"].([]string)
	for _, s := range sw {
		a.stopwords = append(a.stopwords, strings.ToLower(s))
	}
	return a, nil
}

// ruleConfidence: a format with a distinctive prefix or structure, 0.9;
// a value found only by its label (the assignment template), 0.75; the
// generic rule, 0.6 (see the package doc).
func ruleConfidence(r glRule) float64 {
	switch {
	case r.id == "generic-api-key":
		return 0.6
	case r.assignment:
		return 0.75
	}
	return 0.9
}

// allowed reports whether allowlist a drops a finding.
func (a *glAllow) allowed(secret, match, line string) bool {
	if a.paths && a.and {
		return false // the path part never matches
	}
	target := secret
	switch a.target {
	case "match":
		target = match
	case "line":
		target = line
	}
	reHit := false
	for _, re := range a.regexes {
		if re.MatchString(target) {
			reHit = true
			break
		}
	}
	swHit := false
	if len(a.stopwords) > 0 {
		ls := strings.ToLower(secret)
		for _, w := range a.stopwords {
			if strings.Contains(ls, w) {
				swHit = true
				break
			}
		}
	}
	if a.and {
		return (len(a.regexes) == 0 || reHit) && (len(a.stopwords) == 0 || swHit) && (len(a.regexes) > 0 || len(a.stopwords) > 0)
	}
	return reHit || swHit
}

// shannon is the Shannon entropy of s in bits per character, as gitleaks
// computes it (over code points).
func shannon(s string) float64 {
	if s == "" {
		return 0
	}
	counts := map[rune]int{}
	n := 0
	for _, r := range s {
		counts[r]++
		n++
	}
	var e float64
	for _, c := range counts {
		p := float64(c) / float64(n)
		e -= p * math.Log2(p)
	}
	return e
}

// tri3 hashes three bytes to 16 bits.
func tri3(a, b, c byte) uint16 {
	return uint16((uint32(a)<<16 | uint32(b)<<8 | uint32(c)) * 2654435761 >> 16)
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hasLowerPrefix reports whether s starts with kw (lower case) when its
// ASCII letters are read in lower case.
func hasLowerPrefix(s, kw string) bool {
	if len(s) < len(kw) {
		return false
	}
	for i := 0; i < len(kw); i++ {
		if lowerByte(s[i]) != kw[i] {
			return false
		}
	}
	return true
}

// glFinding is one gitleaks rule's match.
type glFinding struct {
	rule       *glRule
	start, end int
	secret     string
}

// keywordHits returns the positions of the rules' keywords in text (read
// in lower case), by rule: hits[r] are rule r's, in order, at most
// maxHits. The pass tests every position's two bytes against pairs (as
// rawPairs, on the bytes as written), then
// the positions that pass against bits and triBits, and reads the
// keyword lists only where one of those passes. The first two tests are
// made without a branch: each position is written to cand and kept by
// counting its bit, so that the fifth of ordinary text's positions that
// pass the pair test (co, se, in, ke…) cost no mispredicted jump.
func (set *glRules) keywordHits(text string) map[int][]int {
	hits := map[int][]int{}
	add := func(i int, ks []glKeyword) {
		for _, k := range ks {
			if hasLowerPrefix(text[i:], k.kw) {
				for _, r := range k.rules {
					if h := hits[r]; len(h) < maxHits && (len(h) == 0 || h[len(h)-1] != i) {
						hits[r] = append(h, i)
					}
				}
			}
		}
	}
	var cand [1024]int32
	last := len(text) - 1 // positions 0…last-1 start a pair
	for base := 0; base < last; base += len(cand) {
		end := min(last, base+len(cand))
		k := 0
		w, raw := text[base:end+1], &set.rawPairs // the bytes of the block's pairs
		for j := 0; j+1 < len(w); j++ {
			p := uint16(w[j])<<8 | uint16(w[j+1])
			cand[k&(len(cand)-1)] = int32(base + j)
			k += int(raw[p>>6] >> (p & 63) & 1)
		}
		m := 0
		for _, i := range cand[:k] {
			p := uint16(lowerTable[text[i]])<<8 | uint16(lowerTable[text[i+1]])
			b := set.bits[p>>6] >> (p & 63) & 1
			if int(i)+2 < len(text) {
				h := tri3(lowerTable[text[i]], lowerTable[text[i+1]], lowerTable[text[i+2]])
				b |= set.triBits[h>>6] >> (h & 63) & 1
			}
			cand[m] = i
			m += int(b)
		}
		for _, i32 := range cand[:m] {
			i := int(i32)
			c0, c1 := lowerTable[text[i]], lowerTable[text[i+1]]
			p := uint16(c0)<<8 | uint16(c1)
			if set.bits[p>>6]&(1<<(p&63)) != 0 {
				add(i, set.lists[set.short[p]-1])
			}
			if i+2 < len(text) {
				if h := tri3(c0, c1, lowerTable[text[i+2]]); set.triBits[h>>6]&(1<<(h&63)) != 0 {
					add(i, set.lists[set.tri[h]-1])
				}
			}
		}
	}
	return hits
}

// lowerTable is lowerByte as a table.
var lowerTable = func() (t [256]byte) {
	for c := range 256 {
		t[c] = lowerByte(byte(c))
	}
	return t
}()

// maxHits bounds the keyword hits of one rule in one text.
const maxHits = 4096

// budget bounds the bytes that the rules' regexps read in one call of
// findGitleaks: budgetPerByte times the text's length, and budgetBase
// more. Ordinary text uses a small part of it (each regexp reads a window
// around a keyword, most fail in a few bytes); hostile text built of
// keywords (1 MiB of "curl ") stops there, and the rules not yet run
// find nothing in it.
const (
	budgetPerByte = 2
	budgetBase    = 256 << 10
)

// findGitleaks calls fn for each match of the gitleaks rules in text that
// passes its rule's entropy and the allowlists. strict drops the entropy
// check of the rules with a distinctive prefix (the refusal of the Shield
// method, which prefers safety).
func findGitleaks(text string, strict bool, fn func(glFinding)) {
	set := gitleaksRules()
	if len(text) < 2 {
		return
	}
	hits := set.keywordHits(text)
	for _, r := range set.always {
		hits[r] = []int{0}
	}
	budget := budgetPerByte*len(text) + budgetBase
	// Rules in the file's order: the findings, and what the budget
	// leaves out, do not depend on map order.
	order := make([]int, 0, len(hits))
	for ri := range hits {
		order = append(order, ri)
	}
	slices.Sort(order)
	for _, ri := range order {
		pos := hits[ri]
		if budget <= 0 {
			return
		}
		r := &set.rules[ri]
		if r.assignment {
			findAssignment(text, r, pos, strict, set, &budget, fn)
			continue
		}
		if r.atWord {
			findAtWord(text, r, pos, strict, set, &budget, fn)
			continue
		}
		// Windows around the hits, merged: a match holds its keyword.
		const back = 64
		ws, we := -1, -1
		flush := func() {
			if ws < 0 || budget <= 0 {
				return
			}
			budget -= we - ws
			for _, m := range r.re.FindAllStringSubmatchIndex(text[ws:we], -1) {
				s, e := m[0]+ws, m[1]+ws
				if e == we && we < len(text) || s == ws && ws > 0 && isB64url(text[ws-1]) {
					continue // cut by the window
				}
				report(text, r, m, ws, s, e, strict, set, fn)
			}
		}
		for _, p := range pos {
			s, e := max(0, p-back), min(len(text), p+r.forward)
			if ws >= 0 && s <= we {
				we = max(we, e)
				continue
			}
			flush()
			ws, we = s, e
		}
		flush()
	}
}

// findAssignment runs an assignment rule anchored at the start of the
// identifier around each keyword hit: the template's leading
// [\w.-]{0,50}? reaches at most 50 identifier bytes back.
func findAssignment(text string, r *glRule, pos []int, strict bool, set *glRules, budget *int, fn func(glFinding)) {
	last := -1
	for _, p := range pos {
		if *budget <= 0 {
			return
		}
		if p < last {
			continue
		}
		// The template puts an operator (= > : , |) within 20 label
		// bytes and 3 quotes or spaces of the keyword's end (the regex's
		// keyword may run up to 8 bytes past the prefilter's: passw,
		// password): without one, no match, and most keywords in prose
		// are passed over here.
		if !strings.ContainsAny(text[p:min(len(text), p+r.maxKeyword+8+24)], "=>:,|") {
			continue
		}
		s := p
		for s > 0 && p-s < 50 && (isB64url(text[s-1]) || text[s-1] == '.') {
			s--
		}
		var m []int
		if r.kwRe != nil {
			m = matchAssignment(text, r, s, p, budget)
		} else {
			end := min(len(text), p+r.forward)
			*budget -= end - s
			m = r.anchored.FindStringSubmatchIndex(text[s:end])
			if m != nil && m[1]+s == end && end < len(text) {
				m = nil
			}
			for k := range m {
				if m[k] >= 0 {
					m[k] += s
				}
			}
		}
		if m == nil {
			continue
		}
		report(text, r, m, 0, m[0], m[1], strict, set, fn)
		last = m[1]
	}
}

// assignmentOps are the template's operators.
var assignmentOps = []string{"=", ">", ":::=", "::=", ":=", "||", ":", "=>", "?=", ","}

// matchAssignment matches the assignment template with the keyword at p
// and the identifier from s: the submatch indices in text, or nil.
func matchAssignment(text string, r *glRule, s, p int, budget *int) []int {
	*budget -= r.maxKeyword + 16
	km := r.kwRe.FindStringSubmatchIndex(text[p:min(len(text), p+r.maxKeyword+16)])
	if km == nil {
		return nil
	}
	j := p + km[1]
	for n := 0; n < 20 && j < len(text) && (isReWord(text[j]) || strings.IndexByte(" \t.-", text[j]) >= 0); n++ {
		j++
	}
	for n := 0; n < 3 && j < len(text) && strings.IndexByte(" \t\n\r\f'\"", text[j]) >= 0; n++ {
		j++
	}
	for _, op := range assignmentOps {
		if !strings.HasPrefix(text[j:], op) {
			continue
		}
		v := j + len(op)
		for n := 0; n <= 5 && v <= len(text); n++ {
			end := min(len(text), v+256)
			*budget -= end - v
			if vm := r.valRe.FindStringSubmatchIndex(text[v:end]); vm != nil && !(vm[1]+v == end && end < len(text)) {
				m := []int{s, v + vm[1]}
				for k := 2; k < len(km); k++ {
					m = append(m, shift(km[k], p))
				}
				for k := 2; k < len(vm); k++ {
					m = append(m, shift(vm[k], v))
				}
				return m
			}
			if v == len(text) || strings.IndexByte("`'\" \t\n\r\f=", text[v]) < 0 {
				break
			}
			v++
		}
	}
	return nil
}

func shift(i, by int) int {
	if i < 0 {
		return i
	}
	return i + by
}

// findAtWord runs a rule whose regex starts with \b anchored at each
// keyword hit that starts a word.
func findAtWord(text string, r *glRule, pos []int, strict bool, set *glRules, budget *int, fn func(glFinding)) {
	last := -1
	for _, p := range pos {
		if *budget <= 0 {
			return
		}
		if p < last || p > 0 && isReWord(text[p-1]) {
			continue
		}
		end := min(len(text), p+r.forward)
		if r.weight > 1 && !curlFlags(text[p:end]) {
			continue
		}
		*budget -= (end - p) * r.weight
		m := r.anchored.FindReaderSubmatchIndex(strings.NewReader(text[p:end]))
		if m == nil || m[1]+p == end && end < len(text) {
			continue
		}
		report(text, r, m, p, m[0]+p, m[1]+p, strict, set, fn)
		last = m[1] + p
	}
}

// curlFlags reports whether a curl command's window holds a header or user
// option, which gitleaks' curl rules require.
func curlFlags(w string) bool {
	return strings.Contains(w, "-H") || strings.Contains(w, "--header") || strings.Contains(w, "-u") || strings.Contains(w, "--user")
}

// isReWord is \w of Go's regexp: what \b separates.
func isReWord(b byte) bool { return isBase62(b) || b == '_' }

// report applies the entropy check and the allowlists to one match (m,
// relative to base) and passes it on.
func report(text string, r *glRule, m []int, base, s, e int, strict bool, set *glRules, fn func(glFinding)) {
	match := strings.TrimRight(text[s:e], "\n")
	e = s + len(match)
	secret, ss, se := match, s, e
	g := r.secretGroup
	if g == 0 {
		for k := 1; 2*k+1 < len(m); k++ {
			if m[2*k] >= 0 && m[2*k+1] > m[2*k] {
				g = k
				break
			}
		}
	}
	if g > 0 && 2*g+1 < len(m) && m[2*g] >= 0 {
		ss, se = m[2*g]+base, m[2*g+1]+base
		secret = text[ss:se]
	}
	// The refusal (strict) trusts a distinctive prefix alone: a key of
	// low entropy or a documented example is refused all the same.
	loose := strict && !r.assignment && r.id != "generic-api-key"
	if r.entropy > 0 && shannon(secret) <= r.entropy && !loose && !hexToken(r, secret, match) {
		return
	}
	ls := strings.LastIndexByte(text[:s], '\n') + 1
	le := strings.IndexByte(text[e:], '\n')
	if le < 0 {
		le = len(text)
	} else {
		le += e
	}
	line := text[ls:le]
	// gitleaks skips a line marked "gitleaks:allow"; here the text is
	// untrusted, and such a mark would let it hide a key: not honoured.
	if !loose {
		if set.global.allowed(secret, match, line) {
			return
		}
		for k := range r.allow {
			if r.allow[k].allowed(secret, match, line) {
				return
			}
		}
	}
	fn(glFinding{rule: r, start: ss, end: se, secret: secret})
}

// hexToken reports a value of the generic rule made of 32 or 40 hex digits
// of one case with more than 3 bits a character after a label that names a
// key or token, not a digest: many services issue keys in that shape
// (Datadog, Twilio, Algolia, Mailgun), and 32 random hex digits fall at or
// below gitleaks' 3.5 bits one time in three.
func hexToken(r *glRule, secret, match string) bool {
	if r.id != "generic-api-key" || len(secret) != 32 && len(secret) != 40 || shannon(secret) <= 3 {
		return false
	}
	lower, upper := true, true
	for i := 0; i < len(secret); i++ {
		c := secret[i]
		lower = lower && (isDigit(c) || 'a' <= c && c <= 'f')
		upper = upper && (isDigit(c) || 'A' <= c && c <= 'F')
	}
	if !lower && !upper {
		return false
	}
	label := strings.ToLower(match[:max(0, strings.Index(match, secret))])
	for _, w := range []string{"hash", "digest", "sum", "sha", "md5", "etag", "cache", "commit", "rev", "fingerprint", "nonce", "salt", "uuid", "id\"", "_id", "build", "version", "integrity", "checksum", "signature", "public", "pub_", "key_id", "keyid"} {
		if strings.Contains(label, w) {
			return false
		}
	}
	return strings.Contains(label, "key") || strings.Contains(label, "token") || strings.Contains(label, "secret")
}
