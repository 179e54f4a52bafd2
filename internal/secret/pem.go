package secret

import "strings"

// maxPEM bounds how far a private-key block is read.
const maxPEM = 16 << 10

// privateKey finds a "-----BEGIN … PRIVATE KEY-----" block (§ "private_key"
// in the package doc). text[i] == '-'.
func privateKey(text string, i int) (Finding, bool) {
	const begin = "-----BEGIN "
	if !strings.HasPrefix(text[i:], begin) {
		return Finding{}, false
	}
	j := i + len(begin)
	// The label: upper-case words, at most 40 bytes, ending in
	// "PRIVATE KEY" or "PRIVATE KEY BLOCK", then five dashes.
	end := strings.Index(text[j:min(len(text), j+48)], "-----")
	if end < 0 {
		return Finding{}, false
	}
	label := text[j : j+end]
	if !strings.HasSuffix(label, "PRIVATE KEY") && !strings.HasSuffix(label, "PRIVATE KEY BLOCK") {
		return Finding{}, false
	}
	for k := 0; k < len(label); k++ {
		if !isUpper(label[k]) && label[k] != ' ' && !isDigit(label[k]) {
			return Finding{}, false
		}
	}
	j += end + 5
	// The body: base64 lines, possibly JSON-escaped ("\n"), possibly with
	// RFC 1421 headers ("Proc-Type: …") and a blank line before it.
	body, k := 0, j
	limit := min(len(text), i+maxPEM)
	for k < limit {
		c := text[k]
		switch {
		case isB64(c) || c == '=':
			body++
			k++
		case c == '\n' || c == '\r' || c == ' ' || c == '\t':
			k++
		case c == '\\' && k+1 < limit && (text[k+1] == 'n' || text[k+1] == 'r'):
			k += 2 // a JSON-escaped line break
		case c == ':' || c == ',' || c == '-' && !strings.HasPrefix(text[k:], "-----"):
			// A header line of an encrypted PEM key.
			k++
		default:
			goto done
		}
	}
done:
	if body < 64 && elided(text[j:]) {
		// A header, an ellipsis or a placeholder and the END line: a
		// key left out, as documentation writes it.
		return Finding{}, false
	}
	if body < 64 {
		return Finding{Rule: "private_key_header", Start: i, End: j, Confidence: 0.3}, true
	}
	stop := k
	if strings.HasPrefix(text[k:], "-----END ") {
		if e := strings.Index(text[k+9:min(len(text), k+9+48)], "-----"); e >= 0 {
			stop = k + 9 + e + 5
		}
	}
	return Finding{Rule: "private_key", Start: i, End: stop, Confidence: 0.99}, true
}

// connectionSchemes are the URL schemes whose userinfo password is a
// credential to a data store, queue, mail or directory server.
var connectionSchemes = []string{
	"postgresql", "postgres", "mysql", "mariadb", "mongodb+srv", "mongodb",
	"rediss", "redis", "amqps", "amqp", "mssql", "sqlserver", "clickhouse",
	"cockroachdb", "couchbase", "neo4j", "nats", "smtps", "smtp", "imaps",
	"imap", "ldaps", "ldap", "sftp", "ftps", "ftp",
	// http and https last: a password in their userinfo is basic
	// authentication, a weaker rule (basic_auth_url).
	"https", "http",
}

// placeholders are passwords that documentation writes in place of a real
// one.
var placeholders = []string{
	"password", "passwd", "pass", "pwd", "secret", "changeme", "example",
	"mypassword", "yourpassword", "your_password", "your-password", "pa55word",
	"p@ssw0rd", "password123", "123456", "12345678", "admin", "root", "user",
	"test", "guest", "postgres", "mysql", "redis", "foo", "bar", "foobar",
}

var connectionScheme = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range connectionSchemes {
		m[s] = true
	}
	return m
}()

func isPlaceholder(p string) bool {
	lp := strings.ToLower(p)
	for _, x := range placeholders {
		if lp == x {
			return true
		}
	}
	if strings.Trim(lp, "x*.-_") == "" {
		return true
	}
	switch {
	case strings.HasPrefix(p, "$"), strings.HasPrefix(p, "<") && strings.HasSuffix(p, ">"),
		strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}"), strings.HasPrefix(p, "%"),
		strings.HasPrefix(p, "[") && strings.HasSuffix(p, "]"),
		strings.Contains(lp, "password"), strings.Contains(lp, "example"), strings.Contains(p, "${"),
		strings.Contains(p, "{{"):
		return true
	}
	return false
}

// connection finds scheme://user:password@host where text[i:] starts with
// "://".
func connection(text string, i int) (Finding, bool) {
	if !strings.HasPrefix(text[i:], "://") {
		return Finding{}, false
	}
	// The scheme: the letters (and "+") before "://", at most 12.
	start := i
	for start > 0 && i-start < 12 && (isAlpha(text[start-1]) || text[start-1] == '+') {
		start--
	}
	if start == i || !connectionScheme[strings.ToLower(text[start:i])] {
		return Finding{}, false
	}
	j := i + 3
	// Userinfo ends at '@' before any '/', '?', '#' or whitespace; a '#'
	// or '?' after the user's colon of a database or queue URL is the
	// password's (written unescaped, as configuration files do:
	// postgres://app:kL3#x9@db).
	web := strings.EqualFold(text[start:i], "http") || strings.EqualFold(text[start:i], "https")
	at, colon := -1, -1
	for k := j; k < len(text) && k < j+512; k++ {
		c := text[k]
		if c == '@' {
			at = k
		}
		// In a database or queue URL a '?' or '#' after the colon is the
		// password's; in a web URL it starts the query or fragment.
		inPassword := colon >= 0 && at < 0 && !web && (c == '#' || c == '?')
		if c == '/' || (c == '?' || c == '#') && !inPassword || c <= ' ' || c == '"' || c == '\'' || c == '`' || c == '<' || c == '>' {
			break
		}
		if c == ':' && colon < 0 && at < 0 {
			colon = k
		}
	}
	if at < 0 || colon < 0 || colon > at {
		return Finding{}, false
	}
	pw := text[colon+1 : at]
	if strings.ContainsAny(pw, "?#") && strings.ContainsAny(pw, "=&") {
		return Finding{}, false // a port, then a query holding an '@'
	}
	if pw == "" || isPlaceholder(pw) || strings.Contains(pw, "@") && isPlaceholder(pw[strings.LastIndexByte(pw, '@')+1:]) {
		return Finding{}, false
	}
	// The host follows the last '@' of the userinfo.
	end := at + 1
	for end < len(text) && !strings.ContainsRune("/?# \t\r\n\"'`<>", rune(text[end])) {
		end++
	}
	if end == at+1 {
		return Finding{}, false
	}
	rule, conf := "connection_string_password", 0.85
	if len(pw) < 6 {
		conf = 0.6
	}
	if s := strings.ToLower(text[start:i]); s == "http" || s == "https" {
		// Documentation writes user:pass@ URLs more often than anyone
		// leaks one: below the block threshold, and only for a password
		// that looks generated (8 or more characters, letters and digits,
		// 3 bits a character) — not abc:xyz, a:b, gopher:go, p@ssword,
		// opensesame, measured on GOROOT/src and /usr/share/doc.
		if !generatedPassword(pw) {
			return Finding{}, false
		}
		rule, conf = "basic_auth_url", 0.7
	}
	return Finding{Rule: rule, Start: start, End: end, Confidence: conf}, true
}

// generatedPassword reports a password that looks generated rather than
// written for an example: at least 8 characters, a letter and a digit,
// and more than 3 bits of Shannon entropy a character.
func generatedPassword(pw string) bool {
	return len(pw) >= 8 && strings.ContainsAny(pw, "0123456789") &&
		strings.ContainsAny(strings.ToLower(pw), "abcdefghijklmnopqrstuvwxyz") && shannon(pw) > 3
}

// elided reports a key block whose body (after the BEGIN line) is left
// out: nothing, "...", "…" or a placeholder in <>, [] or {} before the
// END line.
func elided(rest string) bool {
	rest = strings.TrimLeft(rest, " \t\r\n")
	if strings.HasPrefix(rest, "\\n") {
		rest = strings.TrimLeft(rest[2:], " \t")
	}
	end := strings.Index(rest[:min(len(rest), 160)], "-----END ")
	if end < 0 {
		return false
	}
	body := strings.Trim(rest[:end], " \t\r\n\\n")
	switch {
	case body == "", strings.Trim(body, ".…") == "":
		return true
	case body[0] == '<' && body[len(body)-1] == '>', body[0] == '[' && body[len(body)-1] == ']', body[0] == '{' && body[len(body)-1] == '}':
		return true
	}
	return false
}
