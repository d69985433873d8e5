"""The browser front end: an ASGI app whose server owns every game, and the storage it commits moves to."""
