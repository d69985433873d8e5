// The analysis board: each legal move's value on its target, the position's verdict in words, and
// a position editor. It knows no game: the server sends the board, the pieces an editor places,
// the position each move leads to, and the values over a socket, deepening until exact. The
// address always holds the position shown, so a link opens the same analysis.
import { boardElement, draw, layoutAt, pathOf, piecesOn } from "./board.js";
import { adopt, connected, html, language, main, say } from "./common.js";

// A query naming a game, its options (size=6) and any further parameters.
function queryOf(game, options, extra = {}) {
  const query = new URLSearchParams({ game });
  for (const [name, value] of Object.entries({ ...options, ...extra })) query.set(name, String(value));
  return query;
}

// The address of the analysis of `position`.
export const analysisLink = (game, options, position) => `/analyse?${queryOf(game, options, { position })}`;

// Each move's colour: green for a win, amber for a draw, red for a loss, the best of each darkest.
const HUE = { win: 120, draw: 42, loss: 0 };
function colours(moves) {
  const best = {}, worst = {};
  for (const move of moves) { best[move.result] ??= move.rank; worst[move.result] = move.rank; }
  return (move) => {
    const span = worst[move.result] - best[move.result];
    const share = span ? (move.rank - best[move.result]) / span : 0;
    return `hsl(${HUE[move.result]}, 70%, ${Math.round(32 + 20 * share)}%)`;
  };
}

export async function analysePage() {
  const asked = new URLSearchParams(location.search);
  const grid = boardElement();
  const verdict = html("p", { id: "verdict", class: "verdict", "aria-live": "polite" });
  const progress = html("p", { id: "progress" });
  const stop = html("button", { type: "button", id: "stop", hidden: true }, say("page.stop"));
  const status = html("div", { class: "status", id: "status" });
  const error = html("p", { class: "error", id: "error", role: "alert" });
  const list = html("ol", { class: "moves", id: "values" });
  const previous = html("button", { type: "button", id: "previous", hidden: true }, say("page.previous_position"));
  const editButton = html("button", { type: "button", id: "edit" }, say("page.edit"));
  let flipped = false;  // the board drawn from the other side
  const flip = html("button", { type: "button", id: "flip", "aria-pressed": "false", onclick: () => {
    flipped = !flipped; flip.setAttribute("aria-pressed", String(flipped)); render();
  } }, say("page.flip"));
  const palette = html("div", { id: "palette", role: "radiogroup" });
  const sideChoice = html("select", { id: "side-to-move" });
  const done = html("button", { type: "button", id: "edit-done" }, say("page.edit_done"));
  const clear = html("button", { type: "button", id: "clear" }, say("page.clear"));
  const startButton = html("button", { type: "button", id: "start-position" }, say("page.start_position"));
  const gameChoice = html("select", { id: "analysis-game", "aria-label": say("page.analysis_game") });
  const editor = html("fieldset", { id: "editor", hidden: true }, html("legend", {}, say("page.edit")),
    html("p", {}, say("page.editor_help")), palette,
    html("p", {}, html("label", {}, say("page.side_to_move"), " ", sideChoice)),
    html("p", {}, done, " ", clear, " ", startButton));
  let view = null;      // the position shown, as the server describes it
  let values = null;    // its latest "values" message
  let editing = null;   // while editing: { pieces: [{index, row, column}], side, legal }
  let checked = 0;      // the number of the editor's latest check, so an older answer is dropped
  const visited = [];   // the positions left by playing a move, for "Previous position"

  const load = async (query) => {
    const response = await fetch(`/api/analysis/board?${query}&lang=${language}`);
    const body = await response.json();
    if (!response.ok) { error.textContent = body.message; return null; }
    error.textContent = "";
    return { ...body, board: await layoutAt(body.layout) };
  };

  const send = (message) => {
    let socket = connected();
    if (!socket || socket.readyState > WebSocket.OPEN) {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${location.host}/ws/analysis?lang=${language}`);
      adopt(socket);
      socket.onmessage = (event) => {
        const message_ = JSON.parse(event.data);
        if (message_.type === "values" && view && message_.position === view.position && !editing) {
          values = message_;
          render();
        } else if (message_.type === "error") {
          error.textContent = message_.message;
        }
      };
    }
    const text = JSON.stringify(message);
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
    else socket.addEventListener("open", () => socket.send(text), { once: true });
  };
  const analyse = () => {
    values = null;
    const options = Object.fromEntries(Object.entries(view.options).map(([name, value]) => [name, String(value)]));
    if (!view.over) send({ type: "analyse", game: view.game, position: view.position, ...options });
  };

  const show = (next) => {
    view = next;
    history.replaceState({}, "", analysisLink(view.game, view.options, view.position));
    analyse();
    render();
  };
  const go = async (position) => {
    const next = await load(queryOf(view.game, view.options, { position }));
    if (next) { visited.push(view.position); show(next); }
  };

  const render = () => {
    if (!view) return;
    gameChoice.value = chosenVariant();
    previous.hidden = editing !== null || visited.length === 0;
    editButton.hidden = editing !== null || view.palette.length === 0;
    editor.hidden = editing === null;
    status.replaceChildren(...view.status.map((line) => html("p", {}, line)));
    if (editing) {
      draw(grid, { board: view.board, pieces: placedPieces(), targets: [], last: [] }, { play: () => {}, canMove: false, redraw: render, edit: place, flipped });
      verdict.textContent = ""; progress.textContent = ""; stop.hidden = true; list.replaceChildren();
      return;
    }
    const shown = values ? values.moves : [];
    const colourOf = colours(shown);
    const byMove = Object.fromEntries(shown.map((m) => [m.move, { label: m.label, words: m.words, colour: colourOf(m) }]));
    const texts = Object.fromEntries(Object.entries(view.moves).map(([move, cells]) => [pathOf(cells), move]));
    const valued = Object.fromEntries(Object.entries(view.moves).filter(([move]) => byMove[move]).map(([move, cells]) => [pathOf(cells), byMove[move]]));
    draw(grid, { ...view, texts, values: valued }, { play: (target) => go(view.after[target.move ?? texts[pathOf(target.cells)]]), canMove: !view.over, redraw: render, flipped });
    verdict.textContent = view.over ? "" : values ? values.verdict : say("page.analysing");
    progress.textContent = !values ? "" : values.done ? say(values.exact ? "page.exact" : "page.estimate") : say("page.deepening", { step: values.step });
    stop.hidden = !values || values.done;
    list.replaceChildren(...shown.map((m) => html("li", { "data-move": m.move, "data-value": m.label },
      html("span", { class: "swatch", style: `background: ${byMove[m.move].colour}` }), ` ${m.move}: ${m.words}`)));
    document.body.dataset.position = view.position;
    document.body.dataset.analysed = view.over || (values && values.done) ? "yes" : "no";
  };

  // The editor: pieces placed by clicks, each change judged by the rules on the server.
  const check = async () => {
    const number = ++checked;
    done.disabled = true;  // until the rules have judged this arrangement
    render();
    const pieces = JSON.stringify(editing.pieces.map(({ index, row, column }) => [index, row, column]));
    const response = await fetch(`/api/analysis/board?${queryOf(view.game, view.options, { pieces, side: editing.side })}&lang=${language}`);
    const body = await response.json();
    if (number !== checked || !editing) return;
    editing.legal = response.ok;
    error.textContent = response.ok ? "" : body.message;
    done.disabled = !response.ok;
    if (response.ok) {
      view = { ...body, board: view.board };
      history.replaceState({}, "", analysisLink(view.game, view.options, view.position));
    }
    render();
  };
  const chosenPiece = () => Number((palette.querySelector("input:checked") || { value: -1 }).value);
  function place(row, column) {
    const chosen = chosenPiece();
    const at = editing.pieces.findIndex((p) => p.row === row && p.column === column);
    const same = at >= 0 && editing.pieces[at].index === chosen;
    if (at >= 0) editing.pieces.splice(at, 1);
    if (!same && chosen >= 0) editing.pieces.push({ index: chosen, row, column });
    check();
  }
  // The pieces placed, as a position's `pieces` on the layout.
  const placedPieces = () => {
    const cells = view.board.cells.map(() => ".");
    for (const { index, row, column } of editing.pieces) {
      const kind = view.palette[index];
      const drawn = view.board.kinds.findIndex((k) => k.side === kind.side && k.kind === kind.kind);
      cells[view.board.cells.findIndex((cell) => cell.row === row && cell.column === column)] = String.fromCharCode(97 + drawn);
    }
    return cells.join("");
  };
  const startEditing = () => {
    const indexOf = (piece) => view.palette.findIndex((kind) => kind.side === piece.side && kind.kind === piece.kind);
    const placed = piecesOn(view.board, view.pieces).map((piece, cell) => piece && { index: indexOf(piece), row: view.board.cells[cell].row, column: view.board.cells[cell].column });
    editing = { pieces: placed.filter((p) => p && p.index >= 0), side: view.turn || "first", legal: true };
    send({ type: "stop" });
    palette.replaceChildren(...view.palette.map((kind, index) => html("label", {},
      html("input", { type: "radio", name: "piece", value: index, checked: index === 0, "data-side": kind.side, "data-kind": kind.kind }), ` ${kind.name} `)),
      html("label", {}, html("input", { type: "radio", name: "piece", value: -1 }), ` ${say("page.remove")}`));
    sideChoice.replaceChildren(...Object.entries(view.sides).map(([seat, name]) => html("option", { value: seat, selected: seat === editing.side }, name)));
    done.disabled = false;
    render();
  };
  editButton.addEventListener("click", startEditing);
  sideChoice.addEventListener("change", () => { editing.side = sideChoice.value; check(); });
  clear.addEventListener("click", () => { editing.pieces = []; check(); });
  startButton.addEventListener("click", async () => {
    const start = await load(queryOf(view.game, view.options));
    if (start) { view = start; startEditing(); check(); }
  });
  done.addEventListener("click", () => { if (editing.legal) { editing = null; visited.length = 0; show(view); } });
  stop.addEventListener("click", () => { send({ type: "stop" }); if (values) values = { ...values, done: true }; render(); });
  previous.addEventListener("click", async () => {
    const back = await load(queryOf(view.game, view.options, { position: visited.pop() }));
    if (back) show(back);
  });

  // Another game, at each choice of its options (as the server names them), starts from its start.
  const listing = await (await fetch(`/api/games?lang=${language}`)).json();
  const variants = listing.games.flatMap((g) => g.options.reduce((made, option) => made.flatMap((v) =>
    option.choices.map((c) => ({ ...v, options: { ...v.options, [option.name]: c.value }, text: `${v.text} ${c.label}` }))),
  [{ game: g.name, options: {}, text: say(`${g.name}.title`) }]));
  const chosenVariant = () => JSON.stringify([view.game, view.options]);
  gameChoice.replaceChildren(...variants.map((v) => html("option", { value: JSON.stringify([v.game, v.options]) }, v.text)));
  gameChoice.addEventListener("change", async () => {
    const [game_, options_] = JSON.parse(gameChoice.value);
    const start = await load(queryOf(game_, options_));
    if (start) { editing = null; visited.length = 0; show(start); }
  });

  main.replaceChildren(html("h1", {}, say("page.analysis_title"), " ", gameChoice), html("div", { class: "layout analysis" },
    html("div", { class: "board-box" }, grid),
    html("div", { class: "side" }, verdict, progress, stop, status, error, editor,
      html("p", {}, previous, " ", editButton, " ", flip),
      html("h2", {}, say("page.move_values")), list)));

  const game = asked.get("game") || listing.games[0].name;
  const options = Object.fromEntries([...asked].filter(([name]) => !["game", "position"].includes(name)));
  const first = await load(queryOf(game, options, asked.has("position") ? { position: asked.get("position") } : {}));
  if (first) { show(first); return; }
  const refusal = error.textContent;
  const start = await load(queryOf(game, {}));
  if (start) show(start);
  error.textContent = refusal;
}
