package shell

// The history file's entries go into the line editor while its first
// prompt is already on the screen: with a long history, copying them (the
// editor keeps each as runes, in a list of its own) costs more than all
// the rest of the start. The editor's history is touched only by its own
// key loop (Up, Ctrl-R, and what it saves of the line being typed) and by
// loop after a line was read; both wait for the load first (waitHistory in
// filterRune, which sees every key before the editor does).

// loadHistory starts putting entries, oldest first, into the editor's
// history.
func (f *frontend) loadHistory(entries []string) {
	done := make(chan struct{})
	f.histLoaded = done
	go func() {
		defer close(done)
		for _, e := range entries {
			f.rl.SaveHistory(editorText(e))
		}
	}()
}

// waitHistory returns once the editor holds the history file's entries.
func (f *frontend) waitHistory() {
	if f.histLoaded != nil {
		<-f.histLoaded
	}
}
