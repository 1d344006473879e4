#!/usr/bin/env bash
# Rebuilds third_party/i-slint-core and third_party/i-slint-renderer-software from Slint's
# crates as published on crates.io plus our patches in third_party/slint-patches/
# (third_party/README.md says what each one changes and why).
#
#   scripts/slint-patches.sh [OUT_DIR]   writes OUT_DIR/i-slint-core and
#                                        OUT_DIR/i-slint-renderer-software (default: the
#                                        repository's third_party)
#   scripts/slint-patches.sh --check     rebuilds them in a temporary folder and fails, showing
#                                        `diff -r`, when they differ from third_party's
#
# The published crates come from cargo's cache (~/.cargo/registry/cache), fetched by cargo
# through a throwaway project when they are not there yet; their sha256 must be the one below
# (crates.io's checksum, as in a Cargo.lock). Patches `NN-core-*.patch` apply inside
# i-slint-core, `NN-renderer-*.patch` inside i-slint-renderer-software, in the order of NN,
# with `patch -p1 --forward`; a reject stops the script and leaves OUT_DIR as it was.
#
# Not kept from the published crates: `Cargo.lock` (cargo ignores a dependency's lock file).
set -euo pipefail
caller_dir=$PWD
cd "$(dirname "$0")/.."

# To upgrade Slint: change the version, run the script once to learn the new checksums (it
# prints them), put them here, then resolve the rejects (third_party/README.md, "Upgrading").
SLINT_VERSION=1.18.1
declare -A SHA256=(
  [i-slint-core]=ed2ea15059d70bc31b1a8b1eb4c34f2c5df04cb7e53f36179b43c0261231d646
  [i-slint-renderer-software]=2f8c641e138a2cc96537cac4481f5c7c8bb8dcc66d09acaed269329c8738628a
)
CRATES=(i-slint-core i-slint-renderer-software)
PATCHES=third_party/slint-patches

check=0
out=third_party
case "${1:-}" in
  --check) check=1 ;;
  -h | --help)
    awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0"
    exit 0
    ;;
  "") ;;
  /*) out=$1 ;;
  *) out=$caller_dir/$1 ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "slint patches: $*" >&2
  exit 1
}

# The .crate file of `$1` at SLINT_VERSION in cargo's cache, fetched if missing.
crate_file() {
  local cache="${CARGO_HOME:-$HOME/.cargo}/registry/cache" f
  f=$(ls "$cache"/*/"$1-$SLINT_VERSION.crate" 2>/dev/null | head -n 1 || true)
  if [ -z "$f" ]; then
    # A project of its own, outside the workspace, so that our [patch.crates-io] does not apply.
    local proj="$tmp/fetch"
    if [ ! -f "$proj/Cargo.toml" ]; then
      mkdir -p "$proj/src"
      : >"$proj/src/lib.rs"
      {
        printf '[package]\nname = "slint-patches-fetch"\nversion = "0.0.0"\nedition = "2021"\n'
        printf 'publish = false\n\n[dependencies]\n'
        for c in "${CRATES[@]}"; do printf '%s = "=%s"\n' "$c" "$SLINT_VERSION"; done
        printf '\n[workspace]\n'
      } >"$proj/Cargo.toml"
      echo "slint patches: fetching Slint $SLINT_VERSION's crates with cargo" >&2
      cargo fetch --quiet --manifest-path "$proj/Cargo.toml" >&2 ||
        fail "cargo could not fetch Slint $SLINT_VERSION (offline and not in $cache?)"
    fi
    f=$(ls "$cache"/*/"$1-$SLINT_VERSION.crate" 2>/dev/null | head -n 1 || true)
    [ -n "$f" ] || fail "$1-$SLINT_VERSION.crate not found in $cache after cargo fetch"
  fi
  echo "$f"
}

# Unpacks every published crate into $1 and applies the patches in order.
build() {
  local dest=$1 c f sum p crate
  mkdir -p "$dest"
  for c in "${CRATES[@]}"; do
    f=$(crate_file "$c")
    sum=$(sha256sum "$f" | cut -d' ' -f1)
    [ "$sum" = "${SHA256[$c]}" ] ||
      fail "$f has sha256 $sum, the script expects ${SHA256[$c]} (new version? put the new sum in the script)"
    tar -xzf "$f" -C "$tmp"
    mv "$tmp/$c-$SLINT_VERSION" "$dest/$c"
    rm -f "$dest/$c/Cargo.lock"
  done
  for p in "$PATCHES"/[0-9][0-9]-*.patch; do
    case "$(basename "$p")" in
      [0-9][0-9]-core-*) crate=i-slint-core ;;
      [0-9][0-9]-renderer-*) crate=i-slint-renderer-software ;;
      *) fail "$p: the name must say core or renderer (NN-core-*.patch, NN-renderer-*.patch)" ;;
    esac
    if ! patch -d "$dest/$crate" -p1 --forward --batch --no-backup-if-mismatch \
      <"$p" >"$tmp/patch.log" 2>&1; then
      cat "$tmp/patch.log" >&2
      # Keep the half-patched crate and its .rej files for whoever resolves them.
      local keep
      keep=$(mktemp -d)
      cp -a "$dest/$crate" "$keep/"
      fail "$p does not apply to $crate $SLINT_VERSION; the crate as it stands, with the .rej files, is in $keep/$crate"
    fi
    # A hunk placed with fuzz (context lines that differ) may sit in the wrong place: say so.
    if grep -q 'with fuzz' "$tmp/patch.log"; then
      echo "slint patches: warning: $p applied with fuzz, check the result:" >&2
      grep 'with fuzz' "$tmp/patch.log" >&2
    fi
  done
}

if [ "$check" = 1 ]; then
  build "$tmp/out"
  passed=0
  failed=0
  for c in "${CRATES[@]}"; do
    if diff -r "$tmp/out/$c" "third_party/$c"; then
      passed=$((passed + 1))
    else
      echo "slint patches: third_party/$c is not Slint $SLINT_VERSION plus $PATCHES (diff above: published + patches, then third_party)" >&2
      failed=$((failed + 1))
    fi
  done
  echo "slint patches: $passed passed, $failed failed"
  [ "$failed" = 0 ]
else
  # Everything is built first, so a reject leaves OUT_DIR untouched.
  build "$tmp/out"
  mkdir -p "$out"
  for c in "${CRATES[@]}"; do
    rm -rf "${out:?}/$c"
    mv "$tmp/out/$c" "$out/$c"
    echo "slint patches: $out/$c is Slint $SLINT_VERSION with its patches from $PATCHES"
  done
fi
