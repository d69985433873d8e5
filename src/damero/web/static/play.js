// A game's page: the board, the moves, the seat and the socket that keeps it up to date. It knows
// no rule of any game: the server sends what is legal and what happened.
import { draw } from "./board.js";
import { adopt, changeLanguage, connected, html, language, languageChoice, main, say } from "./common.js";
import { applyEvent, follows } from "./events.js";
import { replayPage } from "./replay.js";

export function gamePage(id) {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("seat")) {
    localStorage.setItem(`damero.seat.${id}`, hash.get("seat"));
    history.replaceState({}, "", `/play/${id}`);
  }
  const token = localStorage.getItem(`damero.seat.${id}`);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "board");
  svg.setAttribute("role", "group");
  const status = html("div", { class: "status", id: "status", "aria-live": "polite" });
  const notice = html("p", { id: "notice" });
  const error = html("p", { class: "error", id: "error", role: "alert" });
  const seatLine = html("p", { id: "seat" });
  const turnLine = html("p", { id: "turn" });
  const moves = html("ol", { class: "moves", id: "moves" });
  const typed = html("input", { id: "typed", "aria-label": say("page.type_move"), placeholder: say("page.type_move"), autocomplete: "off" });
  const undo = html("button", { id: "undo", type: "button" }, say("page.undo"));
  const hint = html("button", { id: "hint", type: "button" }, say("page.hint"));
  const replay = html("button", { id: "replay", type: "button" }, say("page.replay"));
  const download = html("a", { id: "download", href: `/api/games/${id}/record`, download: "" }, say("page.download"));
  const numbers = html("input", { type: "checkbox", id: "numbers", checked: localStorage.getItem("damero.numbers") === "1" });
  const links = html("div", { class: "links", id: "links" });
  let state = null;
  let hinted = null;

  const saved = sessionStorage.getItem(`damero.links.${id}`);
  if (saved) {
    const known = JSON.parse(saved);
    links.append(html("label", {}, say("page.link_other"), html("input", { readonly: true, id: "link-other", value: location.origin + known.other })));
  }
  links.append(html("label", {}, say("page.link_watch"), html("input", { readonly: true, id: "link-watch", value: `${location.origin}/play/${id}` })));

  const send = (message) => {
    const socket = connected();
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const play = (text) => { error.textContent = ""; send({ type: "move", move: text, version: state.version }); };
  const render = async () => {
    if (!state) return;
    const canMove = state.turn !== null && state.seat.includes(state.turn) && !state.thinking;
    draw(svg, { ...state, hint: hinted }, { play, canMove, showNumbers: numbers.checked, redraw: render });
    status.replaceChildren(...state.status.map((line) => html("p", {}, line)),
      ...(state.thinking ? [html("p", { id: "thinking" }, say("page.thinking"))] : []));
    notice.textContent = state.notices.join(" ");
    turnLine.textContent = state.turn ? say("page.to_move", { side: state.sides[state.turn] }) : "";
    seatLine.textContent = state.seat.length === 0 ? say("page.spectator")
      : say("page.you_play", { sides: state.seat.map((s) => state.sides[s]).join(", ") });
    moves.replaceChildren(...state.moves.map((m) => html("li", {}, m)));
    moves.scrollTop = moves.scrollHeight;
    undo.hidden = !state.can_undo;
    hint.hidden = !canMove;
    typed.disabled = !canMove;
    replay.hidden = !state.over;
    document.body.dataset.version = state.version;
    document.body.dataset.over = state.over ? "yes" : "no";
  };
  numbers.addEventListener("change", () => { localStorage.setItem("damero.numbers", numbers.checked ? "1" : "0"); render(); });
  undo.addEventListener("click", () => send({ type: "undo", version: state.version }));
  hint.addEventListener("click", () => send({ type: "hint" }));
  replay.addEventListener("click", async () => {
    const response = await fetch(`/api/games/${id}/replay?lang=${language}`);
    replayPage(await response.json(), id);
  });
  const form = html("form", { onsubmit: (event) => { event.preventDefault(); if (typed.value.trim()) play(typed.value.trim()); typed.value = ""; } },
    typed, html("button", { type: "submit" }, say("page.send")));

  main.replaceChildren(html("div", { class: "layout" }, html("div", { class: "board-box" }, svg),
    html("div", { class: "side" }, seatLine, turnLine, status, notice, error, form,
      html("p", {}, undo, " ", hint, " ", replay),
      html("label", {}, numbers, " ", say("page.numbers")),
      html("h2", {}, say("page.moves")), moves, html("p", {}, download), links)));

  let retry = 250;
  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ lang: language, events: "1" });
    if (token) query.set("token", token);
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${id}?${query}`);
    adopt(socket);
    socket.onmessage = (event) => {
      let message = JSON.parse(event.data);
      if (message.type === "event") {
        if (state && message.version <= state.version) return;  // shown already
        // A change missed (or a page that has nothing yet): ask for the whole state instead.
        if (!follows(state, message)) { socket.send(JSON.stringify({ type: "sync" })); return; }
        message = applyEvent(state, message);
      }
      if (message.type === "state") {
        if (state && message.version < state.version) return;
        if (!state || message.version !== state.version) hinted = null;
        state = message;
        error.textContent = "";
        retry = 250;
        render();
      } else if (message.type === "error") {
        error.textContent = message.message;
      } else if (message.type === "hint") {
        if (!state || message.version !== state.version) return;  // the game moved on meanwhile
        hinted = message.move;
        error.textContent = message.message;
        render();
      }
    };
    socket.onclose = (event) => {
      if (connected() !== socket) return;
      // 1011: the server could not serve the game just now and said why; keep its words.
      const why = event.code === 1011 ? `${error.textContent} ` : "";
      error.textContent = why + say("page.reconnecting");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  };
  connect();
  languageChoice.onchange = async () => { await changeLanguage(); send({ type: "sync", lang: language }); gamePage(id); };
}
