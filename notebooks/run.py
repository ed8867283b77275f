"""Execute a notebook headlessly with nbclient against a results directory.

    python notebooks/run.py [RESULTS_DIR] [--notebook notebooks/andrews2010.ipynb] [--timeout 600]
    python notebooks/run.py --clear [--notebook notebooks/andrews2010.ipynb]

Sets TESTSPACE_RESULTS for the kernel, runs every cell, exits non-zero on the first cell error
(printing the traceback), and saves the executed copy, outputs included, as
<figures>/<notebook name> (figures = TESTSPACE_FIGURES, else RESULTS_DIR/notebook, or for a
committed reference run, which holds REFERENCE.md and is never written into,
runs/notebook/<its folder name> of the repository). The notebook in
the repository is left untouched and must have no outputs (checked; --clear strips them).
"""

import argparse
import os
import re
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

HERE = Path(__file__).resolve().parent


def default_figures(results: Path) -> Path:
    """RESULTS_DIR/notebook, or runs/notebook/<name> for a committed reference run."""
    if (results / "REFERENCE.md").exists():
        return HERE.parent / "runs" / "notebook" / results.name
    return results / "notebook"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", nargs="?", default=str(HERE.parent / "results" / "andrews2010"))
    ap.add_argument("--notebook", default=str(HERE / "andrews2010.ipynb"))
    ap.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    ap.add_argument("--clear", action="store_true", help="strip outputs from the notebook in place and exit")
    args = ap.parse_args()

    notebook = Path(args.notebook).resolve()
    nb = nbformat.read(notebook, as_version=4)
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and (c.get("outputs") or c.get("execution_count"))]
    if args.clear:
        for c in nb.cells:
            if c.cell_type == "code":
                c.outputs = []
                c.execution_count = None
            c.metadata.pop("execution", None)
        nb.metadata.get("language_info", {}).pop("version", None)
        nbformat.write(nb, notebook)
        print(f"cleared {len(dirty)} code cells of {notebook}")
        return 0
    if dirty:
        # The repository keeps notebooks without outputs so that diffs stay small.
        print(f"error: {notebook} has outputs in {len(dirty)} code cells; commit it cleared: "
              f"python notebooks/run.py --clear --notebook {notebook}", file=sys.stderr)
        return 1

    results = Path(args.results).resolve()
    if not (results / "cells.parquet").exists():
        print(f"error: {results}/cells.parquet not found", file=sys.stderr)
        return 2
    figures = Path(os.environ.get("TESTSPACE_FIGURES", default_figures(results))).resolve()
    os.environ["TESTSPACE_RESULTS"] = str(results)
    os.environ["TESTSPACE_FIGURES"] = str(figures)
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")

    client = NotebookClient(
        nb,
        timeout=args.timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(notebook.parent)}},
    )
    started = time.monotonic()
    print(f"executing {notebook.name} on {results}")
    failed = False
    try:
        client.execute()
    except CellExecutionError as e:
        print(re.sub(r"\x1b\[[0-9;]*m", "", str(e)), file=sys.stderr)
        failed = True
    figures.mkdir(parents=True, exist_ok=True)
    out = figures / notebook.name
    nbformat.write(nb, out)
    code_cells = [c for c in nb.cells if c.cell_type == "code"]
    for c in code_cells:
        for o in c.get("outputs", []):
            if o.get("output_type") == "stream" and "note:" in o.get("text", ""):
                for line in o["text"].splitlines():
                    if line.startswith("note:"):
                        print(f"  {line}")
    print(f"executed copy: {out} ({time.monotonic() - started:.1f} s)")
    executed = sum(1 for c in code_cells if c.get("execution_count"))
    verdict = "FAILED" if failed else "ok"
    print(f"{notebook.name}: {verdict}, {executed}/{len(code_cells)} code cells ran")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
