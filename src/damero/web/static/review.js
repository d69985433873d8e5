// A replay's review: the value after each move as a line over the game, the mistakes marked and
// listed, and a link that opens the position shown in the analysis board. It knows no game: the
// server judges every move (GET /api/games/{id}/analysis).
import { analysisLink } from "./analyse.js";
import { html, language, say, svg as element } from "./common.js";
import { sideName } from "./board.js";
import { moveNumbers } from "./movelist.js";

const WIDTH = 300, HEIGHT = 120, MARGIN = 10;

// A point of the line as a button: click, Enter or Space calls `action`; `label` is read aloud.
function pressable(node, label, action) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", action);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); action(); }
  });
  return node;
}

const RESULT_HEIGHT = { win: 1, draw: 0, loss: -1 };

// A value as a height from -1 (lost) to 1 (won) for the side it is given for; a disc score as a
// share of the largest score of the game.
const heightOf = (value, scale) => ("plies" in value ? RESULT_HEIGHT[value.result] : Math.max(-1, Math.min(1, value.score / scale)));

// `go(frame)` shows a frame of the replay; the panel's show(frame) follows the replay.
// `board` is the game's layout, whose names for the sides the review uses.
export function reviewPanel(document_, id, go, { analyse = false, board = null } = {}) {
  const numbers = moveNumbers(document_.movers);
  const named = { board, sides: document_.sides };
  // A move as the move table numbers it: its pair's number, then its side.
  const numbered = (move) => `${numbers[move.number - 1]}. ${sideName(named, move.side)}: ${move.move}`;
  const link = html("a", { id: "analyse-position" }, say("page.analyse_position"));
  const box = html("div", { id: "review" });
  const button = html("button", { type: "button", id: "analyse-game", hidden: !id }, say("page.analyse_game"));
  let marker = null;
  let shown = 0;
  const x = (frame) => MARGIN + frame * ((WIDTH - 2 * MARGIN) / Math.max(1, document_.frames.length - 1));
  const place = () => { if (marker) { marker.setAttribute("x1", x(shown)); marker.setAttribute("x2", x(shown)); } };

  const drawn = (review) => {
    const first = (move, value) => (move.side === "first" ? 1 : -1) * heightOf(value, scale);
    const scores = review.moves.flatMap((m) => [m.before, m.after]).filter((v) => !("plies" in v)).map((v) => Math.abs(v.score));
    const scale = Math.max(1, ...scores);
    const heights = review.moves.length ? [first(review.moves[0], review.moves[0].before), ...review.moves.map((m) => first(m, m.after))] : [];
    const y = (h) => HEIGHT / 2 - h * (HEIGHT / 2 - MARGIN);
    const svg = element(null, "svg", { class: "values-line", id: "values-line", viewBox: `0 0 ${WIDTH} ${HEIGHT}` });
    element(svg, "line", { x1: MARGIN, x2: WIDTH - MARGIN, y1: HEIGHT / 2, y2: HEIGHT / 2, class: "even" });
    marker = element(svg, "line", { y1: 0, y2: HEIGHT, class: "shown" });
    element(svg, "polyline", { points: heights.map((h, frame) => `${x(frame)},${y(h)}`).join(" "), class: "line" });
    heights.forEach((h, frame) => {
      const move = review.moves[frame - 1];
      const mistake = move && move.mistake;
      const point = element(svg, "circle", { cx: x(frame), cy: y(h), r: mistake ? 5 : 3, class: mistake ? "point mistake" : "point",
        ...(mistake ? { "data-mistake": move.number } : {}) });
      const words = move ? numbered(move) : say("page.first");
      pressable(point, mistake ? `${words}: ${say("page.mistake")}` : words, () => go(frame));
    });
    place();
    const mistakes = review.moves.filter((m) => m.mistake);
    const listed = mistakes.length === 0 ? html("p", { id: "mistakes" }, say("page.no_mistakes"))
      : html("p", { id: "mistakes" }, say("page.mistakes", { moves: "" }), ...mistakes.map((m) => [" ",
        html("button", { type: "button", class: "mistake", "data-number": m.number, onclick: () => go(m.number) },
          say("page.mistake_move", { number: numbers[m.number - 1], move: m.move, side: sideName(named, m.side), best: m.best }))]));
    return [html("p", {}, say("page.values_line", { side: sideName(named, "first") })), svg, listed];
  };

  const load = async () => {
    button.hidden = true;
    box.replaceChildren(html("p", {}, say("page.analysing")));
    const response = await fetch(`/api/games/${id}/analysis?lang=${language}`);
    const review = await response.json();
    if (!response.ok) {
      box.replaceChildren(html("p", { class: "error", role: "alert" }, review.message));
      button.hidden = false;
      return;
    }
    box.replaceChildren(...drawn(review));
  };
  button.addEventListener("click", load);
  if (id && analyse) load();

  return {
    node: html("div", { class: "review-panel" }, html("p", {}, link, " ", button), box),
    show(frame) {
      shown = frame;
      link.href = analysisLink(document_.game, document_.options, document_.frames[frame].position);
      place();
    },
  };
}
