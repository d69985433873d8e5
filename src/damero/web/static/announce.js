// What the page tells a player beside the board: said aloud to a screen reader (a live region),
// a short sound if the player switched sound on, and the tab's title when it is their turn.
import { say } from "./common.js";

const region = document.getElementById("announce");
const SOUND = "damero.sound";
let audio = null;
let pending = null;  // the words about to be said

export function announce(text) {
  if (!text) return;
  // The same words twice in a row are said again only if the region changes in between.
  region.textContent = "";
  clearTimeout(pending);
  pending = setTimeout(() => { region.textContent = text; }, 50);
}

// Nothing left to say: what was said belongs to the page before (another language, another game).
export function silence() {
  clearTimeout(pending);
  region.textContent = "";
}

export const soundOn = () => localStorage.getItem(SOUND) === "1";
export function setSound(on) { localStorage.setItem(SOUND, on ? "1" : "0"); }

// A short tone: low for a move, higher for "your turn".
export function chime(high = false) {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator(), volume = audio.createGain();
    tone.frequency.value = high ? 880 : 440;
    volume.gain.setValueAtTime(0.15, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.15);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.15);
  } catch { /* a browser without sound plays none */ }
}

export function titleYourTurn(yours) {
  document.title = yours ? say("page.your_turn_title", { title: say("page.title") }) : say("page.title");
}
