# tagflow: set-up, demo, tests and the assets the README shows.
#
#   make demo   installs what is missing, builds, and renders the bundled example into out/
#   make test   installs what is missing (test tools too) and runs the whole test suite

SWIFT ?= swift
# Release builds link the Swift runtime and Foundation statically: a process starts in about 5 ms instead of
# 15, which is most of the cost of a small render. Every release build here uses the same flags, so none
# rebuilds another's products.
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib
TAGFLOW = .build/release/tagflow
OUT ?= out

# C libraries and fonts tagflow builds and runs with.
RUNTIME_PACKAGES = pkg-config libcairo2-dev libfreetype-dev libfontconfig1-dev libharfbuzz-dev \
	libgif-dev libpng-dev zlib1g-dev fonts-dejavu-core fonts-wqy-zenhei
# Tools the tests compare against (Chromium's layout, rsvg-convert, ImageMagick's compare), and the colour emoji
# font the emoji tests add by folder.
TEST_PACKAGES = chromium librsvg2-bin imagemagick fonts-noto-color-emoji
# The tests see only the fonts named there, so no result depends on what else a machine has installed.
TEST_FONTCONFIG = $(CURDIR)/Tests/fontconfig/fonts.conf
# The benchmark races Chromium and ImageMagick, and reads peak memory with GNU time.
BENCH_PACKAGES = chromium time imagemagick

.PHONY: all deps test-deps build demo test docs bench clean

all: build

# Installs only what dpkg does not already have; needs root (CI and the dev machines run as root).
deps:
	@./scripts/apt-install $(RUNTIME_PACKAGES)

test-deps: deps
	@./scripts/apt-install $(TEST_PACKAGES)

build: deps
	$(RELEASE_BUILD) --product tagflow

DEMO = Examples/demo.tags --config Examples/demo.json

# The main job on the bundled example: frames, a render, and the seed's bug before and after its fix.
demo: build
	@mkdir -p $(OUT)
	$(TAGFLOW) layout $(DEMO)
	$(TAGFLOW) layout $(DEMO) --format json -o $(OUT)/demo-layout.json
	$(TAGFLOW) render $(DEMO) -o $(OUT)/demo.png
	$(TAGFLOW) render $(DEMO) -o $(OUT)/demo.svg
	$(TAGFLOW) scroll $(DEMO) --compare --view both -o $(OUT)/frames
	$(TAGFLOW) scroll $(DEMO) --compare --view device -o $(OUT)/before-after.gif
	$(TAGFLOW) check $(DEMO) --strategy naive-super --max-failures 3 || true
	$(TAGFLOW) check $(DEMO) --strategy cached --query prefetch
	@echo "wrote $(OUT)/: demo-layout.json demo.png demo.svg frames/ before-after.gif"

# The pictures the README shows, made by tagflow from Examples/.
docs: build
	$(TAGFLOW) render $(DEMO) --scale 1 -o docs/demo.png
	$(TAGFLOW) scroll $(DEMO) --compare --view device --step 40 --fps 4 -o docs/before-after.gif
	$(TAGFLOW) scroll $(DEMO) --compare --frames 12 --sheet-columns 4 --sheet -o docs/before-after-sheet.png

# The end-to-end tests run the release binary, the tagflow people run.
test: test-deps
	$(RELEASE_BUILD) --product tagflow
	FONTCONFIG_FILE=$(TEST_FONTCONFIG) TAGFLOW_REQUIRE_TOOLS=1 TAGFLOW_EXECUTABLE=$(CURDIR)/$(TAGFLOW) $(SWIFT) test

bench: deps
	@./scripts/apt-install $(BENCH_PACKAGES)
	$(RELEASE_BUILD) --product tagflow
	$(RELEASE_BUILD) --product tagflow-bench
	.build/release/tagflow-bench

clean:
	rm -rf .build $(OUT)

# Fuzzing (make fuzz), sanitizers (make asan, make tsan) and the leak check (make leaks). Kept last, so that
# `make` alone still builds.
include Fuzz/fuzz.mk
include Fuzz/sanitize.mk
asan tsan: test-deps
