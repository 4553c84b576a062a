"""Phase times on the GPU, from CUDA events recorded at the phase boundaries.

On a GPU the host's clock says little about where the time goes: kernels are queued and the
host runs ahead until something waits for them (an `.item()`, a copy back). So once the
script's tensors are on a CUDA device, the recorder records one event on the current stream
at every phase boundary, with no synchronisation, and labels the interval that ends at each
event with the phase that was open during it. A step's phases are then the GPU's time
between consecutive events, summed by label; they are read once the step's last event has
completed (`query()`), which is usually a step or two later, or at the end of the run
(`synchronize()`).

This path has never run on a GPU: the machines this was written on have none. The
bookkeeping is tested with stand-in events (tests/probe/test_cuda_timing.py); on a GPU machine,
tests/probe/test_cuda_real.py checks the real events (scripts/gpu-check.sh runs it).
"""

from epochscope.phases import NAMED_COUNT

# At most this many events are kept unresolved. A long stretch without a step boundary (an
# evaluation loop after the last optimizer step) would otherwise grow the list without bound;
# past it the timer stops and the steps that follow are timed on the host's clock.
MAX_OPEN_EVENTS = 200_000


class CudaPhaseTimer:
    """Events at phase boundaries, and the GPU time of each phase between two of them.

    `new_event` makes an unrecorded event (`torch.cuda.Event(enable_timing=True)`); events
    are addressed by their absolute position in the order they were recorded ("marks").
    """

    def __init__(self, new_event, limit=MAX_OPEN_EVENTS):
        self._new_event = new_event
        self._events = []
        self._phases = []
        self._base = 0
        self._limit = limit
        self.overflowed = False

    def boundary(self, phase):
        """Records an event now; the interval ending here was spent in `phase` (or none)."""
        if self.overflowed:
            return None
        event = self._new_event()
        event.record()
        return self._append(event, phase)

    def pre_event(self):
        """An event recorded now and kept aside, for a call that is a phase only if it turns
        out to be one (a `.to()` that changed the device); `boundary_at` files it."""
        if self.overflowed:
            return None
        event = self._new_event()
        event.record()
        return event

    def boundary_at(self, event, phase):
        """Files an event from `pre_event` as a boundary; `phase` as for `boundary`."""
        if self.overflowed:
            return None
        return self._append(event, phase)

    def _append(self, event, phase):
        if len(self._events) >= self._limit:
            self.overflowed = True
            return None
        self._events.append(event)
        self._phases.append(phase)
        return self._base + len(self._events) - 1

    def resolve(self, start, end, wait):
        """(wall_ms, [ms per named phase]) between the marks `start` and `end`, or None while
        an event of the interval has not completed and `wait` is false."""
        first = start - self._base
        last = end - self._base
        events = self._events[first:last + 1]
        if wait:
            events[-1].synchronize()
        elif not all(event.query() for event in events):
            # Checking each event, not only the last, keeps this right when the script
            # switched streams between two boundaries.
            return None
        named = [0.0] * NAMED_COUNT
        for offset in range(1, len(events)):
            phase = self._phases[first + offset]
            if phase >= 0:
                named[phase] += events[offset - 1].elapsed_time(events[offset])
        return events[0].elapsed_time(events[-1]), named

    def release(self, upto):
        """Forgets the events before mark `upto`: no step waiting to be resolved needs them."""
        drop = upto - self._base
        if drop > 0:
            del self._events[:drop]
            del self._phases[:drop]
            self._base = upto

    @property
    def open_events(self):
        return len(self._events)
