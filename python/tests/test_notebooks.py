"""The notebooks of python/notebooks run from top to bottom without an
error (each asserts its own results), so they cannot rot. Run with
nbclient in a fresh kernel, from the repository's root; a notebook's cells
for an engine missing here skip it and say so."""

import pytest
from conftest import ROOT, need

NOTEBOOKS = sorted((ROOT / "python" / "notebooks").glob("*.ipynb"))


def test_the_notebooks_are_there():
    assert [n.name for n in NOTEBOOKS] == ["course.ipynb", "tables.ipynb"]


def run(path):
    """What the code cells of the notebook at PATH printed, run in a fresh
    kernel (with this process's environment) from the repository's root."""
    nbformat = need("nbformat")
    nbclient = need("nbclient")
    need("ipykernel")
    notebook = nbformat.read(path, as_version=4)
    # Kept in git without outputs: a diff shows the code, not a run.
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert (cell.outputs, cell.execution_count) == ([], None), f"{path.name}: strip the outputs"
    client = nbclient.NotebookClient(
        notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    said = [
        output.get("text", "")
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
    ]
    assert not any("Traceback" in text for text in said)
    return "".join(said)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_runs_and_is_kept_without_outputs(path):
    said = run(path)
    if path.name == "course.ipynb":
        # Every model of the SAT reduction, listed.
        assert "model 1: " in said and "model 2: " in said and "model 3" not in said


def test_the_course_skips_the_cells_of_a_missing_solver_and_says_so(monkeypatch):
    monkeypatch.setenv("SUDOKIT_Z3", "/nonexistent/z3")
    monkeypatch.setenv("SUDOKIT_CHOCO_LIB", "/nonexistent/libchoco_capi.so")
    said = run(ROOT / "python" / "notebooks" / "course.ipynb")
    for spec in ["z3", "z3:encoding=bv-tactic", "choco", "choco:var=dom-wdeg:restarts=luby"]:
        assert f"skipped {spec}: " in said, spec
    assert "solutions to 8 queens with sudokit's own engine" in said
