"""The type stubs (python/sudokit.pyi) name exactly what the module has."""

import ast

import sudokit
from conftest import ROOT

#: Names the stubs define for typing only.
STUB_ONLY = {"PuzzleLike", "Column", "Progress"}


def stub_names():
    tree = ast.parse((ROOT / "python" / "sudokit.pyi").read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names - STUB_ONLY


def test_every_public_name_has_a_stub_and_every_stub_a_name():
    public = {name for name in dir(sudokit) if not name.startswith("_")} | {"__version__"}
    public -= {"sudokit"}  # the extension module inside the package
    assert stub_names() == public


def test_every_function_and_class_has_a_docstring():
    for name in sorted(stub_names() - {"__version__"}):
        assert getattr(sudokit, name).__doc__, f"sudokit.{name} has no docstring"


def test_every_function_stub_has_the_functions_parameters():
    # Names, order, and keyword-only or not: a stub that drifts from the
    # module (a parameter added on one side only) fails here.
    import inspect

    tree = ast.parse((ROOT / "python" / "sudokit.pyi").read_text())
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef):
            continue
        stub = [(a.arg, "positional") for a in node.args.args] + [(a.arg, "keyword") for a in node.args.kwonlyargs]
        real = [
            (name, "keyword" if p.kind == p.KEYWORD_ONLY else "positional")
            for name, p in inspect.signature(getattr(sudokit, node.name)).parameters.items()
        ]
        assert stub == real, node.name
