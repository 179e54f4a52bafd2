// Command mkcorpus writes a deterministic benchmark text of -size bytes,
// with a hidden character of some §2 class every -every bytes or so (none
// with -every 0). -kind chooses the text: multilingual (generated lines of
// English and multilingual prose, the default), prose (real English
// technical prose: the Go distribution's comments, benchtext.GoDocs,
// repeated) or html (real HTML: the Go distribution's HTML documents and an
// HTML email, benchtext.GoHTML, repeated).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"

	"github.com/plainsight/plainsight/internal/benchtext"
)

var lines = []string{
	"The scanner reads text that an agent did not write: tool descriptions, skill files and email.\n",
	"It reports every run of invisible characters with its position, so a reviewer sees what the agent sees.\n",
	"Nothing in this sentence is hidden; it is plain ASCII prose with numbers such as 42 and 3.14.\n",
	"Ο σαρωτής διαβάζει κείμενο που δεν έγραψε ο πράκτορας.\n",
	"Сканер читает текст, который агент не писал, и сообщает о каждом символе.\n",
	"扫描器读取代理没有编写的文本，并报告每一个不可见字符的位置。\n",
	"يقرأ الماسح النص الذي لم يكتبه الوكيل ويبلغ عن كل حرف غير مرئي.\n",
	"Le scanner lit le texte qu’un agent n’a pas écrit — et signale chaque caractère. ✅\n",
}

// hidden are codepoints of each §2 class.
var hidden = []string{"\u200b", "\u202e", "\U000E0041", "\x07", "\ue000", "\u0378"}

func main() {
	size := flag.Int("size", 100<<20, "bytes to write (about)")
	every := flag.Int("every", 100<<10, "bytes between hidden characters (about)")
	out := flag.String("o", "", "output file (required)")
	kind := flag.String("kind", "multilingual", "the text: multilingual, prose or html")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "mkcorpus: -o is required")
		os.Exit(2)
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkcorpus:", err)
		os.Exit(2)
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(17, 0))
	var text []string // the lines of a real text, written in turn
	switch *kind {
	case "multilingual":
	case "prose", "html":
		get := benchtext.GoDocs
		if *kind == "html" {
			get = benchtext.GoHTML
		}
		s, err := get()
		if err != nil {
			fmt.Fprintln(os.Stderr, "mkcorpus:", err)
			os.Exit(2)
		}
		text = slices.Collect(strings.Lines(s))
	default:
		fmt.Fprintf(os.Stderr, "mkcorpus: -kind %q: want multilingual, prose or html\n", *kind)
		os.Exit(2)
	}
	n, next, k := 0, *every, 0
	for n < *size {
		var l string
		if text != nil {
			l, k = text[k], (k+1)%len(text)
		} else {
			l = lines[rng.IntN(len(lines))]
		}
		if *every > 0 && n >= next {
			cut := len(l) / 2
			for cut > 0 && l[cut]&0xC0 == 0x80 {
				cut--
			}
			l = l[:cut] + hidden[rng.IntN(len(hidden))] + l[cut:]
			next += *every
		}
		w.WriteString(l)
		n += len(l)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "mkcorpus:", err)
		os.Exit(2)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "mkcorpus:", err)
		os.Exit(2)
	}
}
