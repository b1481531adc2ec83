// Stepping through an explanation: the position before each step, with the
// pencil marks the server replayed on its own board (so an X's diagonals
// or a jigsaw's regions rule digits out as they do for the explainer) and
// the step's pattern, placements and eliminations to colour.

import { DIGITS, cellIndex } from "./layout.js";

export class Steps {
  // `record`: an ExplainRecord with `marks` (the request asked for them).
  constructor(record, givens) {
    this.size = record.size;
    this.steps = record.steps;
    this.marks = record.marks;
    this.givens = givens;
    this.at = 0;
  }

  get count() {
    return this.steps.length;
  }

  // The view of the board before step `at` (`at` = count: the end).
  view(at) {
    const n = this.size;
    const values = Array.from(this.givens, (g) => (g === "." ? "" : g));
    const marks = this.marks.start.map((digits) => new Set(digits.map((d) => DIGITS[d - 1])));
    for (let k = 0; k < at; k += 1) {
      for (const { cell, digit } of this.steps[k].place) values[cellIndex(cell, n)] = DIGITS[digit - 1];
      for (const { cell, digit } of this.marks.removed[k]) marks[cellIndex(cell, n)].delete(DIGITS[digit - 1]);
    }
    const step = this.steps[at];
    const highlight = { pattern: new Set(), placed: new Map(), gone: new Map() };
    if (step) {
      for (const cell of step.cells) highlight.pattern.add(cellIndex(cell, n));
      for (const { cell, digit } of step.place) highlight.placed.set(cellIndex(cell, n), DIGITS[digit - 1]);
      for (const { cell, digit } of step.eliminate) {
        const index = cellIndex(cell, n);
        if (!highlight.gone.has(index)) highlight.gone.set(index, new Set());
        highlight.gone.get(index).add(DIGITS[digit - 1]);
      }
    }
    return { values, given: Array.from(this.givens, (g) => g !== "."), marks, highlight };
  }
}
