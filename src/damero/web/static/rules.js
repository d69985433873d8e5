// The rules of every game, in the page's language, from the same catalogue as the terminal's.
import { html, main, say } from "./common.js";

// A catalogue text wrapped for the terminal, as paragraphs (a blank line between them).
const paragraphs = (text) => text.split(/\n\s*\n/).map((part) => html("p", {}, part.replace(/\s*\n\s*/g, " ")));

export async function rulesPage() {
  const games = (await (await fetch("/api/games")).json()).games.map((game) => game.name);
  main.replaceChildren(html("h1", {}, say("page.rules_title")),
    ...games.map((name) => html("section", { id: name, "aria-labelledby": `${name}-rules` },
      html("h2", { id: `${name}-rules` }, say(`${name}.title`)), ...paragraphs(say(`${name}.rules`)))));
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}
