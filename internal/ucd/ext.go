package ucd

// ExtProps is the set of properties of one codepoint that the extension
// classes of the Strict profile (package scan) need.
type ExtProps uint8

// The bits of ExtProps.
const (
	// Invisible is an invisible format character outside §2 of the
	// agent-safety formats: Default_Ignorable_Code_Point or
	// General_Category Cf, assigned, in no §2 range, not a
	// Variation_Selector and not a Prepended_Concatenation_Mark (those
	// have glyphs: U+0600–U+0605, U+06DD, …).
	Invisible ExtProps = 1 << iota
	// VariationSelector is the Variation_Selector property: U+180B–U+180D,
	// U+180F, U+FE00–U+FE0F, U+E0100–U+E01EF.
	VariationSelector
	// VariationBase is the base of at least one standardized or emoji
	// variation sequence (see VariationSequence).
	VariationBase
	// HanIdeograph is Script=Han and Ideographic: a base of the
	// Ideographic Variation Database's sequences.
	HanIdeograph
	// RightToLeft is Bidi_Class R or AL.
	RightToLeft
	// Mongolian is Script=Mongolian.
	Mongolian
	// Egyptian is Script=Egyptian_Hieroglyphs.
	Egyptian
	// Pictographic is Extended_Pictographic (the emoji of ZWJ sequences).
	Pictographic
)

// Ext returns the extension properties of r; a value outside 0..0x10FFFF
// has none.
func Ext(r rune) ExtProps {
	if uint32(r) > 0x10FFFF {
		return 0
	}
	return ExtProps(extStage2[int(extStage1[r>>extBlockShift])<<extBlockShift|int(r)&(1<<extBlockShift-1)])
}

// VariationSequence reports whether base followed by selector is one of
// the standardized variation sequences (StandardizedVariants.txt) or emoji
// variation sequences (emoji-variation-sequences.txt). It does not know the
// Ideographic Variation Database: U+E0100–U+E01EF after a HanIdeograph is
// the caller's rule.
func VariationSequence(base, selector rune) bool {
	var bit uint32
	switch {
	case 0xFE00 <= selector && selector <= 0xFE0F:
		bit = 1 << (selector - 0xFE00)
	case 0x180B <= selector && selector <= 0x180D:
		bit = 1 << (16 + selector - 0x180B)
	case selector == 0x180F:
		bit = 1 << 19
	default:
		return false
	}
	lo, hi := 0, len(variationBases)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if variationBases[m] < uint32(base) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(variationBases) && variationBases[lo] == uint32(base) && variationMasks[lo]&bit != 0
}
