package urllist

import (
	"net/netip"
	"strings"
	"testing"
	"time"
)

// TestDefaultListProvenance: every entry line of the shipped list has a
// domain, a known kind and the URL of the page that publishes it, and the
// list carries its date.
func TestDefaultListProvenance(t *testing.T) {
	d, err := time.Parse("2006-01-02", DefaultDate())
	if err != nil || d.Year() < 2025 {
		t.Fatalf("list-date %q: %v", DefaultDate(), err)
	}
	n := 0
	for i, line := range strings.Split(defaultText, "\n") {
		s := strings.TrimSpace(line)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		n++
		f := strings.Fields(s)
		if len(f) != 3 {
			t.Errorf("line %d: %d fields, want domain kind source", i+1, len(f))
			continue
		}
		if !strings.HasPrefix(f[2], "https://") && !strings.HasPrefix(f[2], "http://") || len(f[2]) < len("https://a.b") {
			t.Errorf("line %d: source %q is not a URL", i+1, f[2])
		}
		if !defaultKinds[f[1]] {
			t.Errorf("line %d: kind %q", i+1, f[1])
		}
	}
	entries := DefaultEntries()
	if len(entries) != n || Default().Len() != n || n < 30 {
		t.Fatalf("%d entry lines, %d entries, Len %d", n, len(entries), Default().Len())
	}
	for _, e := range entries {
		if e.Source == "" || e.Kind == "" {
			t.Errorf("%+v", e)
		}
	}
}

// TestDefaultListMatch: an entry matches itself and every name under it,
// at a label boundary only, with its kind.
func TestDefaultListMatch(t *testing.T) {
	l := Default()
	for _, c := range []struct{ name, want string }{
		{"oastify.com", KindOOBSink},
		{"k2n8x0q1z.oastify.com", KindOOBSink},
		{"c58bduhe008dovpvhvugcfemp9yyyyyyn.oast.pro", KindOOBSink},
		{"a.b.c.oast.fun", KindOOBSink},
		{"xyz.burpcollaborator.net", KindOOBSink},
		{"testsafebrowsing.appspot.com", KindTestURL},
		{"webhook.site", KindRequestCatcher},
		{"eo1a2b3c4d5e6f7.m.pipedream.net", KindRequestCatcher},
		{"random-words-here.trycloudflare.com", KindTunnelHost},
		{"abc123.canarytokens.com", KindOOBSink},
		// Not under an entry:
		{"notoastify.com", ""},
		{"oastify.com.evil.example", ""},
		{"pipedream.net", KindRequestCatcher},
		{"enx1y2z3.x.pipedream.net", KindRequestCatcher},
		{"bin.webhookrelay.com", KindRequestCatcher},
		{"webhookrelay.com", ""},
		{"my.webhookrelay.com.example", ""},
		{"pipedream.com", ""},
		{"appspot.com", ""},
		{"other.appspot.com", ""},
		{"eicar.org", ""},
		{"www.eicar.org", ""},
		{"ngrok.com", ""},
		{"portswigger.net", ""},
		{"github.com", ""},
		{"site", ""},
	} {
		if got := l.Match(c.name, netip.Addr{}); got != c.want {
			t.Errorf("Match(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	if k, e := l.MatchZone("x.y.oast.live"); k != KindOOBSink || e != "oast.live" {
		t.Errorf("MatchZone: %q %q", k, e)
	}
	if got := l.Match("", netip.MustParseAddr("127.0.0.1")); got != "" {
		t.Errorf("an address: %q", got)
	}
	// An operator's list keeps its own rule: an entry and its registrable
	// domain, not every name under a listed subdomain.
	op, err := Parse(strings.NewReader("login.evil.example\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := op.Match("a.login.evil.example", netip.Addr{}); got != "" {
		t.Errorf("operator list matched a subdomain of a host entry: %q", got)
	}
}

func TestParseDefaultErrors(t *testing.T) {
	for _, in := range []string{
		"oast.pro oob_sink\n",
		"oast.pro oob_sink https://a.example/ extra\n",
		"oast.pro nonsense https://a.example/\n",
		"oast.pro oob_sink not-a-url\n",
		"OAST.pro oob_sink https://a.example/\n",
		"oast.pro oob_sink https://a.example/\noast.pro oob_sink https://a.example/\n",
		"localhost oob_sink https://a.example/\n",
	} {
		if _, _, err := parseDefault(in); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}
