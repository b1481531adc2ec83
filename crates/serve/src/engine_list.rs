//! `GET /api/engines`, probed once a minute rather than on every call:
//! a probe may start solver programs (z3, minizinc), which a page asking
//! on each load, or a client asking in a loop, should not repeat.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sudokit_core::engines;
use sudokit_core::records::EngineRecord;

/// How long a probe's findings stand: an engine installed while the
/// server runs shows up within this.
const FRESH_FOR: Duration = Duration::from_secs(60);

/// A probe's findings, and when it was made.
type Probe = (Instant, Arc<Vec<EngineRecord>>);

/// The last probe of every engine.
#[derive(Clone, Default)]
pub struct EngineList {
    probed: Arc<Mutex<Option<Probe>>>,
}

impl EngineList {
    /// Every engine's record, probed afresh when the last probe is stale.
    pub async fn records(&self) -> Arc<Vec<EngineRecord>> {
        if let Some(records) = self.fresh() {
            return records;
        }
        let probed = tokio::task::spawn_blocking(|| {
            Arc::new(engines().iter().map(EngineRecord::from).collect::<Vec<_>>())
        })
        .await
        .unwrap_or_default();
        *self.lock() = Some((Instant::now(), Arc::clone(&probed)));
        probed
    }

    fn fresh(&self) -> Option<Arc<Vec<EngineRecord>>> {
        match &*self.lock() {
            Some((at, records)) if at.elapsed() < FRESH_FOR => Some(Arc::clone(records)),
            _ => None,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Probe>> {
        // A panic while holding the lock leaves a whole value: keep it.
        self.probed
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
