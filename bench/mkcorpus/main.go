// Command mkcorpus writes a deterministic benchmark text: English and
// multilingual prose with a hidden character of some §2 class every
// -every bytes or so, to -size bytes.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
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
	n, next := 0, *every
	for n < *size {
		l := lines[rng.IntN(len(lines))]
		if n >= next {
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
