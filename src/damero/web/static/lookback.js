// What a game's page says beside the board, and its looking back: the position after any move,
// drawn from the game's replay while the live game goes on.
import { html, language, say, sayMessage } from "./common.js";
import { sideName } from "./board.js";

// `frame(k, version)`: the board and words of position k (after k moves), read again only when
// the game has moved on since.
export function pastPositions(id) {
  let frames = null, seen = null;
  return async (shown, version) => {
    if (!frames || seen !== version) {
      frames = (await (await fetch(`/api/games/${id}/replay?lang=${language}`)).json()).frames;
      seen = version;
    }
    return frames[shown];
  };
}

// The line that says the page is looking back, with the button that returns to the game (which
// goes on, unless it is `over`).
export function lookingBackLine(shown, total, over, back) {
  const where = shown === 0 ? say("page.looking_start") : say("page.looking_back", { number: shown, total });
  const words = over ? where : `${where} ${say("page.goes_on")}`;
  return html("div", { class: "looking-back", id: "looking-back" }, html("p", {}, words),
    html("button", { type: "button", id: "back-to-game", onclick: back }, say("page.back_to_game")));
}

// A game's `result` (protocol.py, result_json) in words for the reader who plays the sides of
// `seat`: "You won." or "You lost." to a player of one side, "X won." to a spectator and to two
// people on one screen, the sides named as `sides` names them; then the rules' reason, if
// they ended it. [] while the game goes on. The terminal says it alike (damero/results.py).
export function resultLines(result, seat, sides) {
  if (!result) return [];
  const { winner, reason, why } = result;
  const loser = winner === "first" ? "second" : "first";
  const headline = winner === null ? say(`result.drawn.${reason}`)
    : seat.length === 1 ? say(`result.${seat.includes(winner) ? "won" : "lost"}.${reason}`)
    : say(`result.side.${reason}`, { winner: sides[winner], loser: sides[loser] });
  return why ? [headline, sayMessage(why)] : [headline];
}

// What a screen reader is told when `state` follows `before`: each new move by its side, the
// rules' own moves, and the result.
export function newsOf(before, state) {
  if (!before || state.moves.length <= before.moves.length || state.moves.length - before.moves.length > 4) {
    return before && state.over && !before.over ? resultLines(state.result, state.seat, state.sides).join(" ") : "";
  }
  const played = state.moves.slice(before.moves.length).map((move, index) =>
    say("page.played", { side: sideName(state, state.movers[before.moves.length + index]), move }));
  return [...played, ...state.forced.map((index) => state.board?.notices?.[index] ?? ""), ...resultLines(state.result, state.seat, state.sides)].join(" ");
}
