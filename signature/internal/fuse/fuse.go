// Package fuse is a binary fuse filter with 8-bit fingerprints: a compact,
// immutable set of 64-bit keys with no false negatives and a false-positive
// rate of about 2^-8 (1 in 256), in about 9 bits per key (Thomas Mueller
// Graf and Daniel Lemire, "Binary Fuse Filters: Fast and Smaller Than Xor
// Filters", ACM Journal of Experimental Algorithmics 27, 2022; the 3-wise
// construction of their section 3, with the segment length and size
// factor of their reference code).
//
// The signature package keeps its benign corpus in one: a shingle of a
// report found in the filter is counted as benign.
//
// # Bounds
//
// [Read] refuses a filter of more than MaxLen fingerprints, a length that
// does not follow from the header, and trailing bytes; it allocates no
// more than the input's length. [Filter.Contains] costs one hash and three
// memory reads, whatever the input. [New] is linear in the number of keys
// (expected; each failed peeling, rare, retries with the next seed, at
// most 64 times).
//
// # What it does not claim
//
// A key not in the set is reported present with a chance of about 1/256
// (measured in the tests); that is the price of the size. Keys must be
// distinct uniformly distributed 64-bit values for the rate to hold
// (New removes repeats; it mixes the keys with a seeded bijection).
package fuse

import (
	"encoding/binary"
	"errors"
	"math"
	"math/bits"
	"slices"
)

// Filter is a binary fuse filter with 8-bit fingerprints. The zero value
// and a nil *Filter are the empty set. A Filter is immutable and safe for
// concurrent use.
type Filter struct {
	seed               uint64
	segmentLength      uint32
	segmentLengthMask  uint32
	segmentCount       uint32
	segmentCountLength uint32
	keys               uint32
	fingerprints       []uint8
}

// MaxLen is the largest number of fingerprints [Read] accepts (2^28, a
// filter of about 240 million keys).
const MaxLen = 1 << 28

// ErrFormat is returned by [Read] for bytes that are not a filter written
// by [Filter.MarshalBinary].
var ErrFormat = errors.New("fuse: malformed filter")

// ErrTooMany is returned by [New] for more than 2^31 keys.
var ErrTooMany = errors.New("fuse: too many keys")

// ErrConstruct is returned by [New] when 64 seeds all failed to peel
// (which, for distinct keys, does not happen in practice).
var ErrConstruct = errors.New("fuse: construction failed")

func murmur64(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

func fingerprint(h uint64) uint8 { return uint8(h ^ h>>32) }

func (f *Filter) positions(h uint64) (uint32, uint32, uint32) {
	hi, _ := bits.Mul64(h, uint64(f.segmentCountLength))
	h0 := uint32(hi)
	h1 := h0 + f.segmentLength
	h2 := h1 + f.segmentLength
	h1 ^= uint32(h>>18) & f.segmentLengthMask
	h2 ^= uint32(h) & f.segmentLengthMask
	return h0, h1, h2
}

// params sets the shape of a filter of size keys (the reference code's
// initialization for arity 3).
func (f *Filter) params(size uint32) {
	const arity = 3
	if size <= 1 {
		f.segmentLength = 4
	} else {
		f.segmentLength = 1 << int(math.Floor(math.Log(float64(size))/math.Log(3.33)+2.25))
	}
	f.segmentLength = min(f.segmentLength, 1<<18)
	f.segmentLengthMask = f.segmentLength - 1
	factor := 1.125
	if size > 1 {
		factor = max(1.125, 0.875+0.25*math.Log(1e6)/math.Log(float64(size)))
	}
	capacity := uint32(0)
	if size > 1 {
		capacity = uint32(math.Round(float64(size) * factor))
	}
	initCount := (capacity+f.segmentLength-1)/f.segmentLength - (arity - 1)
	if int32(initCount) < 0 {
		initCount = 0
	}
	length := (initCount + arity - 1) * f.segmentLength
	f.segmentCount = (length + f.segmentLength - 1) / f.segmentLength
	if f.segmentCount <= arity-1 {
		f.segmentCount = 1
	} else {
		f.segmentCount -= arity - 1
	}
	f.segmentCountLength = f.segmentCount * f.segmentLength
}

func (f *Filter) length() uint32 { return (f.segmentCount + 2) * f.segmentLength }

// New builds a filter holding keys (repeats are removed; keys is not
// modified).
func New(keys []uint64) (*Filter, error) {
	if len(keys) > 1<<31 {
		return nil, ErrTooMany
	}
	ks := slices.Clone(keys)
	slices.Sort(ks)
	ks = slices.Compact(ks)
	if len(ks) == 0 {
		return &Filter{}, nil
	}
	f := &Filter{keys: uint32(len(ks))}
	f.params(uint32(len(ks)))
	n := f.length()
	count := make([]uint8, n) // number of keys << 2 | xor of their slot indices
	xor := make([]uint64, n)
	hashes := make([]uint64, len(ks))
	stack := make([]uint64, 0, len(ks))
	slot := make([]uint8, 0, len(ks))
	queue := make([]uint32, 0, n)
	seed := uint64(0x9E3779B97F4A7C15)
	for try := 0; try < 64; try++ {
		clear(count)
		clear(xor)
		stack, slot, queue = stack[:0], slot[:0], queue[:0]
		overflow := false
		for i, k := range ks {
			h := murmur64(k + seed)
			hashes[i] = h
			h0, h1, h2 := f.positions(h)
			for j, p := range [3]uint32{h0, h1, h2} {
				if count[p] >= 0xFC {
					overflow = true
				}
				count[p] += 4
				count[p] ^= uint8(j)
				xor[p] ^= h
			}
		}
		if !overflow {
			for p := uint32(0); p < n; p++ {
				if count[p]>>2 == 1 {
					queue = append(queue, p)
				}
			}
			for len(queue) > 0 {
				p := queue[len(queue)-1]
				queue = queue[:len(queue)-1]
				if count[p]>>2 != 1 {
					continue
				}
				h := xor[p]
				found := count[p] & 3
				stack = append(stack, h)
				slot = append(slot, found)
				h0, h1, h2 := f.positions(h)
				ps := [3]uint32{h0, h1, h2}
				for j := uint8(0); j < 3; j++ {
					if j == found {
						continue
					}
					q := ps[j]
					count[q] -= 4
					count[q] ^= j
					xor[q] ^= h
					if count[q]>>2 == 1 {
						queue = append(queue, q)
					}
				}
				count[p] = 0
				xor[p] = 0
			}
			if len(stack) == len(ks) {
				f.seed = seed
				fp := make([]uint8, n)
				for i := len(stack) - 1; i >= 0; i-- {
					h := stack[i]
					h0, h1, h2 := f.positions(h)
					ps := [5]uint32{h0, h1, h2, h0, h1}
					s := slot[i]
					fp[ps[s]] = fingerprint(h) ^ fp[ps[s+1]] ^ fp[ps[s+2]]
				}
				f.fingerprints = fp
				return f, nil
			}
		}
		seed = murmur64(seed + 1)
	}
	return nil, ErrConstruct
}

// Contains reports whether key is in the set: always true for a key given
// to New, and true with a chance of about 1/256 for any other.
func (f *Filter) Contains(key uint64) bool {
	if f == nil || len(f.fingerprints) == 0 {
		return false
	}
	h := murmur64(key + f.seed)
	h0, h1, h2 := f.positions(h)
	return fingerprint(h)^f.fingerprints[h0]^f.fingerprints[h1]^f.fingerprints[h2] == 0
}

// Len returns the number of keys the filter was built from.
func (f *Filter) Len() int {
	if f == nil {
		return 0
	}
	return int(f.keys)
}

// Size returns the filter's size in bytes: its fingerprints.
func (f *Filter) Size() int {
	if f == nil {
		return 0
	}
	return len(f.fingerprints)
}

// header is the fixed part of the binary form: magic, seed, key count,
// segment length, segment count (all little-endian).
const (
	magic      = "fuse8\x00v1"
	headerSize = len(magic) + 8 + 4 + 4 + 4
)

// MarshalBinary returns the filter's binary form: the 8-byte magic
// "fuse8\0v1", the seed (8 bytes), the key count, segment length and
// segment count (4 bytes each, all little-endian), then the fingerprints.
// An empty filter has segment length and count 0 and no fingerprints.
func (f *Filter) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, headerSize+f.Size())
	b = append(b, magic...)
	if f == nil || len(f.fingerprints) == 0 {
		return append(b, make([]byte, 20)...), nil
	}
	b = binary.LittleEndian.AppendUint64(b, f.seed)
	b = binary.LittleEndian.AppendUint32(b, f.keys)
	b = binary.LittleEndian.AppendUint32(b, f.segmentLength)
	b = binary.LittleEndian.AppendUint32(b, f.segmentCount)
	return append(b, f.fingerprints...), nil
}

// Read decodes the binary form of [Filter.MarshalBinary]. It refuses, with
// ErrFormat, a wrong magic, a segment length that is not a power of two
// from 4 to 2^18, a shape whose length is not the rest of the input or is
// over MaxLen, and a key count larger than the fingerprints could hold.
// The filter shares no memory with b.
func Read(b []byte) (*Filter, error) {
	if len(b) < headerSize || string(b[:len(magic)]) != magic {
		return nil, ErrFormat
	}
	p := b[len(magic):]
	f := &Filter{
		seed:          binary.LittleEndian.Uint64(p),
		keys:          binary.LittleEndian.Uint32(p[8:]),
		segmentLength: binary.LittleEndian.Uint32(p[12:]),
		segmentCount:  binary.LittleEndian.Uint32(p[16:]),
	}
	rest := b[headerSize:]
	if f.segmentLength == 0 && f.segmentCount == 0 {
		if f.seed != 0 || f.keys != 0 || len(rest) != 0 {
			return nil, ErrFormat
		}
		return &Filter{}, nil
	}
	if f.segmentLength < 4 || f.segmentLength > 1<<18 || f.segmentLength&(f.segmentLength-1) != 0 ||
		f.segmentCount == 0 || uint64(f.segmentCount)+2 > MaxLen/uint64(f.segmentLength) {
		return nil, ErrFormat
	}
	f.segmentLengthMask = f.segmentLength - 1
	f.segmentCountLength = f.segmentCount * f.segmentLength
	if uint64(len(rest)) != uint64(f.length()) || f.keys > f.length() {
		return nil, ErrFormat
	}
	f.fingerprints = slices.Clone(rest)
	return f, nil
}
