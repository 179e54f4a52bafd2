package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/plainsight/plainsight/skill"
)

// runSkill is `plainsight skill [--format text|json|github|sarif] DIR...`:
// the checks of each skill package; exit 1 when one fails.
func runSkill(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("skill", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	format := fset.String("format", "text", "text, json, github or sarif")
	dirs, err := parseInterleaved(fset, args)
	if err == nil && len(dirs) == 0 {
		err = errors.New("no DIR")
	}
	if err == nil && !slices.Contains([]string{"text", "json", "github", "sarif"}, *format) {
		err = fmt.Errorf("--format %q: want text, json, github or sarif", *format)
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight skill: %v (see plainsight help)\n", err)
		return exitError
	}
	var reports []*skill.Report
	for _, d := range dirs {
		r, err := skill.Check(d)
		if err != nil {
			fmt.Fprintf(stderr, "plainsight skill: %v\n", err)
			return exitError
		}
		reports = append(reports, r)
	}
	switch *format {
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		if len(reports) == 1 {
			err = enc.Encode(reports[0])
		} else {
			err = enc.Encode(reports)
		}
	case "github":
		err = writeGitHub(stdout, reports)
	case "sarif":
		err = writeSARIF(stdout, reports)
	default:
		err = writeSkillText(stdout, reports)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight skill: %v\n", err)
		return exitError
	}
	for _, r := range reports {
		if !r.Passed {
			return exitFound
		}
	}
	return exitClean
}

// resultPath is a result's file as seen from where the command runs, in
// the OS's form.
func resultPath(r *skill.Report, res skill.Result) string {
	if r.Dir == "" {
		return filepath.FromSlash(res.File)
	}
	return filepath.Join(r.Dir, filepath.FromSlash(res.File))
}

func writeSkillText(w io.Writer, reports []*skill.Report) error {
	for _, r := range reports {
		for _, res := range r.Results {
			if _, err := fmt.Fprintf(w, "%s:%d:%d: %s: %s: %s\n", resultPath(r, res), res.Line, res.Column, res.Level, res.Class, res.Message); err != nil {
				return err
			}
		}
		verdict := "passed"
		if !r.Passed {
			verdict = "failed"
		}
		if _, err := fmt.Fprintf(w, "%s: %s, %d errors, %d warnings\n", r.Dir, verdict, r.Errors, r.Warnings); err != nil {
			return err
		}
	}
	return nil
}

// writeGitHub writes GitHub Actions workflow commands, one per result:
// ::error, ::warning or ::notice, with the file, line, column and class.
func writeGitHub(w io.Writer, reports []*skill.Report) error {
	for _, r := range reports {
		for _, res := range r.Results {
			cmd := map[skill.Level]string{skill.Error: "error", skill.Warning: "warning", skill.Info: "notice"}[res.Level]
			if _, err := fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,title=%s::%s\n", cmd,
				ghProperty(resultPath(r, res)), res.Line, res.Column, ghProperty(res.Class), ghData(res.Message)); err != nil {
				return err
			}
		}
	}
	return nil
}

// ghData escapes a workflow command's message.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
