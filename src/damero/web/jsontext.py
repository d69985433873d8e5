"""JSON as the server writes it, to its sockets and to other processes: no spaces, which would be
a tenth of every event's bytes, and no encoder made anew for each message."""

from __future__ import annotations

import json
from collections.abc import Callable


def _compact_encoder() -> Callable[[object], str]:
    """`json.dumps` with options makes a new encoder at each call, and `JSONEncoder.encode` makes
    its C encoder anew for each value, about as long as encoding an event; the C encoder is made
    here once, where Python has it (else the encoder's own `encode`, which gives the same text).

    >>> compact_json({"moves": ["c3-d4"], "at": 1.5, "over": False, "name": "é"})
    '{"moves":["c3-d4"],"at":1.5,"over":false,"name":"é"}'
    """
    encoder = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return encoder.encode
    try:
        made = make(
            None,  # no check for cycles: a message is made of fresh values
            encoder.default,
            json.encoder.encode_basestring,
            None,  # no indent
            encoder.key_separator,
            encoder.item_separator,
            False,  # keys in their order
            False,  # no key skipped: a key that is no text is an error
            True,  # as `allow_nan` is by default
        )
    except TypeError:  # another Python's C encoder, made otherwise
        return encoder.encode
    join = "".join

    def encode(value: object) -> str:
        return join(made(value, 0))

    return encode


compact_json = _compact_encoder()
