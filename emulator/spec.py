"""Discord's OpenAPI description: route matching and request-body validation.

The pinned copy lives beside this module, in ``discord-api-spec/openapi.json`` (MIT; its README names the
upstream commit, ``scripts/refresh-discord-spec`` replaces it). It is OpenAPI 3.1, whose schemas are JSON
Schema Draft 2020-12. The whole document is registered once in a :mod:`referencing` registry, so a
request body is validated against ``{"$ref": "<document>#/paths/.../requestBody/content/<type>/schema"}``
and every internal ``#/components/schemas/...`` reference resolves inside the document.
"""

from __future__ import annotations

import functools
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

#: The pinned description, vendored with its licence; ``DISCORD_OPENAPI_SPEC`` overrides it.
DEFAULT_SPEC_PATH = Path(__file__).resolve().parent / "discord-api-spec" / "openapi.json"
#: The URI under which the document is registered (its ``servers`` entry plus a file name).
SPEC_URI = "https://discord.com/api/v10/openapi.json"

_FORM_TYPES = ("multipart/form-data", "application/x-www-form-urlencoded")


def _as_documented(schemas: dict[str, Any]) -> dict[str, Any]:
    """The schemas, changed where the description disagrees with Discord's docs (the docs win).

    - ``SnowflakeType`` is a decimal string in the description, but Discord also takes ids as JSON
      numbers, and discord.py sends the placeholder ids of new attachments as integers (0, 1, ...).
    - Channel message ``content`` may be 4000 characters in the description (a Nitro user's limit);
      the docs, and Discord for bots, allow 2000.
    """
    schemas = dict(schemas)
    integer_id = {"type": "integer", "minimum": 0}
    schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"], integer_id]}
    for name in ("MessageCreateRequest", "MessageEditRequestPartial"):
        properties = schemas[name]["properties"]
        content = {**properties["content"], "maxLength": 2000}
        schemas[name] = {**schemas[name], "properties": {**properties, "content": content}}
    return schemas


@dataclass(frozen=True)
class RouteMatch:
    """A concrete request path matched to one of the description's path templates."""

    template: str
    params: dict[str, str]


def _pointer_token(token: str) -> str:
    """One JSON Pointer reference token, escaped and percent-encoded for a URI fragment."""
    return quote(token.replace("~", "~0").replace("/", "~1"), safe="~")


class OpenAPISpec:
    """The Discord REST description: which operations exist and what their request bodies must be."""

    def __init__(self, document: dict[str, Any]) -> None:
        components = document["components"]
        document = {
            **document,
            "components": {**components, "schemas": _as_documented(components["schemas"])},
        }
        self.document = document
        self.paths: dict[str, dict[str, Any]] = document["paths"]
        resource: Resource[Any] = Resource.from_contents(document, default_specification=DRAFT202012)
        self.registry: Registry[Any] = Registry().with_resource(SPEC_URI, resource)
        # Literal segments beat parameters, so `/messages/@original` wins over `/messages/{message_id}`.
        templates = [(template, tuple(template.strip("/").split("/"))) for template in self.paths]
        self._templates = sorted(
            templates, key=lambda item: (-len(item[1]), -sum(not s.startswith("{") for s in item[1]))
        )
        self._validators: dict[str, Draft202012Validator] = {}

    @classmethod
    @functools.cache
    def load(cls, path: str | None = None) -> OpenAPISpec:
        """The description at ``path`` (default: ``$DISCORD_OPENAPI_SPEC`` or the pinned copy), cached."""
        location = Path(path or os.environ.get("DISCORD_OPENAPI_SPEC") or DEFAULT_SPEC_PATH)
        return cls(json.loads(location.read_text(encoding="utf-8")))

    def match(self, path: str) -> RouteMatch | None:
        """The template of ``path`` (relative to ``/api/v10``, no query), or ``None`` if Discord has none."""
        segments = tuple(path.strip("/").split("/"))
        for template, parts in self._templates:
            if len(parts) != len(segments):
                continue
            params: dict[str, str] = {}
            for part, segment in zip(parts, segments, strict=True):
                if part.startswith("{") and part.endswith("}"):
                    if not segment:
                        break
                    params[part[1:-1]] = segment
                elif part != segment:
                    break
            else:
                return RouteMatch(template, params)
        return None

    def operation(self, method: str, template: str) -> dict[str, Any] | None:
        """The OpenAPI operation object for ``method`` on ``template``, if the description has one."""
        operation = self.paths.get(template, {}).get(method.lower())
        return operation if isinstance(operation, dict) else None

    def validator(self, pointer: str) -> Draft202012Validator:
        """A Draft 2020-12 validator for the schema at the JSON Pointer ``pointer`` inside the document."""
        validator = self._validators.get(pointer)
        if validator is None:
            validator = Draft202012Validator({"$ref": f"{SPEC_URI}#{pointer}"}, registry=self.registry)
            self._validators[pointer] = validator
        return validator

    def validate_request(self, method: str, template: str, body: Any, *, has_body: bool = True) -> list[str]:
        """Problems with a request body (the JSON, or a multipart request's ``payload_json``); [] if fine.

        The body is checked against the ``application/json`` schema of the operation's ``requestBody``:
        for multipart requests that is the schema ``payload_json`` must satisfy (files are not checked).
        """
        operation = self.operation(method, template)
        if operation is None:
            return [f"{method} {template} is not an operation of the Discord API"]
        request_body = operation.get("requestBody")
        if request_body is None:
            return [f"{method} {template} takes no request body"] if has_body else []
        if not has_body:
            return [f"{method} {template} requires a request body"] if request_body.get("required") else []
        content = request_body.get("content", {})
        media_type = "application/json" if "application/json" in content else next(iter(content), None)
        if media_type is None or media_type in _FORM_TYPES:
            return []
        tokens = ("paths", template, method.lower(), "requestBody", "content", media_type, "schema")
        pointer = "/" + "/".join(_pointer_token(token) for token in tokens)
        return self.errors(self.validator(pointer), body)

    def validate_schema(self, name: str, instance: Any) -> list[str]:
        """Problems with ``instance`` against ``#/components/schemas/<name>`` (e.g. ``"RichEmbed"``)."""
        if name not in self.document["components"]["schemas"]:
            raise KeyError(f"no schema named {name!r} in the Discord OpenAPI description")
        return self.errors(self.validator(f"/components/schemas/{_pointer_token(name)}"), instance)

    @staticmethod
    def errors(validator: Draft202012Validator, instance: Any) -> list[str]:
        """The most relevant validation error, described with its location; [] if ``instance`` is valid."""
        error: ValidationError | None = best_match(validator.iter_errors(instance))
        if error is None:
            return []
        error = _narrow(error)
        where = "/".join(str(part) for part in error.absolute_path) or "(body)"
        return [f"{where}: {error.message}"]


def _discriminator_miss(error: ValidationError) -> bool:
    """Whether a union branch failed on what tells the branches apart: the JSON type or a ``type`` tag."""
    path = list(error.relative_path)
    if not path:
        return error.validator == "type"
    return path == ["type"] and error.validator in ("enum", "const")


def _narrow(error: ValidationError) -> ValidationError:
    """For a failed ``anyOf``/``oneOf``, the error inside the one branch the instance was meant for.

    Discord's unions are tagged (``type`` enums, or ``null`` versus an object), so a message such as
    "data/content: 5 is not of type 'string'" beats "is not valid under any of the given schemas".
    """
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        return error
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    plausible = [errors for errors in branches.values() if not any(map(_discriminator_miss, errors))]
    if len(plausible) != 1:
        return error
    inner = best_match(plausible[0])
    return error if inner is None else _narrow(inner)
