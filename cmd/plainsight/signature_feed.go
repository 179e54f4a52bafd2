package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"time"

	"github.com/plainsight/plainsight/signature"
	"github.com/plainsight/plainsight/store"
)

// maxFeedFile bounds the feed file signature import reads: 1,000 changes
// of 1,000 shingles (18 bytes each in the wire form) fit well under it.
const maxFeedFile = 32 << 20

// maxImportChanges bounds the changes of one import.
const maxImportChanges = 100_000

// importNotePrefix starts the note of every change signature import
// appends, so the local feed says which signatures came from elsewhere.
const importNotePrefix = "imported from "

// feedFile is the wire form of the feed (GET /api/v1/shield/feed, and
// plainsight signature list --format json).
type feedFile struct {
	Changes   []signature.FeedEntry `json:"changes"`
	NextSince int64                 `json:"next_since"`
}

var (
	hex16  = regexp.MustCompile(`^[0-9a-f]{16}$`)
	hex64  = regexp.MustCompile(`^[0-9a-f]{64}$`)
	feedID = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,128}$`)
)

// runSignatureList is `plainsight signature list`: the confirmed
// signatures of the database's feed that are not retired (ids,
// categories, hashes and counts, never text; Shield method 1.0, "The
// feed"). json prints the whole feed in its wire form, retirements
// included, which signature import reads.
func runSignatureList(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("signature list", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", dbFlagHelp)
	format := fset.String("format", "text", "text (the active signatures) or json (the whole feed, as GET /api/v1/shield/feed)")
	rest, err := parseInterleaved(fset, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		writeHelp(stdout, "signature list", fset)
		return exitClean
	case err != nil:
	case len(rest) > 0:
		err = fmt.Errorf("unexpected argument %q", rest[0])
	case *format != "text" && *format != "json":
		err = fmt.Errorf("unknown format %q", *format)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight signature list: %s (see plainsight signature list --help)\n", describe(err))
		return exitError
	}
	ctx := context.Background()
	s, err := openDBReadOnly(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight signature list: %s\n", describe(err))
		return exitError
	}
	defer s.Close()
	noteEmpty(stderr, "signature list", s)
	changes, err := allFeedChanges(ctx, s)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight signature list: %s\n", describe(err))
		return exitError
	}
	if *format == "json" {
		f := feedFile{Changes: []signature.FeedEntry{}}
		for _, c := range changes {
			f.Changes = append(f.Changes, wireEntry(c))
			f.NextSince = c.Seq
		}
		b, _ := json.Marshal(f)
		fmt.Fprintf(stdout, "%s\n", b)
		return exitClean
	}
	active := activeSignatures(changes)
	for _, c := range active {
		from := ""
		if c.Note != "" {
			from = "\t" + printable(c.Note)
		}
		fmt.Fprintf(stdout, "%s\t%s\towners %d\tshingles %d\t%s%s\n", printable(c.SignatureID), printable(c.Category), c.Owners, len(c.Shingles), c.At.UTC().Format(time.RFC3339), from)
	}
	if len(active) == 0 {
		fmt.Fprintln(stdout, "the database holds no confirmed signatures")
	}
	return exitClean
}

// allFeedChanges reads the whole feed of s, page by page.
func allFeedChanges(ctx context.Context, s store.Store) ([]store.FeedChange, error) {
	ss, ok := s.(store.Signatures)
	if !ok {
		return nil, errors.New("this store has no signatures")
	}
	var out []store.FeedChange
	var since int64
	for {
		page, err := ss.FeedChanges(ctx, since, store.MaxListLimit)
		if err != nil {
			return nil, err
		}
		out = append(out, page...)
		if len(page) < store.MaxListLimit {
			return out, nil
		}
		since = page[len(page)-1].Seq
	}
}

// activeSignatures folds a feed into its active set, in the order of
// confirmation (as the check folds it: signature.Service).
func activeSignatures(changes []store.FeedChange) []store.FeedChange {
	at := map[string]int{}
	var out []store.FeedChange
	for _, c := range changes {
		switch c.Kind {
		case store.FeedConfirmed:
			if i, ok := at[c.SignatureID]; ok {
				out[i] = c
				continue
			}
			at[c.SignatureID] = len(out)
			out = append(out, c)
		case store.FeedRetired:
			if i, ok := at[c.SignatureID]; ok {
				out = append(out[:i], out[i+1:]...)
				delete(at, c.SignatureID)
				for id, j := range at {
					if j > i {
						at[id] = j - 1
					}
				}
			}
		}
	}
	return out
}

func wireEntry(c store.FeedChange) signature.FeedEntry {
	e := signature.FeedEntry{Seq: c.Seq, Kind: c.Kind, ID: c.SignatureID, Category: c.Category, SHA256: c.SHA256, Owners: c.Owners, Note: c.Note}
	for _, h := range c.Shingles {
		e.Shingles = append(e.Shingles, fmt.Sprintf("%016x", h))
	}
	return e
}

// runSignatureImport is `plainsight signature import [--from NAME] FILE`:
// the feed of a trusted instance (its GET /api/v1/shield/feed answer, or
// its plainsight signature list --format json) appended to this
// database's feed, which signature check, serve and mcp read.
//
// The Shield method confirms a signature on reports from 3 owners or the
// review of 5 (method 1.0, "When a report becomes a signature"); an
// import does not re-run that rule — the other instance ran it, and the
// operator who imports its feed trusts it to have. It is an operator
// action, recorded as such: every imported change carries the note
// "imported from NAME" (then ": " and the change's own note, a
// retirement's public note or an earlier import's) in the local feed (shown by signature list and
// served by GET /api/v1/shield/feed), so no imported signature passes for
// one confirmed here. What the method requires of every confirmation is
// kept: the poisoning guard (a signature with half or more of its
// shingles in the benign corpus, shipped and the operator's, is refused)
// and the feed's bounds (store.CheckFeedChange). A signature already
// active with the same shingles is skipped; a retirement retires a
// signature active here. The file is read whole, at most 32 MiB and
// 100,000 changes.
func runSignatureImport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("signature import", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", dbFlagHelp)
	from := fset.String("from", "", "the `NAME` of the instance the feed comes from, recorded in each imported change's note (default the FILE's name)")
	corpusFlag := fset.String("corpus", "", "the operator's benign `CORPUS` the poisoning guard consults beside the shipped one (default $PLAINSIGHT_CORPUS, else DB.benign)")
	rest, err := parseInterleaved(fset, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		writeHelp(stdout, "signature import", fset)
		return exitClean
	case err != nil:
	case len(rest) != 1:
		err = errors.New("want one FILE (or - for standard input)")
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight signature import: %s (see plainsight signature import --help)\n", describe(err))
		return exitError
	}
	name := *from
	if name == "" {
		name = rest[0]
	}
	b, err := readFeedFile(rest[0], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight signature import: %s\n", describe(err))
		return exitError
	}
	changes, err := parseFeed(b)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight signature import: %s: %s\n", printable(rest[0]), describe(err))
		return exitError
	}
	corpus := signature.DefaultCorpus()
	if p, err := corpusPath(*corpusFlag, *db); err == nil {
		if corpus, err = serviceCorpus(p); err != nil {
			fmt.Fprintf(stderr, "plainsight signature import: %s\n", describe(err))
			return exitError
		}
	}
	ctx := context.Background()
	s, where, err := openDBCreating(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight signature import: %s\n", describe(err))
		return exitError
	}
	defer s.Close()
	local, err := allFeedChanges(ctx, s)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight signature import: %s\n", describe(err))
		return exitError
	}
	active := map[string]store.FeedChange{}
	for _, c := range activeSignatures(local) {
		active[c.SignatureID] = c
	}
	ss := s.(store.Signatures)
	var added, retired, skipped, refused int
	now := time.Now().UTC()
	for _, c := range changes {
		note := importNotePrefix + name
		if c.Note != "" {
			// A retirement's public note, or where the other instance
			// imported the signature from, is kept after it.
			note += ": " + c.Note
		}
		c.Note = truncateNote(note)
		c.At = now
		old, isActive := active[c.SignatureID]
		switch {
		case c.Kind == store.FeedRetired && !isActive,
			c.Kind == store.FeedConfirmed && isActive && sameShingles(old.Shingles, c.Shingles):
			skipped++
			continue
		case c.Kind == store.FeedConfirmed && 2*corpus.Shared(c.Shingles) >= len(c.Shingles):
			// The poisoning guard (method 1.0): never confirmed.
			fmt.Fprintf(stderr, "plainsight signature import: %s refused: half or more of its shingles are in the benign corpus\n", printable(c.SignatureID))
			refused++
			continue
		}
		if _, err := ss.AppendFeedChange(ctx, c); err != nil {
			fmt.Fprintf(stderr, "plainsight signature import: %s: %s\n", printable(c.SignatureID), describe(err))
			return exitError
		}
		if c.Kind == store.FeedConfirmed {
			active[c.SignatureID] = c
			added++
		} else {
			delete(active, c.SignatureID)
			retired++
		}
	}
	fmt.Fprintf(stdout, "imported into %s from %s: %d confirmed, %d retired, %d already here, %d refused by the poisoning guard\n",
		where, printable(name), added, retired, skipped, refused)
	if refused > 0 {
		return exitFound
	}
	return exitClean
}

// parseFeed decodes a feed in its wire form (members it does not know,
// from a newer instance, are ignored) and checks every change:
// a known kind, an id, 16-hex-digit shingles (at most store.MaxShingles,
// none for a retirement), a 64-hex-digit sha256, the store's bounds.
func parseFeed(b []byte) ([]store.FeedChange, error) {
	var f feedFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("not a signature feed ({\"changes\": [...], \"next_since\": N}): %w", err)
	}
	if len(f.Changes) > maxImportChanges {
		return nil, fmt.Errorf("more than %d changes", maxImportChanges)
	}
	out := make([]store.FeedChange, 0, len(f.Changes))
	for i, e := range f.Changes {
		bad := func(what string) error { return fmt.Errorf("change %d: %s", i+1, what) }
		if !feedID.MatchString(e.ID) {
			return nil, bad("an id of 1 to 128 letters, digits and _.:-")
		}
		if e.Kind != store.FeedConfirmed && e.Kind != store.FeedRetired {
			return nil, bad(`kind is "confirmed" or "retired"`)
		}
		if e.SHA256 != "" && !hex64.MatchString(e.SHA256) {
			return nil, bad("sha256 is 64 lowercase hex digits")
		}
		c := store.FeedChange{Kind: e.Kind, SignatureID: e.ID, Category: e.Category, SHA256: e.SHA256, Owners: e.Owners, Note: e.Note}
		if e.Kind == store.FeedConfirmed && len(e.Shingles) == 0 {
			return nil, bad("a confirmed signature without shingles")
		}
		if e.Kind == store.FeedRetired && len(e.Shingles) > 0 {
			return nil, bad("a retirement with shingles")
		}
		for _, h := range e.Shingles {
			if !hex16.MatchString(h) {
				return nil, bad("a shingle is 16 lowercase hex digits")
			}
			v, _ := strconv.ParseUint(h, 16, 64)
			c.Shingles = append(c.Shingles, v)
		}
		if err := store.CheckFeedChange("import", &c); err != nil {
			return nil, bad(describe(err))
		}
		out = append(out, c)
	}
	return out, nil
}

func sameShingles(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func truncateNote(s string) string {
	if len(s) > store.NoteMaxBytes {
		s = s[:store.NoteMaxBytes]
	}
	return s
}

// readFeedFile reads FILE (or stdin for -), at most maxFeedFile bytes.
func readFeedFile(name string, stdin io.Reader) ([]byte, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxFeedFile+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxFeedFile {
		return nil, fmt.Errorf("the feed is over %d bytes", maxFeedFile)
	}
	return b, nil
}
