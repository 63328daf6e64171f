package allowlist

import (
	"strings"
	"sync"
)

// w splits a space-separated list of long flags.
func w(s string) []string { return strings.Fields(s) }

// lazyWords is w(s) made at its first use: a list only auto mode reads is
// not split at every start.
func lazyWords(s string) func() []string {
	return sync.OnceValue(func() []string { return strings.Fields(s) })
}

// common long flags every GNU tool has.
const gnu = " help version"

// builtinSpecs returns the built-in table: a fresh copy each time.
func builtinSpecs() []Spec {
	specs := []Spec{
		// Files and directories.
		{Name: "ls", Short: "aAbBcCdDfFgGhHiI:klLmnNopqQrRsStT:uUvw:xXZ1",
			Long:     w("all almost-all author escape block-size= ignore-backups color=? colour=? directory dired classify=? file-type format= full-time group-directories-first no-group human-readable si dereference-command-line dereference-command-line-symlink-to-dir hide= hyperlink=? indicator-style= inode ignore= kibibytes dereference literal numeric-uid-gid hide-control-chars show-control-chars quote-name quoting-style= reverse recursive size sort= time= time-style= tabsize= width= context zero" + gnu),
			GlobSafe: true, NoRead: true},
		{Name: "cat", Short: "AbeEnstTuv",
			Long: w("show-all number-nonblank show-ends number squeeze-blank show-tabs show-nonprinting" + gnu), GlobSafe: true},
		{Name: "head", Short: "c:n:qvz", Long: w("bytes= lines= quiet silent verbose zero-terminated" + gnu), NumOpt: true, GlobSafe: true},
		{Name: "tail", Short: "c:n:fFqs:vz",
			Long: w("bytes= lines= follow=? retry pid= quiet silent sleep-interval= verbose zero-terminated max-unchanged-stats= debug" + gnu), NumOpt: true, GlobSafe: true},
		{Name: "wc", Short: "clmwL", Long: w("bytes chars lines words max-line-length files0-from= total=" + gnu), GlobSafe: true},
		{Name: "file", Short: "bcdEhikLlNprs0e:F:f:P:",
			Long: w("brief checking-printout debug extension mime mime-type mime-encoding apple dereference no-dereference keep-going list raw preserve-date special-files print0 exclude= exclude-quiet= separator= files-from= parameter= no-buffer no-pad" + gnu),
			Deny: w("compile magic-file uncompress uncompress-noreport"), NoRead: true,
			Note: "not -C (writes a magic file), not -z/-Z (runs decompressors), not -m"},
		{Name: "stat", Short: "LfFc:t", Long: w("dereference file-system format= printf= terse cached=" + gnu), GlobSafe: true, NoRead: true},
		{Name: "du", Short: "0abcDd:hHklLmPsSxX:t:B:",
			Long:     w("null all apparent-size block-size= bytes total dereference-args max-depth= human-readable inodes dereference count-links no-dereference separate-dirs si summarize threshold= time=? time-style= exclude= exclude-from= one-file-system files0-from=" + gnu),
			GlobSafe: true, NoRead: true},
		{Name: "df", Short: "aB:hHiklPTt:x:v",
			Long:     w("all block-size= human-readable si inodes local no-sync output=? portability print-type sync total type= exclude-type=" + gnu),
			GlobSafe: true, NoRead: true},
		{Name: "tree", Short: "adlfxL:P:I:qNQpugshDFvtcUrinACSXJH:T:R",
			Long: w("gitignore gitfile= ignore-case matchdirs metafirst prune info infofile= noreport charset= filelimit= timefmt= dirsfirst filesfirst sort= si du inodes device nolinks hintro= houtro= fromfile fromtab fflinks noindent condense version help"),
			Deny: w("output"), NoRead: true, Check: checkTree,
			Note: "not -o (writes a file), not -R with -H (writes 00Tree.html files)"},
		ezaSpec("eza"), ezaSpec("exa"),
		{Name: "whereis", Short: "bmsul", NoRead: true, GlobSafe: true, Note: "not -B, -M, -S (directory lists ended by -f)"},
		{Name: "locate", Short: "0Abcd:eiLl:n:Pqr:Sw", Long: w("all basename count database= existing follow ignore-case limit= nofollow null quiet regexp= regex statistics wholename help version"),
			NoRead: true, Note: "it only reads its database; not -u/--update"},
		{Name: "plocate", Short: "0bcd:eil:n:r:w", Long: w("basename count database= existing ignore-case limit= null regexp= regex wholename help version"), NoRead: true},
		{Name: "readlink", Short: "efmnqsvz", Long: w("canonicalize canonicalize-existing canonicalize-missing no-newline quiet silent verbose zero" + gnu), GlobSafe: true, NoRead: true},
		{Name: "realpath", Short: "eLmPqsz", Long: w("canonicalize-existing canonicalize-missing logical physical quiet relative-to= relative-base= strip no-symlinks zero" + gnu), GlobSafe: true, NoRead: true},
		{Name: "basename", Short: "as:z", Long: w("multiple suffix= zero" + gnu), GlobSafe: true, NoRead: true},
		{Name: "dirname", Short: "z", Long: w("zero" + gnu), GlobSafe: true, NoRead: true},
		{Name: "cd", Short: "LPe@", NoPermute: true, MaxOperands: 1, NoRead: true},
		{Name: "pwd", Short: "LP", NoPermute: true, NoOperands: true, NoRead: true},

		// Text.
		{Name: "grep", Short: grepShort, Long: w(grepLong), NumOpt: true, GlobSafe: true, Check: checkRecursive},
		{Name: "egrep", Short: grepShort, Long: w(grepLong), NumOpt: true, GlobSafe: true, Check: checkRecursive},
		{Name: "fgrep", Short: grepShort, Long: w(grepLong), NumOpt: true, GlobSafe: true, Check: checkRecursive},
		{Name: "sort", Short: "bdfgiMhnRrVcCk:msS:t:T:uz",
			Long: w("ignore-leading-blanks dictionary-order ignore-case general-numeric-sort ignore-nonprinting month-sort human-numeric-sort numeric-sort random-sort random-source= reverse sort= version-sort batch-size= check=? debug files0-from= key= merge buffer-size= stable field-separator= temporary-directory= parallel= unique zero-terminated" + gnu),
			Deny: w("output compress-program"),
			Note: "not -o/--output in any spelling, not --compress-program"},
		{Name: "uniq", Short: "cdDf:is:uzw:", Long: w("count repeated all-repeated=? skip-fields= group=? ignore-case skip-chars= unique zero-terminated check-chars=" + gnu), MaxOperands: 1,
			Note: "at most one operand: a second one is an output file"},
		{Name: "cut", Short: "b:c:d:f:nsz", Long: w("bytes= characters= delimiter= fields= complement only-delimited output-delimiter= zero-terminated" + gnu), GlobSafe: true},
		{Name: "tr", Short: "cCdst", Long: w("complement delete squeeze-repeats truncate-set1" + gnu), GlobSafe: true, NoRead: true},
		{Name: "column", Short: "c:C:dE:eH:hi:Jl:LN:n:O:o:p:R:r:s:S:tT:W:xV", Long: w("columns= table table-columns= table-columns-limit= table-right= table-truncate= table-order= table-name= table-noextreme= table-noheadings table-maxout table-header-repeat table-hide= table-wrap= json tree= tree-id= tree-parent= separator= output-separator= fillrows keep-empty-lines output-width= use-spaces= input-separator= help version"), GlobSafe: true},
		{Name: "nl", Short: "b:d:f:h:i:l:n:ps:v:w:", Long: w("body-numbering= section-delimiter= footer-numbering= header-numbering= line-increment= join-blank-lines= number-format= no-renumber number-separator= starting-line-number= number-width=" + gnu), GlobSafe: true},
		{Name: "tac", Short: "brs:", Long: w("before regex separator=" + gnu), GlobSafe: true},
		{Name: "rev", Short: "0Vh", Long: w("zero" + gnu), GlobSafe: true},
		{Name: "paste", Short: "d:sz", Long: w("delimiters= serial zero-terminated" + gnu), GlobSafe: true},
		{Name: "join", Short: "a:e:ij:o:t:v:1:2:z", Long: w("ignore-case check-order nocheck-order header zero-terminated" + gnu), GlobSafe: true},
		{Name: "comm", Short: "123z", Long: w("check-order nocheck-order output-delimiter= total zero-terminated" + gnu), GlobSafe: true},
		{Name: "fold", Short: "bsw:", Long: w("bytes characters spaces width=" + gnu), GlobSafe: true},
		{Name: "expand", Short: "it:", Long: w("initial tabs=" + gnu), NumOpt: true, GlobSafe: true},
		{Name: "unexpand", Short: "at:", Long: w("all first-only tabs=" + gnu), NumOpt: true, GlobSafe: true},
		{Name: "numfmt", Short: "d:z", Long: w("debug delimiter= field= format= from= from-unit= grouping header=? invalid= padding= round= suffix= to= to-unit= unit-separator= zero-terminated" + gnu)},
		{Name: "tsort", Long: w(gnu), MaxOperands: 1, GlobSafe: true},
		{Name: "pr", Short: "a::b::c::d::D:e::FfhH:i::JlLmn::N:o:rs::S::tTvw:W:", NumOpt: true, Raw: false,
			Long: w("pages= columns= across show-control-chars double-space date-format= expand-tabs=? form-feed header= output-tabs=? join-lines length= merge number-lines=? first-line-number= indent= no-file-warnings separator=? sep-string=? omit-header omit-pagination show-nonprinting width= page-width=" + gnu)},
		{Name: "fmt", Short: "cp:stuw:g:", NumOpt: true, Long: w("crown-margin prefix= split-only tagged-paragraph uniform-spacing width= goal=" + gnu), GlobSafe: true},
		{Name: "look", Short: "abdft:", Long: w("alternative alphanum ignore-case terminate= help version"), MaxOperands: 2},
		{Name: "od", Short: "A:j:N:t:vw::S:abcdfilosx", Long: w("address-radix= endian= skip-bytes= read-bytes= format= output-duplicates strings=? traditional width=?" + gnu), GlobSafe: true},
		{Name: "hexdump", Short: "bcCdoxe:f:n:s:vL::", Long: w("one-byte-octal one-byte-char canonical two-bytes-decimal two-bytes-octal two-bytes-hex format= format-file= color=? length= skip= no-squeezing help version"), GlobSafe: true},
		{Name: "xxd", Raw: true, Check: checkXxd, Note: "not -r (writes binary); at most one operand (a second is an output file)"},
		{Name: "strings", Short: "adfn:t:e:owsT:U:", Long: w("all data print-file-name bytes= radix= encoding= include-all-whitespace output-separator= target= unicode=" + gnu), NumOpt: true, GlobSafe: true},
		{Name: "base64", Short: "diw:", Long: w("decode ignore-garbage wrap=" + gnu), MaxOperands: 1,
			Note: "not -o (macOS writes a file with it)"},
		{Name: "cksum", Short: "a:l:bctwz", Long: w("algorithm= base64 check length= raw tag untagged zero ignore-missing quiet status strict warn debug" + gnu), GlobSafe: true},
		{Name: "diff", Short: "qscC:uU:enyW:pF:tTlrNx:X:S:iEZbwBI:a0123456789d",
			Long:     w("normal brief report-identical-files context=? unified=? ed rcs side-by-side width= left-column suppress-common-lines show-c-function show-function-line= label= expand-tabs initial-tab tabsize= suppress-blank-empty paginate recursive no-dereference new-file unidirectional-new-file ignore-file-name-case no-ignore-file-name-case exclude= exclude-from= starting-file= from-file= to-file= ignore-case ignore-tab-expansion ignore-trailing-space ignore-space-change ignore-all-space ignore-blank-lines ignore-matching-lines= text strip-trailing-cr minimal horizon-lines= speed-large-files color=? palette= line-format= old-line-format= new-line-format= unchanged-line-format= old-group-format= new-group-format= unchanged-group-format= changed-group-format=" + gnu),
			GlobSafe: true},
		{Name: "cmp", Short: "bi:ln:s", Long: w("print-bytes ignore-initial= verbose bytes= quiet silent" + gnu), MaxOperands: 4, GlobSafe: true},
		{Name: "sed", Short: "nEe:rsuzl:", Why: sedWhy(), Long: w("quiet silent expression= regexp-extended separate unbuffered null-data line-length= posix debug sandbox" + gnu),
			Deny: w("in-place file follow-symlinks binary"), Check: checkSed,
			Note: "printing scripts only: no -i in any spelling, no -f, no w/W/e/r/R commands, no s///w or s///e"},
		{Name: "jq", Raw: true, Check: checkJq, Note: "not reading the environment (env, $ENV, $__prog_env), no -f, no modules"},

		// Searching.
		{Name: "find", Raw: true, Why: findWhy(), Check: checkFind, NoRead: true,
			Note: "tests and printing only: no -exec, -execdir, -ok, -okdir, -delete, -fprint, -fprint0, -fprintf, -fls"},
		{Name: "fd", Short: "HIusigFalLp0d:E:t:e:S:o:c:j:1qhV", NoAbbrev: true, NoRead: true,
			Long: w("hidden no-hidden no-ignore ignore no-ignore-vcs ignore-vcs no-require-git require-git no-ignore-parent no-global-ignore-file unrestricted case-sensitive ignore-case glob regex fixed-strings and= absolute-path relative-path list-details follow no-follow full-path print0 max-depth= min-depth= exact-depth= exclude= prune type= extension= size= changed-within= changed-before= newer= older= owner= format= color= hyperlink=? threads= max-results= max-buffer-time= quiet show-errors base-directory= path-separator= search-path= strip-cwd-prefix=? one-file-system ignore-file= help version"),
			Note: "not -x/-X/--exec/--exec-batch"},
		{Name: "fdfind", Short: "HIusigFalLp0d:E:t:e:S:o:c:j:1qhV", NoAbbrev: true, NoRead: true,
			Long: w("hidden no-hidden no-ignore ignore no-ignore-vcs ignore-vcs unrestricted case-sensitive ignore-case glob regex fixed-strings absolute-path list-details follow full-path print0 max-depth= min-depth= exact-depth= exclude= prune type= extension= size= changed-within= changed-before= owner= color= threads= max-results= quiet show-errors base-directory= path-separator= search-path= strip-cwd-prefix=? one-file-system ignore-file= help version")},
		{Name: "rg", Short: "A:B:C:cd:E:e:f:Fg:HhiIj:lLm:M:nNoOpPqr:sSt:T:uUvVwx0ab.", NoAbbrev: true,
			Long: w("after-context= before-context= context= count count-matches color= colors= column no-column context-separator= no-context-separator crlf no-crlf debug trace dfa-size-limit= encoding= engine= field-context-separator= field-match-separator= file= files files-with-matches files-without-match fixed-strings no-fixed-strings follow no-follow generate= glob= iglob= glob-case-insensitive no-glob-case-insensitive heading no-heading hidden no-hidden ignore-case ignore-file= ignore-file-case-insensitive include-zero invert-match json no-json line-buffered block-buffered line-number no-line-number line-regexp max-columns= max-columns-preview max-count= max-depth= max-filesize= mmap no-mmap multiline no-multiline multiline-dotall no-config no-ignore no-ignore-dot no-ignore-exclude no-ignore-files no-ignore-global no-ignore-messages no-ignore-parent no-ignore-vcs no-messages no-require-git null null-data one-file-system only-matching passthru path-separator= pcre2 no-pcre2 pcre2-version pretty quiet regex-size-limit= regexp= replace= no-search-zip smart-case sort= sortr= stats no-stats text threads= trim no-trim type= type-not= type-add= type-clear= type-list unrestricted vimgrep with-filename no-filename word-regexp auto-hybrid-regex no-unicode unicode byte-offset binary no-binary hyperlink-format= help version"),
			Deny: w("pre pre-glob hostname-bin search-zip"), Check: checkRecursive,
			Note: "not --pre, --hostname-bin, -z/--search-zip"},

		// Hashes.
		{Name: "md5sum", Short: sumShort, Long: w(sumLong), GlobSafe: true},
		{Name: "sha1sum", Short: sumShort, Long: w(sumLong), GlobSafe: true},
		{Name: "sha224sum", Short: sumShort, Long: w(sumLong), GlobSafe: true},
		{Name: "sha256sum", Short: sumShort, Long: w(sumLong), GlobSafe: true},
		{Name: "sha384sum", Short: sumShort, Long: w(sumLong), GlobSafe: true},
		{Name: "sha512sum", Short: sumShort, Long: w(sumLong), GlobSafe: true},
		{Name: "b2sum", Short: sumShort + "l:", Long: w(sumLong + " length="), GlobSafe: true},

		// Archives.
		{Name: "tar", Raw: true, Check: checkTar, Note: "listing only: -t/--list with -f, -v, -z, -j, -J; an archive name with ':' asks (tar would use rsh)"},
		{Name: "unzip", Raw: true, Check: checkUnzip, Note: "-l, -v, -t, -Z listing forms only"},
		{Name: "zcat", Short: "fqvlhVLr", Long: w("force quiet verbose list help version license recursive"), GlobSafe: true},
		{Name: "gzip", Short: "cdfhlkLnNqrtvV", Long: w("stdout to-stdout decompress uncompress force help list keep license no-name name quiet recursive test verbose version"), Check: checkGzip,
			Note: "-dc, -l or -t only (anything else writes files)"},
		{Name: "gunzip", Short: "cfhlkLnNqrtvV", Long: w("stdout to-stdout force help list keep license no-name name quiet recursive test verbose version"), Check: checkGunzip,
			Note: "-c, -l or -t only"},

		// System.
		{Name: "free", Short: "bkmgthlws:c:", Long: w("bytes kilo mega giga tera peta kibi mebi gibi tebi pebi human si lohi total wide committed seconds= count= line" + gnu), NoOperands: true},
		{Name: "uptime", Short: "psrhV", Long: w("pretty since raw container" + gnu), NoOperands: true},
		{Name: "uname", Short: "asnrvmpio", Long: w("all kernel-name nodename kernel-release kernel-version machine processor hardware-platform operating-system" + gnu), NoOperands: true},
		{Name: "id", Short: "agGnruzZ", Long: w("context group groups name real user zero" + gnu), NoRead: true},
		{Name: "whoami", Long: w(gnu), NoOperands: true},
		{Name: "hostname", Short: "aAdfiIsvV", Long: w("alias all-fqdns domain fqdn long ip-address all-ip-addresses short verbose version help"), Deny: w("boot file nis yp"), NoOperands: true,
			Note: "no operand (it would set the name), no -F/-b"},
		{Name: "date", Short: "d:I::r:Ru", Long: w("date= iso-8601=? reference= rfc-email rfc-3339= rfc-2822 rfc-822 utc universal debug resolution" + gnu),
			Deny: w("set file"), Check: checkDate, NoRead: true,
			Note: "display forms only: not -s/--set, no operand but +FORMAT"},
		{Name: "cal", Raw: true, NoRead: true, GlobSafe: true},
		{Name: "ncal", Raw: true, NoRead: true, GlobSafe: true},
		{Name: "nproc", Long: w("all ignore=" + gnu), NoOperands: true},
		{Name: "getconf", Short: "av:", NoRead: true},
		{Name: "locale", Short: "amckv", Long: w("all-locales charmaps category-name keyword-name verbose" + gnu), NoRead: true},
		{Name: "lsblk", Short: "abdDe:fhiI:JlmMnNo:OpPrsStTuvwxyzAEBQ:", Long: w("all bytes nodeps discard exclude= fs help include= ascii json list merge perms noheadings output= output-all paths pairs raw inverse topology scsi nvme virtio tree=? width= sort= zoned sysroot= version noempty dedup= filter= highlight= ct= ct-filter= list-columns hyperlink=? properties-by="), NoRead: true},
		{Name: "lscpu", Short: "aABbcCeJhpsxyV", Long: w("all online offline bytes caches=? extended=? json parse=? sysroot= hex physical output-all raw hierarchic=?" + gnu), NoRead: true},
		{Name: "ps", Raw: true, Check: checkPs, NoRead: true,
			Note: "not the BSD e modifier or a format that names the environment"},
		{Name: "pgrep", Short: "lafxnoirvwcAd:g:G:P:s:t:u:U:F:", Long: w("list-name list-full full exact newest oldest inverse lightweight count delimiter= pgroup= group= parent= session= terminal= euid= uid= pidfile= logpidfile ignore-ancestors ns= nslist= older= runstates= cgroup=" + gnu), NoRead: true},
		{Name: "lsof", Raw: true, Check: checkLsof, NoRead: true, Note: "not -D (device cache), -k, -m, +m"},
		{Name: "ss", Short: "hVHOnraloempisEZzb460tudwxSMf:A:N:", Long: w("help version no-header oneline numeric resolve all listening options extended memory processes threads info tos cgroup tipcinfo summary events context contexts net= bpf ipv4 ipv6 packet tcp mptcp sctp udp dccp raw unix tipc vsock xdp inet-sockets family= query= socket="),
			Deny: w("kill diag filter"), NoRead: true, Note: "not -K/--kill, -D, -F"},
		{Name: "netstat", Short: "atuwxlnpreisgMvoc46CFNTWZeA:", Long: w("all tcp udp udplite raw unix listening numeric numeric-hosts numeric-ports numeric-users program route extend interfaces statistics groups masquerade verbose timers continuous wide protocol= symbolic extended fib cache" + gnu), NoRead: true},
		{Name: "ip", Raw: true, Check: checkIP, NoRead: true, Note: "show, list and get forms only"},

		// Shell and small tools.
		{Name: "which", Short: "asV", Long: w("all skip-dot skip-tilde" + gnu), NoRead: true, GlobSafe: false},
		{Name: "type", Short: "afptP", NoPermute: true, NoRead: true},
		{Name: "command", Short: "pvV", NoPermute: true, Need: []string{"-v", "-V"}, NoRead: true,
			Note: "-v and -V only (otherwise it runs its operand)"},
		{Name: "echo", Raw: true, NoRead: true, GlobSafe: true},
		{Name: "printf", Raw: true, NoRead: true, Check: checkPrintf, Note: "not -v (assigns a variable)"},
		{Name: "true", Raw: true, NoRead: true, GlobSafe: true},
		{Name: "false", Raw: true, NoRead: true, GlobSafe: true},
		{Name: "test", Raw: true, NoRead: true, GlobSafe: true},
		{Name: "[", Raw: true, NoRead: true, GlobSafe: true},
		{Name: "seq", Raw: true, NoRead: true},
		{Name: "expr", Raw: true, NoRead: true},
		{Name: "sleep", Raw: true, NoRead: true},
		{Name: "yes", Raw: true, NoRead: true},
	}
	specs = append(specs, gitSpec())
	specs = append(specs, versionSpecs()...)
	specs = append(specs, glabSpec(), curlSpec(), bqSpec())
	specs = append(specs, kongSpecs()...)
	specs = append(specs, kubectlSpec(), helmSpec(), dockerSpec(), podmanSpec(), ghSpec(), tailscaleSpec(), tcpdumpSpec(),
		systemctlSpec(), journalctlSpec(), npmSpec(), pipSpec("pip"), pipSpec("pip3"),
		Spec{Name: "go", Raw: true, Check: checkGo, Note: "go version, go env (not -w/-u), go doc (not -http), go list (not -export, -compiled, -toolexec, -exec, -mod, -modfile, -overlay)"},
		Spec{Name: "aws", Raw: true, Check: checkAws, Note: "describe-*, list-*, get-* (not those that print secrets or write a download), s3 ls, configure list; never --endpoint-url, --no-verify-ssl, --ca-bundle, --debug, --cli-input-*, file:// values, --with-decryption, --unmask"},
		Spec{Name: "gcloud", Raw: true, Check: checkGcloud, Note: "a known group path (under any release track), then list, list-*, describe or get-iam-policy; config get(-value), logging|logs read, iap settings get, info, version; never --flags-file, --access-token-file, --log-http"},
		Spec{Name: "az", Raw: true, Check: checkAz, Note: "GROUP list, list-*, show, show-*, get-*, exists, query, summarize, logs, log tail, url; not for keys, credentials, secrets (but keyvault secret names and public keys), app settings, connection strings, publishing profiles; never --debug, --open"},
		Spec{Name: "terraform", Raw: true, Check: checkTerraform, Note: "version, state list, workspace list|show, fmt -check or -write=false: the other subcommands (plan, validate, show, providers, state show, output, graph) load providers or print secrets, and a provider's code runs"})
	return specs
}

const grepShort = "EFGPe:f:iywxcLlm:obHhnTZzA:B:C:aD:d:rRUsqVvI"

const grepLong = "extended-regexp fixed-strings basic-regexp perl-regexp regexp= file= ignore-case no-ignore-case word-regexp line-regexp null-data no-messages invert-match count color=? colour=? files-without-match files-with-matches max-count= only-matching quiet silent byte-offset with-filename no-filename label= line-number initial-tab null after-context= before-context= context= text binary-files= devices= directories= exclude= exclude-from= exclude-dir= include= recursive dereference-recursive line-buffered binary" + gnu

const sumShort = "bctwz"

const sumLong = "binary check tag text zero ignore-missing quiet status strict warn" + gnu

// versionSpecs are the version queries of common tools: each allows
// nothing but its version flag. Tools whose version query may run code
// chosen by the current directory are left out: yarn (yarnPath), pnpm
// (corepack), cargo, rustc and rustup (rust-toolchain.toml may name a
// path toolchain), php (php.ini in the current directory loads
// extensions).
func versionSpecs() []Spec {
	v := func(name, short string, long ...string) Spec {
		var need []string
		for _, r := range short {
			need = append(need, "-"+string(r))
		}
		for _, l := range long {
			need = append(need, "--"+l)
		}
		return Spec{Name: name, Short: short, Long: long, NoAbbrev: true, NoOperands: true, Need: need,
			Note: "version query only"}
	}
	return []Spec{
		v("node", "v", "version"),
		v("nodejs", "v", "version"),
		v("deno", "V", "version"),
		v("bun", "v", "version"),
		v("npx", "v", "version"),
		v("python", "V", "version"),
		v("python3", "V", "version"),
		v("ruby", "", "version"),
		v("perl", "v", "version"),
		v("gcc", "", "version"),
		v("g++", "", "version"),
		v("cc", "", "version"),
		v("clang", "", "version"),
		v("make", "v", "version"),
		v("cmake", "", "version"),
		v("bash", "", "version"),
		v("dotnet", "", "version"),
		{Name: "java", Raw: true, Check: exactly("-version", "--version"), Note: "version query only"},
		{Name: "javac", Raw: true, Check: exactly("-version", "--version"), Note: "version query only"},
	}
}

// exactly returns a check that allows only one of the given argument
// lists, each a single argument.
func exactly(one ...string) func(c *Call) string {
	return func(c *Call) string {
		if len(c.Args) == 1 {
			for _, o := range one {
				if c.Args[0].Text == o {
					return ""
				}
			}
		}
		return c.Name + " is only allowed as " + strings.Join(one, " or ")
	}
}

// ezaSpec returns eza (or exa, its predecessor): a listing like ls, which
// reads names, metadata and, with --git, the repository's status; no flag
// writes a file or runs a program.
func ezaSpec(name string) Spec {
	return Spec{Name: name, Short: "1lGxRTL:aAdDfrs:hHigmuUnSbBX@I:o", NoRead: true,
		Long: w("oneline long grid across recurse tree level= all almost-all list-dirs only-dirs only-files reverse sort= header icons=? classify=? " +
			"color=? colour=? color-scale=? colour-scale=? git git-repos git-repos-no-status git-ignore ignore-glob= group-directories-first group binary bytes " +
			"inode links modified accessed created changed time= time-style= numeric octal-permissions no-permissions no-filesize no-user no-time no-git " +
			"extended blocksize smart-group total-size absolute=? hyperlink width= help version")}
}
