"""The monkeypatches: which PyTorch functions report to the recorder, and as which phase.

Each hook is a named group of patches that can be left out (EPOCHSCOPE_PROBE_HOOKS, see
`parse_selection`). A wrapper's hot path is a thread check, an attribute or two and one
`perf_counter()` per edge; a call nested in the same phase (a submodule inside a forward)
goes straight to the original. Every wrapper calls the original it replaced, so PyTorch's
own wrappers (module hooks, the optimizers' profiler wrapper, LR schedulers' step counters)
keep working. docs/profile.md lists what each hook patches and why.
"""

import functools
import sys
import threading
import time
import types

from epochscope.phases import (BACKWARD, CALLBACKS, DATA_WAIT, FORWARD, HOST_TO_DEVICE,
                               OPTIMIZER)

HOOKS_ENV = "EPOCHSCOPE_PROBE_HOOKS"
HOOK_NAMES = ("dataloader", "transfer", "numpy", "module", "backward", "optimizer", "save",
              "item")

_perf_counter = time.perf_counter
_get_ident = threading.get_ident
_getframe = sys._getframe


def parse_selection(text):
    """The hooks to install, given EPOCHSCOPE_PROBE_HOOKS: a comma list of `-NAME` entries,
    each leaving one hook out. Raises ValueError naming a bad entry."""
    selected = list(HOOK_NAMES)
    for raw in text.split(","):
        entry = raw.strip()
        if not entry:
            continue
        name = entry[1:].strip() if entry.startswith("-") else None
        if name not in HOOK_NAMES:
            what = "not of the form -NAME" if name is None else "names no hook"
            raise ValueError(f"{HOOKS_ENV}: the entry {entry!r} {what}; the hooks are "
                             f"{', '.join(HOOK_NAMES)}")
        if name in selected:
            selected.remove(name)
    return selected


def install(torch, recorder, names):
    """Installs the hooks `names` for `recorder`; returns (installed names, notes)."""
    installers = {"dataloader": _install_dataloader, "transfer": _install_transfer,
                  "numpy": _install_numpy, "module": _install_module,
                  "backward": _install_backward, "optimizer": _install_optimizer,
                  "save": _install_save, "item": _install_item}
    installed, notes = [], []
    for name in names:
        try:
            installers[name](torch, recorder)
            installed.append(name)
        except Exception as error:  # a PyTorch release without what the hook patches
            notes.append(f"hook {name} could not be installed ({type(error).__name__}: "
                         f"{error}); its phase stays 0")
    return installed, notes


def _wraps(original):
    # functools.wraps copies __dict__ too, which keeps marks that PyTorch sets on what it
    # wrapped (the optimizer's `hooked`) visible on our wrapper.
    return functools.wraps(original)


def _first_dimension(value, tensor_type, depth=0):
    """The first dimension of the first tensor in a batch (nested lists, tuples, dicts)."""
    if isinstance(value, tensor_type):
        return int(value.shape[0]) if value.dim() > 0 else 1
    if depth < 4:
        if isinstance(value, dict):
            value = value.values()
        elif not isinstance(value, (list, tuple)):
            return None
        for item in value:
            found = _first_dimension(item, tensor_type, depth + 1)
            if found is not None:
                return found
    return None


def _install_dataloader(torch, rec):
    """data_wait: `DataLoader.__iter__` and every `__next__` of its iterators."""
    from torch.utils.data import dataloader
    loader_class = dataloader.DataLoader
    iterator_class = dataloader._BaseDataLoaderIter
    original_iter = loader_class.__iter__
    original_next = iterator_class.__next__
    tensor_type = torch.Tensor

    @_wraps(original_iter)
    def __iter__(self):
        # A loader iterated inside a fetch (a dataset reading another loader) is part of
        # that fetch, not a new epoch.
        if rec.top == DATA_WAIT or _get_ident() != rec.main_ident:
            return original_iter(self)
        t = _perf_counter()
        rec.loader_iter(self, t)
        rec.push(DATA_WAIT, t)
        try:
            iterator = original_iter(self)
        finally:
            rec.pop(_perf_counter())
        try:
            # Which loader an iterator's batches come from (it keeps no reference itself).
            iterator._epochscope_loader = self
        except AttributeError:
            pass
        return iterator

    @_wraps(original_next)
    def __next__(self):
        if rec.top == DATA_WAIT or _get_ident() != rec.main_ident:
            return original_next(self)
        t = _perf_counter()
        loader = getattr(self, "_epochscope_loader", None)
        training = rec.fetch_begin(loader, t)
        rec.push(DATA_WAIT, t)
        try:
            batch = original_next(self)
        finally:
            rec.pop(_perf_counter())
        rec.fetch_end(loader, _first_dimension(batch, tensor_type) or 0, training)
        return batch

    loader_class.__iter__ = __iter__
    iterator_class.__next__ = __next__


def _install_transfer(torch, rec):
    """host_to_device: `Tensor.to` and `Tensor.cuda` when the result is on another device."""
    tensor_class = torch.Tensor

    def make(original):
        @_wraps(original)
        def wrapper(self, *args, **kwargs):
            if _get_ident() != rec.main_ident:
                return original(self, *args, **kwargs)
            cuda = rec.cuda
            pre = cuda.pre_event() if cuda is not None else None
            t0 = _perf_counter()
            out = original(self, *args, **kwargs)
            # A `.to(dtype)` on the same device, or a no-op, is no transfer: its time stays
            # with the caller's phase.
            if out is not self and out.device != self.device:
                t1 = _perf_counter()
                if out.is_cuda:
                    rec.want_cuda()
                rec.leaf(HOST_TO_DEVICE, t0, t1, out.element_size() * out.nelement(), pre)
            return out
        return wrapper

    tensor_class.to = make(tensor_class.to)
    tensor_class.cuda = make(tensor_class.cuda)


def _install_numpy(torch, rec):
    """host_to_device: NumPy arrays made into tensors (`torch.from_numpy`, `torch.tensor`,
    `torch.as_tensor`). Converting a NumPy batch every step is the classic cause of a loop
    bound by copies, so it is counted like a transfer, with the array's bytes; and per call
    site (the caller's file and line), for the `conversions` record that says where."""
    numpy = sys.modules.get("numpy")
    if numpy is None:
        import numpy
    ndarray = numpy.ndarray

    def make(function, original):
        @_wraps(original)
        def wrapper(*args, **kwargs):
            data = args[0] if args else kwargs.get("data")
            if not isinstance(data, ndarray) or _get_ident() != rec.main_ident:
                return original(*args, **kwargs)
            t0 = _perf_counter()
            out = original(*args, **kwargs)
            t1 = _perf_counter()
            if out.is_cuda:
                rec.want_cuda()
            nbytes = data.nbytes
            rec.leaf(HOST_TO_DEVICE, t0, t1, nbytes)
            caller = _getframe(1)
            rec.conversion(function, caller.f_code.co_filename,
                           caller.f_lineno or caller.f_code.co_firstlineno, nbytes, t0, t1)
            return out
        return wrapper

    for name in ("from_numpy", "tensor", "as_tensor"):
        setattr(torch, name, make("torch." + name, getattr(torch, name)))


def _install_module(torch, rec):
    """forward: the outermost `nn.Module.__call__`; and the recurrent modules' record.

    PyTorch 1.13 assigns `Module.__call__ = _call_impl`, 2.x `__call__ = _wrapped_call_impl`
    (which calls `_call_impl`, or a compiled one): patching `__call__` catches both, and
    the original runs the forward hooks as before.
    """
    module_class = torch.nn.Module
    original_call = module_class.__call__
    tensor_type = torch.Tensor

    @_wraps(original_call)
    def __call__(self, *args, **kwargs):
        if rec.top == FORWARD or _get_ident() != rec.main_ident:
            return original_call(self, *args, **kwargs)
        rec.push(FORWARD, _perf_counter())
        if rec.forward_since_candidate is None:
            samples, on_cuda = 0, False
            for arg in args:
                if isinstance(arg, tensor_type):
                    samples = int(arg.shape[0]) if arg.dim() > 0 else 1
                    on_cuda = arg.is_cuda
                    break
            rec.forward_first(samples, on_cuda)
        try:
            return original_call(self, *args, **kwargs)
        finally:
            rec.pop(_perf_counter())

    module_class.__call__ = __call__
    _install_recurrent(torch, rec, __call__)


def _install_recurrent(torch, rec, module_call):
    """A `modules` record for each new kind of recurrent call: `nn.RNNBase` (LSTM, GRU, RNN
    and their subclasses) gets a `__call__` of its own, so that other modules pay nothing."""
    packed_type = torch.nn.utils.rnn.PackedSequence
    base_names = {torch.nn.LSTM: "LSTM", torch.nn.GRU: "GRU", torch.nn.RNN: "RNN"}

    def kind_of(cls):
        for base, name in base_names.items():
            if issubclass(cls, base):
                return name
        return cls.__name__

    @functools.wraps(module_call)
    def __call__(self, *args, **kwargs):
        if _get_ident() == rec.main_ident:
            first = args[0] if args else kwargs.get("input")
            packed = isinstance(first, packed_type)
            data = first.data if packed else first
            device = data.device.type if hasattr(data, "device") else "unknown"
            cls = type(self)
            bidirectional = bool(getattr(self, "bidirectional", False))
            key = (cls, device, packed, bidirectional)
            entry = rec.recurrent.get(key)
            if entry is None:
                rec.add_recurrent(key, {
                    "class": cls.__name__, "kind": kind_of(cls), "device": device,
                    "packed_input": packed, "bidirectional": bidirectional, "calls": 1})
            else:
                entry["calls"] += 1
        return module_call(self, *args, **kwargs)

    torch.nn.RNNBase.__call__ = __call__


def _install_backward(torch, rec):
    """backward: `Tensor.backward` and `torch.autograd.backward`; the tensor backward is
    called on is remembered as the step's loss."""
    tensor_class = torch.Tensor
    original_tensor_backward = tensor_class.backward
    original_backward = torch.autograd.backward

    @_wraps(original_tensor_backward)
    def backward(self, *args, **kwargs):
        if rec.top == BACKWARD or _get_ident() != rec.main_ident:
            return original_tensor_backward(self, *args, **kwargs)
        rec.backward_called(self)
        rec.push(BACKWARD, _perf_counter())
        try:
            return original_tensor_backward(self, *args, **kwargs)
        finally:
            rec.pop(_perf_counter())

    @_wraps(original_backward)
    def autograd_backward(tensors, *args, **kwargs):
        # Tensor.backward calls this one: nested, it passes straight through.
        if rec.top == BACKWARD or _get_ident() != rec.main_ident:
            return original_backward(tensors, *args, **kwargs)
        if isinstance(tensors, tensor_class):
            rec.backward_called(tensors)
        rec.push(BACKWARD, _perf_counter())
        try:
            return original_backward(tensors, *args, **kwargs)
        finally:
            rec.pop(_perf_counter())

    tensor_class.backward = backward
    torch.autograd.backward = autograd_backward


def _install_optimizer(torch, rec):
    """optimizer: `step` and `zero_grad` of every optimizer class, user subclasses too.

    A class's own `step` is wrapped the first time one of its instances is constructed, after
    `Optimizer.__init__` has put PyTorch's profiler wrapper around it (1.13's
    `_hook_for_profile`, 2.x's `_patch_step_function`, both marking it `hooked`): ours goes
    outside that one and keeps the mark, so PyTorch never wraps it again, and a function
    already under one of ours is never wrapped a second time.
    """
    optimizer_class = torch.optim.Optimizer
    ours = set()
    done = set()

    def is_ours(function):
        seen = 0
        while function is not None and seen < 16:
            if function in ours:
                return True
            function = getattr(function, "__wrapped__", None)
            seen += 1
        return False

    def make_step(original):
        @_wraps(original)
        def step(self, *args, **kwargs):
            if rec.top == OPTIMIZER or _get_ident() != rec.main_ident:
                return original(self, *args, **kwargs)
            rec.optimizer_begin(self, _perf_counter())
            try:
                out = original(self, *args, **kwargs)
            except BaseException:
                rec.pop(_perf_counter())
                raise
            rec.optimizer_end(_perf_counter())
            return out
        ours.add(step)
        return step

    def make_phase(original):
        @_wraps(original)
        def in_optimizer_phase(*args, **kwargs):
            if rec.top == OPTIMIZER or _get_ident() != rec.main_ident:
                return original(*args, **kwargs)
            rec.push(OPTIMIZER, _perf_counter())
            try:
                return original(*args, **kwargs)
            finally:
                rec.pop(_perf_counter())
        ours.add(in_optimizer_phase)
        return in_optimizer_phase

    def wrap_class(cls):
        for klass in cls.__mro__:
            if not (isinstance(klass, type) and issubclass(klass, optimizer_class)):
                continue
            for name, make in (("step", make_step), ("zero_grad", make_phase)):
                function = klass.__dict__.get(name)
                if isinstance(function, types.FunctionType) and not is_ours(function):
                    setattr(klass, name, make(function))
        done.add(cls)

    original_init = optimizer_class.__init__

    @_wraps(original_init)
    def __init__(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        if type(self) not in done:
            wrap_class(type(self))

    optimizer_class.__init__ = __init__
    wrap_class(optimizer_class)
    # model.zero_grad() does the optimizer's zero_grad's work, in the same place of a loop.
    torch.nn.Module.zero_grad = make_phase(torch.nn.Module.zero_grad)


def _install_save(torch, rec):
    """callbacks: `torch.save` (checkpoints written from the loop)."""
    original_save = torch.save

    @_wraps(original_save)
    def save(*args, **kwargs):
        if rec.top == CALLBACKS or _get_ident() != rec.main_ident:
            return original_save(*args, **kwargs)
        rec.push(CALLBACKS, _perf_counter())
        try:
            return original_save(*args, **kwargs)
        finally:
            rec.pop(_perf_counter())

    torch.save = save
    if getattr(torch.serialization, "save", None) is original_save:
        torch.serialization.save = save


def _install_item(torch, rec):
    """The step's loss: `.item()` or `float()` on the tensor backward was called on. The
    probe never reads a tensor itself (that would wait for a GPU)."""
    tensor_class = torch.Tensor

    def make(original):
        @_wraps(original)
        def wrapper(self):
            value = original(self)
            if self is rec.loss_ref():
                rec.loss_read(value)
            return value
        return wrapper

    tensor_class.item = make(tensor_class.item)
    tensor_class.__float__ = make(tensor_class.__float__)
