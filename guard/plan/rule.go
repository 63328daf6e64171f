package plan

// Rule describes one check guardsh makes: its stable snake_case name, the
// level it gives, what it looks for, and where it came from.
type Rule struct {
	Name        string `json:"name"`
	Level       Level  `json:"level"`
	Description string `json:"description"`
	// Origin is "built-in", "policy" or "config".
	Origin string `json:"origin"`
	// Disabled reports a rule turned off by configuration.
	Disabled bool `json:"disabled,omitempty"`
	// Overridden reports a level changed by configuration; DefaultLevel is
	// the level before the change.
	Overridden   bool  `json:"overridden,omitempty"`
	DefaultLevel Level `json:"default_level"`
	// Example is a command the rule matches, for documentation.
	Example string `json:"example,omitempty"`
}

// Hit is one match of a rule on a command, with the reason a person reads.
type Hit struct {
	Reason string
	// Text is the part of the line the hit is about; the command's text
	// when empty.
	Text string
}
