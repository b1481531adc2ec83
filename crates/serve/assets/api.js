// The server's JSON API: every answer is a record of `sudokit ... --format
// json`; an error is an ErrorRecord whose message becomes the Error's.

export async function api(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const kind = response.headers.get("Content-Type") || "";
  const answer = kind.startsWith("application/json") ? await response.json() : await response.text();
  if (!response.ok) {
    const message = answer && answer.error ? answer.error : `${response.status} ${response.statusText}`;
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  return answer;
}
