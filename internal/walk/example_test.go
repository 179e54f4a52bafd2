package walk_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/plainsight/plainsight/internal/walk"
)

func ExampleWalk() {
	dir, _ := os.MkdirTemp("", "walk-example")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte("# Skill\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "logo.png"), []byte("\x89PNG\x00\x00"), 0o644)
	os.Mkdir(filepath.Join(dir, ".git"), 0o755)
	os.Symlink("SKILL.md", filepath.Join(dir, "link.md"))
	kinds := map[walk.Kind]string{walk.Text: "text", walk.Binary: "binary", walk.Symlink: "symlink", walk.Unreadable: "unreadable"}
	st, err := walk.Walk(dir, nil, func(f *walk.File) error {
		fmt.Printf("%s: %s, %d bytes\n", f.Rel, kinds[f.Kind], len(f.Data))
		return nil
	})
	fmt.Println(st.Skipped, "skipped,", err)
	// Output:
	// SKILL.md: text, 8 bytes
	// link.md: symlink, 0 bytes
	// logo.png: binary, 0 bytes
	// 1 skipped, <nil>
}
