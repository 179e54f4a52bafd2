package fuse

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func randomKeys(n int, seed uint64) []uint64 {
	r := rand.New(rand.NewPCG(seed, seed^0xabc))
	ks := make([]uint64, n)
	for i := range ks {
		ks[i] = r.Uint64()
	}
	return ks
}

// Every key given to New is found, at every size, including the small
// shapes where the segment length is smallest.
func TestNoFalseNegatives(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 5, 7, 10, 31, 100, 1000, 12345, 200000} {
		ks := randomKeys(n, uint64(n))
		f, err := New(ks)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if f.Len() != n {
			t.Errorf("n=%d: Len %d", n, f.Len())
		}
		for _, k := range ks {
			if !f.Contains(k) {
				t.Fatalf("n=%d: key %x missing", n, k)
			}
		}
	}
}

// The false-positive rate is about 2^-8: measured on a million keys not in
// a filter of 200,000, it lies within 0.3 % to 0.5 % (1/256 = 0.39 %; the
// binomial standard deviation at 10^6 trials is 0.006 %).
func TestFalsePositiveRate(t *testing.T) {
	f, err := New(randomKeys(200000, 1))
	if err != nil {
		t.Fatal(err)
	}
	probe := randomKeys(1000000, 2)
	hits := 0
	for _, k := range probe {
		if f.Contains(k) {
			hits++
		}
	}
	rate := float64(hits) / float64(len(probe))
	t.Logf("false positives: %d of %d (%.3f %%); %.2f bits per key", hits, len(probe), 100*rate, 8*float64(f.Size())/200000)
	if rate < 0.003 || rate > 0.005 {
		t.Errorf("false-positive rate %.4f, want about 1/256", rate)
	}
	if bpk := 8 * float64(f.Size()) / 200000; bpk > 9.5 {
		t.Errorf("%.2f bits per key, want at most 9.5 (size factor 1.125 and 8-bit fingerprints)", bpk)
	}
}

// Repeated keys are one key; the empty set holds nothing.
func TestRepeatsAndEmpty(t *testing.T) {
	f, err := New([]uint64{5, 5, 5, 9})
	if err != nil || f.Len() != 2 || !f.Contains(5) || !f.Contains(9) {
		t.Fatalf("%v %d", err, f.Len())
	}
	e, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	var nilF *Filter
	for _, k := range randomKeys(10000, 3) {
		if e.Contains(k) || nilF.Contains(k) {
			t.Fatal("the empty filter holds a key")
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, n := range []int{0, 1, 1000} {
		ks := randomKeys(n, 9)
		f, _ := New(ks)
		b, _ := f.MarshalBinary()
		if len(b) != headerSize+f.Size() {
			t.Fatalf("n=%d: %d bytes", n, len(b))
		}
		g, err := Read(b)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		b2, _ := g.MarshalBinary()
		if !bytes.Equal(b, b2) {
			t.Fatalf("n=%d: not the same bytes", n)
		}
		for _, k := range ks {
			if !g.Contains(k) {
				t.Fatal("key lost in the round trip")
			}
		}
	}
	// Construction is deterministic: the same keys, the same bytes.
	a, _ := New(randomKeys(5000, 4))
	c, _ := New(randomKeys(5000, 4))
	ab, _ := a.MarshalBinary()
	cb, _ := c.MarshalBinary()
	if !bytes.Equal(ab, cb) {
		t.Error("two builds of one set differ")
	}
}

func TestReadRefuses(t *testing.T) {
	f, _ := New(randomKeys(100, 5))
	good, _ := f.MarshalBinary()
	bad := map[string][]byte{
		"short":          good[:10],
		"magic":          append([]byte("fuse9\x00v1"), good[8:]...),
		"truncated":      good[:len(good)-1],
		"trailing":       append(append([]byte{}, good...), 0),
		"segment length": func() []byte { b := append([]byte{}, good...); b[20] = 3; return b }(),
		"empty with seed": func() []byte {
			b, _ := (&Filter{}).MarshalBinary()
			b[8] = 1
			return b
		}(),
	}
	for name, b := range bad {
		if _, err := Read(b); err != ErrFormat {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzRead: Read never panics, and what it accepts it writes back the same.
func FuzzRead(f *testing.F) {
	g, _ := New(randomKeys(50, 6))
	b, _ := g.MarshalBinary()
	f.Add(b)
	e, _ := (&Filter{}).MarshalBinary()
	f.Add(e)
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := Read(b)
		if err != nil {
			return
		}
		g.Contains(42)
		out, _ := g.MarshalBinary()
		if !bytes.Equal(out, b) {
			t.Fatal("round trip differs")
		}
	})
}
