// The front page: start a game, open a file, see the games to join or watch.
import { guestName, keepGuestName, loadAccount } from "./account.js";
import { html, language, main, navigate, say } from "./common.js";
import { createGame, rememberGame } from "./online.js";
import { sitterText } from "./player.js";
import { uploadReplay } from "./replay.js";

const CLOCKS = [[1, 0], [3, 2], [5, 3], [10, 5], [15, 10], [30, 0]];  // minutes each, seconds added per move

export async function frontPage() {
  const [listing, me] = await Promise.all([(await fetch(`/api/games?lang=${language}`)).json(), loadAccount()]);
  if (location.pathname !== "/") return;  // the player went elsewhere meanwhile
  const game = html("select", { id: "game-choice", name: "game" },
    listing.games.map((g) => html("option", { value: g.name }, say(`${g.name}.title`))));
  const extra = html("div", { id: "game-options" });
  const mode = html("select", { id: "mode-choice" },
    ["local", "computer", "friend", "open"].map((m) => html("option", { value: m }, say(`page.mode_${m}`))));
  const seat = html("select", { id: "seat-choice" });
  const level = html("select", { id: "level-choice" });
  const error = html("p", { class: "error", role: "alert" });
  // Side and level are the computer's opponent's choices only.
  const againstComputer = html("span", { class: "computer-options" },
    html("label", {}, say("page.seat") + " ", seat), " ", html("label", {}, say("page.level") + " ", level));
  const timing = clockChoice();
  // A logged-in player may ask for a rated game, and an open seat for a range of ratings; a
  // player without an account may give a name for the seat.
  const rated = html("input", { type: "checkbox", id: "rated-choice", "aria-describedby": "rated-help" });
  const low = html("input", { type: "number", id: "rating-low", min: 0, max: 4000, step: 50, inputmode: "numeric" });
  const high = html("input", { type: "number", id: "rating-high", min: 0, max: 4000, step: 50, inputmode: "numeric" });
  const ratedBox = html("p", { class: "rated-options" }, html("label", {}, rated, " ", say("page.rated_game")), " ",
    html("span", { id: "rated-help", class: "help" }, say("page.rated_help")));
  const rangeBox = html("fieldset", { class: "rated-options" }, html("legend", {}, say("page.range_wanted")),
    html("label", {}, say("page.rating_low") + " ", low), " ", html("label", {}, say("page.rating_high") + " ", high));
  const guest = html("input", { id: "guest-name", maxlength: 20, autocomplete: "nickname", value: guestName() });
  const guestBox = html("p", {}, html("label", {}, say("page.guest_name") + " ", guest));
  const showOptions = () => {
    againstComputer.hidden = mode.value !== "computer";
    ratedBox.hidden = !me.name || mode.value === "local";
    rangeBox.hidden = !me.name || mode.value !== "open";
    guestBox.hidden = Boolean(me.name) || mode.value === "local";
  };
  mode.addEventListener("change", showOptions);
  showOptions();
  const refresh = () => {
    const chosen = listing.games.find((g) => g.name === game.value);
    extra.replaceChildren(...chosen.options.map((option) =>
      html("label", {}, option.label + " ", html("select", { "data-option": option.name },
        option.choices.map((c) => html("option", { value: c.value, selected: c.value === option.default }, c.label))))));
    seat.replaceChildren(...chosen.sides.map((s) => html("option", { value: s.seat }, say(s.key))));
    showLevels();
  };
  // Each level with its rating in the game and board size chosen: "3, about 1500".
  const showLevels = () => {
    const options = {};
    for (const select of extra.querySelectorAll("select")) options[select.dataset.option] = Number(select.value);
    const ratings = listing.level_ratings[ratingGame(game.value, options)] || {};
    const kept = Number(level.value || 3);
    level.replaceChildren(...listing.levels.map((l) => html("option", { value: l, selected: l === kept },
      ratings[l] ? say("page.level_about", { level: l, rating: ratings[l] }) : String(l))));
  };
  extra.addEventListener("change", showLevels);
  game.addEventListener("change", refresh);
  refresh();
  const start = async (event) => {
    event.preventDefault();
    const options = {};
    for (const select of extra.querySelectorAll("select")) options[select.dataset.option] = Number(select.value);
    const body = { game: game.value, options, mode: mode.value, seat: seat.value, level: Number(level.value) };
    if (timing.chosen()) body.clock = timing.chosen();
    if (!ratedBox.hidden && rated.checked) body.rated = true;
    if (!rangeBox.hidden && low.value !== "" && high.value !== "") body.rating_range = { low: Number(low.value), high: Number(high.value) };
    if (!guestBox.hidden) {
      keepGuestName(guest.value.trim());
      if (guest.value.trim()) body.name = guest.value.trim();
    }
    await createGame(body, error);
  };
  const upload = html("input", { type: "file", id: "upload", onchange: async () => {
    const file = upload.files[0];
    if (!file) return;
    const refusal = await uploadReplay(await file.text());
    if (refusal) error.textContent = refusal;
  } });
  const listed = html("div", { id: "public-games" }, publicGames(listing, error, me));
  // The first thing on the page: what one may do, each a big button. A way to play chooses the
  // opponent in the form below and goes to it; the game and its options are asked there.
  const choose = (chosen) => () => {
    mode.value = chosen;
    showOptions();
    form.scrollIntoView({ block: "start" });
    game.focus({ preventScroll: true });
  };
  const choice = (name, key, action) => html("li", {}, html("button", { type: "button", class: "choice", id: `choose-${name}`, onclick: action }, say(key)));
  const choices = html("section", { class: "choices", "aria-labelledby": "choices-title" },
    html("h2", { id: "choices-title" }, say("page.choices")),
    html("ul", {}, choice("computer", "page.choose_computer", choose("computer")), choice("friend", "page.choose_friend", choose("friend")),
      choice("open", "page.choose_anyone", choose("open")),
      choice("analyse", "page.choose_analyse", () => navigate(`/analyse?game=${encodeURIComponent(game.value)}`))));
  const form = html("form", { onsubmit: start, id: "new-game" },
      html("fieldset", {}, html("legend", {}, say("page.new_game")),
        html("label", {}, say("page.game") + " ", game), " ", extra,
        html("label", {}, say("page.mode") + " ", mode), " ", againstComputer, html("br"), timing.box,
        ratedBox, rangeBox, guestBox,
        html("button", { type: "submit", id: "create" }, say("page.create"))));
  main.replaceChildren(
    html("h1", {}, say("page.tagline")),
    choices,
    me.name ? yourGames(me, listing) : "",
    form,
    error,
    html("fieldset", {}, html("legend", {}, say("page.upload")), html("label", {}, html("span", { class: "sr-only" }, say("page.upload")), upload)),
    listed,
    html("h2", {}, say("page.games")),
    html("ul", { class: "games" }, listing.games.map((g) => html("li", {}, html("strong", {}, say(`${g.name}.title`)), ": ",
      say(`${g.name}.summary`), " (", html("a", { href: `/rules#${g.name}` }, say("page.rules")), ", ",
      html("a", { href: `/analyse?game=${g.name}`, class: "analysis-link" }, say("page.analysis_title")), ")"))),
  );
  keepListed(listed, listing, error, me);
}

// Seats are taken and games begin and end while the front page is open: it reads the public
// games again now and then, for as long as it is shown.
const RELIST = 5000;
function keepListed(listed, listing, error, me) {
  let shown = JSON.stringify([listing.open, listing.live]);
  const relist = async () => {
    if (!listed.isConnected) return;
    try {
      const fresh = await (await fetch(`/api/games?lang=${language}`)).json();
      const now = JSON.stringify([fresh.open, fresh.live]);
      if (listed.isConnected && fresh.open && now !== shown) { shown = now; listed.replaceChildren(...publicGames(fresh, error, me)); }
    } catch { /* the server is away for now: the next round tries again */ }
    setTimeout(relist, RELIST);
  };
  setTimeout(relist, RELIST);
}

// The time control of a new game: none, a usual one, or any other in whole seconds.
function clockChoice() {
  const choice = html("select", { id: "clock-choice" },
    html("option", { value: "" }, say("page.clock_none")),
    CLOCKS.map(([minutes, increment]) => html("option", { value: `${minutes * 60}+${increment}` }, say("page.clock_preset", { minutes, increment }))),
    html("option", { value: "other" }, say("page.clock_other")));
  const initial = html("input", { type: "number", id: "clock-initial", min: 1, max: 10800, value: 300 });
  const increment = html("input", { type: "number", id: "clock-increment", min: 0, max: 180, value: 0 });
  const other = html("span", { hidden: true }, html("label", {}, say("page.clock_initial") + " ", initial), " ",
    html("label", {}, say("page.clock_increment") + " ", increment));
  choice.addEventListener("change", () => { other.hidden = choice.value !== "other"; });
  const chosen = () => {
    if (!choice.value) return null;
    const [seconds, added] = choice.value === "other" ? [initial.value, increment.value] : choice.value.split("+");
    return { initial: Number(seconds), increment: Number(added) };
  };
  return { box: html("span", {}, html("label", {}, say("page.clock") + " ", choice), " ", other), chosen };
}

// The game a rating is held in: its name and its options' values, as "game-8".
const ratingGame = (name, options) => [name, ...Object.keys(options).sort().map((key) => options[key])].join("-");

// A game as the page names it: its title, and the words the server sends for its options' values.
function gameNamed(listing, g) {
  const known = listing.games.find((k) => k.name === g.game);
  return [say(`${g.game}.title`), ...known.options.map((option) =>
    option.choices.find((c) => c.value === g.options[option.name]).label)].join(" ");
}

// A logged-in player's games in progress, to take up from any device: on its page the seat is
// theirs by their session, without the seat's link.
function yourGames(me, listing) {
  const go = (href) => (event) => { event.preventDefault(); navigate(href); };
  return html("section", { id: "your-games", "aria-labelledby": "your-games-title" },
    html("h2", { id: "your-games-title" }, say("page.your_games")),
    me.playing.length === 0 ? html("p", {}, say("page.none_playing"))
      : html("ul", {}, me.playing.map((g) => html("li", { "data-game": g.id },
        html("a", { href: `/play/${g.id}`, onclick: go(`/play/${g.id}`) },
          say("page.game_against", { game: gameNamed(listing, g), opponent: sitterText(g.opponent) }))))));
}

// The public games: seats waiting for anyone (Join takes one and opens it), each with who made it
// and whether it is rated, and games to watch.
function publicGames(listing, error, me) {
  const sideKey = (g) => listing.games.find((known) => known.name === g.game).sides.find((s) => s.seat === g.seat).key;
  const join = async (g) => {
    const body = !me.name && guestName() ? { name: guestName() } : {};
    const response = await fetch(`/api/games/${g.id}/join?lang=${language}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const joined = await response.json();
    if (!response.ok) { error.textContent = joined.message; return; }
    rememberGame(joined);
    await navigate(joined.links.you);
  };
  const terms = (g) => [g.creator.kind !== "anonymous" ? say("page.created_by", { who: sitterText(g.creator) }) : null,
    g.rated ? say("page.rated") : say("page.unrated"),
    g.rating_range ? say("page.range", { low: g.rating_range[0], high: g.rating_range[1] }) : null].filter(Boolean).join(", ");
  const seats = listing.open.length === 0 ? html("p", {}, say("page.none_seats"))
    : html("ul", { id: "open-seats" }, listing.open.map((g) => html("li", { "data-seat": g.id }, gameNamed(listing, g),
      html("span", { class: "terms" }, ` (${terms(g)}) `),
      html("button", { type: "button", "data-join": g.id, onclick: () => join(g) }, say("page.join", { side: say(sideKey(g)) })))));
  const live = listing.live.length === 0 ? html("p", {}, say("page.none_open"))
    : html("ul", { id: "live-games" }, listing.live.map((g) => html("li", {},
      html("a", { href: `/play/${g.id}`, "data-watch": g.id }, `${gameNamed(listing, g)} — ${say("page.watch")}`))));
  return [html("h2", {}, say("page.open_seats")), seats, html("h2", {}, say("page.open_games")), live];
}
