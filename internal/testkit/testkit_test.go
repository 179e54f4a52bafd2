package testkit

import "testing"

// The switch: full in CI and on request, sampled otherwise (issue 31).
func TestDecide(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{}, false},
		{map[string]string{"CI": "true"}, true},
		{map[string]string{"CI": "false"}, false},
		{map[string]string{Env: "1"}, true},
		{map[string]string{Env: "0"}, false},
		{map[string]string{"CI": "true", Env: "0"}, true}, // CI always runs every case
	} {
		if got := decide(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("decide(%v) = %v, want %v", c.env, got, c.want)
		}
	}
}

func TestScale(t *testing.T) {
	full := exhaustive()
	for _, c := range []struct{ full, sample, sampled int }{
		{1000, 50, 50},
		{1000, 0, 1}, // never zero
		{10, 50, 10}, // never more than the full loop
	} {
		want := c.sampled
		if full {
			want = c.full
		}
		if got := Scale(t, c.full, c.sample); got != want {
			t.Errorf("Scale(%d, %d) = %d, want %d (exhaustive %v)", c.full, c.sample, got, want, full)
		}
	}
}
