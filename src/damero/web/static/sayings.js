// The players' short messages beside the board: a fixed list (hello, good luck...) the server
// checks, each shown in the reader's own language, never free text: nothing to moderate.
import { sideName } from "./board.js";
import { html, say } from "./common.js";
import { isTwoPeople } from "./online.js";

const SAYINGS = ["hello", "good_luck", "good_game", "thanks", "well_played"];
const SHOWN = 6;  // the newest messages kept on the page

// `send(message)` goes to the server. `update(state, online)` shows the buttons to a player of a
// game between two people; `heard(message, state)` adds a message said, by either player.
export function sayingsBox(send) {
  const list = html("ul", { id: "said", class: "said", "aria-live": "polite" });
  const buttons = html("p", { class: "say-buttons", role: "group", "aria-label": say("page.say_to_opponent") },
    ...SAYINGS.flatMap((key) => [html("button", { type: "button", "data-say": key, onclick: () => send({ type: "say", message: key }) }, say(`page.say_${key}`)), " "]));
  const box = html("div", { id: "sayings", class: "sayings", hidden: true }, html("h2", {}, say("page.sayings")), buttons, list);
  const update = (state, online) => {
    const player = isTwoPeople(state) && state.seat.length === 1 && state.open_seat === null;
    buttons.hidden = !player;
    box.hidden = !player && list.childElementCount === 0;
    for (const button of buttons.querySelectorAll("button")) button.disabled = !online;
  };
  const heard = (message, state) => {
    if (!SAYINGS.includes(message.message)) return;
    list.append(html("li", { "data-side": message.side },
      say("page.said", { side: sideName(state, message.side), words: say(`page.say_${message.message}`) })));
    while (list.childElementCount > SHOWN) list.firstElementChild.remove();
    box.hidden = false;
  };
  return { box, update, heard };
}
