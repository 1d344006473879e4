/* An Android executable without the NDK: our own _start hands the process to bionic's
 * __libc_init, as the NDK's crtbegin_dynamic.o does. It loads the APK's own app library
 * with Android's dynamic linker and runs the self-test the library exports
 * (dama_ui_selftest), then counts the pthread keys the library has taken.
 *
 *   probe LIB.so OUT_DIR          the self-test; exit 0 when it passed and the library took
 *                                 at most 32 pthread keys
 *   probe --call LIB.so SYMBOL    calls SYMBOL of LIB.so (a void function): the proof that
 *                                 the aborting libandroid stub aborts
 *
 * Linked against the stub sysroot android-apk.sh makes (libc, libdl at API 24); no headers:
 * the few declarations are bionic's, written out. scripts/android-bionic.sh builds and runs it
 * under qemu-aarch64 with Android 9's linker and libraries. */

typedef unsigned long size_t;

struct structors {
    void (**preinit_array)(void);
    void (**init_array)(void);
    void (**fini_array)(void);
};
__attribute__((noreturn)) void __libc_init(void *raw_args, void (*onexit)(void),
                                           int (*main)(int, char **, char **),
                                           const struct structors *structors);
int printf(const char *, ...);
int fflush(void *);
void *dlopen(const char *, int);
void *dlsym(void *, const char *);
char *dlerror(void);
int pthread_key_create(int *, void (*)(void *));
int pthread_key_delete(int);

#define RTLD_NOW 2 /* bionic, LP64 */
#define PTHREAD_KEYS_MAX 128 /* bionic: for the whole process, the platform's included */
#define KEYS_BUDGET 32

/* How many pthread keys can still be created (each is deleted again). */
static int free_keys(void) {
    int keys[PTHREAD_KEYS_MAX + 1];
    int n = 0;
    while (n <= PTHREAD_KEYS_MAX && pthread_key_create(&keys[n], 0) == 0) n++;
    for (int i = 0; i < n; i++) pthread_key_delete(keys[i]);
    return n;
}

static int selftest(const char *lib, const char *out) {
    int before = free_keys();
    void *h = dlopen(lib, RTLD_NOW);
    if (!h) {
        printf("probe: dlopen %s failed: %s\n", lib, dlerror());
        return 1;
    }
    printf("probe: Android's linker loaded %s\n", lib);
    int (*run)(const char *) = (int (*)(const char *))dlsym(h, "dama_ui_selftest");
    if (!run) {
        printf("probe: no dama_ui_selftest in %s\n", lib);
        return 1;
    }
    fflush(0);
    int r = run(out);
    fflush(0);
    int after = free_keys();
    int taken = before - after;
    printf("probe: pthread keys taken by the library: %d (free before %d, after %d, of %d for the process)\n",
           taken, before, after, PTHREAD_KEYS_MAX);
    if (r != 0) printf("probe: the self-test failed (%d)\n", r);
    if (taken > KEYS_BUDGET) printf("probe: FAILED: more than %d pthread keys\n", KEYS_BUDGET);
    return r != 0 || taken > KEYS_BUDGET;
}

static int call(const char *lib, const char *symbol) {
    void *h = dlopen(lib, RTLD_NOW);
    void (*f)(void) = h ? (void (*)(void))dlsym(h, symbol) : 0;
    if (!f) {
        printf("probe: %s not found in %s\n", symbol, lib);
        return 1;
    }
    fflush(0);
    f();
    printf("probe: %s returned\n", symbol);
    return 0;
}

static int main_c(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc == 4 && argv[1][0] == '-') return call(argv[2], argv[3]);
    if (argc == 3) return selftest(argv[1], argv[2]);
    printf("usage: probe LIB.so OUT_DIR | probe --call LIB.so SYMBOL\n");
    return 2;
}

/* No constructors or destructors of its own (the linker runs the libraries'). */
static const struct structors structors = {0, 0, 0};

void start_c(void *raw_args) { __libc_init(raw_args, 0, main_c, &structors); }

__asm__(".text\n.global _start\n.type _start, %function\n_start:\n  mov x0, sp\n  b start_c\n");
