# Sourced by .ci/run. Under `set -e` bash ignores a failure inside an `&&` list (`$tests_ok && $checks_ok`
# let a failing suite through), so a stage's verdict is an explicit exit here.
# require_passed "label=true|false" …: prints the failed labels and exits 1 unless every one is true.
require_passed() {
  local pair failed=()
  for pair in "$@"; do
    [ "${pair#*=}" = true ] || failed+=("${pair%%=*}")
  done
  if [ "${#failed[@]}" -gt 0 ]; then
    printf 'CI failed: %s\n' "${failed[@]}" >&2
    exit 1
  fi
}
