package guard

import (
	"testing"
)

// TestSQLFromFiles checks SQL and scripts read from files: the static
// check cannot see a file, as with `bash script.sh` or `python3 x.py`, so
// these are not flagged; SQL on the command line or a known stdin still
// is, whatever file options come with it.
func TestSQLFromFiles(t *testing.T) {
	H, S := High, Safe
	runNLLines(t, []nlLine{
		// Like running a script file: not flagged.
		{"bash script.sh", S, ""},
		{"sh script.sh", S, ""},
		{"python3 x.py", S, ""},
		{"node app.js", S, ""},
		{"psql -f dump.sql", S, ""},
		{"psql -f FILE", S, ""},
		{"psql --file=dump.sql", S, ""},
		{"psql --file dump.sql mydb", S, ""},
		{"psql -d mydb -f migrations/001.sql", S, ""},
		{"psql mydb < dump.sql", S, ""},
		{"psql -U app -h db mydb < dump.sql", S, ""},
		{"mysql mydb < x.sql", S, ""},
		{"mysql -u root -p mydb < backup.sql", S, ""},
		{"mariadb mydb < x.sql", S, ""},
		{"sqlite3 app.db < x.sql", S, ""},
		{"sqlite3 app.db '.read x.sql'", S, ""},
		{"sqlite3 -init setup.sql app.db", S, ""},
		{"mongosh file.js", S, ""},
		{"mongosh mydb file.js", S, ""},
		{"mongosh --file file.js", S, ""},
		{"mongosh mydb < file.js", S, ""},
		{"redis-cli < cmds", S, ""},
		{"redis-cli --pipe < cmds.txt", S, ""},
		{"mysql -e 'source x.sql'", S, ""},
		{"psql -c '\\i x.sql'", S, ""},
		{"psql -f x.sql <<< 'DROP TABLE t'", S, ""},
		// What the command line or a known stdin says still counts.
		{"psql -f x.sql -c 'DROP TABLE t'", H, "sql_drop"},
		{"psql -c 'DROP TABLE t' -f x.sql", H, "sql_drop"},
		{"echo 'DROP TABLE t' | psql -f -", H, "sql_drop"},
		{"psql -f /dev/stdin <<< 'DROP TABLE t'", H, "sql_drop"},
		{"psql mydb <<< 'DROP TABLE t'", H, "sql_drop"},
		{"echo 'DROP DATABASE prod' | mysql", H, "sql_drop"},
		{"mysql mydb -e 'DROP TABLE t'", H, "sql_drop"},
		{"sqlite3 app.db '.read x.sql' 'DROP TABLE t'", H, "sql_drop"},
		{"sqlite3 app.db 'DELETE FROM users'", H, "sql_delete"},
		{"sqlite3 app.db \".read '|rm -rf /'\"", H, "sql_shell_escape"},
		{"sqlite3 app.db '.once |rm -rf /'", H, "sql_shell_escape"},
		{"sqlite3 app.db '.output |sh'", H, "sql_shell_escape"},
		{"psql -c '\\o |rm -rf /'", H, "sql_shell_escape"},
		{"psql -c '\\w |sh'", H, "sql_shell_escape"},
		{"sqlite3 app.db '.output out.txt'", S, ""},
		{"psql -c '\\o out.txt'", S, ""},
		{"mongosh --eval 'db.dropDatabase()' file.js", H, "mongo_drop"},
		{"echo 'db.dropDatabase()' | mongosh mydb", H, "mongo_drop"},
		{"echo FLUSHALL | redis-cli", H, "redis_flush"},
		{"redis-cli FLUSHALL < cmds", H, "redis_flush"},
	})
}
