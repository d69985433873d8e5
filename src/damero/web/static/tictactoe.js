// Tic-tac-toe: nine cells numbered 1..9 row by row; a move's text is its cell number.
import { clear, element, pressable } from "./board.js";

const CELL = 100;

export function draw(svg, view, actions) {
  clear(svg, 3 * CELL, 3 * CELL);
  const cells = view.position.replace(/\s/g, "");
  const legal = new Set(actions.canMove ? view.legal : []);
  for (let cell = 1; cell <= 9; cell++) {
    const x = ((cell - 1) % 3) * CELL, y = Math.floor((cell - 1) / 3) * CELL;
    element(svg, "rect", { x, y, width: CELL, height: CELL, fill: "#fff", stroke: "#333", "stroke-width": 3 });
    if (view.last === String(cell)) element(svg, "rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, class: "last" });
    const mark = cells[cell - 1];
    if (mark !== "-") {
      element(svg, "text", { x: x + CELL / 2, y: y + CELL * 0.7, "text-anchor": "middle", "font-size": 64,
        fill: mark === "X" ? "#c62828" : "#1565c0" }, mark);
    } else if (legal.has(String(cell))) {
      const target = element(svg, "rect", { x: x + 10, y: y + 10, width: CELL - 20, height: CELL - 20, class: "target", "data-move": String(cell) });
      pressable(target, String(cell), () => actions.play(String(cell)));
    }
    if (view.hint === String(cell)) element(svg, "rect", { x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12, class: "hinted" });
  }
}
