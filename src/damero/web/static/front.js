// The front page: start a game, open a file, see the games to join or watch.
import { html, language, main, navigate, say } from "./common.js";
import { replayPage } from "./replay.js";

export async function frontPage() {
  const listing = await (await fetch("/api/games")).json();
  const game = html("select", { id: "game-choice", name: "game" },
    listing.games.map((g) => html("option", { value: g.name }, say(`${g.name}.title`))));
  const extra = html("div", { id: "game-options" });
  const mode = html("select", { id: "mode-choice" },
    ["local", "computer", "friend"].map((m) => html("option", { value: m }, say(`page.mode_${m}`))));
  const seat = html("select", { id: "seat-choice" });
  const level = html("select", { id: "level-choice" }, listing.levels.map((l) => html("option", { value: l, selected: l === 3 }, String(l))));
  const error = html("p", { class: "error", role: "alert" });
  // Side and level are the computer's opponent's choices only.
  const againstComputer = html("span", { class: "computer-options" },
    html("label", {}, say("page.seat") + " ", seat), " ", html("label", {}, say("page.level") + " ", level));
  const showOptions = () => { againstComputer.hidden = mode.value !== "computer"; };
  mode.addEventListener("change", showOptions);
  showOptions();
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
        html("label", {}, say("page.game") + " ", game), " ", extra,
        html("label", {}, say("page.mode") + " ", mode), " ", againstComputer, html("br"),
        html("button", { type: "submit", id: "create" }, say("page.create")))),
    error,
    html("fieldset", {}, html("legend", {}, say("page.upload")), html("label", {}, html("span", { class: "sr-only" }, say("page.upload")), upload)),
    html("h2", {}, say("page.games")),
    html("ul", { class: "games" }, listing.games.map((g) => html("li", {}, html("strong", {}, say(`${g.name}.title`)), ": ",
      say(`${g.name}.summary`), " (", html("a", { href: `/rules#${g.name}` }, say("page.rules")), ", ",
      html("a", { href: `/analyse?game=${g.name}`, class: "analysis-link" }, say("page.analysis_title")), ")"))),
    html("h2", {}, say("page.open_games")), open,
  );
}

export async function createGame(body, error) {
  const response = await fetch(`/api/games?lang=${language}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const created = await response.json();
  if (!response.ok) { error.textContent = created.message; return; }
  localStorage.setItem(`damero.seat.${created.id}`, created.token);
  if (created.links.other) sessionStorage.setItem(`damero.links.${created.id}`, JSON.stringify(created.links));
  await navigate(`/play/${created.id}`);
}
