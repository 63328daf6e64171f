package rules

// MongoDB and Redis clients: drops, deletes and flushes.

import (
	"slices"
	"strings"

	"guardsh/internal/argv"
)

// infraMongoTexts returns the JavaScript a mongo shell command runs.
func infraMongoTexts(c *Command) []Word {
	if !slices.Contains(infraMongoProgs, c.Name()) {
		return nil
	}
	r := ReadOpts(c.Args[1:], &argv.Spec{Valued: "upf", Stop: "h", LongFlags: []string{"norc", "quiet", "shell", "nodb", "verbose", "tls", "ssl", "tlsAllowInvalidCertificates", "tlsAllowInvalidHostnames", "ipv6", "retryWrites", "json", "build-info"}, LongStop: []string{"help", "version"}, UnknownLongValued: true, Exact: true})
	if r.Info {
		return nil
	}
	texts := r.All("eval")
	if len(texts) == 0 && c.Stdin != nil {
		texts = append(texts, *c.Stdin)
	}
	return texts
}

func infraMongoDrop(c *Command) []Hit {
	for _, t := range infraMongoTexts(c) {
		if why, high := mongoAnalyze(t.Value); high {
			return hit(why)
		}
	}
	return nil
}

func infraMongoModify(c *Command) []Hit {
	for _, t := range infraMongoTexts(c) {
		if why, high := mongoAnalyze(t.Value); why != "" && !high {
			return hit(why)
		} else if high {
			return nil
		}
	}
	return nil
}

// mongoAnalyze finds destructive calls in mongo shell JavaScript, outside
// string literals and comments.
func mongoAnalyze(js string) (reason string, high bool) {
	code := jsCode(js)
	switch {
	case strings.Contains(code, ".dropDatabase("):
		return "drops a MongoDB database (dropDatabase)", true
	case strings.Contains(code, ".drop("):
		return "drops a MongoDB collection (.drop())", true
	case strings.Contains(code, ".deleteMany({})"), strings.Contains(code, ".remove({})"), strings.Contains(code, ".deleteMany()"), strings.Contains(code, ".remove()"):
		return "deletes every document of a MongoDB collection", true
	case strings.Contains(code, ".dropAllUsers("), strings.Contains(code, ".dropAllRoles("):
		return "drops every MongoDB user or role", true
	}
	for _, f := range []string{".deleteMany(", ".deleteOne(", ".remove(", ".findOneAndDelete(", ".updateMany(", ".updateOne(", ".replaceOne(", ".findOneAndUpdate(", ".findOneAndReplace(", ".bulkWrite(", ".dropIndex(", ".dropIndexes(", ".dropUser(", ".renameCollection("} {
		if strings.Contains(code, f) {
			return "changes MongoDB data: " + f[1:len(f)-1] + "()", false
		}
	}
	return "", false
}

// jsCode returns JavaScript with whitespace, comments and the contents of
// string literals removed ("" stands for each literal).
func jsCode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
		case ch == '/' && i+1 < len(s) && s[i+1] == '/':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case ch == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				i = len(s)
			} else {
				i += end + 3
			}
		case ch == '"' || ch == '\'' || ch == '`':
			for i++; i < len(s) && s[i] != ch; i++ {
				if s[i] == '\\' {
					i++
				}
			}
			b.WriteString(`""`)
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// infraRedisCommands returns the commands a redis-cli line runs, each as
// its words.
func infraRedisCommands(c *Command) [][]string {
	if !slices.Contains(infraRedisProgs, c.Name()) {
		return nil
	}
	args := c.Args[1:]
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if len(v) < 2 || v[0] != '-' {
			break
		}
		switch v {
		case "--help", "--version", "-v":
			return nil
		case "-h", "-p", "-s", "-a", "-u", "-n", "-r", "-i", "-d", "-D", "-t", "--user", "--pass", "--sni", "--cacert", "--cacertdir", "--cert", "--key", "--tls-ciphers", "--tls-ciphersuites",
			"--rdb", "--functions-rdb", "--pipe-timeout", "--memkeys-samples", "--pattern", "--quoted-pattern", "--count", "--eval", "--intrinsic-latency", "--show-pushes", "--lru-test", "--cluster", "--latency-dist", "--keystats-samples", "--top":
			i++
		}
	}
	var out [][]string
	if i < len(args) {
		var words []string
		for _, w := range args[i:] {
			words = append(words, w.Value)
		}
		out = append(out, words)
	} else if c.Stdin != nil {
		for _, line := range strings.Split(c.Stdin.Value, "\n") {
			if f := strings.Fields(line); len(f) > 0 {
				out = append(out, f)
			}
		}
	}
	return out
}

func infraRedisFlush(c *Command) []Hit {
	for _, cmd := range infraRedisCommands(c) {
		switch up := strings.ToUpper(cmd[0]); up {
		case "FLUSHALL":
			return hit("redis FLUSHALL deletes every key of every database")
		case "FLUSHDB":
			return hit("redis FLUSHDB deletes every key of the database")
		}
	}
	return nil
}

func infraRedisDelete(c *Command) []Hit {
	for _, cmd := range infraRedisCommands(c) {
		switch up := strings.ToUpper(cmd[0]); up {
		case "DEL", "UNLINK", "GETDEL":
			return hit("redis " + up + " deletes keys: " + strings.Join(cmd[1:min(len(cmd), 5)], ", "))
		}
	}
	return nil
}
