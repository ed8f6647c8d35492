# syntax=docker/dockerfile:1
# The Cardia bot: build a virtual environment with exactly the pinned dependencies
# (requirements/bot.lock, with hashes) and the project, then copy it into a slim runtime image that runs
# as an unprivileged user.
#   docker build -t cardia-bot .
#   docker run -d -e DISCORD_TOKEN=... -v cardia-data:/data cardia-bot          (add --sync once)

FROM python:3.11-slim AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
# A C compiler for mypyc (the compiled engine, below); the runtime image needs none.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /src
COPY requirements/bot.lock ./requirements/
RUN pip install --require-hashes --no-deps -r requirements/bot.lock
COPY pyproject.toml README.md ./
COPY cardia ./cardia
COPY cards ./cards
COPY engine ./engine
COPY text ./text
COPY picture ./picture
COPY terminal ./terminal
COPY bot ./bot
COPY web ./web
RUN pip install --no-deps --no-build-isolation .
# The engine's hot modules compiled into /opt/venv/cardia-compiled (docs/operators.md, "The compiled
# engine"), from the same sources as the installed engine, so that build is the one it uses.
COPY scripts/compile ./scripts/
RUN CARDIA_VENV=/opt/venv scripts/compile

FROM python:3.11-slim AS runtime
RUN useradd --create-home --uid 10001 cardia && mkdir /data && chown cardia:cardia /data
COPY --from=build /opt/venv /opt/venv
# CARDIA_ENGINE=compiled: an image whose compiled engine does not match its sources fails at start, in
# one line, instead of running three times slower.
ENV PATH=/opt/venv/bin:$PATH PYTHONUNBUFFERED=1 CARDIA_DATABASE=/data/cardia.db \
    CARDIA_HEALTH_FILE=/tmp/cardia-healthy CARDIA_ENGINE=compiled
USER cardia
WORKDIR /home/cardia
# The SQLite database (the single source of truth) lives on this volume; DISCORD_TOKEN comes from the
# environment at run time and is never baked into the image.
VOLUME ["/data"]
# Healthy while the bot has a live gateway session and its database answers: the bot touches
# CARDIA_HEALTH_FILE every 30 s when both hold, and "python -m bot health" checks the mark is recent.
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 CMD ["python", "-m", "bot", "health"]
# The bot is PID 1: it handles SIGTERM itself (docker stop), finishing the interactions in flight.
STOPSIGNAL SIGTERM
ENTRYPOINT ["python", "-m", "bot"]
