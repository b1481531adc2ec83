//! `certificate`: whether a claim about the solutions was proven.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A certificate's verdict on a count: the proof that the grids found are
/// every solution, checked in-process (docs/CERTIFICATES.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CertificateRecord {
    /// Whether the claim is proven: a proof was written and checked.
    pub certified: bool,
    /// The claim: `no solution`, `unique` or `exactly K solutions`.
    pub claim: String,
    /// Why it is not proven, when it is not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Variables of the CNF, when certified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variables: Option<u64>,
    /// Clauses of the CNF, with one blocking each grid, when certified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clauses: Option<u64>,
    /// Lemmas of the proof, the empty clause included, when certified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lemmas: Option<u64>,
    /// Size of the proof as DRAT text, when certified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof_bytes: Option<u64>,
    /// Time to write the proof (the search), in microseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prove_us: Option<u64>,
    /// Time to check the proof, in microseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_us: Option<u64>,
}
