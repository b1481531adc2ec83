//! Ctrl-C. The first one asks every search to stop: each solve under way
//! returns what it has (a `cancelled` limit), the batch prints the answers
//! it has and ends with exit code 3, `bench` writes its report. A second
//! Ctrl-C ends the process at once (exit code 130).

use std::sync::OnceLock;

use signal_hook::consts::SIGINT;
use sudokit_model::CancelToken;

/// The exit code of a process ended by a second Ctrl-C (128 + SIGINT).
const SECOND_CTRL_C: i32 = 130;

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
            let _ = signal_hook::flag::register_conditional_shutdown(
                SIGINT,
                SECOND_CTRL_C,
                flag.clone(),
            );
            let _ = signal_hook::flag::register(SIGINT, flag);
            token
        })
        .clone()
}

/// Whether Ctrl-C was pressed.
pub fn requested() -> bool {
    token().is_cancelled()
}
