"""The reference tst_recurrentlayers checks EpochScope's recurrent layers against.

Usage: recurrentreference.py DIRECTORY. Every subdirectory of DIRECTORY is one case, written by
the test: case.json (the layers, see below), x.npy (float features) or tokens.npy (token ids
as float), upstream.npy (the gradient of the loss with respect to the model's output: the loss
is sum(output * upstream)), param.<name>.npy for every parameter (LibTorch's names and layouts,
"lstm_1.weight_ih_l0") and, for recurrent dropout, recmask.<layer>.<direction>.npy (the scaled
mask on h, one row per sample). The script writes output.npy, grad.x.npy (features only) and
grad.<name>.npy for every parameter, and result.json.

Two references, both in float64:

- Keras' algorithm written out here: backend.rnn's loop over the steps (a masked step carries
  the state, and the output unless zero_output_for_mask, which Bidirectional sets when it
  returns sequences; go_backwards reads the steps last first and returns the outputs in that
  order), Keras' LSTM and GRU cells in PyTorch's gate layout (LSTM i, f, g, o; GRU r, z, n;
  reset_after false applies the reset gate to h before the candidate's recurrent matrix),
  Keras' activations (hard_sigmoid is Keras 3's clip(x / 6 + 0.5, 0, 1), hard_sigmoid_keras2
  Keras 2's clip(0.2 x + 0.5, 0, 1)) and Bidirectional's merge.
- PyTorch's own torch.nn.LSTM / torch.nn.GRU, wherever they compute the layer (tanh and
  sigmoid, reset_after true, no mask, no recurrent dropout; bidirectional as one module). There
  the script checks the written-out cell against the module and fails if they differ, so the
  cell's formulas and gate order are PyTorch's; result.json counts the layers so checked.

Fails (exit status 1, a message on stderr) on anything it cannot do; without torch it says how
to install it.
"""

import json
import os
import sys

try:
    import numpy as np
    import torch
except ImportError as error:  # the test names the fix
    sys.stderr.write(f"{error}: run scripts/bootstrap-debian.sh\n")
    sys.exit(1)

# The written-out cell and PyTorch's module must agree to float64 rounding.
MODULE_TOLERANCE = 1e-9


def activation(name, x):
    if name == "linear":
        return x
    if name == "relu":
        return torch.relu(x)
    if name == "sigmoid":
        return torch.sigmoid(x)
    if name == "tanh":
        return torch.tanh(x)
    if name == "hard_sigmoid":
        return torch.clamp(x / 6.0 + 0.5, 0.0, 1.0)
    if name == "hard_sigmoid_keras2":
        return torch.clamp(0.2 * x + 0.5, 0.0, 1.0)
    raise ValueError(f"unknown activation {name}")


def keras_rnn(step, inputs, mask, go_backwards, zero_output_for_mask, states):
    """Keras' backend.rnn: returns (last_output, outputs in the order the steps were read)."""
    steps = inputs.shape[1]
    order = range(steps - 1, -1, -1) if go_backwards else range(steps)
    previous = torch.zeros_like(states[0])
    outputs = []
    for t in order:
        output, new_states = step(inputs[:, t], states)
        if mask is not None:
            keep = mask[:, t].unsqueeze(1)
            fallback = torch.zeros_like(output) if zero_output_for_mask else previous
            output = torch.where(keep, output, fallback)
            new_states = [torch.where(keep, new, old) for new, old in zip(new_states, states)]
        outputs.append(output)
        previous = output
        states = new_states
    return outputs[-1], torch.stack(outputs, 1)


def lstm_cell(weights, spec, recurrent_mask):
    w_ih, w_hh, b_ih, b_hh = weights

    def step(x, states):
        h, c = states
        h_in = h * recurrent_mask if recurrent_mask is not None else h
        gates = x @ w_ih.T + h_in @ w_hh.T
        if b_ih is not None:
            gates = gates + b_ih + b_hh
        i, f, g, o = gates.chunk(4, 1)
        i = activation(spec["recurrent_activation"], i)
        f = activation(spec["recurrent_activation"], f)
        g = activation(spec["activation"], g)
        o = activation(spec["recurrent_activation"], o)
        c = f * c + i * g
        h = o * activation(spec["activation"], c)
        return h, [h, c]

    return step


def gru_cell(weights, spec, recurrent_mask):
    w_ih, w_hh, b_ih, b_hh = weights
    units = w_hh.shape[1]

    def step(x, states):
        (h,) = states
        h_in = h * recurrent_mask if recurrent_mask is not None else h
        x_r, x_z, x_n = (x @ w_ih.T + (b_ih if b_ih is not None else 0.0)).chunk(3, 1)
        if spec["reset_after"]:
            h_r, h_z, h_n = (h_in @ w_hh.T + (b_hh if b_hh is not None else 0.0)).chunk(3, 1)
            r = activation(spec["recurrent_activation"], x_r + h_r)
            z = activation(spec["recurrent_activation"], x_z + h_z)
            n = activation(spec["activation"], x_n + r * h_n)
        else:
            recurrent = h_in @ w_hh[: 2 * units].T
            if b_hh is not None:
                recurrent = recurrent + b_hh[: 2 * units]
            h_r, h_z = recurrent.chunk(2, 1)
            r = activation(spec["recurrent_activation"], x_r + h_r)
            z = activation(spec["recurrent_activation"], x_z + h_z)
            candidate = x_n + (r * h_in) @ w_hh[2 * units :].T
            if b_hh is not None:
                candidate = candidate + b_hh[2 * units :]
            n = activation(spec["activation"], candidate)
        h = z * h + (1.0 - z) * n
        return h, [h]

    return step


def merge(mode, forward, backward):
    if mode == "concat":
        return torch.cat([forward, backward], -1)
    if mode == "sum":
        return forward + backward
    if mode == "mul":
        return forward * backward
    if mode == "ave":
        return (forward + backward) / 2.0
    raise ValueError(f"unknown merge mode {mode}")


def direction_weights(params, spec, suffix):
    name = spec["name"]
    weights = [params[f"{name}.weight_ih_l0{suffix}"], params[f"{name}.weight_hh_l0{suffix}"]]
    if spec["use_bias"]:
        weights += [params[f"{name}.bias_ih_l0{suffix}"], params[f"{name}.bias_hh_l0{suffix}"]]
    else:
        weights += [None, None]
    return weights


def keras_layer(spec, params, x, mask, recurrent_masks):
    """The recurrent layer as Keras runs it (Keras 2's Bidirectional: the backward copy flips
    the wrapped layer's go_backwards)."""
    bidirectional = spec["bidirectional"]
    zero_output_for_mask = bidirectional and spec["return_sequences"]
    results = []
    for direction, suffix in enumerate(["", "_reverse"][: 2 if bidirectional else 1]):
        weights = direction_weights(params, spec, suffix)
        make_cell = lstm_cell if spec["cell"] == "lstm" else gru_cell
        step = make_cell(weights, spec, recurrent_masks[direction])
        units = weights[1].shape[1]
        zeros = torch.zeros(x.shape[0], units, dtype=x.dtype)
        states = [zeros, zeros] if spec["cell"] == "lstm" else [zeros]
        backwards = spec["go_backwards"] != (direction == 1)
        last, sequence = keras_rnn(step, x, mask, backwards, zero_output_for_mask, states)
        if not spec["return_sequences"]:
            results.append(last)
        elif direction == 1:
            results.append(sequence.flip(1))
        else:
            results.append(sequence)
    if bidirectional:
        return merge(spec["merge_mode"], results[0], results[1])
    return results[0]


def module_layer(spec, params, x):
    """The same layer through torch.nn.LSTM / torch.nn.GRU, or None where they cannot run it."""
    standard = (
        spec["activation"] == "tanh"
        and spec["recurrent_activation"] == "sigmoid"
        and (spec["cell"] == "lstm" or spec["reset_after"])
    )
    if not standard or (spec["bidirectional"] and spec["go_backwards"]):
        return None
    units = params[f"{spec['name']}.weight_hh_l0"].shape[1]
    kind = torch.nn.LSTM if spec["cell"] == "lstm" else torch.nn.GRU
    module = kind(
        x.shape[2],
        units,
        batch_first=True,
        bias=spec["use_bias"],
        bidirectional=spec["bidirectional"],
    ).double()
    # The module computes with the case's own tensors, so gradients reach them.
    prefix = spec["name"] + "."
    for name in list(module._parameters):
        module._parameters[name] = params[prefix + name]
    module._flat_weights = [params[prefix + name] for name in module._flat_weights_names]
    if spec["bidirectional"]:
        output, _ = module(x)
        forward, backward = output[..., :units], output[..., units:]
        if not spec["return_sequences"]:
            forward, backward = forward[:, -1], backward[:, 0]
        return merge(spec["merge_mode"], forward, backward)
    output, _ = module(x.flip(1) if spec["go_backwards"] else x)
    return output if spec["return_sequences"] else output[:, -1]


def load(path):
    return torch.from_numpy(np.load(path).astype(np.float64))


def run_case(directory):
    with open(os.path.join(directory, "case.json")) as file:
        case = json.load(file)
    params = {}
    for name in case["params"]:
        params[name] = load(os.path.join(directory, f"param.{name}.npy")).requires_grad_(True)
    if case["input"] == "tokens":
        tokens = load(os.path.join(directory, "tokens.npy")).long()
        x = None
        value = tokens
    else:
        x = load(os.path.join(directory, "x.npy")).requires_grad_(True)
        value = x

    mask = None
    checked = 0
    for spec in case["layers"]:
        if spec["type"] == "embedding":
            if spec["mask_zero"]:
                mask = value != 0
            value = params[spec["name"] + ".weight"][value]
            continue
        recurrent_masks = [None, None]
        for direction in range(2 if spec["bidirectional"] else 1):
            path = os.path.join(directory, f"recmask.{spec['name']}.{direction}.npy")
            if os.path.exists(path):
                recurrent_masks[direction] = load(path)
        output = keras_layer(spec, params, value, mask, recurrent_masks)
        if mask is None and all(m is None for m in recurrent_masks):
            reference = module_layer(spec, params, value)
            if reference is not None:
                difference = (reference - output).abs().max().item()
                scale = max(1e-12, reference.abs().max().item())
                if difference > MODULE_TOLERANCE * max(1.0, scale):
                    raise RuntimeError(
                        f"{directory}: the written-out {spec['cell']} differs from "
                        f"torch.nn's by {difference}"
                    )
                output = reference
                checked += 1
        if not spec["return_sequences"]:
            mask = None
        value = output

    upstream = load(os.path.join(directory, "upstream.npy"))
    if tuple(upstream.shape) != tuple(value.shape):
        raise RuntimeError(f"{directory}: output {tuple(value.shape)}, upstream {tuple(upstream.shape)}")
    loss = (value * upstream).sum()
    names = list(case["params"])
    inputs = [params[name] for name in names] + ([x] if x is not None else [])
    gradients = torch.autograd.grad(loss, inputs, allow_unused=True)
    np.save(os.path.join(directory, "output.npy"), value.detach().numpy())
    for name, gradient in zip(names + ["x"], gradients):
        if gradient is None:
            gradient = torch.zeros_like(params[name] if name != "x" else x)
        np.save(os.path.join(directory, f"grad.{name}.npy"), gradient.numpy())
    with open(os.path.join(directory, "result.json"), "w") as file:
        json.dump({"module_checked": checked}, file)


def main():
    root = sys.argv[1]
    cases = sorted(entry for entry in os.listdir(root) if os.path.isdir(os.path.join(root, entry)))
    if not cases:
        raise RuntimeError(f"no cases under {root}")
    for entry in cases:
        run_case(os.path.join(root, entry))
    print(f"{len(cases)} cases", file=sys.stderr)


if __name__ == "__main__":
    torch.set_num_threads(1)
    main()
