package guard

import "testing"

// TestOutputDevices runs the outputs table's programs onto disk devices
// (blocked, as dd of= is) and their harmless neighbours, through the
// real Classify.
func TestOutputDevices(t *testing.T) {
	classifyRuleCases(t, []testRuleCase{
		{"tar -cf /dev/sda src/", Blocked, ruleCopyToDevice},
		{"tar cf /dev/sda src/", Blocked, ruleCopyToDevice},
		{"tar -czf /dev/nvme0n1 src/", Blocked, ruleCopyToDevice},
		{"tar --create --file=/dev/sdb src/", Blocked, ruleCopyToDevice},
		{"tar --create --file /dev/sdb1 src/", Blocked, ruleCopyToDevice},
		{"tar -rf /dev/sda extra.txt", Blocked, ruleCopyToDevice},
		{"bsdtar -cf /dev/sda src", Blocked, ruleCopyToDevice},
		{"find . | cpio -o -O /dev/sda", Blocked, ruleCopyToDevice},
		{"find . | cpio -o -F /dev/sda", Blocked, ruleCopyToDevice},
		{"find . | cpio --create --file=/dev/sda", Blocked, ruleCopyToDevice},
		{"zip /dev/sda src/a.txt", Blocked, ruleCopyToDevice},
		{"zip -r /dev/disk/by-id/usb-x src", Blocked, ruleCopyToDevice},
		{"7z a /dev/sdb src", Blocked, ruleCopyToDevice},
		{"sort -o /dev/sda data.txt", Blocked, ruleCopyToDevice},
		{"sort --output=/dev/sda data.txt", Blocked, ruleCopyToDevice},
		{"sort -o/dev/sda data.txt", Blocked, ruleCopyToDevice},
		{"shuf -o /dev/sda lines", Blocked, ruleCopyToDevice},
		{"split big.bin /dev/sda", Blocked, ruleCopyToDevice},
		{"uniq in.txt /dev/sda", Blocked, ruleCopyToDevice},
		{"iconv -f latin1 -t utf8 -o /dev/sda in.txt", Blocked, ruleCopyToDevice},
		{"pv -o /dev/sda disk.img", Blocked, ruleCopyToDevice},
		{"wget -O /dev/sda https://example.com/disk.img", Blocked, ruleCopyToDevice},
		{"wget --output-document=/dev/sda https://example.com/x", Blocked, ruleCopyToDevice},
		{"curl -o /dev/sda https://example.com/disk.img", Blocked, ruleCopyToDevice},
		{"curl -sSLo /dev/sda https://example.com/disk.img", Blocked, ruleCopyToDevice},
		{"curl --output /dev/mmcblk0 https://example.com/x", Blocked, ruleCopyToDevice},
		{"mksquashfs rootfs /dev/sdb", Blocked, ruleCopyToDevice},
		{"genisoimage -o /dev/sr0 -R dir", Blocked, ruleCopyToDevice},
		{"mkisofs -o /dev/sdb dir", Blocked, ruleCopyToDevice},
		{"xorriso -outdev /dev/sdb -map dir /", Blocked, ruleCopyToDevice},
		{"ddrescue /dev/sda /dev/sdb map.log", Blocked, ruleCopyToDevice},
		{"ddrescue -f disk.img /dev/sdb", Blocked, ruleCopyToDevice},
		{"pigz -c big | zstd -o /dev/sda", Blocked, ruleCopyToDevice},
		{"zstd -o /dev/sda disk.img", Blocked, ruleCopyToDevice},
		{"lz4 disk.img /dev/sda", Blocked, ruleCopyToDevice},
		{"brotli -o /dev/sda x", Blocked, ruleCopyToDevice},
		{"openssl enc -aes-256-cbc -in disk.img -out /dev/sda", Blocked, ruleCopyToDevice},
		{"openssl rand -out /dev/sdb 1024", Blocked, ruleCopyToDevice},
		{"gpg -o /dev/sda -d disk.img.gpg", Blocked, ruleCopyToDevice},
		{"tcpdump -w /dev/sda", Blocked, ruleCopyToDevice},
		{"mv disk.img /dev/sdb", Blocked, ruleCopyToDevice},
		{"gzip -c big > /dev/sda", Blocked, ruleRedirectToDevice},
		{"xz -c big > /dev/sda", Blocked, ruleRedirectToDevice},

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
		{"sort -o /etc/passwd users.txt", High, ruleWriteSystemFile},
		{"curl -o /etc/sudoers.d/x https://example.com/x", High, ruleWriteSystemFile},
		{"wget -O /etc/shadow https://example.com/x", High, ruleWriteSystemFile},
		{"tar -cf /etc/backup.tar src", Medium, ruleWriteEtc},
		{"curl -o /usr/local/bin/tool https://example.com/tool", Medium, ruleWriteEtc},
		{"curl -o ~/.bashrc https://example.com/rc", Medium, ruleAppendRc},
		{"tar -xf rc.tar -C /etc", Medium, ruleWriteEtc},
		{"unzip -d /etc/nginx site.zip", Medium, ruleWriteEtc},
		{"openssl req -new -keyout /etc/ssl/private/k.pem -out req.csr", Medium, ruleWriteEtc},
		{"curl -o out.html https://example.com/", Safe, ""},
		{"tar -xf src.tar -C build", Safe, ""},
		{"sort -o ~/sorted /etc/passwd", Safe, ""},
		{"touch /etc/motd", Safe, ""},
	})
}
