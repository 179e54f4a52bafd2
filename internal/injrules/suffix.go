package injrules

import "strings"

// adversarialSuffix reports the span of an adversarial suffix (issue 27,
// item 1: jailbreak templates): a one-line text of at most 1,200 bytes
// that opens as prose (its first eight words letters only) and ends in
// token noise, its last 160 bytes leaving at least three brackets
// unbalanced ("… demean them Herezak({[HTMLsvg readers | Sure] Sure,].[
// githubrelative{[paper draft={cdnjs"). Prose, Markdown links and code
// close what they open (a terminal escape's "ESC [" is not counted); a
// suffix searched for by an optimiser does not.
// It reads the text once: time linear in at most 1,200 bytes.
func adversarialSuffix(text string) (start int, ok bool) {
	t := strings.TrimRight(text, " \t\r\n")
	if len(t) > 1200 || strings.IndexByte(t, '\n') >= 0 {
		return 0, false
	}
	words := 0
	for i := 0; i < len(t) && words < 8; {
		for i < len(t) && (t[i] == ' ' || t[i] == ',') {
			i++
		}
		j := i
		for j < len(t) && t[j] != ' ' && t[j] != ',' {
			c := t[j] | 0x20
			if (c < 'a' || c > 'z') && t[j] != '\'' && t[j] != '-' {
				return 0, false
			}
			j++
		}
		if j > i {
			words++
		}
		i = j
	}
	if words < 8 || len(strings.Fields(t)) < 10 {
		return 0, false
	}
	start = max(0, len(t)-160)
	var open [3]int
	for i := start; i < len(t); i++ {
		switch t[i] {
		case '(':
			open[0]++
		case ')':
			open[0]--
		case '[':
			if i > 0 && t[i-1] == 0x1b {
				continue // a terminal's escape sequence (ESC [ 1 m)
			}
			open[1]++
		case ']':
			open[1]--
		case '{':
			open[2]++
		case '}':
			open[2]--
		}
	}
	imb := 0
	for _, n := range open {
		imb += max(n, -n)
	}
	return start, imb >= 3
}
