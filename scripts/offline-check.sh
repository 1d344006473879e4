#!/usr/bin/env bash
# The app is offline: no HTTP, TLS, WebSocket or other network-client crate may be in the
# dependency tree of the UI, the core or the FFI (for the desktop, Android and iOS targets), and the
# Android manifest asks for no permission at all.
#
# Known and accepted: `url` (parsing only, in Slint's compiler and `webbrowser`), `webbrowser`
# (hands a link to the system browser; the app opens none), `zbus` (local D-Bus IPC for the
# Linux desktop theme settings; not in the phone builds).
set -euo pipefail
cd "$(dirname "$0")/.."
banned='^(hyper|hyper-util|reqwest|ureq|rustls|tokio-rustls|native-tls|openssl|openssl-sys|h2|h3|curl|curl-sys|isahc|surf|attohttpc|tungstenite|tokio-tungstenite|quinn|async-h1|http-body|webpki-roots|trust-dns-resolver|hickory-resolver|libp2p)$'
pass=0; fail=0
for target in x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu aarch64-linux-android aarch64-apple-ios; do
  for pkg in dama-ui dama-core dama-ffi; do
    found=$(cargo tree -q -p $pkg --target $target -e normal --prefix none 2>/dev/null \
      | awk '{print $1}' | sort -u | grep -E "$banned" || true)
    if [ -n "$found" ]; then
      echo "network crates in $pkg for $target: $found"; fail=$((fail+1))
    else
      pass=$((pass+1))
    fi
  done
done
if grep -q "uses-permission" android/app/src/main/AndroidManifest.xml; then
  echo "the Android manifest asks for a permission"; fail=$((fail+1))
else
  pass=$((pass+1))
fi
echo "offline: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
