package main

import (
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/extclass"
	"github.com/plainsight/plainsight/internal/ucd"
	"github.com/plainsight/plainsight/scan"
)

// ruleTally counts, per allow-rule or exclusion of the Strict profile, how
// many findings or codepoints it let pass on the corpus.
type ruleTally map[string]int

// addRules attributes what Strict left out of data to the rule that did.
// For §2 and §4 findings, a Spec finding missing from the Strict result is
// attributed by its codepoint and span; for the extension characters, every
// selector or invisible format character that no Strict finding covers is
// attributed to the rule for its codepoint.
func (t ruleTally) addRules(data string, spec, strict *scan.Result) {
	kept := map[[2]int]bool{}
	for _, f := range strict.Findings {
		kept[[2]int{f.ByteStart, f.ByteEnd}] = true
	}
	for _, f := range spec.Findings {
		if kept[[2]int{f.ByteStart, f.ByteEnd}] {
			continue
		}
		switch f.Class {
		case scan.ZeroWidth:
			r, _ := utf8.DecodeRuneInString(data[f.ByteStart:])
			next, _ := utf8.DecodeRuneInString(data[f.ByteEnd:])
			switch {
			case r == 0x200B:
				t["ZWSP in a script without spaces"]++
			case r == 0x200D && ucd.Ext(next)&ucd.Pictographic != 0:
				t["ZWJ in an emoji sequence"]++
			case r == 0x200C:
				t["ZWNJ beside a letter of its script"]++
			default:
				t["ZWJ beside a letter of its script"]++
			}
		case scan.Base64Blob:
			if extclass.DeclaredDigest(data, f.ByteStart, f.ByteEnd) {
				t["declared digest (sha256/384/512-)"]++
			} else {
				t["opaque base64 in a URL"]++
			}
		}
	}
	if n := extclass.ControlReferences(data); n > 0 {
		t["control characters written as references"] += n
	}
	// Extension characters not covered by a Strict finding.
	var covered [][2]int
	for _, f := range strict.Findings {
		if f.Class == scan.VariationSelector || f.Class == scan.InvisibleFormat {
			covered = append(covered, [2]int{f.ByteStart, f.ByteEnd})
		}
	}
	sort.Slice(covered, func(i, j int) bool { return covered[i][0] < covered[j][0] })
	k := 0
	for i, r := range data {
		p := ucd.Ext(r)
		if p&(ucd.VariationSelector|ucd.Invisible) == 0 {
			continue
		}
		for k < len(covered) && covered[k][1] <= i {
			k++
		}
		if k < len(covered) && covered[k][0] <= i {
			continue
		}
		switch {
		case p&ucd.VariationSelector != 0 && r >= 0xE0100:
			t["ideographic variation sequence"]++
		case p&ucd.VariationSelector != 0:
			t["standardized or emoji variation sequence"]++
		case r == 0x00AD:
			t["soft hyphen between letters"]++
		case r == 0x034F:
			t["CGJ before a mark"]++
		case r == 0x061C || r == 0x200E || r == 0x200F:
			t["LRM/RLM/ALM in right-to-left text"]++
		case r == 0x115F || r == 0x1160:
			t["Hangul filler in a jamo sequence"]++
		case r == 0x180E:
			t["MVS between Mongolian letters"]++
		default:
			t["Egyptian format control"]++
		}
	}
}

func printRules(t ruleTally, size float64) {
	var names []string
	for n := range t {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Println("| allow-rule or exclusion (Strict) | left out | per MB |")
	fmt.Println("|---|---|---|")
	for _, n := range names {
		fmt.Printf("| %s | %d | %.2f |\n", n, t[n], float64(t[n])/size)
	}
}
