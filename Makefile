# `make play` and `make test` set everything up in .venv first, so a fresh clone needs only Python, pip and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: play test benchmarks clean system-packages

SYSTEM_PACKAGES := chromium postgresql nginx
# The browser tests drive Debian's Chromium (npm brings them axe-core) and the storage tests
# start a PostgreSQL cluster, the site tests an nginx in front of two servers:
# on a fresh machine (as root) whatever is missing is installed, after one apt-get update.
# npm is looked for as a command: a Node.js from elsewhere brings its own, which Debian's
# npm package would conflict with.
AXE_VERSION := 4.11.0
AXE := $(VENV)/node/node_modules/axe-core/axe.min.js

# Python compiles a module's bytecode when it is first imported: pip's compiling all 3,700 files of
# the libraries at install time would be half of its work, for the few hundred ever imported.
$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --no-compile -e '.[dev]'
	touch $(INSTALLED)

# The Othello engine is compiled once, here, with a progress bar, rather than at the first game.
play: $(INSTALLED)
	$(BIN)/damero setup --quiet
	$(BIN)/damero $(ARGS)

system-packages:
	@missing=""; for package in $(SYSTEM_PACKAGES); do \
		dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; done; \
	command -v npm >/dev/null 2>&1 || missing="$$missing nodejs npm"; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

# The accessibility tests inject Deque's axe-core, from npm, into the pages they check.
$(AXE): | system-packages
	npm install --silent --no-audit --no-fund --prefix $(VENV)/node axe-core@$(AXE_VERSION)

test: $(INSTALLED) system-packages $(AXE)
	$(BIN)/pytest
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

benchmarks: $(INSTALLED)
	for script in benchmarks/*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
