package shield

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/shield/urllist"
)

// DefaultMaxContentBytes bounds the content a scanner accepts when
// Options.MaxContentBytes is zero.
const DefaultMaxContentBytes = 8 << 20

// DefaultMaxSignals is the number of signals of each class a response
// lists when Options.MaxSignals is zero.
const DefaultMaxSignals = 200

// Options configures a Scanner. The zero value is a working scanner that
// signs nothing, knows the shipped list of known-bad URLs
// (urllist.Default) and no community signatures, and uses the default
// thresholds. The ssrf class always judges addresses by the
// pre-call guard's rules (package guard), so that it flags exactly the
// addresses a guarded client refuses to dial.
type Options struct {
	// Signer signs each receipt (a receipt.KeyRing, package
	// [github.com/plainsight/plainsight/shield/receipt]); nil leaves
	// Receipt.Signature empty.
	Signer Signer
	// URLs is the operator's list the known_bad_url class looks hosts up
	// in (package [github.com/plainsight/plainsight/shield/urllist]),
	// besides the shipped list; nil means none.
	URLs *urllist.List
	// NoDefaultURLs turns off the shipped known_bad_url list
	// ([urllist.Default]: published test URLs and out-of-band sinks, issue
	// 27), leaving URLs alone.
	NoDefaultURLs bool
	// Signatures, when set, adds community signature matches to the
	// prompt_injection class.
	Signatures SignatureMatcher
	// Thresholds are the block thresholds; nil means DefaultThresholds.
	Thresholds *Scores
	// MaxContentBytes bounds the content; zero means
	// DefaultMaxContentBytes.
	MaxContentBytes int
	// MaxSignals bounds the signals listed per class; zero means
	// DefaultMaxSignals, negative means no bound.
	MaxSignals int
	// Now returns the time of a receipt; nil means time.Now.
	Now func() time.Time
}

// Signer signs a response's receipt (§3.2; the signed receipts §8 plans
// for v0.2): SignReceipt returns Receipt.Signature for resp, whose own
// Signature is empty. Package
// [github.com/plainsight/plainsight/shield/receipt]'s KeyRing is the one
// this module ships (a detached JWS, EdDSA); an error fails the scan.
type Signer interface {
	SignReceipt(resp Response) (string, error)
}

// Scanner scans requests (§3) with a fixed configuration. It is safe for
// concurrent use.
type Scanner struct {
	opts       Options
	thresholds Scores
	ids        *idSource
	// detectors run in this order on every scan, each with its own
	// configuration; they share nothing but the input.
	detectors []detector
}

// ErrOptions is returned (wrapped) by New for options it cannot work
// with: a threshold outside (0,1], a negative content bound.
var ErrOptions = errors.New("shield: invalid options")

// New returns a scanner configured by opts.
func New(opts Options) (*Scanner, error) {
	s := &Scanner{opts: opts, thresholds: DefaultThresholds, ids: newIDSource()}
	if opts.Thresholds != nil {
		for _, c := range Classes() {
			if v := opts.Thresholds.Get(c); !(v > 0 && v <= 1) {
				return nil, fmt.Errorf("%w: %s threshold %v is not in (0,1]", ErrOptions, c, v)
			}
		}
		s.thresholds = *opts.Thresholds
	}
	if opts.MaxContentBytes < 0 {
		return nil, fmt.Errorf("%w: negative MaxContentBytes", ErrOptions)
	}
	if s.opts.MaxContentBytes == 0 {
		s.opts.MaxContentBytes = DefaultMaxContentBytes
	}
	if s.opts.MaxSignals == 0 {
		s.opts.MaxSignals = DefaultMaxSignals
	}
	if s.opts.Now == nil {
		s.opts.Now = time.Now
	}
	s.detectors = []detector{
		injectionDetector{signatures: s.opts.Signatures},
		secretsDetector{},
		piiDetector{},
		urlDetector{list: s.opts.URLs, defaults: defaultURLs(s.opts), addrs: builtinAddresses},
	}
	return s, nil
}

// defaultURLs is the shipped known_bad_url list unless opts turn it off.
func defaultURLs(opts Options) *urllist.List {
	if opts.NoDefaultURLs {
		return nil
	}
	return urllist.Default()
}

// Thresholds returns the block thresholds the scanner's verdicts use.
func (s *Scanner) Thresholds() Scores { return s.thresholds }

// hit is a signal in byte offsets, before positions are converted.
type hit struct {
	class      Class
	kind       string
	conf       float64
	start, end int
}

// A detector finds the signals of its class (§3.2) in a scan's input and
// passes each to add. It reads nothing but the input and its own
// configuration, and it sees no other detector's hits, so the detectors'
// order changes no signal. An error fails the scan.
type detector interface {
	detect(ctx context.Context, in *input, add func(hit)) error
}

// input is what every detector of one scan reads, computed once: the
// content, and what package scan found in it (findings the
// prompt_injection detector turns into signals, and the decoded text of
// base64 payloads, which the secrets detector looks into).
type input struct {
	text string
	// findings are package scan's findings in the view's text, every one
	// kept (MaxFindings -1), sanitized text omitted, their ByteStart and
	// ByteEnd in the content (see newInput).
	findings []scan.Finding
	// decoded holds the base64 payloads scan decoded to text (opaque
	// ones, images and archives, left out), in order of position.
	decoded []decodedBlob
	// view is the text the judgement detectors read (see view.go).
	view *view
	// egress holds the shorter encoded runs scan does not decode
	// (egress.go), in order of position.
	egress []egressBlob
}

// decodedBlob is a base64 payload's span and decoded text.
type decodedBlob struct {
	start, end int
	text       string
}

// newInput scans text with package scan, once for all detectors. Content
// that is JSON is scanned through its view (view.go), so that markup,
// invisible characters and base64 written with JSON escapes, or split
// across fields, are found; each finding's ByteStart and ByteEnd are then
// mapped back to the content (Start, End and the UTF-16 offsets stay
// counts of the view's text: lengths, not positions in the content).
func newInput(text string) (*input, error) {
	v := newView(text)
	res, err := scan.Scan(v.text, &scan.Options{OmitSanitized: true, OmitExcerpts: true, MaxFindings: -1})
	if err != nil {
		return nil, err
	}
	if v.json != nil {
		for i := range res.Findings {
			f := &res.Findings[i]
			f.ByteStart, f.ByteEnd = v.span(f.ByteStart, f.ByteEnd)
		}
	}
	in := &input{text: text, findings: res.Findings, view: v}
	for _, f := range res.Findings {
		if f.Class == scan.Base64Blob && !f.Opaque {
			in.decoded = append(in.decoded, decodedBlob{f.ByteStart, f.ByteEnd, f.Decoded})
		}
	}
	in.egress = egressDecode(text, in.decoded)
	return in, nil
}

// collector gathers the hits of one scan: the strongest confidence of
// each kind for the scores (so every hit counts), and at most max hits of
// each class for the response.
type collector struct {
	max       int
	byKind    map[Class]map[string]float64
	kept      []hit
	perClass  map[Class]int
	truncated bool
}

func newCollector(max int) *collector {
	return &collector{max: max, byKind: map[Class]map[string]float64{}, perClass: map[Class]int{}}
}

func (c *collector) add(h hit) {
	m := c.byKind[h.class]
	if m == nil {
		m = map[string]float64{}
		c.byKind[h.class] = m
	}
	if h.conf > m[h.kind] {
		m[h.kind] = h.conf
	}
	if c.max >= 0 && c.perClass[h.class] >= c.max {
		c.truncated = true
		return
	}
	c.perClass[h.class]++
	c.kept = append(c.kept, h)
}

// Scan scans req and returns the verdict, the scores, the signals and a
// receipt (§3.2). Everything in req is data (§3.1, §7): the context
// selects nothing and no content can change how it is read. A request
// with an unknown source or direction, or too much content, is refused
// with a *RequestError; a failing SignatureMatcher or signing key fails the
// scan. The content itself never leaves this call except as its hash.
func (s *Scanner) Scan(ctx context.Context, req Request) (Response, error) {
	if !req.Context.Source.valid() {
		return Response{}, requestError("context.source", string(req.Context.Source), ErrUnknownSource)
	}
	if !req.Context.Direction.valid() {
		return Response{}, requestError("context.direction", string(req.Context.Direction), ErrUnknownDirection)
	}
	if len(req.Content) > s.opts.MaxContentBytes {
		return Response{}, requestError("content", "", ErrContentTooLarge)
	}
	text := req.Content
	if err := ctx.Err(); err != nil {
		return Response{}, err
	}
	in, err := newInput(text)
	if err != nil {
		return Response{}, err
	}
	c := newCollector(s.opts.MaxSignals)
	add := c.add
	if in.toolDefinition() {
		add = toolDefFilter(in, add)
	}
	for _, d := range s.detectors {
		if err := ctx.Err(); err != nil {
			return Response{}, err
		}
		if err := d.detect(ctx, in, add); err != nil {
			return Response{}, err
		}
	}
	resp := Response{
		Engine:    Engine{ID: EngineID, Version: EngineVersion},
		Signals:   positions(text, c.kept),
		Truncated: c.truncated,
	}
	in.view.fields(resp.Signals)
	for _, cl := range Classes() {
		resp.Scores.set(cl, combine(c.byKind[cl]))
	}
	resp.Verdict = verdictOf(resp.Scores, s.thresholds, len(c.byKind) > 0)
	resp.Receipt = Receipt{
		ScanID:      s.ids.next(s.opts.Now()),
		ContentHash: HashContent(text),
		Timestamp:   timestamp(s.opts.Now()),
	}
	if s.opts.Signer != nil {
		sig, err := s.opts.Signer.SignReceipt(resp)
		if err != nil {
			return Response{}, err
		}
		resp.Receipt.Signature = sig
	}
	return resp, nil
}

// verdictOf applies the bands of §3.2: malicious when a class reaches its
// block threshold, suspicious when any signal is present below it, clean
// otherwise.
func verdictOf(sc, th Scores, anySignal bool) Verdict {
	for _, c := range Classes() {
		if sc.Get(c) >= th.Get(c) && sc.Get(c) > 0 {
			return Malicious
		}
	}
	if anySignal {
		return Suspicious
	}
	return Clean
}

// sortHits orders hits by start, end, class, kind.
func sortHits(hs []hit) {
	slices.SortFunc(hs, func(a, b hit) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end),
			cmp.Compare(a.class, b.class), cmp.Compare(a.kind, b.kind))
	})
}
