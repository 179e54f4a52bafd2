// Package mailparts reads a raw e-mail message (RFC 5322, MIME) into the
// texts a scan reads: the Subject, the From display name, and every text
// part decoded from its transfer encoding (base64, quoted-printable) and
// its charset, each named by an id.
//
// Part ids: "header:subject", "header:from", then "body" for the body of a
// message that is not multipart, or the part's path in the MIME tree,
// "1", "2", "2.1", … (a message/rfc822 part's own headers and body are
// below its path: "3.header:subject", "3.body", "3.1", …).
//
// # Bounds
//
// Nesting of multiparts and enclosed messages is at most MaxDepth levels,
// a message has at most MaxParts parts, and the bytes decoded from the
// transfer encodings of all its parts are at most MaxDecoded (a charset's
// decoding can make the text up to three times as long): what lies beyond
// is not read, and the Part where a bound was reached says so in its
// Problem.
// The headers are read by net/mail, which holds them in memory.
//
// # What it does not claim
//
// Parts that are not text (images, application/*) are listed, not decoded.
// A part whose transfer encoding or charset cannot be decoded is returned
// as its raw bytes with a Problem, never dropped. The MIME structure is
// read as net/mail and mime/multipart read it; a mail client that reads a
// malformed message differently may show other text.
package mailparts

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"strings"

	"golang.org/x/text/encoding/htmlindex"
)

// The bounds.
const (
	MaxDepth   = 8
	MaxParts   = 256
	MaxDecoded = 32 << 20
)

// ErrMalformed is returned (wrapped) when the message's header cannot be
// read at all.
var ErrMalformed = errors.New("malformed message")

// Error is the error Read returns.
type Error struct {
	Err error // ErrMalformed
	Msg string
}

func (e *Error) Error() string { return "mailparts: " + e.Msg }

// Unwrap returns ErrMalformed.
func (e *Error) Unwrap() error { return e.Err }

// Part is one text of the message.
type Part struct {
	// ID names the part (see the package doc).
	ID string
	// ContentType is the media type, lowercase ("text/plain", "text/html",
	// or "header" for a header).
	ContentType string
	// Charset is the charset the text was decoded from, lowercase, when
	// one was declared.
	Charset string
	// Text is the decoded text, UTF-8. Empty for a part that is not text.
	Text string
	// Problem, when not empty, says what could not be done: a part that
	// is not text, an undecodable transfer encoding or charset (then Text
	// holds the bytes as they were), a bound reached.
	Problem string
}

// HTML reports whether the part is text/html.
func (p Part) HTML() bool { return p.ContentType == "text/html" }

type reader struct {
	parts   []Part
	decoded int
}

// Read reads the raw message.
func Read(raw []byte) ([]Part, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return nil, &Error{Err: ErrMalformed, Msg: fmt.Sprintf("reading the header: %v", err)}
	}
	r := &reader{}
	r.message(msg, "", 0)
	return r.parts, nil
}

var words = &mime.WordDecoder{CharsetReader: func(charset string, in io.Reader) (io.Reader, error) {
	enc, err := htmlindex.Get(charset)
	if err != nil {
		return nil, err
	}
	return enc.NewDecoder().Reader(in), nil
}}

func (r *reader) add(p Part) bool {
	if len(r.parts) >= MaxParts {
		if n := len(r.parts); n > 0 && r.parts[n-1].Problem == "" {
			r.parts[n-1].Problem = fmt.Sprintf("more than %d parts: the rest was not read", MaxParts)
		}
		return false
	}
	r.parts = append(r.parts, p)
	return true
}

func (r *reader) message(msg *mail.Message, prefix string, depth int) {
	if s := msg.Header.Get("Subject"); s != "" {
		p := Part{ID: prefix + "header:subject", ContentType: "header"}
		dec, err := words.DecodeHeader(s)
		if err != nil {
			dec, p.Problem = s, fmt.Sprintf("encoded words: %v", err)
		}
		p.Text = dec
		r.add(p)
	}
	if s := msg.Header.Get("From"); s != "" {
		p := Part{ID: prefix + "header:from", ContentType: "header"}
		if addr, err := (&mail.AddressParser{WordDecoder: words}).Parse(s); err == nil {
			p.Text = addr.Name
		} else if dec, err := words.DecodeHeader(s); err == nil {
			p.Text = dec
		} else {
			p.Text, p.Problem = s, fmt.Sprintf("encoded words: %v", err)
		}
		if p.Text != "" {
			r.add(p)
		}
	}
	r.entity(textproto(msg.Header), msg.Body, prefix+"body", prefix, depth)
}

// header is what entity needs of a MIME header.
type header interface{ Get(string) string }

func textproto(h mail.Header) header { return h }

// entity reads one MIME entity: a multipart's children get ids
// childPrefix+"1", …; a leaf gets id.
func (r *reader) entity(h header, body io.Reader, id, childPrefix string, depth int) {
	ct := h.Get("Content-Type")
	mediaType, params, err := mime.ParseMediaType(ct)
	if ct == "" || err != nil {
		mediaType, params = "text/plain", map[string]string{}
	}
	if depth >= MaxDepth && (strings.HasPrefix(mediaType, "multipart/") || mediaType == "message/rfc822") {
		r.add(Part{ID: id, ContentType: mediaType, Problem: fmt.Sprintf("nested more than %d levels: not read", MaxDepth)})
		return
	}
	switch {
	case strings.HasPrefix(mediaType, "multipart/"):
		boundary := params["boundary"]
		if boundary == "" {
			r.leaf(h, body, id, "text/plain", params, "multipart without a boundary: read as text")
			return
		}
		mr := multipart.NewReader(body, boundary)
		for n := 1; ; n++ {
			part, err := mr.NextRawPart()
			if err == io.EOF {
				return
			}
			if err != nil {
				r.add(Part{ID: fmt.Sprintf("%s%d", childPrefix, n), ContentType: mediaType, Problem: fmt.Sprintf("multipart: %v", err)})
				return
			}
			if len(r.parts) >= MaxParts {
				r.add(Part{}) // refused: marks the last part as the bound
				return
			}
			cid := fmt.Sprintf("%s%d", childPrefix, n)
			r.entity(part.Header, part, cid, cid+".", depth+1)
		}
	case mediaType == "message/rfc822":
		data, problem := r.decode(h, body)
		msg, err := mail.ReadMessage(bytes.NewReader(data))
		if err != nil {
			r.add(Part{ID: id, ContentType: mediaType, Text: string(data), Problem: strings.TrimPrefix(problem+"; ", "; ") + fmt.Sprintf("enclosed message: %v: read as text", err)})
			return
		}
		r.message(msg, strings.TrimSuffix(id, "body")+".", depth+1)
	case strings.HasPrefix(mediaType, "text/"):
		r.leaf(h, body, id, mediaType, params, "")
	default:
		r.add(Part{ID: id, ContentType: mediaType, Problem: "not text: not scanned"})
	}
}

// decode reads body through its transfer encoding, within the size bound.
func (r *reader) decode(h header, body io.Reader) ([]byte, string) {
	var in io.Reader = body
	raw := false
	switch cte := strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))); cte {
	case "base64":
		in = base64.NewDecoder(base64.StdEncoding, &skipSpace{r: body})
	case "quoted-printable":
		in = quotedprintable.NewReader(body)
	case "", "7bit", "8bit", "binary":
		raw = true
	}
	room := MaxDecoded - r.decoded
	data, err := io.ReadAll(io.LimitReader(in, int64(room)+1))
	problem := ""
	if len(data) > room {
		data, problem = data[:room], fmt.Sprintf("decoded text over %d bytes: the rest was not read", MaxDecoded)
	} else if err != nil && !raw {
		problem = fmt.Sprintf("transfer encoding: %v (decoded up to the error)", err)
	}
	r.decoded += len(data)
	return data, problem
}

func (r *reader) leaf(h header, body io.Reader, id, mediaType string, params map[string]string, problem string) {
	data, p2 := r.decode(h, body)
	if p2 != "" {
		problem = strings.TrimPrefix(problem+"; "+p2, "; ")
	}
	p := Part{ID: id, ContentType: mediaType, Charset: strings.ToLower(params["charset"]), Problem: problem}
	text, err := decodeCharset(data, p.Charset)
	if err != nil {
		p.Problem = strings.TrimPrefix(p.Problem+"; "+err.Error(), "; ")
	}
	p.Text = text
	r.add(p)
}

// decodeCharset decodes data from charset (WHATWG encoding labels) to
// UTF-8. An unknown charset leaves the bytes as they are, with an error.
func decodeCharset(data []byte, charset string) (string, error) {
	switch charset {
	case "", "utf-8", "utf8", "us-ascii", "ascii":
		return string(data), nil
	}
	enc, err := htmlindex.Get(charset)
	if err != nil {
		return string(data), fmt.Errorf("charset %q unknown: read as UTF-8", charset)
	}
	out, err := enc.NewDecoder().Bytes(data)
	if err != nil {
		return string(data), fmt.Errorf("charset %q: %v: read as UTF-8", charset, err)
	}
	return string(out), nil
}

// skipSpace drops whitespace, which base64 bodies hold between lines.
type skipSpace struct{ r io.Reader }

func (s *skipSpace) Read(p []byte) (int, error) {
	for {
		n, err := s.r.Read(p)
		k := 0
		for _, c := range p[:n] {
			if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
				p[k] = c
				k++
			}
		}
		if k > 0 || err != nil {
			return k, err
		}
	}
}
