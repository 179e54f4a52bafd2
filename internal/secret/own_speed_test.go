package secret

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// maybeRef is the test of a position that own made before prefixes3,
// kept to compare with: the pair table alone.
func maybeRef(text string, i int) bool {
	return i+1 < len(text) && prefixes2[text[i]][text[i+1]]
}

// ownRef is own with maybeRef, the pair table alone.
func ownRef(text string, fn func(Finding)) {
	seeds := seedPhrases(text)
	for i := 0; i < len(text); {
		if len(seeds) > 0 && i >= seeds[0].Start {
			fn(seeds[0])
			i = seeds[0].End
			seeds = seeds[1:]
			continue
		}
		if !maybeRef(text, i) {
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

// ownPieces are the beginnings of every format of at, bodies in the
// formats' alphabets and separators: random texts of them reach every
// rule's prefix check.
var ownPieces = []string{
	"AKIA", "ASIA", "ABIA", "ACCA", "A3TX", "A3T", "AIza", "AWS_SECRET_ACCESS_KEY", "AccountKey=", "SecretAccessKey", "aws_secret_access_key",
	"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "gloas-",
	"GOCSPX-", "xapp-1-", "xoxb-", "xoxp-", "lin_api_", "ops_eyJ", "hooks.slack.com/services/", "hf_",
	"discord.com/api/webhooks/", "discordapp.com/api/webhooks/", "dop_v1_", "doo_v1_", "dor_v1_",
	"sk_live_", "sk_test_", "sq0atp-", "sq0csp-", "shpat_", "shpca_", "shppa_", "shpss_", "sk-ant-api03-", "sk-ant-admin01-",
	"sk-proj-", "sk-svcacct-", "sk-admin-", "sk-", "T3BlbkFJ", "rk_live_", "rk_test_", "whsec_", "SG.", "SK", "npm_",
	"pypi-AgEIcHlwaS5vcmc", "access_token$production$", "eyJhbGciOiJIUzI1NiJ9", "eyJzdWIiOiIxMjM0NTY3ODkwIn0", "eyJ",
	"-----BEGIN PRIVATE KEY-----", "-----END PRIVATE KEY-----", "postgres://", "user:p4ssw0rd@", "://", "123456789", ":AA",
	"0123456789abcdef0123456789abcdef", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", "Zx9Kq2Lm8Np4Rt6Vw1Yb3Dc5Fg7Hj0", "Q2h", "==", "=", ": ", "=\"", "$", "_", "-", ".", "/",
	" ", "\n", "the", "do", "li", "sh", "ac", "di", "ho", "op", "AC", "Ac", "S", "s", "g", "A",
}

// ownAlphabets and ownLengths are the formats' bodies.
var (
	ownAlphabets = []string{"0123456789abcdef", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", base62, base62 + "-_", base62 + "+/", "0123456789"}
	ownLengths   = []int{8, 10, 16, 20, 22, 24, 28, 30, 32, 33, 34, 35, 36, 40, 43, 48, 59, 64, 70, 86, 90, 100, 200}
)

// TestMaybeSame: own finds with maybe3 what it found with the pair table
// alone, on real text and on random texts of ownPieces; and maybe3 holds
// at every position where at finds something.
func TestMaybeSame(t *testing.T) {
	texts := testTexts(t)
	r := rand.New(rand.NewPCG(33, 2))
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := r.IntN(24); k > 0; k-- {
			p := ownPieces[r.IntN(len(ownPieces))]
			if r.IntN(4) == 0 {
				p = p[:r.IntN(len(p)+1)]
			}
			b.WriteString(p)
			if r.IntN(2) == 0 { // a body of a format's length and alphabet
				alpha := ownAlphabets[r.IntN(len(ownAlphabets))]
				for k := ownLengths[r.IntN(len(ownLengths))]; k > 0; k-- {
					b.WriteByte(alpha[r.IntN(len(alpha))])
				}
			}
		}
		texts = append(texts, b.String())
	}
	found, ats := 0, 0
	for _, s := range texts {
		var got, want []Finding
		own(s, func(f Finding) { got = append(got, f) })
		ownRef(s, func(f Finding) { want = append(want, f) })
		if !slices.Equal(got, want) {
			t.Fatalf("own(%q) = %v, want %v", s[:min(len(s), 300)], got, want)
		}
		found += len(want)
		for i := range len(s) {
			if _, ok := at(s, i); ok {
				ats++
				if !maybe3(s, i) {
					t.Fatalf("at(%q, %d) finds, maybe says no", s[i:min(len(s), i+40)], i)
				}
			}
		}
	}
	if found < 500 || ats < 500 {
		t.Errorf("%d findings, %d positions where at finds: the comparison says little", found, ats)
	}
}

// BenchmarkOwn compares own with ownRef on 16 KiB of prose (the Go
// specification) and of code (net/http), alternating call by call, in
// thread-CPU time (ref/new).
func BenchmarkOwn(b *testing.B) {
	for _, c := range []struct{ name, rel string }{{"prose", "doc/go_spec.html"}, {"code", "src/net/http/server.go"}} {
		text := goText(b, c.rel, 16<<10)
		b.Run(c.name, func(b *testing.B) {
			var ref, cur time.Duration
			odd := false
			benchtext.PerCall(b, func() {
				odd = !odd
				c0, _ := benchtext.ThreadCPU()
				if odd {
					ownRef(text, func(Finding) {})
				} else {
					own(text, func(Finding) {})
				}
				c1, _ := benchtext.ThreadCPU()
				if odd {
					ref += c1 - c0
				} else {
					cur += c1 - c0
				}
			})
			b.ReportMetric(float64(ref)/float64(cur), "ref/new")
		})
	}
}
