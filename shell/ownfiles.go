package shell

// OwnFiles records the files and directories a line running outside the
// interpreter (in real bash, under the supervisor) made itself, as the
// interpreter records its own (a redirect opened them new, mktemp, touch
// or mkdir made them): guard.State.Own asks Has, so that deleting,
// emptying or chmod +x of them is no question. Each is kept with its
// device and inode when it is added: a path replaced since (by a link to
// somewhere else, or anything) is no longer the line's own. The zero
// value is ready to use.
type OwnFiles struct{ o ownPaths }

// Add records p (absolute), which exists now, as made by the line; dir
// says it is a directory, whose contents are the line's too.
func (f *OwnFiles) Add(p string, dir bool) { f.o.add(p, dir) }

// Has reports p, or p inside a directory, that the line made and that is
// still what was made, with no link on the way from it to p.
func (f *OwnFiles) Has(p string) bool { return f.o.has(p) }
