// The page's entry: it loads the words and shows the page the address names.
import { changeLanguage, disconnect, languageChoice, loadWords, setRouter } from "./common.js";
import { analysePage } from "./analyse.js";
import { frontPage } from "./front.js";
import { gamePage } from "./play.js";

async function route() {
  disconnect();
  const match = location.pathname.match(/^\/play\/([\w-]+)$/);
  languageChoice.onchange = async () => { await changeLanguage(); route(); };
  if (match) gamePage(match[1]);
  else if (location.pathname === "/analyse") await analysePage();
  else await frontPage();
}

setRouter(route);
window.addEventListener("popstate", route);
await loadWords();
route();
