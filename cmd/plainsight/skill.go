package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/plainsight/plainsight/internal/walk"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// runSkill is `plainsight skill [--format text|json|github|sarif] DIR...`:
// the checks of each skill package, each file's results written as soon as
// it is checked; exit 1 when one fails.
func runSkill(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("skill", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	format := fset.String("format", "text", "text, json, github or sarif")
	profileName := fset.String("profile", "strict", "the scan profile: spec or strict")
	ff := filterFlags(fset)
	dirs, err := parseInterleaved(fset, args)
	var profile scan.Profile
	if err == nil {
		profile, err = parseProfileFlag(*profileName)
	}
	if err == nil && len(dirs) == 0 {
		err = errors.New("no DIR")
	}
	if err == nil && !slices.Contains([]string{"text", "json", "github", "sarif"}, *format) {
		err = fmt.Errorf("--format %q: want text, json, github or sarif", *format)
	}
	var filt *filter
	if err == nil {
		filt, err = ff.filter()
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, "skill", fset)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight skill: %s (see plainsight help)\n", describe(err))
		return exitError
	}
	// Every folder is looked at before anything is written, so that a
	// missing one leaves no half-written output (a JSON array cut short).
	for _, d := range dirs {
		info, err := os.Stat(d)
		if err == nil && !info.IsDir() {
			err = fmt.Errorf("%s: %w", d, walk.ErrNotDir)
		}
		if err != nil {
			fmt.Fprintf(stderr, "plainsight skill: %s\n", describe(err))
			return exitError
		}
	}
	out := newWriter("skill", *format, stdout, len(dirs) > 1)
	if sw, ok := out.(*sarifWriter); ok && filt.base != nil {
		sw.baselineNote = "in the baseline " + filt.baseName
	}
	var t tally
	status := exitClean
	for _, d := range dirs {
		p := &pkgOut{dir: d}
		st, err := skill.Walk(d, &walk.Options{Ignore: func(rel string, dir bool) bool { return filt.ignored(d, rel, dir) }}, profile,
			func(r *skill.FileResults) error {
				supp := filt.locatedResults(d, r)
				p.errors += r.Errors
				p.warnings += r.Warnings
				p.suppressed += len(supp)
				p.files++
				if len(r.Results) == 1 && r.Results[0].Class == skill.BinaryFile {
					p.binaries++
				}
				if err := out.file(&fileOut{dir: d, path: r.File, results: r, suppressedResults: supp}); err != nil {
					return &writeError{err}
				}
				return nil
			})
		t.ignored += st.Ignored
		t.suppressed += p.suppressed
		if err != nil && !isWriteErr(err) {
			fmt.Fprintf(stderr, "plainsight skill: %s\n", describe(err))
			return exitError
		}
		if err == nil {
			err = out.endPackage(p)
		}
		if err != nil {
			fmt.Fprintf(stderr, "plainsight skill: writing output: %s\n", describe(err))
			return exitError
		}
		if p.errors > 0 {
			status = exitFound
		}
	}
	if err := out.finish(&t); err != nil {
		fmt.Fprintf(stderr, "plainsight skill: writing output: %s\n", describe(err))
		return exitError
	}
	return status
}

// isWriteErr reports whether err came from writing the output (the
// callback), not from the walk.
func isWriteErr(err error) bool {
	var werr *writeError
	return errors.As(err, &werr)
}
