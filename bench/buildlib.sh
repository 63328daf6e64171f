# bench/buildlib.sh: what the build benchmarks share; sourced by
# bench/buildab.sh, bench/notifyfloor.sh and bench/supervise.sh.

# mkbuild DIR N: a C project of N files and a Makefile building them.
mkbuild() {
	mkdir -p "$1"
	i=0
	while [ $i -lt "$2" ]; do
		printf '#include <stdio.h>\nint f%d(int x) { return x * %d; }\n' $i $i >"$1/f$i.c"
		i=$((i + 1))
	done
	printf 'int main(void) { return 0; }\n' >"$1/main.c"
	printf 'SRCS := $(wildcard *.c)\nprog: $(SRCS:.c=.o)\n\t$(CC) -o $@ $^\n%%.o: %%.c\n\t$(CC) -O1 -c -o $@ $<\n' >"$1/Makefile"
}

# medians TIMES NAME...: of a file of lines "name wall user sys", the
# median wall and CPU (user+sys) of bash's runs, then of each NAME's, with
# its ratios to bash's.
medians() {
	times=$1
	shift
	awk -v names="$*" '
	{ w[$1] = w[$1] " " $2; c[$1] = c[$1] " " ($3 + $4) }
	function med(s,   a, k, i, j, t) {
		k = split(s, a, " ")
		for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
	}
	END {
		bw = med(w["bash"]); bc = med(c["bash"])
		printf "median wall/CPU: bash %.3f/%.3f\n", bw, bc
		k = split(names, order, " ")
		for (i = 1; i <= k; i++) {
			x = order[i]
			if (x in w) printf "  %-10s %.3f/%.3f (%.3f/%.3f)\n", x, med(w[x]), med(c[x]), med(w[x]) / bw, med(c[x]) / bc
		}
	}' "$times"
}

# prepbuild DIR N: the 330-file build's tree in DIR/src (N files), a
# config for guardsh with executor = "bash" in DIR/cfg.toml, guardsh's
# state in DIR/state, and the build's line in $build.
prepbuild() {
	mkbuild "$1/src" "$2"
	echo 'executor = "bash"' >"$1/cfg.toml"
	export XDG_STATE_HOME="$1/state"
	build='rm -f *.o prog && make -s -j2'
}
