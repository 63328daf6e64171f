package allowlist

// bq (BigQuery's CLI) reads absl flags: --name=value or --name value, in
// full; its global flags come before the command. Auto mode runs ls, show
// and head (metadata, schemas, the first rows) and version; never
// --apilog (it writes every request to a file), --bigqueryrc or
// --credential_file (they read flags or credentials from another file).
func bqSpec() Spec {
	globals := "project_id= location= format= dataset_id= headless quiet help"
	denied := w("apilog bigqueryrc credential_file service_account_credential_file httplib2_debuglevel api api_version")
	sub := func(name, short, long string) Spec { // absl reads the global flags after the command too
		return Spec{Name: name, Short: short, Long: w(long + " " + globals), Deny: denied, NoAbbrev: true}
	}
	objects := " models routines row_access_policies transfer_config transfer_run reservation capacity_commitment reservation_assignment connection"
	return Spec{Name: "bq", Long: w(globals), NoAbbrev: true, Deny: denied,
		Subs: []Spec{
			sub("ls", "adjpn:m", "all datasets jobs projects max_results= filter= page_token= min_creation_time= max_creation_time= parent_job_id="+objects),
			sub("show", "jdtm", "job dataset table model routine view materialized_view schema encryption_service_account"+objects),
			sub("head", "n:s:tj", "max_rows= start_row= selected_fields= table job"),
			{Name: "version", Long: w(globals), NoOperands: true},
		},
		Note: "ls, show, head, version; never --apilog, --bigqueryrc, --credential_file"}
}
