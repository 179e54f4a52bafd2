package mailparts_test

import (
	"fmt"

	"github.com/plainsight/plainsight/scan/internal/mailparts"
)

func ExampleRead() {
	msg := "Subject: =?utf-8?q?caf=C3=A9?=\r\n" +
		"Content-Type: text/plain; charset=iso-8859-1\r\n" +
		"Content-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"na=EFve\r\n"
	parts, err := mailparts.Read([]byte(msg))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range parts {
		fmt.Printf("%s %s %q\n", p.ID, p.ContentType, p.Text)
	}
	// Output:
	// header:subject header "café"
	// body text/plain "naïve\r\n"
}
