// Online play on a game's page: which seat this tab holds and the links that keep it, who plays
// whom and who is here, the clocks, and the players' own results (resign, draws, take-backs,
// rematches, claims). The server decides all of it; the page shows what it sent and asks.
import { sideName } from "./board.js";
import { clockFaces } from "./clock.js";
import { html, language, navigate, say } from "./common.js";
import { sitterText } from "./player.js";

const seatKey = (id) => `damero.seat.${id}`;
const linksKey = (id) => `damero.links.${id}`;
const seatLink = (id, token) => `/play/${id}#seat=${token}`;

// A game this browser started or joined: its seat (and the other seat's link, if it has one) are
// kept per game in localStorage, so closing the tab before sending a link loses nothing.
export function rememberGame(created) {
  localStorage.setItem(seatKey(created.id), created.token);
  if (created.links.other) localStorage.setItem(linksKey(created.id), JSON.stringify({ other: created.links.other }));
}

// Starts a game as `body` asks (the front page's form, a replay played on) and opens its page;
// a refusal is said in `error`.
export async function createGame(body, error) {
  const response = await fetch(`/api/games?lang=${language}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const created = await response.json();
  if (!response.ok) { error.textContent = created.message; return; }
  rememberGame(created);
  await navigate(created.links.you);
}

// The seat this tab plays: the link's (the URL fragment) or else the one this browser holds. A
// link to another seat than the one held is played in this tab only and never replaces it; a
// link's seat is kept only once the server has taken it (`keepSeat`).
export function seatOf(id) {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("seat");
  const held = localStorage.getItem(seatKey(id));
  const token = fromLink || held;
  if (token && !fromLink) history.replaceState(history.state, "", seatLink(id, token));
  return { token, held, elsewhere: Boolean(fromLink && held && fromLink !== held) };
}

// The server took the seat's token: this browser keeps it, unless it holds a seat of the game.
export function keepSeat(id, seat) {
  if (seat.token && !localStorage.getItem(seatKey(id))) localStorage.setItem(seatKey(id), seat.token);
}

// The server refused the seat's token (a link mistyped or cut short): it is forgotten, the address
// loses it, and the tab watches; a seat this browser holds besides is still offered.
export function refuseSeat(id, seat) {
  if (localStorage.getItem(seatKey(id)) === seat.token) localStorage.removeItem(seatKey(id));
  const held = localStorage.getItem(seatKey(id));
  history.replaceState(history.state, "", `/play/${id}`);
  return { token: null, held, elsewhere: Boolean(held) };
}

function copyField(name, path, big = false) {
  const field = html("input", { readonly: true, id: `link-${name}`, value: location.origin + path });
  const button = html("button", { type: "button", id: `copy-${name}`, onclick: async () => {
    try { await navigator.clipboard.writeText(field.value); } catch { field.select(); document.execCommand("copy"); }
    button.textContent = say("page.copied");
  } }, say("page.copy"));
  return html("label", {}, say(`page.link_${name}`), html("span", { class: big ? "copy-field big" : "copy-field" }, field, button));
}

// Every link of the game this tab knows, each with a copy button: its own seat's, the other
// seat's (if this browser made the game) and the spectators'. Until the opponent has come (their
// page opened, or a move of theirs), the other seat's link is shown first and large, in `invite`;
// `update(state)` moves it back among the others once they have come and answers which side
// still waits for the link (null if none).
export function linksBox(id, seat) {
  const box = html("div", { class: "links", id: "links" });
  const saved = JSON.parse(localStorage.getItem(linksKey(id)) || "{}");
  const invite = html("section", { class: "invite", id: "invite", hidden: true });
  const own = seat.token ? copyField("you", seatLink(id, seat.token)) : null;
  const other = saved.other && !saved.other.endsWith(`=${seat.token}`) ? copyField("other", saved.other, true) : null;
  if (own) box.append(own);
  if (other) box.append(other);
  box.append(copyField("watch", `/play/${id}`));
  let arrived = false;
  const update = (state) => {
    const waiting = state.seat.length === 1 ? (state.seat[0] === "first" ? "second" : "first") : null;
    if (!other || waiting === null || state.open_seat !== null) return null;
    arrived ||= state.presence[waiting] || state.movers.includes(waiting) || state.over;
    if (arrived) {
      if (invite.contains(other)) {
        if (own) own.after(other); else box.prepend(other);
        other.querySelector(".copy-field").classList.remove("big");
      }
      invite.hidden = true;
      return null;
    }
    if (!invite.contains(other)) invite.replaceChildren(html("p", { class: "invite-words" }, say("page.invite")), other);
    invite.hidden = false;
    return waiting;
  };
  if (seat.elsewhere) {
    box.prepend(html("p", { id: "seat-elsewhere" }, say("page.seat_elsewhere"), " ",
      html("button", { type: "button", id: "my-seat", onclick: () => navigate(seatLink(id, seat.held)) }, say("page.my_seat"))));
  }
  return { box, invite, update };
}

// Once a rematch is agreed, a player's page moves to the new game with its own seat, and takes
// the other seat's link along (each player keeps its token, sides swapped).
function followRematch(id, seat, next) {
  if (!seat.elsewhere) localStorage.setItem(seatKey(next.id), next.token);
  const saved = JSON.parse(localStorage.getItem(linksKey(id)) || "{}");
  if (saved.other) localStorage.setItem(linksKey(next.id), JSON.stringify({ other: saved.other.replace(`/play/${id}#`, `/play/${next.id}#`) }));
  navigate(seatLink(next.id, next.token));
}

// Whether the other side is a person of its own, whose yes a draw, a take-back or a rematch needs.
export const isTwoPeople = (state) => ["friend", "open"].includes(state.mode) && state.seat.length < 2;

// Who plays a side, in words: "you", a player's name (a name typed marked as no account), the
// computer with its level's rating, an open seat, or a person who gave no name.
function who(state, side) {
  const player = state.players?.[side];
  const yours = state.seat.includes(side) ? `${say("page.player_you")}: ` : "";
  if (state.invited === side) return say("page.player_invited");
  if (player && player.kind !== "anonymous") return yours + sitterText(player);
  if (yours) return say("page.player_you");
  return state.open_seat === side ? say("page.player_open") : say("page.player_person");
}

// The players box (each side: who, whether here, its clock) and the buttons of the players' own
// results. `send(message)` goes to the server; `update(state, online)` redraws from a state.
export function onlinePanel(id, seat, send) {
  const clocks = clockFaces();
  const players = html("ul", { class: "players", id: "players" });
  const offers = html("p", { id: "offers", "aria-live": "polite" });
  const buttons = html("p", { class: "online-actions" });
  const rated = html("p", { id: "rated-line" });
  const panel = html("div", { class: "online", id: "online" }, html("h2", {}, say("page.players")), rated, players, offers, buttons);
  let confirming = false, sawGoingOn = false, state = null;
  const ask = (type, extra = {}) => send({ type, version: state.version, ...extra });
  const button = (name, key, action) => html("button", { type: "button", id: name, onclick: action }, say(key));

  const update = (latest, online) => {
    state = latest;
    clocks.show(state);
    rated.textContent = state.rated ? `${say("page.rated_game")}: ${say("page.rated_help")}` : "";
    players.replaceChildren(...["first", "second"].map((side) => {
      const person = state.seats[side].computer === null && state.open_seat !== side && state.invited !== side;
      const here = state.presence[side];
      return html("li", { "data-side": side }, html("span", {}, `${sideName(state, side)}: ${who(state, side)}`),
        person ? html("span", { class: here ? "presence here" : "presence away", id: `presence-${side}` }, say(here ? "page.here" : "page.away")) : null);
    }));
    if (!state.next) sawGoingOn = true;
    else if (sawGoingOn && seat.token && state.next.token) { followRematch(id, seat, state.next); return; }

    const mine = state.seat.length === 1 ? state.seat[0] : null;
    const other = mine === "first" ? "second" : mine === "second" ? "first" : null;
    const twoPeople = isTwoPeople(state) && mine !== null && state.open_seat === null;
    const going = !state.over, playing = state.seat.length > 0;
    const said = [], shown = [];
    if (playing && going && state.mode !== "local") {
      shown.push(confirming
        ? [html("span", {}, say("page.resign_sure")), button("resign-confirm", "page.resign", () => { confirming = false; ask("resign"); }),
          button("resign-cancel", "page.keep_playing", () => { confirming = false; update(state, online); })]
        : [button("resign", "page.resign", () => { confirming = true; update(state, online); })]);
    }
    const offer = (name, offerKey, acceptKey, askedKey, askedOfYouKey, sent) => {
      if (state.offers[name] === other) {
        said.push(say(askedOfYouKey));
        shown.push(button(`accept-${name}`, acceptKey, () => ask(sent)), button(`decline-${name}`, "page.decline", () => ask("decline", { offer: name })));
      } else if (state.offers[name] === mine) said.push(say(askedKey));
      else shown.push(button(`offer-${name}`, offerKey, () => ask(sent)));
    };
    if (twoPeople && going) {
      offer("draw", "page.offer_draw", "page.accept_draw", "page.draw_offered", "page.draw_offered_to_you", "draw");
      if (!state.rated && (state.moves.length > 0 || state.offers.undo)) offer("undo", "page.ask_undo", "page.accept_undo", "page.undo_asked", "page.undo_asked_of_you", "undo");
    }
    if (playing && going && state.can_claim) {
      said.push(say("page.opponent_gone"));
      shown.push(button("claim-win", "page.claim_win", () => ask("claim", { result: "win" })),
        button("claim-draw", "page.claim_draw", () => ask("claim", { result: "draw" })));
    }
    if (state.next) {
      shown.push(html("a", { id: "next-game", href: state.next.token ? seatLink(state.next.id, state.next.token) : `/play/${state.next.id}`,
        onclick: (event) => { event.preventDefault(); navigate(event.currentTarget.getAttribute("href")); } }, say("page.to_rematch")));
    } else if (playing && !going) {
      if (twoPeople) offer("rematch", "page.rematch", "page.accept_rematch", "page.rematch_asked", "page.rematch_asked_of_you", "rematch");
      else shown.push(button("offer-rematch", "page.rematch", () => ask("rematch")));
    }
    offers.textContent = said.join(" ");
    buttons.replaceChildren(...shown.flat().flatMap((node) => [node, " "]));
    for (const node of buttons.querySelectorAll("button")) node.disabled = !online;
  };
  return { panel, update, clocks: clocks.faces };
}
