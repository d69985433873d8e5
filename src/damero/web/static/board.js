// The one board drawer: draws any game on its layout (the cells, their names and shades, the kinds
// of piece, fetched once and kept by the browser) from what the server sends of a position (the
// pieces, a click path per legal move, the last move's cells) as a grid a screen reader walks,
// each cell a whole-square target. It knows no game: a move is made by sending the cells clicked.
// The formats are described in web/boards.py and docs/browser.md.
import { say } from "./common.js";
import { drawPiece } from "./pieces.js";

let picked = null;  // the cell of the piece chosen for a two-click move, by its index
let pickedNow = false;  // the piece was chosen by the last press: the focus goes to its squares
const cursors = new WeakMap();  // each board's one tab stop (roving tabindex), by cell index
const redraws = new WeakMap();  // each board's way to draw itself again (its page's)
const shown = new WeakMap();  // each board's pieces as last drawn, to animate what changed
const boards = new WeakMap();  // an <svg> some page still passes, and the grid drawn instead
const layouts = new Map();  // each layout asked for, by its address

// The layout at `address` (it never changes: a new one has a new address, and the browser keeps
// each for good).
export function layoutAt(address) {
  if (!layouts.has(address)) {
    layouts.set(address, fetch(address).then((response) => {
      if (!response.ok) throw new Error(`${address}: ${response.status}`);
      return response.json();
    }).catch((error) => { layouts.delete(address); throw error; }));
  }
  return layouts.get(address);
}

// The kind of piece on each cell (null for none), from a position's `pieces`.
export const piecesOn = (layout, pieces) => [...pieces].map((c) => (c === "." ? null : layout.kinds[c.charCodeAt(0) - 97]));

// A position's `targets` one move each: {cells}, the cells clicked in turn, or {cells: [], move}
// for a move the board cannot show.
export function targetList(targets) {
  return targets.flatMap((entry) => {
    if (typeof entry === "number") return [{ cells: [entry] }];
    if (typeof entry === "string") return [{ cells: [], move: entry }];
    return entry.slice(1).map((second) => ({ cells: [entry[0], second] }));
  });
}
// The cells of a mask of hexadecimal digits, each for four cells in order, its lowest bit the first.
export const cellsOfMask = (mask) => new Set([...mask].flatMap((digit, at) =>
  [0, 1, 2, 3].filter((bit) => (parseInt(digit, 16) >> bit) & 1).map((bit) => 4 * at + bit)));
// A target's cells as one key, as `view.texts` and `view.values` are kept by.
export const pathOf = (cells) => cells.join(" ");

// A grid for a page to place; `draw` fills it.
export function boardElement() {
  const grid = document.createElement("div");
  grid.className = "board";
  grid.setAttribute("role", "grid");
  grid.tabIndex = -1;
  grid.addEventListener("keydown", (event) => steer(grid, event));
  grid.addEventListener("focusin", (event) => rove(grid, event));
  return grid;
}

// The focusable thing of a cell: its button if it has one, else the cell itself.
const controlOf = (cell) => cell.querySelector("button") || cell;
const cellOf = (node) => node && node.closest && node.closest("[data-index]");

// Puts the keyboard's focus on the board's one tab stop (a page that shows the board afresh).
export function focusBoard(given) {
  const grid = hostOf(given);
  const cell = grid.querySelector(`[data-index="${cursors.get(grid)}"]`);
  (cell ? controlOf(cell) : grid).focus({ preventScroll: true });
}

// The grid pattern's keys on a cell: the arrows move to the next cell of use in their direction
// (a row's, or the next row's nearest to the column the up and down steps began at), Home and End
// to the row's first and last; Escape puts a chosen piece down. Enter and Space press the cell's
// button. The keys pressed elsewhere on the page (the board itself among them) are the page's.
function steer(grid, event) {
  const here = cellOf(event.target);
  if (!here || event.altKey || event.ctrlKey || event.metaKey) return;
  const row = Number(here.dataset.row), column = Number(here.dataset.column);
  const usable = [...grid.querySelectorAll("[data-index]")].filter((cell) => cell.dataset.cell !== "");
  const at = (cell) => [Number(cell.dataset.row), Number(cell.dataset.column)];
  // Up and down keep to the column they began at, as a text's cursor does.
  const goal = grid.dataset.goalFrom === here.dataset.index ? Number(grid.dataset.goal) : column;
  let to = null;
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    const step = event.key === "ArrowRight" ? 1 : -1;
    const same = usable.filter((cell) => at(cell)[0] === row && (at(cell)[1] - column) * step > 0);
    to = same.sort((a, b) => (at(a)[1] - at(b)[1]) * step)[0];
  } else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
    const step = event.key === "ArrowDown" ? 1 : -1;
    const ahead = usable.filter((cell) => (at(cell)[0] - row) * step > 0);
    const next = Math.min(...ahead.map((cell) => (at(cell)[0] - row) * step));
    to = ahead.filter((cell) => (at(cell)[0] - row) * step === next)
      .sort((a, b) => Math.abs(at(a)[1] - goal) - Math.abs(at(b)[1] - goal) || at(a)[1] - at(b)[1])[0];
  } else if (event.key === "Home" || event.key === "End") {
    const line = usable.filter((cell) => at(cell)[0] === row).sort((a, b) => at(a)[1] - at(b)[1]);
    to = event.key === "Home" ? line[0] : line[line.length - 1];
  } else if (event.key === "Escape") {
    if (picked === null) return;
    const piece = picked;
    picked = null;
    cursors.set(grid, piece);
    event.preventDefault();
    redraws.get(grid)?.();
    return;
  } else if (event.key === " " && !event.target.matches("button")) {
    event.preventDefault();  // a cell with nothing to press: the page does not scroll
    return;
  } else return;
  event.preventDefault();
  if (!to) return;
  if (event.key === "ArrowUp" || event.key === "ArrowDown") Object.assign(grid.dataset, { goal, goalFrom: to.dataset.index });
  controlOf(to).focus();
}

// The cell focused (by a key, a click or the page) becomes the board's one tab stop.
function rove(grid, event) {
  const cell = cellOf(event.target);
  if (!cell || !grid.contains(cell)) return;
  for (const node of grid.querySelectorAll("[tabindex='0']")) node.tabIndex = -1;
  controlOf(cell).tabIndex = 0;
  cursors.set(grid, Number(cell.dataset.index));
}

function hostOf(given) {
  if (!(given instanceof SVGElement)) return given;
  if (!boards.has(given)) {
    const grid = boardElement();
    boards.set(given, grid);
    if (given.parentNode) given.replaceWith(grid);
  }
  return boards.get(given);
}

function button(label, action) {
  const node = document.createElement("button");
  node.type = "button";
  node.setAttribute("aria-label", label);
  node.addEventListener("click", action);
  return node;
}

// `view.board` is the layout; `view.pieces`, `view.targets` and `view.last` the position on it;
// `view.hint` the cells of a hinted move or null, `view.title` the grid's name, `view.texts` (if
// any) each target's move text by its cells (`pathOf`), `view.values` each move's value by its
// cells as {label, words, colour}; `view.decisive` (if any) the cells that decided the end.
// `actions` gives play(target), canMove, showNumbers, redraw(), flipped (the board drawn from
// the other side, turned half a circle) and, for a position editor, edit(row, column) for a
// press on a cell.
export function draw(given, view, actions) {
  const grid = hostOf(given);
  const board = view.board;
  const named = board.row_names.length > 0 || board.column_names.length > 0;
  const hadFocus = Boolean(cellOf(document.activeElement)) && grid.contains(document.activeElement);
  redraws.set(grid, actions.redraw);
  grid.setAttribute("aria-label", say("page.board", { game: view.title || "" }));
  grid.style.setProperty("--across", board.columns);
  grid.style.setProperty("--down", board.rows);
  grid.classList.toggle("named", named);
  grid.classList.toggle("numbered", Boolean(actions.showNumbers));

  const at = new Map(board.cells.map((cell, index) => [`${cell.row},${cell.column}`, index]));
  const pieces = piecesOn(board, view.pieces);
  const last = new Set(view.last);
  const decisive = cellsOfMask(view.decisive || "");
  const flipped = Boolean(actions.flipped);
  // Rows and columns in the order drawn: from the other side, both run backwards.
  const order = (count) => { const list = [...Array(count).keys()]; return flipped ? list.reverse() : list; };
  const targets = actions.canMove ? targetList(view.targets) : [];
  const textOf = (target) => target.move ?? (view.texts && view.texts[pathOf(target.cells)]);
  const movable = new Set(targets.filter((t) => t.cells.length === 2).map((t) => t.cells[0]));
  if (!movable.has(picked)) picked = movable.size === 1 ? [...movable][0] : null;
  const ends = new Map();  // cell -> the target whose last click it is (with the piece picked)
  for (const target of targets) {
    if (target.cells.length === 0) continue;
    if (target.cells.length > 1 && target.cells[0] !== picked) continue;
    ends.set(target.cells[target.cells.length - 1], target);
  }
  const hintCells = new Set(view.hint || []);
  const before = shown.get(grid) || [];
  // A piece that appears flies in from the one cell a piece of its kind left since the last
  // drawing: a move's piece from where it stood, a take-back's from where the move had put it.
  const left = before.length === pieces.length ? pieces.flatMap((piece, index) => (!piece && before[index] ? [index] : [])) : [];
  const fromFor = (piece) => {
    const same = left.filter((index) => before[index].kind === piece.kind && before[index].side === piece.side);
    return same.length === 1 ? board.cells[same[0]] : null;
  };
  const label = (index) => board.cells[index].label;
  const says = (target) => {
    const text = textOf(target);
    if (text !== undefined) return say("page.play_move", { move: text });
    if (target.cells.length === 2) return say("page.move_from_to", { from: label(target.cells[0]), to: label(target.cells[1]) });
    return say("page.play_move", { move: label(target.cells[0]) });
  };

  const rows = [];
  if (named) {
    const header = document.createElement("div");
    header.setAttribute("role", "row");
    header.className = "names";
    // The corner names no column: it is a cell of the header row with nothing in it.
    const corner = document.createElement("span");
    corner.setAttribute("role", "gridcell");
    corner.className = "corner";
    header.append(corner);
    for (const column of order(board.columns)) {
      const node = document.createElement("span");
      node.setAttribute("role", "columnheader");
      node.textContent = board.column_names[column] ?? "";
      header.append(node);
    }
    rows.push(header);
  }
  for (const row of order(board.rows)) {
    const line = document.createElement("div");
    line.setAttribute("role", "row");
    if (named) {
      const name = document.createElement("span");
      name.setAttribute("role", "rowheader");
      name.textContent = board.row_names[row] ?? "";
      line.append(name);
    }
    for (const column of order(board.columns)) {
      const index = at.get(`${row},${column}`);
      const node = document.createElement("div");
      node.setAttribute("role", "gridcell");
      Object.assign(node.dataset, { row, column });
      if (index === undefined) { node.className = "cell none"; line.append(node); continue; }
      const cell = board.cells[index];
      node.dataset.index = index;
      node.className = `cell ${cell.shade}`;
      node.dataset.cell = cell.label;
      if (last.has(index)) node.classList.add("last");
      if (hintCells.has(index)) node.classList.add("hinted");
      if (decisive.has(index)) node.classList.add("decisive");
      const piece = pieces[index];
      const content = piece ? piece.name : say("page.empty");
      const named = cell.label ? `${cell.label}, ${content}` : content;
      const name = decisive.has(index) ? `${named}, ${say("page.decisive")}` : named;
      node.setAttribute("aria-label", name);
      if (cell.label) {
        const number = document.createElement("span");
        number.className = "number";
        number.setAttribute("aria-hidden", "true");
        number.textContent = cell.label;
        node.append(number);
      }
      if (piece) {
        const drawn = drawPiece(piece);
        const was = before[index];
        const from = was ? null : fromFor(piece);
        if (from) {
          drawn.classList.add("moved");
          const way = flipped ? -1 : 1;
          drawn.style.setProperty("--dx", `${way * (from.column - column) * 100}%`);
          drawn.style.setProperty("--dy", `${way * (from.row - row) * 100}%`);
        } else if (!was) drawn.classList.add("placed");
        else if (was !== piece) drawn.classList.add("flipped");
        node.append(drawn);
      }
      const target = ends.get(index);
      const value = target && view.values && view.values[pathOf(target.cells)];
      if (actions.edit && cell.label) {
        const press = button(name, () => actions.edit(row, column));
        press.className = "editable";
        press.dataset.edit = cell.label;
        node.append(press);
      } else if (target) {
        // A value's label is written on the target, so its name holds it too ("3 4, empty: W1, ...").
        const words = value ? `${value.label}, ${value.words}` : says(target);
        const press = button(`${name}: ${words}`, () => {
          picked = null;
          cursors.set(grid, target.cells[target.cells.length - 1]);  // the focus stays with the piece moved
          actions.play(target);
        });
        press.className = "target";
        press.dataset.move = textOf(target) ?? target.cells.map(label).join(" ");
        if (value) {
          press.classList.add("valued");
          press.dataset.value = value.label;
          press.style.setProperty("--value", value.colour);
          press.textContent = value.label;
        }
        node.append(press);
      } else if (movable.has(index)) {
        const press = button(say("page.choose_piece", { piece: name }), () => {
          picked = index;
          pickedNow = true;
          cursors.set(grid, index);
          actions.redraw();
        });
        press.className = index === picked ? "selectable selected" : "selectable";
        press.setAttribute("aria-pressed", index === picked ? "true" : "false");
        node.append(press);
      } else node.tabIndex = -1;
      line.append(node);
    }
    rows.push(line);
  }
  grid.replaceChildren(...rows);
  shown.set(grid, pieces);

  // Moves the board cannot show (it gives them no cells to click) as buttons under it.
  const box = moveButtons(grid);
  if (box) {
    box.replaceChildren(...targets.filter((target) => target.cells.length === 0).map((target) => {
      const value = view.values && view.values[pathOf(target.cells)];
      const press = button(value ? `${target.move} (${value.label}): ${value.words}` : say("page.play_move", { move: target.move }), () => actions.play(target));
      press.textContent = value ? `${target.move} (${value.label})` : target.move;
      press.dataset.move = target.move;
      return press;
    }));
  }
  // The board is one tab stop, on the cell where the next action is; the focus, if on the board,
  // goes there.
  const cursor = cursorAfter(grid, board, view, cursors.get(grid), pieces);
  pickedNow = false;
  cursors.set(grid, cursor);
  for (const node of grid.querySelectorAll("[data-index], [data-index] button")) node.tabIndex = -1;
  const cell = grid.querySelector(`[data-index="${cursor}"]`);
  if (cell) controlOf(cell).tabIndex = 0;
  if (hadFocus) focusBoard(grid);
}

// The cell the board's tab stop goes to: the nearest square of a piece just chosen; else the
// cell it was on while there is something to do there; else the cell of use nearest it (or the
// last move's piece, on a board shown afresh); else it stays (nothing to do: the other side is to
// move). A piece already chosen is no place to land: its squares are.
function cursorAfter(grid, board, view, cursor, pieces) {
  const cells = [...grid.querySelectorAll("[data-index]")].map((cell) => Number(cell.dataset.index));
  const usable = cells.filter((index) => board.cells[index].label !== "");
  const useful = cells.filter((index) => grid.querySelector(`[data-index="${index}"] button`)
    && !(index === picked && grid.querySelector("[data-move]")));
  const distance = (a, b) => (board.cells[a].row - board.cells[b].row) ** 2 + (board.cells[a].column - board.cells[b].column) ** 2;
  const nearest = (among, to) => [...among].sort((a, b) => distance(a, to) - distance(b, to) || a - b)[0];
  if (pickedNow && picked !== null) {
    const squares = useful.filter((index) => grid.querySelector(`[data-index="${index}"] [data-move]`));
    if (squares.length > 0) return nearest(squares, picked);
  }
  if (useful.includes(cursor)) return cursor;
  const anchor = cells.includes(cursor) ? cursor : view.last.find((index) => pieces[index]);
  if (anchor === undefined) return useful[0] ?? usable[0] ?? cells[0];
  if (useful.length === 0) return anchor;
  return nearest(useful, anchor);
}

function moveButtons(grid) {
  if (!grid.parentNode) return null;
  let box = grid.parentNode.querySelector(".move-buttons");
  if (!box) {
    box = document.createElement("p");
    box.className = "move-buttons";
    grid.after(box);
  }
  return box;
}

// The pieces a layout's legend names, each drawn as on the board, with how many stand on the
// board where the layout counts them (`pieces`: the position's).
export function legend(board, pieces) {
  if (!board.kinds || board.kinds.length === 0) return null;
  const list = document.createElement("ul");
  list.className = "legend";
  list.setAttribute("aria-label", say("page.legend"));
  const kinds = piecesOn(board, pieces || "");
  board.kinds.forEach((entry) => {
    const item = document.createElement("li");
    item.append(drawPiece(entry), entry.name);
    if (board.counted) {
      const count = document.createElement("span");
      count.className = "count";
      count.textContent = `: ${kinds.filter((kind) => kind === entry).length}`;
      item.append(count);
    }
    list.append(item);
  });
  return list;
}

// What the page calls a side: the layout's own name for it (Black (X)), else the game's word.
export const sideName = (view, seat) => (view.board && view.board.side_names[seat]) || view.sides[seat];
