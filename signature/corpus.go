package signature

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/binary"
	"errors"
	"io"
	"slices"
	"sync"

	"github.com/plainsight/plainsight/signature/internal/fuse"
)

// Corpus is a set of shingles of benign text, for the poisoning guard
// (Shield method 1.0: "Before confirmation, every candidate is tested
// against a corpus of benign text"). It has two parts: approximate sets
// (binary fuse filters with 8-bit fingerprints, the shipped corpus: a
// shingle not in them is found with a chance of about 1 in 256, see
// [CorpusFalsePositiveRate]) and an exact set of 64-bit shingle hashes
// (an operator's own texts, [Corpus.With]). A Corpus is immutable and
// safe for concurrent use; a nil *Corpus is empty.
type Corpus struct {
	filters []sampled
	exact   []uint64 // sorted, no repeats
}

// sampled is a filter of the shingles h with h mod rate = 0 of some
// text (rate 1: all of them).
type sampled struct {
	f    *fuse.Filter
	rate uint64
}

// CorpusFalsePositiveRate is the chance that a shingle of no benign text
// is found in a filter of the corpus: 2^-8, the rate of an 8-bit binary
// fuse filter (measured in internal/fuse's tests and, on the shipped
// corpus, in TestCorpusFalsePositiveRate). The guard needs half of a
// candidate's shingles found: docs/judgement/poisoning-guard.md works out
// what this rate costs real attacks.
const CorpusFalsePositiveRate = 1.0 / 256

// corpusMagic starts the compact form.
const corpusMagic = "plainsight benign shingles v2\n"

// maxCorpusShingles bounds the exact part ReadCorpus accepts; maxFilters
// the number of filters, maxRate a filter's sampling rate.
const (
	maxCorpusShingles = 1 << 24
	maxFilters        = 16
	maxRate           = 1 << 16
)

// ErrCorpus is returned (wrapped) by ReadCorpus for a malformed compact
// form.
var ErrCorpus = errors.New("signature: malformed benign corpus")

//go:generate go run gen_corpus.go

//go:embed benign_shingles.bin
var defaultCorpus []byte

var loadDefault = sync.OnceValue(func() *Corpus {
	c, err := ReadCorpus(bytes.NewReader(defaultCorpus))
	if err != nil {
		// The embedded file is checked by a test; an empty corpus would
		// only make the guard weaker, never refuse a report.
		return &Corpus{}
	}
	return c
})

// DefaultCorpus returns the shipped benign corpus: the shingles of the
// text of a Go + Debian machine — the Go distribution (documentation,
// README, licence, source), /usr/share/common-licenses, /usr/share/doc,
// the English manual pages, the module cache's READMEs and licences —,
// of MCP servers' npm packages, of the project's pool of benign skill
// files and documents and of benign_commands.txt (published install
// commands and the skill template), built by gen_corpus.go; benign_sources.txt lists
// every source group with its SHA-256, bytes and shingles, and
// docs/judgement/poisoning-guard.md gives the totals.
func DefaultCorpus() *Corpus { return loadDefault() }

// NewCorpus returns a corpus holding the given shingle hashes in a binary
// fuse filter (repeats are removed): the shipped corpus's form, compact
// (about 9 bits a shingle) and approximate (CorpusFalsePositiveRate).
func NewCorpus(shingles []uint64) (*Corpus, error) {
	return NewSampledCorpus(shingles, 1)
}

// NewSampledCorpus returns a corpus of a sample of a text's shingles:
// those of the given shingles whose hash is a multiple of rate (a power
// of two from 1 to 2^16; the others are left out). [Corpus.Shared]
// counts each of a candidate's shingles that is a multiple of rate and
// found as rate shingles: an estimate of the share of the whole text's
// shingles (the "mod m" sampling of Broder, "On the resemblance and
// containment of documents", 1997), which lets a large text fit a small
// filter at the price of variance on short candidates.
func NewSampledCorpus(shingles []uint64, rate uint64) (*Corpus, error) {
	if rate == 0 || rate > maxRate || rate&(rate-1) != 0 {
		return nil, errors.New("signature: a sampling rate is a power of two from 1 to 65536")
	}
	var keep []uint64
	for _, h := range shingles {
		if h%rate == 0 {
			keep = append(keep, h)
		}
	}
	f, err := fuse.New(keep)
	if err != nil {
		return nil, err
	}
	return &Corpus{filters: []sampled{{f, rate}}}, nil
}

// Len returns the number of shingles the corpus was built from (a shingle
// both in a filter and in the exact set counts twice).
func (c *Corpus) Len() int {
	if c == nil {
		return 0
	}
	n := len(c.exact)
	for _, f := range c.filters {
		n += f.f.Len()
	}
	return n
}

// Has reports whether a shingle hash is in the corpus: in its exact
// part or in a filter of all of a text's shingles, or, for a hash that a
// sampled filter's rate divides, in that filter.
func (c *Corpus) Has(s uint64) bool {
	return c.weight(s) > 0
}

// weight is what a shingle counts for in Shared: 1 when it is in the
// exact part or in a full filter, else the rate of a sampled filter that
// holds it, else 0.
func (c *Corpus) weight(s uint64) int {
	if c == nil {
		return 0
	}
	if _, ok := slices.BinarySearch(c.exact, s); ok {
		return 1
	}
	w := 0
	for _, f := range c.filters {
		if s%f.rate == 0 && f.f.Contains(s) {
			if f.rate == 1 {
				return 1
			}
			w = max(w, int(f.rate))
		}
	}
	return w
}

// Shared returns how many of the shingles (a set) are in the corpus: each
// found in the exact part or a full filter counts 1, each found only in a
// sampled filter counts that filter's rate (an estimate, see
// NewSampledCorpus); the total is at most len(shingles).
func (c *Corpus) Shared(shingles []uint64) int {
	n := 0
	for _, s := range shingles {
		n += c.weight(s)
	}
	return min(n, len(shingles))
}

// With returns a new corpus holding c's shingles and those of the given
// texts (normalized first), kept exactly: the way an operator adds their
// own benign documents.
func (c *Corpus) With(texts ...string) *Corpus {
	var h []uint64
	for _, t := range texts {
		h = append(h, Shingles(Normalize(t))...)
	}
	return c.Union(&Corpus{exact: h})
}

// Union returns a corpus with the shingles of both.
func (c *Corpus) Union(d *Corpus) *Corpus {
	out := &Corpus{}
	for _, x := range []*Corpus{c, d} {
		if x != nil {
			out.filters = append(out.filters, x.filters...)
			out.exact = append(out.exact, x.exact...)
		}
	}
	slices.Sort(out.exact)
	out.exact = slices.Compact(out.exact)
	return out
}

// WriteTo writes the compact form: the magic line; the number of filters
// (an unsigned varint), each as its sampling rate (a varint), its length
// (a varint) and its binary form (internal/fuse); the number of exact shingles (a varint), then their
// sorted 64-bit hashes as varint deltas from the previous one (the first
// from 0).
func (c *Corpus) WriteTo(w io.Writer) (int64, error) {
	var fs []sampled
	var ex []uint64
	if c != nil {
		fs, ex = c.filters, c.exact
	}
	buf := append([]byte(corpusMagic), binary.AppendUvarint(nil, uint64(len(fs)))...)
	for _, f := range fs {
		b, err := f.f.MarshalBinary()
		if err != nil {
			return 0, err
		}
		buf = binary.AppendUvarint(buf, f.rate)
		buf = binary.AppendUvarint(buf, uint64(len(b)))
		buf = append(buf, b...)
	}
	buf = binary.AppendUvarint(buf, uint64(len(ex)))
	prev := uint64(0)
	for _, x := range ex {
		buf = binary.AppendUvarint(buf, x-prev)
		prev = x
	}
	n, err := w.Write(buf)
	return int64(n), err
}

// ReadCorpus reads the compact form written by WriteTo. It refuses, with
// ErrCorpus, a bad magic line, more than 16 filters, a sampling rate that
// is not a power of two from 1 to 2^16, a filter internal/fuse
// refuses (over 2^28 fingerprints among them), more than 2^24 exact
// hashes, a hash out of order or repeated, a varint not in its shortest
// form and trailing bytes. Memory grows with the bytes actually read, not
// with the lengths the input declares.
func ReadCorpus(r io.Reader) (*Corpus, error) {
	br := bufio.NewReader(r)
	magic := make([]byte, len(corpusMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != corpusMagic {
		return nil, ErrCorpus
	}
	nf, err := readUvarint(br)
	if err != nil || nf > maxFilters {
		return nil, ErrCorpus
	}
	c := &Corpus{}
	for range nf {
		rate, err := readUvarint(br)
		if err != nil || rate == 0 || rate > maxRate || rate&(rate-1) != 0 {
			return nil, ErrCorpus
		}
		l, err := readUvarint(br)
		if err != nil || l > fuse.MaxLen+64 {
			return nil, ErrCorpus
		}
		b, err := io.ReadAll(io.LimitReader(br, int64(l)))
		if err != nil || uint64(len(b)) != l {
			return nil, ErrCorpus
		}
		f, err := fuse.Read(b)
		if err != nil {
			return nil, ErrCorpus
		}
		c.filters = append(c.filters, sampled{f, rate})
	}
	n, err := readUvarint(br)
	if err != nil || n > maxCorpusShingles {
		return nil, ErrCorpus
	}
	c.exact = make([]uint64, 0, min(n, 1<<16))
	prev := uint64(0)
	for i := uint64(0); i < n; i++ {
		d, err := readUvarint(br)
		if err != nil || (i > 0 && d == 0) || prev+d < prev {
			return nil, ErrCorpus
		}
		prev += d
		c.exact = append(c.exact, prev)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, ErrCorpus
	}
	return c, nil
}

// readUvarint reads an unsigned varint in its shortest form only, so that
// one corpus has one encoding.
func readUvarint(br *bufio.Reader) (uint64, error) {
	var x uint64
	for i := 0; i < binary.MaxVarintLen64; i++ {
		b, err := br.ReadByte()
		if err != nil {
			return 0, err
		}
		if b < 0x80 {
			if i > 0 && b == 0 || i == binary.MaxVarintLen64-1 && b > 1 {
				return 0, ErrCorpus
			}
			return x | uint64(b)<<(7*i), nil
		}
		x |= uint64(b&0x7f) << (7 * i)
	}
	return 0, ErrCorpus
}
