//! The records of a batch as Arrow columns: one column per field a table
//! user reads (the row, the input text, the status, and the task's own
//! fields), one record batch per part of the input, handed to Python as a
//! `pyarrow.Table` through the Arrow C data interface (no copy).
//!
//! A record's fields are taken from its JSON form by name, so the columns
//! say exactly what the record says, under the same names; a field a row's
//! record lacks (an error row has no solution) is null.

use std::sync::Arc;

use arrow_array::builder::{
    ArrayBuilder, BooleanBuilder, Float64Builder, ListBuilder, StringBuilder, UInt64Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use serde_json::Value;
use sudokit_core::records::{Limit, RecordStatus, SolveRecord, StatsRecord};
use sudokit_core::{RowRecord, Task};

/// A column's Arrow type.
#[derive(Clone, Copy)]
enum Kind {
    Text,
    Whole,
    Real,
    Flag,
    Texts,
}

/// The engine's counters a solve or count table has with `stats=True`:
/// the column's name, and the record field it comes from.
const COUNTERS: [(&str, &str); 11] = [
    ("nodes", "stats.nodes"),
    ("fails", "stats.fails"),
    ("backtracks", "stats.backtracks"),
    ("propagations", "stats.propagations"),
    ("restarts", "stats.restarts"),
    ("max_depth", "stats.max_depth"),
    ("encoding_vars", "stats.encoding_vars"),
    ("encoding_constraints", "stats.encoding_constraints"),
    ("memory_kib", "stats.memory_kib"),
    ("build_time", "stats.build_time"),
    ("solve_time", "stats.solve_time"),
];

/// The values of [`COUNTERS`], in their order.
fn counter_values(stats: &StatsRecord) -> [Option<u64>; 11] {
    [
        stats.nodes,
        stats.fails,
        stats.backtracks,
        stats.propagations,
        stats.restarts,
        stats.max_depth,
        stats.encoding_vars,
        stats.encoding_constraints,
        stats.memory_kib,
        Some(stats.build_time),
        Some(stats.solve_time),
    ]
}

/// The columns of `task`'s table after `row`, the input and `status`: the
/// column's name, its type, and the record field it comes from (a path
/// through nested objects, `difficulty.guesses`); a solve's or a count's
/// ends with the engine's counters when `stats`.
fn columns_of(task: &Task, stats: bool) -> Vec<(&'static str, Kind, &'static str)> {
    use Kind::*;
    let mut columns = match task {
        Task::Analyze(_) => vec![
            ("solutions", Whole, "solutions"),
            ("exact", Flag, "exact"),
            ("unique", Flag, "unique"),
            ("minimal", Flag, "minimal"),
            ("givens", Whole, "givens"),
            ("solution", Text, "solution"),
            ("redundant", Texts, "redundant"),
            ("differing", Texts, "differing"),
            ("guesses", Whole, "difficulty.guesses"),
            ("singles", Flag, "difficulty.singles"),
        ],
        Task::Grade => vec![
            ("level", Text, "level"),
            ("rating", Real, "rating"),
            ("ep", Real, "ep"),
            ("ed", Real, "ed"),
            ("hardest", Text, "hardest"),
            ("steps", Whole, "steps"),
            ("open_when_stuck", Whole, "open_when_stuck"),
            ("score", Real, "score"),
        ],
        Task::Check => vec![
            ("valid", Flag, "valid"),
            ("errors", Whole, "errors"),
            ("message", Text, "message"),
        ],
        _ => vec![
            ("solution", Text, "solution"),
            ("count", Whole, "count"),
            ("complete", Flag, "complete"),
            ("engine", Text, "engine"),
            ("solved_by", Text, "solved_by"),
            ("time_us", Whole, "time_us"),
            ("why", Text, "why"),
        ],
    };
    columns.extend([("limit", Text, "limit"), ("error", Text, "error")]);
    if stats && matches!(task, Task::Solve | Task::Count(_)) {
        columns.extend(COUNTERS.map(|(name, path)| (name, Whole, path)));
    }
    columns
}

/// A column being filled.
enum Builder {
    Text(StringBuilder),
    Whole(UInt64Builder),
    Real(Float64Builder),
    Flag(BooleanBuilder),
    Texts(ListBuilder<StringBuilder>),
}

impl Builder {
    fn new(kind: Kind) -> Builder {
        match kind {
            Kind::Text => Builder::Text(StringBuilder::new()),
            Kind::Whole => Builder::Whole(UInt64Builder::new()),
            Kind::Real => Builder::Real(Float64Builder::new()),
            Kind::Flag => Builder::Flag(BooleanBuilder::new()),
            Kind::Texts => Builder::Texts(ListBuilder::new(StringBuilder::new())),
        }
    }

    /// Appends `value`, or null when it is missing or of another type.
    fn push(&mut self, value: Option<&Value>) {
        match self {
            Builder::Text(b) => b.append_option(value.and_then(text_of)),
            Builder::Whole(b) => b.append_option(value.and_then(Value::as_u64)),
            Builder::Real(b) => b.append_option(value.and_then(Value::as_f64)),
            Builder::Flag(b) => b.append_option(value.and_then(Value::as_bool)),
            Builder::Texts(b) => match value.and_then(Value::as_array) {
                Some(items) => {
                    for item in items {
                        b.values().append_option(text_of(item));
                    }
                    b.append(true);
                }
                None => b.append(false),
            },
        }
    }

    /// Appends a text to a text column.
    fn text(&mut self, value: Option<&str>) {
        if let Builder::Text(b) = self {
            b.append_option(value);
        }
    }

    /// Appends a whole number to a whole-number column.
    fn whole(&mut self, value: Option<u64>) {
        if let Builder::Whole(b) = self {
            b.append_option(value);
        }
    }

    /// Appends a flag to a flag column.
    fn flag(&mut self, value: Option<bool>) {
        if let Builder::Flag(b) = self {
            b.append_option(value);
        }
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::Text(b) => Arc::new(b.finish()),
            Builder::Whole(b) => Arc::new(b.finish()),
            Builder::Real(b) => Arc::new(b.finish()),
            Builder::Flag(b) => Arc::new(b.finish()),
            Builder::Texts(b) => Arc::new(b.finish()),
        }
    }
}

/// The table of a batch, filled a part at a time.
pub struct Columns {
    schema: SchemaRef,
    paths: Vec<&'static str>,
    row: UInt64Builder,
    input: StringBuilder,
    status: StringBuilder,
    fields: Vec<Builder>,
    batches: Vec<RecordBatch>,
}

impl Columns {
    /// The empty table of `task`, whose input column is named `input`
    /// (`puzzle`, or `grid` for a check), with the engine's counters when
    /// `stats` (a solve or a count).
    pub fn new(task: &Task, input: &'static str, stats: bool) -> Columns {
        let columns = columns_of(task, stats);
        let mut fields = vec![
            Field::new("row", DataType::UInt64, false),
            Field::new(input, DataType::Utf8, true),
            Field::new("status", DataType::Utf8, false),
        ];
        fields.extend(columns.iter().map(|&(name, kind, _)| {
            let data_type = match kind {
                Kind::Text => DataType::Utf8,
                Kind::Whole => DataType::UInt64,
                Kind::Real => DataType::Float64,
                Kind::Flag => DataType::Boolean,
                Kind::Texts => DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))),
            };
            Field::new(name, data_type, true)
        }));
        Columns {
            schema: Arc::new(Schema::new(fields)),
            paths: columns.iter().map(|&(_, _, path)| path).collect(),
            row: UInt64Builder::new(),
            input: StringBuilder::new(),
            status: StringBuilder::new(),
            fields: columns
                .iter()
                .map(|&(_, kind, _)| Builder::new(kind))
                .collect(),
            batches: Vec::new(),
        }
    }

    /// Appends the row of input `text` (None for a null) and its `record`.
    pub fn push(&mut self, text: Option<&str>, record: &RowRecord) {
        self.row.append_value(record.row() as u64);
        self.input.append_option(text);
        if let RowRecord::Solve(solved) = record {
            return self.push_solve(solved);
        }
        self.status.append_value(status_name(row_status(record)));
        let value = serde_json::to_value(record).unwrap_or(Value::Null);
        for (builder, path) in self.fields.iter_mut().zip(&self.paths) {
            builder.push(field(&value, path));
        }
    }

    /// A solve's fields taken from the record itself, in the order
    /// [`columns_of`] gives them: a million-row batch hands its records on
    /// one thread, where a JSON form of each would cost a third of the
    /// engines' time.
    fn push_solve(&mut self, solved: &SolveRecord) {
        self.status.append_value(status_name(solved.status));
        let (named, counters) = self.fields.split_at_mut(9);
        let [solution, count, complete, engine, solved_by, time_us, why, limit, error] = named
        else {
            unreachable!("a solve's table starts with these nine columns")
        };
        solution.text(solved.solution.as_deref());
        count.whole(Some(solved.count));
        complete.flag(Some(solved.complete));
        engine.text(Some(&solved.engine));
        solved_by.text(Some(&solved.solved_by));
        time_us.whole(Some(solved.time_us));
        why.text(solved.why.as_deref());
        limit.text(solved.stopped.as_ref().map(|s| limit_name(s.limit)));
        error.text(None);
        let values = solved.stats.as_ref().map(counter_values);
        for (i, counter) in counters.iter_mut().enumerate() {
            counter.whole(values.and_then(|values| values[i]));
        }
    }

    /// Closes the rows appended since the last call into one record batch.
    pub fn close_part(&mut self) -> Result<(), ArrowError> {
        if self.row.is_empty() {
            return Ok(());
        }
        let mut arrays: Vec<ArrayRef> = vec![
            Arc::new(self.row.finish()),
            Arc::new(self.input.finish()),
            Arc::new(self.status.finish()),
        ];
        arrays.extend(self.fields.iter_mut().map(Builder::finish));
        let batch = RecordBatch::try_new(Arc::clone(&self.schema), arrays)?;
        self.batches.push(batch);
        Ok(())
    }

    /// The record batches and their schema.
    pub fn into_parts(mut self) -> Result<(Vec<RecordBatch>, SchemaRef), ArrowError> {
        self.close_part()?;
        Ok((self.batches, self.schema))
    }
}

/// A row's status in the records' words, whatever the task, so that one
/// filter (`status == "solved"`) reads every table the same way. A record
/// with a status of its own (a solve, a count, anything a limit stopped or
/// an error ended) keeps it; the answers without one say whether the row
/// has a solution: an analysis that found one, a grade (only a puzzle with
/// one solution has one) and a valid grid are `solved`, an analysis that
/// counted none and a grid that breaks the rules are `unsatisfiable`.
fn row_status(record: &RowRecord) -> RecordStatus {
    match record {
        RowRecord::Solve(solved) => solved.status,
        RowRecord::Analyze(analysis) => analysis.status.unwrap_or(match analysis.solutions {
            0 => RecordStatus::Unsatisfiable,
            _ => RecordStatus::Solved,
        }),
        RowRecord::Grade(_) => RecordStatus::Solved,
        RowRecord::Check(checked) => match checked.valid {
            true => RecordStatus::Solved,
            false => RecordStatus::Unsatisfiable,
        },
        RowRecord::Limit(stopped) => stopped.status,
        RowRecord::Error(failed) => failed.status,
    }
}

/// A status by its name in the records.
fn status_name(status: RecordStatus) -> &'static str {
    match status {
        RecordStatus::Solved => "solved",
        RecordStatus::Unsatisfiable => "unsatisfiable",
        RecordStatus::Optimal => "optimal",
        RecordStatus::Limit => "limit",
        RecordStatus::Error => "error",
    }
}

/// A limit by its name in the records.
fn limit_name(limit: Limit) -> &'static str {
    match limit {
        Limit::Time => "time",
        Limit::Nodes => "nodes",
        Limit::Fails => "fails",
        Limit::Cancelled => "cancelled",
    }
}

/// A string field as text; an enum field (`"status"`) is a string too.
fn text_of(value: &Value) -> Option<&str> {
    value.as_str()
}

/// The field at `path` (`difficulty.guesses`) of a record.
fn field<'v>(record: &'v Value, path: &str) -> Option<&'v Value> {
    path.split('.')
        .try_fold(record, |value, name| value.get(name))
        .filter(|value| !value.is_null())
}
