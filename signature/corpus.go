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
)

// Corpus is a set of shingles of benign text, for the poisoning guard
// (Shield method 1.0: "Before confirmation, every candidate is tested
// against a corpus of benign text"). It keeps the top 32 bits of each
// shingle hash: with a few hundred thousand shingles, a candidate's
// shingle is wrongly found in it with a chance of about 1 in 20,000,
// far from the 50 % the guard needs. A Corpus is immutable and safe for
// concurrent use; a nil *Corpus is empty.
type Corpus struct {
	h []uint32 // sorted, no repeats
}

// corpusMagic starts the compact form.
const corpusMagic = "plainsight benign shingles v1\n"

// maxCorpusShingles bounds what ReadCorpus accepts.
const maxCorpusShingles = 1 << 24

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

// DefaultCorpus returns the shipped benign corpus: the shingles of the Go
// distribution's documentation and of the READMEs of the modules this
// one depends on, built by gen_corpus.go (see the README's "Community
// signatures" section for its size and sources).
func DefaultCorpus() *Corpus { return loadDefault() }

// Len returns the number of shingles in the corpus.
func (c *Corpus) Len() int {
	if c == nil {
		return 0
	}
	return len(c.h)
}

func top(h uint64) uint32 { return uint32(h >> 32) }

// Shared returns how many of the shingles (a sorted set) are in the
// corpus.
func (c *Corpus) Shared(shingles []uint64) int {
	if c == nil {
		return 0
	}
	n := 0
	for _, s := range shingles {
		if _, ok := slices.BinarySearch(c.h, top(s)); ok {
			n++
		}
	}
	return n
}

// With returns a new corpus holding c's shingles and those of the given
// texts (normalized first): the way an operator adds their own benign
// documents.
func (c *Corpus) With(texts ...string) *Corpus {
	var h []uint32
	if c != nil {
		h = slices.Clone(c.h)
	}
	for _, t := range texts {
		for _, s := range Shingles(Normalize(t)) {
			h = append(h, top(s))
		}
	}
	slices.Sort(h)
	return &Corpus{h: slices.Compact(h)}
}

// Union returns a corpus with the shingles of both.
func (c *Corpus) Union(d *Corpus) *Corpus {
	h := append(slices.Clone(c.hashes()), d.hashes()...)
	slices.Sort(h)
	return &Corpus{h: slices.Compact(h)}
}

func (c *Corpus) hashes() []uint32 {
	if c == nil {
		return nil
	}
	return c.h
}

// WriteTo writes the compact form: a magic line, the count, then the
// sorted 32-bit hashes as unsigned varint deltas.
func (c *Corpus) WriteTo(w io.Writer) (int64, error) {
	buf := append([]byte(corpusMagic), binary.AppendUvarint(nil, uint64(c.Len()))...)
	prev := uint32(0)
	for _, x := range c.hashes() {
		buf = binary.AppendUvarint(buf, uint64(x-prev))
		prev = x
	}
	n, err := w.Write(buf)
	return int64(n), err
}

// ReadCorpus reads the compact form written by WriteTo. It refuses a bad
// magic line, a count over 2^24, a hash out of order or repeated, and
// trailing bytes, with ErrCorpus.
func ReadCorpus(r io.Reader) (*Corpus, error) {
	br := bufio.NewReader(r)
	magic := make([]byte, len(corpusMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != corpusMagic {
		return nil, ErrCorpus
	}
	n, err := readUvarint(br)
	if err != nil || n > maxCorpusShingles {
		return nil, ErrCorpus
	}
	h := make([]uint32, 0, min(n, 1<<16))
	prev := uint64(0)
	for i := uint64(0); i < n; i++ {
		d, err := readUvarint(br)
		if err != nil || (i > 0 && d == 0) || prev+d > 0xFFFFFFFF {
			return nil, ErrCorpus
		}
		prev += d
		h = append(h, uint32(prev))
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, ErrCorpus
	}
	return &Corpus{h: h}, nil
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
