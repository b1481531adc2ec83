// The sudokit page: a grid to type in, and buttons that ask the server's
// JSON API (the same records as `sudokit ... --format json`). The page
// holds no puzzle logic beyond drawing: the server reads, solves, explains.
"use strict";

const DIGITS = "123456789ABCDEFGHIJKLMNOP";
const $ = (id) => document.getElementById(id);

// What the page shows: the puzzle as a line of givens (`.` for empty),
// the cells the player typed, and, while stepping, the explanation.
const state = {
  size: 9,
  givens: ".".repeat(81),
  typed: [],
  source: null, // pasted text (a variant file) the server reads instead of the grid
  steps: null,
  at: 0,
};

// The box of a size, as the command line draws it: rows x cols, the rows
// the largest divisor not above the square root.
function boxShape(size) {
  let rows = Math.floor(Math.sqrt(size));
  while (size % rows !== 0) rows -= 1;
  return [rows, size / rows];
}

function say(text, isError) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("error", Boolean(isError));
}

// The grid as a line: givens, then what the player typed.
function gridLine() {
  return Array.from(state.givens, (g, i) => (g !== "." ? g : state.typed[i] || ".")).join("");
}

// The puzzle text to send: a pasted variant as it was, else the grid.
function puzzleText() {
  return state.source !== null ? state.source : gridLine();
}

async function api(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const kind = response.headers.get("Content-Type") || "";
  const answer = kind.startsWith("application/json") ? await response.json() : await response.text();
  if (!response.ok) {
    const message = answer && answer.error ? answer.error : `${response.status} ${response.statusText}`;
    throw new Error(message);
  }
  return answer;
}

function limits() {
  return { engine: $("engine").value, timeout_ms: 20000 };
}

function showAnswer(record) {
  $("answer").textContent = typeof record === "string" ? record : JSON.stringify(record, null, 1);
}

function setPuzzle(line, source) {
  const size = Math.round(Math.sqrt(line.length));
  state.size = size;
  state.givens = Array.from(line, (c) => (DIGITS.slice(0, size).includes(c.toUpperCase()) ? c.toUpperCase() : ".")).join("");
  state.typed = new Array(line.length).fill("");
  state.source = source === undefined ? null : source;
  state.steps = null;
  $("size").value = String(size);
  draw();
}

function cellName(index) {
  return `r${Math.floor(index / state.size) + 1}c${(index % state.size) + 1}`;
}

function cellIndex(name) {
  const match = /^r(\d+)c(\d+)$/.exec(name);
  return match ? (Number(match[1]) - 1) * state.size + Number(match[2]) - 1 : -1;
}

// The frame of one cell: thick lines at box edges.
function cellFrame(index) {
  const [rows, cols] = boxShape(state.size);
  const r = Math.floor(index / state.size);
  const c = index % state.size;
  const cell = document.createElement("div");
  cell.className = "cell";
  if ((c + 1) % cols === 0 && c + 1 < state.size) cell.classList.add("box-right");
  if ((r + 1) % rows === 0 && r + 1 < state.size) cell.classList.add("box-bottom");
  cell.dataset.cell = cellName(index);
  return cell;
}

function draw() {
  const board = $("board");
  const n = state.size;
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  board.style.fontSize = `min(${(60 / n).toFixed(2)}vw, ${(18 / n).toFixed(2)}rem)`;
  $("stepper").hidden = state.steps === null;
  if (state.steps !== null) return drawStep();
  $("step-text").textContent = "";
  for (let i = 0; i < n * n; i += 1) {
    const cell = cellFrame(i);
    const input = document.createElement("input");
    input.setAttribute("aria-label", cellName(i));
    input.inputMode = n <= 9 ? "numeric" : "text";
    input.autocomplete = "off";
    if (state.givens[i] !== ".") {
      cell.classList.add("given");
      input.value = state.givens[i];
      input.readOnly = true;
    } else {
      input.value = state.typed[i] || "";
    }
    input.addEventListener("keydown", (event) => onKey(event, i));
    cell.append(input);
    board.append(cell);
  }
}

// Typing: a digit fills the cell, Backspace or 0 or . empties it, the
// arrows move; a typed puzzle is the grid's, not a pasted file's.
function onKey(event, index) {
  const n = state.size;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n };
  if (event.key in moves) {
    const next = index + moves[event.key];
    if (next >= 0 && next < n * n) focusCell(next);
    event.preventDefault();
    return;
  }
  if (event.key === "Tab" || event.ctrlKey || event.metaKey || event.altKey) return;
  event.preventDefault();
  const key = event.key.toUpperCase();
  let value = null;
  if (DIGITS.slice(0, n).includes(key) && key.length === 1) value = key;
  else if (["BACKSPACE", "DELETE", "0", ".", " "].includes(key)) value = "";
  if (value === null) return;
  const line = Array.from(gridLine());
  line[index] = value || ".";
  // A cell typed on an empty grid is a given; on a loaded puzzle, a move.
  if (state.givens === ".".repeat(n * n) || state.typing) {
    state.typing = true;
    state.givens = line.join("");
  } else if (state.givens[index] === ".") {
    state.typed[index] = value;
  }
  state.source = null;
  draw();
  // A digit, `.` or a space moves on, so a line can be typed straight in.
  const moveOn = (value || key === "." || key === " ") && index + 1 < n * n;
  focusCell(index + (moveOn ? 1 : 0));
}

function focusCell(index) {
  const input = $("board").children[index] && $("board").children[index].querySelector("input");
  if (input) input.focus();
}

// Candidates before step `at`: every digit its row, column and box allow
// among the givens, less what the steps before placed and eliminated.
function candidatesBefore(at) {
  const n = state.size;
  const [rows, cols] = boxShape(n);
  const values = Array.from(state.givens, (g) => (g === "." ? "" : g));
  const marks = values.map(() => new Set(DIGITS.slice(0, n)));
  const place = (index, digit) => {
    values[index] = digit;
    const r = Math.floor(index / n);
    const c = index % n;
    for (let k = 0; k < n * n; k += 1) {
      const rk = Math.floor(k / n);
      const ck = k % n;
      const sameBox = Math.floor(rk / rows) === Math.floor(r / rows) && Math.floor(ck / cols) === Math.floor(c / cols);
      if (rk === r || ck === c || sameBox) marks[k].delete(digit);
    }
  };
  values.forEach((digit, index) => digit && place(index, digit));
  for (const step of state.steps.slice(0, at)) {
    for (const { cell, digit } of step.place) place(cellIndex(cell), DIGITS[digit - 1]);
    for (const { cell, digit } of step.eliminate) marks[cellIndex(cell)].delete(DIGITS[digit - 1]);
  }
  return { values, marks };
}

function drawStep() {
  const n = state.size;
  const step = state.steps[state.at];
  const { values, marks } = candidatesBefore(state.at);
  const pattern = new Set(step ? step.cells.map(cellIndex) : []);
  const placing = new Map(step ? step.place.map((p) => [cellIndex(p.cell), DIGITS[p.digit - 1]]) : []);
  const gone = new Map();
  for (const e of step ? step.eliminate : []) {
    const index = cellIndex(e.cell);
    if (!gone.has(index)) gone.set(index, new Set());
    gone.get(index).add(DIGITS[e.digit - 1]);
  }
  const side = Math.ceil(Math.sqrt(n));
  for (let i = 0; i < n * n; i += 1) {
    const cell = cellFrame(i);
    if (pattern.has(i)) cell.classList.add("pattern");
    if (placing.has(i)) cell.classList.add("placed");
    if (values[i]) {
      const value = document.createElement("span");
      value.className = state.givens[i] !== "." ? "given" : "value";
      value.textContent = values[i];
      cell.append(value);
    } else {
      const grid = document.createElement("div");
      grid.className = "marks";
      grid.style.gridTemplateColumns = `repeat(${side}, 1fr)`;
      for (const digit of DIGITS.slice(0, n)) {
        const mark = document.createElement("span");
        if (marks[i].has(digit)) {
          mark.textContent = digit;
          if (gone.has(i) && gone.get(i).has(digit)) mark.className = "gone";
          if (placing.get(i) === digit) mark.className = "placing";
        }
        grid.append(mark);
      }
      cell.append(grid);
    }
    $("board").append(cell);
  }
  $("step-count").textContent = `${state.at + 1} / ${state.steps.length}`;
  const text = $("step-text");
  text.replaceChildren();
  if (step) {
    const name = document.createElement("b");
    name.textContent = `${step.technique} (SE ${step.rating})`;
    text.append(name, `: ${step.reason}`);
  }
}

function stepTo(at) {
  if (!state.steps || state.steps.length === 0) return;
  state.at = Math.max(0, Math.min(at, state.steps.length - 1));
  draw();
}

function grade(record) {
  const g = record.grade;
  if (!g) return "";
  return g.rating === null ? `${g.level}: logic runs out` : `${g.level} (SE ${g.rating}), hardest ${g.hardest}, ${g.steps} steps`;
}

async function run(label, work) {
  say(`${label}…`);
  try {
    await work();
  } catch (error) {
    say(error.message, true);
  }
}

function fillSolution(line) {
  state.typed = Array.from(line, (c, i) => (state.givens[i] === "." ? c : ""));
  draw();
}

async function loadPasted() {
  const text = $("paste").value;
  if (!text.trim()) return say("Paste a puzzle first.", true);
  await run("Reading", async () => {
    // The server reads any form; its hint record carries the puzzle's size,
    // and a solve its solution; the line comes from a zero-step explain.
    const record = await api("/api/explain", { puzzle: text, until: 0, guess: false, timeout_ms: 5000 });
    if (record.status === "limit") throw new Error("limit reached while reading");
    setPuzzle(record.grid, text);
    say(`Loaded a ${record.size}x${record.size} puzzle, ${record.unique ? "unique" : `${record.solutions === 0 ? "no" : "more than one"} solution`}.`);
  });
}

function wire() {
  $("size").addEventListener("change", () => {
    const n = Number($("size").value);
    state.typing = false;
    setPuzzle(".".repeat(n * n));
  });
  $("clear").addEventListener("click", () => {
    state.typing = false;
    setPuzzle(".".repeat(state.size * state.size));
    showAnswer("");
    say("Cleared.");
  });
  $("load").addEventListener("click", loadPasted);
  $("solve").addEventListener("click", () => run("Solving", async () => {
    const record = await api("/api/solve", { puzzle: puzzleText(), ...limits() });
    showAnswer(record);
    if (record.solution) fillSolution(record.solution);
    say(record.status === "solved"
      ? `Solved by ${record.solved_by} in ${record.time_us} µs.`
      : `${record.status}${record.why ? `: ${record.why}` : ""}${record.limit ? ` (${record.limit})` : ""}`, record.status !== "solved");
  }));
  $("count").addEventListener("click", () => run("Counting", async () => {
    const record = await api("/api/count", { puzzle: puzzleText(), max: 1000, ...limits() });
    showAnswer(record);
    say(`${record.count}${record.complete ? "" : "+"} solution${record.count === 1 ? "" : "s"} (${record.solved_by}, ${record.time_us} µs).`);
  }));
  $("hint").addEventListener("click", () => run("Looking", async () => {
    const record = await api("/api/hint", { puzzle: gridLineOrSource(), ...limits() });
    showAnswer(record);
    const step = record.steps[0];
    if (!step) return say(record.outcome.status === "solved" ? "Already solved." : "No technique applies: a guess is needed.");
    const where = step.groups.length ? `in ${step.groups[0]}` : `around ${step.cells.join(", ")}`;
    say(`Look for a ${step.technique.toLowerCase()} (SE ${step.rating}) ${where}.`);
  }));
  $("explain").addEventListener("click", () => run("Explaining", async () => {
    const record = await api("/api/explain", { puzzle: puzzleText(), ...limits() });
    showAnswer(record);
    if (record.status === "limit") return say(`Stopped by the ${record.limit} limit.`, true);
    if (!record.steps.length) return say("No steps: the puzzle is solved or has no solution.");
    state.steps = record.steps;
    state.at = 0;
    draw();
    say(grade(record));
  }));
  $("first-step").addEventListener("click", () => stepTo(0));
  $("prev-step").addEventListener("click", () => stepTo(state.at - 1));
  $("next-step").addEventListener("click", () => stepTo(state.at + 1));
  $("close-steps").addEventListener("click", () => { state.steps = null; draw(); });
  document.addEventListener("keydown", (event) => {
    if (state.steps === null) return;
    if (event.key === "ArrowRight") stepTo(state.at + 1);
    if (event.key === "ArrowLeft") stepTo(state.at - 1);
  });
  $("generate").addEventListener("click", () => run("Generating", async () => {
    const request = { size: Number($("size").value), ...limits() };
    if ($("difficulty").value) request.difficulty = $("difficulty").value;
    const [record] = await api("/api/generate", request);
    showAnswer(record);
    if (record.status === "limit") throw new Error(`stopped by the ${record.limit} limit`);
    if (record.status === "error") throw new Error(record.error);
    state.typing = false;
    setPuzzle(record.givens);
    say(`A new ${record.size}x${record.size} puzzle, ${record.clues} givens${record.grade ? `, ${record.grade.level}` : ""} (seed ${record.seed}).`);
  }));
  $("download").addEventListener("click", () => run("Drawing", async () => {
    const svg = await api("/api/show", { puzzle: puzzleText() });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    link.download = "puzzle.svg";
    link.id = "svg-link";
    document.body.append(link);
    link.click();
    say("The SVG is downloaded.");
  }));
}

// A hint is about the position: the grid with the player's moves, unless
// the puzzle is a pasted variant the grid cannot hold.
function gridLineOrSource() {
  return state.source !== null && state.typed.every((t) => !t) ? state.source : gridLine();
}

async function loadEngines() {
  try {
    const engines = await api("/api/engines");
    const select = $("engine");
    for (const engine of engines) {
      if (!engine.available || engine.name === "auto") continue;
      const option = document.createElement("option");
      option.textContent = engine.name;
      option.title = engine.summary;
      select.append(option);
    }
  } catch (error) {
    say(`The engine list did not load: ${error.message}`, true);
  }
}

wire();
draw();
loadEngines();
