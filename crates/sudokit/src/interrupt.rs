//! Ctrl-C, and its cousins SIGTERM (`kill`, a job scheduler's stop) and
//! SIGHUP (a closed terminal). The first one asks every search to stop:
//! each solve under way returns what it has (a `cancelled` limit), the
//! batch prints the answers it has and ends with exit code 3, `bench`
//! writes its report; finished answers are never dropped. A second signal
//! ends the process at once (exit code 128 + the signal: 130 for Ctrl-C).

use std::sync::OnceLock;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use sudokit_model::CancelToken;

/// The signals that stop a run.
const STOPPING: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// The token every search of this process honours, cancelled by Ctrl-C.
pub fn token() -> CancelToken {
    static TOKEN: OnceLock<CancelToken> = OnceLock::new();
    TOKEN
        .get_or_init(|| {
            let token = CancelToken::new();
            // The shutdown is registered first so that it sees the flag
            // as the previous Ctrl-C left it. Without a handler (an error
            // here), Ctrl-C keeps its default: the process ends.
            let flag = token.flag();
            for signal in STOPPING {
                let _ = signal_hook::flag::register_conditional_shutdown(
                    signal,
                    128 + signal,
                    flag.clone(),
                );
                let _ = signal_hook::flag::register(signal, flag.clone());
            }
            token
        })
        .clone()
}

/// Whether Ctrl-C was pressed (or SIGTERM or SIGHUP came).
pub fn requested() -> bool {
    token().is_cancelled()
}
