# The two commands every user runs: `make demo` and `make test`.
SWIFT ?= swift
SWIFT_DIRS := Sources Tests $(wildcard Examples/Sources Examples/Tests Benchmarks/Sources)

.PHONY: demo test test-core test-examples test-pocketsphinx test-load e2e lint format docs bootstrap bench bench-instructions bench-stt tsan soak

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
	MVIKIT_KILL_TESTS=1 $(SWIFT) test --skip-build --filter KillTests
	# The enum payload tests again on the sound path (reflection), which every machine whose
	# layouts they do not check takes.
	MVIKIT_ENUM_PAYLOAD_READER=off $(SWIFT) test --skip-build --filter "EnumPayloadTests|CaseLink"
	bash scripts/check-deprecations.sh
	bash scripts/check-misuse-warnings.sh
	# The inspector page's steps model, connection and recording file, in Node: no browser needed.
	# Files, not the folder: Node 22 and later take a folder argument for a file to run.
	node --test Tests/InspectorPage/*.test.mjs
	# Again optimised, as apps ship it: a send skips retains that only an optimised build can
	# drop, and the tests that let go of a store during its own send guard that it is safe.
	$(SWIFT) build -c release --build-tests -Xswiftc -enable-testing --scratch-path .build-release
	$(SWIFT) test -c release --skip-build -Xswiftc -enable-testing --scratch-path .build-release

# The sample apps with their default traits: PocketSphinx off, so Homebrew's libraries suffice.
# The check after the build fails if PocketSphinx's module still reached the build.
test-examples:
	@if [ -f Examples/Package.swift ]; then \
	  cd Examples && $(SWIFT) build --build-tests && bash ../scripts/check-no-pocketsphinx.sh && \
	  $(SWIFT) test --skip-build; \
	fi

# The Transcribe sample's optional engine, PocketSphinx 5prealpha, behind the Examples package's
# `PocketSphinx` trait: installs it (Debian's packages), builds with the trait on and runs
# Transcribe's tests (with those that exist only under the trait) and the flag tests. CI runs it
# after `make test`, whose build came before the install.
PS_TESTS := TranscribeTests|ShowcaseCommandTests
test-pocketsphinx:
	bash scripts/bootstrap.sh --pocketsphinx
	cd Examples && $(SWIFT) build --build-tests --traits PocketSphinx && \
	  $(SWIFT) test --skip-build --traits PocketSphinx --filter '$(PS_TESTS)'

e2e: bootstrap
	@for script in scripts/e2e-*.sh; do [ -f "$$script" ] && bash "$$script" || exit 1; done

bootstrap:
	@bash scripts/bootstrap.sh

# Formatting, and every import declared in Package.swift (an undeclared one breaks clean builds).
lint:
	$(SWIFT) format lint --strict --recursive $(SWIFT_DIRS)
	python3 scripts/check-imports.py

format:
	$(SWIFT) format --in-place --recursive $(SWIFT_DIRS)

docs:
	bash scripts/docs.sh

bench:
	cd Benchmarks && $(SWIFT) run -c release MVIKitBenchmarks

# The send cases' instructions per operation, counted by callgrind (needs valgrind); CASES=5,5b
# for some only.
bench-instructions:
	SWIFT="$(SWIFT)" bash scripts/bench-instructions.sh $(CASES)

# Word error rate and speed of the Transcribe sample's speech-to-text engines: Whisper, and with
# ARGS="--engines whisper,pocketsphinx" also PocketSphinx (built with its trait).
bench-stt:
	SWIFT="$(SWIFT)" bash scripts/bench-stt.sh $(ARGS)

# The core's tests under ThreadSanitizer, in their own build folder.
tsan:
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "MVIKitTests|MVIKitPersistenceTests"

# The suites on a busy machine (busy loops on every core and a disk writer): finds the tests
# that wait on wall-clock time instead of an event. RUNS=10 for more rounds.
test-load:
	bash scripts/test-under-load.sh

# Long runs: every model fuzzed with a million random intents.
soak:
	MVIKIT_FUZZ_STEPS=1000000 $(SWIFT) test --filter Fuzz
	cd Examples && MVIKIT_FUZZ_STEPS=1000000 $(SWIFT) test --filter Fuzz
