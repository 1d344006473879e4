/* Loads the phone-feature app library built for aarch64 Linux and runs its self-test
 * (dama_ui_selftest, ui/src/selftest.rs: Home, a Zamma and a Turkish game drawn off screen
 * through the phone platform's frame, a move saved, read back and resumed, a level-8 move on
 * the AI worker's thread). scripts/arm64.sh runs it under qemu on glibc; the same entry runs
 * on Android's bionic in scripts/android-bionic.sh. */
#include <stdio.h>

int dama_ui_selftest(const char *out_dir);

int main(int argc, char **argv) {
    if (argc != 2) {
        printf("usage: draw_home OUT_DIR\n");
        return 2;
    }
    int r = dama_ui_selftest(argv[1]);
    printf("aarch64: the app library's self-test: %s\n", r == 0 ? "passed" : "FAILED");
    return r;
}
