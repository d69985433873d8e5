// The page shell: the front page, a game's page and replays. It knows no rule of any game:
// the server sends what is legal and what happened, and board.js draws the board it describes.
import { draw } from "./board.js";
const main = document.getElementById("main");
const languageChoice = document.getElementById("language");
let language = localStorage.getItem("damero.lang") || (navigator.language || "en").slice(0, 2);
if (!["en", "es"].includes(language)) language = "en";
languageChoice.value = language;
document.documentElement.lang = language;
let words = {};
const say = (key, values = {}) => (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");

async function loadWords() {
  words = await (await fetch(`/api/messages?lang=${language}`)).json();
  document.title = say("page.title");
}

function html(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// ---------- the front page ----------
async function frontPage() {
  const listing = await (await fetch("/api/games")).json();
  const game = html("select", { id: "game-choice", name: "game" },
    listing.games.map((g) => html("option", { value: g.name }, say(`${g.name}.title`))));
  const extra = html("div", { id: "game-options" });
  const mode = html("select", { id: "mode-choice" },
    ["local", "computer", "friend"].map((m) => html("option", { value: m }, say(`page.mode_${m}`))));
  const seat = html("select", { id: "seat-choice" });
  const level = html("select", { id: "level-choice" }, listing.levels.map((l) => html("option", { value: l, selected: l === 3 }, String(l))));
  const error = html("p", { class: "error", role: "alert" });
  const refresh = () => {
    const chosen = listing.games.find((g) => g.name === game.value);
    extra.replaceChildren(...Object.entries(chosen.options).map(([name, values]) =>
      html("label", {}, say(`page.${name}`) + " ", html("select", { "data-option": name },
        values.map((v) => html("option", { value: v, selected: v === chosen.default[name] }, `${v}x${v}`))))));
    seat.replaceChildren(...chosen.sides.map((s) => html("option", { value: s.seat }, say(s.key))));
  };
  game.addEventListener("change", refresh);
  refresh();
  const start = async (event) => {
    event.preventDefault();
    const options = {};
    for (const select of extra.querySelectorAll("select")) options[select.dataset.option] = Number(select.value);
    const body = { game: game.value, options, mode: mode.value, seat: seat.value, level: Number(level.value) };
    await createGame(body, error);
  };
  const upload = html("input", { type: "file", id: "upload", onchange: async () => {
    const file = upload.files[0];
    if (!file) return;
    const response = await fetch(`/api/upload?lang=${language}`, { method: "POST", body: file });
    const document_ = await response.json();
    if (!response.ok) { error.textContent = document_.message; return; }
    replayPage(document_, null);
  } });
  const open = listing.open.length === 0 ? html("p", {}, say("page.none_open"))
    : html("ul", { id: "open-games" }, listing.open.map((g) => html("li", {},
      html("a", { href: `/play/${g.id}` }, `${say(`${g.game}.title`)}${g.options.size ? ` ${g.options.size}x${g.options.size}` : ""} — ${say("page.watch")}`))));
  main.replaceChildren(
    html("h1", {}, say("page.tagline")),
    html("form", { onsubmit: start },
      html("fieldset", {}, html("legend", {}, say("page.new_game")),
        html("label", {}, game), extra,
        html("label", {}, say("page.mode") + " ", mode), " ",
        html("label", {}, say("page.seat") + " ", seat), " ",
        html("label", {}, say("page.level") + " ", level), html("br"),
        html("button", { type: "submit", id: "create" }, say("page.create")))),
    error,
    html("fieldset", {}, html("legend", {}, say("page.upload")), upload),
    html("h2", {}, say("page.open_games")), open,
    html("ul", {}, listing.games.map((g) => html("li", {}, html("strong", {}, say(`${g.name}.title`)), ": ", say(`${g.name}.summary`)))),
  );
}

async function createGame(body, error) {
  const response = await fetch(`/api/games?lang=${language}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const created = await response.json();
  if (!response.ok) { error.textContent = created.message; return; }
  localStorage.setItem(`damero.seat.${created.id}`, created.token);
  if (created.links.other) sessionStorage.setItem(`damero.links.${created.id}`, JSON.stringify(created.links));
  history.pushState({}, "", `/play/${created.id}`);
  route();
}

// ---------- a game's page ----------
let connection = null;

function gamePage(id) {
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
    if (connection && connection.readyState === WebSocket.OPEN) connection.send(JSON.stringify(message));
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
    const query = new URLSearchParams({ lang: language });
    if (token) query.set("token", token);
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${id}?${query}`);
    connection = socket;
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
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
      if (connection !== socket) return;
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

// ---------- replays: a finished game, or an uploaded file ----------
async function replayPage(document_, id) {
  const closing = connection; connection = null; if (closing) closing.close();
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
  };
  const go = (to) => { shown = Math.max(0, Math.min(document_.frames.length - 1, to)); show(); };
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
    html("p", {}, button("page.play_on", "play-on", playOn)), error,
    id ? html("p", {}, html("a", { href: `/api/games/${id}/record`, download: "" }, say("page.download"))) : null,
    html("h2", {}, say("page.moves")), list)));
  show();
}

async function changeLanguage() {
  language = languageChoice.value;
  localStorage.setItem("damero.lang", language);
  document.documentElement.lang = language;
  await loadWords();
}

async function route() {
  const closing = connection; connection = null; if (closing) closing.close();
  const match = location.pathname.match(/^\/play\/([\w-]+)$/);
  languageChoice.onchange = async () => { await changeLanguage(); route(); };
  if (match) gamePage(match[1]); else await frontPage();
}

window.addEventListener("popstate", route);
await loadWords();
route();
