"""Entry point: `python3 -m epochscope.run SCRIPT [ARGS...]` runs SCRIPT under the probe.

The script runs unchanged as `__main__`, with `sys.argv` = [SCRIPT, ARGS...] and
`sys.path[0]` its folder, as `python3 SCRIPT ARGS...` would run it; its stdout and stderr are
left alone. The records go to EPOCHSCOPE_PROBE_FD or EPOCHSCOPE_PROBE_FILE (writer.py).
Exit status: the script's; 130 after Ctrl+C, 143 after SIGTERM; 0 when the step limit
(EPOCHSCOPE_PROBE_MAX_STEPS) ended it; 2 when the probe cannot start, with one line on
stderr and no record.
"""

import os
import platform
import runpy
import signal
import sys
import threading
import time
import traceback

import epochscope
from epochscope import hooks, torchimport
from epochscope.recorder import Recorder, StepLimitReached
from epochscope.writer import ProbeSetupError, RecordWriter

USAGE = "usage: python3 -m epochscope.run SCRIPT [ARGS...]"
MAX_STEPS_ENV = "EPOCHSCOPE_PROBE_MAX_STEPS"
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


class _Terminated(BaseException):
    """Raised in the script by SIGTERM, so that its `finally` blocks run and the end
    record is written."""


class ProbeSession:
    """One script's run under the probe: its hello, its hooks, its end."""

    def __init__(self, writer, hook_names, start, max_steps=None, notes=()):
        self.writer = writer
        self.hook_names = hook_names
        self.recorder = Recorder(writer, start, threading.get_ident(), max_steps,
                                 os.getcwd())
        self.torch_imported = False
        self.hello_written = False
        self.argv = []
        # Notes about the probe's settings, written right after the hello record.
        self.settings_notes = list(notes)

    def torch_imported_now(self, torch):
        """torch has just been imported: hooks in, then the hello record."""
        self.torch_imported = True
        rec = self.recorder
        try:
            rec.cuda_available = bool(torch.cuda.is_available())
            if rec.cuda_available:
                rec.cuda_event_factory = lambda: torch.cuda.Event(enable_timing=True)
            installed, notes = hooks.install(torch, rec, self.hook_names)
            self.write_hello(torch, installed)
            for text in notes:
                rec.note(text)
        except Exception as error:  # the probe must never stop the script's import
            self.write_hello(torch, [])
            rec.note(f"the probe could not set up its hooks ({type(error).__name__}: "
                     f"{error}); nothing is measured")

    def write_hello(self, torch, installed):
        if self.hello_written:
            return
        self.hello_written = True
        threads = (None, None)
        if torch is not None:
            try:
                threads = (torch.get_num_threads(), torch.get_num_interop_threads())
            except Exception:
                pass
        self.writer.write({
            "type": "hello", "format": "epochscope-probe", "version": 1,
            "pid": os.getpid(), "python": platform.python_version(),
            "torch": str(torch.__version__) if torch is not None else None,
            "argv": self.argv, "cwd": os.getcwd(),
            "intra_op_threads": threads[0], "inter_op_threads": threads[1],
            "cuda": self.recorder.cuda_available, "hooks": installed,
            "clock_s": monotonic_clock_s(self.recorder.start)})
        for text in self.settings_notes:
            self.recorder.note(text)

    def run(self, script, args):
        """Runs the script; returns the exit status."""
        self.argv = [script] + list(args)
        path = os.path.abspath(script)
        if not os.path.isfile(path):
            message = f"can't open file {path!r}: no such file"
            print(f"epochscope probe: {message}", file=sys.stderr)
            self.finish("failed", message, 2)
            return 2

        epochscope._recorder = self.recorder
        if hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=self._forked)
        torchimport.call_when_imported(self.torch_imported_now)
        self._take_signals()
        sys.argv = self.argv
        sys.path[0] = os.path.dirname(path)

        status, error, code = "finished", None, 0
        notes = []
        try:
            runpy.run_path(path, run_name="__main__")
        except StepLimitReached:
            status = "stopped"
            notes.append(f"stopped after the step limit of {self.recorder.max_steps} steps "
                         f"({MAX_STEPS_ENV})")
        except SystemExit as exit_:
            status, error, code = _system_exit(exit_)
        except KeyboardInterrupt as interrupt:
            _print_traceback(interrupt)
            status, code = "stopped", 130
        except _Terminated:
            status, code = "stopped", 143
        except BaseException as failure:
            _print_traceback(failure)
            status, error, code = "failed", _last_line(failure), 1
        self.finish(status, error, code, notes)
        return code

    def _forked(self):
        # A forked child (a DataLoader worker, the script's own fork) keeps the patches but
        # records nothing: its main thread has the parent's thread id, so turn it off here.
        self.recorder.main_ident = None
        epochscope._recorder = None

    def _take_signals(self):
        # `epochscope-cli` blocks the stop signals in its launcher, and a blocked mask is
        # inherited across exec: unblock them, or Ctrl+C and SIGTERM would never arrive.
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
        if signal.getsignal(signal.SIGTERM) != signal.SIG_IGN:
            signal.signal(signal.SIGTERM, _on_sigterm)

    def finish(self, status, error, code, notes=()):
        """The end of the run: the last step and epoch, `notes`, then the end record."""
        # A second signal now would cut the end record short; the probe is done in moments.
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                signal.signal(signum, signal.SIG_IGN)
            except (ValueError, OSError):
                pass
        rec = self.recorder
        epochscope._recorder = None
        try:
            rec.finish(time.perf_counter())
        except Exception as failure:  # a bug of the probe: still end the stream properly
            rec.note(f"the probe failed while ending the run ({type(failure).__name__}: "
                     f"{failure}); the last step may be missing")
        if not self.torch_imported:
            self.write_hello(None, [])
            rec.note("the script never imported torch: there was nothing to measure")
        elif not self.hello_written:
            self.write_hello(None, [])
        elif rec.origin is None:
            rec.note("the script called none of the hooked PyTorch functions: no step or "
                     "phase was measured")
        elif rec.steps == 0:
            rec.note("no step was recorded: no optimizer step() was seen; mark the steps "
                     "with `with epochscope.step():` if the loop has none")
        for text in notes:
            rec.note(text)
        rec.drain(wait=True)
        self.writer.write({"type": "end", "status": status, "error": error,
                           "exit_code": code, "steps": rec.steps,
                           "torch_imported": self.torch_imported})
        self.writer.close()


def parse_max_steps(text):
    """EPOCHSCOPE_PROBE_MAX_STEPS's value: (the step limit or None, a note or None). A value
    that is not a positive whole number sets no limit, with a note that says why."""
    if text is None:
        return None, None
    digits = text.strip()
    if digits.isascii() and digits.isdigit():
        if int(digits) > 0:
            return int(digits), None
        why = "the limit must be at least 1 step"
    else:
        why = "not a whole number of steps"
    return None, (f"{MAX_STEPS_ENV}={text!r} is ignored ({why}): the script runs without a "
                  "step limit")


def monotonic_clock_s(start):
    """`start`, a `time.perf_counter()` reading, as CLOCK_MONOTONIC read it, in seconds: the
    clock `epochscope-cli` samples the script on, so that it can put the records' times, which
    count from `start`, on its own axis (the hello's `clock_s`). None without that clock."""
    clock = getattr(time, "CLOCK_MONOTONIC", None)
    if clock is None:
        return None
    if time.get_clock_info("perf_counter").implementation == "clock_gettime(CLOCK_MONOTONIC)":
        return start   # the same clock (Linux): exact
    # Another clock with the same rate: its offset, read between two readings of perf_counter.
    before = time.perf_counter()
    monotonic = time.clock_gettime(clock)
    after = time.perf_counter()
    return monotonic - ((before + after) / 2 - start)


def _on_sigterm(signum, frame):
    raise _Terminated()


def _system_exit(exit_):
    """(status, error, exit code) for SystemExit, as the interpreter treats its code."""
    code = exit_.code
    if code is None:
        return "finished", None, 0
    if isinstance(code, int):
        if code == 0:
            return "finished", None, 0
        return "failed", f"SystemExit: {code}", code
    print(code, file=sys.stderr)
    return "failed", f"SystemExit: {code}", 1


def _last_line(failure):
    """The exception's last line as Python prints it, e.g. `ValueError: bad`, without the
    notes that 3.11's add_note() puts after it."""
    lines = traceback.format_exception_only(type(failure), failure)
    notes = getattr(failure, "__notes__", None)
    if isinstance(notes, (list, tuple)) and 0 < len(notes) < len(lines):
        lines = lines[:-len(notes)]
    text = "".join(lines).rstrip().splitlines()
    return text[-1].strip() if text else type(failure).__name__


def _print_traceback(failure):
    """Prints the traceback as Python would for the script: without the frames of runpy
    and of the probe's wrappers."""
    def is_probe(tb):
        frame = tb.tb_frame
        return (frame.f_code.co_filename.startswith(_PACKAGE_DIR + os.sep)
                or frame.f_globals.get("__name__") == "runpy")

    tb = failure.__traceback__
    while tb is not None and is_probe(tb):
        tb = tb.tb_next
    previous = tb
    while previous is not None:
        following = previous.tb_next
        while following is not None and is_probe(following):
            following = following.tb_next
        previous.tb_next = following
        previous = following
    # The default hook prints the exception's own __traceback__, not the one it is given.
    sys.excepthook(type(failure), failure.with_traceback(tb), tb)


def main():
    start = time.perf_counter()
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(USAGE, file=sys.stderr if not args else sys.stdout)
        return 2 if not args else 0
    try:
        hook_names = hooks.parse_selection(os.environ.get(hooks.HOOKS_ENV, ""))
        writer = RecordWriter.from_environment(os.environ)
    except (ValueError, ProbeSetupError) as error:
        print(f"epochscope probe: {error}", file=sys.stderr)
        return 2
    max_steps, note = parse_max_steps(os.environ.get(MAX_STEPS_ENV))
    return ProbeSession(writer, hook_names, start, max_steps,
                        [note] if note else []).run(args[0], args[1:])


if __name__ == "__main__":
    sys.exit(main())
