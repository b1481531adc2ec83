// The sudokit page: a grid to type and play in, and buttons that ask the
// server's JSON API (the records of `sudokit ... --format json`). The page
// holds no puzzle logic beyond drawing and keeping the player's moves: the
// server reads the puzzle, solves, checks, explains and gives the marks.
//
// Modules, one concept each: api (requests), layout (the puzzle's
// geometry as the server gives it), board (drawing), play (moves, undo),
// steps (an explanation stepped through), race, summary (answers in words).

import { api } from "./api.js";
import { drawBoard } from "./board.js";
import { DIGITS, cageCells, layoutOf, normalise, plainLayout, puzzleText, variantWords } from "./layout.js";
import { Play } from "./play.js";
import { race } from "./race.js";
import { Steps } from "./steps.js";
import { gradeWords, micros, showSummary } from "./summary.js";

const $ = (id) => document.getElementById(id);
const TIMEOUT_MS = 20000;

const state = {
  layout: plainLayout(9),
  play: new Play(9, ".".repeat(81)),
  entering: true, // typing on an empty grid enters givens
  steps: null, // an explanation being stepped through
  at: 0,
  solution: null, // the verified solution, once known
  conflict: new Set(),
  wrong: new Set(),
  notes: false,
  selected: 0,
  hinted: null, // the position the last hint was about, and its step
  engines: [],
};

function say(text, isError) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("error", Boolean(isError));
}

function limits() {
  return { engine: $("engine").value, timeout_ms: TIMEOUT_MS };
}

// The puzzle as given, and the position with the player's moves.
const puzzle = () => puzzleText(state.layout);
const position = () => puzzleText(state.layout, state.play.line());

function setLayout(layout, entering) {
  state.layout = layout;
  state.play.reset(layout.size, layout.givens);
  state.entering = entering;
  state.steps = null;
  state.solution = null;
  state.hinted = null;
  clearMarks();
  $("race-table").hidden = true;
  $("size").value = String(layout.size);
  draw();
}

function clearMarks() {
  state.conflict = new Set();
  state.wrong = new Set();
}

function draw() {
  const stepping = state.steps !== null;
  $("stepper").hidden = !stepping;
  $("play-bar").hidden = stepping;
  $("pad").hidden = stepping;
  $("notes").setAttribute("aria-pressed", String(state.notes));
  $("board").classList.toggle("noting", state.notes);
  state.layout.givens = state.play.givens;
  if (stepping) return drawStep();
  $("step-text").textContent = "";
  const n = state.layout.size;
  const play = state.play;
  drawBoard($("board"), {
    layout: state.layout,
    values: Array.from({ length: n * n }, (_, i) => play.value(i)),
    given: Array.from({ length: n * n }, (_, i) => play.isGiven(i)),
    marks: play.notes,
    editable: true,
    highlight: { conflict: state.conflict, wrong: state.wrong },
  }, { key: onKey, typed: onTyped, select: (i) => { state.selected = i; } });
  drawPad();
}

function drawStep() {
  const steps = state.steps;
  drawBoard($("board"), { layout: state.layout, ...steps.view(state.at), editable: false });
  $("step-count").textContent = state.at < steps.count ? `${state.at + 1} / ${steps.count}` : `end / ${steps.count}`;
  const text = $("step-text");
  text.replaceChildren();
  const step = steps.steps[state.at];
  if (step) {
    const name = document.createElement("b");
    name.textContent = `${step.technique} (SE ${step.rating})`;
    text.append(name, `: ${step.reason}`);
  } else {
    text.textContent = "Where the explanation ends.";
  }
}

// The digit buttons under the grid, for touch.
function drawPad() {
  const pad = $("pad");
  const n = state.layout.size;
  if (pad.childElementCount === n + 1) return;
  pad.replaceChildren();
  for (const digit of [...DIGITS.slice(0, n), ""]) {
    const button = document.createElement("button");
    button.textContent = digit || "⌫";
    button.title = digit ? `Enter ${digit}` : "Empty the cell";
    button.dataset.digit = digit;
    button.addEventListener("click", () => enter(state.selected, digit, false));
    pad.append(button);
  }
}

// A digit (or "" to empty) for a cell: a given while entering a puzzle,
// a pencil mark in notes mode, else a move.
function enter(index, digit, moveOn) {
  const play = state.play;
  if (state.notes && digit && !state.entering) play.toggleNote(index, digit);
  else play.fill(index, digit, state.entering);
  clearMarks();
  state.hinted = null;
  draw();
  const n = state.layout.size;
  focusCell(moveOn && state.entering && index + 1 < n * n ? index + 1 : index);
}

// Keys on a cell: a digit fills it, Backspace, Delete, 0, `.` or a space
// empty it, the arrows move, Ctrl+Z and Ctrl+Y undo and redo. While
// entering givens, a digit, `.` or a space moves on, so a line can be
// typed straight in.
function onKey(event, index) {
  const n = state.layout.size;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n };
  if (event.key in moves) {
    const next = index + moves[event.key];
    if (next >= 0 && next < n * n) focusCell(next);
    event.preventDefault();
    return;
  }
  if ((event.ctrlKey || event.metaKey) && ["z", "y"].includes(event.key.toLowerCase())) {
    event.preventDefault();
    return event.key.toLowerCase() === "y" || event.shiftKey ? redo() : undo();
  }
  if (event.key === "Tab" || event.ctrlKey || event.metaKey || event.altKey) return;
  // A phone keyboard's key is read from the input event (onTyped).
  if (event.key === "Unidentified" || event.isComposing) return;
  event.preventDefault();
  const key = event.key.toUpperCase();
  if (key.length === 1 && DIGITS.slice(0, n).includes(key)) return enter(index, key, true);
  if (["BACKSPACE", "DELETE", "0", ".", " "].includes(key)) enter(index, "", key === "." || key === " ");
}

// What an input received without a key event (a phone's keyboard).
function onTyped(text, index) {
  const key = text.toUpperCase();
  if (key && DIGITS.slice(0, state.layout.size).includes(key)) enter(index, key, true);
  else enter(index, "", false);
}

function focusCell(index) {
  const cell = $("board").querySelector(`[data-index="${index}"] input`);
  if (cell) cell.focus();
  state.selected = index;
}

function undo() {
  if (state.play.undo()) { clearMarks(); draw(); focusCell(state.selected); } else say("Nothing to undo.");
}

function redo() {
  if (state.play.redo()) { clearMarks(); draw(); focusCell(state.selected); } else say("Nothing to redo.");
}

async function run(label, work) {
  say(`${label}…`);
  try {
    await work();
  } catch (error) {
    say(error.message, true);
  }
}

// After an answer about the puzzle, typing plays rather than enters givens.
function startPlaying() {
  if (state.play.givens.replaceAll(".", "")) state.entering = false;
}

async function solution() {
  if (state.solution) return state.solution;
  const record = await api("/api/solve", { puzzle: puzzle(), ...limits() });
  if (record.status !== "solved") throw new Error(`no solution to compare with: ${record.status}${record.why ? `, ${record.why}` : ""}`);
  state.solution = normalise(record.solution, state.layout.size);
  return state.solution;
}

// Conflicts by the server's verifier: digits twice in a group, a full
// cage of the wrong sum; optionally, moves that differ from the solution.
async function checkGrid() {
  startPlaying();
  const record = await api("/api/check", { grid: state.play.line(), puzzle: puzzle() });
  showSummary("check", record);
  const cages = cageCells(state.layout);
  const filled = (i) => Boolean(state.play.value(i));
  const conflict = new Set();
  const why = [];
  for (const found of record.conflicts) {
    const [kind, detail] = Object.entries(found)[0];
    if (kind === "Duplicate") {
      detail.cells.forEach((c) => conflict.add(c));
      why.push(`${DIGITS[detail.digit - 1]} twice in ${detail.group}`);
    } else if (kind === "CageSum" && cages[detail.cage].every(filled)) {
      cages[detail.cage].forEach((c) => conflict.add(c));
      why.push(`a cage adds up to ${detail.found}, not ${detail.expected}`);
    } else if (kind === "NotACandidate" || kind === "ChangedGiven") {
      conflict.add(detail.cell);
      why.push(`${detail.at[0]} breaks the puzzle`);
    }
  }
  state.conflict = conflict;
  state.wrong = new Set();
  if ($("against-solution").checked) {
    const line = await solution();
    state.play.entered.forEach((digit, i) => { if (digit && digit !== line[i]) state.wrong.add(i); });
  }
  draw();
  const open = state.play.line().split(".").length - 1;
  const parts = [];
  parts.push(why.length ? `Conflicts: ${why.join("; ")}.` : "No conflict with the rules.");
  if ($("against-solution").checked) parts.push(state.wrong.size ? `${state.wrong.size} of your digits differ from the solution.` : "Every digit you entered is right.");
  if (!open && !why.length && record.valid) parts.push("Solved!");
  else parts.push(`${open} cells to go.`);
  say(parts.join(" "), why.length > 0 || state.wrong.size > 0);
}

// Pencil marks for every open cell of the position, from the server (the
// explainer's board, so every group of the puzzle counts).
async function fillMarks() {
  startPlaying();
  const record = await api("/api/explain", { puzzle: position(), until: 0, guess: false, marks: true, ...limits() });
  if (record.status === "limit") throw new Error(`stopped by the ${record.limit} limit`);
  state.play.setNotes(record.marks.start.map((digits) => digits.map((d) => DIGITS[d - 1])));
  draw();
  say("Pencil marks filled in: every candidate the placed digits leave.");
}

// A hint: first the technique and where to look, then (pressed again on
// the same position) the move itself, drawn as a step.
async function hint() {
  startPlaying();
  const here = state.play.line();
  if (state.hinted && state.hinted.line === here) {
    state.steps = state.hinted.steps;
    state.at = 0;
    draw();
    return say("The move: see the coloured cells.");
  }
  const record = await api("/api/explain", { puzzle: position(), until: 1, guess: false, marks: true, ...limits() });
  showSummary("hint", record);
  if (record.status === "limit") throw new Error(`stopped by the ${record.limit} limit`);
  const step = record.steps[0];
  if (!step) {
    const why = record.outcome.status === "no-solution" ? `this position has no solution: ${record.outcome.reason}` : "no technique applies: a guess is needed";
    return say(record.outcome.status === "solved" ? "Already solved." : `No hint: ${why}.`, record.outcome.status === "no-solution");
  }
  state.hinted = { line: here, steps: new Steps(record, here) };
  const where = step.groups.length ? `in ${step.groups[0]}` : `around ${step.cells.join(", ")}`;
  say(`Look for a ${step.technique.toLowerCase()} (SE ${step.rating}) ${where}. Press Hint again for the move.`);
}

async function explain() {
  startPlaying();
  const record = await api("/api/explain", { puzzle: puzzle(), marks: true, ...limits() });
  showSummary("explain", record);
  if (record.status === "limit") return say(`Stopped by the ${record.limit} limit.`, true);
  if (!record.steps.length) return say("No steps: the puzzle is solved or has no solution.");
  state.steps = new Steps(record, state.play.givens);
  state.at = 0;
  draw();
  say(record.grade ? gradeWords(record.grade) : `${record.steps.length} steps; ${record.unique ? "logic ran out, a guess was needed" : "not one solution, so no grade"}.`);
}

function stepTo(at) {
  if (!state.steps) return;
  state.at = Math.max(0, Math.min(at, state.steps.count));
  draw();
}

async function solve() {
  startPlaying();
  const record = await api("/api/solve", { puzzle: puzzle(), ...limits() });
  showSummary("solve", record);
  if (record.solution) {
    state.solution = normalise(record.solution, state.layout.size);
    state.play.fillAll(state.solution);
    clearMarks();
    draw();
  }
  say(record.status === "solved"
    ? `Solved by ${record.solved_by} in ${micros(record.time_us)}.`
    : `${record.status}${record.why ? `: ${record.why}` : ""}${record.limit ? ` (${record.limit})` : ""}`, record.status !== "solved");
}

async function count() {
  startPlaying();
  const record = await api("/api/count", { puzzle: puzzle(), max: 1000, ...limits() });
  showSummary("count", record);
  say(`${record.count}${record.complete ? "" : "+"} solution${record.count === 1 ? "" : "s"} (${record.solved_by}, ${micros(record.time_us)}).`);
}

async function raceAll() {
  startPlaying();
  if (!state.engines.length) throw new Error("no engine is available");
  const { results, agree } = await race(puzzle(), state.engines, $("race-table"), 10000);
  const solved = results.filter((r) => r.verdict.startsWith("solved")).length;
  say(`Race over: ${solved} of ${results.length} engines solved it${agree ? "" : "; their grids differ, so it has several solutions"}.`);
}

async function generate() {
  const request = { size: Number($("size").value), timeout_ms: 30000, engine: $("engine").value };
  const variant = $("variant").value;
  if (variant) request[variant] = true;
  for (const field of ["symmetry", "difficulty", "technique"]) if ($(field).value) request[field] = $(field).value;
  const [record] = await api("/api/generate", request);
  showSummary("generate", record);
  if (record.status === "limit") throw new Error(`stopped by the ${record.limit} limit; try again, or ask for less`);
  if (record.status === "error") throw new Error(record.error);
  setLayout(layoutOf(record), false);
  state.solution = normalise(record.solution, record.size);
  const words = variantWords(record);
  say(`A new ${record.size}x${record.size} puzzle${words.length ? ` (${words.join(", ")})` : ""}, ${record.clues} givens${record.grade ? `, ${record.grade.level}` : ""} (seed ${record.seed}).`);
}

async function loadPasted() {
  const text = $("paste").value;
  if (!text.trim()) return say("Paste a puzzle first.", true);
  const layout = await api("/api/show", { puzzle: text, form: "json" });
  setLayout(layoutOf(layout), false);
  showSummary("read", layout);
  const words = variantWords(layout);
  const what = `a ${layout.size}x${layout.size} puzzle${words.length ? ` (${words.join(", ")})` : ""}`;
  try {
    const record = await api("/api/count", { puzzle: puzzle(), max: 2, engine: $("engine").value, timeout_ms: 5000 });
    const solutions = record.count === 0 ? "no solution" : record.count === 1 ? "unique" : "more than one solution";
    say(`Loaded ${what}, ${record.complete || record.count > 1 ? solutions : "not counted in time"}.`);
  } catch (error) {
    say(`Loaded ${what}; counting its solutions failed: ${error.message}`, true);
  }
}

async function download() {
  const svg = await api("/api/show", { puzzle: puzzle() });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  link.download = "puzzle.svg";
  document.body.append(link);
  link.click();
  link.remove();
  say("The SVG is downloaded.");
}

async function loadLists() {
  try {
    const engines = await api("/api/engines");
    for (const engine of engines) {
      if (!engine.available || engine.name === "auto") continue;
      state.engines.push(engine.name);
      const option = document.createElement("option");
      option.textContent = engine.name;
      option.title = engine.summary;
      $("engine").append(option);
    }
    const techniques = await api("/api/techniques");
    for (const technique of techniques) {
      const option = document.createElement("option");
      option.value = technique.name;
      option.textContent = `${technique.name} (SE ${technique.rating})`;
      $("technique").append(option);
    }
  } catch (error) {
    say(`The engine and technique lists did not load: ${error.message}`, true);
  }
}

function wire() {
  const on = (id, label, work) => $(id).addEventListener("click", () => run(label, work));
  $("size").addEventListener("change", () => setLayout(plainLayout(Number($("size").value)), true));
  $("clear").addEventListener("click", () => {
    setLayout(plainLayout(state.layout.size), true);
    showSummary(null, null);
    say("Cleared: type the givens.");
  });
  on("load", "Reading", loadPasted);
  on("solve", "Solving", solve);
  on("count", "Counting", count);
  on("race", "Racing", raceAll);
  on("hint", "Looking", hint);
  on("explain", "Explaining", explain);
  on("generate", "Generating", generate);
  on("download", "Drawing", download);
  on("check", "Checking", checkGrid);
  on("fill-marks", "Filling marks", fillMarks);
  $("print").addEventListener("click", () => window.print());
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("notes").addEventListener("click", () => {
    state.notes = !state.notes;
    if (state.notes) startPlaying();
    draw();
    focusCell(state.selected);
  });
  $("first-step").addEventListener("click", () => stepTo(0));
  $("prev-step").addEventListener("click", () => stepTo(state.at - 1));
  $("next-step").addEventListener("click", () => stepTo(state.at + 1));
  $("close-steps").addEventListener("click", () => { state.steps = null; draw(); });
  document.addEventListener("keydown", (event) => {
    if (state.steps === null) return;
    if (event.key === "ArrowRight") stepTo(state.at + 1);
    if (event.key === "ArrowLeft") stepTo(state.at - 1);
  });
}

wire();
draw();
loadLists();
