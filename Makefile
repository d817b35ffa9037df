# The two commands every user runs: `make demo` and `make test`.
SWIFT ?= swift
SWIFT_DIRS := Sources Tests $(wildcard Examples/Sources Examples/Tests Benchmarks/Sources)

.PHONY: demo test test-core test-examples e2e lint format docs bootstrap bench bench-stt tsan soak

demo: bootstrap
	@if [ -f Examples/Package.swift ] && [ -d Examples/Sources/Showcase ]; then \
	  cd Examples && $(SWIFT) run Showcase $(ARGS); \
	else \
	  $(SWIFT) run CounterDemo; \
	fi

test: bootstrap test-core test-examples

test-core:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

test-examples:
	@if [ -f Examples/Package.swift ]; then \
	  cd Examples && $(SWIFT) build --build-tests && $(SWIFT) test --skip-build; \
	fi

e2e: bootstrap
	@for script in scripts/e2e-*.sh; do [ -f "$$script" ] && bash "$$script" || exit 1; done

bootstrap:
	@bash scripts/bootstrap.sh

lint:
	$(SWIFT) format lint --strict --recursive $(SWIFT_DIRS)

format:
	$(SWIFT) format --in-place --recursive $(SWIFT_DIRS)

docs:
	bash scripts/docs.sh

bench:
	cd Benchmarks && $(SWIFT) run -c release MVIKitBenchmarks

# Word error rate and speed of the Transcribe sample's speech-to-text engines (Whisper, PocketSphinx).
bench-stt:
	SWIFT="$(SWIFT)" bash scripts/bench-stt.sh $(ARGS)

# The core's tests under ThreadSanitizer, in their own build folder.
tsan:
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter MVIKitTests

# Long runs: every model fuzzed with a million random intents.
soak:
	MVIKIT_FUZZ_STEPS=1000000 $(SWIFT) test --filter Fuzz
	cd Examples && MVIKIT_FUZZ_STEPS=1000000 $(SWIFT) test --filter Fuzz
