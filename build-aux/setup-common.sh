# Shared by build-aux/run and build-aux/test: install what is missing, then
# configure the build directory once.  Sourced, not run.

PLANNER_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PLANNER_BUILD=${PLANNER_BUILD:-$PLANNER_ROOT/_build}

# Debian 12 / Ubuntu package names.  Tools the tests use are here too, so a
# fresh machine runs every suite.
PLANNER_PACKAGES=(
  gcc meson ninja-build pkg-config gettext python3
  libglib2.0-dev libglib2.0-dev-bin libjson-glib-dev
  libgtk-4-dev libadwaita-1-dev libgtksourceview-5-dev
  desktop-file-utils appstream flatpak-builder
  xvfb xauth dbus shellcheck
  man-db groff fish zsh
  clang libclang-rt-14-dev
  # The end-to-end window tests (tests/e2e): AT-SPI from Python, key presses, screenshots.
  at-spi2-core python3-pyatspi gir1.2-atspi-2.0 xdotool imagemagick libglib2.0-bin
)

planner_install_missing () {
  local missing=() pkg
  for pkg in "${PLANNER_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
  done
  ((${#missing[@]})) || return 0
  local sudo=
  [[ $(id -u) == 0 ]] || sudo=sudo
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
}

# planner_configure DIR [meson options...]: configure once; ninja reconfigures
# by itself after that when a meson.build changes.  The log stays inside
# DIR (meson accepts a folder that holds only that log).
planner_configure () {
  local dir=$1; shift
  if [[ ! -f $dir/build.ninja ]]; then
    mkdir -p "$dir"
    meson setup "$dir" "$PLANNER_ROOT" "$@" >"$dir/build-aux-setup.log" 2>&1 || {
      cat "$dir/build-aux-setup.log"; return 1; }
  fi
}

# planner_build DIR [ninja targets...]: quiet unless it fails; the log stays
# inside DIR.
planner_build () {
  local dir=$1; shift
  ninja -C "$dir" "$@" >"$dir/build-aux-ninja.log" 2>&1 || {
    cat "$dir/build-aux-ninja.log"; return 1; }
}
