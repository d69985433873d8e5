// The one board drawer: draws any game on its layout (the cells, their names and shades, the kinds
// of piece, fetched once and kept by the browser) from what the server sends of a position (the
// pieces, a click path per legal move, the last move's cells) as a grid a screen reader walks,
// each cell a whole-square target. It knows no game: a move is made by sending the cells clicked.
// The formats are described in web/boards.py and docs/browser.md.
import { say } from "./common.js";
import { drawPiece } from "./pieces.js";

let picked = null;  // the cell of the piece chosen for a two-click move, by its index
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
// A target's cells as one key, as `view.texts` and `view.values` are kept by.
export const pathOf = (cells) => cells.join(" ");

// A grid for a page to place; `draw` fills it.
export function boardElement() {
  const grid = document.createElement("div");
  grid.className = "board";
  grid.setAttribute("role", "grid");
  grid.tabIndex = -1;
  return grid;
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
  const focused = grid.contains(document.activeElement) ? document.activeElement.closest("[data-index]") : null;
  const focusAt = focused ? Number(focused.dataset.index) : null;
  grid.setAttribute("aria-label", say("page.board", { game: view.title || "" }));
  grid.style.setProperty("--across", board.columns);
  grid.style.setProperty("--down", board.rows);
  grid.classList.toggle("named", named);
  grid.classList.toggle("numbered", Boolean(actions.showNumbers));

  const at = new Map(board.cells.map((cell, index) => [`${cell.row},${cell.column}`, index]));
  const pieces = piecesOn(board, view.pieces);
  const last = new Set(view.last);
  const decisive = new Set(view.decisive || []);
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
  const left = view.last.filter((index) => !pieces[index] && before[index]);
  const from = left.length === 1 ? board.cells[left[0]] : null;
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
        if (!was && from) {
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
        const press = button(`${name}: ${words}`, () => { picked = null; actions.play(target); });
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
          actions.redraw();
          const first = grid.querySelector("[data-move]");
          if (first) first.focus();
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
  // Focus stays on the board: on the same cell's control, else the cell, else the grid.
  if (focusAt !== null) {
    const cell = grid.querySelector(`[data-index="${focusAt}"]`);
    const control = cell && cell.querySelector("button");
    (control || cell || grid).focus({ preventScroll: true });
  }
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
