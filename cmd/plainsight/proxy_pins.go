package main

import (
	"strings"

	"github.com/plainsight/plainsight/pin"
	"github.com/plainsight/plainsight/proxy"
	"github.com/plainsight/plainsight/store"
)

// withPins gives the proxy the pins of the database s (the pins
// plainsight audit and plainsight approve read), and the --db the
// approve command needs when it is not the default.
func withPins(cfg proxy.Config, s store.Store, db string) proxy.Config {
	cfg.Pins = &pin.Keeper{Store: s}
	if db != "" {
		cfg.ApproveFlags = "--db " + shellWord(db)
	}
	return cfg
}

// shellWord quotes s for a POSIX shell when it needs it.
func shellWord(s string) string {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '/' || r == '.' || r == '-' || r == '_' || r == ':') {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}
