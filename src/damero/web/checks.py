"""What a client sends, checked before anything else looks at it: JSON of a bounded depth, and each
field of exactly the type it must have (a level is an int, never `true` or `1.0`).

Every refusal is a WebError with a catalogue message, so a client hears why and the server's
log stays quiet.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from typing import Any, TypeVar

from damero.errors import DameroError

MAX_DEPTH = 8
"""The deepest nesting of lists and objects taken; damero's own messages nest two deep."""

ValueT = TypeVar("ValueT")


class WebError(DameroError):
    """A request the server refuses; the message goes to the one client that sent it."""


def nesting(text: str) -> int:
    """How deep `text`'s brackets nest, outside strings: counted before parsing, since Python's
    parser recurses once a level and a deep enough text exhausts its stack.

    >>> nesting('{"a": [1, {"b": "[["}]}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for character in text:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in "]}":
            depth -= 1
    return deepest


def json_object(data: str | bytes) -> dict[str, Any]:
    """The JSON object a client sent; WebError for anything else, too deep or not JSON at all."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise WebError("web.bad_json") from None
    if data.count("[") + data.count("{") > MAX_DEPTH and nesting(data) > MAX_DEPTH:
        raise WebError("web.too_deep", limit=MAX_DEPTH)
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        raise WebError("web.bad_json") from None
    if not isinstance(value, dict):
        raise WebError("web.bad_message")
    return value


def field(
    message: Mapping[str, Any], name: str, kind: type[ValueT], default: ValueT | None = None
) -> ValueT:
    """`message[name]`, of exactly type `kind` (a bool is no int, a float no int); `default` when
    it is absent and a default is given; WebError('web.bad_field') naming the field else."""
    if name not in message and default is not None:
        return default
    value = message.get(name)
    if type(value) is not kind:
        raise WebError("web.bad_field", name=name[:40])
    result: ValueT = value
    return result


def one_of(
    message: Mapping[str, Any],
    name: str,
    allowed: Collection[ValueT],
    default: ValueT,
    *,
    refusal: str,
) -> ValueT:
    """`message[name]` (or `default` when absent), of the type of `default`; WebError(`refusal`),
    which says what is allowed, if it is not among `allowed`."""
    value = field(message, name, type(default), default)
    if value not in allowed:
        raise WebError(refusal)
    return value


MAX_MOVE_TEXT = 64
"""The longest text of one move taken in a list; every game's moves are far shorter."""


def move_texts(texts: Sequence[object]) -> tuple[str, ...]:
    """A list of moves as a client sends them, each a short text (read by the rules later);
    WebError naming, from 1, the first that is not."""
    for number, text in enumerate(texts, start=1):
        if not isinstance(text, str) or len(text) > MAX_MOVE_TEXT:
            raise WebError("web.bad_move_list", number=number)
    return tuple(str(text) for text in texts)
