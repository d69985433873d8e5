// Othello: the board row by row ('-' empty, X, O) and a move's text "row column", both from 1.
import { clear, element, pressable } from "./board.js";

const CELL = 50;

export function draw(svg, view, actions) {
  const [board] = view.position.split(" ");
  const size = Math.round(Math.sqrt(board.length));
  clear(svg, size * CELL + 20, size * CELL + 20);
  const legal = new Set(actions.canMove ? view.legal : []);
  element(svg, "rect", { x: 0, y: 0, width: size * CELL + 20, height: size * CELL + 20, fill: "#0b4d2c" });
  for (let index = 0; index < size; index++) {
    element(svg, "text", { x: 20 + index * CELL + CELL / 2, y: 14, "text-anchor": "middle", "font-size": 12, fill: "#fff" }, String(index + 1));
    element(svg, "text", { x: 8, y: 20 + index * CELL + CELL / 2 + 4, "text-anchor": "middle", "font-size": 12, fill: "#fff" }, String(index + 1));
  }
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      const text = `${row + 1} ${column + 1}`;
      const x = 20 + column * CELL, y = 20 + row * CELL;
      element(svg, "rect", { x, y, width: CELL, height: CELL, fill: "#2e8b57", stroke: "#0b4d2c", "stroke-width": 2 });
      if (view.last === text) element(svg, "rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, class: "last" });
      const disc = board[row * size + column];
      if (disc === "X" || disc === "O") {
        element(svg, "circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.4,
          fill: disc === "X" ? "#111" : "#f5f5f5", stroke: "#000", "data-disc": disc });
      } else if (legal.has(text)) {
        const target = element(svg, "circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.18, class: "target", "data-move": text });
        pressable(target, text, () => actions.play(text));
      }
      if (view.hint === text) element(svg, "rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "hinted" });
    }
  }
}
