package pii

import "strings"

func isLocalChar(b byte) bool {
	return isAlnum(b) || strings.IndexByte("._%+-", b) >= 0
}

func isDomainChar(b byte) bool { return isAlnum(b) || b == '-' || b == '.' }

// documentationDomains are reserved for examples (RFC 2606, RFC 6761): an
// address at one of them is nobody's.
var documentationDomains = []string{"example.com", "example.org", "example.net", "example", "test", "invalid", "localhost", "local"}

// roleWords are the local parts of addresses that belong to a function of
// an organisation, not to a person (RFC 2142's mailbox names and the
// common ones after them): hello@, support@, noreply@.
var roleWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`hello hi hey info information support help helpdesk servicedesk
		sales contact contacts contactus admin administrator administration root sysadmin
		noreply no-reply donotreply do-not-reply reply replies bounce bounces mailer-daemon daemon
		team press media pr billing accounts accounting finance invoice invoices payments payment
		security secure privacy legal compliance abuse postmaster hostmaster webmaster usenet news
		careers career jobs job hr recruiting recruitment talent hiring feedback marketing office
		enquiries enquiry inquiries inquiry service services customerservice customercare care
		customer customers client clients orders order shop store booking bookings reservations
		reservation events event partners partner partnerships mail email newsletter notifications
		notification notify alerts alert ops devops it tech dev developers developer engineering
		dpo gdpr reception general staff board investors investor ir community social editor
		editorial tips studio design hola bonjour kontakt git list lists announce users user
		members membership subscribe unsubscribe register registration welcome team all everyone
		bugs bug issues report reports webmail www ftp uucp nobody test tester demo sample
		uk us eu de fr global intl international europe emea apac na`) {
		roleWords[w] = true
	}
}

// isRoleLocal reports whether a local part names a function (hello,
// support-team, sales.uk), not a person: every part between dots, dashes
// and underscores, the "+" tag left out, is a role word or a number.
func isRoleLocal(local string) bool {
	var buf [64]byte
	b := buf[:0]
	for i := 0; i < len(local) && local[i] != '+' && len(b) < len(buf); i++ {
		b = append(b, lowerByte(local[i]))
	}
	if roleWords[string(b)] {
		return true
	}
	for len(b) > 0 {
		k := 0
		for k < len(b) && b[k] != '.' && b[k] != '-' && b[k] != '_' {
			k++
		}
		part := b[:k]
		if len(part) > 0 && !roleWords[string(part)] && !allDigits(part) {
			return false
		}
		if k == len(b) {
			break
		}
		b = b[k+1:]
	}
	return true
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) {
			return false
		}
	}
	return true
}

// isServiceDomain reports whether an address at domain belongs to a
// service, not a person: documentation domains, mailing-list hosts and
// the no-reply domains of platforms.
func isServiceDomain(d string) bool {
	for _, x := range documentationDomains {
		if len(d) == len(x) && hasPrefixFold(d, x) || len(d) > len(x) && d[len(d)-len(x)-1] == '.' && hasPrefixFold(d[len(d)-len(x):], x) {
			return true
		}
	}
	for i := 0; i+7 <= len(d); i++ {
		if hasPrefixFold(d[i:], "noreply") || i+8 <= len(d) && hasPrefixFold(d[i:], "no-reply") {
			return true
		}
	}
	return hasPrefixFold(d, "lists.") || hasPrefixFold(d, "list.") ||
		hasPrefixFold(d, "googlegroups.com") && len(d) == len("googlegroups.com") ||
		len(d) > 17 && hasPrefixFold(d[len(d)-17:], ".googlegroups.com")
}

// fileExtensions are the "top-level domains" of file names written with an
// @ (icon@2x.png, module@1.2.tgz): no mailbox is at them.
var fileExtensions = map[string]bool{"png": true, "jpg": true, "jpeg": true, "gif": true, "svg": true,
	"webp": true, "ico": true, "js": true, "mjs": true, "ts": true, "css": true, "json": true,
	"html": true, "htm": true, "txt": true, "tgz": true, "zip": true, "gz": true, "pdf": true,
	"yaml": true, "yml": true, "toml": true, "lock": true, "map": true, "wasm": true, "po": true, "mo": true}

// emails finds addresses of persons of the common form local@domain.tld
// (the dot-atom of RFC 5322 §3.4.1, without quoted local parts). Not an
// address of a person: a role or business local part (isRoleLocal), a
// service or documentation domain (isServiceDomain), a file name, and
// the userinfo of a URL or connection string (scheme://user@host,
// user:password@host): that is a login or a secret, never an e-mail
// address — the secrets class owns the password.
func (f *finder) emails() {
	text := f.text
	from := 0
	for from < len(text) {
		k := strings.IndexByte(text[from:], '@')
		if k < 0 {
			return
		}
		at := from + k
		from = at + 1
		s := at
		for s > 0 && at-s < 64 && isLocalChar(text[s-1]) {
			s--
		}
		for s < at && text[s] == '.' {
			s++
		}
		if s == at || s > 0 && at-s == 64 && isLocalChar(text[s-1]) {
			continue
		}
		e := at + 1
		for e < len(text) && e-at < 254 && isDomainChar(text[e]) {
			e++
		}
		for e > at+1 && (text[e-1] == '.' || text[e-1] == '-') {
			e--
		}
		domain := text[at+1 : e]
		dot := strings.LastIndexByte(domain, '.')
		if dot <= 0 || len(domain)-dot-1 < 2 || strings.Contains(domain, "..") || !isLetter(domain[0]) && !isDigit(domain[0]) {
			continue
		}
		tld := domain[dot+1:]
		letters, upper, lower := true, false, false
		for i := 0; i < len(tld); i++ {
			letters = letters && isLetter(tld[i])
			upper = upper || isUpper(tld[i])
			lower = lower || isLower(tld[i])
		}
		// A mixed-case "top-level domain" is an identifier: m.Path@m.Version.
		letters = letters && !(upper && lower)
		tld = strings.ToLower(tld)
		if !letters || fileExtensions[tld] || urlUserinfo(text, s) {
			continue
		}
		if first := domain[:strings.IndexByte(domain, '.')]; len(first) == 2 && isDigit(first[0]) && (first[1] == 'x' || first[1] == 'X') {
			continue // icon@2x.…
		}
		from = e
		if isServiceDomain(domain) || isRoleLocal(text[s:at]) || messageID(text[s:at]) {
			continue
		}
		f.add("email_address", s, e)
	}
}

// urlUserinfo reports whether the local part starting at s is the
// userinfo of a URL, a connection string or a remote login: after a
// "://" with no path before it, or after a colon (the password of
// postgres://app:secret@db or user:pa!ss@tcp(db), whatever characters the
// password holds), or the login of ssh, scp, sftp and rsync. A label
// before the colon (mailto:, email:, to:) makes it an address. The word
// is read back at most 256 bytes.
func urlUserinfo(text string, s int) bool {
	if s > 0 && text[s-1] == '/' {
		return true // a path segment: po/ca@valencia.po, /git/<message-id>
	}
	w := s
	for w > 0 && s-w < 256 && !wordEnd(text[w-1]) {
		w--
	}
	word := text[w:s]
	if k := strings.LastIndex(word, "://"); k >= 0 {
		rest := word[k+3:]
		if strings.IndexByte(rest, '/') < 0 {
			return true // scheme://user:password@host (a password may hold ? and #)
		}
		// In the URL's path or query (?to=jane@…): read what follows
		// its last delimiter.
		word = rest[strings.LastIndexAny(rest, "/?#&=")+1:]
	}
	if k := strings.LastIndexByte(word, ':'); k >= 0 {
		l := k
		for l > 0 && (isLetter(word[l-1]) || word[l-1] == '-') {
			l--
		}
		return !addressLabels[strings.ToLower(word[l:k])]
	}
	lo := max(0, s-16)
	for _, cmd := range []string{"ssh ", "scp ", "sftp ", "rsync "} {
		if strings.Contains(text[lo:s], cmd) {
			return true
		}
	}
	return false
}

// wordEnd reports whether b ends a word around an address: white space,
// quotes, brackets, commas and semicolons.
func wordEnd(b byte) bool {
	return b <= ' ' || strings.IndexByte("\"'<>()[]{},;`", b) >= 0
}

// addressLabels are the words that, before a colon, label an e-mail
// address rather than a login.
var addressLabels = map[string]bool{"mailto": true, "email": true, "e-mail": true, "mail": true, "to": true,
	"from": true, "cc": true, "bcc": true, "contact": true, "reply-to": true, "sender": true, "address": true}

// messageID reports whether a local part is that of a Message-ID (RFC
// 5322 §3.6.4) rather than a mailbox: it begins with a time stamp of
// eight digits or more (20150811100527.GW14466@host).
func messageID(local string) bool {
	n := 0
	for n < len(local) && isDigit(local[n]) {
		n++
	}
	return n >= 8 && n < len(local) && (local[n] == '.' || local[n] == '-' || local[n] == '+')
}
