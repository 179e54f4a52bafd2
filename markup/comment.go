package markup

import "strings"

// appendHTMLComments finds the html_comment constructs of §3, "the text from
// <!-- to the next -->", taken literally rather than as HTML tokenizes
// comments: "<!-->" and "<!--->" do not close themselves, and "--!>" does
// not close a comment. A comment with no "-->" after it runs to the end of
// the text, as a browser hides everything after it. from is where to start
// looking: no comment starts before it but those found.
func appendHTMLComments(out []Construct, text string, from int, keep *keeper) []Construct {
	for i := from; ; {
		start := indexCommentOpen(text, i)
		if start < 0 {
			return out
		}
		end := htmlCommentEnd(text, start)
		out = keep.add(out, Construct{Kind: HTMLComment, Start: start, End: end})
		i = end
	}
}

// htmlCommentEnd returns the end of the html_comment that starts at start:
// just after the next "-->", or the end of the text.
func htmlCommentEnd(text string, start int) int {
	if k := strings.Index(text[start+len("<!--"):], "-->"); k >= 0 {
		return start + len("<!--") + k + len("-->")
	}
	return len(text)
}

// htmlComments finds the html_comment constructs of §3 at the "<!" that a
// reader of the text meets in order (mayHoldElements, which reads every
// '<' up to where it stops): a search of its own would read the text
// again. appendHTMLComments finds the rest, after it.
type htmlComments struct {
	out  []Construct
	keep *keeper
	next int // the end of the last comment found
}

// at reads the "<!" at lt, which is after the last one read: a comment
// starts there if "--" follows, unless it is inside the last one found.
func (c *htmlComments) at(text string, lt int) {
	if lt >= c.next && lt+4 <= len(text) && text[lt+2] == '-' && text[lt+3] == '-' {
		end := htmlCommentEnd(text, lt)
		c.out = c.keep.add(c.out, Construct{Kind: HTMLComment, Start: lt, End: end})
		c.next = end
	}
}

// indexCommentOpen returns the index of the first "<!--" in text at or
// after i, or -1: strings.Index, but looking for its '!', which HTML
// holds far fewer of than '<' (strings.Index stops at each '<').
func indexCommentOpen(text string, i int) int {
	for p := i + 1; p < len(text); p++ {
		j := strings.IndexByte(text[p:], '!')
		if j < 0 {
			return -1
		}
		p += j
		if text[p-1] == '<' && p+3 <= len(text) && text[p+1] == '-' && text[p+2] == '-' {
			return p - 1
		}
	}
	return -1
}

// appendMarkdownComments finds the markdown_comment lines of §3: up to three
// leading spaces, then [label]: # with the target in parentheses, double
// quotes, single quotes, or bare to the end of the line. Lines end at LF,
// CRLF or CR; a construct spans its whole line without the line ending.
//
// Such a line holds "]:", spaces or tabs, and '#', and each line that
// holds them is read once. They are found by one of their bytes, looked
// for with strings.IndexByte: by the '#', which prose holds far fewer of
// than ']' (a slice's index, a doc link), until the bytes found that are
// not in them come more often than one in 512 bytes (HTML's colours and
// links), and then by the ']', and back again, as strings.Index does.
func appendMarkdownComments(out []Construct, text string, keep *keeper) []Construct {
	lineStart := 0 // a line's start, at or before from
	anchor, fails, since := byte('#'), 0, 0
	for from := 0; ; {
		k := strings.IndexByte(text[from:], anchor)
		if k < 0 {
			return out // no anchor, and so no "]:" and '#' together, after from
		}
		at := from + k
		// colon is where the "]:" is, or -1.
		colon := -1
		if anchor == '#' {
			c := at
			for c > lineStart && (text[c-1] == ' ' || text[c-1] == '\t') {
				c--
			}
			if c-2 >= lineStart && text[c-1] == ':' && text[c-2] == ']' {
				colon = c - 1
			}
		} else if c := at + 1; c < len(text) && text[c] == ':' {
			for c++; c < len(text) && (text[c] == ' ' || text[c] == '\t'); c++ {
			}
			if c < len(text) && text[c] == '#' {
				colon = at + 1
			}
		}
		if colon < 0 {
			from = at + 1
			if fails++; fails > 16+(from-since)>>9 {
				anchor, fails, since = ']'+'#'-anchor, 0, from
			}
			continue
		}
		// The line holding them: back to the last line ending (no further
		// back than lineStart) ...
		start := colon
		for start > lineStart && text[start-1] != '\n' && text[start-1] != '\r' {
			start--
		}
		// ... and on to the next.
		end := colon
		for end < len(text) && text[end] != '\n' && text[end] != '\r' {
			end++
		}
		if isMarkdownComment(text[start:end]) {
			out = keep.add(out, Construct{Kind: MarkdownComment, Start: start, End: end})
		}
		if end == len(text) {
			return out
		}
		lineStart, from = end+1, end+1
	}
}

// isMarkdownComment reports whether line (without its line ending) is a
// markdown reference-style comment.
func isMarkdownComment(line string) bool {
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	if i == len(line) || line[i] != '[' {
		return false
	}
	label := strings.IndexByte(line[i+1:], ']')
	if label <= 0 || strings.IndexByte(line[i+1:i+1+label], '[') >= 0 {
		return false // no label, an empty one, or a '[' in it
	}
	rest, ok := strings.CutPrefix(line[i+1+label+1:], ":")
	if !ok {
		return false
	}
	rest = strings.TrimLeft(rest, " \t")
	rest, ok = strings.CutPrefix(rest, "#")
	if !ok {
		return false
	}
	title := strings.TrimRight(rest, " \t")
	if title == "" {
		return true // [label]: #
	}
	if rest[0] != ' ' && rest[0] != '\t' {
		return false // [label]: #anchor is a link, not a comment
	}
	title = strings.TrimLeft(title, " \t")
	switch open := title[0]; open {
	case '(', '"', '\'':
		closer := open
		if open == '(' {
			closer = ')'
		}
		return len(title) >= 2 && title[len(title)-1] == closer
	}
	return true // bare to the end of the line
}
