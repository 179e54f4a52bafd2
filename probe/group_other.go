//go:build !unix

package probe

import "os/exec"

// inGroup does nothing where there are no Unix process groups: only the
// child itself is ended (see the package documentation).
func inGroup(*exec.Cmd) {}

// endGroup kills the child.
func endGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return cmd.Process.Kill()
}
