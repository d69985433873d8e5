// How each kind of piece a board description names is drawn: a cat, a mouse, a disc, a mark, and
// any other kind as a plain counter with its letter. Kinds are pieces, not games.
import { svg as shape } from "./common.js";

// A colour the description names, as the colour scheme paints it.
const paint = (colour) => `var(--piece-${colour}, ${colour})`;
const ink = (colour) => `var(--piece-${colour}-ink, #fff)`;

const KINDS = {
  disc(group, colour) {
    shape(group, "circle", { cx: 50, cy: 50, r: 40, fill: paint(colour), stroke: ink(colour), "stroke-width": 3 });
  },
  cat(group, colour) {
    const fill = paint(colour), line = ink(colour);
    shape(group, "path", { d: "M18 46 L22 10 L42 30 Z M82 46 L78 10 L58 30 Z", fill, stroke: line, "stroke-width": 3, "stroke-linejoin": "round" });
    shape(group, "ellipse", { cx: 50, cy: 56, rx: 34, ry: 30, fill, stroke: line, "stroke-width": 3 });
    shape(group, "ellipse", { cx: 37, cy: 52, rx: 5, ry: 7, fill: "#f9d71c" });
    shape(group, "ellipse", { cx: 63, cy: 52, rx: 5, ry: 7, fill: "#f9d71c" });
    shape(group, "path", { d: "M46 66 L54 66 L50 71 Z", fill: "#f48fb1" });
    shape(group, "path", { d: "M8 62 L32 66 M8 74 L32 70 M92 62 L68 66 M92 74 L68 70", stroke: line, "stroke-width": 2 });
  },
  mouse(group, colour) {
    const fill = paint(colour), line = ink(colour);
    shape(group, "circle", { cx: 26, cy: 32, r: 17, fill, stroke: line, "stroke-width": 3 });
    shape(group, "circle", { cx: 74, cy: 32, r: 17, fill, stroke: line, "stroke-width": 3 });
    shape(group, "circle", { cx: 26, cy: 32, r: 9, fill: "#f8bbd0" });
    shape(group, "circle", { cx: 74, cy: 32, r: 9, fill: "#f8bbd0" });
    shape(group, "path", { d: "M20 58 Q50 20 80 58 Q70 86 50 92 Q30 86 20 58 Z", fill, stroke: line, "stroke-width": 3 });
    shape(group, "circle", { cx: 40, cy: 58, r: 4, fill: "#111" });
    shape(group, "circle", { cx: 60, cy: 58, r: 4, fill: "#111" });
    shape(group, "circle", { cx: 50, cy: 88, r: 5, fill: "#e91e63" });
  },
  mark(group, colour, symbol) {
    if (symbol === "X") shape(group, "path", { d: "M22 22 L78 78 M78 22 L22 78", stroke: paint(colour), "stroke-width": 12, "stroke-linecap": "round" });
    else if (symbol === "O") shape(group, "circle", { cx: 50, cy: 50, r: 30, fill: "none", stroke: paint(colour), "stroke-width": 12 });
    else shape(group, "text", { x: 50, y: 68, "text-anchor": "middle", "font-size": 56, "font-weight": 700, fill: paint(colour) }).textContent = symbol;
  },
};

function counter(group, colour, symbol) {
  KINDS.disc(group, colour);
  if (symbol) shape(group, "text", { x: 50, y: 64, "text-anchor": "middle", "font-size": 40, fill: ink(colour) }).textContent = symbol;
}

// One piece as a small picture filling its cell; `name` is what it is called.
export function drawPiece(piece) {
  const picture = shape(null, "svg", { viewBox: "0 0 100 100", class: "piece", "aria-hidden": "true" });
  const group = shape(picture, "g", { "data-piece": piece.kind, "data-side": piece.side ?? "", "aria-label": piece.name });
  (KINDS[piece.kind] || counter)(group, piece.colour, piece.symbol);
  return picture;
}
