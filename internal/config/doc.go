// Package config reads guardsh's config file and the system policy (TOML,
// described in docs/config.md) into guard.Config, writes a Config back
// (Encode, which a guardsh hands to a guardsh it starts), and merges a
// policy with a user's config (Merge: the policy wins). Package guard
// holds the vocabulary (Config, AllowEntry, ConfigError) and knows no
// TOML.
//
// The package is pure: it parses bytes it is given and reads no file.
package config
