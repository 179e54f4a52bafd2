package probe

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// reader is the one way a probe reads what a server sends: an HTTP body, an
// event stream, the child's standard output. It never holds more than max
// bytes of one message (a body, an event, a line), however the server
// frames it: a line is refused as soon as its message passes the cap, not
// when the line ends, so a server that streams without a line break costs
// at most max bytes and a buffer.
type reader struct {
	br  *bufio.Reader
	max int64
}

// readBuffer is the size of the buffer under each reader.
const readBuffer = 64 << 10

func newReader(r io.Reader, max int64) *reader {
	return &reader{br: bufio.NewReaderSize(r, readBuffer), max: max}
}

// tooLarge is the error of a message over its cap.
func tooLarge(what string, limit int64) error {
	return fmt.Errorf("%w: %s over %d bytes", ErrTooLarge, what, limit)
}

// all reads the rest of the input as one message, in chunks joined once
// the input has ended within the cap (as line does).
func (r *reader) all() ([]byte, error) {
	var chunks [][]byte
	var n int64
	for {
		chunk := make([]byte, readBuffer)
		k, err := io.ReadFull(r.br, chunk)
		if n += int64(k); n > r.max {
			return nil, tooLarge("a body", r.max)
		}
		chunks = append(chunks, chunk[:k])
		switch {
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			return bytes.Join(chunks, nil), nil
		case err != nil:
			return nil, fmt.Errorf("%w: %v", ErrTransport, err)
		}
	}
}

// line reads the next line into a new slice, without its line ending (LF
// or CRLF). The line belongs to a message (what) of which used bytes have
// been read, capped at limit bytes (at most r.max): line fails with
// ErrTooLarge as soon as the message passes its cap. It returns io.EOF only
// when no byte is left. A long line is gathered in the buffer's chunks and
// joined once it has ended within the cap: a line that never does holds at
// most the cap, never the doubling of a growing slice.
func (r *reader) line(used, limit int64, what string) ([]byte, error) {
	limit = min(limit, r.max)
	budget := limit - used
	var chunks [][]byte
	var n int64
	for {
		chunk, err := r.br.ReadSlice('\n')
		if n += int64(len(chunk)); n > budget+2 { // +2: the line ending
			return nil, tooLarge(what, limit)
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			chunks = append(chunks, bytes.Clone(chunk))
			continue
		case err == nil, errors.Is(err, io.EOF) && n > 0:
			line := bytes.Join(append(chunks, chunk), nil)
			if line = trimEOL(line); int64(len(line)) > budget {
				return nil, tooLarge(what, limit)
			}
			return line, nil
		case errors.Is(err, io.EOF):
			return nil, io.EOF
		default:
			return nil, fmt.Errorf("%w: %v", ErrTransport, err)
		}
	}
}

func trimEOL(line []byte) []byte {
	line = bytes.TrimSuffix(line, []byte{'\n'})
	return bytes.TrimSuffix(line, []byte{'\r'})
}

// discard reads and drops up to n bytes (the body of a response whose
// content does not matter), so that the connection can be reused.
func (r *reader) discard(n int64) {
	_, _ = io.CopyN(io.Discard, r.br, n)
}
