# Isodroid build. The parts: the pure core library (src/core), the headless
# path tool bin/isopath (src/isopath), the SDL2 game bin/isodroid (src/game),
# the tests (tests/) and the benchmarks. Objects go to build/<variant>/:
#   release  -O2, what bin/ holds
#   san      -O1 with AddressSanitizer + UndefinedBehaviorSanitizer, for tests
#   bench    -O3, no sanitizers, for make bench
# Missing system packages are installed by tools/deps.sh (see README.md).

CC      ?= cc
STD     := -std=c11 -D_POSIX_C_SOURCE=200809L
WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Werror
CFLAGS  ?= -O2 -g
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
BENCHFLAGS := -O3 -march=native -DNDEBUG

MOVINGAI_DIR ?= ../shared/data/movingai
LEVEL   ?=
BENCH_REPEAT ?= 1

CORE_SRC  := $(wildcard src/core/*.c)
TOOL_SRC  := $(wildcard src/isopath/*.c)
GAME_SRC  := $(wildcard src/game/*.c)
SDL_CFLAGS = $$(pkg-config --cflags sdl2 SDL2_image SDL2_ttf)
SDL_LIBS   = $$(pkg-config --libs sdl2 SDL2_image SDL2_ttf)
TEST_SRC  := $(wildcard tests/test_*.c)
TEST_SH   := $(wildcard tests/test_*.sh)

core_objs = $(patsubst src/%.c,build/$(1)/%.o,$(CORE_SRC))
tool_objs = $(patsubst src/%.c,build/$(1)/%.o,$(TOOL_SRC))
game_objs = $(patsubst src/%.c,build/$(1)/%.o,$(GAME_SRC))

.PHONY: all deps deps-game deps-test test run art bench check-core clean
all: bin/isopath bin/isodroid

# ---- system packages ----------------------------------------------------
deps:
	@tools/deps.sh build
deps-game:
	@tools/deps.sh game
deps-test:
	@tools/deps.sh test

# ---- objects and the core library ----------------------------------------
# the game's files also see SDL; the core's never do (check-core)
build/release/game/%.o: src/game/%.c | deps-game
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(CFLAGS) -MMD -MP -Isrc/core $(SDL_CFLAGS) -c $< -o $@
build/san/game/%.o: src/game/%.c | deps-game
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -MMD -MP -Isrc/core $(SDL_CFLAGS) -c $< -o $@
build/bench/game/%.o: src/game/%.c | deps-game
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(BENCHFLAGS) -MMD -MP -Isrc/core $(SDL_CFLAGS) -c $< -o $@
build/release/%.o: src/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(CFLAGS) -MMD -MP -Isrc/core -c $< -o $@
build/san/%.o: src/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -MMD -MP -Isrc/core -c $< -o $@
build/bench/%.o: src/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(BENCHFLAGS) -MMD -MP -Isrc/core -c $< -o $@

build/release/libisocore.a: $(call core_objs,release)
build/san/libisocore.a: $(call core_objs,san)
build/bench/libisocore.a: $(call core_objs,bench)
build/%/libisocore.a:
	@rm -f $@
	ar rcs $@ $^

# ---- the headless path tool ----------------------------------------------
bin/isopath: $(call tool_objs,release) build/release/libisocore.a
	@mkdir -p bin
	$(CC) $(CFLAGS) -o $@ $^ -lm
build/san/bin/isopath: $(call tool_objs,san) build/san/libisocore.a
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -o $@ $^ -lm
build/bench/bin/isopath: $(call tool_objs,bench) build/bench/libisocore.a
	@mkdir -p $(dir $@)
	$(CC) $(BENCHFLAGS) -o $@ $^ -lm

# ---- the game ------------------------------------------------------------
bin/isodroid: $(call game_objs,release) build/release/libisocore.a
	@mkdir -p bin
	$(CC) $(CFLAGS) -o $@ $^ $(SDL_LIBS) -lm
build/san/bin/isodroid: $(call game_objs,san) build/san/libisocore.a
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -o $@ $^ $(SDL_LIBS) -lm
build/bench/bin/isodroid: $(call game_objs,bench) build/bench/libisocore.a
	@mkdir -p $(dir $@)
	$(CC) $(BENCHFLAGS) -o $@ $^ $(SDL_LIBS) -lm

run: bin/isodroid
	bin/isodroid $(LEVEL)

# the sprites: tools/make_art.c draws them into assets/ (the PNGs are committed)
art: | deps-game
	@mkdir -p build
	$(CC) $(STD) $(WARN) -O2 -o build/make_art tools/make_art.c $(SDL_CFLAGS) $(SDL_LIBS) -lm
	build/make_art assets

# ---- tests: every test_*.c and test_*.sh under ASan + UBSan ---------------
TEST_BINS := $(patsubst tests/%.c,build/san/tests/%,$(TEST_SRC))
build/san/tests/%: tests/%.c tests/testlib.h build/san/libisocore.a | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -Isrc/core -Itests -o $@ $< build/san/libisocore.a \
	    $$(pkg-config --cflags --libs cmocka) -lm

# the game's rules (game.c, levelset.c and front.c have no SDL in them) are tested as well
GAME_RULES = build/san/game/game.o build/san/game/camera.o build/san/game/levelset.o build/san/game/progress.o build/san/game/front.o \
             build/san/game/bindings.o build/san/game/settings.o
build/san/tests/test_game: tests/test_game.c tests/testlib.h $(GAME_RULES) build/san/libisocore.a | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -Isrc/core -Isrc/game -Itests -o $@ $< $(GAME_RULES) build/san/libisocore.a \
	    $$(pkg-config --cflags --libs cmocka) -lm

# the rules under allocation failure: every malloc, calloc and realloc of the
# core goes through the test's wrappers, which can make one of them fail
build/san/tests/test_sim: tests/test_sim.c tests/testlib.h build/san/libisocore.a | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -Isrc/core -Itests -o $@ $< build/san/libisocore.a \
	    -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc $$(pkg-config --cflags --libs cmocka) -lm

# the progress file (progress.c has no SDL in it)
build/san/tests/test_progress: tests/test_progress.c tests/testlib.h build/san/game/progress.o build/san/libisocore.a | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -Isrc/core -Isrc/game -Itests -o $@ $< build/san/game/progress.o build/san/libisocore.a \
	    $$(pkg-config --cflags --libs cmocka) -lm

# the settings file and the binding table (settings.c and bindings.c have no
# SDL in them; test_bindings asks SDL whether the default keys are its names)
SETTINGS_OBJS = build/san/game/settings.o build/san/game/bindings.o
build/san/tests/test_settings: tests/test_settings.c tests/testlib.h $(SETTINGS_OBJS) build/san/libisocore.a | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -Isrc/core -Isrc/game -Itests -o $@ $< $(SETTINGS_OBJS) build/san/libisocore.a \
	    $$(pkg-config --cflags --libs cmocka) -lm
build/san/tests/test_bindings: tests/test_bindings.c tests/testlib.h $(SETTINGS_OBJS) build/san/libisocore.a | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -Isrc/core -Isrc/game -Itests $$(pkg-config --cflags sdl2) -o $@ $< $(SETTINGS_OBJS) \
	    build/san/libisocore.a $$(pkg-config --cflags --libs cmocka) $$(pkg-config --libs sdl2) -lm

# the background level loader (loader.c runs its jobs on SDL threads)
build/san/tests/test_loader: tests/test_loader.c tests/testlib.h build/san/game/loader.o build/san/libisocore.a | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -Isrc/core -Isrc/game -Itests -o $@ $< build/san/game/loader.o build/san/libisocore.a \
	    $$(pkg-config --cflags --libs cmocka) $$(pkg-config --libs sdl2) -lm

# gamepads as keys (pad.c speaks SDL's GameController API)
build/san/tests/test_pad: tests/test_pad.c tests/testlib.h build/san/game/pad.o | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -Isrc/core -Isrc/game -Itests $(SDL_CFLAGS) -o $@ $< build/san/game/pad.o \
	    $$(pkg-config --cflags --libs cmocka) $(SDL_LIBS) -lm

build/san/tests/pngcheck: tests/pngcheck.c | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -o $@ $< $(SDL_CFLAGS) $(SDL_LIBS)

test: deps-test check-core $(TEST_BINS) build/san/bin/isopath build/san/bin/isodroid build/san/tests/pngcheck
	@ISOPATH=build/san/bin/isopath ISODROID=build/san/bin/isodroid PNGCHECK=build/san/tests/pngcheck \
	    tests/run.sh $(TEST_BINS) $(TEST_SH)

# ---- fuzzing: libFuzzer targets in tests/fuzz/ (README there) ---------------
# make fuzz runs each for FUZZ_TIME seconds (clang); make test replays their
# committed corpora and crash files with a plain driver, under ASan + UBSan.
FUZZ_TARGETS := level movingai script edit
FUZZ_TIME ?= 60
FUZZ_CC ?= clang
FUZZ_REPLAY := $(patsubst %,build/san/fuzz/replay_%,$(FUZZ_TARGETS))
FUZZ_LIBS = tests/fuzz/fuzz_util.c $(CORE_SRC) src/game/script.c
.PHONY: fuzz deps-fuzz
test: $(FUZZ_REPLAY)
build/san/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz_util.c tests/fuzz/fuzz.h \
                         build/san/game/script.o build/san/libisocore.a | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(SANFLAGS) -Isrc/core -Isrc/game -Itests/fuzz -DFUZZ_NAME='"$*"' -o $@ $< \
	    tests/fuzz/replay.c tests/fuzz/fuzz_util.c build/san/game/script.o build/san/libisocore.a -lm
build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_LIBS) | deps-fuzz
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(STD) -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	    -Isrc/core -Isrc/game -Itests/fuzz -o $@ $< $(FUZZ_LIBS) -lm
deps-fuzz:
	@tests/fuzz/deps.sh $(FUZZ_CC)
fuzz: $(patsubst %,build/fuzz/fuzz_%,$(FUZZ_TARGETS))
	@tests/fuzz/run.sh $(FUZZ_TIME) $(FUZZ_TARGETS)

check-core:
	@if grep -rnE '#[[:space:]]*include[[:space:]]*[<"]SDL' src/core; then \
	    echo "src/core must not include SDL headers (see README.md)" >&2; exit 1; fi

# ---- benchmarks ------------------------------------------------------------
bench: build/bench/bin/isopath build/bench/bin/isodroid
	@tools/bench.sh build/bench/bin/isopath "$(MOVINGAI_DIR)" $(BENCH_REPEAT)
	@build/bench/bin/isodroid levels/01_tutorial.txt --headless --bench-frames 600 --size 1280x720
	@build/bench/bin/isodroid levels/extra/expanse.txt --headless --bench-frames 600 --size 1280x720 --bench-zoom 0.25
	@build/bench/bin/isodroid levels/extra/expanse.txt --headless --bench-frames 600 --size 1280x720 --bench-zoom 3
	@build/bench/bin/isopath simbench levels/extra/swarm.txt 3600
	@for l in levels/extra/doors.txt levels/08_quarry.txt levels/11_flooded.txt levels/14_detour.txt levels/extra/swarm.txt; do \
	    build/bench/bin/isopath simbench $$l 1200 --predict 6 | sed -n '1p;$$p'; done
	@tools/make_level.py 512 512 1 > build/big512.txt
	@build/bench/bin/isodroid build/big512.txt --headless --bench-frames 600 --size 1280x720

clean:
	rm -rf build bin

-include $(shell find build -name '*.d' 2>/dev/null)
