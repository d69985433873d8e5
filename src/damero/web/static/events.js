// A game's state on the page, kept up to date by the server's events: pure functions, no page.
// An event says what one change did to the state at the version before its own (protocol.py,
// event_message); the page and the tests apply it with this one function.

// Whether `event` is the next change after `state`; if not, the page asks for the whole state.
export const follows = (state, event) => state !== null && event.version === state.version + 1;

const other = (side) => (side === "first" ? "second" : "first");

const anonymous = { kind: "anonymous", name: null, level: null, rating: null };
// What a whole state leaves out (protocol.py, STATE_DEFAULTS, the same).
export const STATE_DEFAULTS = {
  options: {}, seats: { first: { computer: null }, second: { computer: null } },
  players: { first: anonymous, second: anonymous }, rated: false, open_seat: null, thinking: false,
  analysable: false, result: null, offers: { draw: null, undo: null, rematch: null }, clock: null,
  over: false, forced: [], last: [], decisive: "", targets: [], seat: [], can_undo: false,
  presence: { first: false, second: false }, can_claim: false, next: null,
};

// The whole state a `state` message says in few bytes (protocol.py, compact_state): a field left
// out is at its default, and so is each key left out of an object whose default has keys;
// `movers`, when absent, alternate from the first side; a clock's times, when absent, are its
// initial time, and nobody runs unless it says who; a string of targets is a mask of cells.
export function wholeState(message) {
  const state = { ...message };
  for (const [name, value] of Object.entries(STATE_DEFAULTS)) {
    if (!(name in message)) state[name] = structuredClone(value);
    else if (isObject(value) && Object.keys(value).length > 0 && isObject(message[name])) state[name] = { ...structuredClone(value), ...message[name] };
  }
  state.movers ??= state.moves.map((_, index) => (index % 2 ? "second" : "first"));
  const clock = state.clock;
  if (clock !== null) state.clock = { first: clock.initial, second: clock.initial, ...clock, running: clock.running ?? null };
  if (typeof state.targets === "string") state.targets = cellsOfMask(state.targets);
  return state;
}

// The state after `event`, a new value: its moves from number `keep` on (all of them when it is
// absent) become `add` (one move as a string alone), made by `movers`; `put` sets the pieces of
// some cells (each an index, then its piece's character, each further character the piece of
// the cell after); every other field sent replaces the state's, but for these short forms and
// defaults. Sides alternate: `movers`, when absent, alternate from the side whose turn it was;
// after moves `turn`, when absent, is the side after the last one's, and after a take-back
// (`keep` and no moves) the side that made the first move taken back, nobody then offering a
// take-back. After moves, `targets` and `forced`, when absent, are none, and `last` the cells
// `put` fills or empties (not those whose piece only changes kind); a string of targets is a mask
// of cells, each a target clicked once. `clock` comes as its times alone (`clocked`). A field
// whose value is an object (`offers`) may come as its values alone, in its keys' order, or as
// `name.key` for each key that changed. `result` comes as `[winner, reason]`, or `[winner, why]`
// where the rules ended the game (a key of `why` without a dot being the game's own), and ends
// the game: it is over, nobody's turn, and analysable. `decisive` as a list is its cells'
// indexes, and as `=` and kinds of pieces the mask of the cells holding them.
export function applyEvent(state, event) {
  const { type, version, keep = state.moves.length, movers, put, clock, ...fields } = event;
  const add = typeof event.add === "string" ? [event.add] : event.add ?? [];
  delete fields.add;
  let side = state.turn;
  const made = movers ?? add.map(() => { const mover = side; side = other(side); return mover; });
  const next = { ...state, version, moves: [...state.moves.slice(0, keep), ...add],
    movers: [...state.movers.slice(0, keep), ...made] };
  if (made.length > 0) { next.turn = other(made[made.length - 1]); next.targets = []; next.forced = []; }
  else if (keep < state.moves.length) Object.assign(next, { turn: state.movers[keep], offers: { ...state.offers, undo: null } });
  for (const [name, value] of Object.entries(fields)) {
    const [whole, key] = name.split(".");
    if (key !== undefined) {
      next[whole] = { ...next[whole], [key]: value };
      delete fields[name];
    } else if (Array.isArray(value) && isObject(state[name])) {
      fields[name] = Object.fromEntries(Object.keys(state[name]).map((field, index) => [field, value[index]]));
    }
  }
  if (put) next.pieces = placed(state.pieces, put);
  if (made.length > 0) next.last = putCells(put ?? "").map(([index]) => index)
    .filter((index) => state.pieces[index] === "." || next.pieces[index] === ".");
  if (typeof fields.targets === "string") fields.targets = cellsOfMask(fields.targets);
  if (Array.isArray(fields.decisive)) fields.decisive = cellMask(fields.decisive);
  else if (typeof fields.decisive === "string" && fields.decisive.startsWith("=")) {
    const kinds = fields.decisive.slice(1);
    fields.decisive = cellMask([...next.pieces].flatMap((piece, index) => (kinds.includes(piece) ? [index] : [])));
  }
  if (Array.isArray(fields.result)) {
    const [winner, reason] = fields.result;
    fields.result = Array.isArray(reason) ? { winner, reason: "rules", why: ownKey(state.game, reason) } : { winner, reason };
    Object.assign(next, { over: true, turn: null, analysable: true });
  }
  Object.assign(next, fields);
  if (clock !== undefined) next.clock = clocked(state, next, clock);
  return next;
}

// The clock after an event that sends it: its fixed parts (`initial`, `increment`) as the state
// holds them, and its times. A number is the time of the side whose turn it was, the other's as
// held; a list is both times, then who runs if that is not the default: the side to move after
// the event, or nobody once the game is over.
function clocked(state, next, clock) {
  if (clock === null || isObject(clock)) return clock;
  const [first, second, running = next.over ? null : next.turn] = Array.isArray(clock) ? clock
    : state.turn === "first" ? [clock, state.clock.second] : [state.clock.first, clock];
  return { ...state.clock, first, second, running };
}

// A rules' reason (`[key, ...values]`) whose key, without a dot, is the game's own.
const ownKey = (game, [key, ...values]) => [key.includes(".") ? key : `${game}.${key}`, ...values];

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

function placed(pieces, put) {
  const cells = [...pieces];
  for (const [index, piece] of putCells(put)) cells[index] = piece;
  return cells.join("");
}

// The cells `put` sets, each `[index, piece]`: an index and a piece's character, each further
// character the piece of the cell after (`"40b50bbb"`: 40, 50, 51 and 52).
function putCells(put) {
  return [...put.matchAll(/(\d+)(\D+)/g)].flatMap(([, index, run]) => [...run].map((piece, step) => [Number(index) + step, piece]));
}

// The cells of a mask of hexadecimal digits, each for four cells in order, its lowest bit the
// first (boards.py, cell_mask), in order; and the mask of some cells.
export function cellsOfMask(mask) {
  return [...mask].flatMap((digit, place) => [0, 1, 2, 3].filter((bit) => (parseInt(digit, 16) >> bit) & 1).map((bit) => 4 * place + bit));
}

export function cellMask(cells) {
  const digits = [];
  for (const cell of cells) {
    while (digits.length <= cell >> 2) digits.push(0);
    digits[cell >> 2] |= 1 << (cell & 3);
  }
  return digits.map((digit) => digit.toString(16)).join("");
}
