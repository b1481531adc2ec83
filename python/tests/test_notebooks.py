"""The notebooks of python/notebooks run from top to bottom without an
error (each asserts its own results), so they cannot rot. Run with
nbclient in a fresh kernel, from the repository's root; a notebook's cells
for an engine missing here skip it and say so."""

import pytest
from conftest import ROOT, need

NOTEBOOKS = sorted((ROOT / "python" / "notebooks").glob("*.ipynb"))


def test_the_notebooks_are_there():
    assert [n.name for n in NOTEBOOKS] == ["course.ipynb", "tables.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_runs_and_is_kept_without_outputs(path):
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
