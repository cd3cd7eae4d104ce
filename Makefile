# SPDX-License-Identifier: MIT
# Isodroid build. The folders are layers, each seeing only itself and
# those below it (docs/architecture.md):
#   src/nav       the navigation library: grids, searches, fields, regions,
#                 Moving AI files (libisonav.a)
#   src/rules     the game's rules: the simulation, sentries, levels, the
#                 editor's edits, history, prediction, solver (libisorules.a)
#   src/game      the game without a platform: input as commands, screens,
#                 progress, settings, recordings, scripts (libisogame.a)
#   src/platform  SDL2: the window, drawing, sound, the loader thread, the
#                 gamepad, main (bin/isodroid)
#   src/isopath   the headless path tool (bin/isopath)
# Only src/platform sees SDL (check-layers). Objects go to build/<variant>/:
#   release  -O2, what bin/ holds
#   san      -O1 with AddressSanitizer + UndefinedBehaviorSanitizer, for tests
#   bench    -O3, no sanitizers, for make bench
# Missing system packages are installed by tools/deps.sh (see README.md).

VERSION := 0.9.0

# CFLAGS, CPPFLAGS and LDFLAGS from the environment are honoured (the
# release build and the links); warnings are errors in the tests' build
# (make test, CI) and wherever WERROR=1 is given. DEPS=no never runs the
# package manager (tools/deps.sh).
CC      ?= cc
STD     := -std=c11 -D_POSIX_C_SOURCE=200809L -DISODROID_VERSION='"$(VERSION)"'
WERROR  ?=
WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes $(if $(filter 1,$(WERROR)),-Werror)
CFLAGS  ?= -O2 -g
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -Werror
BENCHFLAGS := -O3 -march=native -DNDEBUG
DEPS    ?= yes

# where make install puts things (its section below has the rest). Each of
# these is both where install copies and what the game is built to look in
# (src/platform/datadir.c, assets.c): its data in $(GAME_DATADIR), also
# found as $(GAME_DATADIR) relative to $(BINDIR) beside a moved install; the
# fonts in the data's assets/, else, with USE_SYSTEM_FONTS=1, in
# $(SYSTEM_FONTDIR) (and install copies none). README.md has Debian's line.
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
GAME_DATADIR ?= $(DATADIR)/isodroid
LIBDIR  ?= $(PREFIX)/lib
# the translations' catalogues (LANG/LC_MESSAGES/isodroid.mo, from po/*.po);
# from the source tree the programs read build/locale (src/game/i18n.c)
LOCALEDIR ?= $(DATADIR)/locale
USE_SYSTEM_FONTS ?= 0
SYSTEM_FONTDIR   ?= /usr/share/fonts/truetype/dejavu
FONTDIR = $(if $(filter 1,$(USE_SYSTEM_FONTS)),$(SYSTEM_FONTDIR))
# the data folder seen from the programs' folder ("../share/isodroid")
DATA_FROM_BIN := $(or $(shell realpath -ms --relative-to='$(BINDIR)' '$(GAME_DATADIR)' 2>/dev/null),../share/isodroid)
LOCALE_FROM_BIN := $(or $(shell realpath -ms --relative-to='$(BINDIR)' '$(LOCALEDIR)' 2>/dev/null),../share/locale)

MOVINGAI_DIR ?= ../shared/data/movingai
LEVEL   ?=
BENCH_REPEAT ?= 1

NAV_SRC      := $(wildcard src/nav/*.c)
RULES_SRC    := $(wildcard src/rules/*.c)
GAME_SRC     := $(wildcard src/game/*.c)
PLATFORM_SRC := $(wildcard src/platform/*.c)
TOOL_SRC     := $(wildcard src/isopath/*.c)
SDL_CFLAGS = $$(pkg-config --cflags sdl2 SDL2_image SDL2_ttf)
SDL_LIBS   = $$(pkg-config --libs sdl2 SDL2_image SDL2_ttf)
TEST_SRC  := $(wildcard tests/*/test_*.c)
TEST_SH   := $(wildcard tests/test_*.sh)

# what each layer's files may include
INC_nav      := -Isrc/nav
INC_rules    := $(INC_nav) -Isrc/rules
INC_game     := $(INC_rules) -Isrc/game
INC_isopath  := $(INC_game)
INC_platform := $(INC_game) -Isrc/platform
FLAGS_release = $(CFLAGS)
FLAGS_san     = $(SANFLAGS)
FLAGS_bench   = $(BENCHFLAGS)
# build/<variant>/<layer>/x.o: the layer, from an object's path
layer = $(word 3,$(subst /, ,$@))

objs = $(patsubst src/%.c,build/$(1)/%.o,$(2))
# the libraries of variant $(1), the ones using others first (static linking)
libs = build/$(1)/libisogame.a build/$(1)/libisorules.a build/$(1)/libisonav.a

.PHONY: all deps deps-game deps-test test test-nav run art bench check-layers clean pot po
all: bin/isopath bin/isodroid locale

# ---- system packages ----------------------------------------------------
deps:
	@$(if $(filter no,$(DEPS)),:,tools/deps.sh build)
deps-game:
	@$(if $(filter no,$(DEPS)),:,tools/deps.sh game)
deps-test:
	@$(if $(filter no,$(DEPS)),:,tools/deps.sh test)

# ---- objects and the libraries -------------------------------------------
# the platform's files also see SDL; no other layer's do (check-layers)
define variant_objects
build/$(1)/%.o: src/%.c | deps
	@mkdir -p $$(dir $$@)
	$$(CC) $$(STD) $$(WARN) $$(CPPFLAGS) $$(FLAGS_$(1)) -MMD -MP $$(INC_$$(layer)) -c $$< -o $$@
build/$(1)/platform/%.o: src/platform/%.c | deps-game
	@mkdir -p $$(dir $$@)
	$$(CC) $$(STD) $$(WARN) $$(CPPFLAGS) $$(FLAGS_$(1)) -MMD -MP $$(INC_platform) $$(SDL_CFLAGS) \
	    -DISODROID_DATADIR='"$$(GAME_DATADIR)"' -DISODROID_DATA_FROM_BIN='"$$(DATA_FROM_BIN)"' \
	    -DISODROID_FONTDIR='"$$(FONTDIR)"' -c $$< -o $$@
build/$(1)/platform/datadir.o build/$(1)/platform/assets.o build/$(1)/game/i18n.o: build/datadir.txt
build/$(1)/game/i18n.o: src/game/i18n.c | deps
	@mkdir -p $$(dir $$@)
	$$(CC) $$(STD) $$(WARN) $$(CPPFLAGS) $$(FLAGS_$(1)) -MMD -MP $$(INC_game) \
	    -DISODROID_LOCALEDIR='"$$(LOCALEDIR)"' -DISODROID_LOCALE_FROM_BIN='"$$(LOCALE_FROM_BIN)"' -c $$< -o $$@
build/$(1)/isopath/png.o: src/isopath/png.c | deps
	@mkdir -p $$(dir $$@)
	$$(CC) $$(STD) $$(WARN) $$(CPPFLAGS) $$(FLAGS_$(1)) -MMD -MP $$(INC_isopath) $$(PNG_CFLAGS) -c $$< -o $$@
endef
$(foreach v,release san bench,$(eval $(call variant_objects,$(v))))
# the data folder the platform's objects were last built with (its first
# line; then BINDIR, and the fonts' folder), rewritten only when one
# changes, or the catalogues' folder: then datadir.o, assets.o and i18n.o
# are rebuilt
DATADIR_TXT = $(GAME_DATADIR)\n$(BINDIR)\n$(FONTDIR)\n$(LOCALEDIR)
build/datadir.txt: FORCE
	@mkdir -p build
	@[ "$$(cat $@ 2>/dev/null)" = "$$(printf '$(DATADIR_TXT)')" ] || printf '$(DATADIR_TXT)\n' >$@
.PHONY: FORCE
FORCE:

define layer_libs
build/$(1)/libisonav.a: $(call objs,$(1),$(NAV_SRC))
build/$(1)/libisorules.a: $(call objs,$(1),$(RULES_SRC))
build/$(1)/libisogame.a: $(call objs,$(1),$(GAME_SRC))
build/$(1)/libisoplatform.a: $(call objs,$(1),$(filter-out src/platform/main.c,$(PLATFORM_SRC)))
endef
$(foreach v,release san bench,$(eval $(call layer_libs,$(v))))
build/%.a:
	@rm -f $@
	ar rcs $@ $^

# ---- the headless path tool ----------------------------------------------
# isopath links no SDL: render's PNG files are libpng's (src/isopath/png.c).
tool_objs = $(call objs,$(1),$(TOOL_SRC))
PNG_LIBS = $$(pkg-config --libs libpng)
PNG_CFLAGS = $$(pkg-config --cflags libpng)
bin/isopath: $(call tool_objs,release) $(call libs,release)
	@mkdir -p bin
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(PNG_LIBS) -lm
build/san/bin/isopath: $(call tool_objs,san) $(call libs,san)
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -o $@ $^ $(PNG_LIBS) -lm
build/bench/bin/isopath: $(call tool_objs,bench) $(call libs,bench)
	@mkdir -p $(dir $@)
	$(CC) $(BENCHFLAGS) -o $@ $^ $(PNG_LIBS) -lm

# ---- translations: po/LANG.po, built into build/locale ----------------------
# make pot gathers the strings marked _(), N_() and ngettext() in src/ into
# po/isodroid.pot (file names, no line numbers: a line moved changes
# nothing); make po merges it into every po/LANG.po. A translation is kept
# complete: tests/test_i18n.sh checks each and that the .pot is current.
LINGUAS  := $(basename $(notdir $(wildcard po/*.po)))
MO_FILES := $(patsubst %,build/locale/%/LC_MESSAGES/isodroid.mo,$(LINGUAS))
POT_SRC   = $(sort $(wildcard src/game/*.[ch] src/platform/*.[ch] src/isopath/*.[ch] src/rules/*.[ch]))
XGETTEXT_FLAGS := --from-code=UTF-8 --language=C --keyword=_ --keyword=N_ --keyword=ngettext:1,2 \
	--add-comments=TRANSLATORS: --add-location=file --package-name=isodroid --package-version=$(VERSION)
.PHONY: locale
locale: $(MO_FILES)
build/locale/%/LC_MESSAGES/isodroid.mo: po/%.po | deps
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<
# (rewritten only when more than its date changed)
POT ?= po/isodroid.pot
pot: | deps
	@xgettext $(XGETTEXT_FLAGS) -o $(POT).new $(POT_SRC)
	@if [ -f $(POT) ] && diff -q -I '^"POT-Creation-Date' $(POT) $(POT).new >/dev/null; then rm -f $(POT).new; \
	    else mv $(POT).new $(POT); fi
po: pot
	for l in $(LINGUAS); do msgmerge --quiet --update --backup=none --add-location=file po/$$l.po po/isodroid.pot || exit 1; done

# ---- the game ------------------------------------------------------------
bin/isodroid: build/release/platform/main.o build/release/libisoplatform.a $(call libs,release)
	@mkdir -p bin
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(SDL_LIBS) -lm
build/san/bin/isodroid: build/san/platform/main.o build/san/libisoplatform.a $(call libs,san)
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -o $@ $^ $(SDL_LIBS) -lm
build/bench/bin/isodroid: build/bench/platform/main.o build/bench/libisoplatform.a $(call libs,bench)
	@mkdir -p $(dir $@)
	$(CC) $(BENCHFLAGS) -o $@ $^ $(SDL_LIBS) -lm

run: bin/isodroid
	bin/isodroid $(LEVEL)

# the sprites: tools/make_art.c (with art_canvas.c, art_tiles.c) draws them into assets/ (the PNGs are committed)
art: | deps-game
	@mkdir -p build
	$(CC) $(STD) $(WARN) -O2 -o build/make_art tools/make_art.c tools/art_canvas.c tools/art_tiles.c $(SDL_CFLAGS) $(SDL_LIBS) -lm
	build/make_art assets

# ---- tests: every tests/*/test_*.c and tests/test_*.sh under ASan + UBSan ---
# tests/<layer>/ tests that layer's code and sees the layers below it;
# tests/platform/ sees SDL too
TEST_BINS := $(patsubst tests/%.c,build/san/tests/%,$(TEST_SRC))
SAN_LIBS = $(call libs,san)
CMOCKA = $$(pkg-config --cflags --libs cmocka)
build/san/tests/%: tests/%.c tests/testlib.h $(SAN_LIBS) | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) $(INC_game) -Itests -o $@ $< $(SAN_LIBS) $(CMOCKA) -lm

# the navigation library's tests see it alone: its headers, its archive
build/san/tests/nav/%: tests/nav/%.c tests/testlib.h build/san/libisonav.a | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) $(INC_nav) -Itests -o $@ $< build/san/libisonav.a $(CMOCKA) -lm

# the rules under allocation failure (test_sim) and the history's memory
# counted (test_history): every malloc, calloc and realloc of the libraries
# (and free, for the count) goes through the test's wrappers
WRAPPED_TESTS := build/san/tests/rules/test_sim build/san/tests/rules/test_history
build/san/tests/rules/test_sim: WRAP := --wrap=malloc,--wrap=calloc,--wrap=realloc
build/san/tests/rules/test_history: WRAP := --wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free
$(WRAPPED_TESTS): build/san/tests/rules/%: tests/rules/%.c tests/testlib.h $(SAN_LIBS) | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) $(INC_game) -Itests -o $@ $< $(SAN_LIBS) -Wl,$(WRAP) $(CMOCKA) -lm

# a field added to SimState by one line of its table (tests/rules/state_fields.h):
# the rules built again with that line, for test_state_fields alone
FIELD_TEST_FLAGS := -include tests/rules/state_fields.h
build/san-field/rules/%.o: src/rules/%.c tests/rules/state_fields.h | deps
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) $(FIELD_TEST_FLAGS) -MMD -MP $(INC_rules) -c $< -o $@
build/san-field/libisorules.a: $(patsubst src/%.c,build/san-field/%.o,$(RULES_SRC))
build/san/tests/rules/test_state_fields: tests/rules/test_state_fields.c tests/rules/state_fields.h tests/testlib.h \
    build/san-field/libisorules.a build/san/libisonav.a | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) $(FIELD_TEST_FLAGS) $(INC_rules) -Itests -o $@ $< build/san-field/libisorules.a \
	    build/san/libisonav.a $(CMOCKA) -lm

build/san/tests/platform/%: tests/platform/%.c tests/testlib.h build/san/libisoplatform.a $(SAN_LIBS) | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) $(INC_platform) -Itests $(SDL_CFLAGS) -o $@ $< \
	    build/san/libisoplatform.a $(SAN_LIBS) $(CMOCKA) $(SDL_LIBS) -lm

build/san/tests/pngcheck: tests/pngcheck.c | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -o $@ $< $(SDL_CFLAGS) $(SDL_LIBS)

# the navigation library's tests alone (nothing above src/nav is built)
NAV_TEST_BINS := $(filter build/san/tests/nav/%,$(TEST_BINS))
test-nav: deps-test $(NAV_TEST_BINS)
	@tests/run.sh $(NAV_TEST_BINS)

# run.sh runs them two at a time (TEST_JOBS): the longest first, so that
# neither lane is left with one long test at the end
TEST_LONG := $(foreach t,test_package test_weighted test_determinism32 test_view test_minimap test_gen \
	test_levels test_game,$(filter tests/$(t).sh,$(TEST_SH)))
test: deps-test check-layers locale $(TEST_BINS) build/san/bin/isopath build/san/bin/isodroid build/san/tests/pngcheck
	@ISOPATH=build/san/bin/isopath ISODROID=build/san/bin/isodroid PNGCHECK=build/san/tests/pngcheck \
	    tests/run.sh $(TEST_LONG) $(filter-out $(TEST_LONG),$(TEST_SH)) $(TEST_BINS)

# ---- fuzzing: libFuzzer targets in tests/fuzz/ (README there) ---------------
# make fuzz runs each for FUZZ_TIME seconds (clang); make test replays their
# committed corpora and crash files with a plain driver, under ASan + UBSan.
FUZZ_TARGETS := level movingai script edit
FUZZ_TIME ?= 60
FUZZ_CC ?= clang
FUZZ_REPLAY := $(patsubst %,build/san/fuzz/replay_%,$(FUZZ_TARGETS))
FUZZ_LIBS = tests/fuzz/fuzz_util.c $(NAV_SRC) $(RULES_SRC) src/game/script.c
.PHONY: fuzz deps-fuzz
test: $(FUZZ_REPLAY)
build/san/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz_util.c tests/fuzz/fuzz.h \
                         $(SAN_LIBS) | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) $(INC_game) -Itests/fuzz -DFUZZ_NAME='"$*"' -o $@ $< \
	    tests/fuzz/replay.c tests/fuzz/fuzz_util.c $(SAN_LIBS) -lm
build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_LIBS) | deps-fuzz
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(STD) -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	    $(INC_game) -Itests/fuzz -o $@ $< $(FUZZ_LIBS) -lm
deps-fuzz:
	@tests/fuzz/deps.sh $(FUZZ_CC)
fuzz: $(patsubst %,build/fuzz/fuzz_%,$(FUZZ_TARGETS))
	@tests/fuzz/run.sh $(FUZZ_TIME) $(FUZZ_TARGETS)

# every folder of src/ but the platform's is free of SDL; the platform reads
# the game only through its API (game.h's functions, the Scene of scene.h):
# no Sim or Game field, no rules header that spells the Sim's insides.
# PLATFORM_GAME_READERS are the files let off: the level loader, which
# builds a Sim on a thread for the game to take (GameLoader); the list only
# ever shrinks.
PLATFORM_GAME_READERS := loader.c loader.h
PLATFORM_READS := '\#[[:space:]]*include[[:space:]]*"(sim|sim_int|game_int|sentry|mover|history|predict)\.h"|->sim\b|\.sim\.|\bsim->|\bg->|\bgame->|\.game\.[a-z_]|frame_event'
check-layers:
	@if grep -rnE '#[[:space:]]*include[[:space:]]*[<"]SDL' $(filter-out src/platform/,$(wildcard src/*/)); then \
	    echo "only src/platform may include SDL headers (docs/architecture.md)" >&2; exit 1; fi
	@if grep -nE $(PLATFORM_READS) $(filter-out $(addprefix src/platform/,$(PLATFORM_GAME_READERS)), \
	        $(wildcard src/platform/*.c src/platform/*.h)); then \
	    echo "src/platform reads the game through game.h's functions and the Scene (scene.h), never a Sim or Game field" >&2; \
	    exit 1; fi

# ---- benchmarks ------------------------------------------------------------
bench: build/bench/bin/isopath build/bench/bin/isodroid
	@tools/bench.sh build/bench/bin/isopath "$(MOVINGAI_DIR)" $(BENCH_REPEAT)
	@echo "weighted (bench/weighted: rough ground and doors; route runs JPS there):"
	@tools/bench.sh build/bench/bin/isopath bench/weighted $(BENCH_REPEAT)
	@build/bench/bin/isodroid levels/01_tutorial.txt --headless --bench-frames 600 --size 1280x720
	@build/bench/bin/isodroid levels/extra/expanse.txt --headless --bench-frames 600 --size 1280x720 --bench-zoom 0.25
	@build/bench/bin/isodroid levels/extra/expanse.txt --headless --bench-frames 600 --size 1280x720 --bench-zoom 3
	@build/bench/bin/isopath simbench levels/extra/swarm.txt 3600
	@for l in levels/extra/doors.txt levels/08_quarry.txt levels/11_flooded.txt levels/14_detour.txt levels/extra/swarm.txt; do \
	    build/bench/bin/isopath simbench $$l 1200 --predict 6 | sed -n '1p;$$p'; done
	@tools/make_level.py 512 512 1 > build/big512.txt
	@build/bench/bin/isodroid build/big512.txt --headless --bench-frames 600 --size 1280x720
	@echo "generated levels (50 seeds of each difficulty, each checked against its difficulty's test):"
	@tools/bench_gen.sh build/bench/bin/isopath 50

# ---- installing ------------------------------------------------------------
# make install [DESTDIR=...] [PREFIX=/usr/local] [BINDIR=...] [DATADIR=...]
# [GAME_DATADIR=...] [LIBDIR=...] [LOCALEDIR=...] [USE_SYSTEM_FONTS=1]: the programs in
# $(BINDIR), the game's data in $(GAME_DATADIR) (assets, levels, the fonts
# unless USE_SYSTEM_FONTS=1, LICENSE), the desktop entry, the icons, the
# AppStream metainfo, the man pages, the translations' catalogues in
# $(LOCALEDIR), and the navigation library
# (libisonav.a in $(LIBDIR), its headers in $(INCLUDEDIR)/isonav, isonav.pc
# in $(PKGCONFIGDIR)). The variables the game is built with (the section at
# the top) must be the same for make and make install: another value
# rebuilds what it changes. make uninstall takes it all away again.
MANDIR       ?= $(DATADIR)/man
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
APP_ID     := org.isodroid.Isodroid
ICON_SIZES := 16 32 64 128 256
# the library's public headers (nav.h includes the rest); its internals stay
NAV_HEADERS := $(addprefix src/nav/,nav.h status.h coord.h units.h grid.h jumps.h query.h prepared.h route.h \
                 field.h region.h movingai.h diag.h)
FONT_FILES = $(if $(FONTDIR),,assets/*.ttf assets/LICENSE-DejaVu.txt)
D := $(DESTDIR)

.PHONY: install install-nav uninstall dist
# The installed libisonav.a is one object, linked from the library's, that
# exports only the nav_ names: its helpers (num, text, the tables) cannot
# clash with a program's own. Its objects are compiled apart, with the
# build's flags and -fno-lto last: a relocatable link (ld -r) of LTO objects
# keeps the compiler's intermediate code, whose local names objcopy cannot
# see, and a program linking it then fails; plain code links under any
# flags, LTO or not. A program built with -flto loses only the inlining of
# the library's functions into its own.
DIST_NAV_OBJS := $(patsubst src/nav/%.c,build/dist/nav/%.o,$(NAV_SRC))
build/dist/nav/%.o: src/nav/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -fno-lto -MMD -MP $(INC_nav) -c $< -o $@
build/dist/libisonav.a: $(DIST_NAV_OBJS)
	@mkdir -p $(dir $@)
	$(LD) -r $^ -o $(dir $@)isonav.o
	objcopy -w --keep-global-symbol='nav_*' $(dir $@)isonav.o
	@rm -f $@
	ar rcs $@ $(dir $@)isonav.o

install: bin/isopath bin/isodroid locale install-nav
	install -d $(D)$(BINDIR) $(D)$(GAME_DATADIR)/assets $(D)$(GAME_DATADIR)/levels/extra
	install -m 755 bin/isodroid bin/isopath $(D)$(BINDIR)
	install -m 644 assets/*.png $(FONT_FILES) $(D)$(GAME_DATADIR)/assets
	install -m 644 levels/*.txt $(D)$(GAME_DATADIR)/levels
	install -m 644 levels/extra/*.txt $(D)$(GAME_DATADIR)/levels/extra
	install -m 644 LICENSE $(D)$(GAME_DATADIR)/LICENSE
	install -Dm 644 dist/$(APP_ID).desktop $(D)$(DATADIR)/applications/$(APP_ID).desktop
	install -Dm 644 dist/$(APP_ID).metainfo.xml $(D)$(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	for n in $(ICON_SIZES); do \
	    install -Dm 644 assets/icon-$$n.png $(D)$(DATADIR)/icons/hicolor/$${n}x$${n}/apps/$(APP_ID).png || exit 1; done
	install -Dm 644 man/isodroid.6 $(D)$(MANDIR)/man6/isodroid.6
	install -Dm 644 man/isopath.1 $(D)$(MANDIR)/man1/isopath.1
	for l in $(LINGUAS); do \
	    install -Dm 644 build/locale/$$l/LC_MESSAGES/isodroid.mo $(D)$(LOCALEDIR)/$$l/LC_MESSAGES/isodroid.mo || exit 1; done

# the navigation library alone: what a program using it needs (examples/)
install-nav: build/dist/libisonav.a
	install -Dm 644 build/dist/libisonav.a $(D)$(LIBDIR)/libisonav.a
	install -d $(D)$(INCLUDEDIR)/isonav $(D)$(PKGCONFIGDIR)
	install -m 644 $(NAV_HEADERS) $(D)$(INCLUDEDIR)/isonav
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|; s|@VERSION@|$(VERSION)|' \
	    dist/isonav.pc.in >$(D)$(PKGCONFIGDIR)/isonav.pc

uninstall:
	rm -f $(D)$(BINDIR)/isodroid $(D)$(BINDIR)/isopath
	rm -rf $(D)$(GAME_DATADIR) $(D)$(INCLUDEDIR)/isonav
	rm -f $(D)$(DATADIR)/applications/$(APP_ID).desktop $(D)$(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	for n in $(ICON_SIZES); do rm -f $(D)$(DATADIR)/icons/hicolor/$${n}x$${n}/apps/$(APP_ID).png; done
	rm -f $(D)$(MANDIR)/man6/isodroid.6 $(D)$(MANDIR)/man1/isopath.1
	for l in $(LINGUAS); do rm -f $(D)$(LOCALEDIR)/$$l/LC_MESSAGES/isodroid.mo; done
	rm -f $(D)$(LIBDIR)/libisonav.a $(D)$(PKGCONFIGDIR)/isonav.pc

# ---- the release tarball -----------------------------------------------------
# make dist: isodroid-$(VERSION).tar.gz (DIST_TARBALL), the committed files
# of HEAD under isodroid-$(VERSION)/, less those .gitattributes marks
# export-ignore; git archive makes it the same, byte for byte, from the same
# commit. It builds and passes make test on its own (tests/test_package.sh).
DIST_TARBALL ?= isodroid-$(VERSION).tar.gz
dist:
	git archive --format=tar.gz --prefix=isodroid-$(VERSION)/ -o $(DIST_TARBALL) HEAD
	@echo "$(DIST_TARBALL): HEAD $$(git rev-parse --short HEAD)$$(git diff --quiet HEAD || echo ', not what is uncommitted')"

clean:
	rm -rf build bin

-include $(shell find build -name '*.d' 2>/dev/null)
