#!/usr/bin/env bash
# Compiles the generated Kotlin bindings with a Kotlin test program (npm kotlin-compiler,
# Debian's libjna-java) and runs it on the JVM against the cdylib.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=${KOTLIN_HOME:-$PWD/target/tools/kotlin}
if [ ! -x "$tools/node_modules/kotlin-compiler/bin/kotlinc" ]; then
  mkdir -p "$tools"
  (cd "$tools" && npm install --silent --no-audit --no-fund kotlin-compiler@2.4.20)
  chmod +x "$tools"/node_modules/kotlin-compiler/bin/*
fi
kotlinc="$tools/node_modules/kotlin-compiler/bin/kotlinc"
jna=/usr/share/java/jna.jar
[ -f "$jna" ] || { echo "libjna-java is missing (apt-get install libjna-java)" >&2; exit 1; }
out=target/kotlin-test
mkdir -p "$out"
rm -f "$out/test.jar" # a failed compile must not leave the last run's jar to test
"$kotlinc" -nowarn -cp "$jna" -d "$out/test.jar" \
  android/bindings/src/main/kotlin/app/damazamma/core/dama_core.kt tests/ffi/kotlin/FfiTest.kt 2>&1 \
  | grep -v "^warning:" || true
[ -f "$out/test.jar" ] || { echo "kotlin: the test did not compile" >&2; exit 1; }
stdlib=$(dirname "$kotlinc")/../lib/kotlin-stdlib.jar
java -Djna.library.path="$PWD/target/debug" -cp "$out/test.jar:$jna:$stdlib" FfiTestKt

# The Android device test, on the JVM with JUnit 4 (Debian's junit4) and AndroidX's runner
# as JUnit's own (tests/ffi/kotlin/jvm): the same file, the same bindings.
junit=/usr/share/java/junit4.jar
[ -f "$junit" ] || { echo "junit4 is missing (apt-get install junit4)" >&2; exit 1; }
rm -f "$out/device-test.jar"
"$kotlinc" -nowarn -cp "$jna:$junit" -d "$out/device-test.jar" \
  android/bindings/src/main/kotlin/app/damazamma/core/dama_core.kt tests/ffi/kotlin/jvm/AndroidJUnit4.kt \
  android/bindings/src/androidTest/kotlin/app/damazamma/core/CoreTest.kt 2>&1 | grep -v "^warning:" || true
[ -f "$out/device-test.jar" ] || { echo "kotlin: CoreTest.kt did not compile" >&2; exit 1; }
java -Djna.library.path="$PWD/target/debug" -cp "$out/device-test.jar:$jna:$junit:/usr/share/java/hamcrest-core.jar:$stdlib" \
  org.junit.runner.JUnitCore app.damazamma.core.CoreTest
