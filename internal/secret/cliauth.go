package secret

import (
	"encoding/base64"
	"regexp"
	"strings"
)

// Credentials written where password_assignment's label pass does not
// read them (issue 27, item 2: passwords by context, the value's shape as
// the brake): a command's password flag (mysql -p'…', redis-cli -a …,
// sshpass -p …, mosquitto_pub -P …), Go's MySQL DSN (user:pass@tcp(…)),
// PHP's PDO constructor, PowerShell's ConvertTo-SecureString, a netrc
// entry, an htpasswd line, and the structure of a Discord bot token. Each
// value goes through passwordValue (8 to 100 characters, not a
// placeholder, a variable or a name, two classes of character, more than
// 2.5 bits a character) unless its format carries its own evidence.

// cmdFlags are commands whose short flag takes a password (not a port:
// psql's and ssh's -p are left out).
var cmdFlags = []struct{ cmd, flag string }{
	{"mysql", "-p"}, {"mysqldump", "-p"}, {"mysqladmin", "-p"}, {"mysqlimport", "-p"}, {"mariadb", "-p"},
	{"mariadb-dump", "-p"}, {"sshpass", "-p"}, {"mongo", "-p"}, {"mongosh", "-p"}, {"mongodump", "-p"},
	{"mongorestore", "-p"}, {"mongoexport", "-p"}, {"mongoimport", "-p"}, {"docker login", "-p"},
	{"podman login", "-p"}, {"redis-cli", "-a"}, {"mosquitto_pub", "-P"}, {"mosquitto_sub", "-P"},
	{"sqlcmd", "-P"}, {"bcp", "-P"}, {"ldapsearch", "-w"}, {"ldapadd", "-w"}, {"ldapmodify", "-w"},
	{"ldapdelete", "-w"}, {"ldapwhoami", "-w"},
}

// maxCmdLines bounds the command lines read in one call, and
// maxFlagChecks the flags whose line is searched for a command (each
// search reads at most 400 bytes per command of cmdFlags); maxCalls the
// occurrences of a call, netrc entry or DSN that quotedArg, netrc and
// goDSN read.
const (
	maxCmdLines   = 64
	maxFlagChecks = 256
	maxCalls      = 64
)

func extraPasswords(text string, fn func(Finding)) {
	cmdPasswords(text, fn)
	htpasswdBatch(text, fn)
	goDSN(text, fn)
	quotedArg(text, "PDO(", 2, fn)
	quotedArg(text, "SecureString", 0, fn)
	netrc(text, fn)
	htpasswd(text, fn)
	discordBot(text, fn)
	twilioPair(text, fn)
	pgpass(text, fn)
}

// pgpassLine is a line of PostgreSQL's password file:
// host:port:database:user:password.
var pgpassLine = regexp.MustCompile(`(?m)^[A-Za-z0-9_.*-]{1,253}:(?:[0-9]{2,5}|\*):[A-Za-z0-9_*.-]{1,63}:[A-Za-z0-9_*.@-]{1,63}:([^\s:]{8,100})$`)

// pgpass reads the password field of a .pgpass line; the regexp runs only
// on text holding a port or "*" between colons.
func pgpass(text string, fn func(Finding)) {
	if !strings.Contains(text, ":5432:") && !strings.Contains(text, ":*:") && !strings.Contains(text, ".pgpass") {
		return
	}
	for _, m := range pgpassLine.FindAllStringSubmatchIndex(text, 64) {
		if s, e, ok := passwordValue(text, m[2]); ok && e == m[3] {
			fn(Finding{Rule: "password_assignment", Start: s, End: e, Confidence: 0.7})
		}
	}
}

// cmdPasswords reads the password flag of each command of cmdFlags: it
// looks for the flags (" -p", " -a", " -P", " -w": rare in prose and
// code) and then for a command of the flag on the flag's line before it.
func cmdPasswords(text string, fn func(Finding)) {
	lines, checks := 0, 0
	lastLine, lastHas := -1, false
	for from := 0; from < len(text) && lines < maxCmdLines && checks < maxFlagChecks; {
		k := strings.IndexByte(text[from:], '-')
		if k < 0 {
			break
		}
		k += from // at the flag
		from = k + 1
		if k == 0 || text[k-1] != ' ' || k+1 >= len(text) || !strings.ContainsRune("paPw", rune(text[k+1])) {
			continue
		}
		flag := text[k : k+2]
		from = k + 2
		v := from
		if v < len(text) && isB64url(text[v]) && flag != "-p" {
			continue // -Pfoo is another flag of these commands
		}
		ls := strings.LastIndexByte(text[max(0, k-400):k], '\n') + 1 + max(0, k-400)
		if ls != lastLine {
			checks++
			lastLine, lastHas = ls, lineHasCommand(text[ls:k], flag)
		}
		if !lastHas {
			continue
		}
		lines++
		for v < len(text) && text[v] == ' ' {
			v++
		}
		if v >= len(text) || text[v] == '-' || text[v] == '\n' {
			continue
		}
		if s, e, ok := passwordValue(text, v); ok {
			fn(Finding{Rule: "password_assignment", Start: s, End: e, Confidence: 0.7})
			from = e
		}
	}
}

// lineHasCommand reports whether line holds, as a word, a command of
// cmdFlags whose password flag is flag.
func lineHasCommand(line, flag string) bool {
	for _, c := range cmdFlags {
		if c.flag != flag {
			continue
		}
		for from := 0; from < len(line); {
			k := strings.Index(line[from:], c.cmd)
			if k < 0 {
				break
			}
			k += from
			from = k + len(c.cmd)
			if (k == 0 || !isB64url(line[k-1]) && line[k-1] != '.') && (from == len(line) || !isB64url(line[from]) && line[from] != '.') {
				return true
			}
		}
	}
	return false
}

// goDSN reads user:password@tcp(host) and user:password@unix(path), the
// data source names of Go's MySQL driver.
func goDSN(text string, fn func(Finding)) {
	for _, proto := range []string{"@tcp(", "@unix("} {
		for from, n := 0, 0; from < len(text) && n < maxCalls; n++ {
			k := strings.Index(text[from:], proto)
			if k < 0 {
				break
			}
			k += from
			from = k + len(proto)
			s := k
			for s > 0 && k-s < 200 && !strings.ContainsRune(" \t\r\n\"'`=/", rune(text[s-1])) {
				s--
			}
			colon := strings.IndexByte(text[s:k], ':')
			if colon <= 0 {
				continue
			}
			pw := text[s+colon+1 : k]
			if pw == "" || isPlaceholder(pw) {
				continue
			}
			conf := 0.85
			if len(pw) < 6 {
				conf = 0.6
			}
			fn(Finding{Rule: "connection_string_password", Start: s, End: from - 1, Confidence: conf})
		}
	}
}

// quotedArg reads the quoted argument number arg (from 0) after call.
func quotedArg(text, call string, arg int, fn func(Finding)) {
	for from, n := 0, 0; from < len(text) && n < maxCalls; n++ {
		k := strings.Index(text[from:], call)
		if k < 0 {
			return
		}
		from = k + from + len(call)
		j := from
		for n := 0; n <= arg; n++ {
			for j < len(text) && j-from < 300 && text[j] != '\'' && text[j] != '"' && text[j] != '\n' && text[j] != ')' {
				j++
			}
			if j >= len(text) || text[j] != '\'' && text[j] != '"' {
				j = -1
				break
			}
			if n == arg {
				break
			}
			q := strings.IndexByte(text[j+1:min(len(text), j+300)], text[j])
			if q < 0 {
				j = -1
				break
			}
			j += q + 2
		}
		if j < 0 {
			continue
		}
		if s, e, ok := passwordValue(text, j); ok {
			fn(Finding{Rule: "password_assignment", Start: s, End: e, Confidence: 0.7})
		}
	}
}

// netrc reads "password X" of a netrc entry: after "machine" and "login"
// within the 200 bytes before it.
func netrc(text string, fn func(Finding)) {
	for from, n := 0, 0; from < len(text) && n < maxCalls; n++ {
		k := strings.Index(text[from:], "achine ")
		if k < 1 || text[from+k-1] != 'm' {
			if k < 0 {
				return
			}
			from += k + 1
			continue
		}
		k += from - 1
		from = k + 8
		w := text[k:min(len(text), k+200)]
		l := strings.Index(w, "login ")
		p := strings.Index(w, "password ")
		if l < 0 || p < l {
			continue
		}
		v := k + p + len("password ")
		for v < len(text) && text[v] == ' ' {
			v++
		}
		if s, e, ok := passwordValue(text, v); ok {
			fn(Finding{Rule: "password_assignment", Start: s, End: e, Confidence: 0.7})
			from = e
		}
	}
}

// htpasswd reads an htpasswd entry, user:hash, where the hash is Apache's
// MD5 ($apr1$, 8 salt characters, 22 of hash), bcrypt ($2y$, $2a$, $2b$,
// a cost, 53 characters) or {SHA} (28 characters of base64): a password
// hash a web server accepts, which an offline attack recovers when the
// password is weak. htpasswd_entry, 0.7.
func htpasswd(text string, fn func(Finding)) {
	for _, mark := range []string{":$apr1$", ":$2y$", ":$2a$", ":$2b$", ":{SHA}"} {
		for from := 0; from < len(text); {
			k := strings.Index(text[from:], mark)
			if k < 0 {
				break
			}
			k += from
			from = k + len(mark)
			// The user: a name at a line's start or after "=", ",", a
			// quote or white space.
			s := k
			for s > 0 && k-s < 64 && (isB64url(text[s-1]) || text[s-1] == '.' || text[s-1] == '@') {
				s--
			}
			if s == k || s > 0 && !strings.ContainsRune("\n =,\"'`\t", rune(text[s-1])) {
				continue
			}
			h := k + 1
			var n int
			switch mark {
			case ":$apr1$":
				salt := span(text, from, isCrypt, 9)
				if salt != 8 || from+salt >= len(text) || text[from+salt] != '$' {
					continue
				}
				n = len("$apr1$") + 9 + 22
				if span(text, from+9, isCrypt, 23) != 22 {
					continue
				}
			case ":{SHA}":
				n = len("{SHA}") + 28
				if span(text, from, func(b byte) bool { return isB64(b) || b == '=' }, 29) != 28 {
					continue
				}
			default:
				if from+3 > len(text) || !isDigit(text[from]) || !isDigit(text[from+1]) || text[from+2] != '$' {
					continue
				}
				n = len(mark) - 1 + 3 + 53
				if span(text, from+3, isCrypt, 54) != 53 {
					continue
				}
			}
			fn(Finding{Rule: "htpasswd_entry", Start: s, End: h + n, Confidence: 0.7})
			from = h + n
		}
	}
}

func isCrypt(b byte) bool { return isBase62(b) || b == '.' || b == '/' }

// discordBot finds a Discord bot token by its structure: the base64 of
// the bot's numeric id (17 to 20 digits), a dot, six characters of
// timestamp, a dot and 27 to 38 characters of HMAC. discord_bot_token,
// 0.9: the decoded id is the evidence no label has to give.
func discordBot(text string, fn func(Finding)) {
	for from := 0; from < len(text); {
		k := strings.IndexByte(text[from:], '.')
		if k < 0 {
			return
		}
		k += from
		from = k + 1
		if k+8 >= len(text) || text[k+7] != '.' || span(text, k+1, isB64url, 7) != 6 {
			continue
		}
		n := span(text, k+8, isB64url, 40)
		if n < 27 || n > 38 {
			continue
		}
		s := k
		for s > 0 && k-s <= 28 && isB64url(text[s-1]) {
			s--
		}
		if k-s < 23 || k-s > 28 || !wordStart(text, s) || text[s] < 'M' || text[s] > 'O' {
			continue
		}
		id, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(text[s:k], "="))
		if err != nil || len(id) < 17 || len(id) > 20 || !allDigitsBytes(id) {
			continue
		}
		fn(Finding{Rule: "discord_bot_token", Start: s, End: k + 8 + n, Confidence: 0.9})
		from = k + 8 + n
	}
}

func allDigitsBytes(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) {
			return false
		}
	}
	return len(b) > 0
}

// twilioPair finds a Twilio auth token given beside its account SID
// without a label: AC and 32 hex digits, then, within 80 bytes, a quoted
// 32 hex digits (Client("AC…", "…")). twilio_auth_token, 0.85.
func twilioPair(text string, fn func(Finding)) {
	for from := 0; from < len(text); {
		k := strings.Index(text[from:], "AC")
		if k < 0 {
			return
		}
		k += from
		from = k + 2
		if !wordStart(text, k) || span(text, k+2, isLowerHex, 33) != 32 {
			continue
		}
		from = k + 34
		w := text[from:min(len(text), from+80)]
		for j := 0; j < len(w); j++ {
			if w[j] != '"' && w[j] != '\'' {
				continue
			}
			if j+33 < len(w) && span(w, j+1, isLowerHex, 33) == 32 && w[j+33] == w[j] {
				s := from + j + 1
				fn(Finding{Rule: "twilio_auth_token", Start: s, End: s + 32, Confidence: 0.85})
				from = s + 32
				break
			}
		}
	}
}

// htpasswdBatch reads the password of htpasswd's batch mode, given on
// its command line: htpasswd -b[c…] file user password.
func htpasswdBatch(text string, fn func(Finding)) {
	for from, n := 0, 0; from < len(text) && n < maxCalls; n++ {
		k := strings.Index(text[from:], "passwd -")
		if k < 2 || text[from+k-2:from+k] != "ht" {
			if k < 0 {
				return
			}
			from += k + 1
			continue
		}
		k += from - 2
		from = k + len("htpasswd ")
		end := from + strings.IndexByte(text[from:min(len(text), from+300)]+"\n", '\n')
		end = min(end, len(text))
		args := strings.Fields(text[from:end])
		batch, rest := false, 0
		for _, a := range args {
			if strings.HasPrefix(a, "-") {
				batch = batch || strings.ContainsRune(a[1:], 'b')
				continue
			}
			rest++
			if rest == 3 && batch {
				at := from + strings.Index(text[from:end], " "+a) + 1
				if s, e, ok := passwordValue(text, at); ok {
					fn(Finding{Rule: "password_assignment", Start: s, End: e, Confidence: 0.7})
				}
				break
			}
		}
	}
}
