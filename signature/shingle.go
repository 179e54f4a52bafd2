package signature

import (
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
)

// ShingleWords is the number of words in a shingle (Shield method 1.0:
// "hashed 5-word shingles").
const ShingleWords = 5

// Fingerprint is a normalized text's fingerprint (Shield method 1.0,
// "Cleaning and fingerprints"): the SHA-256 of the normalized text's UTF-8
// bytes and the set of its shingle hashes.
type Fingerprint struct {
	SHA256 [32]byte
	// Shingles is sorted in increasing order, without repeats. It is empty
	// for a text of fewer than ShingleWords words.
	Shingles []uint64
}

// NewFingerprint fingerprints a normalized text (the result of [Clean] or
// [Normalize]).
func NewFingerprint(normalized string) Fingerprint {
	return Fingerprint{SHA256: sha256.Sum256([]byte(normalized)), Shingles: Shingles(normalized)}
}

// isWordRune: a word is a maximal run of codepoints of General_Category
// L, M or N (Unicode 17.0) or Pc (connector punctuation, such as "_").
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_'
	}
	return ucd.IsLetterMarkNumber(r) || unicode.Is(unicode.Pc, r)
}

// Words returns the words of a normalized text, in order: the maximal runs
// of word codepoints (General_Category L, M, N or Pc); everything else
// (spaces, punctuation, symbols) separates words and is not part of any.
func Words(normalized string) []string {
	var words []string
	start := -1
	for i, r := range normalized {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			words = append(words, normalized[start:i])
			start = -1
		}
	}
	if start >= 0 {
		words = append(words, normalized[start:])
	}
	return words
}

// ShingleHash is the hash of one shingle: the first eight bytes, read as a
// big-endian integer, of the SHA-256 of its words joined by one U+0020
// SPACE.
func ShingleHash(words []string) uint64 {
	h := sha256.New()
	var buf [256]byte
	b := buf[:0]
	for i, w := range words {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, w...)
	}
	h.Write(b)
	var sum [32]byte
	return binary.BigEndian.Uint64(h.Sum(sum[:0]))
}

// Shingles returns the set of shingle hashes of a normalized text: one for
// each run of ShingleWords consecutive words, sorted, without repeats. A
// text of fewer than ShingleWords words has none: it is too short to
// fingerprint (a report of it is refused with ErrTooShort, and a check of
// it matches nothing).
func Shingles(normalized string) []uint64 {
	var out []uint64
	eachShingle(normalized, func(h uint64) { out = append(out, h) })
	if len(out) == 0 {
		return nil
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// eachShingle calls fn with the hash of each shingle of a normalized
// text, in order, repeats included: the hashes of [Shingles], found
// without a slice of the words (a check hashes every shingle of a text of
// up to 16 KiB, issue 28 item 8).
func eachShingle(normalized string, fn func(uint64)) {
	var ring [ShingleWords][2]int // the last words' bounds
	n, start := 0, -1
	var buf [256]byte
	word := func(i, j int) {
		ring[n%ShingleWords] = [2]int{i, j}
		n++
		if n < ShingleWords {
			return
		}
		b := buf[:0]
		for k := n - ShingleWords; k < n; k++ {
			if k > n-ShingleWords {
				b = append(b, ' ')
			}
			w := ring[k%ShingleWords]
			b = append(b, normalized[w[0]:w[1]]...)
		}
		sum := sha256.Sum256(b)
		fn(binary.BigEndian.Uint64(sum[:8]))
	}
	for i, r := range normalized {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			word(start, i)
			start = -1
		}
	}
	if start >= 0 {
		word(start, len(normalized))
	}
}

// intersect counts the hashes two sorted sets share.
func intersect(a, b []uint64) int {
	n := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return n
}

// NearDuplicateThreshold is the similarity from which two reports are
// near-duplicates (Shield method 1.0: "a similarity of 0.8 or more").
const NearDuplicateThreshold = 0.8

// Similarity is the similarity of two reports for near-duplicates: the
// Jaccard index of their shingle sets, |A ∩ B| / |A ∪ B|, in [0, 1]; 0
// when either set is empty. Jaccard rather than containment: it is
// symmetric, and it does not let a long report absorb every short one it
// quotes (docs/signatures.md gives the data).
func Similarity(a, b []uint64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n := intersect(a, b)
	return float64(n) / float64(len(a)+len(b)-n)
}

// MatchThreshold is the share of a signature's shingles that must occur in
// a text for the signature to match it (Shield method 1.0, "Checking
// text": "at least 80%").
const MatchThreshold = 0.8

// Containment is the share of sig's shingles that occur in text's:
// |S ∩ T| / |S|; 0 when sig is empty.
func Containment(sig, text []uint64) float64 {
	if len(sig) == 0 {
		return 0
	}
	return float64(intersect(sig, text)) / float64(len(sig))
}

// Matches reports whether a signature with shingles sig matches a text
// with shingles text: at least 80 % of sig's shingles occur in text,
// counted exactly (5·n ≥ 4·|S|), not through a rounded float.
func Matches(sig, text []uint64) bool {
	return len(sig) > 0 && 5*intersect(sig, text) >= 4*len(sig)
}

// nearDuplicate is Similarity ≥ 0.8 counted exactly: 5·|A∩B| ≥ 4·|A∪B|.
func nearDuplicate(a, b []uint64) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	n := intersect(a, b)
	return 5*n >= 4*(len(a)+len(b)-n)
}
