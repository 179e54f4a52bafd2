package precall

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight/plainsight/store"
)

// Record gives one server's record exactly as Records lists it (its §10
// warnings included), and ErrNotRegistered for a URL nobody registered.
func TestRecord(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		c := checker(t, s, newClock())
		a := newLive(t, "a", nil, tool{"read", "reads a file", ""})
		z := newLive(t, "z", nil, tool{"read", "reads a file, and more", ""})
		mustRegister(t, c, a.URL, "a")
		mustRegister(t, c, z.URL, "z")
		all, err := c.Records(t.Context(), store.ServerQuery{})
		if err != nil || len(all) != 2 {
			t.Fatalf("Records: %v %v", all, err)
		}
		for i, u := range []string{a.URL, z.URL} {
			r, err := c.Record(t.Context(), u)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(all[i], *r); d != "" {
				t.Errorf("Record(%s) differs from Records (-list +one):\n%s", u, d)
			}
			if len(r.ShadowingWarnings) != 1 {
				t.Errorf("Record(%s): warnings %v", u, r.ShadowingWarnings)
			}
		}
		if _, err := c.Record(t.Context(), "https://nobody.example/mcp"); !errors.Is(err, ErrNotRegistered) {
			t.Errorf("an unregistered URL: %v", err)
		}
		if _, err := (&Checker{}).Record(t.Context(), a.URL); !errors.Is(err, ErrNoStore) {
			t.Errorf("without a store: %v", err)
		}
	})
}
