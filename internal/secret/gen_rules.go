//go:build ignore

// gen_rules copies gitleaks' default rules (config.DefaultConfig of the
// github.com/zricethezav/gitleaks/v8 version that go.mod requires) into
// gitleaks.toml, which the package embeds: the rules come from the
// module, and the package's build does not link gitleaks' configuration
// loader (viper and its dependencies). Run it with go generate after
// changing the version in go.mod, and set GitleaksVersion.
package main

import (
	"log"
	"os"

	"github.com/zricethezav/gitleaks/v8/config"
)

func main() {
	if err := os.WriteFile("gitleaks.toml", []byte(config.DefaultConfig), 0o644); err != nil {
		log.Fatal(err)
	}
}
