// Both clocks of a timed game, counting down between the server's states. The server keeps the
// clocks and decides a flag; the page only shows the time the last state gave, less what has
// passed since it came.
import { sideName } from "./board.js";
import { html, say } from "./common.js";

const LOW_TIME = 10_000;  // under this many milliseconds a clock shows the low-time state
const TICK = 100;

export function formatTime(ms) {
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(ms / 1000);
  const clock = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)}:${clock(seconds % 3600).padStart(5, "0")}`;
  return ms < LOW_TIME ? `${clock(seconds)}.${tenths % 10}` : clock(seconds);
}

// One face per side, kept up to date by `show(state)` and a timer that stops once the faces
// leave the page.
export function clockFaces() {
  const faces = { first: html("span", { class: "clock", id: "clock-first" }),
    second: html("span", { class: "clock", id: "clock-second" }) };
  let clock = null, receivedAt = 0, ticking = false;
  const tick = () => {
    ticking = faces.first.isConnected && clock !== null && clock.running !== null;
    for (const [side, face] of Object.entries(faces)) {
      if (clock === null) { face.hidden = true; continue; }
      const passed = clock.running === side ? performance.now() - receivedAt : 0;
      const left = Math.max(clock[side] - passed, 0);
      face.hidden = false;
      face.textContent = formatTime(left);
      face.dataset.ms = Math.round(left);
      face.classList.toggle("running", clock.running === side);
      face.classList.toggle("low", left < LOW_TIME);
    }
    if (ticking) setTimeout(tick, TICK);
  };
  const show = (state) => {
    if (state.clock !== clock) { clock = state.clock; receivedAt = performance.now(); }  // a new state came
    for (const [side, face] of Object.entries(faces)) face.setAttribute("aria-label", say("page.clock_of", { side: sideName(state, side) }));
    if (!ticking) tick();
  };
  return { faces, show };
}
