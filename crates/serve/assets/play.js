// The player's moves: digits filled in, pencil marks, and the history that
// undo and redo walk. Givens typed on an empty grid are moves too, so a
// typing slip can be undone.

const KEEP = 500; // moves remembered for undo

export class Play {
  constructor(size, givens) {
    this.reset(size, givens);
  }

  reset(size, givens) {
    this.size = size;
    this.givens = givens;
    this.entered = new Array(size * size).fill("");
    this.notes = Array.from({ length: size * size }, () => new Set());
    this.past = [];
    this.future = [];
  }

  snapshot() {
    return { givens: this.givens, entered: [...this.entered], notes: this.notes.map((s) => [...s]) };
  }

  restore(snap) {
    this.givens = snap.givens;
    this.entered = [...snap.entered];
    this.notes = snap.notes.map((list) => new Set(list));
  }

  // Records the position before a change, for undo.
  remember() {
    this.past.push(this.snapshot());
    if (this.past.length > KEEP) this.past.shift();
    this.future = [];
  }

  undo() {
    if (!this.past.length) return false;
    this.future.push(this.snapshot());
    this.restore(this.past.pop());
    return true;
  }

  redo() {
    if (!this.future.length) return false;
    this.past.push(this.snapshot());
    this.restore(this.future.pop());
    return true;
  }

  isGiven(index) {
    return this.givens[index] !== ".";
  }

  // The digit in a cell: given or entered, "" when empty.
  value(index) {
    return this.isGiven(index) ? this.givens[index] : this.entered[index];
  }

  // The grid as a line, givens and moves, `.` for blanks.
  line() {
    return Array.from({ length: this.size * this.size }, (_, i) => this.value(i) || ".").join("");
  }

  // Sets a given (while entering a puzzle) or fills a cell ("" empties it).
  fill(index, digit, asGiven) {
    if (asGiven) {
      if (this.givens[index] === (digit || ".")) return;
      this.remember();
      const line = Array.from(this.givens);
      line[index] = digit || ".";
      this.givens = line.join("");
      this.entered[index] = "";
      return;
    }
    if (this.isGiven(index) || this.entered[index] === digit) return;
    this.remember();
    this.entered[index] = digit;
  }

  // Adds or removes a pencil mark of an open cell.
  toggleNote(index, digit) {
    if (this.value(index)) return;
    this.remember();
    const marks = this.notes[index];
    if (marks.has(digit)) marks.delete(digit);
    else marks.add(digit);
  }

  // Replaces every open cell's marks (the server's candidates).
  setNotes(notes) {
    this.remember();
    this.notes = notes.map((list, i) => new Set(this.value(i) ? [] : list));
  }

  // Fills every open cell from a solution line.
  fillAll(solution) {
    this.remember();
    this.entered = Array.from(solution, (digit, i) => (this.isGiven(i) ? "" : digit));
  }

  empty() {
    return !this.givens.replaceAll(".", "") && this.entered.every((d) => !d);
  }
}
