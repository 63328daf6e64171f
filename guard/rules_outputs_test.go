package guard

import (
	"testing"

	"guardsh/guard/internal/rules"
)

// TestOutputDevices runs the outputs table's programs onto disk devices
// (blocked, as dd of= is) and their harmless neighbours, through the
// real Classify.
func TestOutputDevices(t *testing.T) {
	classifyRuleCases(t, []testRuleCase{
		{"tar -cf /dev/sda src/", Blocked, rules.RuleCopyToDevice},
		{"tar cf /dev/sda src/", Blocked, rules.RuleCopyToDevice},
		{"tar -czf /dev/nvme0n1 src/", Blocked, rules.RuleCopyToDevice},
		{"tar --create --file=/dev/sdb src/", Blocked, rules.RuleCopyToDevice},
		{"tar --create --file /dev/sdb1 src/", Blocked, rules.RuleCopyToDevice},
		{"tar -rf /dev/sda extra.txt", Blocked, rules.RuleCopyToDevice},
		{"bsdtar -cf /dev/sda src", Blocked, rules.RuleCopyToDevice},
		{"find . | cpio -o -O /dev/sda", Blocked, rules.RuleCopyToDevice},
		{"find . | cpio -o -F /dev/sda", Blocked, rules.RuleCopyToDevice},
		{"find . | cpio --create --file=/dev/sda", Blocked, rules.RuleCopyToDevice},
		{"zip /dev/sda src/a.txt", Blocked, rules.RuleCopyToDevice},
		{"zip -r /dev/disk/by-id/usb-x src", Blocked, rules.RuleCopyToDevice},
		{"7z a /dev/sdb src", Blocked, rules.RuleCopyToDevice},
		{"sort -o /dev/sda data.txt", Blocked, rules.RuleCopyToDevice},
		{"sort --output=/dev/sda data.txt", Blocked, rules.RuleCopyToDevice},
		{"sort -o/dev/sda data.txt", Blocked, rules.RuleCopyToDevice},
		{"shuf -o /dev/sda lines", Blocked, rules.RuleCopyToDevice},
		{"split big.bin /dev/sda", Blocked, rules.RuleCopyToDevice},
		{"uniq in.txt /dev/sda", Blocked, rules.RuleCopyToDevice},
		{"iconv -f latin1 -t utf8 -o /dev/sda in.txt", Blocked, rules.RuleCopyToDevice},
		{"pv -o /dev/sda disk.img", Blocked, rules.RuleCopyToDevice},
		{"wget -O /dev/sda https://example.com/disk.img", Blocked, rules.RuleCopyToDevice},
		{"wget --output-document=/dev/sda https://example.com/x", Blocked, rules.RuleCopyToDevice},
		{"curl -o /dev/sda https://example.com/disk.img", Blocked, rules.RuleCopyToDevice},
		{"curl -sSLo /dev/sda https://example.com/disk.img", Blocked, rules.RuleCopyToDevice},
		{"curl --output /dev/mmcblk0 https://example.com/x", Blocked, rules.RuleCopyToDevice},
		{"mksquashfs rootfs /dev/sdb", Blocked, rules.RuleCopyToDevice},
		{"genisoimage -o /dev/sr0 -R dir", Blocked, rules.RuleCopyToDevice},
		{"mkisofs -o /dev/sdb dir", Blocked, rules.RuleCopyToDevice},
		{"xorriso -outdev /dev/sdb -map dir /", Blocked, rules.RuleCopyToDevice},
		{"ddrescue /dev/sda /dev/sdb map.log", Blocked, rules.RuleCopyToDevice},
		{"ddrescue -f disk.img /dev/sdb", Blocked, rules.RuleCopyToDevice},
		{"pigz -c big | zstd -o /dev/sda", Blocked, rules.RuleCopyToDevice},
		{"zstd -o /dev/sda disk.img", Blocked, rules.RuleCopyToDevice},
		{"lz4 disk.img /dev/sda", Blocked, rules.RuleCopyToDevice},
		{"brotli -o /dev/sda x", Blocked, rules.RuleCopyToDevice},
		{"openssl enc -aes-256-cbc -in disk.img -out /dev/sda", Blocked, rules.RuleCopyToDevice},
		{"openssl rand -out /dev/sdb 1024", Blocked, rules.RuleCopyToDevice},
		{"gpg -o /dev/sda -d disk.img.gpg", Blocked, rules.RuleCopyToDevice},
		{"tcpdump -w /dev/sda", Blocked, rules.RuleCopyToDevice},
		{"mv disk.img /dev/sdb", Blocked, rules.RuleCopyToDevice},
		{"gzip -c big > /dev/sda", Blocked, rules.RuleRedirectToDevice},
		{"xz -c big > /dev/sda", Blocked, rules.RuleRedirectToDevice},

		// Reading a device, or writing harmless ones and files, stays as it was.
		{"tar -cf out.tar src/", Safe, ""},
		{"tar cf out.tar src/", Safe, ""},
		{"tar -xf /dev/st0", Safe, ""},
		{"tar -tf /dev/sda", Safe, ""},
		{"tar -cf /dev/null src/", Safe, ""},
		{"tar -cf - src/", Safe, ""},
		{"zip out.zip src/a.txt", Safe, ""},
		{"sort -o sorted.txt data.txt", Safe, ""},
		{"sort /dev/stdin", Safe, ""},
		{"curl -o out.img https://example.com/disk.img", Safe, ""},
		{"curl -o /dev/null https://example.com/", Safe, ""},
		{"wget -O - https://example.com/ | wc -c", Safe, ""},
		{"wget -O /dev/null https://example.com/", Safe, ""},
		{"openssl enc -d -in /dev/sda -out disk.img", Safe, ""},
		{"zstd -o disk.zst disk.img", Safe, ""},
		{"mksquashfs rootfs root.sqsh", Safe, ""},
		{"ddrescue /dev/sda disk.img map.log", Safe, ""},
		{"pv disk.img", Safe, ""},
		{"split -b 1M big.bin part.", Safe, ""},
	})
}

// TestOutputFiles runs the outputs table's programs onto the files the
// file family protects, as a redirect there would be.
func TestOutputFiles(t *testing.T) {
	classifyRuleCases(t, []testRuleCase{
		{"sort -o /etc/passwd users.txt", High, rules.RuleWriteSystemFile},
		{"curl -o /etc/sudoers.d/x https://example.com/x", High, rules.RuleWriteSystemFile},
		{"wget -O /etc/shadow https://example.com/x", High, rules.RuleWriteSystemFile},
		{"tar -cf /etc/backup.tar src", Medium, rules.RuleWriteEtc},
		{"curl -o /usr/local/bin/tool https://example.com/tool", Medium, rules.RuleWriteEtc},
		{"curl -o ~/.bashrc https://example.com/rc", Medium, rules.RuleAppendRc},
		{"tar -xf rc.tar -C /etc", Medium, rules.RuleWriteEtc},
		{"unzip -d /etc/nginx site.zip", Medium, rules.RuleWriteEtc},
		{"openssl req -new -keyout /etc/ssl/private/k.pem -out req.csr", Medium, rules.RuleWriteEtc},
		{"curl -o out.html https://example.com/", Safe, ""},
		{"tar -xf src.tar -C build", Safe, ""},
		{"sort -o ~/sorted /etc/passwd", Safe, ""},
		{"touch /etc/motd", Safe, ""},
	})
}
