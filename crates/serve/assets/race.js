// The race: every available engine solves the same puzzle, one after the
// other (so that they do not share the cores), and the table shows each
// one's verdict, time and search nodes as it comes in.

import { api } from "./api.js";
import { micros } from "./summary.js";

export async function race(puzzle, engines, table, timeoutMs) {
  const body = table.querySelector("tbody");
  body.replaceChildren();
  table.hidden = false;
  const rows = engines.map((engine) => {
    const row = document.createElement("tr");
    row.dataset.engine = engine;
    for (const text of [engine, "waiting", "", ""]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.append(cell);
    }
    body.append(row);
    return row;
  });
  const results = [];
  for (const [k, engine] of engines.entries()) {
    const cells = rows[k].children;
    cells[1].textContent = "running…";
    let result;
    try {
      const record = await api("/api/solve", { puzzle, engine, stats: true, timeout_ms: timeoutMs });
      result = {
        engine,
        verdict: record.status === "solved" ? "solved, verified" : `${record.status}${record.limit ? ` (${record.limit})` : ""}`,
        time: micros(record.time_us),
        nodes: record.stats && record.stats.nodes !== null && record.stats.nodes !== undefined ? record.stats.nodes.toLocaleString("en") : "—",
        solution: record.solution,
      };
    } catch (error) {
      result = { engine, verdict: `refused: ${error.message}`, time: "—", nodes: "—" };
    }
    results.push(result);
    cells[1].textContent = result.verdict;
    cells[2].textContent = result.time;
    cells[3].textContent = result.nodes;
    rows[k].className = result.verdict.startsWith("solved") ? "ok" : "not-ok";
  }
  // Every grid passed the verifier; two different ones mean two solutions.
  const grids = new Set(results.filter((r) => r.solution).map((r) => r.solution));
  return { results, agree: grids.size <= 1 };
}
