"""Runs what `epochscope-cli export --format pytorch` wrote, the way its README.txt says.

Usage: pytorchexportcheck.py DIRECTORY X.npy Y.npy

Runs README.txt's first block of indented lines (they load model.py and weights.pt and predict)
in DIRECTORY, with x read from X.npy (int64 token ids or float32 features, as the test wrote
it), and writes the y they compute to Y.npy as float32; then its second block, if any (a model
trained on text predicting for one text), which must give one row of outputs. torch.load is made to read with
weights_only=True, PyTorch 2.6's default, so that a file only older versions accept fails here;
load_state_dict is strict, so a parameter missing from weights.pt, one too many or one of
another shape fails too. Exit status 1 with a message on stderr on any failure.
"""

import os
import sys

try:
    import numpy as np
    import torch
except ImportError as error:  # the test names the fix
    sys.stderr.write(f"{error}: run scripts/bootstrap-debian.sh\n")
    sys.exit(1)

# README.txt's code: blocks of lines indented by four spaces, each line a statement. The first
# loads the model and predicts y for x; a model trained on text has a second, which predicts
# for a text through model.py's tokenize_batch().
CODE_INDENT = "    "
README_CODE_LINES = 3


def readme_blocks(directory):
    blocks = [[]]
    with open(os.path.join(directory, "README.txt"), encoding="utf-8") as readme:
        for line in readme:
            if line.startswith(CODE_INDENT):
                blocks[-1].append(line.rstrip("\n")[len(CODE_INDENT):])
            elif blocks[-1] and line.strip():
                blocks.append([])  # a line of prose ends a block
    blocks = [block for block in blocks if block]
    if not blocks or len(blocks[0]) != README_CODE_LINES:
        first = len(blocks[0]) if blocks else 0
        sys.exit(f"README.txt's first block has {first} lines of code, not {README_CODE_LINES}")
    return ["\n".join(block) for block in blocks]


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    directory, x_path, y_path = (os.path.abspath(path) for path in sys.argv[1:4])
    x = torch.from_numpy(np.load(x_path))
    blocks = readme_blocks(directory)

    plain_load = torch.load

    def weights_only_load(*args, **kwargs):
        kwargs["weights_only"] = True
        return plain_load(*args, **kwargs)

    torch.load = weights_only_load
    os.chdir(directory)
    sys.path.insert(0, directory)
    names = {"x": x}
    exec(compile(blocks[0], "README.txt", "exec"), names)
    y = names["y"]
    if not isinstance(y, torch.Tensor):
        sys.exit(f"README.txt's y is a {type(y).__name__}, not a tensor")
    np.save(y_path, y.detach().to(torch.float32).numpy())
    # The text block, where there is one: one text in, one row of outputs out.
    for block in blocks[1:]:
        exec(compile(block, "README.txt", "exec"), names)
        if not isinstance(names["y"], torch.Tensor) or names["y"].shape[0] != 1:
            sys.exit(f"README.txt's second block gave {names['y']!r}, not one row of outputs")


if __name__ == "__main__":
    main()
