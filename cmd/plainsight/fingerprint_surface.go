package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/probe"
	"github.com/plainsight/plainsight/scan"
)

// surfaceRun is `plainsight fingerprint --surface` (or --check of a
// surface record): the extended profile of issue 30, item 1.
type surfaceRun struct {
	format, from, pin string
	name              string
	version           *string // --server-version, nil when not given
	command           []string
	url               string
	pinned            *fingerprint.SurfaceRecord // --check
	profile           scan.Profile
}

// run gathers the surface and prints it, pins it or checks it.
func (o *surfaceRun) run(stdin io.Reader, stdout, stderr io.Writer) int {
	var s *fingerprint.Surface
	var err error
	switch {
	case o.from != "":
		in := scanInput{path: o.from, stdin: o.from == "-"}
		data, release, rerr := readInput(in, stdin, maxToolsSize)
		if rerr != nil {
			fmt.Fprintf(stderr, "plainsight fingerprint: %s\n", describe(rerr))
			return exitError
		}
		s, err = savedSurface(data, fingerprint.Server{Name: o.name, Version: o.version})
		release()
		if err != nil {
			fmt.Fprintf(stderr, "plainsight fingerprint: %s: %s\n", visible(o.from), describe(err))
			if errors.Is(err, fingerprint.ErrInvalidJSON) || errors.Is(err, errMorePages) {
				return exitError
			}
			return exitFound
		}
	case len(o.command) > 0:
		ctx, stop := probeContext()
		s, err = probe.Stdio{Command: o.command, Stderr: io.Discard}.ProbeSurface(ctx)
		stop()
	default:
		ctx, stop := probeContext()
		s, err = probe.HTTP{URL: o.url, Client: cliGuard(guard.Policy{AllowLoopback: true}).Client()}.ProbeSurface(ctx)
		stop()
	}
	if refusedLists(err) {
		fmt.Fprintf(stderr, "plainsight fingerprint: the server's lists are refused: %s\n", describe(err))
		return exitFound
	}
	if err != nil {
		if o.pinned != nil {
			_ = writeSurfaceCheck(stdout, o.format, *o.pinned, nil, err, o.profile)
		}
		fmt.Fprintf(stderr, "plainsight fingerprint: unreachable: %s\n", describe(err))
		return exitError
	}
	rec, err := fingerprint.NewSurfaceRecord(s)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight fingerprint: %s\n", describe(err))
		return exitFound
	}
	if o.pinned != nil {
		if err := writeSurfaceCheck(stdout, o.format, *o.pinned, &rec, nil, o.profile); err != nil {
			fmt.Fprintf(stderr, "plainsight fingerprint: %s\n", describe(err))
			return exitError
		}
		if rec.Fingerprint == o.pinned.Fingerprint {
			return exitClean
		}
		return exitFound
	}
	data, err := rec.MarshalJSON()
	if err != nil {
		fmt.Fprintf(stderr, "plainsight fingerprint: %s\n", describe(err))
		return exitFound
	}
	if o.pin != "" {
		if err := writeRecordFile(o.pin, data); err != nil {
			fmt.Fprintf(stderr, "plainsight fingerprint: %s\n", describe(err))
			return exitError
		}
	}
	if o.format == "json" {
		in, _ := s.Input()
		fmt.Fprintf(stdout, "{\"profile\":\"extended\",\"fingerprint\":%q,\"input\":%s,\"record\":%s,\"note\":%q}\n", rec.Fingerprint, in, data, precall.IntegrityNote)
		return exitClean
	}
	if err := writeSurface(stdout, s, rec.Fingerprint, o.profile); err != nil {
		fmt.Fprintf(stderr, "plainsight fingerprint: writing output: %s\n", describe(err))
		return exitError
	}
	return exitClean
}

// refusedLists reports whether err is a list the profile refuses: the
// server answered, with definitions that cannot be fingerprinted.
func refusedLists(err error) bool {
	for _, e := range []error{fingerprint.ErrInvalidTool, fingerprint.ErrDuplicateName, fingerprint.ErrInvalidEntry, fingerprint.ErrDuplicateKey} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// savedSurface reads saved lists: a bare array of tools, or an object (a
// list result, or a JSON-RPC response holding one) with any of the
// members "tools", "prompts", "resources" and "resourceTemplates" — the
// results of the four lists merged into one object.
func savedSurface(data []byte, server fingerprint.Server) (*fingerprint.Surface, error) {
	if strings.HasPrefix(strings.TrimLeft(string(data), " \t\r\n"), "[") {
		return fingerprint.NewSurface(server, "", "", fingerprint.Lists{Tools: data})
	}
	v, err := canon.Parse(data, canon.Limits{MaxDepth: 260})
	if err != nil || v.Kind != canon.KindObject {
		return nil, fmt.Errorf("%w: not a JSON object or array of tools", fingerprint.ErrInvalidJSON)
	}
	if r := memberValue(&v, "result"); r != nil && r.Kind == canon.KindObject {
		v = *r
	}
	if c := memberValue(&v, "nextCursor"); c != nil && c.Kind == canon.KindString && c.Str != "" {
		return nil, fmt.Errorf("%w (nextCursor %q): save every page's entries as one array", errMorePages, c.Str)
	}
	var l fingerprint.Lists
	found := false
	for name, dst := range map[string]*[]byte{"tools": &l.Tools, "prompts": &l.Prompts, "resources": &l.Resources, "resourceTemplates": &l.ResourceTemplates} {
		if m := memberValue(&v, name); m != nil && m.Kind != canon.KindNull {
			b, err := canon.Marshal(*m, canon.SortedUTF16, canon.Limits{})
			if err != nil {
				return nil, fmt.Errorf("%w: %s: %w", fingerprint.ErrInvalidJSON, name, err)
			}
			*dst, found = b, true
		}
	}
	if !found {
		return nil, fmt.Errorf("%w: no tools, prompts, resources or resourceTemplates", fingerprint.ErrInvalidJSON)
	}
	return fingerprint.NewSurface(server, "", "", l)
}

func memberValue(v *canon.Value, key string) *canon.Value {
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == key {
			return &v.Members[i].Value
		}
	}
	return nil
}

// writeSurface prints the surface: the server, its instructions, each
// list with an entry a line (its description's first line cut short), what
// a scan in profile p finds in every string of every entry (keys of
// objects included), and the fingerprint.
func writeSurface(w io.Writer, s *fingerprint.Surface, fp string, p scan.Profile) error {
	var b strings.Builder
	version := "(no version)"
	if s.Server.Version != nil {
		version = visible(*s.Server.Version)
	}
	fmt.Fprintf(&b, "server: %s %s\n", visible(s.Server.Name), version)
	findings := 0
	if s.Instructions != "" {
		b.WriteString("instructions:\n")
		text, more := cutRunes(s.Instructions, maxInstructions)
		for _, line := range strings.Split(text, "\n") {
			fmt.Fprintf(&b, "  | %s\n", visible(strings.TrimSuffix(line, "\r")))
		}
		if more > 0 {
			fmt.Fprintf(&b, "  … %d more %s not shown\n", more, plural(more, "character", "characters"))
		}
		findings += writeTextFindings(&b, "  ", s.Instructions, p)
	}
	for _, l := range []struct {
		name    string
		entries []fingerprint.Entry
	}{{"tools", s.Tools}, {"prompts", s.Prompts}, {"resources", s.Resources}, {"resource templates", s.ResourceTemplates}} {
		fmt.Fprintf(&b, "%s: %d\n", l.name, len(l.entries))
		for _, e := range l.entries {
			desc, _ := s.Text(e.Kind, e.Key, "/description")
			first, _, _ := strings.Cut(desc, "\n")
			first, more := cutRunes(first, 72)
			ell := ""
			if more > 0 || len(first) < len(strings.TrimRight(desc, "\n")) {
				ell = "…"
			}
			fmt.Fprintf(&b, "  %s  %s%s\n", visible(e.Key), visible(first), ell)
			findings += writeDefFindings(&b, "    ", e.Def, "", p)
		}
	}
	fmt.Fprintf(&b, "fingerprint (extended profile): %s\n", fp)
	if findings > 0 {
		fmt.Fprintf(&b, "%d %s in the definitions and instructions. %s\n", findings, plural(findings, "finding", "findings"), scan.Note)
	}
	fmt.Fprintf(&b, "note: %s\n", precall.IntegrityNote)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeDefFindings scans every string of the JSON value def — member
// names too — at or under the JSON Pointer under ("" for all of it) in
// profile p, writing each finding after the pointer it was found at, and
// returns how many there are.
func writeDefFindings(b *strings.Builder, indent string, def []byte, under string, p scan.Profile) int {
	v, err := canon.Parse(def, canon.Limits{MaxDepth: 260})
	if err != nil {
		return 0
	}
	n := 0
	walkStrings(&v, "", func(ptr, text string, key bool) {
		if under != "" && ptr != under && !strings.HasPrefix(ptr, under+"/") {
			return
		}
		label := visible(ptr)
		if label == "" {
			label = "(the value)"
		}
		if key {
			label = "key " + label
		}
		n += writeTextFindings(b, indent+label+": ", text, p)
	})
	return n
}

// walkStrings calls f for every string in v and every member name, with
// the JSON Pointer of the value (of the member, for a name). Its recursion
// is as deep as v, which a parse bounded.
func walkStrings(v *canon.Value, ptr string, f func(ptr, text string, key bool)) {
	switch v.Kind {
	case canon.KindString:
		f(ptr, v.Str, false)
	case canon.KindArray:
		for i := range v.Elems {
			walkStrings(&v.Elems[i], fmt.Sprintf("%s/%d", ptr, i), f)
		}
	case canon.KindObject:
		for i := range v.Members {
			m := &v.Members[i]
			q := ptr + "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(m.Key)
			f(q, m.Key, true)
			walkStrings(&m.Value, q, f)
		}
	}
}

// maxChangeText bounds the old and new text a change shows, in
// codepoints.
const maxChangeText = 4000

// writeChanges writes each change: what changed (the entry, the field,
// the operation), its old and new text visible-rendered, and what a scan in
// profile p finds in the new text, read exact from after. It returns how
// many findings there are.
func writeChanges(b *strings.Builder, indent string, changes []fingerprint.Change, after *fingerprint.Surface, p scan.Profile) int {
	findings := 0
	for _, c := range changes {
		what := string(c.Kind)
		switch c.Kind {
		case fingerprint.KindServer:
			what = "server " + c.Key
		case fingerprint.KindResourceTemplate:
			what = "resource template " + visible(c.Key)
		default:
			what += " " + visible(c.Key)
		}
		if c.Field != "" {
			what += " " + visible(c.Field)
		}
		op := c.Op
		if c.Op == fingerprint.OpRenamed {
			op = "renamed from " + visible(c.RenamedFrom)
		}
		fmt.Fprintf(b, "%s%s: %s\n", indent, what, op)
		if c.Op == fingerprint.OpRenamed {
			findings += writeTextFindings(b, indent+"  found in the new name: ", c.Key, p)
			continue
		}
		for _, t := range []struct{ label, text string }{{"old", c.Old}, {"new", c.New}} {
			if t.text == "" && (c.Op == fingerprint.OpAdded && t.label == "old" || c.Op == fingerprint.OpRemoved && t.label == "new") {
				continue
			}
			text, more := cutRunes(t.text, maxChangeText)
			fmt.Fprintf(b, "%s  %s: %s\n", indent, t.label, text)
			if more > 0 {
				fmt.Fprintf(b, "%s    … %d more %s not shown\n", indent, more, plural(more, "character", "characters"))
			}
		}
		if c.Op == fingerprint.OpRemoved {
			continue
		}
		if c.Kind == fingerprint.KindServer {
			if raw, ok := after.Text(c.Kind, c.Key, ""); ok {
				findings += writeTextFindings(b, indent+"  found: ", raw, p)
			}
		} else if e, ok := after.Entry(c.Kind, c.Key); ok {
			findings += writeDefFindings(b, indent+"  found at ", e.Def, c.Field, p)
		}
	}
	return findings
}

// surfaceCheckOutput is the JSON form of --check against a surface record.
type surfaceCheckOutput struct {
	Profile     string               `json:"profile"`
	Status      fingerprint.Status   `json:"status"`
	Fingerprint string               `json:"fingerprint,omitempty"`
	Pinned      string               `json:"pinned_fingerprint"`
	Changes     []fingerprint.Change `json:"changes,omitempty"`
	Error       string               `json:"error,omitempty"`
	Note        string               `json:"note"`
}

// writeSurfaceCheck writes the answer of --check against a surface record:
// unchanged, changed with every change, or unreachable (fresh nil, probeErr
// why).
func writeSurfaceCheck(w io.Writer, format string, pinned fingerprint.SurfaceRecord, fresh *fingerprint.SurfaceRecord, probeErr error, p scan.Profile) error {
	out := surfaceCheckOutput{Profile: "extended", Status: fingerprint.Unreachable, Pinned: pinned.Fingerprint, Note: precall.IntegrityNote}
	if probeErr != nil {
		out.Error = probeErr.Error()
	}
	if fresh != nil {
		out.Fingerprint = fresh.Fingerprint
		out.Status = fingerprint.Unchanged
		if fresh.Fingerprint != pinned.Fingerprint {
			out.Status = fingerprint.Changed
			changes, err := fingerprint.CompareSurfaces(&pinned.Surface, &fresh.Surface)
			if err != nil {
				return err
			}
			out.Changes = changes
		}
	}
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		return enc.Encode(out)
	}
	var b strings.Builder
	switch out.Status {
	case fingerprint.Unchanged:
		fmt.Fprintf(&b, "unchanged: %s (extended profile)\n", out.Fingerprint)
	case fingerprint.Unreachable:
		fmt.Fprintf(&b, "unreachable: nothing is known of the current definitions (pinned %s)\n", pinned.Fingerprint)
	case fingerprint.Changed:
		fmt.Fprintf(&b, "changed: %s, pinned %s (extended profile)\n", out.Fingerprint, pinned.Fingerprint)
		if n := writeChanges(&b, "  ", out.Changes, &fresh.Surface, p); n > 0 {
			fmt.Fprintf(&b, "%d %s in the new text. %s\n", n, plural(n, "finding", "findings"), scan.Note)
		}
	}
	fmt.Fprintf(&b, "note: %s\n", out.Note)
	_, err := io.WriteString(w, b.String())
	return err
}

// surfaceOf is the §7 definitions d as a surface of tools only, so that
// CompareSurfaces can name what changed in them field by field.
func surfaceOf(d *fingerprint.Definitions) (*fingerprint.Surface, error) {
	data, err := d.MarshalJSON()
	if err != nil {
		return nil, err
	}
	v, err := canon.Parse(data, canon.Limits{MaxDepth: 260})
	if err != nil {
		return nil, err
	}
	tools := memberValue(&v, "tools")
	if tools == nil {
		return nil, errors.New("no tools")
	}
	raw, err := canon.Marshal(*tools, canon.SortedUTF16, canon.Limits{})
	if err != nil {
		return nil, err
	}
	return fingerprint.NewSurface(d.Server, d.ProtocolVersion, d.Instructions, fingerprint.Lists{Tools: raw})
}

// readAnyRecord reads a record written by --pin, of either profile: its
// format member says which.
func readAnyRecord(path string) (*fingerprint.Record, *fingerprint.SurfaceRecord, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	var probe struct {
		Format string `json:"format"`
	}
	_ = json.Unmarshal(data, &probe)
	if probe.Format == fingerprint.SurfaceFormat {
		var rec fingerprint.SurfaceRecord
		if err := rec.UnmarshalJSON(data); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		return nil, &rec, nil
	}
	var rec fingerprint.Record
	if err := rec.UnmarshalJSON(data); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return &rec, nil, nil
}

// writeRecordFile writes a record's JSON form to path, indented for people
// reading a diff of it, replacing the file whole or not at all.
func writeRecordFile(path string, data []byte) error {
	var out bytes.Buffer
	if err := json.Indent(&out, data, "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	tmp, err := os.CreateTemp(filepath.Dir(path), ".pin-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(out.Bytes()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
