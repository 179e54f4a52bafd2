package ignore

import (
	"errors"
	"testing"
)

func TestMatch(t *testing.T) {
	m, err := Parse([]byte("# comment\n\n*.png\nbuild/\n/docs/legacy.md\nvendor/**/README.md\n!keep.png\n\\#hash\ntrailing\\ \nlogs/**\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path string
		dir  bool
		want bool
	}{
		{"a.png", false, true},
		{"deep/x/a.png", false, true},
		{"keep.png", false, false}, // negated later
		{"a/keep.png", false, false},
		{"build", true, true},
		{"build", false, false}, // dir-only
		{"src/build", true, true},
		{"docs/legacy.md", false, true},
		{"x/docs/legacy.md", false, false}, // anchored
		{"vendor/README.md", false, true},
		{"vendor/a/b/README.md", false, true},
		{"vendorx/README.md", false, false},
		{"#hash", false, true},
		{"trailing ", false, true},
		{"logs/a/b", false, true},
		{"logs", true, false}, // "logs/**" names what is inside
		{"README.md", false, false},
	} {
		if got := m.Match(tt.path, tt.dir); got != tt.want {
			t.Errorf("Match(%q, dir %v) = %v, want %v", tt.path, tt.dir, got, tt.want)
		}
	}
	var nilM *Matcher
	if nilM.Match("a", false) {
		t.Error("a nil matcher ignores")
	}
	if _, err := Parse([]byte("ok\n[z-\n")); !errors.Is(err, ErrPattern) {
		t.Errorf("a malformed class: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("*.png\n!a.png\n/b/**/c\nd/\n"), "b/x/c")
	f.Add([]byte("**/**/**\n"), "a/b")
	f.Fuzz(func(t *testing.T, data []byte, p string) {
		m, err := Parse(data)
		if err != nil {
			if !errors.Is(err, ErrPattern) {
				t.Fatalf("error %v is not ErrPattern", err)
			}
			return
		}
		if len(m.patterns) > MaxPatterns {
			t.Fatalf("%d patterns", len(m.patterns))
		}
		m.Match(p, false)
		m.Match(p, true)
	})
}
