package markup

import (
	"fmt"
	"slices"
	"strings"
)

// Kind is one of the four construct kinds of §3, or an extension kind.
type Kind uint8

// The construct kinds of §3.
const (
	// HTMLComment is the text from <!-- to the next -->.
	HTMLComment Kind = iota + 1
	// MarkdownComment is a reference-style comment line: [label]: # (...).
	MarkdownComment
	// CSSHideRule is a class rule inside a <style> element whose
	// declarations hide its elements.
	CSSHideRule
	// HiddenElement is an element hidden by its style attribute, its hidden
	// attribute, or a class that a CSSHideRule hides.
	HiddenElement

	// The kinds below are extensions of §3, which Find never returns: LaTeX
	// hiding, reported by package scan in its Strict profile.

	// LaTeXColor is \color or \textcolor with the page's colour.
	LaTeXColor
	// LaTeXFontSize is \fontsize of (nearly) zero.
	LaTeXFontSize
	// LaTeXPhantom is \phantom, \hphantom or \vphantom.
	LaTeXPhantom
	// LaTeXScale is \scalebox or \resizebox to (nearly) zero.
	LaTeXScale
)

var kindNames = [...]string{
	HTMLComment:     "html_comment",
	MarkdownComment: "markdown_comment",
	CSSHideRule:     "css_hide_rule",
	HiddenElement:   "hidden_element",
	LaTeXColor:      "latex_color",
	LaTeXFontSize:   "latex_font_size",
	LaTeXPhantom:    "latex_phantom",
	LaTeXScale:      "latex_scale",
}

// String returns the kind as the wire format spells it, such as
// "html_comment".
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// MarshalText implements encoding.TextMarshaler with the wire spelling.
func (k Kind) MarshalText() ([]byte, error) {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return []byte(kindNames[k]), nil
	}
	return nil, fmt.Errorf("markup: unknown kind %d", uint8(k))
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *Kind) UnmarshalText(b []byte) error {
	if i := slices.Index(kindNames[:], string(b)); i > 0 {
		*k = Kind(i)
		return nil
	}
	return fmt.Errorf("markup: unknown kind %q", b)
}

// Reason says why an element or a rule hides: which test of §3 it met.
type Reason uint8

// The reasons. The first four are the style test's.
const (
	// Visible is the zero Reason: nothing hides.
	Visible Reason = iota
	// DisplayNone: the declaration display: none.
	DisplayNone
	// VisibilityHidden: the declaration visibility: hidden.
	VisibilityHidden
	// FontSizeZero: a font-size of zero (0, 0.0…, with px, pt, em, rem or %).
	FontSizeZero
	// ColorMatchesBackground: the color equals the background's, after
	// normalization.
	ColorMatchesBackground
	// HiddenAttribute: the element carries the hidden attribute.
	HiddenAttribute
	// HiddenClass: the element carries a class that a CSSHideRule hides.
	HiddenClass
)

var reasonNames = [...]string{
	DisplayNone:            "display_none",
	VisibilityHidden:       "visibility_hidden",
	FontSizeZero:           "font_size_zero",
	ColorMatchesBackground: "color_matches_background",
	HiddenAttribute:        "hidden_attribute",
	HiddenClass:            "hidden_class",
}

// String returns the reason as the wire format spells it, such as
// "display_none", or "visible".
func (r Reason) String() string {
	if r == Visible {
		return "visible"
	}
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// MarshalText implements encoding.TextMarshaler with the wire spelling.
func (r Reason) MarshalText() ([]byte, error) {
	if r != Visible && int(r) < len(reasonNames) {
		return []byte(reasonNames[r]), nil
	}
	return nil, fmt.Errorf("markup: reason %d has no wire spelling", uint8(r))
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (r *Reason) UnmarshalText(b []byte) error {
	if i := slices.Index(reasonNames[:], string(b)); i > 0 {
		*r = Reason(i)
		return nil
	}
	return fmt.Errorf("markup: unknown reason %q", b)
}

// Construct is one hidden-markup construct: its kind, why it hides (for
// CSSHideRule and HiddenElement), and its span in bytes of the text,
// [Start, End).
type Construct struct {
	// The offsets lead and the small fields follow, so that a construct
	// takes 24 bytes, not 32: text made of constructs holds one every
	// few bytes.
	Start, End int
	Kind       Kind
	Reason     Reason
	// SelfContained reports that removing the construct cannot change how
	// the rest of the text reads as markup: it begins and ends where an
	// HTML tokenizer is between tokens in its data state (a comment the
	// tokenizer also reads as one comment, an element closed by its end
	// tag, a void element, an unclosed element that does not open raw
	// text), or it is a whole CSS rule between rules. Markdown comments and
	// comments inside tags or raw text are not. A sanitizer may skip looking
	// for rebuilt markup after removing only self-contained constructs from
	// places not preceded by '<'. It is known only where Find reads the
	// text with the HTML tokenizer, which is where some tag may hide
	// something; elsewhere it is false, which is always safe.
	SelfContained bool
}

// Find returns every hidden-markup construct of §3 in text, sorted by
// Start, then End, then Kind. It takes time and memory linear in the
// length of text, and returns at once for text with no '<' and no "]:".
// Text in which no start tag is named style or carries a hidden attribute
// or a style attribute that hides (prose, most documents) is not read with
// the HTML tokenizer, which could find nothing in it.
func Find(text string) []Construct {
	k := &keeper{max: -1, last: -1, maxBlocks: maxBlocks}
	out, total := findKept(text, k)
	if k.counting {
		// Too many to join (see keeper.counting): the first pass counted
		// them, the second keeps them in a list made at its size.
		out, _ = findKept(text, &keeper{max: -1, last: -1, out: make([]Construct, 0, total)})
	}
	return out
}

// FindN is Find for a caller that needs only the first max constructs
// (all when max < 0) and how many there are in all, and will not remove
// them: it keeps them as it finds them, so that text made of constructs
// costs memory for max of them rather than for all (beside the elements
// whose end tags are still to come), and reports none of them
// SelfContained.
func FindN(text string, max int) ([]Construct, int) {
	out, total := findKept(text, &keeper{max: max, last: -1})
	for i := range out {
		out[i].SelfContained = false
	}
	return out, total
}

func findKept(text string, k *keeper) ([]Construct, int) {
	out := k.out
	k.out = nil
	if lt := strings.IndexByte(text, '<'); lt >= 0 {
		// mayHoldElements finds the comments up to where it stops, and
		// appendHTMLComments the rest.
		comments := htmlComments{out: out, keep: k}
		holds, to := mayHoldElements(text, lt, &comments)
		out = appendHTMLComments(comments.out, text, max(to, comments.next), k)
		// The tokenizer finds elements and rules, and says which comments
		// are self-contained; it runs only where a tag may hide.
		if holds {
			out = appendElements(out, text, lt, k)
		}
	}
	// appendMarkdownComments looks for "]:" itself: a test first would
	// read the text twice up to the first.
	out = appendMarkdownComments(out, text, k)
	return k.trim(k.gather(out)), k.total
}

// keeper counts constructs and, with max >= 0, keeps the first max of
// them (in the order of Find) as they are found: it lets them pile up to
// twice max and then drops all but the first max. No two constructs
// compare equal, so the first max are well defined.
type keeper struct {
	max, total int
	// last is the start of the last construct kept after the latest trim
	// that left max of them; -1 until then.
	last int
	// full holds, when every construct is kept (max < 0), the blocks of
	// them filled before out, in order: text made of constructs holds one
	// every few bytes, and a list grown by copying costs twice its size at
	// each step, in one allocation that overshoots what the collector
	// paces for. gather joins them once, at their size.
	full [][]Construct
	// maxBlocks, when not zero, is how many full blocks there may be
	// (when max < 0): joining them costs their size again, so past it the
	// keeper lets them go and only counts (counting), and Find finds the
	// constructs again into a list made at their number. A text made of
	// constructs costs another pass, not twice its constructs.
	maxBlocks int
	counting  bool
	// out, when set, is the list findKept starts from (Find's second
	// pass: empty, with room for every construct).
	out []Construct
}

// blockSize is the number of constructs from which the list of all of
// them grows by a new block rather than by copying.
const blockSize = 1 << 14

// maxBlocks is the keeper's maxBlocks in Find: 16 blocks, 262,144
// constructs (6 MiB), are joined; more are found again. A variable for
// the tests.
var maxBlocks = 16

// each calls f with every construct added so far, in order: those in the
// full blocks, then those in out.
func (k *keeper) each(out []Construct, f func(c *Construct)) {
	for _, b := range k.full {
		for i := range b {
			f(&b[i])
		}
	}
	for i := range out {
		f(&out[i])
	}
}

// gather returns the full blocks and out joined, in order.
func (k *keeper) gather(out []Construct) []Construct {
	if len(k.full) == 0 {
		return out
	}
	n := len(out)
	for _, b := range k.full {
		n += len(b)
	}
	all := make([]Construct, 0, n)
	for i, b := range k.full {
		all = append(all, b...)
		k.full[i] = nil
	}
	k.full = nil
	return append(all, out...)
}

// beyond reports whether a construct that starts at start is known not to
// be among the first max: max constructs that start before it are kept.
func (k *keeper) beyond(start int) bool {
	return k.max == 0 || k.max > 0 && k.last >= 0 && start > k.last
}

func (k *keeper) add(out []Construct, c Construct) []Construct {
	k.total++
	if k.counting {
		return out
	}
	if k.max < 0 && len(out) == cap(out) && len(out) >= blockSize {
		if k.maxBlocks > 0 && len(k.full) >= k.maxBlocks {
			k.counting, k.full = true, nil
			return out[:0:0]
		}
		k.full = append(k.full, out)
		out = make([]Construct, 0, blockSize)
	}
	if len(out) == cap(out) && len(out) < blockSize {
		// Doubling up to a block: append grows a list this long by a
		// quarter at a time, which allocates five times its size on the
		// way.
		out = append(make([]Construct, 0, min(blockSize, max(16, 2*cap(out)))), out...)
	}
	out = append(out, c)
	if k.max >= 0 && len(out) >= 2*k.max+256 {
		out = k.trim(out)
	}
	return out
}

// trim sorts out and cuts it to max.
func (k *keeper) trim(out []Construct) []Construct {
	slices.SortFunc(out, func(a, b Construct) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		if a.End != b.End {
			return a.End - b.End
		}
		return int(a.Kind) - int(b.Kind)
	})
	if k.max >= 0 && len(out) > k.max {
		out = out[:k.max]
	}
	if k.max > 0 && len(out) == k.max {
		k.last = out[k.max-1].Start
	}
	return out
}
