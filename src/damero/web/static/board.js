// The one board drawer: draws any game from the board description the server sends (cells,
// pieces, a click path per legal move, the last move's cells) as a grid a screen reader walks,
// each cell a whole-square target. It knows no game: a move is made by sending the text the
// description gives for the clicked target.
import { say } from "./common.js";
import { drawPiece } from "./pieces.js";

const key = ([row, column]) => `${row},${column}`;
let picked = null;  // the cell of the piece chosen for a two-click move, as "row,column"
const shown = new WeakMap();  // each board's pieces as last drawn, to animate what changed
const boards = new WeakMap();  // an <svg> some page still passes, and the grid drawn instead

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

// `view.board` is the description, `view.hint` a move's text or null, `view.title` the grid's
// name, `view.values` (if any) each move's value by its text as {label, words, colour};
// `actions` gives play(text), canMove, showNumbers, redraw() and, for a position editor,
// edit(row, column) for a press on a cell.
export function draw(given, view, actions) {
  const grid = hostOf(given);
  const board = view.board;
  const named = board.row_names.length > 0 || board.column_names.length > 0;
  const focused = grid.contains(document.activeElement) ? document.activeElement.closest("[data-row]") : null;
  const focusAt = focused ? focused.dataset.row + "," + focused.dataset.column : null;
  grid.setAttribute("aria-label", say("page.board", { game: view.title || "" }));
  grid.style.setProperty("--across", board.columns);
  grid.style.setProperty("--down", board.rows);
  grid.classList.toggle("named", named);
  grid.classList.toggle("numbered", Boolean(actions.showNumbers));

  const cells = new Map(board.cells.map((cell) => [key([cell.row, cell.column]), cell]));
  const pieces = new Map(board.pieces.map((piece) => [key([piece.row, piece.column]), piece]));
  const last = new Set(board.last.map(key));
  const targets = actions.canMove ? board.targets : [];
  const movable = new Set(targets.filter((t) => t.clicks.length === 2).map((t) => key(t.clicks[0])));
  if (!movable.has(picked)) picked = movable.size === 1 ? [...movable][0] : null;
  const ends = new Map();  // cell -> the target whose last click it is (with the piece picked)
  for (const target of targets) {
    if (target.clicks.length === 0) continue;
    if (target.clicks.length > 1 && key(target.clicks[0]) !== picked) continue;
    ends.set(key(target.clicks[target.clicks.length - 1]), target);
  }
  const hinted = view.hint && board.targets.find((target) => target.move === view.hint);
  const hintCells = new Set(hinted ? hinted.clicks.map(key) : []);
  const before = shown.get(grid) || new Map();
  const from = board.vacated && board.vacated.length === 1 ? board.vacated[0] : null;

  const rows = [];
  if (named) {
    const header = document.createElement("div");
    header.setAttribute("role", "row");
    header.className = "names";
    const corner = document.createElement("span");
    corner.setAttribute("role", "columnheader");
    corner.className = "corner";
    header.append(corner);
    board.column_names.forEach((name) => {
      const node = document.createElement("span");
      node.setAttribute("role", "columnheader");
      node.textContent = name;
      header.append(node);
    });
    rows.push(header);
  }
  for (let row = 0; row < board.rows; row += 1) {
    const line = document.createElement("div");
    line.setAttribute("role", "row");
    if (named) {
      const name = document.createElement("span");
      name.setAttribute("role", "rowheader");
      name.textContent = board.row_names[row] ?? "";
      line.append(name);
    }
    for (let column = 0; column < board.columns; column += 1) {
      const at = key([row, column]);
      const cell = cells.get(at);
      const node = document.createElement("div");
      node.setAttribute("role", "gridcell");
      Object.assign(node.dataset, { row, column });
      if (!cell) { node.className = "cell none"; line.append(node); continue; }
      node.className = `cell ${cell.shade}`;
      node.dataset.cell = cell.label;
      if (last.has(at)) node.classList.add("last");
      if (hintCells.has(at)) node.classList.add("hinted");
      const piece = pieces.get(at);
      const content = piece ? piece.name : say("page.empty");
      const name = cell.label ? `${cell.label}, ${content}` : content;
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
        const was = before.get(at);
        if (!was && from) {
          drawn.classList.add("moved");
          drawn.style.setProperty("--dx", `${(from[1] - column) * 100}%`);
          drawn.style.setProperty("--dy", `${(from[0] - row) * 100}%`);
        } else if (!was) drawn.classList.add("placed");
        else if (was !== piece.colour) drawn.classList.add("flipped");
        node.append(drawn);
      }
      const target = ends.get(at);
      const value = target && view.values && view.values[target.move];
      if (actions.edit && cell.label) {
        const press = button(name, () => actions.edit(row, column));
        press.className = "editable";
        press.dataset.edit = cell.label;
        node.append(press);
      } else if (target) {
        const says = value ? value.words : say("page.play_move", { move: target.move });
        const press = button(`${name}: ${says}`, () => { picked = null; actions.play(target.move); });
        press.className = "target";
        press.dataset.move = target.move;
        if (value) {
          press.classList.add("valued");
          press.dataset.value = value.label;
          press.style.setProperty("--value", value.colour);
          press.textContent = value.label;
        }
        node.append(press);
      } else if (movable.has(at)) {
        const press = button(say("page.choose_piece", { piece: name }), () => {
          picked = at;
          actions.redraw();
          const first = grid.querySelector("[data-move]");
          if (first) first.focus();
        });
        press.className = at === picked ? "selectable selected" : "selectable";
        press.setAttribute("aria-pressed", at === picked ? "true" : "false");
        node.append(press);
      } else node.tabIndex = -1;
      line.append(node);
    }
    rows.push(line);
  }
  grid.replaceChildren(...rows);
  shown.set(grid, new Map(board.pieces.map((piece) => [key([piece.row, piece.column]), piece.colour])));

  // Moves the board cannot show (it gives them no cells to click) as buttons under it.
  const box = moveButtons(grid);
  if (box) {
    box.replaceChildren(...targets.filter((target) => target.clicks.length === 0).map((target) => {
      const value = view.values && view.values[target.move];
      const press = button(value ? `${target.move}: ${value.words}` : say("page.play_move", { move: target.move }), () => actions.play(target.move));
      press.textContent = value ? `${target.move} (${value.label})` : target.move;
      press.dataset.move = target.move;
      return press;
    }));
  }
  // Focus stays on the board: on the same cell's control, else the cell, else the grid.
  if (focusAt) {
    const [row, column] = focusAt.split(",");
    const cell = grid.querySelector(`[data-row="${row}"][data-column="${column}"]`);
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

// The pieces a board's legend names, each drawn as on the board.
export function legend(board) {
  if (!board.legend || board.legend.length === 0) return null;
  const list = document.createElement("ul");
  list.className = "legend";
  list.setAttribute("aria-label", say("page.legend"));
  for (const entry of board.legend) {
    const item = document.createElement("li");
    item.append(drawPiece(entry), entry.name);
    list.append(item);
  }
  return list;
}

// What the page calls a side: the board's own name for it (Black (X)), else the game's word.
export const sideName = (view, seat) => (view.board && view.board.side_names[seat]) || view.sides[seat];
