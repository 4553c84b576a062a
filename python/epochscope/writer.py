"""The record stream: JSON Lines on an inherited pipe or in a file.

The reader (the C++ side of `epochscope-cli profile`, or a test) may see the script killed at
any moment, and reads the stream live. The script's main thread only queues records: a step
record as the raw values it is made of (the recorder formats it), every other record as its
line. A thread of the writer's own formats and writes what is queued, in order, every
`FLUSH_S` seconds, with one `write` where the pipe takes it whole; `close()` writes the rest
and the end record. Why:

- a system call per step, and the formatting of a line amid the training's own work, were
  most of what the probe cost a fast loop (docs/profile.md, "What it costs"); formatted in a
  batch, a line costs a fraction of that;
- a signal handler's exception (Ctrl+C, the probe's SIGTERM) is raised in the main thread
  only, between any two of its bytecodes: writing there, a line could be written and then
  still be thought unwritten (written twice) or the other way round. Appending to the queue
  is one operation, and the writer thread, which no signal handler interrupts, takes each
  record off the queue and writes it exactly once.

A script killed with SIGKILL (or ending with `os._exit()`) loses what is queued: `FLUSH_S` of
records at most. Every line ends with its newline; a write of several lines is not atomic on
a pipe, so a process killed in one can leave a last line without its newline, which a reader
must ignore.
"""

import collections
import json
import math
import os
import sys
import threading

FD_ENV = "EPOCHSCOPE_PROBE_FD"
FILE_ENV = "EPOCHSCOPE_PROBE_FILE"

# How long a record waits in the queue at most (plus the time to take the GIL): the CLI
# writes what it read to the run database every 250 ms.
FLUSH_S = 0.15


class ProbeSetupError(Exception):
    """The probe cannot start: the message says why, for one line on stderr."""


def _finite(value):
    """`value` with every NaN or infinite float replaced by None (JSON has no NaN)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value


def _discard(item):
    """What `write_step` is once the stream has stopped or in a forked child."""


class RecordWriter:
    """Writes records to one file descriptor, from the process that opened it only.

    `write_step(raw)` queues a step record's raw values, which `step_lines` (a
    steplines.StepLines, set by the recorder) makes into the record's line in the writer
    thread, with its page faults. It is the queue's own `append`, one call with nothing in
    Python around it. `writes` counts the system calls that wrote records (the overhead
    benchmark reads it).
    """

    def __init__(self, fd):
        self._fd = fd
        self._owner = True
        # False once the stream has stopped (a closed pipe, a full disk) or in a forked child.
        self._open = True
        self._queue = collections.deque()
        self.write_step = self._queue.append
        self.step_lines = None
        self.writes = 0
        self._closing = threading.Event()
        # A forked child (a DataLoader worker, a script's own os.fork) inherits the recorder
        # and the descriptor, not the thread; only the process that started the probe may
        # write. Told at the fork rather than asked at each write: a getpid() per record is
        # a system call per step, which costs more than it seems on a virtual machine.
        if hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=self._disown)
        self._thread = threading.Thread(target=self._run, name="epochscope-probe-writer",
                                        daemon=True)
        self._thread.start()

    def _disown(self):
        self._owner = False
        self._shut()

    def _shut(self):
        # Nothing more is queued or written; what is queued is dropped.
        self._open = False
        self.write_step = _discard
        self._queue.clear()

    @classmethod
    def from_environment(cls, environ):
        """The writer that EPOCHSCOPE_PROBE_FD or EPOCHSCOPE_PROBE_FILE names.

        Both variables are taken out of `environ`, and the descriptor is made
        non-inheritable, so that programs the script starts neither see them nor hold the
        pipe open after the probe's process is gone (the reader waits for end of file).
        """
        fd_text = environ.pop(FD_ENV, None)
        path = environ.pop(FILE_ENV, None)
        if fd_text is not None and fd_text != "":
            try:
                fd = int(fd_text)
                os.fstat(fd)
            except ValueError:
                raise ProbeSetupError(f"{FD_ENV}={fd_text!r} is not a file descriptor number")
            except OSError as error:
                raise ProbeSetupError(f"{FD_ENV}={fd_text}: {error.strerror}")
            os.set_inheritable(fd, False)
            return cls(fd)
        if path:
            flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND | os.O_CLOEXEC
            try:
                return cls(os.open(path, flags, 0o644))
            except OSError as error:
                raise ProbeSetupError(f"{FILE_ENV}={path}: {error.strerror}")
        raise ProbeSetupError(
            f"neither {FD_ENV} (an inherited pipe) nor {FILE_ENV} (a path) is set: "
            "there is nowhere to write the records")

    def write(self, record):
        """Queues the dict `record` as one line."""
        try:
            text = json.dumps(record, ensure_ascii=False, separators=(",", ":"),
                              allow_nan=False)
        except ValueError:
            text = json.dumps(_finite(record), ensure_ascii=False, separators=(",", ":"))
        self.write_line(text)

    def write_line(self, text):
        """Queues one record's JSON text as a line."""
        if self._open:
            # "replace": a lone surrogate (an argument or a path that is not UTF-8, which
            # Python keeps as surrogates) is written as "?" rather than stopping the probe.
            self._queue.append((text + "\n").encode("utf-8", "replace"))

    def write_faults(self, counts):
        """Queues a steplines.FaultRead: the page-fault counters where a run of steps ended."""
        if self._open:
            self._queue.append(counts)

    def _run(self):
        closing = self._closing
        while self._open:
            closed = closing.wait(FLUSH_S)
            self._write_queued()
            if closed:
                return

    def _write_queued(self, final=False):
        """Formats and writes what is queued, in order; when `final`, also the steps that
        still wait for their page faults. Runs in the writer thread (and in the main thread
        once that has ended)."""
        if not self._open:
            return
        queue = self._queue
        lines = self.step_lines
        try:
            parts = []
            while queue:
                item = queue.popleft()
                if lines is None:   # no recorder: no steps
                    parts.append(item)
                else:
                    lines.add(item, parts)
            if lines is not None:
                if final:
                    lines.flush(parts)
                else:
                    lines.idle(parts)
            if not parts:
                return
            view = memoryview(b"".join(parts))
            while view:
                written = os.write(self._fd, view)
                self.writes += 1
                view = view[written:]
        except Exception as error:
            # The reader went away (EPIPE), the disk is full, or a bug of the probe's: the
            # training goes on, the recording stops, and the user is told once.
            self._shut()
            why = getattr(error, "strerror", None) or f"{type(error).__name__}: {error}"
            print(f"epochscope probe: recording stopped: {why}", file=sys.stderr)

    def close(self):
        """Writes what is queued and closes the descriptor; nothing is queued after."""
        if not self._owner:
            return
        self._closing.set()
        self._thread.join()
        self._write_queued(final=True)
        self._shut()
        try:
            os.close(self._fd)
        except OSError:
            pass
