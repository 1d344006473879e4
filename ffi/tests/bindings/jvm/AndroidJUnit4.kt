package androidx.test.ext.junit.runners

import org.junit.runners.BlockJUnit4ClassRunner

/**
 * On the JVM, AndroidX's JUnit runner is JUnit's own: the device test
 * (android/bindings/src/androidTest/.../CoreTest.kt) compiles and runs unchanged in CI
 * (scripts/test-kotlin.sh), so it cannot go stale while no device runs it.
 */
class AndroidJUnit4(klass: Class<*>) : BlockJUnit4ClassRunner(klass)
