// Replays: a finished game (at its own address, /replay/ID), or an uploaded file, frame by frame;
// any frame can be played on.
import { boardElement, draw, layoutAt, legend, sideName } from "./board.js";
import { disconnect, html, language, main, say, setKeys } from "./common.js";
import { createGame } from "./online.js";
import { reviewPanel } from "./review.js";
import { moveTable, scrolledMoves, stepKey } from "./movelist.js";

export async function replayOf(id) {
  const response = await fetch(`/api/games/${id}/replay?lang=${language}`);
  const document_ = await response.json();
  if (!response.ok) { main.replaceChildren(html("p", { class: "error", role: "alert" }, document_.message)); return; }
  await replayPage(document_, id, { analyse: new URLSearchParams(location.search).has("analyse") });
}

// A record file opened on the front page, replayed at an address of its own (/replay?upload=KEY)
// that a reload keeps: the file is kept in this tab's storage under KEY until the tab closes.
const uploadKey = (key) => `damero.upload.${key}`;

export async function uploadReplay(text) {
  const response = await fetch(`/api/upload?lang=${language}`, { method: "POST", body: text });
  const document_ = await response.json();
  if (!response.ok) return document_.message;
  const key = Math.random().toString(36).slice(2, 10);
  sessionStorage.setItem(uploadKey(key), text);
  history.pushState({}, "", `/replay?upload=${key}`);
  await replayPage(document_, null);
  return null;
}

export async function uploadedReplay() {
  const text = sessionStorage.getItem(uploadKey(new URLSearchParams(location.search).get("upload")));
  const refusal = text === null ? say("page.upload_gone") : await uploadReplayAgain(text);
  if (refusal) main.replaceChildren(html("h1", {}, say("page.missing_title")), html("p", { class: "error", role: "alert" }, refusal));
}

async function uploadReplayAgain(text) {
  const response = await fetch(`/api/upload?lang=${language}`, { method: "POST", body: text });
  const document_ = await response.json();
  if (!response.ok) return document_.message;
  await replayPage(document_, null);
  return null;
}

// `analyse`: show the game's review at once (a finished game's "Analyse").
export async function replayPage(document_, id, { analyse = false } = {}) {
  disconnect();
  const board = await layoutAt(document_.layout);
  const last = document_.frames.length - 1;
  let shown = last;
  const grid = boardElement();
  const status = html("div", { class: "status", id: "status" });
  const notice = html("p", { id: "notice", class: "board-notice" });
  const counter = html("p", { id: "counter", role: "status" });
  const list = html("div", { class: "moves-place" });
  const legendBox = html("div", { class: "legend-box" });
  const error = html("p", { class: "error", role: "alert" });
  const title = say(`${document_.game}.title`);
  const start = { board, sides: document_.sides };
  const names = { first: sideName(start, "first"), second: sideName(start, "second") };
  let flipped = false;  // the board drawn from the other side
  const flip = html("button", { type: "button", id: "flip", "aria-pressed": "false", onclick: () => {
    flipped = !flipped; flip.setAttribute("aria-pressed", String(flipped)); show();
  } }, say("page.flip"));
  const show = () => {
    const frame = document_.frames[shown];
    draw(grid, { ...frame, board, title }, { play: () => {}, canMove: false, showNumbers: true, redraw: show, flipped });
    legendBox.replaceChildren(legend(board, frame.pieces) || "");
    status.replaceChildren(...frame.status.map((line) => html("p", {}, line)));
    notice.textContent = frame.forced.join(" ");
    counter.textContent = say("page.replaying", { shown: shown + 1, total: document_.frames.length });
    list.replaceChildren(scrolledMoves(moveTable({ moves: document_.moves, movers: document_.movers, names, shown, pick: go })));
    review.show(shown);
  };
  const go = (to) => { shown = Math.max(0, Math.min(last, to)); show(); };
  const review = reviewPanel(document_, id, go, { analyse: analyse && document_.analysable, board });
  setKeys((event) => { const to = stepKey(event, shown, last); if (to !== null) go(to); });
  const button = (key, id_, action) => html("button", { type: "button", id: id_, onclick: action }, say(key));
  const playOn = async () => {
    await createGame({ game: document_.game, options: document_.options, mode: "local", start: document_.start,
      moves: document_.moves.slice(0, shown) }, error);
  };
  main.replaceChildren(html("div", { class: "layout" }, html("div", { class: "board-box" }, grid, notice),
    html("div", { class: "side" }, html("h1", { class: "game-title", id: "game-title" }, say("page.replay_title", { game: title })), counter, status,
      html("p", {}, button("page.first", "first", () => go(0)), " ", button("page.back", "back", () => go(shown - 1)), " ",
        button("page.forward", "forward", () => go(shown + 1)), " ", button("page.last", "last", () => go(Infinity)), " ", flip),
      // Fair play: a game between two people still being played is neither played on nor analysed.
      document_.analysable ? html("p", {}, button("page.play_on", "play-on", playOn)) : null, error,
      document_.analysable ? review.node : null,
      legendBox, list, html("p", { class: "keys" }, say("page.keys")),
      id ? html("p", {}, html("a", { href: `/api/games/${id}/record`, download: "" }, say("page.download")), " ",
        html("a", { href: `/play/${id}` }, say("page.back_to_game"))) : null,
      html("p", {}, html("a", { href: `/rules#${document_.game}` }, say("page.rules"))))));
  show();
  grid.focus({ preventScroll: true });
}
