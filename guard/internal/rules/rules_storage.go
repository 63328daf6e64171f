package rules

// The storage family: volume managers, RAID, ZFS and firmware tools that
// destroy what is stored, whatever the disk family's programs are.

// storageRules returns the built-in rules of this family: rows
// (rows_ported.go).
func storageRules() []Builtin {
	return []Builtin{portedRow("storage_destroy"), portedRow("storage_change")}
}
