package allowlist

import (
	"strings"
	"testing"
)

// toolSafe are read-only forms of the service, container and developer
// CLIs: auto-safe.
var toolSafe = []string{
	// kubectl
	"kubectl get pods", "kubectl get pods -A", "kubectl get pods -n kube-system -o wide", "kubectl -n x get deploy",
	"kubectl get pods -o jsonpath='{.items[*].metadata.name}'", "kubectl get pods -o go-template='{{.kind}}'", "kubectl get secrets",
	"kubectl get secret x -o name", "kubectl get pods -l app=web --sort-by=.metadata.name", "kubectl get pods -w", "kubectl get nodes -o yaml",
	"kubectl --context prod get svc", "kubectl describe pod x", "kubectl describe secret x", "kubectl describe nodes",
	"kubectl logs x", "kubectl logs -f x", "kubectl logs x -c app --tail=100", "kubectl logs -l app=web --all-containers", "kubectl logs --previous x",
	"kubectl top pods", "kubectl top node", "kubectl top pod -A --sort-by=cpu", "kubectl version", "kubectl version --client", "kubectl version -o json",
	"kubectl api-resources", "kubectl api-resources --namespaced=true", "kubectl api-versions", "kubectl explain pods", "kubectl explain pods.spec --recursive",
	"kubectl cluster-info", "kubectl config view", "kubectl config view --minify", "kubectl config get-contexts", "kubectl config current-context",
	"kubectl auth can-i list pods", "kubectl auth whoami", "kubectl events -A", "kubectl plugin list", "kubectl get pods --v=6", "kubectl rollout status deploy/x", "kubectl rollout history deploy/x --revision=2", "kubectl completion bash", "kubectl -v 4 get pods",
	// helm
	"helm list", "helm ls -A", "helm list -n x -o json", "helm status r", "helm history r", "helm get values r", "helm get values r -a -o yaml",
	"helm get notes r", "helm show values bitnami/nginx", "helm show chart ./chart", "helm show all oci://r/c", "helm search repo nginx", "helm repo list", "helm version",
	"helm --kube-context x list", "helm dependency list ./chart",
	// docker and podman
	"docker ps", "docker ps -a", "docker ps -aq", "docker ps --format '{{.Names}}'", "docker images", "docker image ls", "docker inspect x",
	"docker inspect -f '{{.State.Status}}' x", "docker logs x", "docker logs -f --tail 100 x", "docker version", "docker info", "docker --version",
	"docker stats --no-stream", "docker network ls", "docker volume ls", "docker image history x", "docker container ls -a", "docker system df",
	"docker -c remote ps", "docker service ls", "docker service ps web", "docker node ls", "docker secret ls", "docker stack ls", "docker service logs -f web", "podman pod ps", "docker context ls", "docker top x", "docker port x",
	"podman ps", "podman ps -a", "podman images", "podman inspect x", "podman logs x", "podman version", "podman info", "podman volume ls",
	// gh
	"gh pr view", "gh pr view 12", "gh pr view 12 --comments", "gh pr list", "gh pr list --state merged -L 5", "gh pr diff 3", "gh pr checks",
	"gh pr status", "gh issue view 4", "gh issue list -l bug", "gh issue status", "gh repo view", "gh repo view cli/cli", "gh repo list cli",
	"gh run view 1", "gh run view 1 --log-failed", "gh run list", "gh run list -w ci.yml", "gh release view", "gh release list", "gh workflow list",
	"gh workflow view ci.yml", "gh pr list --json number,title --jq '.[].title'", "gh auth status", "gh status", "gh --version", "gh search issues bug --state open", "gh search prs --author me --merged", "gh search repos cli --stars '>100'", "gh search code foo --language go", "gh label list", "gh secret list", "gh variable list", "gh cache list", "gh gist list", "gh gist view abc --raw", "gh extension list", "gh alias list", "gh ruleset list",
	"gh api repos/x/y", "gh api repos/x/y/pulls --paginate", "gh api -X GET repos/x/y", "gh api user --jq .login", "gh api -H 'Accept: application/vnd.github.v3.diff' repos/x/y/pulls/1",
	// systemd
	"systemctl", "systemctl status", "systemctl status nginx", "systemctl status nginx -n 50", "systemctl --user status x", "systemctl list-units",
	"systemctl list-units --type=service --state=running", "systemctl list-unit-files", "systemctl is-active x", "systemctl is-enabled x",
	"systemctl show x -p MainPID", "systemctl show -P MainPID x", "systemctl status -v x", "systemctl cat x", "systemctl list-timers --all", "systemctl --failed", "systemctl status x --no-pager",
	"journalctl", "journalctl -u x", "journalctl -u x -f", "journalctl -b", "journalctl -b -1", "journalctl -k", "journalctl --since '1 hour ago'",
	"journalctl -n 20", "journalctl -p err -b", "journalctl -o json-pretty -u x", "journalctl --disk-usage", "journalctl --list-boots", "journalctl _PID=1",
	"journalctl -xe", "journalctl -fu x", "journalctl -W -n 5",
	// npm, pip, go, terraform
	"npm ls", "npm ls --depth=0", "npm ls -g", "npm list --all", "npm view react", "npm view react version", "npm view @types/node versions", "npm view react@18 dependencies", "npm info react", "npm outdated",
	"npm explain react", "npm why react", "npm config list", "npm -v", "npm --version", "npm root -g", "npm audit", "npm audit --json", "npm audit signatures", "npm query ':root > *'", "npm search react", "npm s react --long",
	"pip list", "pip list --outdated", "pip list --format=json", "pip show requests", "pip show -f requests", "pip freeze", "pip3 list", "pip -V", "pip list --not-req",
	"go version", "go version -m ./bin/x", "go env", "go env GOPATH", "go env -json", "go doc fmt", "go doc -all fmt.Println", "go list ./...",
	"go list -m all", "go list -json ./...", "go list -f '{{.ImportPath}}' ./...", "go list -deps -test ./...", "go list -m -u all", "go list -m -versions x",
	"terraform version", "terraform -version", "terraform version -json",
	"terraform state list", "terraform state list aws_instance.web", "terraform workspace list", "terraform workspace show", "terraform fmt -check",
	"terraform fmt -check -diff -recursive", "terraform fmt -write=false", "terraform -help",
	"pip check", "pip debug --verbose", "pip hash dist/x.whl", "pip cache dir", "pip cache list", "pip index versions requests", "pip3 cache info",
	"npm whoami", "npm ping", "npm version", "npm fund", "npm cache ls",
	"eza --long", "exa -T -L 2", "eza -la --git", "whereis python", "locate -i file.txt", "plocate -c x",
	"gcloud info", "gcloud storage ls gs://b", "gcloud storage ls -r -l gs://b", "gh ssh-key list", "gh gpg-key list",
	"kubectl wait --for=condition=Ready pod/nginx --timeout=60s", "docker buildx ls", "docker buildx inspect mybuilder", "docker buildx du",
	"docker buildx imagetools inspect nginx", "docker manifest inspect nginx:latest", "docker trust inspect --pretty nginx",
	// aws, gcloud, az
	"aws --version", "aws s3 ls", "aws s3 ls s3://bucket/prefix/ --recursive", "aws ec2 describe-instances", "aws ec2 describe-instances --region us-east-1 --output table",
	"aws sts get-caller-identity", "aws iam list-users --query 'Users[].UserName'", "aws --profile dev s3api list-buckets", "aws lambda list-layers --no-paginate", "aws ec2 describe-instance-attribute --instance-id i --attribute instanceType",
	"aws ec2 describe-instances --filters Name=instance-state-name,Values=running", "aws configure list", "aws configure list-profiles", "aws logs describe-log-groups",
	"aws s3api get-bucket-policy --bucket b", "aws ec2 describe-instances --dry-run",
	"gcloud compute instances list", "gcloud projects list", "gcloud config list", "gcloud auth list", "gcloud --project p compute instances list",
	"gcloud compute instances describe vm1 --zone us-central1-a", "gcloud container clusters list --format=json", "gcloud sql instances list", "gcloud projects get-iam-policy p", "gcloud run services list", "gcloud scheduler jobs list", "gcloud --version",
	"az vm list", "az account show", "az group list -o table", "az vm show -g rg -n vm1", "az storage account list --query '[].name'", "az keyvault list",
	"glab repo list", "glab repo view my/group", "glab mr list --author me -F json", "glab mr view 123 -c", "glab mr diff 12", "glab issue list -R g/p --label bug", "glab issue view 456", "glab release list", "glab release view v1.2.3", "glab api -X GET projects/123", "kong version", "deck --version", "bq ls myproject:mydataset", "bq show --format=prettyjson myproject:mydataset.mytable", "bq --location=US ls -j -n 10", "bq head -n 5 ds.t", "bq version",
	"curl https://example.com", "curl -fsSL https://example.com/install.sh", "curl -s -o /dev/null -w '%{http_code}' https://example.com", "curl -X HEAD https://example.com", "curl --request=get https://example.com",
	"curl -I -L --max-redirs 5 example.com", "curl -H 'Accept: application/json' https://api.example.com/v1/items", "curl --url https://example.com", "curl --version", "curl ftp://example.com/pub/",
	"az aks show -g rg -n c", "az --version", "az --subscription s vm list", "az -o table vm list", "az --query '[].name' --output=json vm list", "az group exists --name g", "az vm get-instance-view -n v -g g", "az acr repository show-tags --name r --repository x", "az monitor log-analytics query --workspace w --analytics-query q", "az webapp log tail --name a -g g", "az container logs --name c -g g --follow", "az keyvault secret list --vault-name v", "az keyvault key show --name k --vault-name v", "az keyvault secret list-versions --name s --vault-name v", "az policy state summarize -g g", "az version", "az devops configure --list",
	"gcloud beta run services describe s", "gcloud config get-value project", "gcloud config get compute/zone", "gcloud logging read 'severity>=ERROR'", "gcloud app logs read", "gcloud functions logs read f", "gcloud iap settings get --project p", "gcloud network-security server-tls-policies list", "gcloud certificate-manager trust-configs describe c", "gcloud app describe", "gcloud version", "az vm list --output table", "az account list-locations", "az webapp list-runtimes", "az account list -o json --only-show-errors",
	"gcloud container images list-tags gcr.io/p/i", "gcloud iam service-accounts keys list --iam-account a@p.iam.gserviceaccount.com", "systemctl list-machines",
	// text tools
	"numfmt --to=iec 1024", "numfmt --from=iec 1K", "tsort f", "pr -2 f", "pr -h title f", "fmt -w 72 f", "fmt f", "unexpand -a f", "look foo", "look -f foo words",
}

// toolUnsafe are their writing, running or leaking neighbours: each asks.
var toolUnsafe = []struct{ line, why string }{
	// kubectl
	{"kubectl delete pod x", "not a known"}, {"kubectl apply -f x.yaml", "not a known"}, {"kubectl exec x -- sh", "not a known"},
	{"kubectl port-forward x 80", "not a known"}, {"kubectl proxy", "not a known"}, {"kubectl cp x:/a b", "not a known"}, {"kubectl edit pod x", "not a known"},
	{"kubectl get pods --kubeconfig ~/.kube/config", "credentials"}, {"kubectl get pods --kubeconfig ./evil.yaml", "exec plugin"},
	{"kubectl --kubeconfig x get pods", "exec plugin"}, {"kubectl get pods -s https://evil", "another server"}, {"kubectl get pods --server=https://evil", "another server"},
	{"kubectl get pods --token abc", "secret on the command line"}, {"kubectl get --raw /api/v1/secrets", "--raw"},
	{"kubectl get secret x -o yaml", "secrets"}, {"kubectl get secrets -o json", "secrets"}, {"kubectl get secret x -o jsonpath='{.data}'", "secrets"},
	{"kubectl get secret/x -o yaml", "secrets"}, {"kubectl get -f x.yaml -o yaml", "secrets"}, {"kubectl get secret x --template '{{.data}}'", "secrets"},
	{"kubectl get -k .", "kustomize"}, {"kubectl config view --raw", "credentials"}, {"kubectl config set-context x", "not a known"},
	{"kubectl config use-context x", "not a known"}, {"kubectl cluster-info dump", "no operand"}, {"kubectl get pods --cache-dir /tmp/x", "cache"},
	{"kubectl get pods --namesp x", "abbreviation"}, {"kubectl foo", "not a known"}, {"kubectl rollout restart deploy/x", "not a known"}, {"kubectl rollout undo deploy/x", "not a known"}, {"kubectl diff -f x.yaml", "not a known"}, {"kubectl debug x", "not a known"}, {"kubectl scale deploy x --replicas 0", "not a known"},
	{"kubectl logs x --kubeconfig=k", "exec plugin"}, {"kubectl top pod --profile=cpu", "profile"},
	{"kubectl get secret x -v=9", "logs requests"}, {"kubectl -v 8 get secret x", "logs requests"}, {"kubectl get pods --v=10", "logs requests"},
	{"kubectl config view --v=9", "logs requests"}, {"kubectl top pod -v9", "logs requests"}, {"kubectl -v=7 top pod", "logs requests"},
	// helm
	{"helm install x c", "not a known"}, {"helm upgrade x c", "not a known"}, {"helm uninstall x", "not a known"},
	{"helm template c --post-renderer ./x", "runs a program"}, {"helm get manifest r", "not a known"}, {"helm get all r", "not a known"},
	{"helm list --kubeconfig k", "exec plugin"}, {"helm list --kube-apiserver https://x", "another server"}, {"helm show chart s3://b/c", "plugin"},
	{"helm repo add x https://x", "not a known"}, {"helm rollback r 1", "not a known"}, {"helm plugin install x", "not a known"},
	// docker and podman
	{"docker run x", "not a known"}, {"docker exec x sh", "not a known"}, {"docker cp x:/a b", "not a known"}, {"docker login", "not a known"},
	{"docker rm x", "not a known"}, {"docker build .", "not a known"}, {"docker stats", "no-stream"}, {"docker --config /tmp/c ps", "plugins"},
	{"docker -H ssh://x ps", "ssh"}, {"docker --host tcp://x ps", "another daemon"}, {"docker compose ps", "not a known"}, {"docker image rm x", "not a known"},
	{"docker image prune", "not a known"}, {"docker network create x", "not a known"}, {"docker volume rm x", "not a known"}, {"docker system prune", "not a known"},
	{"docker ps --forma x", "abbreviation"}, {"docker pull x", "not a known"}, {"docker save x", "not a known"}, {"docker context use x", "not a known"}, {"docker service rm x", "not a known"}, {"docker secret create x f", "not a known"}, {"docker stack deploy x", "not a known"}, {"docker plugin install x", "not a known"}, {"docker node rm x", "not a known"},
	{"podman run x", "not a known"}, {"podman --url tcp://x ps", "another service"}, {"podman --root /x ps", "storage"}, {"podman ps --sync", "unknown"},
	// gh
	{"gh pr view --web", "browser"}, {"gh pr view -w", "browser"}, {"gh repo view --web", "browser"}, {"gh pr merge 1", "not a known"},
	{"gh pr create", "not a known"}, {"gh pr checkout 1", "not a known"}, {"gh issue close 1", "not a known"}, {"gh repo delete x", "not a known"},
	{"gh repo clone x", "not a known"}, {"gh auth token", "not a known"}, {"gh auth status -t", "token"}, {"gh auth status --show-token", "token"},
	{"gh api -X DELETE repos/x/y", "not a GET"}, {"gh api --method POST repos/x/y", "not a GET"}, {"gh api -f a=b repos/x/y", "POST"},
	{"gh api -F a=b repos/x/y", "POST"}, {"gh api repos/x/y --raw-field a=b", "POST"}, {"gh api repos/x/y --input f.json", "request body"},
	{"gh api graphql", "POST"}, {"gh api https://evil.example/x", "another host"}, {"gh api --hostname evil.example user", "another host"},
	{"gh api -H 'X-HTTP-Method-Override: DELETE' repos/x/y", "Accept"}, {"gh api user --jq env", "environment"}, {"gh pr list -q '$ENV'", "environment"},
	{"gh run rerun 1", "not a known"}, {"gh run cancel 1", "not a known"}, {"gh workflow run ci.yml", "not a known"}, {"gh release create v1", "not a known"},
	{"gh extension install x", "not a known"}, {"gh x", "not a known"}, {"gh api --verbose user", "headers"},
	{"gh browse", "not a known"}, {"gh search issues bug --web", "browser"}, {"gh search prs -w x", "browser"}, {"gh label create x", "not a known"}, {"gh secret set X", "not a known"}, {"gh gist view abc -w", "browser"}, {"gh gist view abc -R x/y", "unknown"}, {"gh gist create f", "not a known"}, {"gh extension install x", "not a known"}, {"gh alias set x y", "not a known"}, {"gh cache delete x", "not a known"}, {"gh release download v1", "not a known"}, {"gh run download 1", "not a known"},
	// systemd
	{"systemctl restart x", "not a known"}, {"systemctl stop x", "not a known"}, {"systemctl enable --now x", "not a known"},
	{"systemctl daemon-reload", "not a known"}, {"systemctl status x -H host", "ssh"}, {"systemctl -H host status", "ssh"}, {"systemctl edit x", "not a known"},
	{"systemctl show-environment", "not a known"}, {"systemctl poweroff", "not a known"}, {"systemctl kill x", "not a known"}, {"systemctl mask x", "not a known"},
	{"systemctl status x --now", "not allowed"}, {"systemctl -C u status", "capsule"}, {"systemctl status -s KILL x", "unknown"}, {"systemctl status x -f", "unknown"}, {"systemctl is-system-running --wait", "not allowed"},
	{"journalctl --vacuum-size=1G", "deletes"}, {"journalctl --vacuum-time=2d", "deletes"}, {"journalctl --vacuum-files 3", "deletes"},
	{"journalctl --rotate", "rotates"}, {"journalctl --flush", "moves"}, {"journalctl --sync", "writes"}, {"journalctl --relinquish-var", "not allowed"},
	{"journalctl --setup-keys", "keys"}, {"journalctl --update-catalog", "catalog"}, {"journalctl --cursor-file=c", "writes a file"},
	{"journalctl --image=x.raw", "image"}, {"journalctl --vac=1G", "deletes"}, {"journalctl -M c", "container"},
	{"journalctl --rot", "rotates"}, {"journalctl --synchronize-on-exit=yes", "not allowed"},
	// npm, pip, go, cargo, terraform
	{"npm install", "not a known"}, {"npm i x", "not a known"}, {"npm run build", "not a known"}, {"npm exec x", "not a known"}, {"npm test", "not a known"},
	{"npm config get //registry.npmjs.org/:_authToken", "not a known"}, {"npm config set x y", "not a known"}, {"npm ls --userconfig=x", "unknown"},
	{"npm ls --dep=0", "abbreviation"}, {"npm publish", "not a known"}, {"npm audit fix", "audit fix writes"}, {"npm audit fix --force", "unknown flag"}, {"npm ci", "not a known"}, {"npx x", "needs"}, {"npm version patch", "no operand"}, {"npm fund lodash", "no operand"}, {"npm help install", "not a known"}, {"npm view github:u/r", "outside the registry"}, {"npm view u/r", "outside the registry"},
	{"npm view git+https://x/r.git", "outside the registry"}, {"npm info ./pkg", "outside the registry"}, {"npm v x.tgz", "outside the registry"}, {"npm view @s/p@git+ssh://x", "outside"},
	{"pip install x", "not a known"}, {"pip download x", "not a known"}, {"pip uninstall x", "not a known"}, {"pip list --python /tmp/py", "interpreter"},
	{"pip list --log f", "writes"}, {"pip --python=x list", "interpreter"}, {"pip freeze > req.txt", "redirect"},
	{"go list -toolexec x ./...", "runs a program"}, {"go list -exec x ./...", "runs a program"}, {"go list -export ./...", "builds"},
	{"go list -compiled ./...", "builds"}, {"go env -w GOFLAGS=-x", "writes"}, {"go env -u GOFLAGS", "writes"}, {"go doc -http", "server"},
	{"go build", "not a known"}, {"go run .", "not a known"}, {"go test ./...", "not a known"}, {"go generate ./...", "not a known"},
	{"go mod tidy", "not a known"}, {"go get x", "not a known"}, {"go install x", "not a known"}, {"go list -mod=mod ./...", "rewrite"},
	{"go list -modfile=x.mod ./...", "another go.mod"}, {"go list -overlay=o.json ./...", "replaces"}, {"go list -C /tmp ./...", "absolute"},
	{"go list ./... -toolexec x", "after its operands"}, {"go list --toolexec=x ./...", "runs a program"}, {"go tool x", "not a known"},
	{"cargo tree", "not a read-only"}, {"cargo metadata", "not a read-only"}, {"cargo build", "not a read-only"},
	{"terraform plan", "only allowed"}, {"terraform apply", "only allowed"}, {"terraform validate", "only allowed"}, {"terraform show", "only allowed"},
	{"terraform providers", "only allowed"}, {"terraform init", "only allowed"}, {"terraform -chdir=x version", "only allowed"}, {"terraform version -x", "only -json"},
	{"terraform fmt", "unless -check"}, {"terraform fmt -recursive", "unless -check"}, {"terraform fmt -check -write=true", "not allowed"},
	{"terraform state show aws_instance.web", "only allowed"}, {"terraform state pull", "only allowed"}, {"terraform output -json", "only allowed"},
	{"terraform state list -state=x.tfstate", "not allowed"}, {"terraform workspace show x", "no operand"}, {"terraform workspace select dev", "only allowed"},
	{"locate -u", "unknown"}, {"whereis -B /bin -f ls", "unknown"}, {"gcloud info --run-diagnostics", "only allowed"}, {"gcloud storage ls --project p gs://b", "not allowed"},
	{"docker buildx inspect --bootstrap", "unknown"}, {"docker buildx create --use", "not a known"}, {"docker manifest push x", "not a known"}, {"podman buildx ls", "not a known"},
	{"gh ssh-key delete 1", "not a known"}, {"kubectl wait --for=delete pod/x --kubeconfig k", "kubeconfig"},
	{"pip config list", "not a known"}, {"pip cache purge", "not a known"}, {"pip cache remove x", "not a known"}, {"pip help", "not a known"},
	// aws, gcloud, az
	{"aws s3 cp s3://b/k .", "only s3 ls"}, {"aws s3 sync . s3://b", "only s3 ls"}, {"aws s3 rm s3://b/k", "only s3 ls"}, {"aws configure", "needs a service"}, {"aws configure export-credentials", "credentials"},
	{"aws configure get aws_secret_access_key", "credentials"}, {"aws configure set region x", "credentials"}, {"aws ec2 terminate-instances --instance-ids i-1", "not a describe"},
	{"aws s3api get-object --bucket b --key k out.txt", "write a file"}, {"aws s3api get-object --bucket b --key k --dry-run out.txt", "write a file"},
	{"aws ec2 describe-instances out.txt", "no operand"}, {"aws ec2 describe-instances --instance-ids i-1 out.txt", "no operand"},
	{"aws secretsmanager get-secret-value --secret-id x", "secret"}, {"aws ecr get-login-password", "secret"}, {"aws sts get-session-token", "secret"},
	{"aws ssm get-parameter --name x --with-decryption", "decrypted"}, {"aws ssm get-parameters-by-path --path / --with-d", "decrypted"},
	{"aws ec2 describe-instances --endpoint-url https://evil", "elsewhere"}, {"aws ec2 describe-instances --endpoint https://evil", "elsewhere"},
	{"aws ec2 describe-instances --debug", "credentials"}, {"aws ec2 describe-instances --cli-input-json file://x.json", "from a file"},
	{"aws ec2 describe-instances --filters file://f.json", "as a parameter"}, {"aws eks get-token --cluster-name c", "secret"},
	{"aws ec2 get-password-data --instance-id i", "secret"}, {"aws glacier get-job-output --vault-name v --job-id j out", "write a file"},
	{"aws lambda invoke --function-name f out", "not a describe"},
	{"aws lambda list-functions", "environment variables"}, {"aws lambda get-function --function-name f", "environment variables"}, {"aws ecs describe-task-definition --task-definition t", "environment variables"},
	{"aws ec2 describe-instance-attribute --instance-id i --attribute userData", "user data"}, {"aws ec2 describe-instance-attribute --instance-id i --attribute=userData", "user data"},
	{"aws s3 ls --no-verify-ssl", "session token"}, {"aws s3 ls --ca-bundle ca.crt", "authority"}, {"aws logs get-log-events --log-group-name g --log-stream-name s --unmask", "masks"},
	{"aws datazone get-connection --identifier x --with-secret", "secret"}, {"aws apigateway get-rest-apis --include-values", "API keys"}, {"aws ec2 describe-instances --region", "needs a value"},
	{"gcloud auth print-access-token", "only allowed"}, {"gcloud compute ssh list", "not a known command group"}, {"gcloud compute instances delete x", "only allowed"},
	{"gcloud secrets versions access latest --secret s", "only allowed"}, {"gcloud compute instances list --flags-file f.yaml", "flags from a file"},
	{"gcloud compute instances list --log-http", "credentials"}, {"gcloud config set project p", "only allowed"}, {"gcloud run deploy list", "not a known command group"}, {"gcloud scheduler jobs run list", "not a known command group"}, {"gcloud functions deploy list", "not a known command group"}, {"gcloud docker list", "not a known command group"}, {"gcloud dataflow jobs run list", "not a known command group"},
	{"gcloud compute instances list --access-token-file t", "token"}, {"gcloud container clusters get-credentials c", "only allowed"},
	{"az vm list --out f", "write a file"}, {"gcloud compute instances list --verbosity=debug", "credentials"},
	{"az account get-access-token", "secret"}, {"az keyvault secret show --name x --vault-name v", "secret"}, {"az storage account keys list -n a", "secret"},
	{"az vm delete -n x", "is a command"}, {"az webapp config appsettings list -n a -g g", "secret"}, {"az acr credential show -n r", "secret"},
	{"az vm list --debug", "credentials"}, {"az --debug vm list", "credentials"}, {"az vm list --output-file f", "write a file"}, {"az aks get-credentials -n c", "secret"},
	{"az cosmosdb keys list -n a", "secret"}, {"az webapp config connection-string list -n a", "secret"}, {"az appconfig kv list -n c", "secret"},
	{"az login", "is a command"}, {"az config set list", "is a command"}, {"az vm run list", "is a command"}, {"az redis list-keys -n r", "secret"}, {"az cosmosdb list-connection-strings -n a", "secret"}, {"az webapp deployment list-publishing-profiles -n a", "secret"}, {"az webapp deployment list-publishing-credentials -n a", "secret"}, {"az cosmosdb list-read-only-keys -n a", "secret"}, {"az devops project show -p p --open", "browser"}, {"aws s3 ls help", "pager"}, {"aws ec2 describe-instances help", "pager"}, {"az rest --method delete --url x", "is a command"}, {"az --subscription s vm delete x", "is a command"}, {"az keyvault secret show-deleted --name x --vault-name v", "secret"}, {"az keyvault secret download --name x --vault-name v --file f", "secret"}, {"az aks get-credentials -g g -n c", "secret"}, {"az storage account show-connection-string -n a", "secret"}, {"az vm list --query delete --out x", "write a file"}, {"gcloud beta compute instances delete x", "only allowed"}, {"gcloud alpha scheduler jobs run list", "not a known command group"}, {"gcloud logging write l m", "only allowed"}, {"gcloud config set get-value x", "only allowed"}, {"gcloud version --help", "only allowed"}, {"glab mr view 1 --web", "browser"}, {"glab repo view -w", "browser"}, {"glab api -X DELETE projects/1", "not a GET"}, {"glab api projects/1/issues -f title=x", "POST"}, {"glab mr create", "not a known"}, {"glab api https://evil.example/x", "another host"}, {"kong start", "only allowed"}, {"bq rm -f ds.t", "not a known"}, {"bq query 'SELECT 1'", "not a known"}, {"bq --apilog=/tmp/x ls", "not allowed"}, {"bq --bigqueryrc=rc ls", "not allowed"}, {"curl -X POST https://example.com", "may change"}, {"curl -d x https://example.com", "POST"},
	{"curl -o out.html https://example.com", "writes a file"}, {"curl -O https://example.com/f", "writes a file"}, {"curl --output-dir d -o f https://example.com", "not allowed"},
	{"curl file:///etc/passwd", "local files"}, {"curl http://169.254.169.254/latest/meta-data/", "credentials"}, {"curl metadata.google.internal/computeMetadata/v1/", "credentials"},
	{"curl -w %output{x}%{http_code} https://example.com", "writes a file"}, {"curl -H @headers.txt https://example.com", "reads a file"}, {"curl -K cfg", "options from a file"},
	{"curl -u a:b https://example.com", "password"}, {"curl -n https://example.com", "netrc"}, {"curl -b c.txt https://example.com", "cookies"}, {"curl --cookie c https://example.com", "not allowed"},
	{"curl -Q 'DELE f' ftp://example.com", "FTP commands"}, {"curl -H 'X-HTTP-Method-Override: DELETE' https://example.com", "another method"}, {"curl --url-query name@f https://example.com", "reads a file"},
	{"curl --unix-socket /var/run/docker.sock http://x/containers/json", "not allowed"}, {"curl", "needs a URL"}, {"curl --data-urlencode a=b https://example.com", "not allowed"}, {"deck sync", "only allowed"},
	// make and text tools
	{"make -n", "unknown flag"}, {"make --dry-run", "unknown flag"}, {"make -n all", "unknown flag"}, {"tsort a b", "too many"},
}

func TestToolLines(t *testing.T) {
	l := New()
	for _, line := range toolSafe {
		if ok, why := l.CheckLine(line); !ok {
			t.Errorf("%q asks (%s), want auto-safe", line, why)
		}
	}
	for _, c := range toolUnsafe {
		ok, why := l.CheckLine(c.line)
		switch {
		case ok:
			t.Errorf("%q is auto-safe, want it to ask", c.line)
		case !strings.Contains(why, c.why):
			t.Errorf("%q asks because %q, want a reason with %q", c.line, why, c.why)
		}
	}
}
