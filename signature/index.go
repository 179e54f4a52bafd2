package signature

import (
	"context"
	"slices"
	"strings"

	"github.com/plainsight/plainsight/shield"
)

// Bounds of a check (Shield method 1.0, "Checking text").
const (
	MaxCheckBytes = 16 << 10
	MaxMatches    = 10
)

// Signature is a confirmed signature as the check sees it: no text, only
// its id, category and shingles.
type Signature struct {
	ID       string
	Category string
	Shingles []uint64 // sorted, no repeats
}

// Match is one signature that matches a checked text.
type Match struct {
	ID       string `json:"id"`
	Category string `json:"category"`
	// Similarity is the share of the signature's shingles found in the
	// text, at least MatchThreshold.
	Similarity float64 `json:"similarity"`
}

// Index answers checks against a set of confirmed signatures through an
// inverted index from shingle hash to signatures: a check looks up each
// of the text's shingles once and never visits a signature that shares
// none of them. An Index is immutable and safe for concurrent use; build
// a new one when the set changes.
type Index struct {
	sigs []Signature
	post map[uint64][]uint32
}

// NewIndex builds an index over sigs. Signatures without shingles are
// left out (they could never match).
func NewIndex(sigs []Signature) *Index {
	x := &Index{post: make(map[uint64][]uint32)}
	for _, s := range sigs {
		if len(s.Shingles) == 0 {
			continue
		}
		i := uint32(len(x.sigs))
		x.sigs = append(x.sigs, s)
		for _, h := range s.Shingles {
			x.post[h] = append(x.post[h], i)
		}
	}
	return x
}

// Len returns the number of signatures in the index.
func (x *Index) Len() int { return len(x.sigs) }

// Check returns the signatures that match text (at least 80 % of a
// signature's shingles occur in the text's), at most MaxMatches of them,
// by decreasing similarity and then id. The text is normalized as
// reports are ([Normalize]) and kept in memory only: Check writes
// nothing, logs nothing, and its error names no part of the text. A text
// over MaxCheckBytes bytes is refused with ErrTextTooLarge.
func (x *Index) Check(text string) ([]Match, error) {
	if len(text) > MaxCheckBytes {
		return nil, refuse("text", ErrTextTooLarge, "more than 16384 bytes")
	}
	if len(x.sigs) == 0 {
		return nil, nil // nothing can match: no need to read the text
	}
	return x.check(Normalize(text)), nil
}

// check hashes the shingles of a normalized text and counts, for each
// signature, the distinct ones it shares with the text; it keeps only the
// hashes found in the index (the set of [Shingles] is never built).
func (x *Index) check(normalized string) []Match {
	var counts map[uint32]uint32
	var seen map[uint64]struct{}
	eachShingle(normalized, func(h uint64) {
		post, ok := x.post[h]
		if !ok {
			return
		}
		if _, dup := seen[h]; dup {
			return
		}
		if seen == nil {
			seen, counts = map[uint64]struct{}{}, map[uint32]uint32{}
		}
		seen[h] = struct{}{}
		for _, i := range post {
			counts[i]++
		}
	})
	var out []Match
	for i, n := range counts {
		s := &x.sigs[i]
		if 5*int(n) >= 4*len(s.Shingles) {
			out = append(out, Match{ID: s.ID, Category: s.Category, Similarity: float64(n) / float64(len(s.Shingles))})
		}
	}
	slices.SortFunc(out, func(a, b Match) int {
		if a.Similarity != b.Similarity {
			if a.Similarity > b.Similarity {
				return -1
			}
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
	if len(out) > MaxMatches {
		out = out[:MaxMatches]
	}
	return out
}

var _ shield.SignatureMatcher = (*Index)(nil)

// MatchSignatures implements [shield.SignatureMatcher], for shield's
// prompt_injection class. Shingles are taken from the normalized text, so
// a match has no exact span in the content: each one spans the whole
// content. Its Confidence is its similarity (in [0.8, 1]). Content over
// MaxCheckBytes is checked in windows of MaxCheckBytes bytes (cut at
// UTF-8 boundaries, overlapping by 1 KiB so an attack across a cut is
// still seen whole when it is shorter than that); a signature is reported
// once, with its best similarity.
func (x *Index) MatchSignatures(ctx context.Context, content string) ([]shield.SignatureMatch, error) {
	best := map[string]float64{}
	var order []string
	const overlap = 1 << 10
	for start := 0; start < len(content); {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		end := min(start+MaxCheckBytes, len(content))
		for end < len(content) && end > start && !utf8Start(content[end]) {
			end--
		}
		ms, _ := x.Check(content[start:end])
		for _, m := range ms {
			if _, ok := best[m.ID]; !ok {
				order = append(order, m.ID)
			}
			best[m.ID] = max(best[m.ID], m.Similarity)
		}
		if end == len(content) {
			break
		}
		next := end - overlap
		for next > start && !utf8Start(content[next]) {
			next--
		}
		if next <= start {
			next = end
		}
		start = next
	}
	out := make([]shield.SignatureMatch, 0, len(order))
	for _, id := range order {
		out = append(out, shield.SignatureMatch{ID: id, ByteStart: 0, ByteEnd: len(content), Confidence: best[id]})
	}
	return out, nil
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }
