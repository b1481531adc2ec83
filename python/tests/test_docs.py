"""The examples of docs/PYTHON.md, run as doctests from the repository's root."""

import doctest
import os

from conftest import ROOT


def test_the_python_guide_shows_what_sudokit_answers():
    text = (ROOT / "docs" / "PYTHON.md").read_text()
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "docs/PYTHON.md", str(ROOT / "docs" / "PYTHON.md"), 0)
    assert len(test.examples) >= 15, "the guide's examples were not found"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        runner.run(test)
    finally:
        os.chdir(here)
    assert runner.failures == 0, f"{runner.failures} example(s) of docs/PYTHON.md failed (above)"
