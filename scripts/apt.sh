# Sourced by the ensure-*.sh scripts: installing Debian packages when run
# as root on a machine with apt-get (as CI is).

# Whether this machine can install packages here.
can_apt() {
    [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1
}

# apt_install TAG PACKAGE...: installs the packages quietly; on failure
# prints apt-get's log and an error naming TAG (the calling script), and
# returns 1.
apt_install() {
    local tag=$1 log
    shift
    export DEBIAN_FRONTEND=noninteractive
    log=$(mktemp)
    if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@"; } >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        echo "error: $tag: apt-get could not install $*" >&2
        return 1
    fi
    rm -f "$log"
}
