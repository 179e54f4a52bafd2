package shield

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"
)

// idSource makes scan ids: UUIDs of version 7 (RFC 9562 §5.7), whose first
// 48 bits are the Unix time in milliseconds. Within one millisecond the
// 12-bit rand_a field is a counter (RFC 9562 §6.2, method 1) that starts at
// a random value below 2048, so the ids of one source are strictly
// increasing, as strings too; the last 62 bits are random. When the counter
// runs out, or the clock steps back, the timestamp is advanced past the
// last one used.
type idSource struct {
	mu      sync.Mutex
	lastMS  int64
	counter uint16
}

func newIDSource() *idSource { return &idSource{} }

func (s *idSource) next(now time.Time) string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24)
	s.mu.Lock()
	ms := now.UnixMilli()
	if ms <= s.lastMS {
		ms = s.lastMS
		s.counter++
		if s.counter > 0xFFF {
			ms++
			s.counter = uint16(b[6]&0x07)<<8 | uint16(b[7])
		}
	} else {
		s.counter = uint16(b[6]&0x07)<<8 | uint16(b[7])
	}
	s.lastMS = ms
	ctr := s.counter
	s.mu.Unlock()

	b[0], b[1], b[2] = byte(ms>>40), byte(ms>>32), byte(ms>>24)
	b[3], b[4], b[5] = byte(ms>>16), byte(ms>>8), byte(ms)
	b[6] = 0x70 | byte(ctr>>8)
	b[7] = byte(ctr)
	b[8] = 0x80 | b[8]&0x3F
	var out [36]byte
	hex.Encode(out[0:8], b[0:4])
	out[8] = '-'
	hex.Encode(out[9:13], b[4:6])
	out[13] = '-'
	hex.Encode(out[14:18], b[6:8])
	out[18] = '-'
	hex.Encode(out[19:23], b[8:10])
	out[23] = '-'
	hex.Encode(out[24:], b[10:])
	return string(out[:])
}
