"""The probe's state: exclusive phase accounting, and the rules that cut time into steps and
epochs (docs/profile.md, "Steps and epochs").

Every hook reports to the one `Recorder`, on the script's main thread only. Counters are
cumulative from the probe's start and never reset: a snapshot copies them at one instant,
and a step is the difference between the snapshot where it began and the one where it ended.
That is what lets a step end in the past: an optimizer step's end is only a candidate
boundary, and when a later event confirms it, the step is cut at the candidate's snapshot,
while everything since carries into the next step by itself.

Phases are exclusive: the open phases form a stack, and time is charged to the top one only,
so a phase entered inside another takes its time away from the outer one, and a phase nested
in itself counts once.
"""

import collections
import linecache
import os
import resource
import threading
import weakref

from epochscope.cuda_timing import CudaPhaseTimer
from epochscope.phases import NAMED_COUNT, NO_PHASE, OPTIMIZER
from epochscope.steplines import (_CUDA_MARK, _LOSS_BOX, _MAJOR, _MINOR, _T,
                                  FAULT_READ_INTERVAL_S, FaultRead, StepLines, step_times,
                                  thread_fault_reader)

try:
    # The main thread's own page faults: the process's would add the DataLoader's and
    # PyTorch's worker threads, which fault while the step waits or not at all.
    _RUSAGE_WHO = resource.RUSAGE_THREAD
except AttributeError:  # not Linux
    _RUSAGE_WHO = resource.RUSAGE_SELF
_getrusage = resource.getrusage

# The `conversions` record lists this many call sites at most, those with the most seconds.
MAX_CONVERSION_SITES = 16
# Its `code` is the site's source line, stripped, cut to this many characters.
MAX_CODE_CHARS = 200
# Conversions wait in a list until the step they fall in (or the one after them) is
# recorded; past this many (a script that converts and never ends a step), the oldest half
# are taken for outside any step.
MAX_UNPLACED_CONVERSIONS = 16384


class StepLimitReached(BaseException):
    """Ends the script at the first hook after the last step that EPOCHSCOPE_PROBE_MAX_STEPS
    allows; the runner catches it. A BaseException, so that the script's `except
    Exception:` blocks let it through, as they let KeyboardInterrupt through."""


class StepRecord:
    """A step record that waits in the recorder's queue for its CUDA events (marks
    `start`, `end`), or behind one that does. `raw` is what the writer is given."""

    __slots__ = ("raw", "start", "end")

    def __init__(self, raw, start, end):
        self.raw = raw
        self.start = start
        self.end = end


class Recorder:
    """Phase accounting and the step and epoch state machine of one script's run.

    Times are `time.perf_counter()` seconds; records carry them relative to `start`.
    """

    def __init__(self, writer, start, main_ident, max_steps=None, cwd=None,
                 fault_read_interval_s=FAULT_READ_INTERVAL_S):
        self.writer = writer
        # Made on the script's main thread, whose page faults the writer may read.
        writer.step_lines = StepLines(start, thread_fault_reader(threading.get_native_id()))
        self.start = start
        # The working folder: the `conversions` record's paths under it are relative to it.
        self.cwd = cwd
        # EPOCHSCOPE_PROBE_MAX_STEPS (None: no limit). Once that many steps are recorded,
        # `stopping` is set, and the next hook on the main thread raises StepLimitReached.
        self.max_steps = max_steps
        self.stopping = False
        # Hooks record only on this thread; calls from others (a prefetch thread, a logger)
        # pass straight through. None once the run has ended: everything passes through.
        self.main_ident = main_ident

        # Phase accounting: the stack of open phases, its top, when the top last changed,
        # seconds per named phase, and the other cumulative counters.
        self.stack = []
        self.top = NO_PHASE
        self.mark = start
        self.phase_s = [0.0] * NAMED_COUNT
        self.h2d_bytes = 0
        self.loader_samples = 0
        # Page faults are read at a step's end only this long after the last read
        # (steplines.py says why), and where a run of steps begins or ends.
        self.fault_read_interval_s = fault_read_interval_s
        self.faults_read_t = float("-inf")

        # Steps: where the current step began, the latest unconfirmed candidate end, the
        # optimizers that stepped since the last confirmed boundary.
        self.origin = None
        self.candidate = None
        self.stepped = set()
        # The first dimension of the first tensor of the first outermost forward since the
        # last boundary, and since the latest candidate (None: no forward yet).
        self.forward_since_boundary = None
        self.forward_since_candidate = None
        # The tensor `backward` was last called on (a weak reference: the probe must not
        # keep a tensor or its graph alive longer than the script does), and a one-item list
        # that `.item()` on it fills; each backward gets a new list, so that a step keeps the
        # one it ended with.
        self.loss_ref = _no_tensor
        self.loss_box = None
        self.last_step_box = None
        self.explicit_step_depth = 0
        self.outside_steps = False
        self.steps = 0

        # Epochs: an epoch is written only once a step ends in it, so that a peek at one
        # batch before the loop leaves no empty epoch behind.
        self.explicit_epochs = False
        self.epoch_open = False
        self.epoch_begin_t = start
        self.epoch_number = 0
        self.last_epoch_number = 0
        self.epoch_steps = 0

        # DataLoaders: the first one iterated, the training one once known, the last fetched,
        # whether the training one was fetched since the last boundary, and the latest
        # iteration of another loader (loader, time, snapshot, samples fetched since), which
        # becomes an epoch's start if an optimizer step follows its batches.
        self.first_loader = None
        self.training_loader = None
        self.last_fetch_loader = None
        self.training_fetched = False
        self.other_iter = None
        self.other_iter_samples = 0

        # Recurrent modules: (class, device type, packed, bidirectional) -> record entry.
        self.recurrent = {}
        self.recurrent_written = None

        # NumPy conversions by call site: (function, file, line) -> [calls, bytes, seconds,
        # calls in a step, source line]; and (entry, time) of each conversion not yet placed
        # in a step or outside of all.
        self.conversions = {}
        self.unplaced = []

        # CUDA timing (cuda_timing.py): wanted once a CUDA tensor is seen, started at the
        # next candidate boundary.
        self.cuda = None
        self.cuda_available = False
        self.cuda_wanted = False
        self.cuda_event_factory = None
        self.pending = collections.deque()
        self.notes_given = set()

    # ----------------------------------------------------------------- phase accounting

    def push(self, phase, t):
        """A phase opens at `t` (a compound call: a forward, a backward, a fetch).

        Every hook but the leaf ones (transfers, conversions) comes here before it calls
        what it wraps: this is where the step limit ends the script."""
        if self.stopping:
            self._stop_script()
        top = self.top
        if top >= 0:
            self.phase_s[top] += t - self.mark
        elif self.origin is None:
            self._first_hook(t)
        self.mark = t
        if self.cuda is not None:
            self.cuda.boundary(top)
        self.stack.append(phase)
        self.top = phase

    def pop(self, t):
        """The phase on top of the stack closes at `t`."""
        stack = self.stack
        if not stack:
            return
        phase = stack.pop()
        self.phase_s[phase] += t - self.mark
        self.mark = t
        if self.cuda is not None:
            self.cuda.boundary(phase)
        self.top = stack[-1] if stack else NO_PHASE

    def leaf(self, phase, t0, t1, nbytes, cuda_pre=None):
        """A call that opens no other phase (a copy) took [t0, t1] in `phase`, moving
        `nbytes`. It is charged after the fact, so that a call that turned out to be no
        copy (a `.to()` on the same device) costs its caller nothing."""
        top = self.top
        if top >= 0:
            self.phase_s[top] += t0 - self.mark
        elif self.origin is None:
            self._first_hook(t0)
        self.phase_s[phase] += t1 - t0
        self.mark = t1
        self.h2d_bytes += nbytes
        cuda = self.cuda
        if cuda is not None and cuda_pre is not None:
            cuda.boundary_at(cuda_pre, top)
            cuda.boundary(phase)

    def _first_hook(self, t):
        # The first step of a run without epochs begins at the first hooked call, not at
        # the process's start: imports and data preparation before it are no step's.
        self.origin = self._snapshot(t, read_faults=True)

    def _snapshot(self, t, forward_samples=None, loss_box=None, read_faults=False):
        """The counters at `t`; the page faults only when `read_faults` or when the last
        read is old enough (steplines.py)."""
        top = self.top
        if top >= 0:
            self.phase_s[top] += t - self.mark
        self.mark = t
        minor = major = None
        if read_faults or t - self.faults_read_t >= self.fault_read_interval_s:
            self.faults_read_t = t
            usage = _getrusage(_RUSAGE_WHO)
            minor, major = usage.ru_minflt, usage.ru_majflt
        cuda = self.cuda
        return (t, self.phase_s[:], self.h2d_bytes, self.loader_samples, minor, major,
                cuda.boundary(top) if cuda is not None else None, forward_samples, loss_box)

    def _end_fault_window(self):
        """A run of steps has ended (validation, the script's end): the steps that wait for
        their page faults get what the counters gained until now, not what comes after."""
        usage = _getrusage(_RUSAGE_WHO)
        self.faults_read_t = self.mark
        self._emit(FaultRead((usage.ru_minflt, usage.ru_majflt)))

    # ------------------------------------------------------------ what the hooks report

    def forward_first(self, samples, on_cuda):
        """The first outermost forward since the latest candidate had `samples` rows."""
        self.forward_since_candidate = samples
        if self.forward_since_boundary is None:
            self.forward_since_boundary = samples
        if on_cuda:
            self.want_cuda()

    def want_cuda(self):
        if self.cuda_available and not self.cuda_wanted:
            self.cuda_wanted = True

    def backward_called(self, tensor):
        try:
            self.loss_ref = weakref.ref(tensor)
        except TypeError:  # a tensor type without weak references: keep it alive instead
            self.loss_ref = lambda: tensor
        self.loss_box = [None]

    def loss_read(self, value):
        """`.item()` or `float()` on the loss tensor gave `value`."""
        self.loss_box[0] = value

    def optimizer_begin(self, optimizer, t):
        if self.explicit_step_depth == 0:
            key = id(optimizer)
            if key in self.stepped:
                # The same optimizer steps twice: the step ended at the latest candidate.
                self.confirm()
            self.stepped.add(key)
        self.push(OPTIMIZER, t)

    def optimizer_end(self, t):
        self.pop(t)
        if self.last_fetch_loader is not self.training_loader:   # else nothing to follow
            self._follow_training_loader()
        if self.explicit_step_depth == 0:
            self._take_candidate(t)

    def loader_iter(self, loader, t):
        """`iter()` on a DataLoader, before its time is counted as data_wait."""
        if self.first_loader is None:
            self.first_loader = loader
        epoch_loader = self.training_loader
        if epoch_loader is None:
            epoch_loader = self.first_loader
        if loader is epoch_loader:
            self.other_iter = None
            if not self.explicit_epochs and self.explicit_step_depth == 0:
                self.begin_epoch(t)
            return
        if self._is_validation(loader):
            self._leave_steps()
        self.other_iter = (loader, t, self._snapshot(t, read_faults=True))
        self.other_iter_samples = 0

    def fetch_begin(self, loader, t):
        """A batch is about to be fetched; returns whether it is a training batch."""
        training = self.training_loader   # _is_validation(), on every fetch
        if training is not None and loader is not None and loader is not training:
            self._leave_steps()
            return False
        if self.explicit_step_depth == 0:
            self.confirm()
            if self.outside_steps:
                self._reset_origin(t)
        return True

    def fetch_end(self, loader, samples, training):
        self.last_fetch_loader = loader
        if training:
            self.loader_samples += samples
            if loader is not None and loader is self.training_loader:
                self.training_fetched = True
        elif self.other_iter is not None and loader is self.other_iter[0]:
            self.other_iter_samples += samples

    def _is_validation(self, loader):
        # Until an optimizer step shows which loader trains, every loader does.
        training = self.training_loader
        return training is not None and loader is not None and loader is not training

    def _leave_steps(self):
        # Validation: the step before it ends, and its time (and page faults) belong to no
        # step.
        if self.explicit_step_depth == 0:
            self.confirm()
            if not self.outside_steps:
                self._end_fault_window()
            self.outside_steps = True

    def _follow_training_loader(self):
        """An optimizer step follows a batch: the loader it came from is the training one,
        unless the training loader's own batch came since the last boundary (two loaders
        zipped). A loader that takes over (a new DataLoader made each epoch, or training
        after a first pass over validation data) began a new epoch at its `iter()`."""
        loader = self.last_fetch_loader
        if loader is None or loader is self.training_loader or self.training_fetched:
            return
        self.training_loader = loader
        other = self.other_iter
        if other is None or other[0] is not loader:
            return
        self.other_iter = None
        _, t, snap = other
        self.loader_samples += self.other_iter_samples
        if self.explicit_epochs or self.explicit_step_depth:
            return
        if self.candidate is not None:
            if self.candidate[_T] > t:
                return  # a step already ended after that iter(): leave the epochs be
            self.confirm()
        if self.origin is not None and self.origin[_T] > t:
            return  # time after that iter() is already in a step
        self._close_epoch(t)
        self.epoch_open = True
        self.epoch_begin_t = t
        self.epoch_number = 0
        self.epoch_steps = 0
        self.origin = snap
        self.outside_steps = False

    def add_recurrent(self, key, entry):
        """A recurrent module was first called with a new (class, device type, packed input,
        bidirectional) combination; later calls count up `entry["calls"]` themselves."""
        self.recurrent[key] = entry
        self._write_modules()

    # ------------------------------------------------------- the public API's contexts

    def step_enter(self, t):
        if self.stopping:
            self._stop_script()
        self.explicit_step_depth += 1
        if self.explicit_step_depth > 1:
            return
        self.confirm()
        if self.origin is None:
            self._first_hook(t)
        elif self.outside_steps:
            self._reset_origin(t)

    def step_exit(self, t):
        self.explicit_step_depth -= 1
        if self.explicit_step_depth > 0:
            return
        self._take_candidate(t)
        self.confirm()

    def epoch_start(self, t):
        if self.stopping:
            self._stop_script()
        self.explicit_epochs = True
        self.begin_epoch(t)

    def epoch_stop(self, t):
        self.confirm()
        self._close_epoch(t)
        self._reset_origin(t)

    def _stop_script(self):
        """The step limit is reached: the script ends here. Raised once; from then on the
        hooks pass every call through and nothing more is recorded, so that the script's
        `finally` blocks (a checkpoint saved on the way out) run as after Ctrl+C."""
        self.stopping = False
        self.main_ident = None
        raise StepLimitReached()

    # ----------------------------------------------------------------- steps and epochs

    def _take_candidate(self, t):
        if self.cuda is None and self.cuda_wanted:
            self._start_cuda()
        self.candidate = self._snapshot(t, self.forward_since_boundary, self.loss_box)
        self.forward_since_candidate = None

    def confirm(self):
        """The step that the latest candidate ends is final: it is recorded, and what came
        after the candidate is the next step's."""
        candidate = self.candidate
        if candidate is None:
            return
        self.candidate = None
        origin = self.origin
        self.origin = candidate
        self.forward_since_boundary = self.forward_since_candidate
        self.stepped.clear()
        self.training_fetched = False
        self._record_step(origin, candidate)

    def _reset_origin(self, t):
        self.candidate = None
        self.origin = self._snapshot(t, read_faults=True)
        self.forward_since_boundary = None
        self.forward_since_candidate = None
        self.stepped.clear()
        self.training_fetched = False
        self.outside_steps = False

    def begin_epoch(self, t):
        self.confirm()
        self._close_epoch(t)
        self.epoch_open = True
        self.epoch_begin_t = t
        self.epoch_number = 0
        self.epoch_steps = 0
        self._reset_origin(t)

    def _close_epoch(self, t):
        if self.epoch_open and self.epoch_number:
            self._emit({"type": "epoch_end", "epoch": self.epoch_number,
                        "t_s": self._rel(t), "batches": self.epoch_steps})
        self.epoch_open = False
        self.epoch_number = 0

    def _record_step(self, origin, end):
        if not self.epoch_open:
            # Steps outside any epoch: an epoch of their own from the first one's start.
            self.epoch_open = True
            self.epoch_begin_t = origin[_T]
            self.epoch_number = 0
            self.epoch_steps = 0
        if self.epoch_number == 0:
            self.last_epoch_number += 1
            self.epoch_number = self.last_epoch_number
            self._emit({"type": "epoch_begin", "epoch": self.epoch_number,
                        "t_s": self._rel(self.epoch_begin_t)})
        self.epoch_steps += 1
        self.steps += 1
        if self.steps == self.max_steps:
            self.stopping = True
        if self.unplaced:
            self._place_conversions(origin[_T], end[_T])

        # What the line is made of, formatted by the writer's thread (step_line): the step
        # is recorded amid the training's own work, where every bit of Python costs several
        # times what it costs in a loop of its own.
        box = end[_LOSS_BOX]
        loss = None
        if box is not None and box is not self.last_step_box and box[0] is not None:
            loss = box[0]
            if type(loss) is not float or loss - loss != 0.0:
                loss = self._loss_value(loss)
        self.last_step_box = box
        raw = (origin, end, self.epoch_number, self.epoch_steps, loss, None)
        if self.cuda is None and not self.pending:
            self.writer.write_step(raw)
            return
        start_mark, end_mark = origin[_CUDA_MARK], end[_CUDA_MARK]
        timed_on_gpu = (self.cuda is not None and start_mark is not None
                        and end_mark is not None)
        if timed_on_gpu or self.pending:
            self.pending.append(StepRecord(raw, start_mark if timed_on_gpu else None,
                                           end_mark))
            self.drain(wait=False)
        else:
            self.writer.write_step(raw)
        if self.cuda is not None and self.cuda.overflowed:
            self._stop_cuda()

    def _loss_value(self, value):
        """The loss `.item()` gave, as a float: None unless a finite number."""
        if type(value) is not float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                return None
            value = float(value)
        if value - value != 0.0:
            self.note_once("loss-not-finite",
                           f"the loss was {value} at epoch {self.epoch_number}, batch "
                           f"{self.epoch_steps}; such losses are recorded as null")
            return None
        return value

    # ------------------------------------------------------------ NumPy conversions

    def conversion(self, function, filename, line, nbytes, t0, t1):
        """`function` (e.g. "torch.tensor") made an ndarray of `nbytes` into a tensor in
        [t0, t1], called from `filename`:`line`. The time and bytes are charged by `leaf`;
        this keeps the counts per call site for the `conversions` record."""
        key = (function, filename, line)
        entry = self.conversions.get(key)
        if entry is None:
            entry = self.conversions[key] = [0, 0, 0.0, 0, None]
        entry[0] += 1
        entry[1] += nbytes
        entry[2] += t1 - t0
        unplaced = self.unplaced
        unplaced.append((entry, t0))
        if len(unplaced) > MAX_UNPLACED_CONVERSIONS:
            del unplaced[:MAX_UNPLACED_CONVERSIONS // 2]

    def _place_conversions(self, begin_t, end_t):
        """A step [begin_t, end_t] is recorded: the conversions in it count as in a step;
        those before it (validation, between epochs) never will."""
        unplaced = self.unplaced
        placed = 0
        for entry, t in unplaced:
            if t > end_t:
                break
            placed += 1
            if t >= begin_t:
                entry[3] += 1
        del unplaced[:placed]

    def _write_conversions(self):
        """The `conversions` record: the call sites with the most seconds, cumulative."""
        if not self.conversions:
            return
        ranked = sorted(self.conversions.items(), key=lambda item: -item[1][2])
        sites = []
        for (function, filename, line), entry in ranked[:MAX_CONVERSION_SITES]:
            calls, nbytes, seconds, in_steps, code = entry
            if code is None:
                code = entry[4] = _source_line(filename, line)
            sites.append({"function": function, "file": self._relative(filename),
                          "line": line, "code": code, "calls": calls, "bytes": nbytes,
                          "seconds": round(seconds, 6) if seconds - seconds == 0.0 else 0.0,
                          "in_steps": in_steps})
        self._emit({"type": "conversions", "sites": sites})

    def _relative(self, filename):
        """`filename` relative to the working folder when it is under it."""
        if self.cwd:
            folder = self.cwd.rstrip(os.sep) + os.sep
            if filename.startswith(folder):
                return filename[len(folder):]
        return filename

    # ------------------------------------------------------------------ CUDA timing

    def _start_cuda(self):
        self.cuda = CudaPhaseTimer(self.cuda_event_factory)
        self.note(f"CUDA tensors in use: from step {self.steps + 2} on, wall_ms and phase_ms "
                  "are the GPU's time between CUDA events recorded at the phase boundaries")

    def _stop_cuda(self):
        self.drain(wait=True)
        self.cuda = None
        self.note("CUDA timing stopped: too many events waited for a step boundary; later "
                  "steps are timed on the host's clock")

    # --------------------------------------------------------------------- records

    def _rel(self, t):
        return round(t - self.start, 6)

    def _emit(self, item):
        """Writes a record (a dict) or a FaultRead, or queues it behind steps that wait for
        the GPU."""
        if self.pending:
            self.pending.append(item)
        elif type(item) is FaultRead:
            self.writer.write_faults(item)
        else:
            self.writer.write(item)

    def drain(self, wait):
        """Writes the queued records in order, resolving CUDA-timed steps that are ready
        (all of them when `wait`)."""
        pending = self.pending
        while pending:
            head = pending[0]
            if isinstance(head, StepRecord):
                raw = head.raw
                if head.start is not None and self.cuda is not None:
                    timing = self.cuda.resolve(head.start, head.end, wait)
                    if timing is None:
                        return
                    raw = raw[:-1] + (step_times(timing[0], timing[1]),)
                    self.cuda.release(head.end)
                self.writer.write_step(raw)
            elif type(head) is FaultRead:
                self.writer.write_faults(head)
            else:
                self.writer.write(head)
            pending.popleft()

    def note(self, text):
        self._emit({"type": "note", "text": text})

    def note_once(self, key, text):
        if key not in self.notes_given:
            self.notes_given.add(key)
            self.note(text)

    def _write_modules(self):
        """The `modules` record, and with it the `conversions` record so far."""
        self._emit_modules()
        self._write_conversions()

    def _emit_modules(self):
        entries = [dict(entry) for entry in self.recurrent.values()]
        self.recurrent_written = [entry["calls"] for entry in entries]
        self._emit({"type": "modules", "recurrent": entries})

    def finish(self, t):
        """The script has ended: the last step and epoch end, the call counts are final."""
        self.main_ident = None
        self.confirm()
        if self.origin is not None:
            self._end_fault_window()
        self._close_epoch(t)
        self.unplaced = []   # after the last step: in none
        if self.recurrent and [e["calls"] for e in self.recurrent.values()] != \
                self.recurrent_written:
            self._emit_modules()
        self._write_conversions()
        self.drain(wait=True)
        self.loss_ref = _no_tensor


def _no_tensor():
    return None


def _source_line(filename, line):
    """The source line `line` of `filename`, stripped and cut short; "" when unreadable."""
    try:
        text = linecache.getline(filename, line)
    except Exception:   # a loader's get_source that fails, a file that is not text
        return ""
    return text.strip()[:MAX_CODE_CHARS]
