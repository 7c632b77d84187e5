"""Every ready worksheet built once per test session (about 15 s), its pages read back as text with pypdfium2."""

import re

import pytest

pdfium = pytest.importorskip("pypdfium2", reason="reading the PDFs back needs pypdfium2 (the [test] extra)")
pytest.importorskip("fpdf", reason="worksheets need fpdf2 (the [print] extra)")

from greatwall_kit.worksheets import write_all  # noqa: E402 (after the skips: the module needs fpdf2)


def page_texts(path):
    """The text of each page of a PDF, its whitespace (line breaks of wrapped lines too) as single spaces."""
    doc = pdfium.PdfDocument(str(path))
    try:
        return [flat(page.get_textpage().get_text_range()) for page in doc]
    finally:
        doc.close()


def flat(text):
    return re.sub(r"\s+", " ", text.replace("\ufffe", "")).strip()


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """The folder :func:`write_all` wrote, as ``python -m greatwall_kit.worksheets --out`` does."""
    folder = tmp_path_factory.mktemp("worksheets")
    write_all(folder)
    return folder
