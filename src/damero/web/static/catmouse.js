// Four Cats and the Mouse: squares 1..32 as in the seed (odd rows use columns 2,4,6,8, even rows
// 1,3,5,7). A position reads "mouse cat cat cat cat side" ('-' before the mouse is placed); the
// mouse's move is its target square, a cat's is "origin target".
import { clear, element, pressable } from "./board.js";

const CELL = 50;
let picked = null;

function place(square) {
  const row = Math.floor((square - 1) / 4) + 1;
  const column = row % 2 === 1 ? 2 * ((square - 1) % 4) + 2 : 2 * ((square - 1) % 4) + 1;
  return { x: (column - 1) * CELL, y: (row - 1) * CELL };
}

export function draw(svg, view, actions) {
  clear(svg, 8 * CELL, 8 * CELL);
  const words = view.position.split(" ");
  const mouse = words[0] === "-" ? null : Number(words[0]);
  const cats = words.slice(1, 5).map(Number);
  const legal = actions.canMove ? view.legal : [];
  const pieceOf = (text) => (text.includes(" ") ? Number(text.split(" ")[0]) : mouse);
  const movable = new Set(legal.map(pieceOf).filter((square) => square !== null));
  if (!movable.has(picked)) picked = movable.size === 1 ? [...movable][0] : null;
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      element(svg, "rect", { x: column * CELL, y: row * CELL, width: CELL, height: CELL,
        fill: (row + column) % 2 === 1 ? "var(--dark)" : "var(--light)" });
    }
  }
  const lastSquares = view.last ? view.last.split(" ").map(Number) : [];
  for (let square = 1; square <= 32; square++) {
    const { x, y } = place(square);
    if (lastSquares.includes(square)) element(svg, "rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, class: "last" });
    if (actions.showNumbers) element(svg, "text", { x: x + 3, y: y + 12, "font-size": 11, fill: "#fff" }, String(square).padStart(2, "0"));
  }
  const piece = (square, isMouse) => {
    const { x, y } = place(square);
    const node = element(svg, "circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.36,
      fill: isMouse ? "#9e9e9e" : "#212121", stroke: "#fff", "stroke-width": 2, "data-piece": isMouse ? "mouse" : "cat", "data-square": square });
    element(svg, "text", { x: x + CELL / 2, y: y + CELL / 2 + 6, "text-anchor": "middle", "font-size": 16, fill: "#fff", "pointer-events": "none" }, isMouse ? "R" : "G");
    if (movable.has(square)) {
      node.classList.add("selectable");
      if (square === picked) node.classList.add("selected");
      pressable(node, String(square), () => { picked = square; actions.redraw(); });
    }
  };
  cats.forEach((square) => piece(square, false));
  if (mouse !== null) piece(mouse, true);
  for (const text of legal) {
    const squares = text.split(" ").map(Number);
    const origin = squares.length === 2 ? squares[0] : mouse;
    if (origin !== null && origin !== picked) continue;
    const { x, y } = place(squares[squares.length - 1]);
    const target = element(svg, "circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.2, class: "target", "data-move": text });
    pressable(target, text, () => { picked = null; actions.play(text); });
  }
  if (view.hint) {
    for (const square of view.hint.split(" ").map(Number)) {
      const { x, y } = place(square);
      element(svg, "rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "hinted" });
    }
  }
}
