# Fuzzing with libFuzzer: `include Fuzz/fuzz.mk` from the Makefile.
#
#   make fuzz-build                  builds the five targets into .build-fuzz/
#   make fuzz-tags                   fuzzes one target for FUZZ_SECONDS (default 600)
#   make -j2 fuzz                    fuzzes all five, two at a time
#
# Each target is one Fuzz/<target>/Fuzz.swift, compiled with -sanitize=fuzzer,address against tagflow's modules,
# which are built once as instrumented static libraries with testing enabled, so a target reaches internal API
# through `@testable import`. Seeds are in Fuzz/corpus/<target>/ (read only); what libFuzzer learns goes to
# .build-fuzz/corpus/<target>/; crashes, hangs and leaks go to Fuzz/crashes/ and make the run fail. A thrown error
# is a correct answer, never a finding.

SWIFTC ?= swiftc
PKG_CONFIG ?= pkg-config
FUZZ_SECONDS ?= 600
# Extra libFuzzer flags, e.g. FUZZ_FLAGS=-jobs=2 or FUZZ_FLAGS=-runs=1000
FUZZ_FLAGS ?=
FUZZ_DIR = .build-fuzz
FUZZ_LIB_DIR = $(FUZZ_DIR)/libs
# lld: gold warns about every ASan check symbol. The package name lets modules use each other's `package` API.
FUZZ_SWIFTFLAGS = -sanitize=fuzzer,address -parse-as-library -O -g -wmo -use-ld=lld -package-name tagflow

FUZZ_TARGETS = tags tags-json config args png
# With -g, swiftc writes the executable's module for the debugger; without a path it lands in the working directory.
FUZZ_MODULE_OUT = -emit-executable -emit-module-path $(FUZZ_DIR)/modules/$(1)/Fuzz.swiftmodule
FUZZ_SHARED = Fuzz/Shared/FuzzMeasurer.swift

# The C libraries' module maps (Sources/C*) and headers; the module maps link the libraries.
FUZZ_C_MODULES = CFreeType CFontconfig CHarfBuzz CCairo CGIF CPNG CDeflate CIgzip
FUZZ_C_FLAGS = $(addprefix -I Sources/,$(FUZZ_C_MODULES)) \
	$(addprefix -Xcc ,$(shell $(PKG_CONFIG) --cflags freetype2 fontconfig harfbuzz cairo libpng 2>/dev/null))
FUZZ_C_LIBS = $(shell $(PKG_CONFIG) --libs freetype2 fontconfig harfbuzz cairo libpng 2>/dev/null) -lgif -ldeflate -lisal

# tagflow's modules in dependency order (as in Package.swift), each with the modules it imports.
FUZZ_LIBRARIES = TagFlowLayout TagFlowText TagFlowImage TagFlowRender TagFlowReview TagFlowCLI
FUZZ_DEPS_TagFlowLayout =
FUZZ_DEPS_TagFlowText = TagFlowLayout
FUZZ_DEPS_TagFlowImage =
FUZZ_DEPS_TagFlowRender = TagFlowLayout TagFlowText TagFlowImage
FUZZ_DEPS_TagFlowReview = TagFlowLayout TagFlowText TagFlowImage TagFlowRender
FUZZ_DEPS_TagFlowCLI = TagFlowLayout TagFlowText TagFlowImage TagFlowRender TagFlowReview
# What each target links: the PNG reader needs TagFlowImage only; the others read through TagFlowCLI.
FUZZ_LINK_png = TagFlowImage
FUZZ_LINK_DEFAULT = $(FUZZ_LIBRARIES)
fuzz_link = $(or $(FUZZ_LINK_$(1)),$(FUZZ_LINK_DEFAULT))

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

fuzz_library = $(FUZZ_LIB_DIR)/lib$(1).a
fuzz_sources = $(shell find Sources/$(1) -name '*.swift' | sort)

# One instrumented static library and its module per tagflow module.
define FUZZ_LIBRARY_RULE
$(call fuzz_library,$(1)): $(call fuzz_sources,$(1)) $(foreach dep,$(FUZZ_DEPS_$(1)),$(call fuzz_library,$(dep)))
	@mkdir -p $(FUZZ_LIB_DIR)
	$$(SWIFTC) $$(FUZZ_SWIFTFLAGS) -enable-testing -module-name $(1) -emit-library -static -emit-module \
		-emit-module-path $(FUZZ_LIB_DIR)/$(1).swiftmodule -I $(FUZZ_LIB_DIR) $$(FUZZ_C_FLAGS) -o $$@ $(call fuzz_sources,$(1))
endef
$(foreach library,$(FUZZ_LIBRARIES),$(eval $(call FUZZ_LIBRARY_RULE,$(library))))

define FUZZ_TARGET_RULE
$(FUZZ_DIR)/fuzz-$(1): Fuzz/$(1)/Fuzz.swift $(FUZZ_SHARED) $(foreach library,$(call fuzz_link,$(1)),$(call fuzz_library,$(library)))
	@mkdir -p $(FUZZ_DIR)/modules/$(1)
	$$(SWIFTC) $$(FUZZ_SWIFTFLAGS) -module-name Fuzz -I $(FUZZ_LIB_DIR) $$(FUZZ_C_FLAGS) -o $$@ $(call FUZZ_MODULE_OUT,$(1)) \
		Fuzz/$(1)/Fuzz.swift $(if $(filter png,$(1)),,$(FUZZ_SHARED)) -L $(FUZZ_LIB_DIR) \
		$(addprefix -l,$(call fuzz_link,$(1))) $$(FUZZ_C_LIBS)
endef
$(foreach target,$(FUZZ_TARGETS),$(eval $(call FUZZ_TARGET_RULE,$(target))))

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
