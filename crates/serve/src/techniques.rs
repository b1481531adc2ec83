//! `GET /api/techniques`: the human techniques in the order the explainer
//! tries them, so that a page offers `technique` filters by their real
//! names rather than a copy of the list.

use axum::Json;
use schemars::JsonSchema;
use serde::Serialize;
use sudokit_core::Technique;

/// One technique.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct TechniqueRecord {
    /// Its name, as `techniques` and `technique` take it ("X-Wing").
    pub name: String,
    /// Its base rating on the Sudoku Explainer scale.
    pub rating: f64,
}

/// `GET /api/techniques`.
pub async fn list_techniques() -> Json<Vec<TechniqueRecord>> {
    Json(
        Technique::ALL
            .iter()
            .map(|t| TechniqueRecord {
                name: t.name().to_string(),
                rating: f64::from(t.rating().0) / 10.0,
            })
            .collect(),
    )
}
