#!/usr/bin/env python3
"""Checks the system calls a run made against Android 8.0's app seccomp filter (arm64).

    seccomp.py LISTS_DIR STRACE.log     prints each system call used, fails on one outside
    seccomp.py LISTS_DIR --selftest     the check rejects a call the filter kills

LISTS_DIR holds bionic's SYSCALLS.TXT, SECCOMP_WHITELIST.TXT and SECCOMP_BLACKLIST.TXT of
android-8.0.0_r1 (third_party/bionic-seccomp-8.0). The allowed set is built as bionic's
genseccomp.py of that release builds it: (bionic's system calls - blacklist) + whitelist,
those marked for arm64. STRACE.log is qemu-aarch64's `-strace` output: one line per call,
`PID name(args...) = result`.
"""

import collections
import os
import re
import sys

ARCH = "arm64"


def parse_list(path):
    """The system call names a SYSCALLS.TXT-format file gives for ARCH."""
    names = []
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        # return_type func_name[|aliases][:syscall_name[:socketcall_id]]([params]) arch_list
        m = re.match(r"^\s*\S+(?:\s+\S+)*?\s+([\w|]+)(?::(\w+))?(?::\w+)?\s*\((.*)\)\s*(.*)$", line)
        if not m:
            raise SystemExit(f"seccomp.py: cannot read {os.path.basename(path)}: {line}")
        func, syscall, _, archs = m.groups()
        name = syscall or func.split("|")[0]
        archs = [a.strip() for a in archs.replace(",", " ").split()]
        if "all" in archs or ARCH in archs:
            names.append(name)
    return names


def allowed(lists_dir):
    bionic = parse_list(os.path.join(lists_dir, "SYSCALLS.TXT"))
    white = parse_list(os.path.join(lists_dir, "SECCOMP_WHITELIST.TXT"))
    black = set(parse_list(os.path.join(lists_dir, "SECCOMP_BLACKLIST.TXT")))
    return {n for n in bionic if n not in black} | set(white)


# qemu names a few calls differently from the kernel's table (and so from bionic's lists).
QEMU_NAMES = {"fstatat64": "newfstatat", "mmap2": "mmap"}


def used(strace_path):
    """(name, count) of every system call in a qemu -strace log."""
    calls = collections.Counter()
    call = re.compile(r"^\d+ ([a-z_][a-z0-9_]*)\(")
    for line in open(strace_path, encoding="utf-8", errors="replace"):
        m = call.match(line)
        if m:
            calls[QEMU_NAMES.get(m.group(1), m.group(1))] += 1
        elif re.match(r"^\d+ Unknown syscall (\d+)", line):
            calls["unknown:" + re.match(r"^\d+ Unknown syscall (\d+)", line).group(1)] += 1
    return calls


def check(lists_dir, strace_path, say=print):
    ok = allowed(lists_dir)
    calls = used(strace_path)
    if not calls:
        sys.exit(f"FAILED: no system call in {strace_path} (was the run traced?)")
    bad = sorted(n for n in calls if n not in ok)
    say(f"system calls: {len(calls)} kinds, {sum(calls.values())} calls; Android 8.0's app filter allows {len(ok)} for arm64")
    say("  " + ", ".join(f"{n} {c}" for n, c in sorted(calls.items(), key=lambda x: -x[1])))
    for n in bad:
        say(f"FAILED: {n} ({calls[n]} calls) is outside Android 8.0's app seccomp filter: SIGSYS on a phone")
    if bad:
        sys.exit(1)
    say("seccomp check: passed")


def selftest(lists_dir):
    import tempfile

    ok = allowed(lists_dir)
    # What the filter must allow (bionic's own, and the whitelist's) and kill (the blacklist's,
    # calls bionic never makes, and newer calls std may try: rust-lang/rust#82400 and later).
    for name in ("openat", "mmap", "futex", "clone", "getrandom", "newfstatat", "ppoll", "exit_group"):
        assert name in ok, f"{name} should be allowed"
    for name in ("swapon", "openat2", "close_range", "faccessat2", "statx", "clone3"):
        assert name not in ok, f"{name} should be killed"
    with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as f:
        f.write('12 openat(AT_FDCWD,"/x",O_RDONLY) = 3\n12 statx(3,"",0,0x7ff,0x0) = 0\n')
    try:
        check(lists_dir, f.name, say=lambda line: print("  (proof) " + line))
    except SystemExit as e:
        assert e.code == 1, e.code
        print("seccomp.py selftest: passed (statx, which Android 8.0 kills, fails the check)")
    else:
        raise AssertionError("a run using statx passed the check")
    finally:
        os.unlink(f.name)


if __name__ == "__main__":
    if sys.argv[2:3] == ["--selftest"]:
        selftest(sys.argv[1])
    else:
        check(sys.argv[1], sys.argv[2])
