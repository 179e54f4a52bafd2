package sqlstore

import (
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

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

func TestMigrations(t *testing.T) {
	fsys := fstest.MapFS{
		"migrations/0003_c.sql": {Data: []byte("C")},
		"migrations/0001_a.sql": {Data: []byte("A")},
		"migrations/0010_d.sql": {Data: []byte("D")},
		"migrations/README":     {Data: []byte("not a migration")},
	}
	got := Migrations(fsys, "test")
	want := []Migration{{1, "A"}, {3, "C"}, {10, "D"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Migrations (-want +got):\n%s", diff)
	}
	if n, ok := Unknown(got, map[int]bool{1: true, 3: true}); ok {
		t.Errorf("Unknown: %d reported, all are known", n)
	}
	if n, ok := Unknown(got, map[int]bool{1: true, 2: true}); !ok || n != 2 {
		t.Errorf("Unknown = %d, %v; want 2, true", n, ok)
	}
	for _, name := range []string{"migrations/0000_zero.sql", "migrations/x_bad.sql", "migrations/0003_again.sql"} {
		bad := fstest.MapFS{"migrations/0003_c.sql": {Data: []byte("C")}, name: {Data: []byte("X")}}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Migrations with %s did not refuse it", name)
				}
			}()
			Migrations(bad, "test")
		}()
	}
}
