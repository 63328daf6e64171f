# Snapshot file
# Unset all aliases to avoid conflicts with functions
unalias -a 2>/dev/null || true
# Functions
eval "$(echo 'Z3MgKCkgCnsgCiAgICBnaXQgc3RhdHVzICIkQCIKfQo=' | base64 -d)" > /dev/null 2>&1
eval "$(echo 'bWtjZCAoKSAKeyAKICAgIG1rZGlyIC1wIC0tICIkMSIgJiYgY2QgLS0gIiQxIgp9Cg==' | base64 -d)" > /dev/null 2>&1
eval "$(echo 'Z2xvZyAoKSAKeyAKICAgIGdpdCBsb2cgLS1vbmVsaW5lIC0tZGVjb3JhdGUgLS1ncmFwaCAtbiAi
JHsxOi0yMH0iIC0tYWxsIC0tZGF0ZT1yZWxhdGl2ZSAtLWZvcm1hdD0nJUMoYXV0byklaCAlZCAl
cyAlQyhkaW0pJWFuLCAlYXIlQyhyZXNldCknCn0K' | base64 -d)" > /dev/null 2>&1
eval "$(echo 'Y2xlYW5idWlsZCAoKSAKeyAKICAgIHJtIC1yZiAuL2J1aWxkICYmIG1rZGlyIC1wIGJ1aWxkCn0K' | base64 -d)" > /dev/null 2>&1
# Shell Options
shopt -u autocd
shopt -u assoc_expand_once
shopt -u cdable_vars
shopt -u cdspell
shopt -u checkhash
shopt -u checkjobs
shopt -s checkwinsize
shopt -s cmdhist
shopt -u compat31
shopt -u compat32
shopt -u compat40
shopt -u compat41
set -o braceexpand
set -o hashall
set -o interactive-comments
set -o monitor
shopt -s expand_aliases
# Aliases
alias -- gst='git status'
alias -- ll='ls -alF'
alias -- la='ls -A'
# Check for rg availability
if ! command -v rg >/dev/null 2>&1; then
  alias rg='grep -r'
fi
export -f gs
declare -F > /dev/null
export PATH="$PATH"
