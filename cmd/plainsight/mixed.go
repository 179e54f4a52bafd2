package main

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
	"golang.org/x/text/unicode/runenames"
)

// maxMarked is how many letters of a mixed-script word mixedMark names.
const maxMarked = 5

// mixedMark names the letters that make a mixed-script word mixed (issue
// 31, item 5): the letters of the word's scripts (Latin, Greek,
// Cyrillic, as scan's mixed_script_confusable counts them) other than the
// one most of its letters are in — Latin when two tie, then Greek — each
// as its position in the word, U+XXXX and Unicode name, at most
// maxMarked of them. "" for a word without two of those scripts.
func mixedMark(word []byte) string {
	type letter struct {
		r   rune
		pos int // in runes, from 1
		s   ucd.Script
	}
	var letters []letter
	count := map[ucd.Script]int{}
	pos := 0
	for len(word) > 0 {
		r, n := utf8.DecodeRune(word)
		word = word[n:]
		pos++
		switch s := ucd.Lookup(r).Script(); s {
		case ucd.Latin, ucd.Greek, ucd.Cyrillic:
			letters = append(letters, letter{r, pos, s})
			count[s]++
		}
	}
	if len(count) < 2 {
		return ""
	}
	major := ucd.Latin
	for _, s := range []ucd.Script{ucd.Greek, ucd.Cyrillic} {
		if count[s] > count[major] {
			major = s
		}
	}
	var marks []string
	for _, l := range letters {
		if l.s == major {
			continue
		}
		if len(marks) == maxMarked {
			marks = append(marks, "…")
			break
		}
		name := runenames.Name(l.r)
		if name == "" {
			name = scriptName(l.s) + " letter"
		}
		marks = append(marks, fmt.Sprintf("letter %d U+%04X %s", l.pos, l.r, name))
	}
	return fmt.Sprintf(" [in a %s word: %s]", scriptName(major), strings.Join(marks, ", "))
}

func scriptName(s ucd.Script) string {
	switch s {
	case ucd.Latin:
		return "Latin"
	case ucd.Greek:
		return "Greek"
	case ucd.Cyrillic:
		return "Cyrillic"
	}
	return "other"
}
