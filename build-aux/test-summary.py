#!/usr/bin/python3
# Prints one closing line for all test runs: "N passed, N failed, N skipped".
# Exits non-zero when anything failed or when no test ran at all.
#
# Copyright 2026 The Nile Ledger developers
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import sys

PASSED = {"OK", "EXPECTEDFAIL"}
SKIPPED = {"SKIP"}

passed = failed = skipped = 0
for build_dir in sys.argv[1:]:
    log = os.path.join(build_dir, "meson-logs", "testlog.json")
    if not os.path.exists(log):
        print(f"{build_dir}: no test log", file=sys.stderr)
        failed += 1
        continue
    with open(log, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            result = json.loads(line)["result"]
            if result in PASSED:
                passed += 1
            elif result in SKIPPED:
                skipped += 1
            else:
                failed += 1

print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed or passed == 0 else 0)
