package report

import "runtime/debug"

// modulePath is the path of the module this package is part of.
const modulePath = "github.com/plainsight/plainsight"

// moduleVersion is the version of the plainsight module the program was
// built with, from its build information: the main module's when the
// program is plainsight's own, else the dependency's; "(devel)" when the
// build recorded none.
func moduleVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	v := ""
	if info.Main.Path == modulePath {
		v = info.Main.Version
	}
	for _, d := range info.Deps {
		if d.Path == modulePath {
			v = d.Version
		}
	}
	if v == "" {
		return "(devel)"
	}
	return v
}
