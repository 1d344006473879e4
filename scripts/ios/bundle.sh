#!/usr/bin/env bash
# The app bundle and IPA from the executable linked by scripts/ios.sh, as far as Linux goes:
#   1. the App Store icon is still the adaptive icon's art (scripts/ios/icons.sh --check);
#   2. target/ios/DamaZamma.app laid out by scripts/ios/bundle.py (Info.plist with the
#      identifier and version of android/app.properties, PrivacyInfo.xcprivacy, six
#      InfoPlist.strings, the home-screen icons);
#   3. ad-hoc signed by rcodesign (scripts/ios/rcodesign-tool.sh installs it), its Mach-O
#      signature verified by rcodesign, and everything read back by scripts/ios/check_ipa.py
#      from target/ios/DamaZamma.ipa (CodeDirectory page and special-slot hashes, the sealed
#      resources, plist keys and limits, icons, the privacy manifest against the imports);
#   4. check_ipa's own tests, which feed it copies of that IPA with one fault each.
# What remains for a Mac: Assets.car (actool), signing with the team's distribution
# certificate and profile, the iOS 26 SDK build the store takes (docs/ios.md).
#   bundle.sh [EXECUTABLE]   (default: target/ios/aarch64-apple-ios/release-app/dama-app)
set -euo pipefail
cd "$(dirname "$0")/../.."
exe=${1:-target/ios/aarch64-apple-ios/release-app/dama-app}
app=target/ios/DamaZamma.app
ipa=target/ios/DamaZamma.ipa
bash scripts/ios/icons.sh --check
python3 scripts/ios/bundle.py app "$exe" "$app"
rcodesign=$(bash scripts/ios/rcodesign-tool.sh)
# No certificate given: an ad-hoc signature (what a development install or the simulator
# takes; the store's is made on a Mac with the team's certificate).
quiet() { # runs "$@", shows its output only when it fails
  local out
  if ! out=$("$@" 2>&1); then echo "$out"; echo "FAILED: $*"; return 1; fi
}
quiet "$rcodesign" sign "$app"
# rcodesign verify checks the Mach-O's signature (its place at the end of __LINKEDIT, the
# CodeDirectory's hashes) and then the CMS signature, which an ad-hoc one has empty: the one
# problem it must report is that ("CMS error: missing further values"); any other fails.
verify=$("$rcodesign" verify "$app/DamaZamma" 2>&1 || true)
problems=$(echo "$verify" | grep -v -e 'known to be buggy' -e '^CMS error: missing further values' \
  -e '^Error: problems reported during verification' || true)
if [ -n "$problems" ] || ! echo "$verify" | grep -q '^CMS error: missing further values'; then
  echo "$verify"; echo "FAILED: rcodesign verify $app/DamaZamma"; exit 1
fi
echo "rcodesign: signed ad hoc; verify found nothing wrong but the empty CMS of an ad-hoc signature"
python3 scripts/ios/bundle.py ipa "$app" "$ipa"
python3 scripts/ios/check_ipa.py "$ipa"
if out=$(python3 scripts/ios/test_check_ipa.py "$ipa"); then echo "$out" | tail -1; else echo "$out"; exit 1; fi
