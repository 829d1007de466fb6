# The test suite under AddressSanitizer and ThreadSanitizer, and a leak check of a render and a scroll:
# `include Fuzz/sanitize.mk` from the Makefile. Run them one at a time; each builds the whole package.
#
#   make asan    swift test under ASan (with LeakSanitizer in every tagflow the end-to-end tests start)
#   make tsan    swift test under TSan
#   make leaks   valgrind's leak check of a render and a scroll (release build), and of renders in a variable font
#                at set axis values; again with Cairo's and fontconfig's caches flushed at exit
#                (Fuzz/flush-caches.c), failing if any of their or FreeType's or HarfBuzz's memory is still held;
#                then the same runs under LSan
#
# TAGFLOW_EXECUTABLE is cleared, so the end-to-end tests run the sanitized tagflow built beside them rather than a
# release build.

SWIFT ?= swift
SANITIZE_TEST_FLAGS ?=
# include_if_exists with %b (the binary's name) reads Fuzz/asan-tagflowPackageTests.xctest.options in the test runner
# only: there the slow unwinder gives leak stacks that reach the frames Fuzz/lsan.supp names; the tagflow processes
# the tests start keep the fast one (the slow one makes a 10 MB tags file take 146 s instead of 8 s).
ASAN_ENV = FONTCONFIG_FILE=$(TEST_FONTCONFIG) TAGFLOW_EXECUTABLE= \
	ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:include_if_exists=$(CURDIR)/Fuzz/asan-%b.options \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan.supp:print_suppressions=0
TSAN_ENV = FONTCONFIG_FILE=$(TEST_FONTCONFIG) TAGFLOW_EXECUTABLE= \
	TSAN_OPTIONS=halt_on_error=0:second_deadlock_stack=1:suppressions=$(CURDIR)/Fuzz/tsan.supp

LEAKS_DIR = .build-fuzz-tests/leaks
LEAKS_RELEASE = .build-fuzz-tests/release/tagflow
LEAKS_ASAN = .build-asan/debug/tagflow
LEAKS_DEMO = Examples/demo.tags --config Examples/demo.json
# cairo 1.16 loses memory drawing a variable font (Fuzz/valgrind.supp); these runs check that it is only that.
LEAKS_VARIABLE = Examples/demo.tags --font-file Tests/TagFlowTextTests/Fonts/TagFlowTest-Opsz.ttf \
	--font "TagFlow Test Opsz" --font-variations wght=600
# Definite and indirect losses fail the run; "still reachable" (fontconfig's and Cairo's process-wide caches, the
# Swift runtime's metadata) and "possible" are listed in the log, not failed.
VALGRIND = valgrind --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=definite,indirect \
	--error-exitcode=99 --num-callers=40 --suppressions=Fuzz/valgrind.supp

.PHONY: asan tsan leaks

asan:
	$(ASAN_ENV) $(SWIFT) test -c debug --sanitize=address --scratch-path .build-asan $(SANITIZE_TEST_FLAGS)

tsan:
	$(TSAN_ENV) $(SWIFT) test -c debug --sanitize=thread --scratch-path .build-tsan $(SANITIZE_TEST_FLAGS)

# The C libraries and fonts tagflow builds and runs with (the Makefile's), valgrind, and cc for Fuzz/flush-caches.c.
LEAKS_PACKAGES = $(RUNTIME_PACKAGES) gcc valgrind

leaks:
	@./scripts/apt-install $(LEAKS_PACKAGES)
	$(SWIFT) build -c release --product tagflow --scratch-path .build-fuzz-tests
	@mkdir -p $(LEAKS_DIR)
	$(VALGRIND) --log-file=$(LEAKS_DIR)/render.valgrind $(LEAKS_RELEASE) render $(LEAKS_DEMO) -o $(LEAKS_DIR)/demo.png; \
		status=$$?; grep -A8 'LEAK SUMMARY' $(LEAKS_DIR)/render.valgrind; grep 'ERROR SUMMARY' $(LEAKS_DIR)/render.valgrind; exit $$status
	$(VALGRIND) --log-file=$(LEAKS_DIR)/scroll.valgrind $(LEAKS_RELEASE) scroll $(LEAKS_DEMO) --compare --frames 6 -o $(LEAKS_DIR)/scroll.gif; \
		status=$$?; grep -A8 'LEAK SUMMARY' $(LEAKS_DIR)/scroll.valgrind; grep 'ERROR SUMMARY' $(LEAKS_DIR)/scroll.valgrind; exit $$status
	$(VALGRIND) --log-file=$(LEAKS_DIR)/variable.valgrind \
		$(LEAKS_RELEASE) render $(LEAKS_VARIABLE) -o $(LEAKS_DIR)/variable.pdf; status=$$?; \
		grep -A8 'LEAK SUMMARY' $(LEAKS_DIR)/variable.valgrind; grep 'ERROR SUMMARY' $(LEAKS_DIR)/variable.valgrind; \
		exit $$status
	cc -shared -fPIC -O1 $$(pkg-config --cflags cairo fontconfig) Fuzz/flush-caches.c -o $(LEAKS_DIR)/libflush-caches.so \
		$$(pkg-config --libs cairo fontconfig)
	LD_PRELOAD=$(CURDIR)/$(LEAKS_DIR)/libflush-caches.so $(VALGRIND) --log-file=$(LEAKS_DIR)/render-flushed.valgrind \
		$(LEAKS_RELEASE) render $(LEAKS_DEMO) -o $(LEAKS_DIR)/demo-flushed.png
	awk -f Fuzz/reachable-handles.awk $(LEAKS_DIR)/render-flushed.valgrind
	LD_PRELOAD=$(CURDIR)/$(LEAKS_DIR)/libflush-caches.so $(VALGRIND) --log-file=$(LEAKS_DIR)/scroll-flushed.valgrind \
		$(LEAKS_RELEASE) scroll $(LEAKS_DEMO) --compare --frames 6 -o $(LEAKS_DIR)/scroll-flushed.gif
	awk -f Fuzz/reachable-handles.awk $(LEAKS_DIR)/scroll-flushed.valgrind
	LD_PRELOAD=$(CURDIR)/$(LEAKS_DIR)/libflush-caches.so $(VALGRIND) --log-file=$(LEAKS_DIR)/variable-flushed.valgrind \
		$(LEAKS_RELEASE) render $(LEAKS_VARIABLE) -o $(LEAKS_DIR)/variable-flushed.png
	awk -f Fuzz/reachable-handles.awk $(LEAKS_DIR)/variable-flushed.valgrind
	$(SWIFT) build -c debug --sanitize=address --product tagflow --scratch-path .build-asan
	$(ASAN_ENV) $(LEAKS_ASAN) render $(LEAKS_DEMO) -o $(LEAKS_DIR)/demo-asan.png
	$(ASAN_ENV) $(LEAKS_ASAN) scroll $(LEAKS_DEMO) --compare --frames 6 -o $(LEAKS_DIR)/scroll-asan.gif
	$(ASAN_ENV) $(LEAKS_ASAN) scroll $(LEAKS_DEMO) --compare --frames 6 --sheet -o $(LEAKS_DIR)/sheet-asan.png
	$(ASAN_ENV) $(LEAKS_ASAN) render $(LEAKS_VARIABLE) -o $(LEAKS_DIR)/variable-asan.pdf
	@echo "leaks: nothing lost, every font and drawing handle released (valgrind logs in $(LEAKS_DIR)/)"
