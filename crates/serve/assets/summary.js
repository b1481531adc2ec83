// The last answer in words, with its raw record behind a toggle: a person
// reads the summary, a developer opens the JSON.

import { variantWords } from "./layout.js";

export function micros(us) {
  if (us < 1000) return `${us} µs`;
  if (us < 1e6) return `${(us / 1000).toFixed(1)} ms`;
  return `${(us / 1e6).toFixed(2)} s`;
}

export function gradeWords(grade) {
  if (!grade) return "";
  return grade.rating === null
    ? `${grade.level}: logic runs out`
    : `${grade.level} (SE ${grade.rating}), hardest ${grade.hardest}, ${grade.steps} steps`;
}

function stopped(record) {
  return record.limit ? `stopped by the ${record.limit} limit` : record.status;
}

// What a record says, one line each, by the route that answered it.
const WORDS = {
  solve: (r) => [
    r.status === "solved" ? `Solved by ${r.solved_by} in ${micros(r.time_us)}; the grid passed the verifier.` : `${r.status}${r.why ? `: ${r.why}` : ""}${r.limit ? ` (${r.limit} limit)` : ""}`,
  ],
  count: (r) => [
    `${r.count}${r.complete ? "" : " or more"} solution${r.count === 1 ? "" : "s"}${r.limit ? ` (${stopped(r)})` : ""}.`,
    `Counted by ${r.solved_by} in ${micros(r.time_us)}.`,
  ],
  explain: (r) => (r.status === "limit" ? [`Explanation ${stopped(r)}.`] : [
    `${r.steps.length} steps; ${r.outcome.status}${r.outcome.reason ? `: ${r.outcome.reason}` : ""}.`,
    r.grade ? `Grade: ${gradeWords(r.grade)}.` : `No grade (${r.unique ? "the explanation did not finish" : "not one solution"}).`,
  ]),
  hint: (r) => (r.status === "limit" ? [`Hint ${stopped(r)}.`] : r.steps.length ? [
    `Next: ${r.steps[0].technique} (SE ${r.steps[0].rating}).`,
    r.steps[0].reason,
  ] : [`No step: ${r.outcome.status}.`]),
  generate: (r) => (r.status ? [`Not made: ${r.error || stopped(r)}.`] : [
    `A ${r.size}x${r.size}${variantWords(r).length ? ` (${variantWords(r).join(", ")})` : ""} puzzle with ${r.clues} givens, seed ${r.seed}.`,
    r.grade ? `Grade: ${gradeWords(r.grade)}.` : "",
  ]),
  check: (r) => {
    const blanks = r.conflicts.filter((c) => c.BadCell && c.BadCell.digit === 0).length;
    const other = r.conflicts.length - blanks;
    if (r.valid) return ["The grid is a solution: the verifier finds nothing wrong."];
    return [`${blanks} blank cell${blanks === 1 ? "" : "s"}, ${other} finding${other === 1 ? "" : "s"} of the verifier.`];
  },
  read: (r) => [`A ${r.size}x${r.size} puzzle${variantWords(r).length ? ` (${variantWords(r).join(", ")})` : ""}.`],
};

export function showSummary(kind, record) {
  const list = document.getElementById("summary");
  list.replaceChildren();
  for (const line of record === null ? [] : (WORDS[kind] || (() => []))(record)) {
    if (!line) continue;
    const item = document.createElement("li");
    item.textContent = line;
    list.append(item);
  }
  document.getElementById("answer").textContent = record === null ? "" : JSON.stringify(record, null, 1);
  document.getElementById("raw").hidden = record === null;
}
