package guard

// interpRules returns the built-in rules of this family.
func interpRules() []builtin {
	return nil
}

// interpScripts returns the shell command lines an interpreter one-liner
// (python -c, node -e, perl -e, ruby -e, awk with system()) would run, as
// lines for the walker to classify: a string handed to os.system is
// returned as it is; shutil.rmtree('/x') comes back as "rm -rf '/x'".
func interpScripts(c *Command) []string {
	return nil
}
