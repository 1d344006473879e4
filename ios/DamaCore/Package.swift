// swift-tools-version:5.9
// The core engine for Swift: the uniffi-generated bindings (Sources/DamaCore) over the Rust
// static library packaged as DamaCoreFFI.xcframework (build it with build-xcframework.sh).
import PackageDescription

let package = Package(
    name: "DamaCore",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "DamaCore", targets: ["DamaCore"]),
    ],
    targets: [
        .binaryTarget(name: "DamaCoreFFI", path: "DamaCoreFFI.xcframework"),
        .target(name: "DamaCore", dependencies: ["DamaCoreFFI"], path: "Sources/DamaCore"),
        .testTarget(name: "DamaCoreTests", dependencies: ["DamaCore"], path: "Tests/DamaCoreTests"),
    ]
)
