# syntax=docker/dockerfile:1
# The Cardia bot: build a virtual environment with the project and its dependencies (pyproject.toml),
# then copy it into a slim runtime image that runs as an unprivileged user.
#   docker build -t cardia-bot .
#   docker run -d -e DISCORD_TOKEN=... -v cardia-data:/data cardia-bot          (add --sync once)

FROM python:3.11-slim AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /src
COPY pyproject.toml README.md ./
COPY cards ./cards
COPY engine ./engine
COPY bot ./bot
RUN pip install .

FROM python:3.11-slim AS runtime
RUN useradd --create-home --uid 10001 cardia && mkdir /data && chown cardia:cardia /data
COPY --from=build /opt/venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH PYTHONUNBUFFERED=1 CARDIA_DATABASE=/data/cardia.db
USER cardia
WORKDIR /home/cardia
# The SQLite database (the single source of truth) lives on this volume; DISCORD_TOKEN comes from the
# environment at run time and is never baked into the image.
VOLUME ["/data"]
ENTRYPOINT ["python", "-m", "bot"]
