//! CaDiCaL through its C API, configured for many small incremental calls:
//! no preprocessing (`plain`) and no "lucky" phase guessing, which costs
//! more than it saves on formulas that unit propagation nearly solves.
//!
//! The library is built and linked by `rustsat-cadical`; the engine calls
//! its C functions itself (the `ccadical_*` symbols of `ccadical.h` and
//! rustsat's exception-catching `_mem` variants) because rustsat's wrapper
//! asks CaDiCaL for the failed assumptions after every unsatisfiable call,
//! which the engine never reads (some 6% of a 17-clue puzzle's solve). A
//! count's last blocking clause goes in as a `constrain` clause, valid for
//! the one call it is handed over with.

use std::ffi::{c_int, c_void, CStr};
use std::ptr::NonNull;

use crate::backend::{Backend, Budget, Counters, Verdict};
use crate::Lit;

/// The C API, as declared in CaDiCaL's `ccadical.h` and rustsat-cadical's
/// `ccadical_extension.h` (the library is linked by that crate).
mod ffi {
    use std::ffi::{c_char, c_int, c_void};

    /// CaDiCaL's `CCaDiCaL`, only ever behind a pointer.
    #[repr(C)]
    pub struct CCaDiCaL {
        _private: [u8; 0],
    }

    /// What `ccadical_*_mem` return when CaDiCaL ran out of memory.
    pub const OUT_OF_MEM: c_int = 50;

    pub type Terminate = unsafe extern "C" fn(state: *mut c_void) -> c_int;

    extern "C" {
        pub fn ccadical_init() -> *mut CCaDiCaL;
        pub fn ccadical_release(solver: *mut CCaDiCaL);
        pub fn ccadical_configure(solver: *mut CCaDiCaL, name: *const c_char) -> c_int;
        pub fn ccadical_set_option_ret(
            solver: *mut CCaDiCaL,
            name: *const c_char,
            value: c_int,
        ) -> c_int;
        pub fn ccadical_limit_ret(
            solver: *mut CCaDiCaL,
            name: *const c_char,
            value: c_int,
        ) -> c_int;
        pub fn ccadical_add_mem(solver: *mut CCaDiCaL, lit: c_int) -> c_int;
        pub fn ccadical_assume_mem(solver: *mut CCaDiCaL, lit: c_int) -> c_int;
        pub fn ccadical_constrain_mem(solver: *mut CCaDiCaL, lit: c_int) -> c_int;
        pub fn ccadical_solve_mem(solver: *mut CCaDiCaL) -> c_int;
        pub fn ccadical_val(solver: *mut CCaDiCaL, lit: c_int) -> c_int;
        pub fn ccadical_set_terminate(
            solver: *mut CCaDiCaL,
            state: *mut c_void,
            terminate: Option<Terminate>,
        );
        pub fn ccadical_get_statistic_value(solver: *const CCaDiCaL, name: *const c_char) -> i64;
    }
}

// Without a use of the crate, its library (and so CaDiCaL) is not linked.
use rustsat_cadical as _;

/// The caller's stop check, boxed twice so that CaDiCaL holds a thin
/// pointer to it.
type StopCheck = Box<dyn FnMut() -> bool + Send>;

pub(crate) struct Cadical {
    solver: NonNull<ffi::CCaDiCaL>,
    /// The terminator CaDiCaL calls, kept alive while it is attached.
    stop: Option<Box<StopCheck>>,
}

// SAFETY: a CaDiCaL solver is a plain heap object with no thread affinity;
// `&mut self` on every call that touches it keeps the access exclusive.
#[allow(unsafe_code)]
unsafe impl Send for Cadical {}

impl Cadical {
    pub fn new() -> Self {
        // SAFETY: `ccadical_init` has no precondition; it returns a fresh
        // solver or null when out of memory.
        #[allow(unsafe_code)]
        let solver = unsafe { ffi::ccadical_init() };
        let mut cadical = Cadical {
            solver: NonNull::new(solver).expect("memory for a CaDiCaL solver"),
            stop: None,
        };
        cadical.configure();
        cadical
    }

    /// `plain` and the options measured best (benchmarks/NOTES.md): keep the
    /// assumptions' trail between the calls of one puzzle (ilb), always
    /// backjump (chrono), skip minimising learnt clauses, which are short
    /// here, no "lucky" phases, shrink learnt clauses without the radix
    /// heap (`shrinkreap`) and restart after 10 conflicts at least, not 2
    /// (both measured cheaper here).
    fn configure(&mut self) {
        // SAFETY: the solver is live and still configuring (no clause yet);
        // the name is a NUL-terminated string CaDiCaL only reads.
        #[allow(unsafe_code)]
        let configured =
            unsafe { ffi::ccadical_configure(self.solver.as_ptr(), c"plain".as_ptr()) };
        assert_ne!(configured, 0, "CaDiCaL knows its `plain` configuration");
        for (option, value) in [
            (c"lucky", 0),
            (c"ilb", 1),
            (c"chrono", 0),
            (c"minimize", 0),
            (c"shrinkreap", 0),
            (c"restartint", 10),
        ] {
            self.set_option(option, value);
        }
    }

    fn set_option(&mut self, name: &CStr, value: c_int) {
        // SAFETY: the solver is live and configuring; `name` is NUL-terminated.
        #[allow(unsafe_code)]
        let known =
            unsafe { ffi::ccadical_set_option_ret(self.solver.as_ptr(), name.as_ptr(), value) };
        assert_ne!(known, 0, "CaDiCaL knows its option {name:?}");
    }

    fn statistic(&self, name: &CStr) -> u64 {
        // SAFETY: the solver is live; `name` is NUL-terminated.
        #[allow(unsafe_code)]
        let value =
            unsafe { ffi::ccadical_get_statistic_value(self.solver.as_ptr(), name.as_ptr()) };
        value.max(0) as u64
    }

    /// Hands one literal (0 ends a clause) to `add`, `assume` or
    /// `constrain`; their `_mem` forms catch CaDiCaL's out-of-memory
    /// exception, which must not unwind into Rust.
    fn feed(&mut self, call: unsafe extern "C" fn(*mut ffi::CCaDiCaL, c_int) -> c_int, lit: Lit) {
        // SAFETY: the solver is live, and `call` is one of the three
        // `_mem` functions, which take any literal but `i32::MIN`.
        #[allow(unsafe_code)]
        let status = unsafe { call(self.solver.as_ptr(), lit) };
        assert_ne!(status, ffi::OUT_OF_MEM, "CaDiCaL ran out of memory");
    }
}

impl Drop for Cadical {
    fn drop(&mut self) {
        // SAFETY: the solver is live and released once, here; its
        // terminator (if any) is dropped after it.
        #[allow(unsafe_code)]
        unsafe {
            ffi::ccadical_release(self.solver.as_ptr())
        };
    }
}

/// The terminator CaDiCaL calls: `state` is the `StopCheck` that
/// [`Cadical::solve`] attached.
#[allow(unsafe_code)]
unsafe extern "C" fn call_stop_check(state: *mut c_void) -> c_int {
    // SAFETY: `state` points at the `StopCheck` in `Cadical::stop`, which
    // lives until the terminator is replaced, after the call returns.
    let check = unsafe { &mut *state.cast::<StopCheck>() };
    c_int::from(check())
}

impl Backend for Cadical {
    fn add_clause(&mut self, clause: &[Lit]) {
        for &lit in clause {
            self.feed(ffi::ccadical_add_mem, lit);
        }
        self.feed(ffi::ccadical_add_mem, 0);
    }

    fn has_one_call_clauses(&self) -> bool {
        true
    }

    fn solve(
        &mut self,
        assumptions: &[Lit],
        one_call: Option<&[Lit]>,
        budget: &Budget,
    ) -> Result<Verdict, String> {
        // CaDiCaL's limits hold for the next call only; a budget of 0 would
        // mean "no limit" to it, so the caller stops before asking.
        for (name, left) in [
            (c"decisions", budget.decisions),
            (c"conflicts", budget.conflicts),
        ] {
            if let Some(left) = left {
                let left = c_int::try_from(left).unwrap_or(c_int::MAX);
                // SAFETY: the solver is live; `name` is NUL-terminated.
                #[allow(unsafe_code)]
                let known =
                    unsafe { ffi::ccadical_limit_ret(self.solver.as_ptr(), name.as_ptr(), left) };
                if known == 0 {
                    return Err(format!("CaDiCaL has no limit {name:?}"));
                }
            }
        }
        self.stop = budget
            .stop_check()
            .map(|check| Box::new(Box::new(check) as StopCheck));
        let (state, terminate) = match self.stop.as_mut() {
            Some(check) => (
                std::ptr::from_mut::<StopCheck>(check).cast::<c_void>(),
                Some(call_stop_check as ffi::Terminate),
            ),
            None => (std::ptr::null_mut(), None),
        };
        // SAFETY: the solver is live; `state` is null or the boxed check in
        // `self.stop`, which stays put until the next `solve` replaces it.
        #[allow(unsafe_code)]
        unsafe {
            ffi::ccadical_set_terminate(self.solver.as_ptr(), state, terminate)
        };
        for &lit in assumptions {
            self.feed(ffi::ccadical_assume_mem, lit);
        }
        // Handed over only here, right before the call it is for: CaDiCaL
        // keeps a constraint until a call uses it.
        if let Some(clause) = one_call {
            for &lit in clause {
                self.feed(ffi::ccadical_constrain_mem, lit);
            }
            self.feed(ffi::ccadical_constrain_mem, 0);
        }
        // SAFETY: the solver is live and its clauses are complete.
        #[allow(unsafe_code)]
        let status = unsafe { ffi::ccadical_solve_mem(self.solver.as_ptr()) };
        match status {
            10 => Ok(Verdict::Sat),
            20 => Ok(Verdict::Unsat),
            0 => Ok(Verdict::Stopped),
            ffi::OUT_OF_MEM => Err("CaDiCaL ran out of memory".into()),
            other => Err(format!("CaDiCaL answered {other}")),
        }
    }

    fn value(&self, var: u32) -> bool {
        let lit = var as c_int;
        // SAFETY: the solver is live and its last call answered Sat (the
        // engine reads values only then); `lit` is a variable of it.
        #[allow(unsafe_code)]
        let value = unsafe { ffi::ccadical_val(self.solver.as_ptr(), lit) };
        value == lit
    }

    fn counters(&self) -> Counters {
        Counters {
            decisions: self.statistic(c"decisions"),
            conflicts: self.statistic(c"conflicts"),
            propagations: self.statistic(c"propagations"),
        }
    }
}
