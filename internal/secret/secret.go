package secret

import (
	"cmp"
	"encoding/base64"
	"encoding/json"
	"hash/crc32"
	"slices"
	"strings"
)

// Finding is one credential-shaped string: bytes [Start, End) of the text.
type Finding struct {
	// Rule names the format (see the package doc).
	Rule string
	// Start and End are byte offsets.
	Start, End int
	// Confidence is how likely a string that this rule finds is a real
	// credential rather than a look-alike, in [0,1].
	Confidence float64
}

// Find calls fn for every credential it finds in text, in order of Start.
// Findings do not overlap: where a rule of this package (a checksum, a
// decoded structure) and a gitleaks rule find the same bytes, the
// package's rule is kept.
func Find(text string, fn func(Finding)) {
	for _, f := range find(text, false) {
		fn(f)
	}
}

// Holds reports whether text holds anything credential-shaped under the
// rules of the Shield method's refusal (issue 27), which prefer safety to
// precision: every finding of Find, and also a prefixed key of low entropy
// or a placeholder (sk_live_ and 24 times the same letter), and a
// 64-hex-digit key written with a "0x" prefix even without a label. Only
// the documented example keys (see documentedExamples) pass: they are
// public. The caller normalizes first (NFKC, no
// invisible characters): Holds reads the bytes as given.
func Holds(text string) bool {
	return len(find(text, true)) > 0
}

func find(text string, strict bool) []Finding {
	var out []Finding
	own(text, func(f Finding) {
		if documented(text[f.Start:f.End]) || !strict && strings.HasPrefix(f.Rule, "seed_phrase") && repetitive(text[f.Start:f.End]) {
			return
		}
		out = append(out, f)
	})
	hexKeys(text, strict, func(f Finding) { out = append(out, f) })
	passwords(text, func(f Finding) { out = append(out, f) })
	mine := len(out)
	// Passwords by context yield to a vendor's rule on the same bytes
	// (docker login -p dckr_pat_…), as application secrets do.
	extraPasswords(text, func(f Finding) { out = append(out, f) })
	// An application secret yields to a vendor's rule on the same bytes,
	// so it is placed with gitleaks' findings, by confidence.
	secretKeys(text, func(f Finding) { out = append(out, f) })
	findGitleaks(text, strict, func(g glFinding) {
		if documented(text[g.start:g.end]) {
			return
		}
		if !strict && g.rule.id == "authorization-header" && exampleBasic(text, g.start, g.secret) {
			return
		}
		if !strict && (exampleSecret(g.secret) || g.rule.id == "generic-api-key" && notGeneric(g.secret) || inBase64Blob(text, g.start, g.end)) {
			return
		}
		out = append(out, Finding{Rule: g.rule.id, Start: g.start, End: g.end, Confidence: g.rule.conf})
	})
	// A name/value pair of a manifest, read as the assignment it is.
	if strings.Contains(text, "value:") {
		envPairs(text, func(assign string, at, nameLen int) {
			for _, f := range find(assign, strict) {
				if f.Start >= nameLen {
					out = append(out, Finding{Rule: f.Rule, Start: at + f.Start - nameLen, End: at + f.End - nameLen, Confidence: f.Confidence})
				}
			}
		})
	}
	if len(out) == 0 {
		return nil
	}
	// The package's own findings (of own and hexKeys, each in order): in
	// order of Start, an overlapping later one dropped.
	slices.SortStableFunc(out[:mine], func(a, b Finding) int { return cmp.Compare(a.Start, b.Start) })
	kept := make([]Finding, 0, len(out))
	end := -1
	for _, f := range out[:mine] {
		if f.Start >= end {
			kept = append(kept, f)
			end = f.End
		}
	}
	if len(out) == mine {
		return kept
	}
	// Then the gitleaks findings that overlap none placed, strongest
	// first; taken marks the bytes placed (time and memory linear in the
	// text and the findings' spans).
	gl := out[mine:]
	slices.SortStableFunc(gl, func(a, b Finding) int {
		if a.Confidence != b.Confidence {
			return cmp.Compare(b.Confidence, a.Confidence)
		}
		return cmp.Compare(a.Start, b.Start)
	})
	taken := make([]bool, len(text))
	for _, f := range kept {
		for k := f.Start; k < f.End; k++ {
			taken[k] = true
		}
	}
	for _, f := range gl {
		if slices.Contains(taken[f.Start:f.End], true) {
			continue
		}
		for k := f.Start; k < f.End; k++ {
			taken[k] = true
		}
		kept = append(kept, f)
	}
	slices.SortFunc(kept, func(a, b Finding) int { return cmp.Compare(a.Start, b.Start) })
	return kept
}

// documentedExamples are keys that services print in their documentation
// as examples, copied into countless tutorials: Stripe's test keys of its
// API reference, the jwt.io token's signature, AWS's example key pair.
// They are public: neither Find nor Holds reports them.
var documentedExamples = []string{
	"sk_test_4eC39HqLyjWDarjtT1zdp7dc", "pk_test_TYooMQauvdEDq54NiTphI7jx", // Stripe
	jwtExample,
	"AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", // AWS
}

// documented reports a finding that holds a documented example key.
func documented(s string) bool {
	for _, e := range documentedExamples {
		if strings.Contains(s, e) {
			return true
		}
	}
	return false
}

// exampleSecret reports a value that documentation prints in place of a
// real one (see placeholderBody), one marked EXAMPLE, or the jwt.io
// example token: the package's allowlist, on top of gitleaks' own.
func exampleSecret(s string) bool {
	return strings.Contains(s, "EXAMPLE") || strings.Contains(s, jwtExample) || placeholderBody(s)
}

// exampleBasic reports HTTP basic credentials (the Authorization header's
// secret at start, after "Basic") that are not a user and a generated
// password: base64 that does not decode to "user:password", and RFC
// 7617's Aladdin:open sesame and its kin in tests and documentation.
func exampleBasic(text string, start int, secret string) bool {
	before := strings.ToLower(strings.TrimRight(text[max(0, start-8):start], " \t"))
	if !strings.HasSuffix(before, "basic") {
		return false
	}
	b, err := base64.StdEncoding.DecodeString(secret)
	if err != nil {
		b, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(secret, "="))
	}
	if err != nil {
		return true // not base64: not basic credentials
	}
	_, pw, ok := strings.Cut(string(b), ":")
	return !ok || !generatedPassword(pw)
}

// codeWords are words of identifiers and file names in code: a value of
// the generic rule made of letters, digits, "_", "." and "-" that holds one
// is a name (testRSA2048PrivateKey, NewEncapsulationKey768), not a key.
var codeWords = []string{"key", "private", "public", "test", "new", "encrypt", "decrypt", "token", "secret", "passw", "config", "auth", "file", "name", "path", "value", "default", "example", "sample", "dummy", "fake", "mock"}

// notGeneric reports a value of the generic rule that is not a credential:
// without a digit (gitleaks required one before v8.25), a UUID, a file
// name, a path of words, a counting sequence, or an identifier that holds a
// word of code (see codeWords). The package's filter, measured on the Go
// source tree and /usr/share/doc (docs/judgement/secrets.md).
func notGeneric(v string) bool {
	if !strings.ContainsAny(v, "0123456789") {
		return true
	}
	if isUUID(v) || strings.Contains(v, "0123456") || strings.Contains(strings.ToLower(v), "abcdef") {
		return true
	}
	if k := strings.LastIndexByte(v, '.'); k > 0 && len(v)-k-1 >= 2 && len(v)-k-1 <= 4 && allLetters(v[k+1:]) {
		return true // a file name: name.ext
	}
	name := true
	for i := 0; i < len(v); i++ {
		if c := v[i]; !isBase62(c) && c != '_' && c != '.' && c != '-' {
			name = false
			break
		}
	}
	if name {
		lv := strings.ToLower(v)
		for _, w := range codeWords {
			if strings.Contains(lv, w) {
				return true
			}
		}
	}
	return false
}

func allLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isAlpha(s[i]) {
			return false
		}
	}
	return s != ""
}

// isUUID reports an RFC 9562 UUID (8-4-4-4-12 hex) anywhere in v.
func isUUID(v string) bool {
	for i := 0; i+36 <= len(v); i++ {
		ok := true
		for k := 0; k < 36 && ok; k++ {
			if k == 8 || k == 13 || k == 18 || k == 23 {
				ok = v[i+k] == '-'
			} else {
				ok = isHex(v[i+k])
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// inBase64Blob reports a match inside a line of base64 (a file or image
// encoded, 60 characters or more of the base64 alphabet with "+" or "/"),
// longer than the match: a key format's prefix met by chance (EAAA in an
// encoded binary).
func inBase64Blob(text string, s, e int) bool {
	ls := strings.LastIndexByte(text[:s], '\n') + 1
	le := strings.IndexByte(text[e:], '\n')
	if le < 0 {
		le = len(text)
	} else {
		le += e
	}
	line := strings.TrimRight(text[ls:le], "\r")
	if len(line) < 60 || len(line) <= e-s || !strings.ContainsAny(line, "+/") {
		return false
	}
	for i := 0; i < len(line); i++ {
		if c := line[i]; !isB64(c) && c != '=' {
			return false
		}
	}
	return true
}

// repetitive reports a run of words of which fewer than half are
// distinct: a list of true and false, "Add." and "Fix." lines of a
// changelog, BIP-39's all-zero test phrase ("abandon" eleven times and
// "about", printed in every wallet library's documentation) — not a
// phrase a wallet generated, whose words repeat by chance only. Holds
// (the refusal) does not apply it.
func repetitive(span string) bool {
	words := strings.FieldsFunc(strings.ToLower(span), func(r rune) bool { return r < 'a' || r > 'z' })
	seen := map[string]bool{}
	for _, w := range words {
		seen[w] = true
	}
	return 2*len(seen) < len(words)
}

// own calls fn for the findings of the package's own rules, in order.
func own(text string, fn func(Finding)) {
	seeds := seedPhrases(text)
	for i := 0; i < len(text); {
		if len(seeds) > 0 && i >= seeds[0].Start {
			fn(seeds[0])
			i = seeds[0].End
			seeds = seeds[1:]
			continue
		}
		if i+1 >= len(text) || !prefixes2[text[i]][text[i+1]] || !maybe3(text, i) {
			i++
			continue
		}
		f, ok := at(text, i)
		if !ok {
			i++
			continue
		}
		fn(f)
		i = f.End
		for len(seeds) > 0 && seeds[0].Start < i {
			seeds = seeds[1:]
		}
	}
}

func isDigit(b byte) bool  { return '0' <= b && b <= '9' }
func isUpper(b byte) bool  { return 'A' <= b && b <= 'Z' }
func isLower(b byte) bool  { return 'a' <= b && b <= 'z' }
func isAlpha(b byte) bool  { return isUpper(b) || isLower(b) }
func isBase62(b byte) bool { return isAlpha(b) || isDigit(b) }
func isB64url(b byte) bool { return isBase62(b) || b == '-' || b == '_' }
func isB64(b byte) bool    { return isBase62(b) || b == '+' || b == '/' }
func isHex(b byte) bool    { return isDigit(b) || 'a' <= b && b <= 'f' || 'A' <= b && b <= 'F' }
func isLowerHex(b byte) bool {
	return isDigit(b) || 'a' <= b && b <= 'f'
}
func isBase32(b byte) bool { return isUpper(b) || '2' <= b && b <= '7' }

// span counts the bytes from i on that satisfy pred, up to max.
func span(text string, i int, pred func(byte) bool, max int) int {
	n := 0
	for i+n < len(text) && n < max && pred(text[i+n]) {
		n++
	}
	return n
}

// wordStart reports whether a token can start at i: the byte before is not
// part of a token of the same alphabet.
func wordStart(text string, i int) bool {
	return i == 0 || !isB64url(text[i-1])
}

// endsWord reports whether the token ends at j: nothing of its alphabet
// follows.
func endsWord(text string, j int, pred func(byte) bool) bool {
	return j >= len(text) || !pred(text[j])
}

// prefixes2 holds the first two bytes of every rule's prefix, so that
// most positions are passed over with one table look-up.
var prefixes2 = func() (t [256][256]bool) {
	for _, p := range []string{
		"AK", "AS", "AB", "AC", "AI", "AW", "A3", "Ac", "gh", "gi", "gl", "GO", "xo", "xa", "ho", "hf",
		"di", "do", "sk", "sq", "sh", "rk", "wh", "SG", "SK", "Se", "np", "py", "ac", "aw",
		"li", "op",
		"ey", "--", ":/", ":A",
	} {
		t[p[0]][p[1]] = true
	}
	return t
}()

// prefixes3 has the bit tri3(a, b, c) set for the first three bytes of
// every prefix that at tries: after the pair table, a second look-up
// passes over most pairs of ordinary words ("do", "li", "sh", "ac")
// without trying the rules. Every prefix at matches is at least three
// bytes long (twilio's "SK" is followed by a hex digit, A3T by one more
// byte), so a position whose three bytes are not here starts no finding
// (TestMaybeSame).
var prefixes3 = func() (t [1 << 16 / 64]uint64) {
	set := func(p string) {
		h := tri3(p[0], p[1], p[2])
		t[h>>6] |= 1 << (h & 63)
	}
	for _, p := range []string{
		"AKI", "ASI", "ABI", "ACC", "A3T", "AIz", "AWS", "Acc", // aws, google, awsSecret, azure
		"ghp", "gho", "ghu", "ghs", "ghr", "git", "glp", "gld", "glr", "glc", "glo", // github, gitlab
		"GOC", "xap", "xox", "lin", "ops", "hoo", "hf_", // google oauth, slack, linear, 1password, webhook, huggingface
		"dis", "dop", "doo", "dor", "sk_", "sk-", "sq0", "shp", "rk_", "whs", // discord, digitalocean, stripe, openai, anthropic, square, shopify
		"SG.", "Sec", "npm", "pyp", "acc", "aws", "eyJ", "---", "://", ":AA", // sendgrid, awsSecret, npm, pypi, braintree, jwt, pem, connection, telegram
	} {
		set(p)
	}
	for _, c := range "0123456789abcdef" { // twilio: SK and 32 lower-case hex digits
		set("SK" + string(c))
	}
	return t
}()

// maybe3 reports whether the three bytes at i start a prefix of at
// (true where fewer than three remain): own asks it where the pair table
// passes a position.
func maybe3(text string, i int) bool {
	if i+2 >= len(text) {
		return true
	}
	h := tri3(text[i], text[i+1], text[i+2])
	return prefixes3[h>>6]&(1<<(h&63)) != 0
}

func at(text string, i int) (Finding, bool) {
	switch text[i] {
	case 'A':
		if f, ok := aws(text, i); ok {
			return f, true
		}
		if f, ok := fixed(text, i, "AIza", "google_api_key", 35, 35, isB64url, 0.9); ok {
			return f, true
		}
		if f, ok := awsSecret(text, i, "AWS_SECRET_ACCESS_KEY"); ok {
			return f, true
		}
		return azure(text, i)
	case 'g':
		if f, ok := github(text, i); ok {
			return f, true
		}
		return gitlab(text, i)
	case 'G':
		return fixed(text, i, "GOCSPX-", "google_oauth_secret", 28, 28, isB64url, 0.9)
	case 'x':
		if f, ok := slackApp(text, i); ok {
			return f, true
		}
		return slack(text, i)
	case 'l':
		return fixed(text, i, "lin_api_", "linear_api_key", 40, 40, isBase62, 0.9)
	case 'o':
		return fixed(text, i, "ops_eyJ", "onepassword_service_token", 200, 2000, isB64url, 0.9)
	case 'h':
		if f, ok := webhook(text, i, "hooks.slack.com/services/", "slack_webhook", 40); ok {
			return f, true
		}
		return fixed(text, i, "hf_", "huggingface_token", 34, 34, isAlpha, 0.85)
	case 'd':
		if f, ok := webhook(text, i, "discord.com/api/webhooks/", "discord_webhook", 70); ok {
			return f, true
		}
		if f, ok := webhook(text, i, "discordapp.com/api/webhooks/", "discord_webhook", 70); ok {
			return f, true
		}
		for _, p := range []string{"dop_v1_", "doo_v1_", "dor_v1_"} {
			if f, ok := fixed(text, i, p, "digitalocean_token", 64, 64, isLowerHex, 0.9); ok {
				return f, true
			}
		}
	case 's':
		return sPrefixed(text, i)
	case 'r':
		for _, p := range []string{"rk_live_", "rk_test_"} {
			if f, ok := fixed(text, i, p, "stripe_key", 24, 247, isBase62, stripeConfidence(p)); ok {
				return f, true
			}
		}
	case 'w':
		return fixed(text, i, "whsec_", "stripe_webhook_secret", 32, 64, isB64, 0.85)
	case 'S':
		if f, ok := sendgrid(text, i); ok {
			return f, true
		}
		if f, ok := awsSecret(text, i, "SecretAccessKey"); ok {
			return f, true
		}
		return fixed(text, i, "SK", "twilio_api_key", 32, 32, isLowerHex, 0.85)
	case 'n':
		return checksummed(text, i, "npm_", "npm_token", "")
	case 'p':
		return fixed(text, i, "pypi-AgEIcHlwaS5vcmc", "pypi_token", 50, 400, isB64url, 0.95)
	case 'a':
		return braintree(text, i)
	case 'e':
		return jwt(text, i)
	case '-':
		return privateKey(text, i)
	case ':':
		if f, ok := connection(text, i); ok {
			return f, true
		}
		return telegram(text, i)
	}
	return Finding{}, false
}

// fixed finds prefix followed by between min and max bytes satisfying
// pred, starting a word and ending one.
func fixed(text string, i int, prefix, rule string, min, max int, pred func(byte) bool, conf float64) (Finding, bool) {
	if !strings.HasPrefix(text[i:], prefix) || !wordStart(text, i) {
		return Finding{}, false
	}
	j := i + len(prefix)
	n := span(text, j, pred, max+1)
	if n < min || n > max || !endsWord(text, j+n, pred) || !endsWord(text, j+n, isBase62) {
		return Finding{}, false
	}
	if strings.Contains(text[i:j+n], "EXAMPLE") || placeholderBody(text[j:j+n]) {
		return Finding{}, false
	}
	return Finding{Rule: rule, Start: i, End: j + n, Confidence: conf}, true
}

func aws(text string, i int) (Finding, bool) {
	for _, p := range []string{"AKIA", "ASIA", "ABIA", "ACCA"} {
		if f, ok := fixed(text, i, p, "aws_access_key_id", 16, 16, isBase32, 0.9); ok {
			return f, true
		}
	}
	// A3T and one more character: the older form gitleaks also finds.
	if strings.HasPrefix(text[i:], "A3T") && i+4 <= len(text) && (isUpper(text[i+3]) || isDigit(text[i+3])) {
		if f, ok := fixed(text, i, text[i:i+4], "aws_access_key_id", 16, 16, isBase32, 0.9); ok {
			return f, true
		}
	}
	return Finding{}, false
}

// awsSecret finds the value after the keyword at i (text[i:] starts with
// it), with optional quotes, spaces and "=" or ":".
func awsSecret(text string, i int, keyword string) (Finding, bool) {
	if !strings.HasPrefix(text[i:], keyword) {
		return Finding{}, false
	}
	j := i + len(keyword)
	seenSep := false
	for k := 0; j < len(text) && k < 8; k++ {
		c := text[j]
		if c == '=' || c == ':' {
			seenSep = true
		} else if c != ' ' && c != '"' && c != '\'' && c != '\t' {
			break
		}
		j++
	}
	if !seenSep {
		return Finding{}, false
	}
	isKey := func(b byte) bool { return isB64(b) }
	n := span(text, j, isKey, 41)
	if n != 40 || !endsWord(text, j+n, isKey) || strings.Contains(text[j:j+n], "EXAMPLE") {
		return Finding{}, false
	}
	return Finding{Rule: "aws_secret_access_key", Start: j, End: j + n, Confidence: 0.9}, true
}

func sPrefixed(text string, i int) (Finding, bool) {
	for _, p := range []string{"sk_live_", "sk_test_"} {
		if f, ok := fixed(text, i, p, "stripe_key", 24, 247, isBase62, stripeConfidence(p)); ok {
			return f, true
		}
	}
	if f, ok := fixed(text, i, "sq0atp-", "square_token", 22, 22, isB64url, 0.9); ok {
		return f, true
	}
	if f, ok := fixed(text, i, "sq0csp-", "square_token", 43, 43, isB64url, 0.9); ok {
		return f, true
	}
	for _, p := range []string{"shpat_", "shpca_", "shppa_", "shpss_"} {
		// Shopify issues 32 hex digits; a base62 body of the same length
		// after the prefix is found too (the prefixes are distinctive).
		if f, ok := fixed(text, i, p, "shopify_token", 32, 32, isBase62, 0.9); ok {
			return f, true
		}
	}
	for _, p := range []string{"sk-ant-api03-", "sk-ant-admin01-"} {
		if f, ok := fixed(text, i, p, "anthropic_key", 90, 120, isB64url, 0.95); ok {
			return f, true
		}
	}
	for _, p := range []string{"sk-proj-", "sk-svcacct-", "sk-admin-"} {
		if f, ok := fixed(text, i, p, "openai_key", 40, 200, isB64url, 0.9); ok {
			return f, true
		}
	}
	// The older OpenAI form: sk-, 20, T3BlbkFJ ("OpenAI" in base64), 20.
	if strings.HasPrefix(text[i:], "sk-") && wordStart(text, i) {
		j := i + 3
		if n := span(text, j, isBase62, 49); n == 48 && text[j+20:j+28] == "T3BlbkFJ" && endsWord(text, j+n, isB64url) {
			return Finding{Rule: "openai_key", Start: i, End: j + n, Confidence: 0.95}, true
		}
	}
	return Finding{}, false
}

func stripeConfidence(prefix string) float64 {
	if strings.Contains(prefix, "live") {
		return 0.95
	}
	return 0.7
}

// placeholderBody reports a token body that documentation writes in place
// of a real one: "xxxx…", "your_key_here", "0000…", or too few distinct
// characters for a random string of its length.
func placeholderBody(b string) bool {
	lb := strings.ToLower(b)
	if strings.Contains(lb, "xxxx") || strings.Contains(lb, "your") || strings.Contains(lb, "here") || strings.Contains(lb, "0000000") {
		return true
	}
	if len(b) < 16 {
		return false
	}
	var seen [256]bool
	distinct := 0
	for i := 0; i < len(b); i++ {
		if !seen[b[i]] {
			seen[b[i]] = true
			distinct++
		}
	}
	return distinct < 8
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// checksum6 is the base62 CRC-32 of s, six characters with leading zeros:
// the checksum of GitHub's and npm's token formats.
func checksum6(s string) string {
	c := crc32.ChecksumIEEE([]byte(s))
	var out [6]byte
	for k := 5; k >= 0; k-- {
		out[k] = base62[c%62]
		c /= 62
	}
	return string(out[:])
}

// checksummed finds prefix and 36 base62 characters whose last six are the
// checksum of the first thirty.
func checksummed(text string, i int, prefix, rule, uncheckedRule string) (Finding, bool) {
	f, ok := fixed(text, i, prefix, rule, 36, 36, isBase62, 0.99)
	if !ok {
		return f, false
	}
	body := text[i+len(prefix) : f.End]
	if checksum6(body[:30]) != body[30:] {
		if uncheckedRule == "" {
			return Finding{}, false
		}
		f.Rule, f.Confidence = uncheckedRule, 0.6
	}
	return f, true
}

func github(text string, i int) (Finding, bool) {
	for _, p := range []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"} {
		if f, ok := checksummed(text, i, p, "github_token", "github_token_unchecked"); ok {
			return f, true
		}
	}
	if strings.HasPrefix(text[i:], "github_pat_") && wordStart(text, i) {
		j := i + len("github_pat_")
		if span(text, j, isBase62, 22) == 22 && j+22 < len(text) && text[j+22] == '_' {
			k := j + 23
			if n := span(text, k, isBase62, 60); n == 59 && endsWord(text, k+n, isB64url) {
				return Finding{Rule: "github_fine_grained_pat", Start: i, End: k + n, Confidence: 0.95}, true
			}
		}
	}
	return Finding{}, false
}

func gitlab(text string, i int) (Finding, bool) {
	isTok := func(b byte) bool { return isB64url(b) || b == '.' }
	for _, p := range []string{"glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "gloas-"} {
		if f, ok := fixed(text, i, p, "gitlab_token", 20, 200, isTok, 0.9); ok {
			// A trailing full stop ends a sentence, not the token.
			for f.End > i+len(p)+20 && text[f.End-1] == '.' {
				f.End--
			}
			return f, true
		}
	}
	return Finding{}, false
}

func slack(text string, i int) (Finding, bool) {
	if !strings.HasPrefix(text[i:], "xox") || i+5 > len(text) || text[i+4] != '-' || !wordStart(text, i) {
		return Finding{}, false
	}
	if !strings.ContainsRune("bparse", rune(text[i+3])) {
		return Finding{}, false
	}
	isTok := func(b byte) bool { return isBase62(b) || b == '-' }
	j := i + 5
	n := span(text, j, isTok, 256)
	tok := text[j : j+n]
	if n < 20 || strings.Count(tok, "-") < 2 || !isDigit(tok[0]) {
		return Finding{}, false
	}
	return Finding{Rule: "slack_token", Start: i, End: j + n, Confidence: 0.95}, true
}

// slackApp finds an app-level token: xapp-, a digit, "-", an upper-case
// id, "-", digits, "-", lower-case hex.
func slackApp(text string, i int) (Finding, bool) {
	if !strings.HasPrefix(text[i:], "xapp-") || !wordStart(text, i) {
		return Finding{}, false
	}
	j := i + 5
	if j+2 > len(text) || !isDigit(text[j]) || text[j+1] != '-' {
		return Finding{}, false
	}
	j += 2
	isID := func(b byte) bool { return isUpper(b) || isDigit(b) }
	n := span(text, j, isID, 32)
	if n < 8 || j+n >= len(text) || text[j+n] != '-' {
		return Finding{}, false
	}
	j += n + 1
	n = span(text, j, isDigit, 20)
	if n < 8 || j+n >= len(text) || text[j+n] != '-' {
		return Finding{}, false
	}
	j += n + 1
	n = span(text, j, isLowerHex, 128)
	if n < 32 || !endsWord(text, j+n, isB64url) {
		return Finding{}, false
	}
	return Finding{Rule: "slack_token", Start: i, End: j + n, Confidence: 0.95}, true
}

// webhook finds a webhook URL's host and path (prefix) and at least min
// more characters of path.
func webhook(text string, i int, prefix, rule string, min int) (Finding, bool) {
	if !strings.HasPrefix(text[i:], prefix) {
		return Finding{}, false
	}
	if i > 0 && text[i-1] != '/' && text[i-1] != '.' {
		return Finding{}, false
	}
	isPath := func(b byte) bool { return isB64url(b) || b == '/' }
	j := i + len(prefix)
	n := span(text, j, isPath, 256)
	path := text[j : j+n]
	if n < min || strings.Count(path, "/") < 1 || strings.Contains(path, "XXXX") || strings.Contains(path, "xxxx") {
		return Finding{}, false
	}
	return Finding{Rule: rule, Start: i, End: j + n, Confidence: 0.95}, true
}

func telegram(text string, i int) (Finding, bool) {
	// text[i] == ':'; the token is 8–10 digits, ":AA", 33 more.
	if !strings.HasPrefix(text[i:], ":AA") {
		return Finding{}, false
	}
	d := 0
	for d < 11 && i-d-1 >= 0 && isDigit(text[i-d-1]) {
		d++
	}
	start := i - d
	// In the Bot API's URL the token follows "/bot":
	// api.telegram.org/bot123456789:AA…/getUpdates.
	if d < 8 || d > 10 || !wordStart(text, start) && !strings.HasSuffix(text[:start], "/bot") {
		return Finding{}, false
	}
	j := i + 3
	n := span(text, j, isB64url, 34)
	if n != 33 || !endsWord(text, j+n, isB64url) {
		return Finding{}, false
	}
	return Finding{Rule: "telegram_bot_token", Start: start, End: j + n, Confidence: 0.85}, true
}

func sendgrid(text string, i int) (Finding, bool) {
	if !strings.HasPrefix(text[i:], "SG.") || !wordStart(text, i) {
		return Finding{}, false
	}
	j := i + 3
	if span(text, j, isB64url, 23) != 22 || j+22 >= len(text) || text[j+22] != '.' {
		return Finding{}, false
	}
	k := j + 23
	if n := span(text, k, isB64url, 44); n != 43 || !endsWord(text, k+n, isB64url) {
		return Finding{}, false
	}
	return Finding{Rule: "sendgrid_key", Start: i, End: k + 43, Confidence: 0.95}, true
}

func braintree(text string, i int) (Finding, bool) {
	const p = "access_token$production$"
	if !strings.HasPrefix(text[i:], p) {
		if f, ok := awsSecret(text, i, "aws_secret_access_key"); ok {
			return f, true
		}
		return Finding{}, false
	}
	j := i + len(p)
	isLowerAlnum := func(b byte) bool { return isLower(b) || isDigit(b) }
	if span(text, j, isLowerAlnum, 17) != 16 || j+16 >= len(text) || text[j+16] != '$' {
		return Finding{}, false
	}
	k := j + 17
	if n := span(text, k, isLowerHex, 33); n != 32 {
		return Finding{}, false
	}
	return Finding{Rule: "braintree_token", Start: i, End: k + 32, Confidence: 0.95}, true
}

func azure(text string, i int) (Finding, bool) {
	const p = "AccountKey="
	if !strings.HasPrefix(text[i:], p) {
		return Finding{}, false
	}
	j := i + len(p)
	if n := span(text, j, isB64, 87); n != 86 || !strings.HasPrefix(text[j+86:], "==") {
		return Finding{}, false
	}
	return Finding{Rule: "azure_storage_key", Start: j, End: j + 88, Confidence: 0.95}, true
}

// jwtExample is the signature of the example token on jwt.io, printed in
// countless tutorials.
const jwtExample = "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"

func jwt(text string, i int) (Finding, bool) {
	if !strings.HasPrefix(text[i:], "eyJ") || !wordStart(text, i) {
		return Finding{}, false
	}
	var parts [3]string
	j := i
	for p := 0; p < 3; p++ {
		n := span(text, j, isB64url, 8192)
		parts[p] = text[j : j+n]
		j += n
		if p < 2 {
			if j >= len(text) || text[j] != '.' {
				return Finding{}, false
			}
			j++
		}
	}
	if len(parts[0]) < 10 || len(parts[1]) < 10 || !endsWord(text, j, isB64url) {
		return Finding{}, false
	}
	var header map[string]any
	if !decodeJSON(parts[0], &header) {
		return Finding{}, false
	}
	if _, ok := header["alg"]; !ok {
		return Finding{}, false
	}
	var claims map[string]any
	if !strings.HasPrefix(parts[1], "eyJ") || !decodeJSON(parts[1], &claims) {
		return Finding{}, false
	}
	if parts[2] == jwtExample {
		return Finding{}, false
	}
	conf := 0.85
	if len(parts[2]) < 16 {
		conf = 0.5 // unsigned ("alg": "none") or truncated
	}
	return Finding{Rule: "jwt", Start: i, End: j, Confidence: conf}, true
}

func decodeJSON(part string, v any) bool {
	if len(part) > 4096 {
		return false
	}
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(part, "="))
	if err != nil {
		return false
	}
	return json.Unmarshal(b, v) == nil
}
