#!/usr/bin/env python3
"""Validates a `testspace mutation-report` file against the published report schema.

    testspace mutation-report RESULTS --out report.json
    python notebooks/check_mutation_report.py report.json \
        testdata/mutation-testing-elements/mutation-testing-report-schema.json

Checks the report with jsonschema's validator for the schema's draft (draft-07), then
what the schema cannot say but the viewer relies on: mutant ids unique across files,
every test id in `killedBy` and `coveredBy` defined in `testFiles`, `killedBy` within
`coveredBy`, a `Killed` mutant with a killer and no other mutant with one, and every
location within its file's source (start before end). Exits 1 printing each problem,
0 with the mutants checked per status.
"""

import json
import sys
from collections import Counter

import jsonschema


def schema_errors(report: dict, schema: dict) -> list[str]:
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    return [
        f"schema: at /{'/'.join(str(p) for p in error.absolute_path)}: {error.message}"
        for error in sorted(validator.iter_errors(report), key=lambda e: list(e.absolute_path))
    ]


def viewer_errors(report: dict) -> list[str]:
    errors = []
    tests = {
        test["id"] for file in report.get("testFiles", {}).values() for test in file["tests"]
    }
    seen = set()
    for path, file in report["files"].items():
        lines = file["source"].split("\n")
        for mutant in file["mutants"]:
            where = f"{path}: mutant {mutant['id']}"
            if mutant["id"] in seen:
                errors.append(f"{where}: id used twice")
            seen.add(mutant["id"])
            killed_by = mutant.get("killedBy", [])
            covered_by = mutant.get("coveredBy", [])
            for test in killed_by + covered_by:
                if test not in tests:
                    errors.append(f"{where}: test `{test}` not in testFiles")
            if not set(killed_by) <= set(covered_by):
                errors.append(f"{where}: killedBy not within coveredBy")
            if (mutant["status"] == "Killed") != bool(killed_by):
                errors.append(f"{where}: status {mutant['status']} with killedBy {killed_by}")
            start, end = mutant["location"]["start"], mutant["location"]["end"]
            if (start["line"], start["column"]) >= (end["line"], end["column"]):
                errors.append(f"{where}: location ends before it starts")
            if end["line"] > len(lines) or end["column"] > len(lines[end["line"] - 1]) + 1:
                errors.append(f"{where}: location ends past the source")
    return errors


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        report = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        schema = json.load(f)
    errors = schema_errors(report, schema)
    if not errors:
        errors = viewer_errors(report)
    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        print(f"{sys.argv[1]}: {len(errors)} problem(s)", file=sys.stderr)
        return 1
    counts = Counter(m["status"] for f in report["files"].values() for m in f["mutants"])
    summary = ", ".join(f"{status} {count}" for status, count in sorted(counts.items()))
    print(f"{sys.argv[1]}: valid (schema {report['schemaVersion']}); mutants: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
