package sqlstore

import "testing"

func TestRebind(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"SELECT a FROM t WHERE b = ? AND c = ?", "SELECT a FROM t WHERE b = $1 AND c = $2"},
		{"SELECT COALESCE(x, '?') FROM t WHERE y = ?", "SELECT COALESCE(x, '?') FROM t WHERE y = $1"},
		{`SELECT "a?b" FROM t WHERE y = ?`, `SELECT "a?b" FROM t WHERE y = $1`},
		{"SUM(v = ?1) + SUM(v < ?1) WHERE u = ?2", "SUM(v = $1) + SUM(v < $1) WHERE u = $2"},
		{"VALUES (?, ?, ?)", "VALUES ($1, $2, $3)"},
		{"x = ?", "x = $1"},
		{"it's '' ? ", "it's '' ? "}, // an unterminated quote hides the rest
	} {
		if got := Rebind(c.in); got != c.want {
			t.Errorf("Rebind(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPlaceholders(t *testing.T) {
	for n, want := range []string{"", "?", "?, ?", "?, ?, ?"} {
		if got := Placeholders(n); got != want {
			t.Errorf("Placeholders(%d) = %q, want %q", n, got, want)
		}
	}
}
