package main

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/injmodel"
)

// The trainer cuts the windows inference scores: same token ranges, for
// short texts, texts of exactly a window, and texts whose tail does and
// does not fall on a stride.
func TestWindowsMatchInference(t *testing.T) {
	meta, err := injmodel.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 5, meta.Window - 1, meta.Window, meta.Window + 1,
		meta.Window + meta.Stride, meta.Window + meta.Stride + 3, 10 * meta.Window} {
		words := make([]string, n)
		for i := range words {
			words[i] = fmt.Sprintf("w%c", 'a'+i%26)
		}
		text := strings.Join(words, " ")
		var starts, ends []int
		injmodel.Tokens(text, meta.Bits, func(a, b int, _ []uint32) {
			starts = append(starts, a)
			ends = append(ends, b)
		})
		var want [][2]int
		for _, r := range windows(len(starts), meta.Window, meta.Stride) {
			if len(starts) <= meta.Window {
				want = append(want, [2]int{0, len(text)})
			} else {
				want = append(want, [2]int{starts[r[0]], ends[r[1]-1]})
			}
		}
		var got [][2]int
		injmodel.Windows(text, 0, func(r injmodel.Result) { got = append(got, [2]int{r.Start, r.End}) })
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%d tokens: inference windows %v, trainer %v", n, got, want)
		}
	}
}

func TestAUC(t *testing.T) {
	// Positives 0.9, 0.4; negatives 0.5, 0.1: of the four pairs, three
	// are ordered, so 0.75; a tie counts half.
	if got := auc([]float64{0.9, 0.4, 0.5, 0.1}, []float64{1, 1, 0, 0}); got != 0.75 {
		t.Errorf("auc = %v, want 0.75", got)
	}
	if got := auc([]float64{0.5, 0.5}, []float64{1, 0}); got != 0.5 {
		t.Errorf("auc of a tie = %v, want 0.5", got)
	}
	if got := auc([]float64{0.5}, []float64{1}); !math.IsNaN(got) {
		t.Errorf("auc of one label = %v, want NaN", got)
	}
}

// Isotonic calibration is monotone in the score and pools violators.
func TestIsotonic(t *testing.T) {
	items := []item{{y: 0, w: 1}, {y: 1, w: 1}, {y: 0, w: 1}, {y: 1, w: 1}}
	z := []float64{1, 2, 3, 4}
	cal := isotonic(items, []int{0, 1, 2, 3}, z)
	// Scores 2 (injection) and 3 (benign) violate the order and pool to
	// 0.5 at their mean 2.5.
	want := []injmodel.CalPoint{{Z: 1, P: 0.001}, {Z: 2.5, P: 0.5}, {Z: 4, P: 0.999}}
	if fmt.Sprint(cal) != fmt.Sprint(want) {
		t.Errorf("isotonic = %v, want %v", cal, want)
	}
}

// A project-written item that names its own source group (the voice it
// was written in) is a family of its own, held out in turn, and still
// weighs -extra-weight times a pool item; one without stays in the
// family "project".
func TestVoiceFamilies(t *testing.T) {
	for g, want := range map[string]string{
		"project/handwritten4/kiddie": "voice/kiddie",
		"project/shapes":              "project",
		"WithSecureLabs/spikee":       "spikee",
	} {
		if got := family(g); got != want {
			t.Errorf("family(%q) = %q, want %q", g, got, want)
		}
	}
	items := []item{
		{SourceGroup: "pool/a", y: 1}, {SourceGroup: "pool/a", y: 0},
		{SourceGroup: "project/handwritten4/kiddie", y: 1},
		{SourceGroup: "project/shapes", y: 1},
	}
	for i := range items {
		items[i].family = family(items[i].SourceGroup)
	}
	weigh(items, params{GroupCap: 250, ExtraWeight: 0.5, VoiceWeight: 0.5})
	// Injections: 1 + 0.5 + 0.5 before balancing; the pool item weighs
	// twice each project item.
	if items[0].w != 2*items[2].w || items[2].w != items[3].w {
		t.Errorf("weights %v %v %v: want the voice item and the project item at half the pool item", items[0].w, items[2].w, items[3].w)
	}
}
