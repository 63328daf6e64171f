package guard

import (
	"errors"
	"maps"
	"slices"
)

// errSnapshot stops New once the options have been applied to its config.
var errSnapshot = errors.New("guard: options snapshot")

// snapshotOptions applies opts to the config New starts from, with New's
// own defaults, and returns a copy of the result. It lets a Detector know
// what a list of options holds (patterns, disabled rules, levels) without
// repeating New's defaults.
func snapshotOptions(opts []Option) (*config, error) {
	var out *config
	stop := func(c *config) error {
		out = c.clone()
		return errSnapshot
	}
	_, err := New(append(slices.Clip(opts), stop)...)
	if !errors.Is(err, errSnapshot) {
		if err == nil {
			err = errors.New("guard: options snapshot did not run")
		}
		return nil, err
	}
	return out, nil
}

// clone returns a deep copy of the config.
func (c *config) clone() *config {
	d := *c
	d.patterns = slices.Clone(c.patterns)
	d.disabled = maps.Clone(c.disabled)
	d.levels = maps.Clone(c.levels)
	d.protected = slices.Clone(c.protected)
	if d.disabled == nil {
		d.disabled = map[string]string{}
	}
	if d.levels == nil {
		d.levels = map[string]Level{}
	}
	return &d
}

// withConfig replaces the whole config New works on with a copy of src.
func withConfig(src *config) Option {
	return func(c *config) error {
		*c = *src.clone()
		return nil
	}
}
