# Fuzzing with libFuzzer: `include Fuzz/fuzz.mk` from the Makefile.
#
#   make fuzz-build                  builds the five targets into .build-fuzz/
#   make fuzz-tags                   fuzzes one target for FUZZ_SECONDS (default 600)
#   make -j2 fuzz                    fuzzes all five, two at a time
#
# Each target is one Fuzz/<target>/Fuzz.swift compiled with -sanitize=fuzzer,address together with exactly the
# product sources it exercises; TagFlowLayout is built once as an instrumented static library. Seeds are in
# Fuzz/corpus/<target>/ (read only); what libFuzzer learns goes to .build-fuzz/corpus/<target>/; crashes, hangs
# and leaks go to Fuzz/crashes/ and make the run fail. A thrown error is a correct answer, never a finding.

SWIFTC ?= swiftc
FUZZ_SECONDS ?= 600
# Extra libFuzzer flags, e.g. FUZZ_FLAGS=-jobs=2 or FUZZ_FLAGS=-runs=1000
FUZZ_FLAGS ?=
FUZZ_DIR = .build-fuzz
# lld: gold warns about every ASan check symbol.
FUZZ_SWIFTFLAGS = -sanitize=fuzzer,address -parse-as-library -O -g -wmo -use-ld=lld

FUZZ_TARGETS = tags tags-json config args png
# With -g, swiftc writes the executable's module for the debugger; without a path it lands in the working directory.
FUZZ_MODULE_OUT = -emit-executable -emit-module-path $(FUZZ_DIR)/modules/$(1)/Fuzz.swiftmodule

FUZZ_LAYOUT_SOURCES = $(wildcard Sources/TagFlowLayout/*.swift)
FUZZ_LAYOUT_LIB = $(FUZZ_DIR)/layout/libTagFlowLayout.a
FUZZ_CLI = Sources/TagFlowCLI
FUZZ_SHARED = Fuzz/Shared/FuzzMeasurer.swift

# The product sources each target needs, and nothing else.
FUZZ_SOURCES_tags = $(FUZZ_CLI)/Input/TagsFile.swift $(FUZZ_CLI)/Input/JSONValue.swift $(FUZZ_CLI)/Support/Errors.swift
FUZZ_SOURCES_tags-json = $(FUZZ_SOURCES_tags) $(FUZZ_CLI)/Input/TagsJSON.swift $(FUZZ_CLI)/Input/JSONReading.swift \
	$(FUZZ_CLI)/Input/InputFiles.swift
FUZZ_SOURCES_config = $(FUZZ_SOURCES_tags) $(FUZZ_CLI)/Input/TagsJSON.swift $(FUZZ_CLI)/Input/ConfigFile.swift $(FUZZ_CLI)/Input/JSONReading.swift \
	$(FUZZ_CLI)/Input/LayoutSettings.swift $(FUZZ_CLI)/Input/InputFiles.swift
FUZZ_SOURCES_args = $(FUZZ_SOURCES_tags) $(FUZZ_CLI)/Arguments/CommandSpec.swift $(FUZZ_CLI)/Input/LayoutSettings.swift \
	$(FUZZ_CLI)/Input/JSONReading.swift
FUZZ_SOURCES_png = Sources/TagFlowRender/Encoding/PNGDecoder.swift Sources/TagFlowRender/Encoding/PNGEncoder.swift \
	Sources/TagFlowRender/Encoding/PNGPalette.swift Sources/TagFlowRender/IndexedWork.swift \
	Sources/TagFlowRender/Encoding/RGBAImage.swift

# -max_len per target: a few tags files' worth of lines, JSON documents, command lines, small PNGs.
FUZZ_MAX_LEN_tags = 8192
FUZZ_MAX_LEN_tags-json = 8192
FUZZ_MAX_LEN_config = 4096
FUZZ_MAX_LEN_args = 1024
FUZZ_MAX_LEN_png = 32768

FUZZ_DICT_tags = -dict=Fuzz/dict/tags.dict
FUZZ_DICT_tags-json = -dict=Fuzz/dict/json.dict
FUZZ_DICT_config = -dict=Fuzz/dict/config.dict
FUZZ_DICT_args = -dict=Fuzz/dict/args.dict
FUZZ_DICT_png = -dict=Fuzz/dict/png.dict

.PHONY: fuzz fuzz-build $(addprefix fuzz-,$(FUZZ_TARGETS)) fuzz-clean

fuzz-build: $(addprefix $(FUZZ_DIR)/fuzz-,$(FUZZ_TARGETS))

$(FUZZ_LAYOUT_LIB): $(FUZZ_LAYOUT_SOURCES)
	@mkdir -p $(FUZZ_DIR)/layout
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) -module-name TagFlowLayout -emit-library -static -emit-module \
		-emit-module-path $(FUZZ_DIR)/layout/TagFlowLayout.swiftmodule -o $@ $(FUZZ_LAYOUT_SOURCES)

$(FUZZ_DIR)/fuzz-tags $(FUZZ_DIR)/fuzz-tags-json $(FUZZ_DIR)/fuzz-config $(FUZZ_DIR)/fuzz-args: \
$(FUZZ_DIR)/fuzz-%: Fuzz/%/Fuzz.swift $(FUZZ_SHARED) $(FUZZ_LAYOUT_LIB) $(wildcard $(FUZZ_CLI)/*/*.swift)
	@mkdir -p $(FUZZ_DIR)/modules/$*
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) -module-name Fuzz -I $(FUZZ_DIR)/layout -o $@ $(call FUZZ_MODULE_OUT,$*) \
		Fuzz/$*/Fuzz.swift $(FUZZ_SHARED) $(FUZZ_SOURCES_$*) -L $(FUZZ_DIR)/layout -lTagFlowLayout

$(FUZZ_DIR)/fuzz-png: Fuzz/png/Fuzz.swift $(FUZZ_SOURCES_png)
	@mkdir -p $(FUZZ_DIR)
	@mkdir -p $(FUZZ_DIR)/modules/png
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) -module-name Fuzz -I Sources/CPNG -Xcc -I/usr/include/libpng16 -o $@ $(call FUZZ_MODULE_OUT,png) \
		Fuzz/png/Fuzz.swift $(FUZZ_SOURCES_png) -lpng16 -lz

# One run: seeds from Fuzz/corpus/<target>, new units kept in .build-fuzz/corpus/<target>, findings to
# Fuzz/crashes/<target>-*. Timeouts (over 10 s for one input) and leaks count as findings, as crashes do.
$(addprefix fuzz-,$(FUZZ_TARGETS)): fuzz-%: $(FUZZ_DIR)/fuzz-%
	@mkdir -p Fuzz/crashes $(FUZZ_DIR)/corpus/$* $(FUZZ_DIR)/logs
	@echo "fuzz-$*: $(FUZZ_SECONDS) s, log in $(FUZZ_DIR)/logs/$*.log"
	@nice -n 10 $(FUZZ_DIR)/fuzz-$* $(FUZZ_DIR)/corpus/$* Fuzz/corpus/$* $(FUZZ_DICT_$*) \
		-max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN_$*) -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix=Fuzz/crashes/$*- -print_final_stats=1 $(FUZZ_FLAGS) 2> $(FUZZ_DIR)/logs/$*.log; \
	status=$$?; grep -E '^(stat::|Done|INFO: -max_total_time)|ERROR|SUMMARY' $(FUZZ_DIR)/logs/$*.log; \
	echo "fuzz-$*: exit $$status"; exit $$status

fuzz: $(addprefix fuzz-,$(FUZZ_TARGETS))

fuzz-clean:
	rm -rf $(FUZZ_DIR)
