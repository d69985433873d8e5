// The one board drawer: draws any game from the board description the server sends (cells,
// pieces, a click path per legal move, the last move's cells). It knows no game: a move is made
// by sending the text the description gives for the clicked target.
const NS = "http://www.w3.org/2000/svg";
const CELL = 50;
const SHADES = {
  light: { fill: "var(--light)" },
  dark: { fill: "var(--dark)" },
  felt: { fill: "#2e8b57", stroke: "#0b4d2c", "stroke-width": 2 },
  paper: { fill: "#fff", stroke: "#333", "stroke-width": 3 },
};
const EDGE = { felt: "#0b4d2c", paper: "#333", light: "#4a3220", dark: "#4a3220" };
const INK = { felt: "#fff", dark: "#fff", light: "#5d4037", paper: "#777" };
const COLOURS = { black: "#212121", white: "#f5f5f5", grey: "#9e9e9e", red: "#c62828", blue: "#1565c0" };
const key = ([row, column]) => `${row},${column}`;
let picked = null;  // the cell of the piece chosen for a two-click move, as "row,column"

export function element(parent, name, attributes = {}, text = null) {
  const node = document.createElementNS(NS, name);
  for (const [attribute, value] of Object.entries(attributes)) node.setAttribute(attribute, value);
  if (text !== null) node.textContent = text;
  parent.appendChild(node);
  return node;
}

// A pressable area: click, Enter or Space calls `action`; `label` is read to keyboard users.
export function pressable(node, label, action) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.dataset.label = label;
  node.addEventListener("click", () => action(false));
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); action(true); }
  });
  return node;
}

// Moves the board cannot show (it gives them no cells to click) as buttons under it.
function buttonBox(svg) {
  let box = svg.parentNode && svg.parentNode.querySelector(".move-buttons");
  if (!box && svg.parentNode) {
    box = document.createElement("p");
    box.className = "move-buttons";
    svg.after(box);
  }
  return box;
}

// `view.board` is the description, `view.hint` a move's text or null, `view.values` (if any) each
// move's value by its text as {label, words, colour}; `actions` gives play(text), canMove,
// showNumbers, redraw() and, for a position editor, edit(row, column) for a click on a cell.
export function draw(svg, view, actions) {
  const board = view.board;
  const edge = board.row_names.length || board.column_names.length ? 20 : 0;
  const width = edge + board.columns * CELL, height = edge + board.rows * CELL;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const at = ([row, column]) => ({ x: edge + column * CELL, y: edge + row * CELL });
  const labelOf = new Map(board.cells.map((cell) => [key([cell.row, cell.column]), cell.label]));
  const firstShade = board.cells.length ? board.cells[0].shade : "paper";
  if (edge) {
    element(svg, "rect", { x: 0, y: 0, width, height, fill: EDGE[firstShade] || "#333" });
    const ink = INK.felt;
    board.column_names.forEach((name, column) => element(svg, "text", { x: edge + column * CELL + CELL / 2, y: 14,
      "text-anchor": "middle", "font-size": 12, fill: ink }, name));
    board.row_names.forEach((name, row) => element(svg, "text", { x: 8, y: edge + row * CELL + CELL / 2 + 4,
      "text-anchor": "middle", "font-size": 12, fill: ink }, name));
  }
  const last = new Set(board.last.map(key));
  for (const cell of board.cells) {
    const { x, y } = at([cell.row, cell.column]);
    element(svg, "rect", { x, y, width: CELL, height: CELL, ...(SHADES[cell.shade] || SHADES.paper), "data-cell": cell.label });
    if (last.has(key([cell.row, cell.column]))) element(svg, "rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "last" });
    if (actions.showNumbers && !edge && cell.label) {
      element(svg, "text", { x: x + 3, y: y + 12, "font-size": 11, fill: INK[cell.shade] || "#777", "pointer-events": "none" }, cell.label);
    }
  }

  const targets = actions.canMove ? board.targets : [];
  const movable = new Set(targets.filter((t) => t.clicks.length === 2).map((t) => key(t.clicks[0])));
  if (!movable.has(picked)) picked = movable.size === 1 ? [...movable][0] : null;
  const choose = (cell) => (byKeyboard) => {
    picked = cell;
    actions.redraw();
    if (byKeyboard) { const first = svg.querySelector("[data-move]"); if (first) first.focus(); }
  };
  const pieceAt = new Set();
  for (const piece of board.pieces) {
    const cell = key([piece.row, piece.column]);
    pieceAt.add(cell);
    const { x, y } = at([piece.row, piece.column]);
    const label = labelOf.get(cell) ?? "";
    const colour = COLOURS[piece.colour] || piece.colour;
    let node;
    if (piece.kind === "mark") {
      node = element(svg, "text", { x: x + CELL / 2, y: y + CELL * 0.7, "text-anchor": "middle", "font-size": CELL * 0.64, fill: colour }, piece.symbol);
    } else {
      node = element(svg, "circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * (piece.symbol ? 0.36 : 0.4), fill: colour,
        stroke: piece.colour === "white" ? "#000" : "#fff", "stroke-width": piece.colour === "white" ? 1 : 2 });
      if (piece.symbol) {
        element(svg, "text", { x: x + CELL / 2, y: y + CELL / 2 + 6, "text-anchor": "middle", "font-size": 16,
          fill: piece.colour === "white" ? "#000" : "#fff", "pointer-events": "none" }, piece.symbol);
      }
    }
    Object.assign(node.dataset, { piece: piece.kind, side: piece.side ?? "", square: label });
    if (movable.has(cell)) {
      node.classList.add("selectable");
      if (cell === picked) node.classList.add("selected");
      pressable(node, piece.name, choose(cell));
    } else {
      node.setAttribute("role", "img");
      node.setAttribute("aria-label", piece.name);
    }
  }
  // A first click on a cell with no piece on it (no game needs one today) still gets an area.
  for (const cell of movable) {
    if (pieceAt.has(cell)) continue;
    const { x, y } = at(cell.split(",").map(Number));
    const area = element(svg, "rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, fill: "transparent",
      class: cell === picked ? "selectable selected" : "selectable" });
    pressable(area, labelOf.get(cell) || cell, choose(cell));
  }

  const buttons = [];
  for (const target of targets) {
    if (target.clicks.length === 0) { buttons.push(target); continue; }
    if (target.clicks.length > 1 && key(target.clicks[0]) !== picked) continue;
    const { x, y } = at(target.clicks[target.clicks.length - 1]);
    const value = view.values && view.values[target.move];
    const node = element(svg, "circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * (value ? 0.36 : 0.2), class: "target", "data-move": target.move,
      ...(value ? { style: `fill: ${value.colour}; fill-opacity: .9`, "data-value": value.label } : {}) });
    if (value) element(svg, "text", { x: x + CELL / 2, y: y + CELL / 2 + 4, "text-anchor": "middle", "font-size": 12, class: "value-label", "pointer-events": "none" }, value.label);
    pressable(node, value ? `${target.move}: ${value.words}` : target.move, () => { picked = null; actions.play(target.move); });
  }
  const box = buttonBox(svg);
  if (box) {
    box.replaceChildren(...buttons.map((target) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.move = target.move;
      const value = view.values && view.values[target.move];
      button.textContent = value ? `${target.move} (${value.label})` : target.move;
      button.addEventListener("click", () => actions.play(target.move));
      return button;
    }));
  }

  const hinted = view.hint && board.targets.find((target) => target.move === view.hint);
  for (const cell of hinted ? hinted.clicks : []) {
    const { x, y } = at(cell);
    element(svg, "rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "hinted", "pointer-events": "none" });
  }

  // A position editor's clicks: an area over every cell that has a label, whatever stands on it.
  for (const cell of actions.edit ? board.cells.filter((cell) => cell.label) : []) {
    const { x, y } = at([cell.row, cell.column]);
    const area = element(svg, "rect", { x, y, width: CELL, height: CELL, fill: "transparent", class: "editable", "data-edit": cell.label });
    pressable(area, cell.label, () => actions.edit(cell.row, cell.column));
  }
}
