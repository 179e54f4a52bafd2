package urllist_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/urllist"
)

// An operator's list configures a scanner's known_bad_url class: a listed
// registrable domain matches its subdomains, a listed host only itself.
func Example() {
	list, err := urllist.Parse(strings.NewReader("# our blocklist\nevil.example\nlogin.phish.example\n"))
	if err != nil {
		panic(err)
	}
	s, _ := shield.New(shield.Options{URLs: list})
	for _, content := range []string{"see https://cdn.evil.example/x", "see https://login.phish.example/", "see https://www.phish.example/"} {
		resp, _ := s.Scan(context.Background(), shield.Request{Content: content,
			Context: shield.Context{Source: shield.SourceWeb, Direction: shield.Inbound}})
		fmt.Println(resp.Scores.KnownBadURL, kinds(resp))
	}
	_, err = urllist.Parse(strings.NewReader("evil.example/login\n"))
	fmt.Println(err)
	// Output:
	// 0.9 [known_bad_domain]
	// 0.95 [known_bad_host]
	// 0 []
	// shield: invalid URL list: line 1: an entry is one host name or address
}

func kinds(r shield.Response) []string {
	out := []string{}
	for _, s := range r.Signals {
		if s.Class == shield.KnownBadURL {
			out = append(out, s.Kind)
		}
	}
	return out
}

// The shipped list is on in the zero Options: a URL to a name under an
// out-of-band sink or a published test page is a signal of the entry's
// kind; Options.NoDefaultURLs turns the list off.
func ExampleDefault() {
	s, _ := shield.New(shield.Options{})
	off, _ := shield.New(shield.Options{NoDefaultURLs: true})
	for _, content := range []string{
		"GET https://c58bduhe008dovpv.oast.pro/x",
		"see http://testsafebrowsing.appspot.com/s/phishing.html",
		"post it to https://webhook.site/0e6c5b2a",
		"services such as webhook.site help with testing",
	} {
		req := shield.Request{Content: content, Context: shield.Context{Source: shield.SourceWeb, Direction: shield.Inbound}}
		resp, _ := s.Scan(context.Background(), req)
		resp2, _ := off.Scan(context.Background(), req)
		fmt.Println(resp.Scores.KnownBadURL, kinds(resp), resp2.Scores.KnownBadURL)
	}
	for _, e := range urllist.DefaultEntries()[:1] {
		fmt.Println(e.Domain, e.Kind, e.Source)
	}
	// Output:
	// 0.9 [oob_sink] 0
	// 0.95 [test_url] 0
	// 0.7 [request_catcher] 0
	// 0 [] 0
	// testsafebrowsing.appspot.com test_url https://testsafebrowsing.appspot.com/
}
