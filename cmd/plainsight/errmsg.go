package main

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/plainsight/plainsight/intent"
	"github.com/plainsight/plainsight/internal/canon"
)

// packagePrefix matches the "pkg: " prefixes the library's errors carry,
// which a person at the command line has no use for: the command names
// itself once, at the start of the line.
var packagePrefix = regexp.MustCompile(`(^|: )(fingerprint|skill|probe|intent|canon|walk|ignore|scan|guard|store|shield|signature|flag|ledger|precall|server|report): `)

// describe is the message of an error for standard error: without the
// library's package prefixes, a path error as "PATH: what", an intent
// refusal as "CODE at PATH: what", a JSON error with its place.
//
// The message is rendered visibly (see visible): it may carry a path, a
// name or a server's words, none of which may reach the terminal raw.
func describe(err error) string {
	return visible(oneLine.Replace(describeRaw(err)))
}

// oneLine joins the lines of a message that spans several (a database
// driver lists each address it tried on a line of its own).
var oneLine = strings.NewReplacer(":\n\t", ": ", "\n\t", "; ", "\n", "; ")

func describeRaw(err error) string {
	var ie *intent.Error
	if errors.As(err, &ie) {
		detail := ""
		var ce *canon.Error
		var te *time.ParseError
		if errors.As(ie.Err, &te) {
			// Not Go's reference time: say what a time looks like.
			detail = fmt.Sprintf("%q is not an RFC 3339 time (such as 2026-07-01T12:00:00Z)", te.Value)
		} else if errors.As(ie.Err, &ce) {
			detail = canonClass(ce)
			if ce.Offset >= 0 {
				detail += " (byte " + strconv.Itoa(ce.Offset) + ")"
			}
		} else if ie.Err != nil {
			detail = strip(ie.Err.Error())
		}
		if detail == "" {
			return fmt.Sprintf("%v at %s", ie.Code, ie.Path)
		}
		return fmt.Sprintf("%v at %s: %s", ie.Code, ie.Path, detail)
	}
	var ce *canon.Error
	if errors.As(err, &ce) {
		// What wraps it only repeats the class; the place is the news.
		msg := canonClass(ce) + " at " + ce.Path
		if ce.Offset >= 0 {
			msg += " (byte " + strconv.Itoa(ce.Offset) + ")"
		}
		return msg
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return visible(pe.Path) + ": " + pe.Err.Error()
	}
	return strip(err.Error())
}

// canonClass is a JSON error's class without its package prefix.
func canonClass(ce *canon.Error) string {
	return strings.TrimPrefix(ce.Err.Error(), "canon: ")
}

func strip(msg string) string {
	for {
		next := packagePrefix.ReplaceAllString(msg, "$1")
		if next == msg {
			return msg
		}
		msg = next
	}
}
