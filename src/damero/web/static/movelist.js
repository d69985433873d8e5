// The moves in pairs, each side's in its own column, each a button that shows the position after
// it; and the keys that step through them (arrows, Home, End), the same in a game and a replay.
import { html, say } from "./common.js";

// The table's rows: each `{number, first, second}`, the index of each side's move in it, from
// the seat of each move (`movers`): a row holds the first side's move and the second's answer.
export function moveRows(movers) {
  const rows = [];
  let row = null;
  movers.forEach((mover, index) => {
    const seat = mover === "second" ? "second" : "first";
    if (!row || row.second !== undefined || (seat === "first" && row.first !== undefined)) {
      row = { number: rows.length + 1 };
      rows.push(row);
    }
    row[seat] = index;
  });
  return rows;
}

// The number each move has in the table, by its index: a move is named as the table shows it.
export function moveNumbers(movers) {
  const numbers = [];
  for (const row of moveRows(movers)) for (const seat of ["first", "second"]) if (row[seat] !== undefined) numbers[row[seat]] = row.number;
  return numbers;
}

// `moves` and `movers` (the seat of each), `names` each seat's name, `shown` the position on the
// board (k: after k moves), `pick(k)` shows position k.
export function moveTable({ moves, movers, names, shown, pick }) {
  const rows = moveRows(movers.slice(0, moves.length));
  const cell = (index) => html("td", {}, index === undefined ? "" : html("button", {
    type: "button", class: "move", "data-index": index, "aria-current": index === shown - 1 ? "step" : null,
    onclick: () => pick(index + 1) }, moves[index]));
  const table = html("table", { class: "moves", id: "moves" },
    html("caption", {}, say("page.moves")),
    html("thead", {}, html("tr", {}, html("th", { scope: "col" }, say("page.move_number")),
      html("th", { scope: "col" }, names.first), html("th", { scope: "col" }, names.second))),
    html("tbody", {}, rows.map((r) => html("tr", {}, html("th", { scope: "row" }, String(r.number)), cell(r.first), cell(r.second)))));
  return table;
}

// The table in its scrolled box, the current move (else the last) in view, the page unmoved.
export function scrolledMoves(table) {
  const box = html("div", { class: "moves-box" }, table);
  requestAnimationFrame(() => {
    const current = table.querySelector("[aria-current]");
    box.scrollTop = current ? current.offsetTop - box.clientHeight / 2 : box.scrollHeight;
  });
  return box;
}

// The arrow keys, Home and End as steps from position `shown` among `count` + 1 positions.
export function stepKey(event, shown, count) {
  const to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: count }[event.key];
  if (to === undefined) return null;
  event.preventDefault();
  return Math.max(0, Math.min(count, to));
}
