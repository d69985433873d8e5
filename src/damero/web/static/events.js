// A game's state on the page, kept up to date by the server's events: pure functions, no page.
// An event says what one change did to the state at version `from` (protocol.py, event_message).

// Whether `event` is the next change after `state`; if not, the page asks for the whole state.
export const follows = (state, event) => state !== null && event.from === state.version;

// The state after `event`, a new value: its moves from number `keep` on become `add` (made by
// `movers`), then each value at `path` becomes the one sent (an index one past a list's end adds
// to the list).
export function applyEvent(state, event) {
  let next = { ...state, version: event.version, moves: [...state.moves.slice(0, event.keep), ...event.add],
    movers: [...state.movers.slice(0, event.keep), ...event.movers] };
  for (const [path, value] of event.set) next = setAt(next, path, value);
  return next;
}

function setAt(target, path, value) {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  const copy = Array.isArray(target) ? [...target] : { ...target };
  copy[key] = setAt(target[key], rest, value);
  return copy;
}
