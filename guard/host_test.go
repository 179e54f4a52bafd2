package guard

import (
	"errors"
	"net/netip"
	"testing"
)

// Spellings a resolver or URL parser reads as an address (inet_aton, the
// WHATWG URL host parser).
func TestParseHostSpellings(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"127.0.0.1", "127.0.0.1"},
		{"127.1", "127.0.0.1"},
		{"127.0.1", "127.0.0.1"},
		{"2130706433", "127.0.0.1"},
		{"0x7f000001", "127.0.0.1"},
		{"0X7F000001", "127.0.0.1"},
		{"0177.0.0.1", "127.0.0.1"},
		{"0177.1", "127.0.0.1"},
		{"0x7f.1", "127.0.0.1"},
		{"0x7f.0.0.0x1", "127.0.0.1"},
		{"017700000001", "127.0.0.1"},
		{"127.0.0.1.", "127.0.0.1"},
		{"2130706433.", "127.0.0.1"},
		{"0x", "0.0.0.0"},
		{"0", "0.0.0.0"},
		{"10.1", "10.0.0.1"},
		{"167772161", "10.0.0.1"},
		{"0xa9.0xfe.0xa9.0xfe", "169.254.169.254"},
		{"0251.0376.0251.0376", "169.254.169.254"},
		{"2852039166", "169.254.169.254"},
		{"4294967295", "255.255.255.255"},
		{"１２７.０.０.１", "127.0.0.1"}, // fullwidth, mapped by IDNA as net/http does
		{"127。0。0。1", "127.0.0.1"}, // ideographic full stops
		{"[::1]", "::1"},
		{"::1", "::1"},
		{"[::ffff:127.0.0.1]", "::ffff:127.0.0.1"},
		{"[::ffff:7f00:1]", "::ffff:127.0.0.1"},
		{"[0:0:0:0:0:0:0:1]", "::1"},
	} {
		h, err := ParseHost(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if h.Addr != netip.MustParseAddr(c.want) || h.Name != "" {
			t.Errorf("%q: got %+v, want %s", c.in, h, c.want)
		}
	}
}

func TestParseHostNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Example.COM", "example.com"},
		{"example.com.", "example.com"},
		{"LOCALHOST", "localhost"},
		{"ⓛocalhost", "localhost"},
		{"bücher.example", "xn--bcher-kva.example"},
		{"a_b.example.com", "a_b.example.com"},
		{"1.2.3.4.nip.io", "1.2.3.4.nip.io"},
		{"0x7f.example", "0x7f.example"},
	} {
		h, err := ParseHost(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if h.Name != c.want || h.Addr.IsValid() {
			t.Errorf("%q: got %+v, want name %s", c.in, h, c.want)
		}
	}
}

func TestParseHostMalformed(t *testing.T) {
	for _, in := range []string{
		"", ".", "..", "example..com", "example.com..", "127.0.0.1..",
		"256.0.0.1", "1.2.3.4.5", "127.0.0.08", "0x100.0.0.1", "4294967296",
		"1.2.3.16777216", "99999999999999999999", "foo.123", "a.0x",
		"[::1", "[127.0.0.1]", "[fe80::1%eth0]", "fe80::1%eth0", "exa mple.com", "ex!ample.com",
		"a" + string(make([]byte, 64)) + ".com",
	} {
		_, err := ParseHost(in)
		var re *RefusedError
		if !errors.Is(err, ErrURL) || !errors.As(err, &re) {
			t.Errorf("%q: got %v, want a refusal for ErrURL", in, err)
		}
	}
}

func TestClassifyNames(t *testing.T) {
	for _, c := range []struct {
		name string
		want *Reason
	}{
		{"localhost", ErrLoopback},
		{"app.localhost", ErrLoopback},
		{"metadata.google.internal", ErrLinkLocal},
		{"metadata.goog", ErrLinkLocal},
		{"instance-data.ec2.internal", ErrLinkLocal},
		{"db.internal", ErrPrivate},
		{"printer.local", ErrLinkLocal},
		{"svc.cluster.local", ErrLinkLocal},
		{"router.home.arpa", ErrPrivate},
		{"redis", ErrPrivate},
		{"metadata", ErrPrivate},
		{"x.corp", ErrPrivate},
		{"nas.lan", ErrPrivate},
		{"www.example", ErrDocumentation},
		{"a.test", ErrReserved},
		{"a.invalid", ErrReserved},
		{"abc.onion", ErrReserved},
		{"1.0.0.127.in-addr.arpa", ErrReserved},
		{"example.com", nil},
		{"mcp.example.org", nil},
		{"localhost.example.com", nil},
		{"internal.example.com", nil},
		{"Metadata.Google.Internal.", ErrLinkLocal}, // a Host built by hand
		{"LOCALHOST.", ErrLoopback},
	} {
		got := Host{Name: c.name}.Classify()
		if c.want == nil {
			if got != nil {
				t.Errorf("%s: got %v, want nil", c.name, got)
			}
		} else if !errors.Is(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

func TestCheckHost(t *testing.T) {
	for _, c := range []struct {
		in   string
		want *Reason
	}{
		{"10.0.0.1", ErrPrivate},
		{"0x7f.1", ErrLoopback},
		{"[::1]:8080", ErrLoopback},
		{"::1", ErrLoopback},
		{"[::ffff:a9fe:a9fe]", ErrLinkLocal},
		{"169.254.169.254:80", ErrLinkLocal},
		{"metadata.google.internal", ErrLinkLocal},
		{"localhost:3000", ErrLoopback},
		{"2852039166", ErrLinkLocal},
		{"example.com", nil},
		{"93.184.215.14:443", nil},
		{"256.1.1.1", ErrURL},
	} {
		err := CheckHost(c.in)
		if c.want == nil {
			if err != nil {
				t.Errorf("%s: got %v, want nil", c.in, err)
			}
			continue
		}
		var re *RefusedError
		if !errors.Is(err, c.want) || !errors.As(err, &re) {
			t.Errorf("%s: got %v, want a refusal for %v", c.in, err, c.want)
		}
	}
}

func TestCheckURL(t *testing.T) {
	allow, refuse := Policy{AllowLoopback: true}, Policy{}
	for _, c := range []struct {
		url  string
		p    Policy
		want *Reason
	}{
		{"https://example.com/mcp", refuse, nil},
		{"https://example.com:8443/mcp", refuse, nil},
		{"HTTPS://EXAMPLE.COM/", refuse, nil},
		{"http://example.com/mcp", refuse, ErrScheme},
		{"http://example.com/mcp", allow, ErrScheme},
		{"ftp://example.com/", refuse, ErrScheme},
		{"file:///etc/passwd", refuse, ErrScheme},
		{"gopher://127.0.0.1:6379/", allow, ErrScheme},
		{"", refuse, ErrURL},
		{"example.com/mcp", refuse, ErrURL},
		{"https://", refuse, ErrURL},
		{"https:example.com", refuse, ErrURL},
		{"https://user:pw@example.com/", refuse, ErrURL},
		{"https://example.com@127.0.0.1/", refuse, ErrURL},
		{"https://example.com:0/", refuse, ErrURL},
		{"https://example.com:/", refuse, ErrURL},
		{"https://example.com:99999/", refuse, ErrURL},
		{"https://%zz/", refuse, ErrURL},
		{"http://127.0.0.1:8080/mcp", allow, nil},
		{"http://127.0.0.1:8080/mcp", refuse, ErrLoopback},
		{"http://localhost:8080/mcp", allow, nil},
		{"http://localhost.:8080/mcp", allow, nil},
		{"http://app.localhost/mcp", allow, nil},
		{"http://localhost/mcp", refuse, ErrLoopback},
		{"http://[::1]:8080/", allow, nil},
		{"http://[::1]:8080/", refuse, ErrLoopback},
		{"http://127.1/", allow, nil},
		{"http://2130706433/", allow, nil},
		{"http://2130706433/", refuse, ErrLoopback},
		{"http://[::ffff:127.0.0.1]/", allow, nil},
		{"http://0x7f.1/", refuse, ErrLoopback},
		{"http://%31%32%37.0.0.1/", allow, ErrURL}, // net/url refuses percent-encoded hosts
		{"https://%31%30.0.0.1/", refuse, ErrURL},
		{"https://10.0.0.1/", refuse, ErrPrivate},
		{"https://10.0.0.1/", allow, ErrPrivate},
		{"https://169.254.169.254/latest/meta-data/", allow, ErrLinkLocal},
		{"https://[fe80::1%25eth0]/", allow, ErrURL},
		{"https://[64:ff9b::7f00:1]/", allow, ErrLoopback},
		{"https://[2002:7f00:1::]/", allow, ErrLoopback},
		{"https://metadata.google.internal/", allow, ErrLinkLocal},
		{"https://redis/", allow, ErrPrivate},
		{"https://0/", allow, ErrUnspecified},
		{"https://[::]/", allow, ErrUnspecified},
		{"https://224.0.0.1/", allow, ErrMulticast},
		{"https://100.64.0.1/", allow, ErrShared},
		{"https://192.0.2.1/", allow, ErrDocumentation},
		{"https://240.0.0.1/", allow, ErrReserved},
	} {
		_, err := CheckURL(c.url, c.p)
		if c.want == nil {
			if err != nil {
				t.Errorf("%q %+v: got %v, want allowed", c.url, c.p, err)
			}
			continue
		}
		var re *RefusedError
		if !errors.Is(err, c.want) || !errors.As(err, &re) || re.URL != c.url {
			t.Errorf("%q %+v: got %v, want a refusal for %v", c.url, c.p, err, c.want)
		}
	}
}

func FuzzParseHost(f *testing.F) {
	for _, s := range []string{"127.1", "0x7f.0.0.1", "[::1]", "localhost.", "ⓛocalhost", "2130706433", "１２７.０.０.１", "a.b.c", "0177.0.0.01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseHost(s)
		if err != nil {
			if !errors.Is(err, ErrURL) {
				t.Fatalf("%q: error %v is not ErrURL", s, err)
			}
			return
		}
		if h.Addr.IsValid() == (h.Name != "") {
			t.Fatalf("%q: %+v is not exactly one of an address and a name", s, h)
		}
		// Reading the host's own spelling again gives the same host.
		again, err := ParseHost(h.String())
		if err != nil || again != h {
			t.Fatalf("%q: %+v written %q reads back as %+v, %v", s, h, h.String(), again, err)
		}
		if h.IsLoopback() && !errors.Is(h.Classify(), ErrLoopback) {
			t.Fatalf("%q: loopback host classified %v", s, h.Classify())
		}
	})
}

func FuzzCheckURL(f *testing.F) {
	for _, s := range []string{"https://example.com/mcp", "http://127.1:80/", "https://[::ffff:10.0.0.1]/", "http://localhost./", "https://u@h/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range []Policy{{}, {AllowLoopback: true}} {
			tg, err := CheckURL(s, p)
			if err != nil {
				var re *RefusedError
				if !errors.As(err, &re) || re.Reason == nil {
					t.Fatalf("%q: error %v is no refusal", s, err)
				}
				continue
			}
			if tg.URL.Scheme != "https" && !(tg.URL.Scheme == "http" && p.AllowLoopback && tg.Host.IsLoopback()) {
				t.Fatalf("%q allowed with scheme %q", s, tg.URL.Scheme)
			}
			if err := tg.Host.Classify(); err != nil && !(p.AllowLoopback && tg.Host.IsLoopback()) {
				t.Fatalf("%q allowed with a host classified %v", s, err)
			}
		}
	})
}
