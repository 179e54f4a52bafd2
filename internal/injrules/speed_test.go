package injrules

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit"
	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// disguisesRef is disguises before its prechecks (reversedEnds,
// minViewKeyword), kept to compare with.
func disguisesRef(text, lo string) (deob, rev bool) {
	var scratch [64]byte
	for i := 0; i < len(lo); {
		if byteClass[lo[i]] == clSpace {
			i++
			continue
		}
		j := i
		letters, marks := 0, 0
		for j < len(lo) {
			switch byteClass[lo[j]] {
			case clSpace:
				goto end
			case clLetter:
				letters++
			case clLeet, clHigh:
				marks++
			case clPunct:
				if j > i && j+1 < len(lo) && isAlnum(lo[j-1]) && isAlnum(lo[j+1]) {
					marks++
				}
			}
			j++
		}
	end:
		w := lo[i:j]
		switch {
		case !deob && j-i == 1 || !deob && j-i == 2 && byteClass[lo[i+1]] == clPunct:
			if n, _, joined := spacedRun(lo, i, scratch[:0]); n >= 3 {
				if viewKeywords[string(joined)] {
					deob = true
				} else if s, ok := segment(string(joined)); ok && hasKeyword([]byte(s)) {
					deob = true
				}
			}
		case !deob && letters > 0 && marks > 0:
			if nw, ok := undisguiseRef(w, text[i:j], scratch[:0]); ok && hasKeyword(nw) {
				deob = true
			}
		case !rev && marks == 0 && letters >= 5 && letters <= 12 && letters == j-i:
			rev = reversedWords[w]
		}
		if deob && rev {
			return
		}
		i = j
	}
	return
}

// undisguiseRef is undisguise without confusableLead.
func undisguiseRef(w, orig string, buf []byte) ([]byte, bool) {
	letters, digits, inner, conf, high := 0, 0, 0, 0, 0
	for k := 0; k < len(w); k++ {
		c := w[k]
		switch {
		case c >= 'a' && c <= 'z':
			letters++
		case leet[c] != 0 && c != '@' && c != '$':
			digits++
		case c >= '0' && c <= '9':
			return nil, false
		case c == '@' || c == '$':
			if k > 0 && k+1 < len(w) {
				digits++
			}
		case c == '-' || c == '.' || c == '_' || c == '*':
			if k > 0 && k+1 < len(w) && isAlnum(w[k-1]) && isAlnum(w[k+1]) {
				inner++
			}
		case c >= 0x80:
			if k+1 < len(w) {
				if _, ok := confusable[w[k:k+2]]; ok {
					conf++
					k++
					continue
				}
			}
			high++
		}
	}
	if letters == 0 || digits == 0 && inner == 0 && conf == 0 || high > 0 && conf == 0 {
		return nil, false
	}
	return undisguise(w, orig, buf)
}

// speedTexts returns real text (Go's documentation) in pieces and random
// texts built of the views' keywords, disguised in every way the views
// undo, and of plain and non-ASCII words.
func speedTexts(t testing.TB, n int) []string {
	var out []string
	if b, err := os.ReadFile(filepath.Join(goRootForTest(), "doc", "go_spec.html")); err == nil {
		s := string(b)
		for i := 0; i+4096 <= len(s) && len(out) < 64; i += 4096 {
			out = append(out, s[i:i+4096])
		}
	}
	r := rand.New(rand.NewSource(7))
	var kw []string
	for w := range viewKeywords {
		kw = append(kw, w)
	}
	kw = append(kw, "drowssap", "terces", "the", "a", "i", "x509", "utf8", "e.g.", "fmt.println", "don’t", "naïve", "ѕystem", "раssword", "ab", "abcde")
	disguise := func(w string) string {
		switch r.Intn(6) {
		case 0: // leet
			b := []byte(w)
			for i, c := range b {
				for d, l := range leet {
					if l == c && r.Intn(2) == 0 {
						b[i] = byte(d)
					}
				}
			}
			return string(b)
		case 1: // spaced or dotted
			sep := []string{" ", ".", "-", " . "}[r.Intn(4)]
			return strings.Join(strings.Split(w, ""), sep)
		case 2: // reversed
			b := []byte(w)
			for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
				b[i], b[j] = b[j], b[i]
			}
			return string(b)
		case 3: // split by punctuation
			if len(w) > 2 {
				k := 1 + r.Intn(len(w)-1)
				return w[:k] + string("-._*"[r.Intn(4)]) + w[k:]
			}
		case 4: // a look-alike letter
			for k, v := range confusable {
				if i := strings.IndexByte(w, v); i >= 0 && r.Intn(3) == 0 {
					return w[:i] + k + w[i+1:]
				}
			}
		}
		return w
	}
	for len(out) < n {
		var b strings.Builder
		for k := 0; k < 1+r.Intn(12); k++ {
			b.WriteString(disguise(kw[r.Intn(len(kw))]))
			b.WriteString([]string{" ", "  ", "\n", ", ", ". "}[r.Intn(5)])
		}
		out = append(out, b.String())
	}
	return out
}

// TestDisguisesSame compares disguises with disguisesRef on real and
// random texts, and checks that both answers occur.
func TestDisguisesSame(t *testing.T) {
	var deobs, revs int
	for _, text := range speedTexts(t, 20000) {
		lo := lower(text)
		d, r := disguises(text, lo)
		dr, rr := disguisesRef(text, lo)
		if d != dr || r != rr {
			t.Fatalf("disguises(%q) = %v, %v; before the prechecks %v, %v", text, d, r, dr, rr)
		}
		if d {
			deobs++
		}
		if r {
			revs++
		}
	}
	if deobs < 100 || revs < 100 {
		t.Fatalf("only %d de-obfuscated and %d reversed texts: the comparison proves little", deobs, revs)
	}
}

// BenchmarkDisguises runs disguises (and disguisesRef: -bench
// Disguises/ref) on 4 KiB pieces of Go's specification.
func BenchmarkDisguises(b *testing.B) {
	texts := speedTexts(b, 0)
	if len(texts) == 0 {
		b.Skip("no Go specification on this machine")
	}
	for _, c := range []struct {
		name string
		fn   func(string, string) (bool, bool)
	}{{"new", disguises}, {"ref", disguisesRef}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				t := texts[i%len(texts)]
				c.fn(t, t)
			}
		})
	}
}

// tdMaskRef is tdMask before tdWords and tdPathPairs, kept to compare
// with.
func tdMaskRef(s string) uint32 {
	var m uint32
	for i := 0; i < len(s); {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		j := i
		special := false
		for j < len(s) && s[j] != ' ' {
			special = special || tdSpecial[s[j]]
			j++
		}
		w := s[i:j]
		i = j
		if w == "" {
			continue
		}
		if special {
			if containsAny(w, tdPathLits) {
				m |= tdPStrong
			}
			if strings.IndexByte(w, '_') >= 0 && containsAny(w, tdSuffixLits) {
				m |= tdPWeak
			}
			if strings.IndexByte(w, '@') >= 0 {
				m |= tdAct
			}
			if strings.Contains(w, "http") && strings.ContainsAny(w, "={") {
				m |= tdURL
			}
		}
		for w != "" && tdTrim[w[0]] {
			w = w[1:]
		}
		for w != "" && tdTrim[w[len(w)-1]] {
			w = w[:len(w)-1]
		}
		if len(w) >= 2 && len(w) <= 18 {
			m |= tdClasses[w]
		}
	}
	return m
}

// TestTDMaskSame compares tdMask with tdMaskRef on the benchmark's tool
// definitions, sentence by sentence, and on random sentences of the
// trigger words, the path literals and punctuation around them; every
// class must occur.
func TestTDMaskSame(t *testing.T) {
	var texts []string
	if b, err := os.ReadFile(filepath.Join("..", "..", "shield", "testdata", "bench", "tools.json")); err == nil {
		texts = append(texts, strings.Split(lower(string(b)), ". ")...)
	}
	var words []string
	for w := range tdClasses {
		words = append(words, w)
	}
	words = append(words, tdPathLits...)
	words = append(words, tdSuffixLits...)
	words = append(words, "x", "the", "a_b", "me@x.io", "http://x/?q={v}", "file.", "data_", "\"path\":", "id")
	r := rand.New(rand.NewSource(11))
	marks := []string{"", "", ".", ",", "\"", "'", "`", "(", ")", ":", "_x", "x", "/", "~/"}
	for len(texts) < 30000 {
		var b strings.Builder
		for k := 0; k < 1+r.Intn(10); k++ {
			b.WriteString(marks[r.Intn(len(marks))])
			b.WriteString(words[r.Intn(len(words))])
			b.WriteString(marks[r.Intn(len(marks))])
			b.WriteString([]string{" ", "  "}[r.Intn(2)])
		}
		texts = append(texts, b.String())
	}
	var seen uint32
	for _, s := range texts {
		got, want := tdMask(s), tdMaskRef(s)
		if got != want {
			t.Fatalf("tdMask(%q) = %#x, before the tables %#x", s, got, want)
		}
		seen |= got
	}
	if seen&tdPStrong == 0 || seen&tdPWeak == 0 || seen&tdM == 0 || seen&tdURL == 0 || seen&tdAct == 0 {
		t.Fatalf("classes seen %#x: the comparison misses some", seen)
	}
}

// goRootForTest is "go env GOROOT", or "" when go does not answer (the
// texts of the distribution are then left out).
func goRootForTest() string {
	r, err := benchtext.GoRoot()
	if err != nil {
		return ""
	}
	return r
}

// TestStrongPhraseSame compares tdStrongPhraseIn with the unanchored
// expression on the benchmark's tool definitions and on random sentences
// of the expression's words and others, glued to words and punctuation.
func TestStrongPhraseSame(t *testing.T) {
	var texts []string
	if b, err := os.ReadFile(filepath.Join("..", "..", "shield", "testdata", "bench", "tools.json")); err == nil {
		texts = append(texts, strings.Split(lower(string(b)), ". ")...)
	}
	words := strings.Fields("all every each the of environment variables variable values value from login data chat conversation message messages browsing shell command history previous prior earlier last 3 entire whole full complete user so far system prompt outputs output results result other any tools tool tool's tools' returned saved passwords payment cards card credentials and foo_bar x")
	glue := []string{" ", " ", " ", "  ", "\t", "_", "-", ".", "'", "\"", "x", ""}
	r := rand.New(rand.NewSource(5))
	total := testkit.Scale(t, 120000, 12000)
	for len(texts) < total {
		var b strings.Builder
		for k := 0; k < 1+r.Intn(9); k++ {
			b.WriteString(words[r.Intn(len(words))])
			b.WriteString(glue[r.Intn(len(glue))])
		}
		texts = append(texts, b.String())
	}
	matched := 0
	for _, s := range texts {
		got, want := tdStrongPhraseIn(s), tdStrongPhrase.MatchString(s)
		if got != want {
			t.Fatalf("tdStrongPhraseIn(%q) = %v, the expression %v", s, got, want)
		}
		if got {
			matched++
		}
	}
	if matched < total/120 {
		t.Fatalf("only %d of %d texts matched: the comparison proves little", matched, total)
	}
}

// BenchmarkStrongPhrase runs tdStrongPhraseIn (and the unanchored
// expression: -bench StrongPhrase/ref) on the benchmark's tool
// definitions' sentences that name a tool or a conversation.
func BenchmarkStrongPhrase(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "..", "shield", "testdata", "bench", "tools.json"))
	if err != nil {
		b.Skip("no tool definitions")
	}
	var sents []string
	for _, s := range strings.Split(lower(string(src)), ". ") {
		if containsAny(s, tdStrongPhrases) {
			sents = append(sents, s)
		}
	}
	for _, c := range []struct {
		name string
		fn   func(string) bool
	}{{"new", tdStrongPhraseIn}, {"ref", tdStrongPhrase.MatchString}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for _, s := range sents {
					c.fn(s)
				}
			}
		})
	}
}
