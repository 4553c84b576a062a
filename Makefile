# Shortcuts over CMake presets. `make run` and `make test` are the README's Quick start.
PRESET ?= dev
BUILD_DIR := build/$(PRESET)
CLI := $(BUILD_DIR)/app/epochscope-cli
APP := $(BUILD_DIR)/app/epochscope

.PHONY: bootstrap configure build app run demo test bench format headless clean

bootstrap:
	bash scripts/bootstrap-debian.sh

configure: bootstrap
	cmake --preset $(PRESET)

build: configure
	cmake --build --preset $(PRESET)

# Only the programs (the app, the CLI and what they link), not every test and benchmark: the
# first window comes that much sooner on a fresh machine.
app: configure
	cmake --build --preset $(PRESET) --target epochscope epochscope-cli epochscope-cli-engine

# The desktop app with the quick demo loaded: press Start (F5), or use `make demo`.
run: app
	$(APP) --preset quick-demo

demo: app
	$(APP) --demo

test: build
	ctest --preset $(PRESET)

# The benchmark programs (tests/benchmarks, docs/benchmarks.md), which a plain build leaves out.
bench: configure
	cmake --build --preset $(PRESET) --target benchmarks

# The engine and CLI without Qt, as on a GPU server.
headless:
	cmake --preset headless && cmake --build --preset headless

format:
	git ls-files '*.cpp' '*.h' | xargs clang-format -i

clean:
	rm -rf build
