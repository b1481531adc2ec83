// The puzzle's layout as the server gives it (`show --format json`, or the
// fields of a generated puzzle): size, boxes or jigsaw regions, diagonals,
// extra groups, killer cages and givens. The page draws from it and sends
// it back as the puzzle; it never guesses a geometry of its own.

export const DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const FIELDS = ["size", "box", "regions", "diagonals", "extra_groups", "cages", "givens", "candidates"];

// The box of a typed grid, as the command line reads a line: rows x cols,
// the rows the largest divisor not above the square root.
export function boxShape(size) {
  let rows = Math.floor(Math.sqrt(size));
  while (size % rows !== 0) rows -= 1;
  return [rows, size / rows];
}

// A plain grid of `size` with the givens of `line`.
export function plainLayout(size, line) {
  return { size, box: boxShape(size), regions: null, diagonals: false, extra_groups: [], cages: [], givens: line || ".".repeat(size * size) };
}

// The layout fields of a record (a generated puzzle carries more).
export function layoutOf(record) {
  const layout = {};
  for (const key of FIELDS) if (record[key] !== undefined) layout[key] = record[key];
  layout.givens = normalise(layout.givens, layout.size);
  return layout;
}

// Givens as the page's digits: 1-9 then A-Z, `.` for a blank.
export function normalise(line, size) {
  const digits = DIGITS.slice(0, size);
  return Array.from(line, (c) => (digits.includes(c.toUpperCase()) ? c.toUpperCase() : ".")).join("");
}

// The puzzle text to send: the layout in sudokit's JSON form, its givens
// replaced by `line` (a position with the player's moves) when given.
export function puzzleText(layout, line) {
  return JSON.stringify({ ...layout, givens: line || layout.givens });
}

export function cellName(index, size) {
  return `r${Math.floor(index / size) + 1}c${(index % size) + 1}`;
}

export function cellIndex(name, size) {
  const match = /^r(\d+)c(\d+)$/.exec(name);
  return match ? (Number(match[1]) - 1) * size + Number(match[2]) - 1 : -1;
}

// The region of each cell (a box or a jigsaw region), or null for a
// latin square: the thick lines are drawn between regions.
export function regionOf(layout) {
  const n = layout.size;
  if (layout.regions) return Array.from(layout.regions);
  if (!layout.box) return null;
  const [rows, cols] = layout.box;
  return Array.from({ length: n * n }, (_, i) => {
    const r = Math.floor(i / n);
    const c = i % n;
    return Math.floor(r / rows) * n + Math.floor(c / cols);
  });
}

// Each cage's cells as 0-based indices.
export function cageCells(layout) {
  return (layout.cages || []).map((cage) => cage.cells.map(([r, c]) => (r - 1) * layout.size + c - 1));
}

// What the layout holds beyond rows, columns and boxes, in words.
export function variantWords(layout) {
  const words = [];
  if (layout.regions) words.push("jigsaw");
  if (layout.diagonals) words.push("X");
  if ((layout.extra_groups || []).length) words.push(`${layout.extra_groups.length} extra groups`);
  if ((layout.cages || []).length) words.push(`killer, ${layout.cages.length} cages`);
  if (!layout.box && !layout.regions) words.push("latin");
  return words;
}
