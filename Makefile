# tagflow: set-up, demo, tests and the assets the README shows.
#
#   make demo   installs what is missing, builds, and renders the bundled example into out/
#   make test   installs what is missing (test tools too) and runs the whole test suite

SWIFT ?= swift
TAGFLOW = .build/release/tagflow
OUT ?= out

# C libraries and fonts tagflow builds and runs with.
RUNTIME_PACKAGES = pkg-config libcairo2-dev libfreetype-dev libfontconfig1-dev libharfbuzz-dev \
	libgif-dev libpng-dev zlib1g-dev fonts-dejavu-core fonts-wqy-zenhei
# Tools the tests compare against: Chromium's layout, rsvg-convert, ImageMagick's compare.
TEST_PACKAGES = chromium librsvg2-bin imagemagick

.PHONY: all deps test-deps build demo test docs bench clean

all: build

# Installs only what dpkg does not already have; needs root (CI and the dev machines run as root).
deps:
	@./scripts/apt-install $(RUNTIME_PACKAGES)

test-deps: deps
	@./scripts/apt-install $(TEST_PACKAGES)

build: deps
	$(SWIFT) build -c release --product tagflow

demo: build
	@mkdir -p $(OUT)
	$(TAGFLOW) layout Examples/demo.tags --config Examples/demo.json
	@echo "layout JSON: $(OUT)/demo-layout.json"
	@$(TAGFLOW) layout Examples/demo.tags --config Examples/demo.json --format json -o $(OUT)/demo-layout.json

test: test-deps
	TAGFLOW_REQUIRE_TOOLS=1 $(SWIFT) test

bench: deps
	$(SWIFT) build -c release --product tagflow-bench
	.build/release/tagflow-bench

clean:
	rm -rf .build $(OUT)
