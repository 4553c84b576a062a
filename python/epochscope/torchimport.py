"""Runs a function when `torch` has finished importing, without importing it ourselves.

A script that never imports torch must not pay for it (about two seconds, and the memory).
A finder first on `sys.meta_path` answers only for the name `torch`: it asks the other
finders for the real spec and replaces that spec's loader's `exec_module` on the loader
instance (a loader serves one module), so that the callback runs right after torch's
`__init__` has run and before the script's next line.
"""

import importlib.abc
import importlib.util
import sys


class _TorchImportWatcher(importlib.abc.MetaPathFinder):
    def __init__(self, callback):
        self._callback = callback
        self._searching = False

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "torch" or self._searching:
            return None
        self._searching = True
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            self._searching = False
        loader = getattr(spec, "loader", None)
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        original_exec = loader.exec_module

        def exec_module(module):
            try:
                original_exec(module)
            finally:
                try:
                    del loader.exec_module
                except AttributeError:
                    pass
            self._imported(module)

        loader.exec_module = exec_module
        return spec

    def _imported(self, module):
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        self._callback(module)


def call_when_imported(callback):
    """Calls `callback(torch)` once torch is imported: now if it already is, else right
    after the script's first import of it."""
    if "torch" in sys.modules:
        callback(sys.modules["torch"])
        return
    sys.meta_path.insert(0, _TorchImportWatcher(callback))
