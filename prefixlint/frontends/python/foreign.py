"""Wrappers of a sink that another worker found, as a worker of the Python phase knows them.

When the Python files of a run are split among workers (`prefixlint.python_workers`), each
worker reads its own share, but a call in its files may go through a wrapper defined in a
file another worker read. Workers tell each other of the wrappers they find as plain data
(`WrapperNote`, by the key every process gives the same wrapper); a worker holds a
`ForeignWrapper` for each, enough to decide whether a call can run it, and makes the wrapper
itself (with its nodes) only when a call of it is followed: it reads the file that defines
it as that file's worker did, its passes over the earlier rounds of wrappers included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .project import PythonProject, Wrapper


class ReplayError(Exception):
    """A wrapper could not be made again as its own worker made it: the run's Python phase
    is then built in one process instead (the output never depends on the workers)."""


@dataclass(frozen=True)
class WrapperNote:
    """What other workers need to know of a wrapper to decide whether a call runs it."""

    key: tuple[str, int, int]  # its file, the round that found it, its place in that round
    name: str
    method: bool
    param: str
    index: int
    others: tuple[tuple[str, int], ...]
    library: str
    function_key: tuple[str, int]
    depth: int  # clients from it to the sink, itself included
    registered_on: tuple[str, ...] = ()
    sink_key: tuple[str, int] = ("", 0)  # the function holding the sink it reaches
    delegates: bool = False  # see `Wrapper.delegates`

    @staticmethod
    def of(wrapper: "Wrapper") -> "WrapperNote":
        return WrapperNote(wrapper.key, wrapper.name, wrapper.method, wrapper.param,
                           wrapper.index, wrapper.others, wrapper.library,
                           wrapper.function_key, wrapper.depth, wrapper.registered_on,
                           wrapper.sink_key, wrapper.delegates)


class ForeignWrapper:
    """Stands for a wrapper another worker found, until a call of it is followed. It has
    what `SinkFinder` reads before that (name, file, parameters, library) and records
    whether a call ran it; `ForeignWrappers.real` gives the wrapper itself."""

    def __init__(self, note: WrapperNote) -> None:
        self.note = note
        self.key = note.key
        self.name = note.name
        self.path = note.key[0]
        self.round = note.key[1]
        self.method = note.method
        self.param = note.param
        self.index = note.index
        self.others = note.others
        self.library = note.library
        self.function_key = note.function_key
        self.depth = note.depth
        self.registered_on = note.registered_on
        self.sink_key = note.sink_key
        self.delegates = note.delegates
        self.called = False


class ForeignWrappers:
    """A worker's view of the wrappers of every round so far, its own and other workers'
    (in the order one process would have found them), and the files it read again to make
    other workers' wrappers itself."""

    def __init__(self, project: "PythonProject", own: frozenset[str]) -> None:
        self.project = project
        self.own = own
        self.rounds: list[tuple[WrapperNote, ...]] = []
        self.stubs: dict[tuple[str, int, int], ForeignWrapper] = {}
        self.replayed: dict[str, int] = {}  # file -> rounds of wrappers its calls followed
        self.busy: set[str] = set()
        self.failed = False  # a replay went wrong: the worker's results are not to be used

    def add_round(self, notes: tuple[WrapperNote, ...]) -> None:
        self.rounds.append(notes)

    def view(self, round_: int) -> dict[str, list]:
        """The wrappers of one round by name, as `PythonProject.wrapper_round` gives them in
        one process: each this worker has made itself, else its stand-in."""
        out: dict[str, list] = {}
        for note in self.rounds[round_]:
            found = self.project.by_key.get(note.key)
            if found is None:
                found = self.stubs.get(note.key)
                if found is None:
                    found = self.stubs[note.key] = ForeignWrapper(note)
            out.setdefault(note.name, []).append(found)
        return out

    def named(self, name: str, up_to: int) -> list:
        """Every wrapper called `name` of the rounds up to `up_to`, own or a stand-in."""
        out = []
        for notes in self.rounds[:up_to + 1]:
            for note in notes:
                if note.name != name:
                    continue
                found = self.project.by_key.get(note.key) or self.stubs.get(note.key)
                if found is None:
                    found = self.stubs[note.key] = ForeignWrapper(note)
                out.append(found)
        return out

    def real(self, stub: ForeignWrapper) -> "Wrapper":
        """The wrapper a stand-in is for, made here by reading its file again."""
        found = self.project.by_key.get(stub.key)
        if found is None:
            self._replay(stub.path, stub.round)
            found = self.project.by_key.get(stub.key)
        if found is None or found.name != stub.name or \
                found.function_key != stub.function_key:
            self.failed = True
            raise ReplayError(f"wrapper {stub.key} was not found again")
        return found

    def called(self) -> set[tuple[str, int, int]]:
        """The wrappers (own or not) some call followed here ran."""
        return {k for k, w in self.project.by_key.items() if w.called} | \
            {k for k, w in self.stubs.items() if w.called}

    def _replay(self, path: str, round_: int) -> None:
        """Read another worker's file as it did: its prompts (which register the wrappers it
        defines), then its calls of each earlier round's wrappers (which register the
        clients of those), up to the round asked for. What it builds is not reported here."""
        if path in self.own or path in self.busy or round_ > len(self.rounds):
            self.failed = True
            raise ReplayError(f"cannot read {path} again for round {round_}")
        self.busy.add(path)
        try:
            done = self.replayed.get(path)
            if done is None:
                try:
                    self.project.prompts(path)
                except Exception:  # noqa: BLE001 - its worker met the same
                    pass
                done = self.replayed[path] = 0
            while done < round_:
                try:
                    self.project.wrapper_prompts(path, self.view(done))
                except ReplayError:
                    raise
                except Exception:  # noqa: BLE001 - its worker met the same
                    pass
                done = self.replayed[path] = done + 1
        finally:
            self.busy.discard(path)
