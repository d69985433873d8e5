// A player's page, /@/NAME: their ratings in each game and their games, newest first, a page at a
// time, each with its opponent, result and date, and links to replay and review it.
import { html, language, main, navigate, say } from "./common.js";

const go = (href) => (event) => { event.preventDefault(); navigate(href); };

// The game a rating or a game is of, as the page names it: its title and board size.
export const gameTitle = (game, options) =>
  `${say(`${game}.title`)}${options && options.size ? ` ${options.size}x${options.size}` : ""}`;

// Who sat at a side, in words: a name is text, never markup; a typed name is marked as no account.
export function sitterText(sitter) {
  if (!sitter) return say("page.anonymous");
  switch (sitter.kind) {
    case "account": return sitter.rating !== null ? `${sitter.name} (${sitter.rating})` : sitter.name;
    case "guest": return say("page.guest", { name: sitter.name });
    case "deleted": return say("page.deleted_player");
    case "computer": return sitter.rating !== null ? say("page.level_rated", { level: sitter.level, rating: sitter.rating }) : say("page.player_computer", { level: sitter.level });
    default: return say("page.anonymous");
  }
}

// The opponent's cell: a link to their own page when they have one.
function opponentCell(sitter) {
  if (sitter.kind === "account") return html("a", { href: `/@/${sitter.name}`, onclick: go(`/@/${sitter.name}`) }, sitterText(sitter));
  return sitterText(sitter);
}

const dateOf = (seconds) => new Date(seconds * 1000).toLocaleDateString(language, { year: "numeric", month: "short", day: "numeric" });

function resultText(game) {
  if (!game.over) return say("page.result_going");
  const words = say(`page.result_${game.result ?? "over"}`);
  return game.ending && game.ending !== "rules" ? `${words} (${say(`page.ending_${game.ending}`)})` : words;
}

function ratingText(game) {
  if (!game.rating) return game.rated ? say("page.rated") : "";
  const { before, after } = game.rating;
  if (after === null) return String(before);
  const change = after - before;
  return `${after} (${change >= 0 ? "+" : "−"}${Math.abs(change)})`;
}

export async function playerPage(name, page = Number(new URLSearchParams(location.search).get("page") || 1)) {
  const [playerAnswer, gamesAnswer] = await Promise.all([
    fetch(`/api/players/${encodeURIComponent(name)}?lang=${language}`),
    fetch(`/api/players/${encodeURIComponent(name)}/games?page=${page}&lang=${language}`)]);
  const player = await playerAnswer.json();
  const listing = await gamesAnswer.json();
  if (location.pathname !== `/@/${name}`) return;  // the player went elsewhere meanwhile
  if (!playerAnswer.ok) { main.replaceChildren(html("h1", {}, name), html("p", { class: "error", role: "alert" }, player.message)); return; }
  const ratings = player.ratings.length === 0 ? html("p", { id: "no-ratings" }, say("page.no_ratings"))
    : html("table", { id: "ratings", class: "listing" }, html("caption", {}, say("page.ratings")),
      html("thead", {}, html("tr", {}, html("th", { scope: "col" }, say("page.game")), html("th", { scope: "col" }, say("page.rating")),
        html("th", { scope: "col" }, say("page.rated_games")))),
      html("tbody", {}, player.ratings.map((r) => html("tr", { "data-rating": r.key },
        html("th", { scope: "row" }, gameTitle(r.game, r.options)), html("td", {}, r.shown), html("td", {}, String(r.games))))));
  const games = listing.games ?? [];
  const table = games.length === 0 ? html("p", { id: "no-games" }, say("page.no_games"))
    : html("table", { id: "player-games", class: "listing" }, html("caption", {}, say("page.player_games", { count: player.games })),
      html("thead", {}, html("tr", {}, ...["page.game", "page.opponent", "page.result", "page.rating", "page.date", "page.links"]
        .map((key) => html("th", { scope: "col" }, say(key))))),
      html("tbody", {}, games.map((g) => html("tr", { "data-game": g.id },
        html("td", {}, gameTitle(g.game, g.options)), html("td", {}, opponentCell(g.opponent)), html("td", {}, resultText(g)),
        html("td", {}, ratingText(g)), html("td", {}, dateOf(g.created)),
        html("td", {}, ...(g.over
          ? [html("a", { href: g.links.replay, onclick: go(g.links.replay) }, say("page.replay")), " ",
            html("a", { href: g.links.review, onclick: go(g.links.review) }, say("page.review"))]
          : [html("a", { href: g.links.watch, onclick: go(g.links.watch) }, say("page.watch"))]))))));
  const pages = listing.pages ?? 1;
  const paging = pages <= 1 ? null : html("nav", { "aria-label": say("page.pages"), class: "paging" },
    page > 1 ? html("a", { href: `/@/${player.name}?page=${page - 1}`, id: "previous-page", onclick: go(`/@/${player.name}?page=${page - 1}`) }, say("page.previous_page")) : null, " ",
    html("span", {}, say("page.page_of", { page, pages })), " ",
    page < pages ? html("a", { href: `/@/${player.name}?page=${page + 1}`, id: "next-page", onclick: go(`/@/${player.name}?page=${page + 1}`) }, say("page.next_page")) : null);
  main.replaceChildren(html("h1", { id: "player-name" }, player.name),
    html("p", {}, say("page.player_since", { date: dateOf(player.created) })),
    html("h2", {}, say("page.ratings")), ratings, html("h2", {}, say("page.games_played")), table, paging ?? "");
}
