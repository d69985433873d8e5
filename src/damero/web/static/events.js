// A game's state on the page, kept up to date by the server's events: pure functions, no page.
// An event says what one change did to the state at the version before its own (protocol.py,
// event_message); the page and the tests apply it with this one function.

// Whether `event` is the next change after `state`; if not, the page asks for the whole state.
export const follows = (state, event) => state !== null && event.version === state.version + 1;

const other = (side) => (side === "first" ? "second" : "first");

// The state after `event`, a new value: its moves from number `keep` on (all of them when it is
// absent) become `add`, made by `movers`; `put` sets the pieces of some cells (each an index,
// then its piece's character); every other field sent replaces the state's. Sides alternate
// unless the event says otherwise: `movers`, when absent, alternate from the side whose turn it
// was, and after moves `turn`, when absent, is the side after the last one's.
export function applyEvent(state, event) {
  const { type, version, keep = state.moves.length, add = [], movers, put, ...fields } = event;
  let side = state.turn;
  const made = movers ?? add.map(() => { const mover = side; side = other(side); return mover; });
  const next = { ...state, version, moves: [...state.moves.slice(0, keep), ...add],
    movers: [...state.movers.slice(0, keep), ...made] };
  if (made.length > 0) next.turn = other(made[made.length - 1]);
  if (put) next.pieces = placed(state.pieces, put);
  return Object.assign(next, fields);
}

function placed(pieces, put) {
  const cells = [...pieces];
  for (const [, index, piece] of put.matchAll(/(\d+)(\D)/g)) cells[Number(index)] = piece;
  return cells.join("");
}
