# Makefile for icnx: build, test, bench, install.
#
#   make            build ./icnx (assumes the Debian packages are present)
#   make run        install missing packages, build, start the explorer
#   make test       install missing packages, build, run the fast test suite
#   make ci         warnings as errors, sanitizer builds, the heavier checks
#   make bench      timings and ratios as a table
#   make fuzz       libFuzzer targets (fuzz/), SECONDS=N each (default 60)
#   make validate   model vs simulation, BookSim cross-check: docs/VALIDATION.md
#                   (tens of minutes; VALIDATE_ARGS=--quick for a smoke run)
#   make install    PREFIX=/usr/local DESTDIR= (binary, man pages, presets,
#                   bash and zsh completion)
#   make deb        the Debian package, in build/deb/ (debian/)
#
# User CPPFLAGS/CFLAGS/LDFLAGS/LDLIBS are respected; the project's own flags
# and the pkg-config output live in separate variables.  SAN=address,undefined
# or SAN=thread builds into its own directory.

PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
DATADIR   ?= $(PREFIX)/share
MANPREFIX ?= $(DATADIR)/man
# zsh searches vendor-completions under /usr (Debian), site-functions elsewhere
ZSHDIR    ?= $(DATADIR)/zsh/$(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
PKG_CONFIG ?= pkg-config
INSTALL   ?= install
CC        ?= cc
CFLAGS    ?= -O2 -g

# The release number is line 1 of VERSION (README "Releases").  The commit
# this tree is: asked of git in a checkout (with "-dirty" when tracked files
# have uncommitted changes), else line 2 of VERSION, which `git archive`
# fills in (.gitattributes: export-subst) and `make deb` writes into its
# copy; "unknown" otherwise.  Only src/base/version.o sees them.
VERSION    := $(shell sed -n 1p VERSION)
GIT_COMMIT := $(if $(wildcard .git),$(shell git rev-parse --short=12 HEAD 2>/dev/null))
GIT_DIRTY   = $(if $(shell git --no-optional-locks status --porcelain --untracked-files=no \
                           2>/dev/null),-dirty)
FILE_COMMIT = $(shell sed -n '2s/^\([0-9a-f]\{12\}\)[0-9a-f]*\(-dirty\)\{0,1\}$$/\1\2/p' VERSION)
COMMIT     := $(if $(GIT_COMMIT),$(GIT_COMMIT)$(GIT_DIRTY),$(or $(FILE_COMMIT),unknown))
comma   := ,
BUILD   ?= build$(if $(SAN),-$(subst $(comma),-,$(SAN)))

PKGS      := ncursesw yaml-0.1
PKG_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
CMOCKA_CFLAGS = $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   = $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
        -Wno-unused-parameter -Wno-missing-field-initializers
# gcc warns about snprintf truncation that the code does on purpose.
ifeq ($(findstring clang,$(shell $(CC) --version 2>/dev/null)),)
WARN += -Wno-format-truncation
endif
ifeq ($(WERROR),1)
WARN += -Werror
endif
ifneq ($(SAN),)
SANFLAGS := -fsanitize=$(SAN) -fno-omit-frame-pointer -fno-sanitize-recover=all -g -O1
endif

ICNX_CPPFLAGS := -Isrc \
                 -DICNX_DATADIR=\"$(DATADIR)/icnx\" -D_POSIX_C_SOURCE=200809L
# -ffp-contract=off: no fused multiply-add contraction, so seeded simulated
# numbers are the same whatever the compiler or -march (clang contracts
# a*b+c into FMAs by default; gcc does not in ISO C mode).
ICNX_CFLAGS   := -std=c11 -ffp-contract=off $(WARN) -MMD -MP $(SANFLAGS)
ALL_CFLAGS     = $(ICNX_CPPFLAGS) $(PKG_CFLAGS) $(CPPFLAGS) $(ICNX_CFLAGS) $(CFLAGS)
ALL_LDFLAGS    = $(SANFLAGS) $(LDFLAGS)
ALL_LIBS       = $(PKG_LIBS) -lpthread -lm $(LDLIBS)

LIB_SRC  := $(sort $(wildcard src/base/*.c src/config/*.c src/model/*.c src/topo/*.c src/sim/*.c \
                              src/render/*.c src/family/*.c src/engine/*.c src/batch/*.c \
                              src/cli/*.c src/ui/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ := $(BUILD)/src/main.o
TEST_SRC := $(sort $(wildcard tests/unit/test_*.c))
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
BENCH_SRC := $(sort $(wildcard bench/*.c))
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)
MANPAGES := man/icnx.1 man/icnx.yaml.5 man/icnx-models.7 man/icnx-labs.7

.PHONY: all build run test unit e2e lint-man check-purity check-layers ci bench install \
        uninstall clean deps-build deps-test deps-ci man deb fuzz fuzz-build fuzz-ci soak deps-validate validate

all: icnx

# The binary for this build flavour; ./icnx always points at the plain build.
icnx: $(BUILD)/icnx
	@if [ "$(BUILD)" = build ]; then ln -sf build/icnx icnx; fi

$(BUILD)/icnx: $(MAIN_OBJ) $(BUILD)/libicnx.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(ALL_LIBS)

$(BUILD)/libicnx.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The installed presets directory is compiled in: rebuild what uses it when
# DATADIR (or PREFIX) changes, e.g. `make install PREFIX=/usr` after `make`.
$(BUILD)/datadir.stamp: FORCE
	@mkdir -p $(@D)
	@echo '$(DATADIR)' | cmp -s - $@ 2>/dev/null || echo '$(DATADIR)' > $@
$(BUILD)/src/config/presets.o: $(BUILD)/datadir.stamp
# Likewise the release and commit (above): a new commit recompiles
# version.c alone and relinks.
$(BUILD)/version.stamp: FORCE
	@mkdir -p $(@D)
	@echo '$(VERSION)+$(COMMIT)' | cmp -s - $@ 2>/dev/null || echo '$(VERSION)+$(COMMIT)' > $@
$(BUILD)/src/base/version.o: $(BUILD)/version.stamp
$(BUILD)/src/base/version.o: ICNX_CPPFLAGS += -DICNX_RELEASE=\"$(VERSION)\" \
                                             -DICNX_COMMIT=\"$(COMMIT)\"
FORCE:

$(BUILD)/tests/%.o: tests/unit/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -Itests/unit -c -o $@ $<

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(BUILD)/libicnx.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(CMOCKA_LIBS) $(ALL_LIBS)

$(BUILD)/bench/%: bench/%.c $(BUILD)/libicnx.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(ALL_LIBS)

# --- the README's two commands ---------------------------------------------
deps-build:
	@sh scripts/deps.sh build
deps-test:
	@sh scripts/deps.sh test
deps-ci:
	@sh scripts/deps.sh ci
deps-validate:
	@sh scripts/deps.sh validate

run: deps-build
	@$(MAKE) --no-print-directory icnx
	./icnx $(ARGS)

test: deps-test
	@$(MAKE) --no-print-directory icnx
	@$(MAKE) -s --no-print-directory unit-build
	@sh tests/run.sh $(BUILD)

unit-build: $(BUILD)/icnx $(TEST_BIN)

# --- heavier checks ----------------------------------------------------------
check-layers:
	@sh tests/check-layers.sh

check-purity:
	@sh tests/check-purity.sh

lint-man:
	@sh tests/lint-man.sh $(MANPAGES)

# Regenerate the man pages that are built from templates (man/*.in) and the
# program's own tables; the results are committed.
man: icnx
	@for t in man/*.in; do p=$$(basename $$t .in); \
	    sh tests/gen-man.sh ./icnx man/$$p $$p && echo "generated man/$$p"; done

ci: deps-ci
	@sh tests/ci.sh

# Long validation (not part of test or ci): builds a patched BookSim 2 in
# build/validate, writes docs/VALIDATION.md and docs/validation/*.csv.
validate: deps-validate
	@$(MAKE) --no-print-directory icnx
	@python3 tests/validate/validate.py $(VALIDATE_ARGS)

bench: deps-build
	@$(MAKE) --no-print-directory icnx $(BENCH_BIN)
	@sh bench/run.sh $(BUILD)

# --- fuzzing and soak (docs/TESTING.md) ---------------------------------------
# The libFuzzer targets fuzz/fuzz_*.c link against a clang build of the
# library with ASan+UBSan (build-fuzz/).  `make fuzz SECONDS=N` runs each for
# N seconds from its seed corpus (fuzz/corpus/NAME, fuzz/regress/NAME) and
# keeps what it finds in build-fuzz/; `make fuzz-ci` is the fixed,
# deterministic run of `make ci` (tests/fuzz.sh).
FUZZ_CC    ?= clang
FUZZ_NAMES := $(patsubst fuzz/%.c,%,$(wildcard fuzz/fuzz_*.c))
SECONDS    ?= 60
# Another flavour for long local campaigns, e.g. UBSan only (about 3x the
# executions per second): make fuzz-build FUZZ_BUILD=build-fuzz-ub FUZZ_SAN=undefined
FUZZ_BUILD ?= build-fuzz
FUZZ_SAN   ?= address,undefined

fuzz-build:
	@sh scripts/deps.sh fuzz
	@$(MAKE) -s --no-print-directory CC=$(FUZZ_CC) BUILD=$(FUZZ_BUILD) \
	    SAN=fuzzer-no-link,$(FUZZ_SAN) $(FUZZ_NAMES:%=$(FUZZ_BUILD)/fuzz/%)

FUZZ_SHARED := $(BUILD)/fuzz/common.o $(BUILD)/fuzz/irr_check.o
$(FUZZ_SHARED): $(BUILD)/fuzz/%.o: fuzz/%.c fuzz/fuzz.h fuzz/irr_check.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Ifuzz -c -o $@ $<

$(BUILD)/fuzz/%: fuzz/%.c $(FUZZ_SHARED) $(BUILD)/libicnx.a fuzz/fuzz.h
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -Ifuzz -o $@ $< $(FUZZ_SHARED) \
	    $(BUILD)/libicnx.a $(ALL_LIBS)

fuzz: fuzz-build
	@sh tests/fuzz.sh run $(SECONDS)

fuzz-ci: fuzz-build
	@sh tests/fuzz.sh ci

-include $(BUILD)/fuzz/*.d

soak: icnx
	@SOAK_RSS=1 sh tests/soak/soak.sh build/icnx $(or $(KEYS),3000) $(or $(SEED),14)

# --- Debian package (debian/; README "Install on many machines") ---------------
# dpkg-buildpackage writes its output beside the tree it builds: it builds a
# copy in build/deb/icnx-VERSION (this tree's files without build output,
# the commit written into the copy's VERSION as `git archive` would), so the
# packages land in build/deb/ and neither this tree nor its parent gets any.
DEB_DIR  := build/deb
DEB_COPY := $(DEB_DIR)/icnx-$(VERSION)
deb:
	@sh scripts/deps.sh deb
	@rm -rf $(DEB_DIR) && mkdir -p $(DEB_COPY)
	@tar -cf - --exclude=./.git --exclude=./build --exclude='./build-*' --exclude=./icnx \
	    --exclude=./debian/icnx --exclude=./debian/icnx-dbgsym --exclude=./debian/.debhelper \
	    --exclude=./debian/files --exclude='./debian/*.substvars' --exclude='./debian/*.log' \
	    --exclude=./debian/debhelper-build-stamp . | tar -xf - -C $(DEB_COPY)
	@printf '%s\n%s\n' '$(VERSION)' '$(COMMIT)' > $(DEB_COPY)/VERSION
	cd $(DEB_COPY) && dpkg-buildpackage -us -uc -b -Jauto
	@rm -rf $(DEB_COPY)
	@ls -l $(DEB_DIR)/*.deb

# --- install -------------------------------------------------------------------
install: icnx
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANPREFIX)/man1 \
	    $(DESTDIR)$(MANPREFIX)/man5 $(DESTDIR)$(MANPREFIX)/man7 \
	    $(DESTDIR)$(DATADIR)/icnx/presets $(DESTDIR)$(DATADIR)/bash-completion/completions \
	    $(DESTDIR)$(ZSHDIR)
	$(INSTALL) -m 0755 $(BUILD)/icnx $(DESTDIR)$(BINDIR)/icnx
	$(INSTALL) -m 0644 man/icnx.1 $(DESTDIR)$(MANPREFIX)/man1/icnx.1
	$(INSTALL) -m 0644 man/icnx.yaml.5 $(DESTDIR)$(MANPREFIX)/man5/icnx.yaml.5
	$(INSTALL) -m 0644 man/icnx-models.7 $(DESTDIR)$(MANPREFIX)/man7/icnx-models.7
	$(INSTALL) -m 0644 man/icnx-labs.7 $(DESTDIR)$(MANPREFIX)/man7/icnx-labs.7
	$(INSTALL) -m 0644 presets/*.yaml $(DESTDIR)$(DATADIR)/icnx/presets/
	$(INSTALL) -m 0644 completion/icnx.bash \
	    $(DESTDIR)$(DATADIR)/bash-completion/completions/icnx
	$(INSTALL) -m 0644 completion/_icnx $(DESTDIR)$(ZSHDIR)/_icnx

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/icnx $(DESTDIR)$(MANPREFIX)/man1/icnx.1 \
	    $(DESTDIR)$(MANPREFIX)/man5/icnx.yaml.5 $(DESTDIR)$(MANPREFIX)/man7/icnx-models.7 \
	    $(DESTDIR)$(MANPREFIX)/man7/icnx-labs.7 \
	    $(DESTDIR)$(DATADIR)/bash-completion/completions/icnx $(DESTDIR)$(ZSHDIR)/_icnx
	rm -f $(patsubst presets/%,$(DESTDIR)$(DATADIR)/icnx/presets/%,$(wildcard presets/*.yaml))
	-rmdir $(DESTDIR)$(DATADIR)/icnx/presets $(DESTDIR)$(DATADIR)/icnx 2>/dev/null

clean:
	rm -rf build build-* icnx

.PRECIOUS: $(BUILD)/tests/%.o

-include $(LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(TEST_BIN:=.d) $(BENCH_BIN:=.d)
