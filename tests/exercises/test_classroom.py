"""The student's record saved in real notebooks and the teacher's report on a folder of them.

The notebooks are made the way a class makes them: small exercise notebooks executed in a real kernel (nbclient), so
the "My results" output is what Jupyter saves. Only the deliberately broken cases (a record edited by hand, a file
that is not JSON) are written by hand, from an executed notebook.
"""

import json
import shutil

import nbformat
import pytest

from greatwall_kit.classroom import MEASURES, report
from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.exercises import MIME, Exercise, as_int, load_results, my_results, record, student
from greatwall_kit.exercises.record import checksum, read_results

nbclient = pytest.importorskip("nbclient")

LESSON = "11-chang-cheng-province-scoring"
SETUP = """from greatwall_kit.chang_cheng import ChangCheng
from greatwall_kit.exercises import chang_cheng as exercises, my_results, student
game = ChangCheng.from_position({"players": 3, "faces": ["1A", "2A"], "reputation": [0, 3, 2, 2, 4, 0],
    "threat": [-2, -3, -4, -2, -3, -4], "wall": ". . . . . . . . . G B G . | . . . . . . . . . . . . .",
    "cards": {"2": ["blue builder"]}})
moves = ["single 12", "nopeek", "builder block"]
who = exercises.province_scorers(game, moves)
worth = exercises.province_value(game, moves)
"""


RESET = "from greatwall_kit.exercises import record\nrecord._reset()"


def executed(kernel, folder, name, cells, last_run=True):
    """Write a notebook of code ``cells`` to ``folder/name`` and execute it in ``kernel``, as a student's save.

    The kernel is shared (starting one per notebook took 7 s on a busy machine): a first cell, dropped before the
    notebook is saved, empties the record as a new kernel would have it.
    """
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in [RESET] + cells])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbclient.NotebookClient(nb, km=kernel, timeout=120, resources={"metadata": {"path": str(folder)}}).execute()
    del nb.cells[0]
    if not last_run:  # the student saved without running the last cell (My results)
        nb.cells[-1].outputs, nb.cells[-1].execution_count = [], None
    path = folder / name
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def kernel():
    from jupyter_client.manager import KernelManager

    km = KernelManager(kernel_name="python3")
    km.start_kernel()
    yield km
    km.shutdown_kernel(now=True)


@pytest.fixture(scope="module")
def classroom(tmp_path_factory, kernel):
    folder = tmp_path_factory.mktemp("class")
    # Ana: Blue, then nobody (hint 1, hint 2), then right; the value right at once
    executed(kernel, folder, "ana.ipynb", [SETUP + 'student("Ana")',
                                   'who.check("Blue")', 'who.check("nobody")', 'who.check("Green and Blue")',
                                   "worth.check(worth._answer)", f'my_results("{LESSON}")'])
    # Ben: asks for the value's solution, then answers it; never tries who scores
    executed(kernel, folder, "ben.ipynb", [SETUP + 'student("7B-02")', "worth.show_solution()",
                                           "worth.check(worth._answer)", f'my_results("{LESSON}")'])
    # an anonymous student who answered once, wrong
    executed(kernel, folder, "anon.ipynb", [SETUP, "worth.check(0)", f'my_results("{LESSON}")'])
    # another lesson's notebook; a kit notebook saved without running My results; a notebook of no kit
    executed(kernel, folder, "other-lesson.ipynb",
             [SETUP + 'student("Cleo")', 'my_results("13-chang-cheng-expansion")'])
    executed(kernel, folder, "dan.ipynb", [SETUP + 'student("Dan")', 'who.check("Green")',
                                           f'my_results("{LESSON}")'], last_run=False)
    executed(kernel, folder, "no-record.ipynb", [SETUP, 'who.check("Green")'])
    executed(kernel, folder, "not-kit.ipynb", ["print(1 + 1)"])
    # Eve changed her record by hand: an answer made right in the saved JSON
    eve = executed(kernel, folder, "eve.ipynb",
                   [SETUP + 'student("Eve")', 'who.check("Blue")', f'my_results("{LESSON}")'])
    nb = json.loads(eve.read_text())
    saved = nb["cells"][-1]["outputs"][0]["data"][MIME]
    saved["exercises"][0]["events"][0]["right"] = True
    eve.write_text(json.dumps(nb))
    (folder / "notes.ipynb").write_text("these are my notes, not a notebook")
    checkpoint = folder / ".ipynb_checkpoints"
    checkpoint.mkdir()
    shutil.copy(folder / "ana.ipynb", checkpoint / "ana-checkpoint.ipynb")  # never read twice
    return folder


def test_report_reads_every_student_of_the_lesson_and_lists_the_rest_with_reasons(classroom):
    result = report(classroom)
    assert result.lesson == LESSON
    # Dan never ran My results: his name cell's output kept his answer
    assert list(result.table.index) == ["Ana", "anonymous (anon.ipynb)", "7B-02", "Dan"]
    assert result.answers.loc["Dan"].tolist() == ["Green", ""]
    assert list(result.exercises["question"]) == ["Who scores province 2? (a colour, several joined by \"and\", or "
                                                  "\"nobody\")", "What is province 2 worth?"]
    assert list(result.table.columns.get_level_values("measure")[:4]) == list(MEASURES)
    first, second = result.exercises.index
    row = {m: result.table.loc["Ana", (first, m)] for m in MEASURES}
    assert row == {"right": True, "attempts": 3, "hints": 2, "solution": False}
    assert {m: result.table.loc["7B-02", (second, m)] for m in MEASURES} == {"right": True, "attempts": 1, "hints": 0,
                                                                              "solution": True}
    assert {m: result.table.loc["7B-02", (first, m)] for m in MEASURES} == {"right": False, "attempts": 0,
                                                                             "hints": 0, "solution": False}
    reasons = {u.path.rsplit("/", 1)[-1]: u.reason for u in result.unread}
    assert reasons == {
        "eve.ipynb": "a record edited by hand: the record was changed after it was saved: its checksum does not "
                     "match its content",
        "no-record.ipynb": "no record saved: the first cell (the name) and My results were not run before saving, "
                            "or their outputs were cleared",
        "not-kit.ipynb": "not a kit notebook: no cell uses greatwall_kit",
        "notes.ipynb": "not a notebook: it is not JSON (a damaged or cut-short file)",
        "other-lesson.ipynb": f"another lesson's notebook (13-chang-cheng-expansion, not {LESSON})"}


def test_report_of_another_lesson_and_of_single_files(classroom):
    other = report(classroom, lesson="13-chang-cheng-expansion")
    assert list(other.table.index) == ["Cleo"] and len(other.unread) == 8
    single = report([classroom / "ana.ipynb", classroom / "notes.ipynb"])
    assert list(single.table.index) == ["Ana"] and len(single.unread) == 1
    with pytest.raises(GreatWallError, match="there is no file or folder"):
        report(classroom / "missing")
    with pytest.raises(GreatWallError, match="a folder or notebook paths"):
        report([3])


def test_the_plot_shows_how_the_class_did_per_exercise(classroom):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    result = report(classroom)
    counts = result.outcomes()
    first, second = result.exercises.index
    assert counts.loc[first].to_dict() == {"right at the first try": 0, "right after a hint": 1,
                                           "right after the solution": 0, "solution seen, never right": 0,
                                           "not right": 1, "not tried": 2}
    assert counts.loc[second, "right after the solution"] == 1 and counts.loc[second, "right at the first try"] == 1
    import matplotlib.pyplot as plt

    _, ax = plt.subplots()
    assert result.plot(ax=ax) is None  # a cell ending in result.plot() prints no <Axes ...> line
    heights = [p.get_height() for p in ax.patches]
    assert len(heights) == 2 * 6 and sum(heights) == 2 * 4  # every student in every exercise's bar
    assert next(t.get_text() for t in ax.get_legend().get_texts()) == "right at the first try"


def test_an_empty_folder_reports_nobody(tmp_path):
    result = report(tmp_path)
    assert result.lesson is None and result.table.empty and result.unread == ()


# -- the record itself ---------------------------------------------------------------------------------------------

def _exercise():
    return Exercise("2 + 3?", 5, explain="Two and three.", parse=as_int, asks="total",
                    hints=("Add the two numbers.", "Count on from 3."))


def test_the_record_holds_every_check_hint_and_solution_seen():
    student("Ana")
    ex, _untried = _exercise(), Exercise("1 + 1?", 2, explain="One and one.", parse=as_int, asks="total")
    ex.check(4), ex.check(4), ex.check(6), ex.show_solution(), ex.check(5)
    doc = my_results("sums").document
    assert doc["students"] == ["Ana"] and doc["lesson"] == "sums" and doc["checksum"] == checksum(doc)
    entry, other = doc["exercises"]
    assert (entry["question"], entry["asks"], other["events"]) == ("2 + 3?", "total", [])
    events = [dict(e) for e in entry["events"]]
    assert all(e.pop("time").endswith("+00:00") for e in events)  # when, in UTC
    assert events == [{"answer": "4", "right": False, "shown": "hint 1"},
                               {"answer": "6", "right": False, "shown": "hint 2"},
                               {"shown": "solution"},
                               {"answer": "5", "right": True, "shown": "explanation"}]
    bundle = my_results("sums")._repr_mimebundle_()
    assert bundle[MIME] == doc and "<table>" in bundle["text/html"] and "<i>solution shown</i>" in bundle["text/html"]
    assert my_results("sums").table.loc[ex.id, "answers"] == "4 → 6 → 5"
    assert "✔ right (after the solution)" in bundle["text/plain"] and "– not tried" in bundle["text/plain"]


def test_a_record_loaded_for_grading_stays_as_saved():
    ex = _exercise()
    ex.check(4)
    saved = json.dumps(my_results("sums").document)
    record._reset()
    load_results(saved)
    again = _exercise()
    assert again.check(5).correct  # answered ...
    events = my_results("sums").document["exercises"][0]["events"]
    assert [(e["answer"], e["shown"]) for e in events] == [("4", "hint 1")]  # ... not recorded


@pytest.mark.parametrize("change,reason", [
    (lambda d: d["exercises"][0]["events"][0].update(right=True), "checksum does not match"),
    (lambda d: d.update(students=["Bob"]), "checksum does not match"),
    (lambda d: d.update(format="something else"), "not a greatwall_kit results record"),
    (lambda d: d.update(version=3), "version 3"),
    (lambda d: (d["exercises"][0].update(events="lots"), d.update(checksum=checksum(d))), "no list of events"),
    (lambda d: (d["exercises"][0]["events"].append({"answer": 5}), d.update(checksum=checksum(d))),
     "not a check or a solution shown"),
], ids=["answer", "student", "format", "version", "events", "event"])
def test_a_changed_or_malformed_record_is_refused_with_the_reason(change, reason):
    _exercise().check(4)
    doc = json.loads(json.dumps(my_results("sums").document))
    change(doc)
    with pytest.raises(GreatWallError, match=reason):
        read_results(doc)
    with pytest.raises(GreatWallError, match=reason):
        load_results(json.dumps(doc))


@pytest.mark.parametrize("call,match", [(lambda: student(7), "is a text"), (lambda: student("x" * 101), "at most 100"),
                                        (lambda: my_results(""), "the lesson is its notebook's name"),
                                        (lambda: my_results(None), "the lesson"),
                                        (lambda: read_results("{oops"), "not JSON")])
def test_bad_input_to_the_record_gets_the_kits_error(call, match):
    with pytest.raises(GreatWallError, match=match):
        call()


def test_an_assignment_needs_a_notebook_with_its_my_results_cell(tmp_path):
    grading = pytest.importorskip("greatwall_kit.classroom.grading")
    with pytest.raises(GreatWallError, match="there is no notebook"):
        grading.nbgrader_assignment(tmp_path / "missing.ipynb", tmp_path / "out.ipynb")
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]), tmp_path / "plain.ipynb")
    with pytest.raises(GreatWallError, match='has no "My results" cell'):
        grading.nbgrader_assignment(tmp_path / "plain.ipynb", tmp_path / "out.ipynb")
