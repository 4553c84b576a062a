#!/usr/bin/env python3
"""PyTorch from Python: the outside reference of tests/benchmarks/backends.

Trains an EpochScope model config with a plain PyTorch loop (forward, loss, backward,
optimizer step, zero_grad, loss.item()) and times every step, split the way the engine's
trainer splits it. The same model as the engine builds: Embedding, LSTM (batch_first, the last
step's output unless return_sequences), Dropout, Dense with its activation; Keras' L2 on LSTM
kernels added to the loss; the optimizer with the config's hyper-parameters. Random data of
the config's shapes (speed does not depend on the values). No flushing of denormals, as
PyTorch's default.

Two ways to run it:

    backends_reference.py --serve
        JSON lines on stdin, one JSON line answered on stdout per request (what backends_bench
        does, so that it can alternate this process's steps with its own):
          {"op": "hello", "threads": N}          -> versions, threads applied
          {"op": "prepare", "case": ID, "config": RUNCONFIG, "batches": K, "warmup": W}
                                                  -> a fresh model's first step and W more
          {"op": "prepare_kernel", "case": ID, "kernel": KERNEL, "batches": K, "warmup": W}
                                                  -> likewise for one recurrent layer
          {"op": "run", "case": ID, "steps": S}   -> S steps of that model
          {"op": "drop", "case": ID}
        Every answer has "ok"; a failed request answers {"ok": false, "error": "..."}.

    backends_reference.py --config resources/presets/keras-lstm-regression.json [--steps 20]
        One config on its own: prints the first step and the median of the rest.

KERNEL is one of backends_bench's recurrent kernel cases: {"layer": "GRU" | "BiLSTM" |
"BiGRU" | "MaskedLSTM", "units", "steps", "batch", "inputs"}, with "lengths" (each sample's
unpadded steps) for "MaskedLSTM"; its step is the layer's forward on x (B, T, I), the loss
sum(output * upstream), and the gradients of x and of every parameter (torch.autograd.grad),
as the benchmark's C++ variants take it. A masked LSTM runs as PyTorch users run right-padded
batches: pack_padded_sequence, the LSTM, pad_packed_sequence; upstream is 0 at padded steps.

A step sample is {"total_ms", "forward_ms" (forward + loss), "backward_ms", "optimizer_ms"
(step + zero_grad), "minor_faults" (getrusage(RUSAGE_SELF) of this process)}.
"""

import argparse
import json
import resource
import statistics
import sys
import time

try:
    import torch
    import torch.nn.functional as F
    TORCH_ERROR = None
except ImportError as error:  # reported per request, so the caller can show "n/a"
    torch = None
    TORCH_ERROR = "cannot import torch: %s" % error

# Keras' backend epsilon: probabilities are clipped before taking logs (as the engine does).
PROBABILITY_EPSILON = 1e-7


def minor_faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


class Sequential(torch.nn.Module if torch else object):
    """The engine's Sequential model (engine/model/sequentialmodel.cpp) in plain PyTorch."""

    def __init__(self, layers, features):
        super().__init__()
        self.steps = []
        self.l2 = []  # (coefficient, parameter)
        for index, layer in enumerate(layers):
            kind = layer["type"]
            if kind == "embedding":
                module = torch.nn.Embedding(layer["input_dim"], layer["output_dim"])
                features = layer["output_dim"]
            elif kind == "lstm":
                module = torch.nn.LSTM(features, layer["units"], batch_first=True)
                features = layer["units"]
                if layer.get("kernel_l2", 0.0) > 0.0:
                    self.l2.append((layer["kernel_l2"], module.weight_ih_l0))
                if layer.get("recurrent_l2", 0.0) > 0.0:
                    self.l2.append((layer["recurrent_l2"], module.weight_hh_l0))
            elif kind == "dropout":
                module = torch.nn.Dropout(layer["rate"])
            elif kind == "dense":
                module = torch.nn.Linear(features, layer["units"])
                features = layer["units"]
            else:
                raise ValueError("layer type %r is not modelled here" % kind)
            self.add_module("%s_%d" % (kind, index + 1), module)
            self.steps.append((kind, module, layer))

    def forward(self, x):
        for kind, module, layer in self.steps:
            if kind == "lstm":
                rate = layer.get("dropout", 0.0)
                if self.training and rate > 0.0:
                    # Keras drops the same input features at every time step of a sample.
                    mask = torch.empty(x.size(0), 1, x.size(2)).bernoulli_(1.0 - rate)
                    x = x * mask / (1.0 - rate)
                x, _ = module(x)
                if not layer.get("return_sequences", False):
                    x = x[:, -1]
            elif kind == "dense":
                x = activation(layer.get("activation", "linear"), module(x))
            else:
                x = module(x)
        return x

    def regularization(self):
        return sum(coefficient * weight.pow(2).sum() for coefficient, weight in self.l2)


def activation(name, x):
    if name == "linear":
        return x
    if name == "relu":
        return torch.relu(x)
    if name == "sigmoid":
        return torch.sigmoid(x)
    if name == "tanh":
        return torch.tanh(x)
    if name == "softmax":
        return torch.softmax(x, -1)
    raise ValueError("activation %r is not modelled here" % name)


def loss_function(name):
    if name == "mse":
        return F.mse_loss
    if name == "mae":
        return F.l1_loss
    if name == "binary_crossentropy":
        return lambda p, y: F.binary_cross_entropy(
            p.clamp(PROBABILITY_EPSILON, 1.0 - PROBABILITY_EPSILON), y)
    if name == "categorical_crossentropy":
        return lambda p, y: -(y * p.clamp(PROBABILITY_EPSILON, 1.0).log()).sum(-1).mean()
    raise ValueError("loss %r is not modelled here" % name)


def make_optimizer(spec, parameters):
    kind = spec["type"]
    rate = spec["learning_rate"]
    if kind == "adam":
        return torch.optim.Adam(parameters, lr=rate, betas=(spec.get("beta_1", 0.9),
                                spec.get("beta_2", 0.999)), eps=spec.get("epsilon", 1e-7))
    if kind == "sgd":
        return torch.optim.SGD(parameters, lr=rate, momentum=spec.get("momentum", 0.0),
                               nesterov=spec.get("nesterov", False))
    if kind == "rmsprop":
        return torch.optim.RMSprop(parameters, lr=rate, alpha=spec.get("rho", 0.9),
                                   eps=spec.get("epsilon", 1e-7),
                                   momentum=spec.get("momentum", 0.0))
    raise ValueError("optimizer %r is not modelled here" % kind)


def random_batches(config, count):
    """`count` batches of the config's synthetic source shapes: (x, y) pairs."""
    source = config["data"]["source"]
    batch = config["data"]["batch_size"]
    steps = source["timesteps"]
    batches = []
    for _ in range(count):
        if source["type"] == "synthetic_tokens":
            x = torch.randint(0, source["vocab_size"], (batch, steps), dtype=torch.int64)
            y = torch.randint(0, 2, (batch, 1)).float()
        elif source["type"] == "synthetic_regression":
            x = torch.randn(batch, steps, source["features"])
            y = torch.randn(batch, 1)
        else:
            raise ValueError("data source %r is not modelled here" % source["type"])
        batches.append((x, y))
    return batches


class Trainer:
    """One model, its optimizer and its batches; step() is the timed training step."""

    def __init__(self, config, batches):
        torch.manual_seed(config.get("seed", 42))
        source = config["data"]["source"]
        features = source.get("features", 1)
        self.model = Sequential(config["model"]["layers"], features)
        self.model.train()
        training = config["training"]
        self.optimizer = make_optimizer(training["optimizer"], self.model.parameters())
        self.loss = loss_function(training["loss"])
        self.batches = random_batches(config, batches)
        self.next = 0

    def step(self):
        x, y = self.batches[self.next % len(self.batches)]
        self.next += 1
        faults = minor_faults()
        t0 = time.perf_counter()
        prediction = self.model(x)
        loss = self.loss(prediction, y)
        if self.model.l2:
            loss = loss + self.model.regularization()
        t1 = time.perf_counter()
        loss.backward()
        t2 = time.perf_counter()
        self.optimizer.step()
        self.optimizer.zero_grad()
        t3 = time.perf_counter()
        loss.item()
        t4 = time.perf_counter()
        return {"total_ms": (t4 - t0) * 1e3, "forward_ms": (t1 - t0) * 1e3,
                "backward_ms": (t2 - t1) * 1e3, "optimizer_ms": (t3 - t2) * 1e3,
                "minor_faults": minor_faults() - faults}


class KernelTrainer:
    """One recurrent layer of a kernel case; step() is the timed forward and gradients."""

    def __init__(self, kernel, batches):
        torch.manual_seed(20240807)
        layer = kernel["layer"]
        module = {"GRU": torch.nn.GRU, "BiGRU": torch.nn.GRU, "BiLSTM": torch.nn.LSTM,
                  "MaskedLSTM": torch.nn.LSTM}.get(layer)
        if module is None:
            raise ValueError("kernel layer %r is not modelled here" % layer)
        bidirectional = layer.startswith("Bi")
        self.module = module(kernel["inputs"], kernel["units"], batch_first=True,
                             bidirectional=bidirectional)
        self.module.train()
        self.steps = kernel["steps"]
        shape = (kernel["batch"], self.steps, kernel["inputs"])
        self.batches = [torch.randn(shape).requires_grad_() for _ in range(batches)]
        features = kernel["units"] * (2 if bidirectional else 1)
        self.upstream = torch.randn(kernel["batch"], self.steps, features)
        self.lengths = None
        if layer == "MaskedLSTM":
            self.lengths = torch.tensor(kernel["lengths"], dtype=torch.int64)
            if self.lengths.shape != (kernel["batch"],):
                raise ValueError("a masked kernel needs one length per sample")
            mask = torch.arange(self.steps).unsqueeze(0) < self.lengths.unsqueeze(1)
            self.upstream = self.upstream * mask.unsqueeze(2)
        self.parameters = list(self.module.parameters())
        self.next = 0

    def forward(self, x):
        if self.lengths is None:
            return self.module(x)[0]
        rnn = torch.nn.utils.rnn
        packed = rnn.pack_padded_sequence(x, self.lengths, batch_first=True,
                                          enforce_sorted=False)
        output, _ = rnn.pad_packed_sequence(self.module(packed)[0], batch_first=True,
                                            total_length=self.steps)
        return output

    def step(self):
        x = self.batches[self.next % len(self.batches)]
        self.next += 1
        faults = minor_faults()
        t0 = time.perf_counter()
        loss = (self.forward(x) * self.upstream).sum()
        t1 = time.perf_counter()
        gradients = torch.autograd.grad(loss, [x] + self.parameters)
        t2 = time.perf_counter()
        if gradients[-1] is None:
            raise RuntimeError("a parameter got no gradient")
        return {"total_ms": (t2 - t0) * 1e3, "forward_ms": (t1 - t0) * 1e3,
                "backward_ms": (t2 - t1) * 1e3, "optimizer_ms": 0.0,
                "minor_faults": minor_faults() - faults}


def first_and_warmup(trainers, request, trainer):
    trainers[request["case"]] = trainer
    first = trainer.step()
    warmup = [trainer.step() for _ in range(request.get("warmup", 0))]
    return {"first": first, "warmup": warmup}


def versions():
    return {"torch": torch.__version__, "python": sys.version.split()[0],
            "threads": torch.get_num_threads(),
            "flush_denormal": False}


def handle(request, trainers):
    op = request.get("op")
    if TORCH_ERROR:
        raise RuntimeError(TORCH_ERROR)
    if op == "hello":
        if request.get("threads", 0) > 0:
            torch.set_num_threads(request["threads"])
        return versions()
    if op == "prepare":
        trainers.pop(request["case"], None)  # a fresh model: free the old one first
        return first_and_warmup(trainers, request,
                                Trainer(request["config"], request.get("batches", 4)))
    if op == "prepare_kernel":
        trainers.pop(request["case"], None)
        return first_and_warmup(trainers, request,
                                KernelTrainer(request["kernel"], request.get("batches", 4)))
    if op == "run":
        trainer = trainers[request["case"]]
        return {"steps": [trainer.step() for _ in range(request["steps"])]}
    if op == "drop":
        trainers.pop(request["case"], None)
        return {}
    raise ValueError("unknown op %r" % op)


def serve():
    trainers = {}
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            answer = handle(json.loads(line), trainers)
            answer["ok"] = True
        except Exception as error:  # the caller shows it and carries on with "n/a"
            answer = {"ok": False, "error": "%s: %s" % (type(error).__name__, error)}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


def run_one(path, steps, threads):
    if TORCH_ERROR:
        sys.exit(TORCH_ERROR)
    if threads > 0:
        torch.set_num_threads(threads)
    with open(path) as f:
        config = json.load(f)
    trainer = Trainer(config, 4)
    first = trainer.step()
    rest = [trainer.step()["total_ms"] for _ in range(steps)]
    print(json.dumps(dict(versions(), first_step_ms=first["total_ms"],
                          steady_step_ms=statistics.median(rest), steps=steps)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", action="store_true", help="JSON lines on stdin and stdout")
    parser.add_argument("--config", help="an EpochScope run config (JSON) to time on its own")
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--threads", type=int, default=0)
    args = parser.parse_args()
    if args.serve:
        serve()
    elif args.config:
        run_one(args.config, args.steps, args.threads)
    else:
        parser.error("give --serve or --config FILE")


if __name__ == "__main__":
    main()
