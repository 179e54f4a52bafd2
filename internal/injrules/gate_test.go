package injrules

import (
	"math"
	"testing"
)

// TestModelWeight pins the model's gate, which the shield's
// prompt_injection class and scan's instruction_judged share: alone, the
// model counts from ModelAlone (ModelAloneShort under ModelFullWords
// words), mapped onto [0.5, 0.9]; beside other evidence as it is (three
// quarters under ModelFullWords words); framing lowers it first.
func TestModelWeight(t *testing.T) {
	about, operator := Framing{About: true}, Framing{Operator: true, OperatorRules: true}
	for _, tt := range []struct {
		name         string
		p            float64
		words        int
		f            Framing
		strong, corr bool
		want         float64
	}{
		{"alone, sure", 0.95, 20, Framing{}, false, false, 0.5 + 0.05*0.4/0.1},
		{"alone, at the point", 0.9, 20, Framing{}, false, false, 0.5},
		{"alone, below the point", 0.89, 20, Framing{}, false, false, 0},
		{"alone, short text", 0.93, 15, Framing{}, false, false, 0},
		{"alone, short text, sure", 0.96, 15, Framing{}, false, false, 0.5 + 0.01*0.4/0.05},
		{"beside evidence", 0.6, 20, Framing{}, false, true, 0.6},
		{"beside evidence, short text", 0.6, 15, Framing{}, false, true, 0.45},
		{"about attacks", 1, 20, about, false, false, 0},
		{"about attacks, strong rule", 1, 20, about, true, false, 0.9},
		{"operator's rules, alone", 1, 20, operator, false, false, 0},
		{"operator's rules, corroborated", 1, 20, operator, false, true, 1},
	} {
		if got := ModelWeight(tt.p, tt.words, tt.f, tt.strong, tt.corr); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: ModelWeight(%v, %d) = %v, want %v", tt.name, tt.p, tt.words, got, tt.want)
		}
	}
}

func TestCountWords(t *testing.T) {
	for _, tt := range []struct {
		s         string
		max, want int
	}{{"", 12, 0}, {"one", 12, 1}, {" a\tb\nc\r\nd  ", 12, 4}, {"a b c d e", 3, 3}} {
		if got := CountWords(tt.s, tt.max); got != tt.want {
			t.Errorf("CountWords(%q, %d) = %d, want %d", tt.s, tt.max, got, tt.want)
		}
	}
}
