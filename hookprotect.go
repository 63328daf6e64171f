package main

import (
	"path/filepath"

	"guardsh/guard"
	"guardsh/hook"
)

// agentHookFiles returns the places coding agents read their hooks from,
// which rule agent_hooks protects (guard.WithAgentHooks): for each agent
// guardsh installs its hook for (agentSetups, and OpenCode's plugin), the
// user's settings file under home and the project's (relative: protected
// in every project), with the other files there that add hooks or turn
// them off. They are protected whether guardsh's hook is in them or not:
// a hook another file adds (an allow-everything hook, "disableAllHooks")
// undoes guardsh's as surely as removing it, and guardsh cannot know
// where an agent will start next. The user's paths come as written and,
// where a symbolic link is on the way, resolved too (dirs caches the
// directories resolved, as for protectedPaths).
func agentHookFiles(home string) []guard.HookFile {
	return agentHookFilesIn(home, map[string]string{})
}

// agentHookFilesIn is agentHookFiles with the directories resolved so far
// in dirs (realPath).
func agentHookFilesIn(home string, dirs map[string]string) []guard.HookFile {
	var hs []guard.HookFile
	add := func(agent, p string, dir bool) {
		if p == "" {
			return
		}
		hs = append(hs, guard.HookFile{Agent: agent, Path: p, Dir: dir})
		if filepath.IsAbs(p) {
			if r := realPath(p, dirs); r != "" && r != p {
				hs = append(hs, guard.HookFile{Agent: agent, Path: r, Dir: dir})
			}
		}
	}
	for _, agent := range hook.Agents() {
		name := hook.Name(agent)
		if agent == openCodeAgent {
			for _, base := range []string{openCodeUser(home), openCodeProject} {
				if base == "" {
					continue
				}
				for _, d := range openCodePluginDirs {
					add(name, filepath.Join(base, d), true)
				}
				for _, c := range openCodeConfigs {
					add(name, filepath.Join(base, c), false)
				}
			}
			for _, c := range openCodeConfigs {
				add(name, c, false) // at the project's top
			}
			continue
		}
		s, ok := agentSetups[agent]
		if !ok {
			continue
		}
		var files []string
		if s.user != nil && home != "" {
			files = append(files, s.user(home))
		}
		files = append(files, s.project("")) // relative to the project
		for _, f := range files {
			if s.dirHooks {
				add(name, filepath.Dir(f), true)
				continue
			}
			add(name, f, false)
			for _, o := range s.others {
				add(name, filepath.Join(filepath.Dir(f), o), false)
			}
		}
		if s.userDir != nil && home != "" {
			add(name, s.userDir(home), true)
		}
	}
	return hs
}
