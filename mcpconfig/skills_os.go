package mcpconfig

import (
	"os"
	"path/filepath"
	"sort"
)

// listSkills returns the names of the folders in dir that hold a
// SKILL.md, and whether dir is a folder.
func listSkills(dir string) ([]string, bool) {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return nil, false
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	entries, err := f.ReadDir(maxSkills)
	if err != nil && len(entries) == 0 {
		return []string{}, true
	}
	names := []string{}
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(dir, e.Name(), "SKILL.md")); err == nil {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, true
}
