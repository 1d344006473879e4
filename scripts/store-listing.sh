#!/usr/bin/env bash
# Refreshes the store listings' pictures in fastlane/metadata/android/ and
# fastlane/screenshots/ios/ from the app's own drawing, then checks both listings
# (scripts/android/check_listing.py, scripts/ios/check_listing.py):
#  * the screenshots: ui/tests/store_screenshots.rs draws Play's phone set (1080x1920, six
#    languages), Play's 10-inch tablet set (1600x2560) and the App Store's iPhone 6.9"
#    (1320x2868) and iPad 13" (2064x2752) sets (English, Turkish, Arabic), with Roboto
#    (Android's font) where Debian's fonts-roboto-unhinted is installed;
#  * the 512-px icon: scripts/android/icons.sh, from the adaptive icon's vector art;
#  * the 1024x500 feature graphic: the Turkish capture screenshot's board beside the icon and
#    the title, on the icon's wood colour.
# The texts (title, descriptions, changelogs) are written by hand. Run it after a change
# that shows on those screens, and commit the result.
set -euo pipefail
cd "$(dirname "$0")/.."
for p in imagemagick fonts-roboto-unhinted; do
  dpkg -s "$p" >/dev/null 2>&1 || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$p" >/dev/null; }
done
meta=fastlane/metadata/android
shots=target/store-screenshots

# Redrawn, not compared with the pictures this replaces (the test compares them otherwise).
DAMA_STORE_REFRESH=1 cargo test -q -p dama-ui --test store_screenshots
# Play's phone and 10-inch tablet sets (supply's folders), the App Store's iPhone 6.9" and
# iPad 13" sets (deliver's: one folder a language, the device told by the picture's size).
copy_set() { # set, destination folder of a locale ({} is the locale), file prefix
  for dir in "$shots/$1"/*/; do
    locale=$(basename "$dir")
    dest=${2//\{\}/$locale}
    mkdir -p "$dest"; rm -f "$dest/$3"*.png
    for f in "$dir"/*.png; do cp "$f" "$dest/$3$(basename "$f")"; done
    echo "wrote $dest ($1: $(ls "$dir" | wc -l) screenshots)"
  done
}
copy_set play-phone "$meta/{}/images/phoneScreenshots" ""
copy_set play-tablet "$meta/{}/images/tenInchScreenshots" ""
copy_set ios-iphone "fastlane/screenshots/ios/{}" iphone-
copy_set ios-ipad "fastlane/screenshots/ios/{}" ipad-

bash scripts/android/icons.sh >/dev/null

# The board of screenshot 2 (a Turkish king's capture route): its wooden frame starts near the
# screen's left edge below the header and is square.
roboto=/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF
bg=$(sed -n 's/.*name="ic_launcher_background">\([^<]*\)<.*/\1/p' android/app/src/main/res/values/colors.xml)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
convert "$shots/play-phone/en-US/2.png" -crop 1020x1020+30+150 +repage -resize 440x440 "$tmp/board.png"
convert android/app/src/main/res/mipmap-xxxhdpi/ic_launcher.png -resize 150x150 "$tmp/icon.png"
convert -size 1024x500 "gradient:#E4C493-$bg" \
  "$tmp/board.png" -geometry +36+30 -composite \
  "$tmp/icon.png" -geometry +520+48 -composite \
  -font "$roboto/Roboto-Black.ttf" -pointsize 60 -fill '#3B2410' -annotate +522+282 'Dama & Zamma' \
  -font "$roboto/Roboto-Medium.ttf" -pointsize 34 -fill '#4A3018' \
  -annotate +522+352 'Turkish Dama · Zamma' -annotate +522+398 'Damma · Fetaix · Kharbaga' \
  -font "$roboto/Roboto-Regular.ttf" -pointsize 26 -fill '#5C3D1E' -annotate +522+452 'Real rules. A strong offline computer.' \
  -alpha off -strip "PNG24:$meta/en-US/images/featureGraphic.png"
echo "wrote $meta/en-US/images/featureGraphic.png"

python3 scripts/android/check_listing.py
python3 scripts/ios/check_listing.py --require-screenshots
