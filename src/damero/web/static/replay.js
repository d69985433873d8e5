// Replays: a finished game, or an uploaded file, frame by frame; any frame can be played on.
import { draw } from "./board.js";
import { disconnect, html, main, say } from "./common.js";
import { createGame } from "./front.js";
import { reviewPanel } from "./review.js";

// `analyse`: show the game's review at once (a finished game's "Analyse").
export async function replayPage(document_, id, { analyse = false } = {}) {
  disconnect();
  let shown = document_.frames.length - 1;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "board");
  const status = html("div", { class: "status", id: "status" });
  const counter = html("p", { id: "counter" });
  const list = html("ol", { class: "moves", id: "moves" });
  const error = html("p", { class: "error", role: "alert" });
  const show = () => {
    const frame = document_.frames[shown];
    draw(svg, frame, { play: () => {}, canMove: false, showNumbers: true, redraw: show });
    status.replaceChildren(...frame.status.map((line) => html("p", {}, line)));
    counter.textContent = say("page.replaying", { shown: shown + 1, total: document_.frames.length });
    list.replaceChildren(...document_.moves.map((m, index) => html("li", { class: index === shown - 1 ? "current" : null }, m)));
    review.show(shown);
  };
  const go = (to) => { shown = Math.max(0, Math.min(document_.frames.length - 1, to)); show(); };
  const review = reviewPanel(document_, id, go, { analyse });
  const button = (key, id_, action) => html("button", { type: "button", id: id_, onclick: action }, say(key));
  const playOn = async () => {
    await createGame({ game: document_.game, options: document_.options, mode: "local", start: document_.start,
      moves: document_.moves.slice(0, shown) }, error);
  };
  main.replaceChildren(html("div", { class: "layout", onkeydown: (event) => {
    if (event.key === "ArrowLeft") go(shown - 1);
    if (event.key === "ArrowRight") go(shown + 1);
  } }, html("div", { class: "board-box" }, svg), html("div", { class: "side" }, counter, status,
    html("p", {}, button("page.first", "first", () => go(0)), " ", button("page.back", "back", () => go(shown - 1)), " ",
      button("page.forward", "forward", () => go(shown + 1)), " ", button("page.last", "last", () => go(Infinity))),
    html("p", {}, button("page.play_on", "play-on", playOn)), error, review.node,
    id ? html("p", {}, html("a", { href: `/api/games/${id}/record`, download: "" }, say("page.download"))) : null,
    html("h2", {}, say("page.moves")), list)));
  show();
}
