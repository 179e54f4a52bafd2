package secret_test

import (
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/secret"
	"github.com/plainsight/plainsight/internal/secret/secrettest"
)

// TestFamilies: each family's sample is found once, by the rule named,
// and the refusal's Holds finds it too; no look-alike is found.
func TestFamilies(t *testing.T) {
	for _, s := range secrettest.Positives() {
		t.Run(s.Name, func(t *testing.T) {
			var got []string
			secret.Find(s.Text, func(f secret.Finding) { got = append(got, f.Rule) })
			if len(got) != 1 || got[0] != s.Rule {
				t.Errorf("Find(%q) = %v, want [%s]", s.Text, got, s.Rule)
			}
			if !secret.Holds(s.Text) {
				t.Errorf("Holds(%q) = false", s.Text)
			}
		})
	}
	for _, s := range secrettest.Negatives() {
		t.Run(s.Name, func(t *testing.T) {
			secret.Find(s.Text, func(f secret.Finding) {
				t.Errorf("Find(%q) found %s at %q", s.Text, f.Rule, s.Text[f.Start:f.End])
			})
		})
	}
}

// TestHoldsPrefersSafety: the refusal finds what the detector lets pass
// for precision — a prefixed key of low entropy or a placeholder, a
// 0x-prefixed 64-hex key without a label — but not prose, hashes or the
// documented example keys, which are public.
func TestHoldsPrefersSafety(t *testing.T) {
	for _, text := range []string{
		"sk_live_" + strings.Repeat("a", 24),
		"rk_live_" + strings.Repeat("Z", 30),
		"shpat_" + strings.Repeat("0", 32),
		"AWS_ACCESS_KEY_ID=AKIA" + strings.Repeat("X", 16),
		"0x" + secrettest.Body("0123456789abcdef", 64, 70),
		"dckr_pat_" + strings.Repeat("x", 27),
		strings.Repeat("abandon ", 11) + "about",
	} {
		if !secret.Holds(text) {
			t.Errorf("Holds(%q) = false, want true", text)
		}
		found := false
		secret.Find(text, func(secret.Finding) { found = true })
		if found {
			t.Errorf("Find(%q) found it: the detector should let it pass (low entropy, example or no label)", text)
		}
	}
	for _, text := range []string{
		"Live Stripe keys start with sk_live_ and Shopify admin tokens with shpat_.",
		"fixed in commit 3f1c2a9e8b7d6c5f4a3b2c1d0e9f8a7b6c5d4e3f",
		"sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
		"use AKIAIOSFODNN7EXAMPLE to upload",
		"Stripe.api_key = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc'",
	} {
		if secret.Holds(text) {
			t.Errorf("Holds(%q) = true, want false", text)
		}
	}
}

// TestAllowCommentIgnored: gitleaks' inline "gitleaks:allow" mark is the
// text's own word, and the text is untrusted: the key is still found.
func TestAllowCommentIgnored(t *testing.T) {
	text := "GROQ_API_KEY=gsk_" + secrettest.Body("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 52, 99) + " # gitleaks:allow"
	var got []string
	secret.Find(text, func(f secret.Finding) { got = append(got, f.Rule) })
	if len(got) != 1 || got[0] != "groq-api-key" {
		t.Errorf("Find = %v, want [groq-api-key]", got)
	}
}
