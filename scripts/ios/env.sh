# Sourced by the iOS scripts: how the app is built and linked for iOS on Linux. Debian's Rust
# with build-std (no Xcode), linked by rustup's rust-lld as ld64 (scripts/ios/ld.sh) against
# the SDK stubs in ios/sdk-stubs (SDKROOT), for iOS 15.0 and later.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export SDKROOT="$root/ios/sdk-stubs"
export IPHONEOS_DEPLOYMENT_TARGET=15.0
export CARGO_TARGET_AARCH64_APPLE_IOS_LINKER="$root/scripts/ios/ld.sh"
export CARGO_TARGET_AARCH64_APPLE_IOS_RUSTFLAGS="-Z unstable-options -C linker-flavor=darwin-lld"
export RUSTC_BOOTSTRAP=1
ios_build() {
  cargo +debian build -Zbuild-std=std,panic_abort --target aarch64-apple-ios \
    --target-dir "$root/target/ios" --profile release-app "$@"
}
