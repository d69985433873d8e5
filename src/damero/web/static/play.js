// A game's page: the board, the moves, the seat and the socket that keeps it up to date. It knows
// no rule of any game: the server sends what is legal and what happened.
import { guestName, me } from "./account.js";
import { announce, chime, titleYourTurn } from "./announce.js";
import { boardElement, draw, layoutAt, legend, sideName } from "./board.js";
import { adopt, connected, html, language, main, navigate, say, setKeys, setNetwork } from "./common.js";
import { applyEvent, follows, wholeState } from "./events.js";
import { isTwoPeople, keepSeat, linksBox, onlinePanel, refuseSeat, seatOf } from "./online.js";
import { lookingBackLine, newsOf, pastPositions, resultLines } from "./lookback.js";
import { moveTable, scrolledMoves, stepKey } from "./movelist.js";
import { sayingsBox } from "./sayings.js";

// A page whose server was updated reloads to take the new release's code; not twice within a
// minute, so that a page whose servers are updated one by one does not reload on and on.
function reloading() {
  const last = Number(sessionStorage.getItem("damero.reloaded") || 0);
  if (Date.now() - last < 60000) return false;
  sessionStorage.setItem("damero.reloaded", String(Date.now()));
  location.reload();
  return true;
}

export function gamePage(id) {
  let seat = seatOf(id);
  let refused = "";  // why the link's seat was refused, said in place of "You are watching"
  const grid = boardElement();
  const status = html("div", { class: "status", id: "status" });
  const notice = html("p", { id: "notice", class: "board-notice" });
  const looking = html("div", { class: "looking-box" });
  const pieces = html("div", { class: "legend-box" });
  const rules = html("a", { id: "game-rules", href: "/rules" }, say("page.rules"));
  const hintLine = html("p", { class: "hint", id: "hint-line", role: "status" });
  const error = html("p", { class: "error", id: "error", role: "alert" });
  const seatLine = html("p", { id: "seat" });
  const turnLine = html("p", { id: "turn" });
  const moves = html("div", { class: "moves-place" });
  const typed = html("input", { id: "typed", "aria-label": say("page.type_move"), placeholder: say("page.type_move"), autocomplete: "off" });
  const undo = html("button", { id: "undo", type: "button" }, say("page.undo"));
  const hint = html("button", { id: "hint", type: "button" }, say("page.hint"));
  const replay = html("button", { id: "replay", type: "button" }, say("page.replay"));
  const analyse = html("button", { id: "analyse", type: "button" }, say("page.analyse"));
  const download = html("a", { id: "download", href: `/api/games/${id}/record`, download: "" }, say("page.download"));
  const numbers = html("input", { type: "checkbox", id: "numbers", checked: localStorage.getItem("damero.numbers") === "1" });
  let links = linksBox(id, seat);
  const heading = html("h1", { id: "game-title", class: "game-title" });
  // The clocks beside the board's top and bottom edges, this seat's own at the bottom.
  const topBar = html("div", { class: "clock-bar", id: "bar-top" });
  const bottomBar = html("div", { class: "clock-bar", id: "bar-bottom" });
  const flip = html("button", { id: "flip", type: "button", "aria-pressed": "false" }, say("page.flip"));
  let flipped = false;  // the board drawn from the other side
  const connection = html("p", { id: "connection", role: "status" });
  let state = null;
  let layout = null;  // the layout state.layout names, once fetched
  let hinted = null;  // the cells of the hint shown
  let shown = null;  // the position looked back at (k: after k moves), or null for the game now
  let past = null;  // that position's board and words
  const pastAt = pastPositions(id);
  let online = false;  // whether the socket is open and has sent the game
  // The move made and not answered yet, with the moves before it: sent when made if the page is
  // online, else once it is back; a socket that closes before its answer (a server restarting)
  // sends it again from the next server if the game is still where it was made.
  let waiting = null;
  let resent = false;  // the move waiting was sent again after a reconnection
  let offlineSince = null;

  const send = (message) => {
    const socket = connected();
    if (!online || !socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  };
  const panel = onlinePanel(id, seat, send);
  const sayings = sayingsBox(send);
  // A move: a target's cells clicked on the board, or its text (typed, or a button's).
  const play = (target) => {
    error.textContent = "";
    const made = target.move !== undefined ? { move: target.move } : { cells: target.cells };
    waiting = { made, before: [...state.moves], version: state.version, sent: false };
    waiting.sent = send({ type: "move", ...made, version: state.version });
    if (!waiting.sent) render();
  };
  const moveWords = (made) => made.move ?? made.cells.map((index) => layout.cells[index].label).join(" ");
  const sameMoves = (moves, before) => before.every((move, index) => moves[index] === move);
  // Whether the move after `before` in the state is the one `made`: its text if it was typed;
  // if its cells were clicked, they are marked as the last move when it is the last, and a move
  // of the seat is taken for it when others followed.
  const isMade = (made, before) => {
    if (made.move !== undefined) return state.moves[before.length] === made.move;
    return state.moves.length > before.length + 1 || made.cells.every((cell) => state.last.includes(cell));
  };
  // The first state after (re)connecting answers the move waiting: played already (its server
  // committed it before it went), to send now (the game is where it was made: only a clock held
  // or an offer changed), or no longer possible (the game moved on).
  const settle = () => {
    if (!waiting) return;
    const { made, before } = waiting;
    waiting = null;
    resent = false;
    const played = state.moves.length > before.length && sameMoves(state.moves, before)
      && state.seat.includes(state.movers[before.length]) && isMade(made, before);
    if (played) return;
    const mine = state.turn !== null && state.seat.includes(state.turn) && !state.thinking;
    if (mine && state.moves.length === before.length && sameMoves(state.moves, before)) {
      waiting = { made, before, version: state.version, sent: send({ type: "move", ...made, version: state.version }) };
      resent = true;
    } else error.textContent = say("page.queued_stale", { move: moveWords(made) });
  };
  const lookAt = async (position) => {
    if (position === null || position >= state.moves.length) { shown = null; past = null; }
    else { past = await pastAt(position, state.version); shown = position; }
    render();
    grid.focus({ preventScroll: true });
  };
  const render = async () => {
    if (!state) return;
    if (!layout || layout.address !== state.layout) {
      // A layout not fetched yet (a new game, a server updated since): drawn once it is here.
      const address = state.layout;
      try { layout = { ...(await layoutAt(address)), address }; } catch { return; }
      if (state.layout !== address) return;
    }
    const view = { ...state, board: layout };
    if (shown !== null && shown >= state.moves.length) { shown = null; past = null; }  // taken back meanwhile
    const queued = waiting && !waiting.sent ? waiting : null;
    const canMove = state.turn !== null && state.seat.includes(state.turn) && !state.thinking && !queued;
    const title = say(`${state.game}.title`);
    if (shown === null) draw(grid, { ...view, hint: hinted, title }, { play, canMove, showNumbers: numbers.checked, redraw: render, flipped });
    else draw(grid, { ...past, board: layout, title }, { play, canMove: false, showNumbers: numbers.checked, redraw: render, flipped });
    heading.textContent = title;
    flip.setAttribute("aria-pressed", String(flipped));
    looking.replaceChildren(...(shown === null ? [] : [lookingBackLine(shown, state.moves.length, state.over, () => lookAt(null))]));
    pieces.replaceChildren(legend(layout, shown === null ? state.pieces : past.pieces) || "");
    rules.href = `/rules#${state.game}`;
    status.replaceChildren(...(shown === null ? resultLines(state.result, state.seat, state.sides) : past.status).map((line) => html("p", {}, line)),
      ...(state.thinking ? [html("p", { id: "thinking" }, say("page.thinking"))] : []));
    notice.textContent = (shown === null ? state.forced.map((index) => layout.notices[index]) : past.forced).join(" ");
    turnLine.textContent = state.turn ? say("page.to_move", { side: sideName(view, state.turn) }) : "";
    seatLine.textContent = state.seat.length === 0 ? refused || say("page.spectator")
      : say("page.you_play", { sides: state.seat.map((s) => sideName(view, s)).join(", ") });
    moves.replaceChildren(scrolledMoves(moveTable({ moves: state.moves, movers: state.movers,
      names: { first: sideName(view, "first"), second: sideName(view, "second") },
      shown: shown ?? state.moves.length, pick: lookAt })));
    undo.hidden = !state.can_undo || state.over || state.thinking || isTwoPeople(state);
    hint.hidden = !canMove || !state.analysable;  // fair play: no help in a game between two people
    hintLine.hidden = !hinted;
    form.hidden = state.seat.length === 0 || state.over;
    typed.disabled = !canMove;
    replay.hidden = !state.over;
    titleYourTurn(canMove && !state.over);
    analyse.hidden = !state.over;  // a game still being played is never analysed
    document.body.dataset.version = state.version;
    document.body.dataset.over = state.over ? "yes" : "no";
    showConnection();
    const invited = links.update(state);
    panel.update({ ...view, invited }, online);
    sayings.update(view, online);
    placeClocks(view);
  };
  // The clock of the side at each edge: this seat's own at the bottom (the first side's for a
  // spectator or two people on one screen), the other way round when the board is flipped.
  const placeClocks = (view) => {
    const own = state.seat.length === 1 ? state.seat[0] : "first";
    const other = own === "first" ? "second" : "first";
    const [top, bottom] = flipped ? [own, other] : [other, own];
    const timed = state.clock !== null;
    grid.parentNode?.classList.toggle("timed", timed);
    topBar.hidden = bottomBar.hidden = !timed;
    topBar.dataset.side = top;
    bottomBar.dataset.side = bottom;
    topBar.replaceChildren(html("span", { class: "bar-name" }, sideName(view, top)), panel.clocks[top]);
    bottomBar.replaceChildren(html("span", { class: "bar-name" }, sideName(view, bottom)), panel.clocks[bottom]);
  };
  // Offline, the board is greyed and says so; a move made then waits for the connection.
  const showConnection = () => {
    document.body.dataset.connection = online ? "online" : "offline";
    grid.parentNode?.classList.toggle("offline", !online);
    undo.disabled = hint.disabled = !online;  // nothing to send them on: only a move waits
    const queued = waiting && !waiting.sent ? waiting : null;
    connection.textContent = [online ? "" : say("page.reconnecting"), queued && layout ? say("page.queued", { move: moveWords(queued.made) }) : ""].join(" ").trim();
  };
  setKeys((event) => {
    if (!state) return;
    const to = stepKey(event, shown ?? state.moves.length, state.moves.length);
    if (to !== null) lookAt(to);
  });
  flip.addEventListener("click", () => { flipped = !flipped; render(); });
  numbers.addEventListener("change", () => { localStorage.setItem("damero.numbers", numbers.checked ? "1" : "0"); render(); });
  undo.addEventListener("click", () => send({ type: "undo", version: state.version }));
  hint.addEventListener("click", () => send({ type: "hint" }));
  replay.addEventListener("click", () => navigate(`/replay/${id}`));
  analyse.addEventListener("click", () => navigate(`/replay/${id}?analyse`));
  const form = html("form", { class: "move-form", onsubmit: (event) => { event.preventDefault(); if (typed.value.trim()) play({ move: typed.value.trim() }); typed.value = ""; } },
    typed, html("button", { type: "submit" }, say("page.send")));

  main.replaceChildren(links.invite, html("div", { class: "layout" }, html("div", { class: "board-box" }, topBar, grid, bottomBar, notice, looking),
    html("div", { class: "side" }, heading, connection, seatLine, turnLine, status, hintLine, error, form,
      html("p", {}, undo, " ", hint, " ", replay, " ", analyse),
      html("p", {}, html("label", {}, numbers, " ", say("page.numbers")), " ", flip),
      panel.panel, sayings.box, pieces, moves, html("p", { class: "keys" }, say("page.keys")), html("p", {}, download, " ", rules), links.box)));

  // The first Tab reaches the board: the keyboard starts from the game, not the header.
  main.tabIndex = -1;
  if (document.activeElement === document.body) main.focus({ preventScroll: true });

  // Reconnection tries again soon (a server that is back is found within a fraction of a second),
  // then less often, and starts afresh once connected.
  const FIRST_RETRY = 150, LAST_RETRY = 2500;
  let retry = FIRST_RETRY;
  const connect = () => {
    const current = connected();
    if (current && current.readyState <= WebSocket.OPEN) return;  // connecting already
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const release = document.querySelector("meta[name=release]").content;
    const query = new URLSearchParams({ lang: language, events: "1", release });
    if (seat.token) query.set("token", seat.token);
    if (!me.name && guestName()) query.set("name", guestName());
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${id}?${query}`);
    adopt(socket);
    let first = true;  // the next state is the first of this connection
    socket.onmessage = (event) => {
      if (connected() !== socket) return;  // a socket given up (the browser went offline)
      let message = JSON.parse(event.data);
      if (message.type === "event") {
        if (state && message.version <= state.version) return;  // shown already
        // A change missed (or a page that has nothing yet): ask for the whole state instead.
        if (!follows(state, message)) { socket.send(JSON.stringify({ type: "sync" })); return; }
        message = applyEvent(state, message);
      } else if (message.type === "state") message = wholeState(message);
      if (message.type === "state") {
        if (state && message.version < state.version) return;
        if (!state || message.version !== state.version) hinted = null;
        const news = newsOf(state && { ...state, board: layout }, { ...message, board: layout });
        const before = state;
        state = message;
        if (state.seat.length > 0) keepSeat(id, seat);
        if (news) { announce(news); chime(false); }
        const yours = state.turn !== null && state.seat.includes(state.turn) && !state.thinking;
        if (before && yours && !(before.turn === state.turn && before.seat.includes(before.turn))) chime(true);
        error.textContent = "";
        retry = FIRST_RETRY;
        online = true;
        if (first) {
          first = false;
          if (offlineSince !== null) document.body.dataset.offlineMs = Math.round(performance.now() - offlineSince);
          offlineSince = null;
          settle();
        } else if (waiting && waiting.sent && message.version > waiting.version) {
          if (resent) settle();  // the move sent again was refused as the game moved on: again
          else waiting = null;  // answered
        }
        render();
      } else if (message.type === "presence") {
        if (!state) return;
        Object.assign(state, { presence: message.presence, can_claim: message.can_claim });
        render();
      } else if (message.type === "error" && message.code === "web.wrong_token") {
        seat = refuseSeat(id, seat);
        refused = message.message;
        const fresh = linksBox(id, seat);
        links.box.replaceWith(fresh.box);
        links.invite.replaceWith(fresh.invite);
        links = fresh;
        render();
      } else if (message.type === "error") {
        // A move sent again after a restart may race its first sending, which the old server
        // committed: the state that follows shows it played.
        if (resent && message.code === "web.moved_on") return;
        if (waiting && waiting.sent) { waiting = null; resent = false; }
        error.textContent = message.message;
      } else if (message.type === "said") {
        if (state) sayings.heard(message, { ...state, board: layout });
      } else if (message.type === "hint") {
        if (!state || message.version !== state.version) return;  // the game moved on meanwhile
        hinted = message.cells;
        hintLine.textContent = message.message;
        announce(message.message);
        render();
      }
    };
    socket.onclose = (event) => {
      if (connected() !== socket) return;
      online = false;
      if (offlineSince === null) offlineSince = performance.now();
      if (state) render(); else showConnection();
      if (event.code === 4404) return;  // the game is no more: the server said so
      if (event.code === 4426 && reloading()) return;  // the server was updated: so is the page
      if (!navigator.onLine) return;  // the browser says when it is back
      // 1012: the server is restarting and another one answers now; else try soon, then less often.
      setTimeout(connect, event.code === 1012 ? 0 : retry);
      retry = event.code === 1012 ? FIRST_RETRY : Math.min(retry * 2, LAST_RETRY);
    };
  };
  // Offline, the socket is given up at once and the board greys; back online, the page connects
  // and is sent the game, and a move made meanwhile is sent then, once.
  setNetwork((up) => {
    if (up) { retry = FIRST_RETRY; connect(); return; }
    const socket = connected();
    online = false;
    if (offlineSince === null) offlineSince = performance.now();
    adopt(null);
    if (socket) socket.close();
    if (state) render(); else showConnection();
  });
  connect();
}
