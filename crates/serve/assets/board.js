// Drawing the grid: one cell per square with its digit or pencil marks,
// thick lines between regions (boxes or jigsaw), and an SVG layer on top
// for what lies across cells: diagonals, extra groups, dashed killer cages
// with their sums. What to show comes in a view; the board holds no state.

import { DIGITS, cageCells, cellName, regionOf } from "./layout.js";

const SVG = "http://www.w3.org/2000/svg";
const GROUP_TINTS = ["#a78bfa", "#f472b6", "#34d399", "#fbbf24", "#60a5fa", "#f87171"];

// view: { layout, values[] ("" for empty), given[] (bool), marks[] (Set of
// digit characters, or null), editable, highlight: { pattern, placed (Map
// index -> digit), gone (Map index -> Set), conflict, wrong } }.
export function drawBoard(board, view, handlers) {
  const { layout } = view;
  const n = layout.size;
  const regions = regionOf(layout);
  const light = view.highlight || {};
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  board.style.fontSize = `min(${(60 / n).toFixed(2)}vw, ${(18 / n).toFixed(2)}rem)`;
  const side = Math.ceil(Math.sqrt(n));
  for (let i = 0; i < n * n; i += 1) {
    const r = Math.floor(i / n);
    const c = i % n;
    const cell = document.createElement("div");
    cell.className = "cell";
    cell.dataset.cell = cellName(i, n);
    cell.dataset.index = String(i);
    if (regions && c + 1 < n && regions[i] !== regions[i + 1]) cell.classList.add("edge-right");
    if (regions && r + 1 < n && regions[i] !== regions[i + n]) cell.classList.add("edge-bottom");
    if (view.given[i]) cell.classList.add("given");
    for (const [name, set] of [["pattern", light.pattern], ["placed", light.placed], ["conflict", light.conflict], ["wrong", light.wrong]]) {
      if (set && set.has(i)) cell.classList.add(name);
    }
    if (!view.values[i] && view.marks && view.marks[i] && view.marks[i].size) {
      cell.append(marksGrid(view.marks[i], n, side, light, i));
    }
    if (view.editable) {
      const input = document.createElement("input");
      input.setAttribute("aria-label", cellName(i, n));
      input.inputMode = n <= 9 ? "numeric" : "text";
      input.autocomplete = "off";
      input.value = view.values[i] || "";
      input.readOnly = Boolean(view.given[i]);
      input.addEventListener("keydown", (event) => handlers.key(event, i));
      // Phone keyboards often send no usable key: read what was typed.
      input.addEventListener("input", () => handlers.typed(input.value.slice(-1), i));
      input.addEventListener("focus", () => handlers.select(i));
      cell.append(input);
    } else if (view.values[i]) {
      const value = document.createElement("span");
      value.className = view.given[i] ? "digit given" : "digit value";
      value.textContent = view.values[i];
      cell.append(value);
    }
    board.append(cell);
  }
  board.append(overlay(layout));
}

// The pencil marks of one cell in a small grid; while stepping, the
// digit a step places is green and the ones it removes red.
function marksGrid(marks, n, side, light, index) {
  const grid = document.createElement("div");
  grid.className = "marks";
  grid.style.gridTemplateColumns = `repeat(${side}, 1fr)`;
  grid.style.gridTemplateRows = `repeat(${Math.ceil(n / side)}, 1fr)`;
  const placing = light.placed && light.placed.get(index);
  const gone = light.gone && light.gone.get(index);
  for (const digit of DIGITS.slice(0, n)) {
    const mark = document.createElement("span");
    if (marks.has(digit)) {
      mark.textContent = digit;
      if (gone && gone.has(digit)) mark.className = "gone";
      if (placing === digit) mark.className = "placing";
    }
    grid.append(mark);
  }
  return grid;
}

// The SVG layer, one unit per cell.
function overlay(layout) {
  const n = layout.size;
  const svg = element("svg", { class: "overlay", viewBox: `0 0 ${n} ${n}`, preserveAspectRatio: "none", "aria-hidden": "true" });
  (layout.extra_groups || []).forEach((group, k) => {
    for (const [r, c] of group) {
      svg.append(element("rect", { class: "group", x: c - 1, y: r - 1, width: 1, height: 1, fill: GROUP_TINTS[k % GROUP_TINTS.length] }));
    }
  });
  if (layout.diagonals) {
    svg.append(element("line", { class: "diagonal", x1: 0, y1: 0, x2: n, y2: n }));
    svg.append(element("line", { class: "diagonal", x1: n, y1: 0, x2: 0, y2: n }));
  }
  cageCells(layout).forEach((cells, k) => {
    const inCage = new Set(cells);
    const inset = 0.09;
    const path = [];
    for (const i of cells) {
      const r = Math.floor(i / n);
      const c = i % n;
      const [top, left, bottom, right] = [r + inset, c + inset, r + 1 - inset, c + 1 - inset];
      // Each side without a cage neighbour gets a line. Where the cage
      // goes on, the line runs to the cell's edge, or past it by the inset
      // at an inner corner, so that the outline is closed.
      const has = (dr, dc) => r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n && inCage.has(i + dr * n + dc);
      const from = (along, corner, start, edge) => (has(...along) ? edge - (has(...corner) ? inset : 0) : start);
      const to = (along, corner, end, edge) => (has(...along) ? edge + (has(...corner) ? inset : 0) : end);
      if (!has(-1, 0)) path.push(`M${from([0, -1], [-1, -1], left, c)} ${top}H${to([0, 1], [-1, 1], right, c + 1)}`);
      if (!has(1, 0)) path.push(`M${from([0, -1], [1, -1], left, c)} ${bottom}H${to([0, 1], [1, 1], right, c + 1)}`);
      if (!has(0, -1)) path.push(`M${left} ${from([-1, 0], [-1, -1], top, r)}V${to([1, 0], [1, -1], bottom, r + 1)}`);
      if (!has(0, 1)) path.push(`M${right} ${from([-1, 0], [-1, 1], top, r)}V${to([1, 0], [1, 1], bottom, r + 1)}`);
    }
    svg.append(element("path", { class: "cage", d: path.join("") }));
    const first = Math.min(...cells);
    const sum = element("text", { class: "cage-sum", x: (first % n) + 0.06, y: Math.floor(first / n) + 0.3 });
    sum.textContent = String(layout.cages[k].sum);
    svg.append(sum);
  });
  return svg;
}

function element(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}
