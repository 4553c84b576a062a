"""Step records made into lines, in the writer's thread, each with its page faults.

A step's page faults cost a `getrusage`, a system call, which on this project's virtual
machines costs a step tens of microseconds amid the training's work: more than the rest of
the probe's work on a step (docs/profile.md, "What it costs"). So the recorder reads the
counters at a step's end only when `FAULT_READ_INTERVAL_S` has passed since its last read,
and wherever a run of steps begins or ends. The steps between two reads share evenly what
the second read adds; a step that long or longer has its own count.

The steps that wait for the next read wait here, in the writer's thread, with the records
queued after them, so that the script's main thread hands every record on at once and the
order of the stream is kept. Should the script stop calling anything hooked while steps
wait (a long pause, work the probe does not see), the writer reads the main thread's
counters itself `IDLE_READ_S` after the first waiting step's end and gives the waiting steps
what they gained until then.
"""

import resource
import time

from epochscope import phases

# How often the main thread reads its page-fault counters at most (see above).
FAULT_READ_INTERVAL_S = 0.05
# How long after its end a step waits for a read of the main thread's before the writer
# makes its own: four of the main thread's intervals, so that in a loop that keeps calling
# hooks the writer never needs to.
IDLE_READ_S = 0.2

# A snapshot of the recorder's cumulative counters at one instant is a tuple (one is made at
# every step boundary, and a tuple is the cheapest thing to make); its fields, by index:
# when; seconds per named phase; h2d bytes; DataLoader samples; page faults, minor and
# major, when read at that instant (else None); the CUDA timer's mark; and, for a
# candidate, the first forward's samples and the loss box (see recorder.Recorder).
_T, _PHASE_S, _H2D, _SAMPLES, _MINOR, _MAJOR, _CUDA_MARK, _FORWARD, _LOSS_BOX = range(9)

# A step record's line, as bytes with its newline. Written by hand rather than by
# json.dumps: a step is recorded on every training step, and building and encoding its
# dicts cost several times as much. Times go through `%.6f` (seconds) and `%.3f`
# (milliseconds): to the microsecond, as the format says, with one fixed-point conversion
# each. The loss is its repr (all its digits), or null.
_STEP_LINE = ('{"type":"step","epoch":%d,"batch":%d,"end_s":%.6f,"wall_ms":%.3f,"phase_ms":{'
              + ",".join(f'"{key}":%.3f' for key in phases.KEYS + (phases.OTHER_KEY,))
              + '},"loss":%s,"samples":%d,"h2d_bytes":%d,"minor_faults":%d,'
              '"major_faults":%d}\n').encode("ascii")
_NULL = b"null"


class FaultRead(tuple):
    """(minor, major): the main thread's page-fault counters, read where a run of steps
    ended, queued among the records."""

    __slots__ = ()


def step_times(wall_ms, named_ms):
    """(wall_ms, the named phases' ms..., other) for the step line. `other` is what the
    named phases leave of the wall time, never below zero (the named phases are left as
    measured); a time that is not finite (a broken CUDA event) is 0. The line rounds each
    to the microsecond on its own, so `other` and `wall_ms` less the named phases, as
    written, may differ by a few microseconds."""
    named = [value if value - value == 0.0 else 0.0 for value in named_ms]
    wall = wall_ms if wall_ms - wall_ms == 0.0 else 0.0
    other = wall - sum(named)
    return (wall, *named, other if other > 0.0 else 0.0)


def thread_fault_reader(native_id):
    """A function that reads the page-fault counters of the thread `native_id` from another
    thread: (minor, major), or None where it cannot. Linux keeps them in the thread's
    /proc stat (the counters getrusage(RUSAGE_THREAD) gives); elsewhere the recorder reads
    the process's, which any thread may read."""
    if not hasattr(resource, "RUSAGE_THREAD"):
        def read_process():
            usage = resource.getrusage(resource.RUSAGE_SELF)
            return usage.ru_minflt, usage.ru_majflt
        return read_process
    path = f"/proc/self/task/{native_id}/stat"

    def read_thread():
        try:
            with open(path, "rb") as stat:
                text = stat.read()
            # "tid (name) state ppid pgrp session tty tpgid flags minflt cminflt majflt ...":
            # the name may hold spaces and parentheses, so fields count from the last ")".
            fields = text[text.rindex(b")") + 1:].split()
            return int(fields[7]), int(fields[9])
        except (OSError, ValueError, IndexError):
            return None
    return read_thread


class StepLines:
    """Makes the queued items into lines, in order: bytes (a record's line), a step's raw
    values (origin snapshot, end snapshot, epoch, batch, loss, times or None) or a
    FaultRead. Used by one thread at a time (the writer's, or the main thread's once that
    has ended)."""

    def __init__(self, start, read_main_faults, clock=time.perf_counter):
        self.start = start
        self.read_main_faults = read_main_faults
        self.clock = clock
        # The items since the first step that waits for its faults, how many are steps, and
        # when the first of them ended (`clock`'s time, the recorder's).
        self.held = []
        self.waiting_steps = 0
        self.held_since = None
        # The counters where the waiting steps began (the last read before them).
        self.base = (0, 0)

    def add(self, item, parts):
        """Takes one queued item; appends to `parts` the lines that are ready."""
        if type(item) is bytes:
            if self.held:
                self.held.append(item)
            else:
                parts.append(item)
            return
        if type(item) is FaultRead:
            self._share(item, parts)
            return
        origin, end = item[0], item[1]
        if origin[_MINOR] is not None:
            # Read where this step's run began: what waits ends there at the latest.
            self._share((origin[_MINOR], origin[_MAJOR]), parts)
        if not self.held:
            self.held_since = end[_T]
        self.held.append(item)
        self.waiting_steps += 1
        if end[_MINOR] is not None:
            self._share((end[_MINOR], end[_MAJOR]), parts)

    def idle(self, parts):
        """The writer's periodic turn: steps that ended `IDLE_READ_S` ago or more and still
        wait for a read get one."""
        if self.waiting_steps and self.clock() - self.held_since >= IDLE_READ_S:
            counts = self.read_main_faults()
            if counts is not None:
                self._share(counts, parts)

    def flush(self, parts):
        """The stream ends: what waits is written, with the counters as they are now."""
        if self.held:
            self._share(self.read_main_faults() or self.base, parts)

    def _share(self, counts, parts):
        base_minor, base_major = self.base
        self.base = counts
        if not self.held:
            return
        count = self.waiting_steps
        minor_each, minor_rest = divmod(max(counts[0] - base_minor, 0), count)
        major_each, major_rest = divmod(max(counts[1] - base_major, 0), count)
        index = 0
        for item in self.held:
            if type(item) is bytes:
                parts.append(item)
                continue
            parts.append(self.line(item, minor_each + (index < minor_rest),
                                   major_each + (index < major_rest)))
            index += 1
        self.held = []
        self.waiting_steps = 0

    def line(self, raw, minor_faults, major_faults):
        """A step record's line (bytes, with its newline): the snapshots where the step
        began and ended, its epoch and batch, its loss (a float or None), its times when
        the GPU's events gave them (else None), and its share of the page faults."""
        origin, end, epoch, batch, loss, times = raw
        samples = end[_SAMPLES] - origin[_SAMPLES]
        if samples <= 0:
            samples = end[_FORWARD] or 0
        end_t = end[_T]
        if times is None:
            times = step_times((end_t - origin[_T]) * 1000.0,
                               [(e - o) * 1000.0
                                for e, o in zip(end[_PHASE_S], origin[_PHASE_S])])
        return _STEP_LINE % (epoch, batch, end_t - self.start, *times,
                             _NULL if loss is None else b"%r" % loss, samples,
                             end[_H2D] - origin[_H2D], minor_faults, major_faults)

