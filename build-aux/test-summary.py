#!/usr/bin/python3
# Prints one closing line for all test runs: "N passed, N failed, N skipped".
# Before it, each failed test's name and the end of its output, so that
# the last lines of a CI log say what failed without the whole log.
# Exits non-zero when anything failed or when no test ran at all.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import sys

PASSED = {"OK", "EXPECTEDFAIL"}
SKIPPED = {"SKIP"}
TAIL_LINES = 25

passed = failed = skipped = 0
failures = []
for build_dir in sys.argv[1:]:
    log = os.path.join(build_dir, "meson-logs", "testlog.json")
    if not os.path.exists(log):
        failures.append((build_dir, "no test log", ""))
        failed += 1
        continue
    with open(log, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            test = json.loads(line)
            result = test["result"]
            if result in PASSED:
                passed += 1
            elif result in SKIPPED:
                skipped += 1
            else:
                failed += 1
                output = (test.get("stdout") or "") + (test.get("stderr") or "")
                failures.append((build_dir, f"{test['name']}: {result}", output))

for build_dir, what, output in failures:
    print(f"FAILED in {build_dir}: {what}")
    for line in output.splitlines()[-TAIL_LINES:]:
        print(f"    {line}")

print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed or passed == 0 else 0)
