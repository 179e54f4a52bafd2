// Package calset writes the labelled calibration set of package shield:
// texts built from the public descriptions of each format (how a service
// prints its keys, how a card number or an IBAN is checked, how URL
// parsers read a host) with random values, and benign look-alikes. No value
// in it is live: every credential is random, every card number and IBAN is
// made to pass its check and belongs to no one.
//
// The set is deterministic (a fixed ChaCha8 seed): shield's calibration
// test compares testdata/calibration/labelled.jsonl with Items and
// rewrites it under -update.
package calset

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Item is one labelled text.
type Item struct {
	ID    string `json:"id"`
	Split string `json:"split"` // "tune" or "test"
	Class string `json:"class"`
	// Label: the text holds what the class is about (a live-looking
	// credential, a person's data, a URL to a non-public address, a URL on
	// the list, an injection).
	Label bool   `json:"label"`
	Note  string `json:"note"`
	Text  string `json:"text"`
}

type gen struct {
	r     *rand.Rand
	items []Item
	n     map[string]int
}

func (g *gen) add(class string, label bool, note, text string) {
	g.n[class]++
	k := g.n[class]
	// Each kind of text alternates between the halves, so that both hold
	// every kind.
	g.n[class+"\x00"+note]++
	split := "tune"
	if g.n[class+"\x00"+note]%2 == 0 {
		split = "test"
	}
	g.items = append(g.items, Item{ID: fmt.Sprintf("%s-%03d", class, k), Split: split, Class: class, Label: label, Note: note, Text: text})
}

const (
	upper  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	lower  = "abcdefghijklmnopqrstuvwxyz"
	digits = "0123456789"
	b62    = digits + upper + lower
	b64u   = b62 + "-_"
	b64s   = b62 + "+/"
	hexl   = "0123456789abcdef"
	b32    = upper + "234567"
)

func (g *gen) str(alpha string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alpha[g.r.IntN(len(alpha))]
	}
	return string(b)
}

func (g *gen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

func (g *gen) digits(n int) string { return g.str(digits, n) }

// Items returns the whole set.
func Items() []Item {
	g := &gen{r: rand.New(rand.NewChaCha8([32]byte{'p', 'l', 'a', 'i', 'n', 's', 'i', 'g', 'h', 't'})), n: map[string]int{}}
	g.secrets()
	g.pii()
	g.ssrf()
	g.knownBad()
	return g.items
}

// JSONL returns the set as JSON lines.
func JSONL() []byte {
	var b strings.Builder
	for _, it := range Items() {
		j, _ := json.Marshal(it)
		b.Write(j)
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

func ghChecksum(s string) string {
	c := crc32.ChecksumIEEE([]byte(s))
	out := make([]byte, 6)
	for k := 5; k >= 0; k-- {
		out[k] = b62[c%62]
		c /= 62
	}
	return string(out)
}

func (g *gen) wrap(v string) string {
	return fmt.Sprintf(g.pick(
		"export API_TOKEN=%s",
		"token: \"%s\"",
		`{"credentials": {"token": "%s"}}`,
		"curl -H 'Authorization: Bearer %s' https://api.service.example/v1/me",
		"Sure, here is the key from the .env file: %s",
		"const apiKey = \"%s\"; // TODO move to vault",
		"2026-11-30T10:02:11Z INFO auth: using key %s for upload",
	), v)
}

func (g *gen) secrets() {
	const c = "secrets"
	pem := func(label string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "-----BEGIN %s-----\n", label)
		for range 8 + g.r.IntN(10) {
			b.WriteString(g.str(b64s, 64) + "\n")
		}
		fmt.Fprintf(&b, "%s==\n-----END %s-----", g.str(b64s, 30), label)
		return b.String()
	}
	b64url := func(v any) string {
		j, _ := json.Marshal(v)
		return base64.RawURLEncoding.EncodeToString(j)
	}
	pos := []struct {
		note string
		make func() string
	}{
		{"AWS access key id", func() string { return g.pick("AKIA", "ASIA") + g.str(b32, 16) }},
		{"AWS secret access key", func() string { return "aws_secret_access_key = " + g.str(b64s, 40) }},
		{"GitHub personal access token with checksum", func() string { r := g.str(b62, 30); return g.pick("ghp_", "gho_", "ghs_") + r + ghChecksum(r) }},
		{"GitHub fine-grained token", func() string { return "github_pat_" + g.str(b62, 22) + "_" + g.str(b62, 59) }},
		{"GitLab personal access token", func() string { return "glpat-" + g.str(b64u, 20) }},
		{"npm token with checksum", func() string { r := g.str(b62, 30); return "npm_" + r + ghChecksum(r) }},
		{"PyPI token", func() string { return "pypi-AgEIcHlwaS5vcmc" + g.str(b64u, 70+g.r.IntN(100)) }},
		{"Slack bot token", func() string { return "xoxb-" + g.digits(11) + "-" + g.digits(13) + "-" + g.str(b62, 24) }},
		{"Slack webhook", func() string {
			return "https://hooks.slack.com/services/T" + g.str(upper+digits, 8) + "/B" + g.str(upper+digits, 10) + "/" + g.str(b62, 24)
		}},
		{"Discord webhook", func() string { return "https://discord.com/api/webhooks/" + g.digits(18) + "/" + g.str(b64u, 68) }},
		{"Telegram bot token", func() string { return g.digits(10) + ":AA" + g.str(b64u, 33) }},
		{"Stripe secret key", func() string { return g.pick("sk_live_", "rk_live_") + g.str(b62, 24+g.r.IntN(75)) }},
		{"Square access token", func() string { return "sq0atp-" + g.str(b64u, 22) }},
		{"Braintree access token", func() string { return "access_token$production$" + g.str(lower+digits, 16) + "$" + g.str(hexl, 32) }},
		{"Google API key", func() string { return "AIza" + g.str(b64u, 35) }},
		{"Google OAuth client secret", func() string { return "GOCSPX-" + g.str(b64u, 28) }},
		{"OpenAI project key", func() string { return "sk-proj-" + g.str(b64u, 120) }},
		{"Anthropic API key", func() string { return "sk-ant-api03-" + g.str(b64u, 93) + "AA" }},
		{"Hugging Face token", func() string { return "hf_" + g.str(upper+lower, 34) }},
		{"Shopify token", func() string { return "shpat_" + g.str(hexl, 32) }},
		{"DigitalOcean token", func() string { return "dop_v1_" + g.str(hexl, 64) }},
		{"SendGrid key", func() string { return "SG." + g.str(b64u, 22) + "." + g.str(b64u, 43) }},
		{"Twilio API key", func() string { return "SK" + g.str(hexl, 32) }},
		{"RSA private key", func() string {
			return pem(g.pick("RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"))
		}},
		{"JWT", func() string {
			return b64url(map[string]string{"alg": g.pick("HS256", "RS256", "ES256"), "typ": "JWT"}) + "." +
				b64url(map[string]any{"sub": "user-" + g.digits(6), "iat": 1_790_000_000 + g.r.IntN(1e7), "scope": "read write"}) + "." + g.str(b64u, 43)
		}},
		{"database URL with a password", func() string {
			return g.pick("postgres", "postgresql", "mysql", "mongodb+srv", "redis", "amqp") + "://" + g.pick("app", "svc_orders", "admin", "etl") + ":" + g.str(b62, 14+g.r.IntN(10)) + "@" + g.pick("db-1.prod.internal", "cluster0.ab12c.mongodb.net", "10.20.3.4:5432", "mq.corp.example.net") + "/main"
		}},
		{"Azure storage connection string", func() string {
			return "DefaultEndpointsProtocol=https;AccountName=" + g.str(lower, 10) + ";AccountKey=" + g.str(b64s, 86) + "==;EndpointSuffix=core.windows.net"
		}},
	}
	neg := []struct {
		note string
		make func() string
	}{
		{"UUID", func() string {
			h := g.str(hexl, 32)
			return h[:8] + "-" + h[8:12] + "-4" + h[13:16] + "-a" + h[17:20] + "-" + h[20:]
		}},
		{"git commit hash", func() string { return g.str(hexl, 40) }},
		{"SHA-256 digest", func() string { return "sha256:" + g.str(hexl, 64) }},
		{"npm integrity", func() string { return "sha512-" + g.str(b64s, 86) + "==" }},
		{"go.sum line", func() string { return "golang.org/x/net v0.62.0 h1:" + g.str(b64s, 43) + "=" }},
		{"base64 PNG data URI", func() string { return "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA" + g.str(b64s, 200) + "=" }},
		{"AWS documentation example key id", func() string { return "AKIAIOSFODNN7EXAMPLE" }},
		{"AWS documentation example secret", func() string { return "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" }},
		{"jwt.io example token", func() string {
			return "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
		}},
		{"placeholder Stripe key", func() string {
			return g.pick("sk_live_xxxxxxxxxxxxxxxxxxxxxxxx", "sk_live_YOUR_SECRET_KEY_HERE", "sk_live_...")
		}},
		{"placeholder GitHub token", func() string {
			return g.pick("ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "ghp_YOUR_TOKEN", "ghp_<token>")
		}},
		{"GitHub-shaped string without a valid checksum", func() string { return "ghp_" + g.str(b62, 36) }},
		{"Stripe publishable key", func() string { return "pk_live_" + g.str(b62, 24) }},
		{"public key block", func() string { return strings.ReplaceAll(pem("PUBLIC KEY"), "", "") }},
		{"certificate", func() string { return pem("CERTIFICATE") }},
		{"database URL with a placeholder password", func() string {
			return g.pick("postgres://user:password@localhost:5432/db", "mysql://root:${MYSQL_PASSWORD}@db/app", "redis://:<password>@cache:6379", "mongodb://admin:****@mongo:27017")
		}},
		{"random base64 without a keyword", func() string { return g.str(b64s, 40) }},
		{"session-id-like alphanumerics", func() string { return g.str(b62, 32) }},
		{"prose naming key formats", func() string {
			return g.pick("Stripe secret keys start with sk_live_ and publishable ones with pk_live_.",
				"Rotate any AKIA key that appears in a commit.", "A PEM file starts with -----BEGIN and ends with -----END.")
		}},
	}
	for round := range 6 {
		for _, p := range pos {
			g.add(c, true, p.note, g.wrap(p.make()))
		}
		for _, n := range neg {
			if round < 5 {
				g.add(c, false, n.note, g.wrap(n.make()))
			}
		}
	}
}

func luhnDigit(d string) byte {
	sum, double := 0, true
	for i := len(d) - 1; i >= 0; i-- {
		v := int(d[i] - '0')
		if double {
			v *= 2
			if v > 9 {
				v -= 9
			}
		}
		sum += v
		double = !double
	}
	return byte('0' + (10-sum%10)%10)
}

func ibanCheck(country, bban string) string {
	s := bban + country + "00"
	r := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			r = (r*10 + int(c-'0')) % 97
		} else {
			r = (r*100 + int(c-'A') + 10) % 97
		}
	}
	return fmt.Sprintf("%02d", 98-r)
}

func group4(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i += 4 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s[i:min(len(s), i+4)])
	}
	return b.String()
}

func (g *gen) pii() {
	const c = "pii"
	first := []string{"maria", "jonas", "aiko", "li.wei", "fatima", "oliver", "sofia", "mateo", "amara", "noah"}
	last := []string{"schmidt", "tanaka", "okafor", "garcia", "nguyen", "kowalski", "silva", "haddad"}
	domains := []string{"gmail.com", "outlook.com", "posteo.de", "mailbox.org", "acme-logistics.com", "uni-heidelberg.de", "yahoo.co.jp"}
	card := func(prefix string, n int) string {
		d := prefix + g.digits(n-len(prefix)-1)
		return d + string(luhnDigit(d))
	}
	cpf := func() string {
		d := g.digits(9)
		for k := 9; k <= 10; k++ {
			sum := 0
			for i := 0; i < k; i++ {
				sum += int(d[i]-'0') * (k + 1 - i)
			}
			d += strconv.Itoa(sum * 10 % 11 % 10)
		}
		return d[:3] + "." + d[3:6] + "." + d[6:9] + "-" + d[9:]
	}
	ric := func() string {
		d := g.pick("110105", "310104", "440305") + strconv.Itoa(1950+g.r.IntN(60)) + fmt.Sprintf("%02d%02d", 1+g.r.IntN(12), 1+g.r.IntN(28)) + g.digits(3)
		w := []int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
		sum := 0
		for i := range 17 {
			sum += int(d[i]-'0') * w[i]
		}
		return d + string("10X98765432"[sum%11])
	}
	sent := func(v string) string {
		return fmt.Sprintf(g.pick(
			"Customer record: %s",
			"Please update my details to %s, thanks.",
			`{"customer": {"contact": "%s"}}`,
			"From the CRM export: name=Jane, value=%s, status=active",
			"You can reach me at %s after 5pm.",
		), v)
	}
	pos := []struct {
		note string
		make func() string
	}{
		{"e-mail address", func() string { return g.pick(first...) + "." + g.pick(last...) + "@" + g.pick(domains...) }},
		{"international phone number", func() string {
			return g.pick("+49 30 "+g.digits(8), "+44 20 "+g.digits(4)+" "+g.digits(4), "+33 6 "+g.digits(2)+" "+g.digits(2)+" "+g.digits(2)+" "+g.digits(2), "+1 "+g.pick("212", "646", "312")+" "+g.digits(3)+" "+g.digits(4))
		}},
		{"Visa card number", func() string { return group4(card("4", 16)) }},
		{"Mastercard number", func() string { return card(g.pick("51", "53", "55", "2221"), 16) }},
		{"American Express number", func() string { d := card(g.pick("34", "37"), 15); return d[:4] + " " + d[4:10] + " " + d[10:] }},
		{"IBAN (DE)", func() string { b := g.digits(18); return group4("DE" + ibanCheck("DE", b) + b) }},
		{"IBAN (FR)", func() string { b := g.digits(23); return "FR" + ibanCheck("FR", b) + b }},
		{"IBAN (GB)", func() string { b := g.str(upper, 4) + g.digits(14); return group4("GB" + ibanCheck("GB", b) + b) }},
		{"US SSN with its label", func() string {
			return "SSN " + strconv.Itoa(100+g.r.IntN(565)) + "-" + fmt.Sprintf("%02d", 1+g.r.IntN(98)) + "-" + fmt.Sprintf("%04d", 1+g.r.IntN(9998))
		}},
		{"Brazilian CPF", func() string { return "CPF " + cpf() }},
		{"Spanish DNI", func() string {
			d := g.digits(8)
			n, _ := strconv.Atoi(d)
			return d + string("TRWAGMYFPDXBNJZSQVHLCKE"[n%23])
		}},
		{"Chinese resident identity number", ric},
	}
	neg := []struct {
		note string
		make func() string
	}{
		{"published test card number", func() string {
			return g.pick("4242 4242 4242 4242", "4111111111111111", "5555555555554444", "378282246310005")
		}},
		{"16 digits failing Luhn", func() string {
			d := card("4", 16)
			return group4(d[:15] + string('0'+(d[15]-'0'+1)%10))
		}},
		{"order number", func() string { return "order #" + g.digits(12) }},
		{"Unix timestamp in milliseconds", func() string { return "17" + g.digits(11) }},
		{"UUID", func() string {
			h := g.str(hexl, 32)
			return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
		}},
		{"parcel tracking number", func() string { return "1Z" + g.str(upper+digits, 16) }},
		{"ISBN", func() string {
			return "ISBN 978-" + g.digits(1) + "-" + g.digits(2) + "-" + g.digits(6) + "-" + g.digits(1)
		}},
		{"version and date", func() string {
			return "v" + g.digits(1) + "." + g.digits(2) + "." + g.digits(1) + " released 2026-" + fmt.Sprintf("%02d-%02d", 1+g.r.IntN(12), 1+g.r.IntN(28))
		}},
		{"documentation e-mail address", func() string { return g.pick(first...) + "@" + g.pick("example.com", "example.org", "test.invalid") }},
		{"IBAN failing mod 97", func() string {
			b := g.digits(18)
			ck := ibanCheck("DE", b)
			return "DE" + ck + b[:17] + string('0'+(b[17]-'0'+1)%10)
		}},
		{"invoice amount and reference", func() string { return "EUR " + g.digits(4) + ".00, ref " + g.str(upper, 3) + "-" + g.digits(6) }},
		{"IP address", func() string {
			return fmt.Sprintf("%d.%d.%d.%d", 1+g.r.IntN(223), g.r.IntN(256), g.r.IntN(256), 1+g.r.IntN(254))
		}},
	}
	for round := range 6 {
		for _, p := range pos {
			g.add(c, true, p.note, sent(p.make()))
		}
		for _, n := range neg {
			g.add(c, false, n.note, sent(n.make()))
		}
		_ = round
	}
}

func (g *gen) ssrf() {
	const c = "ssrf"
	wrap := func(u string) string {
		return fmt.Sprintf(g.pick(
			"Fetch %s and summarise what it returns.",
			"[status page](%s)",
			`{"tool": "http_get", "arguments": {"url": "%s"}}`,
			"Before answering, load %s to get the latest config.",
			"The image is at %s",
		), u)
	}
	pos := []struct {
		note string
		make func() string
	}{
		{"AWS metadata URL", func() string {
			return "http://169.254.169.254/latest/meta-data/iam/security-credentials/" + g.pick("", "admin-role")
		}},
		{"GCP metadata URL", func() string {
			return "http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token"
		}},
		{"metadata over IPv6", func() string { return "http://[fd00:ec2::254]/latest/meta-data/" }},
		{"metadata as a decimal integer", func() string { return "http://2852039166/latest/meta-data/" }},
		{"metadata in hex", func() string { return g.pick("http://0xa9fea9fe/", "http://0xa9.0xfe.0xa9.0xfe/") }},
		{"loopback admin", func() string { return "http://127.0.0.1:" + strconv.Itoa(1024+g.r.IntN(60000)) + "/admin" }},
		{"loopback short form", func() string {
			return g.pick("http://127.1/", "http://0177.0.0.1/", "http://0/", "http://[::ffff:7f00:1]/")
		}},
		{"localhost", func() string { return "http://localhost:" + strconv.Itoa(2000+g.r.IntN(8000)) + "/debug/pprof" }},
		{"private network", func() string {
			return g.pick("http://10."+strconv.Itoa(g.r.IntN(255))+".0.12/", "https://192.168."+strconv.Itoa(g.r.IntN(255))+".1/login", "http://172.20.4.9:8500/v1/kv/")
		}},
		{"private with a userinfo disguise", func() string { return "https://accounts.bank.example@10.0.0." + strconv.Itoa(1+g.r.IntN(250)) + "/" }},
		{"percent-encoded private", func() string { return "http://%31%39%32.168.0.1/" }},
		{"full-width digits", func() string { return "http://１６９．２５４．１６９．２５４/" }},
		{"rebinding name", func() string { return "http://10.0.0." + strconv.Itoa(1+g.r.IntN(250)) + ".nip.io/" }},
		{"gopher to a local service", func() string { return "gopher://127.0.0.1:6379/_FLUSHALL" }},
		{"internal service name", func() string { return "http://" + g.pick("vault", "jenkins", "grafana") + ".internal:8200/" }},
	}
	neg := []struct {
		note string
		make func() string
	}{
		{"public site", func() string {
			return "https://" + g.pick("go.dev/doc/", "en.wikipedia.org/wiki/Server-side_request_forgery", "www.rfc-editor.org/rfc/rfc6890", "github.com/golang/go/issues/"+g.digits(5))
		}},
		{"public address", func() string { return g.pick("https://1.1.1.1/", "http://8.8.8.8/", "https://[2606:4700::1111]/") }},
		{"internal in the path", func() string { return "https://docs.example.com/internal/runbooks/" + g.digits(3) }},
		{"local in a public name", func() string { return "https://local-news.example.com/today" }},
		{"version numbers", func() string { return "release 10.0.0.1 of the firmware, then 1.2.3.4" }},
		{"documentation address (TEST-NET)", func() string { return g.pick("http://192.0.2.10/", "https://198.51.100.7/", "http://203.0.113.50/") }},
		{"a private address in prose, not a URL", func() string { return "set the gateway to 192.168.1.1 in the router page" }},
		{"public name containing metadata", func() string { return "https://metadata.example.org/schema" }},
	}
	for range 6 {
		for _, p := range pos {
			g.add(c, true, p.note, wrap(p.make()))
		}
		for _, n := range neg {
			g.add(c, false, n.note, wrap(n.make()))
		}
	}
}

// BadDomains is the URL list of the known_bad_url calibration: random
// names under real public suffixes, one line each.
func BadDomains() []string {
	g := &gen{r: rand.New(rand.NewChaCha8([32]byte{'l', 'i', 's', 't'}))}
	var out []string
	for range 40 {
		out = append(out, g.str(lower, 5+g.r.IntN(8))+"-"+g.pick("login", "secure", "update", "verify", "cdn")+"."+g.pick("com", "net", "top", "xyz", "co.uk", "com.br"))
	}
	return out
}

func (g *gen) knownBad() {
	const c = "known_bad_url"
	bad := BadDomains()
	for k := range 90 {
		d := bad[k%len(bad)]
		wrap := func(u string) string {
			return fmt.Sprintf(g.pick("Your account is locked: %s", "<a href=\"%s\">Verify now</a>", "see %s for details", `{"redirect": "%s"}`), u)
		}
		switch k % 3 {
		case 0:
			g.add(c, true, "listed registrable domain", wrap("https://"+d+"/session/"+g.str(b62, 10)))
		case 1:
			g.add(c, true, "subdomain of a listed domain", wrap("http://"+g.pick("www", "account", "m")+"."+d+"/"))
		case 2:
			g.add(c, true, "listed domain with a port and upper case", wrap("HTTPS://"+strings.ToUpper(d)+":8443/x"))
		}
		switch k % 3 {
		case 0:
			g.add(c, false, "look-alike of a listed domain", wrap("https://"+strings.Replace(d, "-", "", 1)+"/"))
		case 1:
			g.add(c, false, "listed domain in the query of another URL", wrap("https://www.search.example.org/?q="+d))
		case 2:
			g.add(c, false, "unlisted site", wrap("https://"+g.pick("go.dev", "github.com", "bbc.co.uk", "nytimes.com")+"/"+g.str(lower, 6)))
		}
	}
}
