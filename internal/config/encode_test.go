package config

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/BurntSushi/toml"

	"guardsh/guard"
)

func TestConfigEncode(t *testing.T) {
	for _, src := range []string{
		"",
		fullConfig,
		testPolicy,
		"lock = true\naudit = \"required\"\nblock_level = \"medium\"\ndisable = [\"rm_rf\"]\n",
		"trusted_eval = [\"direnv hook\", \"dircolors\"]\n",
		"[[pattern]]\nname = \"q\"\npattern = '\"a\\\\b\\n'\nlevel = \"high\"\ncase_sensitive = true\n",
	} {
		c := mustParse(t, src, "c.toml")
		back, err := Parse(Encode(c), "c.toml")
		if err != nil {
			t.Fatalf("%q: Encode gave\n%s\nwhich does not parse: %v", src, Encode(c), err)
		}
		if back.String() != c.String() || back.Lock != c.Lock || !reflect.DeepEqual(back.TrustedEval, c.TrustedEval) || !reflect.DeepEqual(back.AllowUserAllowlist, c.AllowUserAllowlist) {
			t.Errorf("%q: round trip\n%v\nwant\n%v", src, back, c)
		}
		for i := range c.Patterns {
			p, q := c.Patterns[i], back.Patterns[i]
			if p.Regex != q.Regex || p.Description != q.Description || p.CaseSensitive != q.CaseSensitive {
				t.Errorf("pattern %+v came back as %+v", p, q)
			}
		}
	}
}

// A config without rules encodes as the encoder encodes an empty one,
// which Encode answers without asking it.
func TestEncodeEmpty(t *testing.T) {
	var b bytes.Buffer
	if err := toml.NewEncoder(&b).Encode(rawConfig{}); err != nil {
		t.Fatal(err)
	}
	if got := Encode(guard.Config{}); !bytes.Equal(got, b.Bytes()) {
		t.Errorf("Encode(Config{}) = %q, the encoder says %q", got, b.Bytes())
	}
}
