//! One engine per spec, built once and shared: building one parses the
//! spec and may probe a solver program, which a request should not repeat.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use sudokit_core::{Error, Kit};

/// The engine a request names when it names none.
pub const DEFAULT_ENGINE: &str = "auto";

/// How many specs are kept; past that a spec's engine is built for its
/// request alone, so odd specs cannot grow the server's memory.
const KEPT: usize = 64;

/// The engines built so far, by spec.
#[derive(Clone, Default)]
pub struct Kits {
    built: Arc<Mutex<HashMap<String, Kit>>>,
}

impl Kits {
    /// The kit of `spec` (the default engine when `None`), without limits.
    pub fn get(&self, spec: Option<&str>) -> Result<Kit, Error> {
        let spec = spec.unwrap_or(DEFAULT_ENGINE).trim();
        if let Some(kit) = self.lock().get(spec) {
            return Ok(kit.clone());
        }
        let kit = Kit::new(spec)?;
        let mut built = self.lock();
        if built.len() < KEPT {
            built.insert(spec.to_string(), kit.clone());
        }
        Ok(kit)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Kit>> {
        // A panic while holding the lock leaves the map whole: keep it.
        self.built
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
