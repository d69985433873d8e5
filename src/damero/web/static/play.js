// A game's page: the board, the moves, the seat and the socket that keeps it up to date. It knows
// no rule of any game: the server sends what is legal and what happened.
import { draw } from "./board.js";
import { adopt, changeLanguage, connected, html, language, languageChoice, main, say } from "./common.js";
import { isTwoPeople, linksBox, onlinePanel, seatOf } from "./online.js";
import { replayPage } from "./replay.js";

export function gamePage(id) {
  const seat = seatOf(id);
  const token = seat.token;
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
  const links = linksBox(id, seat);
  const connection = html("p", { id: "connection", role: "status" });
  let state = null;
  let hinted = null;
  let online = false;  // whether the socket is open and has sent the game
  let queued = null;  // a move made while offline, sent at its version once the socket is back

  const send = (message) => {
    const socket = connected();
    if (!online || !socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  };
  const panel = onlinePanel(id, seat, send);
  const play = (text) => {
    error.textContent = "";
    const message = { type: "move", move: text, version: state.version };
    if (!send(message)) { queued = message; render(); }
  };
  const sendQueued = () => {
    if (!queued) return;
    const waiting = queued;
    queued = null;
    if (waiting.version === state.version) send(waiting);
    else error.textContent = say("page.queued_stale", { move: waiting.move });
  };
  const render = async () => {
    if (!state) return;
    const canMove = state.turn !== null && state.seat.includes(state.turn) && !state.thinking && !queued;
    draw(svg, { ...state, hint: hinted }, { play, canMove, showNumbers: numbers.checked, redraw: render });
    status.replaceChildren(...state.status.map((line) => html("p", {}, line)),
      ...(state.thinking ? [html("p", { id: "thinking" }, say("page.thinking"))] : []));
    notice.textContent = state.notices.join(" ");
    turnLine.textContent = state.turn ? say("page.to_move", { side: state.sides[state.turn] }) : "";
    seatLine.textContent = state.seat.length === 0 ? say("page.spectator")
      : say("page.you_play", { sides: state.seat.map((s) => state.sides[s]).join(", ") });
    moves.replaceChildren(...state.moves.map((m) => html("li", {}, m)));
    moves.scrollTop = moves.scrollHeight;
    undo.hidden = !state.can_undo || isTwoPeople(state);
    hint.hidden = !canMove;
    typed.disabled = !canMove;
    replay.hidden = !state.over;
    document.body.dataset.version = state.version;
    document.body.dataset.over = state.over ? "yes" : "no";
    showConnection();
    panel.update(state, online);
  };
  // Offline, the board is greyed and says so; a move made then waits for the connection.
  const showConnection = () => {
    document.body.dataset.connection = online ? "online" : "offline";
    svg.parentNode?.classList.toggle("offline", !online);
    undo.disabled = hint.disabled = !online;  // nothing to send them on: only a move waits
    connection.textContent = [online ? "" : say("page.reconnecting"), queued ? say("page.queued", { move: queued.move }) : ""].join(" ").trim();
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
    html("div", { class: "side" }, connection, seatLine, turnLine, status, notice, error, form,
      html("p", {}, undo, " ", hint, " ", replay),
      html("label", {}, numbers, " ", say("page.numbers")),
      panel.panel, html("h2", {}, say("page.moves")), moves, html("p", {}, download), links)));

  // Reconnection tries again soon (a server that is back is found within a fraction of a second),
  // then less often, and starts afresh once connected.
  const FIRST_RETRY = 150, LAST_RETRY = 2500;
  let retry = FIRST_RETRY;
  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ lang: language });
    if (token) query.set("token", token);
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${id}?${query}`);
    adopt(socket);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        if (state && message.version < state.version) return;
        if (!state || message.version !== state.version) hinted = null;
        state = message;
        error.textContent = "";
        retry = FIRST_RETRY;
        online = true;
        sendQueued();
        render();
      } else if (message.type === "presence") {
        if (!state) return;
        Object.assign(state, { presence: message.presence, can_claim: message.can_claim });
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
      online = false;
      if (state) render(); else showConnection();
      if (event.code === 4404) return;  // the game is no more: the server said so
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, LAST_RETRY);
    };
  };
  connect();
  languageChoice.onchange = async () => { await changeLanguage(); send({ type: "sync", lang: language }); gamePage(id); };
}
