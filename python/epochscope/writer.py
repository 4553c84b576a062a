"""The record stream: JSON Lines on an inherited pipe or in a file, one whole line per write.

The reader (the C++ side of `epochscope-cli profile`, or a test) may see the script killed at
any moment, so every record is one line written with one `os.write` call: a killed script
leaves whole lines only. A write to a pipe is whole up to PIPE_BUF bytes (4096 on Linux); the
probe's records are far shorter, except a `hello` with a very long argv, which a signal could
in principle cut between two writes.
"""

import json
import math
import os
import sys

FD_ENV = "EPOCHSCOPE_PROBE_FD"
FILE_ENV = "EPOCHSCOPE_PROBE_FILE"


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
    """Writes records to one file descriptor, from the process that opened it only."""

    def __init__(self, fd):
        self._fd = fd
        self._broken = False
        # A forked child (a DataLoader worker, a script's own os.fork) inherits the recorder
        # and the descriptor; only the process that started the probe may write. Told at the
        # fork rather than asked at each write: a getpid() per record is a system call per
        # step, which costs more than it seems on a virtual machine.
        self._owner = True
        if hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=self._disown)

    def _disown(self):
        self._owner = False

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
        """Writes the dict `record` as one line."""
        try:
            text = json.dumps(record, ensure_ascii=False, separators=(",", ":"),
                              allow_nan=False)
        except ValueError:
            text = json.dumps(_finite(record), ensure_ascii=False, separators=(",", ":"))
        self.write_line(text)

    def write_line(self, text):
        """Writes one record's JSON text and its newline with one call; a closed pipe stops
        the stream, not the script."""
        if self._broken or not self._owner:
            return
        data = (text + "\n").encode("utf-8")
        try:
            while data:
                written = os.write(self._fd, data)
                data = data[written:]
        except OSError as error:
            # The reader went away (EPIPE) or the disk is full: the training goes on, the
            # recording stops, and the user is told once.
            self._broken = True
            print(f"epochscope probe: recording stopped: {error.strerror}", file=sys.stderr)

    def close(self):
        if self._owner:
            try:
                os.close(self._fd)
            except OSError:
                pass
        self._broken = True
