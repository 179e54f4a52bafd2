package secret

import (
	"slices"
	"testing"
)

func TestPasswords(t *testing.T) {
	for _, c := range []struct {
		text, want string // want: the value found, or ""
	}{
		{`DB_PASSWORD=S3cr3tP@ss!`, "S3cr3tP@ss!"},
		{`"password": "hunter2horse"`, "hunter2horse"},
		{`Server=db;Database=app;User Id=sa;Password=Zq8!vT3m_Lw;`, "Zq8!vT3m_Lw"},
		{`spring.datasource.password: k9Lm#2xQv7`, "k9Lm#2xQv7"},
		{`dbPassword := "Tr0ub4dor&3"`, "Tr0ub4dor&3"},
		{`password = "changeme"`, ""},
		{`password: ${DB_PASSWORD}`, ""},
		{`password: <your-password>`, ""},
		{`password_hash = "$2b$12$abcdefghijklmnopqrstuv"`, ""},
		{`PASSWORD_MIN_LENGTH=12345678`, ""},
		{`if password == "Zq8vT3mLw9" {`, ""},
		{`password = os.Getenv("DB_PASSWORD")`, ""},
		{`password = userPassword`, ""},
		{`Enter your password: the one you chose`, ""},
		{`password: aaaaaaaaaaaa`, ""},
		{`mypassword=Zq8vT3mLw9`, ""},
		{`password: "/Users/someone/project"`, ""},
		{`"password:"+cmd.Dir, "x"`, ""},
	} {
		var got []string
		passwords(c.text, func(f Finding) { got = append(got, c.text[f.Start:f.End]) })
		var want []string
		if c.want != "" {
			want = []string{c.want}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", c.text, got, want)
		}
	}
}
