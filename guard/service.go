package guard

import (
	"fmt"
)

// Decision is asked about a command that a rule matched below the
// service's block level; it gets the most severe warning and returns true
// to let the command run. It is never asked about a blocked command.
type Decision func(w Warning) bool

// Service answers whether a command may run: commands matching a rule at
// or above its block level are blocked, others are allowed, or left to a
// Decision when there is one. It is safe for concurrent use when its
// Decision is.
type Service struct {
	det        *Detector
	blockLevel Level
	decide     Decision
}

// NewService returns a service that blocks commands at or above
// blockLevel, checking them with every built-in rule, the extra patterns
// and the options (for example those of Config.Options). decide may be
// nil: then every command below the block level is allowed, and the caller
// gets the warning to show.
func NewService(blockLevel Level, extra []Pattern, decide Decision, opts ...Option) (*Service, error) {
	if blockLevel < Safe || blockLevel > Blocked {
		return nil, fmt.Errorf("service: invalid block level %d", int(blockLevel))
	}
	opts = append(append([]Option(nil), opts...), WithBlockLevel(blockLevel))
	d, err := NewDetector(opts...)
	if err != nil {
		return nil, err
	}
	for _, p := range extra {
		if err := d.AddPattern(p); err != nil {
			return nil, err
		}
	}
	return &Service{det: d, blockLevel: blockLevel, decide: decide}, nil
}

// Detector returns the service's detector, whose registry may be edited.
func (s *Service) Detector() *Detector { return s.det }

// BlockLevel returns the level at and above which commands are blocked.
func (s *Service) BlockLevel() Level { return s.blockLevel }

// CheckCommand reports whether the command may run, and the warning
// behind the answer: the first warning at the highest level, nil when no
// rule matches (and the command is allowed). A command at or above the
// block level is never allowed; below it, the Decision answers when there
// is one.
func (s *Service) CheckCommand(command string) (allowed bool, w *Warning) {
	ws := s.det.Check(command)
	if len(ws) == 0 {
		return true, nil
	}
	top := ws[0]
	for _, x := range ws[1:] {
		if x.Level > top.Level {
			top = x
		}
	}
	if top.Level >= s.blockLevel {
		return false, &top
	}
	if s.decide != nil {
		return s.decide(top), &top
	}
	return true, &top
}

// IsSafe reports whether no rule matches the command.
func (s *Service) IsSafe(command string) bool { return len(s.det.Check(command)) == 0 }
