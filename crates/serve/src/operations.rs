//! The API's handlers: read the request, call the facade in a search
//! slot of the request's lane, answer its record. No puzzle logic lives here.

use std::time::Instant;

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use serde::Serialize;
use sudokit_core::records::{
    AnalyzeRecord, CheckRecord, EngineRecord, ErrorRecord, ExplainRecord, GenerateRecord,
    GradeRecord, LimitRecord, ReduceRecord, SolveRecord, Source,
};
use sudokit_core::{
    check, read_options, read_puzzle, show, techniques_named, AnalyzeOptions, Budget, CountOptions,
    Entry, ExplainRequest, GenerateRequest, Killer, Kit, Level, ReduceOptions, Reply, Shape,
    ShowForm, Technique,
};

use crate::body::Body;
use crate::engine_list::EngineList;
use crate::kits::Kits;
use crate::marks::{ExplainAnswer, MarksRecord};
use crate::requests::*;
use crate::work::Slots;
use crate::{Failure, Settings};

/// What every handler shares.
#[derive(Clone)]
pub struct App {
    /// The server's limits.
    pub settings: Settings,
    /// The engines built so far.
    pub kits: Kits,
    /// The slots of requests one engine search answers: solve, count,
    /// a solved drawing.
    pub quick: Slots,
    /// The slots of longer work: analysis, reduction, generation,
    /// explanations and grades. Lanes of their own, so that a stream of
    /// grades never queues a solve behind it.
    pub long: Slots,
    /// The engines and whether each is available, probed now and then.
    pub engines: EngineList,
}

/// A record, or a limit's record when a limit stopped the work first.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Answered<T> {
    /// The work concluded.
    Done(T),
    /// A limit stopped it.
    Stopped(LimitRecord),
}

type Answer<T> = Result<Json<T>, Failure>;

impl App {
    /// The puzzle, kit and budget of `on`.
    fn prepare(&self, on: &PuzzleRequest) -> Result<(Entry, Kit, Budget), Failure> {
        let entry = read_puzzle(&on.puzzle, &read_options())?;
        let kit = self.kits.get(on.engine.as_deref())?;
        let mut budget = Budget::none().timeout(self.settings.deadline(on.timeout_ms));
        if let Some(nodes) = on.nodes {
            budget = budget.nodes(nodes);
        }
        Ok((entry, kit, budget))
    }
}

/// `GET /api/engines`: every engine and whether it is available here.
pub async fn list_engines(State(app): State<App>) -> Json<Vec<EngineRecord>> {
    Json(app.engines.records().await.as_ref().clone())
}

/// `POST /api/solve`.
pub async fn solve(
    State(app): State<App>,
    Body(request): Body<SolveRequest>,
) -> Answer<SolveRecord> {
    let (entry, kit, budget) = app.prepare(&request.on)?;
    let record = app
        .quick
        .run(budget, move |budget| {
            let kit = kit.with_budget(budget);
            let answer = kit.solve(&entry.puzzle)?;
            Ok(SolveRecord::new(
                &entry,
                &answer,
                &kit.engine_name(),
                request.stats,
            ))
        })
        .await?;
    Ok(Json(record))
}

/// `POST /api/count`.
pub async fn count(
    State(app): State<App>,
    Body(request): Body<CountRequest>,
) -> Answer<SolveRecord> {
    let (entry, kit, budget) = app.prepare(&request.on)?;
    let options = match (request.all, request.max) {
        (true, Some(_)) => return Err(Failure::bad("max and all exclude each other")),
        (true, None) => CountOptions::all(),
        (false, Some(max)) => CountOptions::up_to(max),
        (false, None) => CountOptions::default(),
    };
    let record = app
        .quick
        .run(budget, move |budget| {
            let kit = kit.with_budget(budget);
            let answer = kit.count(&entry.puzzle, &options)?;
            Ok(SolveRecord::new(
                &entry,
                &answer,
                &kit.engine_name(),
                request.stats,
            ))
        })
        .await?;
    Ok(Json(record))
}

/// `POST /api/analyze`.
pub async fn analyze(
    State(app): State<App>,
    Body(request): Body<PuzzleRequest>,
) -> Answer<Answered<AnalyzeRecord>> {
    let (entry, kit, budget) = app.prepare(&request)?;
    let record = app
        .long
        .run(budget, move |budget| {
            let reply = kit
                .with_budget(budget)
                .analyze(&entry.puzzle, &AnalyzeOptions::default())?;
            answered(&entry, reply, |analysis| {
                AnalyzeRecord::new(&entry, &analysis)
            })
        })
        .await?;
    Ok(Json(record))
}

/// `POST /api/reduce`.
pub async fn reduce(
    State(app): State<App>,
    Body(request): Body<PuzzleRequest>,
) -> Answer<ReduceRecord> {
    let (entry, kit, budget) = app.prepare(&request)?;
    let record = app
        .long
        .run(budget, move |budget| {
            match kit
                .with_budget(budget)
                .reduce(&entry.puzzle, &ReduceOptions::default())?
            {
                Reply::Done(reduced) => Ok(ReduceRecord::new(&entry, &reduced)),
                Reply::Stopped(kind) => Ok(ReduceRecord::stopped(&entry, kind)),
                other => Err(Failure {
                    line: entry.line,
                    ..Failure::unanswerable(unanswered(&other))
                }),
            }
        })
        .await?;
    Ok(Json(record))
}

/// `POST /api/explain`: the steps, each with its cells, eliminations and
/// placements.
pub async fn explain(
    State(app): State<App>,
    Body(request): Body<ExplainRequestBody>,
) -> Answer<Answered<ExplainAnswer>> {
    let mut wanted = ExplainRequest::default().techniques(chosen(request.techniques.as_deref())?);
    if let Some(until) = request.until {
        wanted = wanted.until(until);
    }
    if request.guess == Some(false) {
        wanted = wanted.no_guess();
    }
    explained(&app, &request.on, wanted, request.marks).await
}

/// `POST /api/hint`: the next step alone, as `sudokit explain --hint
/// --format json` writes it.
pub async fn hint(
    State(app): State<App>,
    Body(request): Body<HintRequest>,
) -> Answer<Answered<ExplainAnswer>> {
    let wanted = ExplainRequest::default()
        .techniques(chosen(request.techniques.as_deref())?)
        .until(1)
        .no_guess();
    explained(&app, &request.on, wanted, false).await
}

/// The explanation `wanted` of the puzzle `on` names, with its pencil
/// marks when `marks`.
async fn explained(
    app: &App,
    on: &PuzzleRequest,
    wanted: ExplainRequest,
    marks: bool,
) -> Answer<Answered<ExplainAnswer>> {
    let (entry, kit, budget) = app.prepare(on)?;
    let record = app
        .long
        .run(budget, move |budget| {
            let reply = kit.with_budget(budget).explain(&entry.puzzle, &wanted)?;
            answered(&entry, reply, |explained| ExplainAnswer {
                record: ExplainRecord::new(&entry, &explained),
                marks: marks.then(|| MarksRecord::new(&entry.puzzle, &explained.explanation)),
            })
        })
        .await?;
    Ok(Json(record))
}

/// `POST /api/grade`.
pub async fn grade(
    State(app): State<App>,
    Body(request): Body<PuzzleRequest>,
) -> Answer<Answered<GradeRecord>> {
    let (entry, kit, budget) = app.prepare(&request)?;
    let record = app
        .long
        .run(budget, move |budget| {
            let reply = kit.with_budget(budget).grade(&entry.puzzle)?;
            answered(&entry, reply, |grade| GradeRecord::new(&entry, &grade)).map_err(|failure| {
                Failure::unanswerable(format!("not graded, {}", failure.message))
            })
        })
        .await?;
    Ok(Json(record))
}

/// `POST /api/check`: a filled grid judged by the verifier.
pub async fn check_grid(Body(request): Body<CheckRequest>) -> Answer<CheckRecord> {
    let rules = match &request.puzzle {
        Some(text) => Some(read_puzzle(text, &read_options())?.puzzle),
        None => None,
    };
    // As `sudokit check` reads a grid: against rules, a plain square.
    let options = match rules {
        Some(_) => read_options().shape(Shape::Latin),
        None => read_options(),
    };
    let entry = read_puzzle(&request.grid, &options)?;
    let report = check(&entry.puzzle, rules.as_ref())?;
    Ok(Json(CheckRecord::new(&entry, &report)))
}

/// `POST /api/show`: the puzzle drawn as SVG, solved on request, or in
/// its JSON form (what the page draws the grid from).
pub async fn show_puzzle(
    State(app): State<App>,
    Body(request): Body<ShowRequest>,
) -> Result<impl IntoResponse, Failure> {
    let (entry, kit, budget) = app.prepare(&request.on)?;
    if request.form == ShowAs::Json {
        if request.solved {
            return Err(Failure::bad("solved is drawn in the svg form only"));
        }
        let text = show(&entry.puzzle, entry.digits, ShowForm::Json);
        return Ok(([(header::CONTENT_TYPE, "application/json")], text));
    }
    let svg = if request.solved {
        app.quick
            .run(budget, move |budget| {
                Ok(kit.with_budget(budget).draw_solved(&entry.puzzle)?.0)
            })
            .await?
    } else {
        show(&entry.puzzle, entry.digits, ShowForm::Svg)
    };
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg))
}

/// `POST /api/generate`: puzzles in index order, each a `GenerateRecord`,
/// or a `LimitRecord` (its line is the puzzle's index + 1) when the
/// deadline came first, or an `ErrorRecord` when every attempt was used up.
pub async fn generate(
    State(app): State<App>,
    Body(request): Body<GenerateRequestBody>,
) -> Answer<Vec<serde_json::Value>> {
    let count = request.count.unwrap_or(1);
    if count == 0 || count > app.settings.max_generate {
        return Err(Failure::bad(format!(
            "count must be between 1 and {}",
            app.settings.max_generate
        )));
    }
    let wanted = generate_request(&request)?;
    let options = wanted.options()?;
    let seed = wanted.seed.unwrap_or_else(clock_seed);
    let kit = app.kits.get(request.engine.as_deref())?;
    let deadline = app.settings.deadline(request.timeout_ms);
    let records = app
        .long
        .run(Budget::none(), move |budget| {
            let start = Instant::now();
            let mut records = Vec::with_capacity(count);
            for index in 0..count {
                // One deadline for the whole request, shared by its puzzles.
                let left = deadline.saturating_sub(start.elapsed());
                let kit = kit.with_budget(Budget {
                    timeout: Some(left),
                    ..budget.clone()
                });
                let source = Source::new(index + 1, None);
                let record = match kit.generate_with(&options, seed, index as u64)? {
                    Reply::Done(made) => json(&GenerateRecord::new(&made, seed, index)),
                    Reply::Stopped(kind) => json(&LimitRecord::new(source, kind)),
                    Reply::GaveUp(why) => json(&ErrorRecord::new(source, why)),
                    other => json(&ErrorRecord::new(source, unanswered(&other))),
                };
                records.push(record);
            }
            Ok(records)
        })
        .await?;
    Ok(Json(records))
}

/// The facade's request for `body`, its names read as the flags read them.
fn generate_request(body: &GenerateRequestBody) -> Result<GenerateRequest, Failure> {
    let mut wanted = GenerateRequest::default().count(body.count.unwrap_or(1));
    if let Some(size) = body.size {
        wanted = wanted.size(size);
    }
    if body.x {
        wanted = wanted.diagonals();
    }
    if body.jigsaw {
        wanted = wanted.jigsaw();
    }
    if body.killer {
        wanted = wanted.killer(Killer::CagesOnly);
    }
    if body.minimal {
        wanted = wanted.minimal();
    }
    if let Some(name) = &body.symmetry {
        let symmetry = name
            .parse()
            .map_err(|e: String| Failure::bad(format!("symmetry: {e}")))?;
        wanted = wanted.symmetry(symmetry);
    }
    if let Some(name) = &body.difficulty {
        let level = Level::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
            Failure::bad(format!("difficulty: expected one of {}", names.join(", ")))
        })?;
        wanted = wanted.difficulty(level);
    }
    if let Some(name) = &body.technique {
        let mut named = techniques_named(&[name.as_str()])?;
        wanted = wanted.technique(named.remove(0));
    }
    if let Some(seed) = body.seed {
        wanted = wanted.seed(seed);
    }
    Ok(wanted)
}

/// The techniques a request names, or all of them.
fn chosen(names: Option<&[String]>) -> Result<Vec<Technique>, Failure> {
    match names {
        Some(names) => {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            Ok(techniques_named(&names)?)
        }
        None => Ok(Technique::ALL.to_vec()),
    }
}

/// The record of a reply: `Done` by `record`, a limit as a `LimitRecord`,
/// and a puzzle with no answer of the kind asked as `422`.
fn answered<T, R>(
    entry: &Entry,
    reply: Reply<T>,
    record: impl FnOnce(T) -> R,
) -> Result<Answered<R>, Failure> {
    match reply {
        Reply::Done(result) => Ok(Answered::Done(record(result))),
        Reply::Stopped(kind) => Ok(Answered::Stopped(LimitRecord::new(Source::of(entry), kind))),
        other => Err(Failure {
            line: entry.line,
            ..Failure::unanswerable(unanswered(&other))
        }),
    }
}

/// What a reply without a result says, in the command line's words.
fn unanswered<T>(reply: &Reply<T>) -> String {
    match reply {
        Reply::NoSolution(why) => why.clone(),
        Reply::NotUnique => "more than one solution".to_string(),
        Reply::GaveUp(why) => why.clone(),
        Reply::Stopped(kind) => format!("limit reached ({})", kind.name()),
        _ => "no answer".to_string(),
    }
}

/// A record as a JSON value (records always serialise).
fn json(record: &impl Serialize) -> serde_json::Value {
    serde_json::to_value(record).unwrap_or(serde_json::Value::Null)
}

/// A seed from the clock, for a request that gives none.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    now.as_secs() ^ (u64::from(now.subsec_nanos()) << 20)
}
