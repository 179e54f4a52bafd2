package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/plainsight/plainsight/internal/walk"
	"github.com/plainsight/plainsight/report"
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
	var t tally
	status := exitClean
	for _, d := range dirs {
		p := &report.Package{Dir: d}
		st, err := skill.Walk(d, &walk.Options{Ignore: func(rel string, dir bool) bool { return filt.ignored(d, rel, dir) }}, profile,
			func(r *skill.FileResults) error {
				// The file's results as a report of their own, for the
				// filter: its counts follow what it leaves out.
				rep := &skill.Report{Dir: d, Errors: r.Errors, Warnings: r.Warnings, Results: skillResults(r.Results)}
				supp := filt.Skill(rep)
				p.Errors += rep.Errors
				p.Warnings += rep.Warnings
				p.Suppressed += len(supp)
				if len(rep.Results) == 1 && rep.Results[0].Class == skill.BinaryFile {
					p.Binaries++
				}
				f := &report.File{Dir: d, Path: r.File, Results: rep.Results, Omitted: r.Omitted(), Suppressed: supp, Justification: filt.justification()}
				if err := out.File(f); err != nil {
					return &writeError{err}
				}
				return nil
			})
		t.ignored += st.Ignored
		t.suppressed += p.Suppressed
		if err != nil && !isWriteErr(err) {
			fmt.Fprintf(stderr, "plainsight skill: %s\n", describe(err))
			return exitError
		}
		if err == nil {
			err = out.EndPackage(p)
		}
		if err != nil {
			fmt.Fprintf(stderr, "plainsight skill: writing output: %s\n", describe(err))
			return exitError
		}
		if p.Errors > 0 {
			status = exitFound
		}
	}
	if err := finish(out, &t); err != nil {
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
