package secret

import "strings"

// passwordLabels are the words that name a password in an assignment;
// compared with the text's bytes read in lower case.
var passwordLabels = []string{"password", "passwd", "passphrase", "pwd", "pass", "psk", "pw"}

// shortLabels name a password only as a whole identifier or its last
// part (ADMIN_PASS, ansible_ssh_pass, bind_pw, psk): inside a longer word
// they are something else (passport, passenger, pswd…).
var shortLabels = map[string]bool{"pass": true, "psk": true, "pw": true}

// notPasswordSuffixes, after a label within its identifier, make it name
// something else (password_hash = …, pwd_file: …, PASSWORD_MIN_LENGTH=…).
var notPasswordSuffixes = []string{"hash", "file", "path", "len", "min", "max", "policy", "reset", "field", "prompt", "type", "name", "salt", "digest", "rule", "regex", "confirm", "label", "placeholder", "hint", "dir", "env", "cmd", "command", "url", "id"}

// passwords calls fn for each password written as a value: a label of
// passwordLabels (in an identifier, a JSON key, a connection string's
// Password=), at most 3 quotes or spaces, "=" or ":" (not "==" or "!="), and
// a value of 8 to 100 characters, quoted or up to white space, ";", ",",
// "&" or a quote, that is not a placeholder or an expression and looks
// chosen: two classes of character (lower, upper, digit, symbol) and more
// than 2.5 bits a character. password_assignment, 0.7: a weak signal
// (documentation writes sample passwords too), below the block threshold.
func passwords(text string, fn func(Finding)) {
	// Every label starts with p or P: the pass goes from one to the next
	// (strings.IndexByte), lp and up the next of each at or after i.
	lp, up := -1, -1
	for i := 0; i < len(text); i++ {
		if lp < i {
			lp = nextByte(text, i, 'p')
		}
		if up < i {
			up = nextByte(text, i, 'P')
		}
		if i = min(lp, up); i == len(text) {
			break
		}
		if i+1 == len(text) || text[i+1]|0x20 != 'a' && text[i+1]|0x20 != 'w' && text[i+1]|0x20 != 's' {
			continue // every label starts with pa, pw or ps
		}
		label := ""
		for _, l := range passwordLabels {
			if hasLowerPrefix(text[i:], l) {
				label = l
				break
			}
		}
		if label == "" || i > 0 && isAlpha(text[i-1]) && !isUpper(text[i]) {
			continue // inside a word (…pwd… in a longer word), unless camelCase
		}
		j := i + len(label)
		// The rest of the identifier: at most 12 bytes, none naming
		// something else.
		k := j
		for k < len(text) && k-j < 13 && (isBase62(text[k]) || text[k] == '_' || text[k] == '-' || text[k] == '.') {
			k++
		}
		if k-j > 12 || suffixed(text[j:k]) {
			i = k - 1
			continue
		}
		short := shortLabels[label]
		prefixed := i > 0 && (text[i-1] == '_' || text[i-1] == '-' || text[i-1] == '.') // DB_PASS, ssh-pass
		if short && (k > j || i > 0 && isBase62(text[i-1]) && !(isUpper(text[i]) && isLower(text[i-1]))) {
			continue // pass, psk, pw: the whole identifier or its last part only
		}
		if short && k < len(text) && text[k] == ':' && (i == 0 || !strings.ContainsRune("_-.\"'", rune(text[i-1]))) && !isLower(text[i]) {
			continue // "PASS: addr2line", "--- PASS: TestX/sub": a test's result, not a key
		}
		// A command's long flag, its value after white space:
		// --password 'X', --admin-password X, -password X.
		if k < len(text) && text[k] == ' ' && flagBefore(text, i) {
			v := k
			for v < len(text) && v-k < 4 && text[v] == ' ' {
				v++
			}
			if v < len(text) && text[v] != '-' {
				if s, e, ok := passwordValue(text, v); ok && (!short || classCount(text[s:e]) >= 3) {
					fn(Finding{Rule: "password_assignment", Start: s, End: e, Confidence: 0.7})
					i = e - 1
				}
			}
			continue
		}
		// An XML or .config key/value pair: key="SmtpPassword" value="X".
		if k+1 < len(text) && (text[k] == '"' || text[k] == '\'') {
			if rest := text[k+1 : min(len(text), k+16)]; strings.HasPrefix(strings.TrimLeft(rest, " "), "value=") {
				v := k + 1 + strings.Index(rest, "value=") + len("value=")
				if s, e, ok := passwordValue(text, v); ok {
					fn(Finding{Rule: "password_assignment", Start: s, End: e, Confidence: 0.7})
					i = e - 1
				}
				continue
			}
		}
		// In prose, a few words between the label and "is": "the VPN
		// password for the new laptop is X".
		if !short && k < len(text) && text[k] == ' ' && !hasLowerPrefix(text[k:], " is ") {
			if w := proseIs(text, k); w > k {
				k = w - len(" is ")
			}
		}
		// An XML element: <password>X</password>.
		if i > 0 && text[i-1] == '<' && k < len(text) && text[k] == '>' {
			if s, e, ok := passwordValue(text, k+1); ok && e < len(text) && text[e] == '<' && (!short || classCount(text[s:e]) >= 3) {
				fn(Finding{Rule: "password_assignment", Start: s, End: e, Confidence: 0.7})
				i = e - 1
			}
			continue
		}
		// In prose: "the password is X", "password is: X", "set the
		// password to X", a value with three classes of character.
		if !short && (hasLowerPrefix(text[k:], " is ") || hasLowerPrefix(text[k:], " is: ") || hasLowerPrefix(text[k:], " to ")) {
			k += len(" is ")
			for k < len(text) && (text[k] == ' ' || text[k] == ':') {
				k++
			}
			if s, e, ok := passwordValue(text, k); ok && classCount(text[s:e]) >= 3 && !strings.ContainsAny(text[e-1:e], ".,;:!?") {
				fn(Finding{Rule: "password_assignment", Start: s, End: e, Confidence: 0.7})
				i = e - 1
			}
			continue
		}
		for n := 0; n < 3 && k < len(text) && (text[k] == '"' || text[k] == '\'' || text[k] == ' ' || text[k] == '\t'); n++ {
			k++
		}
		if k >= len(text) || text[k] != '=' && text[k] != ':' {
			continue
		}
		if k+1 < len(text) && (text[k] == '=' && text[k+1] == '=' || text[k] == ':' && text[k+1] == ':') || k > 0 && text[k-1] == '!' {
			continue
		}
		if k+1 < len(text) && text[k] == ':' && text[k+1] == '=' { // :=
			k++
		}
		k++
		for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
			k++
		}
		s, e, ok := passwordValue(text, k)
		if !ok || short && !prefixed && classCount(text[s:e]) < 3 {
			continue // a bare short label's value must look chosen: three classes
		}
		fn(Finding{Rule: "password_assignment", Start: s, End: e, Confidence: 0.7})
		i = e - 1
	}
}

// nextByte returns the index of the first c in text at or after i, or
// len(text).
func nextByte(text string, i int, c byte) int {
	if j := strings.IndexByte(text[i:], c); j >= 0 {
		return i + j
	}
	return len(text)
}

func suffixed(rest string) bool {
	lr := strings.ToLower(rest)
	for _, w := range notPasswordSuffixes {
		if strings.Contains(lr, w) {
			return true
		}
	}
	return false
}

// passwordValue reads the value at k: its bounds and whether it looks like
// a chosen password.
func passwordValue(text string, k int) (int, int, bool) {
	if k >= len(text) {
		return 0, 0, false
	}
	s, e, quoted := k, k, false
	if q := text[k]; q == '"' || q == '\'' || q == '`' {
		quoted = true
		s = k + 1
		e = s
		for e < len(text) && e-s <= 100 && text[e] != q && text[e] != '\n' {
			e++
		}
		if e >= len(text) || text[e] != q {
			return 0, 0, false
		}
	} else {
		for e < len(text) && e-s <= 100 && !strings.ContainsRune(" \t\r\n;,&\"'`<>)}]", rune(text[e])) {
			e++
		}
	}
	v := text[s:e]
	if len(v) < 8 || len(v) > 100 || isPlaceholder(v) || placeholderBody(v) {
		return 0, 0, false
	}
	if !quoted && (strings.ContainsAny(v, "(") || notGeneric(v) && !strings.ContainsAny(v, "!#$%*+/=?@^~")) {
		return 0, 0, false // an expression, a name
	}
	lead := "/~.+ "
	if quoted {
		lead = "/~. " // a quoted value may begin with "+"
	}
	if strings.Contains(v, "\\") || strings.Count(v, " ") > 1 || strings.ContainsAny(v[:1], lead) || strings.Contains(v, ", ") {
		return 0, 0, false // an escape sequence, prose, a path, code
	}
	classes := 0
	for _, has := range []bool{
		strings.ContainsAny(v, "abcdefghijklmnopqrstuvwxyz"),
		strings.ContainsAny(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
		strings.ContainsAny(v, "0123456789"),
		strings.ContainsAny(v, "!\"#$%&'()*+,-./:;<=>?@[]^_`{|}~"),
	} {
		if has {
			classes++
		}
	}
	if classes < 2 || shannon(v) <= 2.5 {
		return 0, 0, false
	}
	return s, e, true
}

// secretKeys calls fn for each application secret written as a quoted
// value: "secret" in an identifier (SECRET_KEY, app_secret, secretKey,
// client-secret), at most 3 quotes or spaces, "=" or ":", and a quoted
// value of 24 to 100 characters with three classes of character and more
// than 4 bits a character — a framework's generated key (Django's 50
// characters of letters, digits and symbols), which gitleaks' generic
// rule drops for its symbols. secret_assignment, 0.7, like
// password_assignment.
func secretKeys(text string, fn func(Finding)) {
	for i := 0; i < len(text); {
		k := indexFold6(text[i:])
		if k < 0 {
			return
		}
		i += k
		j := i + len("secret")
		// The identifier around the label: at most 12 bytes after it,
		// none naming something else (secret_name, secretRef, secret_file).
		e := j
		for e < len(text) && e-j < 13 && (isBase62(text[e]) || text[e] == '_' || text[e] == '-' || text[e] == '.') {
			e++
		}
		if e-j > 12 || suffixed(text[j:e]) || strings.Contains(strings.ToLower(text[j:e]), "ref") {
			i = e
			continue
		}
		// (Not "Secret:", a field of a struct literal.)
		bareSecret := e == j && text[i+1] != 'e' || e == j && text[i] == 's'
		bareSecret = bareSecret && (i == 0 || !isBase62(text[i-1]) && text[i-1] != '_' && text[i-1] != '-' && text[i-1] != '.')
		for n := 0; n < 3 && e < len(text) && (text[e] == '"' || text[e] == '\'' || text[e] == ' ' || text[e] == '\t'); n++ {
			e++
		}
		if e+1 >= len(text) || text[e] != '=' && text[e] != ':' || text[e+1] == '=' {
			i = j
			continue
		}
		e++
		for e < len(text) && (text[e] == ' ' || text[e] == '\t') {
			e++
		}
		if e >= len(text) || text[e] != '"' && text[e] != '\'' {
			// Unquoted, only a key named secret alone (YAML's "secret:
			// X", an .env's SECRET=X) holding a chosen password: three
			// classes of character.
			if s, end, ok := passwordValue(text, e); ok && bareSecret && classCount(text[s:end]) >= 3 && !strings.ContainsAny(text[s:end], "{}[]") {
				fn(Finding{Rule: "secret_assignment", Start: s, End: end, Confidence: 0.7})
				i = end
				continue
			}
			i = j
			continue
		}
		s, end, ok := passwordValue(text, e)
		if !ok || end-s < 24 || shannon(text[s:end]) <= 4 || classCount(text[s:end]) < 3 {
			i = j
			continue
		}
		fn(Finding{Rule: "secret_assignment", Start: s, End: end, Confidence: 0.7})
		i = end
	}
}

// indexFold6 is the index of "secret", "Secret" or "SECRET" in s (the
// spellings identifiers use), or -1: two passes of strings.Index for
// "ecret" and "ECRET", which prose seldom holds.
func indexFold6(s string) int {
	best := -1
	for _, tail := range [2]string{"ecret", "ECRET"} {
		for from := 1; from < len(s); {
			k := strings.Index(s[from:], tail)
			if k < 0 {
				break
			}
			k += from
			if best >= 0 && k-1 >= best {
				break
			}
			if c := s[k-1]; c == 's' || c == 'S' {
				best = k - 1
				break
			}
			from = k + 1
		}
	}
	return best
}

// classCount is how many of lower, upper, digit and symbol v holds.
func classCount(v string) int {
	n := 0
	for _, set := range []string{"abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789", "!\"#$%&'()*+,-./:;<=>?@[]^_`{|}~"} {
		if strings.ContainsAny(v, set) {
			n++
		}
	}
	return n
}

// flagBefore reports whether the identifier holding the label at i is a
// command-line flag: it begins with "-" after white space, a quote or the
// start of the text (--password, --admin-password, -password).
func flagBefore(text string, i int) bool {
	s := i
	for s > 0 && i-s < 40 && (isBase62(text[s-1]) || text[s-1] == '_' || text[s-1] == '-') {
		s--
	}
	if s == i || text[s] != '-' {
		return false
	}
	return s == 0 || text[s-1] == ' ' || text[s-1] == '\t' || text[s-1] == '"' || text[s-1] == '\''
}

// proseIs returns the position after " is " when at most five lower-case
// words follow k before it (" for the new laptop is "), or k.
func proseIs(text string, k int) int {
	j, words := k, 0
	for j < len(text) && j-k < 48 && words <= 5 {
		if hasLowerPrefix(text[j:], " is ") {
			return j + len(" is ")
		}
		if text[j] == ' ' {
			words++
			j++
			continue
		}
		if !isLower(text[j]) && text[j] != '-' && !isUpper(text[j]) {
			return k
		}
		j++
	}
	return k
}
