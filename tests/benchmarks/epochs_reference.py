#!/usr/bin/env python3
"""PyTorch from Python, epoch by epoch: the reference of tests/benchmarks/epochs.cpp.

Trains the model of DIR/config.json (an EpochScope run config) on the arrays epochs_bench wrote
into DIR (x_train.npy, y_train.npy and, when the run validates, x_val.npy, y_val.npy) as a
PyTorch user writes it: a DataLoader over a TensorDataset, shuffled every epoch, in batches of
the config's batch_size; per batch forward, loss (with Keras' L2 terms), backward, optimizer
step, zero_grad, loss.item(); then the validation set in eval mode without gradients, batch by
batch, as Keras' fit(validation_split=...) does at each epoch's end. The model, loss and
optimizer are backends_reference.py's, the ones backends_bench times step by step.

    epochs_reference.py --dir DIR [--threads N]

Prints one JSON line per epoch, {"epoch", "epoch_s" (training and validation), "train_s",
"validation_s", "loss" (the mean training loss), "val_loss"}, then one with the versions. A
failure prints {"error": "..."} and exits 1.
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import backends_reference as reference  # noqa: E402 (after the path that finds it)

torch = reference.torch


def load_pair(directory, x_name, y_name, tokens):
    """Two arrays as tensors; token ids were written as float32 and become int64 again."""
    import numpy
    x = torch.from_numpy(numpy.load(os.path.join(directory, x_name)))
    y = torch.from_numpy(numpy.load(os.path.join(directory, y_name)))
    return (x.long() if tokens else x), y


def mean_loss(model, loss_function, loader, with_l2):
    total = 0.0
    batches = 0
    for x, y in loader:
        loss = loss_function(model(x), y)
        if with_l2:
            loss = loss + model.regularization()
        total += loss.item()
        batches += 1
    return total / max(batches, 1)


def train(directory, threads):
    if reference.TORCH_ERROR:
        raise RuntimeError(reference.TORCH_ERROR)
    if threads > 0:
        torch.set_num_threads(threads)
    with open(os.path.join(directory, "config.json")) as f:
        config = json.load(f)
    layers = config["model"]["layers"]
    tokens = layers[0]["type"] == "embedding"
    x, y = load_pair(directory, "x_train.npy", "y_train.npy", tokens)
    validation = None
    if os.path.exists(os.path.join(directory, "x_val.npy")):
        validation = load_pair(directory, "x_val.npy", "y_val.npy", tokens)

    torch.manual_seed(config.get("seed", 42))
    features = 1 if tokens else x.size(2)
    model = reference.Sequential(layers, features)
    training = config["training"]
    optimizer = reference.make_optimizer(training["optimizer"], model.parameters())
    loss_function = reference.loss_function(training["loss"])
    batch = config["data"]["batch_size"]
    data = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, y), batch_size=batch,
                                       shuffle=config["data"].get("shuffle", True))
    validation_data = None
    if validation is not None:
        validation_data = torch.utils.data.DataLoader(
            torch.utils.data.TensorDataset(*validation), batch_size=batch)

    for epoch in range(1, training["epochs"] + 1):
        start = time.perf_counter()
        model.train()
        total = 0.0
        batches = 0
        for inputs, targets in data:
            loss = loss_function(model(inputs), targets)
            if model.l2:
                loss = loss + model.regularization()
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            total += loss.item()
            batches += 1
        trained = time.perf_counter()
        val_loss = None
        if validation_data is not None:
            model.eval()
            with torch.no_grad():
                val_loss = mean_loss(model, loss_function, validation_data, bool(model.l2))
        end = time.perf_counter()
        print(json.dumps({"epoch": epoch, "epoch_s": end - start, "train_s": trained - start,
                          "validation_s": end - trained, "loss": total / max(batches, 1),
                          "val_loss": val_loss}), flush=True)
    print(json.dumps(reference.versions()), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", required=True, help="where epochs_bench wrote the arrays")
    parser.add_argument("--threads", type=int, default=0)
    args = parser.parse_args()
    try:
        train(args.dir, args.threads)
    except Exception as error:  # epochs_bench shows it and prints the engine's side alone
        print(json.dumps({"error": "%s: %s" % (type(error).__name__, error)}), flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
