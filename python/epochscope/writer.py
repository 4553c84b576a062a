"""The record stream: JSON Lines on an inherited pipe or in a file.

The reader (the C++ side of `epochscope-cli profile`, or a test) may see the script killed at
any moment, and reads the stream live. Step records, one per training step, are buffered and
written together at most every `FLUSH_S` seconds: a system call per step is most of what the
probe would cost a fast loop on a virtual machine (docs/profile.md, "What it costs"). Every
other record is written at once, together with the steps buffered before it, and everything
is written before the end record. A script killed with SIGKILL loses the steps of its last
`FLUSH_S` at most.

The buffer is an `io.BufferedWriter`: each record goes into it whole with one call, and its
flush keeps track in C of what the kernel took. So an exception that a signal handler raises
during a flush (Ctrl+C, the probe's SIGTERM) can neither lose buffered lines nor write any
twice: what was not written yet stays in the buffer for the next flush. Every line ends with
its newline; a write can be cut only where a process dies in it, which leaves a last line
without its newline (the reader ignores it).
"""

import io
import json
import math
import os
import sys
import time

FD_ENV = "EPOCHSCOPE_PROBE_FD"
FILE_ENV = "EPOCHSCOPE_PROBE_FILE"

# Step lines wait at most this long after the last write (plus the time to the next step):
# the CLI writes what it read to the run database every 250 ms.
FLUSH_S = 0.15
# The buffer's size. A step line is at most about 600 bytes: at one step every 100 us (far
# faster than any training step) FLUSH_S is 1500 of them, under 1 MiB. A buffer that fills
# up is written out before it takes the next line.
BUFFER_BYTES = 1 << 20

_perf_counter = time.perf_counter


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


class RecordWriter:
    """Writes records to one file descriptor, from the process that opened it only.

    `flush_at` is the perf_counter time from which buffered step lines are overdue (infinite
    while none wait): the recorder checks it at each phase it opens, so that the last steps
    before a long stretch without steps (an evaluation, a checkpoint) reach the reader.
    """

    def __init__(self, fd):
        self._fd = fd
        self._raw = io.FileIO(fd, "wb", closefd=False)
        self._out = io.BufferedWriter(self._raw, buffer_size=BUFFER_BYTES)
        self._owner = True
        # False once the stream has stopped (a closed pipe, a full disk) or in a forked child.
        self._open = True
        self._next_write = 0.0
        self.flush_at = math.inf
        # A forked child (a DataLoader worker, a script's own os.fork) inherits the recorder,
        # the descriptor and the buffer; only the process that started the probe may write.
        # Told at the fork rather than asked at each write: a getpid() per record is a
        # system call per step, which costs more than it seems on a virtual machine.
        if hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=self._disown)

    def _disown(self):
        self._owner = False
        self._open = False
        # A closed raw stream makes the child's copy of the buffer inert: neither a flush
        # nor the interpreter's finalisation of the buffer writes the parent's lines again.
        # (closefd=False: the descriptor itself stays open.)
        self._raw.close()

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
        """Writes the dict `record` as one line, now (with the step lines before it)."""
        try:
            text = json.dumps(record, ensure_ascii=False, separators=(",", ":"),
                              allow_nan=False)
        except ValueError:
            text = json.dumps(_finite(record), ensure_ascii=False, separators=(",", ":"))
        self.write_line(text)

    def write_line(self, text):
        """Writes one record's JSON text and its newline, now (with the step lines buffered
        before it); a closed pipe stops the stream, not the script."""
        if self._open:
            # "replace": a lone surrogate (an argument or a path that is not UTF-8, which
            # Python keeps as surrogates) is written as "?" rather than stopping the probe.
            self._put((text + "\n").encode("utf-8", "replace"))
            self.flush()

    def write_step(self, line):
        """Buffers one step record's line (bytes, with its newline); writes the buffer when
        FLUSH_S has passed since the last write."""
        if not self._open:
            return
        self._put(line)
        now = _perf_counter()
        if now >= self._next_write:
            self.flush(now)
        else:
            self.flush_at = self._next_write

    def _put(self, data):
        try:
            self._out.write(data)
        except OSError as error:   # the buffer was full and writing it out failed
            self._stop(error)

    def flush(self, now=None):
        """Writes everything buffered, with as few system calls as the pipe allows."""
        self.flush_at = math.inf
        self._next_write = (_perf_counter() if now is None else now) + FLUSH_S
        if not self._open:
            return
        try:
            self._out.flush()
        except OSError as error:
            self._stop(error)

    def _stop(self, error):
        # The reader went away (EPIPE) or the disk is full: the training goes on, the
        # recording stops, and the user is told once. What the buffer still holds is
        # dropped with its raw stream, so that the interpreter's exit does not try again.
        self._open = False
        self.flush_at = math.inf
        self._raw.close()
        print(f"epochscope probe: recording stopped: {error.strerror or error}",
              file=sys.stderr)

    def close(self):
        """Writes what is buffered and closes the descriptor."""
        if not self._owner:
            return
        if self._open:
            self.flush()
        self._open = False
        self._raw.close()
        try:
            os.close(self._fd)
        except OSError:
            pass
