//! The thin safe layer over `libchoco_capi`, and the crate's only unsafe
//! code.
//!
//! The library is a GraalVM native image of Choco-solver: Java objects live
//! in an *isolate* (a heap of their own), and C code holds them through
//! *handles* that it must destroy. Every call names the calling thread's
//! attachment to the isolate. So:
//! - one isolate per process, created when the library is first loaded
//!   ([`choco`]);
//! - each thread attaches once, on its first call, and detaches when it
//!   ends (a thread-local [`Attachment`]); rayon's workers keep theirs for
//!   the whole batch;
//! - a [`Session`] (one solve) owns every handle it creates and destroys
//!   them when dropped, so a batch of 50 000 puzzles leaves no objects
//!   behind in the isolate. A handle ([`Obj`]) borrows its session, so
//!   using one after its session ended does not compile.
//!
//! A Java exception inside the library aborts the process, so nothing
//! reaches it that Choco would refuse: the engine checks domains, value
//! ranges and sizes before it builds anything (`translate`).
#![allow(unsafe_code)]

use std::cell::RefCell;
use std::ffi::{c_char, c_int, c_longlong, c_void, CStr};
use std::marker::PhantomData;
use std::path::PathBuf;
use std::ptr::null_mut;
use std::sync::OnceLock;

use choco_solver_sys::{graal_isolate_t, graal_isolatethread_t, libchoco_capi};

use crate::locate::{locate, ChocoLibrary, ENV_VAR, INSTALL_HINT, PINNED};

type Thread = *mut graal_isolatethread_t;
type Raw = *mut c_void;

/// `ConstraintApi_allDifferent` as pychoco 0.4.0 declares it: the
/// consistency (`AC`, `BC`, `DEFAULT` …) is the fourth argument. The
/// bindings of `choco-solver-sys` 0.1 still have 0.3.0's three, and
/// calling 0.4.0's library through them crashes.
type AllDifferent = unsafe extern "C" fn(Thread, Raw, Raw, *const c_char) -> Raw;

/// A symbol only pychoco 0.4.0's library has: what tells it from 0.3.0's.
const SINCE_0_4: &[u8] = b"Java_org_chocosolver_capi_SearchApi_set_custom_search\0";

/// The loaded library and its isolate.
pub struct Choco {
    api: libchoco_capi,
    all_different: AllDifferent,
    isolate: *mut graal_isolate_t,
    /// Where the library was found, and its version.
    pub library: ChocoLibrary,
    /// The second `dlopen` of the library, which holds `all_different`.
    _symbols: libloading::Library,
}

// SAFETY: the isolate is made to be shared by threads: each call passes the
// calling thread's own attachment (`attached`), never another's. The
// function pointers and the library handles are immutable after loading.
unsafe impl Send for Choco {}
unsafe impl Sync for Choco {}

/// The library function `$name` (checked present when loaded).
macro_rules! f {
    ($api:expr, $name:ident) => {
        $api.$name
            .as_ref()
            .expect("every symbol used is checked when the library is loaded")
    };
}

/// Fails with the name of the first symbol missing from the library.
macro_rules! require {
    ($api:expr, $path:expr, $($name:ident),* $(,)?) => {
        $(
            if $api.$name.is_err() {
                return Err(format!(
                    "{} lacks {} (not pychoco {PINNED}'s library? {INSTALL_HINT})",
                    $path.display(),
                    stringify!($name)
                ));
            }
        )*
    };
}

/// The library of this process, loaded and its isolate started on first
/// use; `Err` says what was tried and how to get it.
pub fn choco() -> Result<&'static Choco, &'static str> {
    static LOADED: OnceLock<Result<Choco, String>> = OnceLock::new();
    LOADED
        .get_or_init(|| {
            let library = locate(std::env::var_os(ENV_VAR).map(PathBuf::from))?;
            Choco::load(library)
        })
        .as_ref()
        .map_err(String::as_str)
}

impl Choco {
    fn load(library: ChocoLibrary) -> Result<Choco, String> {
        let path = library.path.clone();
        let cannot = |e: libloading::Error| format!("cannot load {}: {e}", path.display());
        // SAFETY: loading runs the library's initialisers; a GraalVM image
        // has none beyond its own runtime's.
        let api = unsafe { libchoco_capi::new(&path) }.map_err(cannot)?;
        // SAFETY: as above; the same library, opened a second time.
        let symbols = unsafe { libloading::Library::new(&path) }.map_err(cannot)?;
        // SAFETY: `SINCE_0_4` is only looked up, never called.
        if unsafe { symbols.get::<*const c_void>(SINCE_0_4) }.is_err() {
            return Err(format!(
                "{} is older than pychoco {PINNED} ({INSTALL_HINT})",
                path.display()
            ));
        }
        // SAFETY: pychoco 0.4.0 declares the symbol with this signature.
        let all_different: AllDifferent = *unsafe {
            symbols.get::<AllDifferent>(b"Java_org_chocosolver_capi_ConstraintApi_allDifferent\0")
        }
        .map_err(cannot)?;
        require!(
            api,
            path,
            graal_create_isolate,
            graal_attach_thread,
            graal_detach_thread,
            Java_org_chocosolver_capi_HandlesApi_destroy,
            Java_org_chocosolver_capi_ModelApi_createModel,
            Java_org_chocosolver_capi_ModelApi_getSolver,
            Java_org_chocosolver_capi_ModelApi_setObjective,
            Java_org_chocosolver_capi_IntVarApi_intVar_i,
            Java_org_chocosolver_capi_IntVarApi_intVar_ii,
            Java_org_chocosolver_capi_IntVarApi_intVar_arr,
            Java_org_chocosolver_capi_IntVarApi_getValue,
            Java_org_chocosolver_capi_IntVarApi_getDomainValues,
            Java_org_chocosolver_capi_ArrayApi_int_length,
            Java_org_chocosolver_capi_ArrayApi_int_get,
            Java_org_chocosolver_capi_SolverApi_propagate,
            Java_org_chocosolver_capi_ArrayApi_int_create,
            Java_org_chocosolver_capi_ArrayApi_int_set,
            Java_org_chocosolver_capi_ArrayApi_intVar_create,
            Java_org_chocosolver_capi_ArrayApi_intVar_set,
            Java_org_chocosolver_capi_ArrayApi_criterion_create,
            Java_org_chocosolver_capi_ArrayApi_criterion_set,
            Java_org_chocosolver_capi_ConstraintApi_scalar_i,
            Java_org_chocosolver_capi_ConstraintApi_arithm_iv_iv_cst,
            Java_org_chocosolver_capi_ConstraintApi_element_iv_iarray_iv_i,
            Java_org_chocosolver_capi_ConstraintApi_post,
            Java_org_chocosolver_capi_CriterionApi_time_counter,
            Java_org_chocosolver_capi_CriterionApi_node_counter,
            Java_org_chocosolver_capi_CriterionApi_fail_counter,
            Java_org_chocosolver_capi_SolverApi_solve,
            Java_org_chocosolver_capi_SolverApi_limit_time_ms,
            Java_org_chocosolver_capi_SolverApi_get_node_count,
            Java_org_chocosolver_capi_SolverApi_get_fail_count,
            Java_org_chocosolver_capi_SolverApi_get_backtrack_count,
            Java_org_chocosolver_capi_SolverApi_get_restart_count,
            Java_org_chocosolver_capi_SearchApi_set_default_search,
            Java_org_chocosolver_capi_SearchApi_set_input_order_lb_search,
            Java_org_chocosolver_capi_SearchApi_set_input_order_ub_search,
            Java_org_chocosolver_capi_SearchApi_set_min_dom_lb_search,
            Java_org_chocosolver_capi_SearchApi_set_min_dom_ub_search,
            Java_org_chocosolver_capi_SearchApi_set_dom_over_w_deg_search,
            Java_org_chocosolver_capi_SearchApi_set_conflict_history_search,
            Java_org_chocosolver_capi_SearchApi_set_activity_based_search,
            Java_org_chocosolver_capi_SearchApi_set_random_search,
            Java_org_chocosolver_capi_SearchApi_setLubyRestart,
            Java_org_chocosolver_capi_SearchApi_setGeometricalRestart,
            Java_org_chocosolver_capi_SearchApi_setNoGoodRecordingFromRestarts,
            Java_org_chocosolver_capi_SearchApi_setNoGoodRecordingFromSolutions,
        );
        let mut isolate = null_mut();
        let mut thread = null_mut();
        // SAFETY: null parameters ask for the defaults; both out-pointers
        // are valid.
        let created =
            unsafe { f!(api, graal_create_isolate)(null_mut(), &mut isolate, &mut thread) };
        if created != 0 {
            return Err(format!(
                "{}: the GraalVM isolate did not start (error {created})",
                path.display()
            ));
        }
        // Threads attach on their first call (`attached`), this one too.
        // SAFETY: `thread` was attached by the creation just above.
        unsafe { f!(api, graal_detach_thread)(thread) };
        Ok(Choco {
            api,
            all_different,
            isolate,
            library,
            _symbols: symbols,
        })
    }

    /// A new session on the calling thread.
    pub fn session(&'static self) -> Result<Session, String> {
        Ok(Session {
            choco: self,
            thread: attached(self)?,
            handles: RefCell::new(Vec::new()),
        })
    }

    /// Makes the search of `solver` stop at its next check, from any
    /// thread: a time limit of 1 ms of search, which a search worth
    /// stopping has passed. Choco reads its stop criteria at every node;
    /// one more criterion is all a running search can be told from outside.
    pub fn stop_soon(&'static self, solver: Obj<'_>) -> Result<(), String> {
        let thread = attached(self)?;
        // SAFETY: `solver` is a live handle: it borrows the session that
        // would destroy it.
        unsafe {
            f!(self.api, Java_org_chocosolver_capi_SolverApi_limit_time_ms)(thread, solver.raw, 1)
        };
        Ok(())
    }
}

/// This thread's attachment to the isolate, detached when the thread ends.
struct Attachment {
    choco: &'static Choco,
    thread: Thread,
}

impl Drop for Attachment {
    fn drop(&mut self) {
        // SAFETY: the thread attached itself and makes no call after this.
        unsafe { f!(self.choco.api, graal_detach_thread)(self.thread) };
    }
}

thread_local! {
    static ATTACHED: RefCell<Option<Attachment>> = const { RefCell::new(None) };
}

/// The calling thread's attachment, made on its first call.
fn attached(choco: &'static Choco) -> Result<Thread, String> {
    ATTACHED.with(|slot| {
        let mut slot = slot.borrow_mut();
        if let Some(attachment) = slot.as_ref() {
            return Ok(attachment.thread);
        }
        let mut thread = null_mut();
        // SAFETY: the isolate lives as long as the process; the out-pointer is valid.
        let status = unsafe { f!(choco.api, graal_attach_thread)(choco.isolate, &mut thread) };
        if status != 0 {
            return Err(format!(
                "this thread could not attach to Choco's isolate (error {status})"
            ));
        }
        *slot = Some(Attachment { choco, thread });
        Ok(thread)
    })
}

/// A handle to a Java object, owned by the [`Session`] that made it and
/// valid while it lives: the session, which destroys its handles when
/// dropped, stays borrowed as long as any of them.
#[derive(Clone, Copy, Debug)]
pub struct Obj<'s> {
    raw: Raw,
    session: PhantomData<&'s Session>,
}

/// A handle that may cross to the thread that stops a search
/// ([`Choco::stop_soon`]).
#[derive(Clone, Copy, Debug)]
pub struct SendObj<'s>(pub Obj<'s>);

// SAFETY: a handle is an index into the isolate's handle table, valid from
// any attached thread.
unsafe impl Send for SendObj<'_> {}

/// Which search `Session::set_search` installs, by the Choco `Search`
/// factory it calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChocoSearch {
    /// `defaultSearch(model)`.
    Default,
    /// `inputOrderLBSearch` / `inputOrderUBSearch` (`ub`: largest value first).
    InputOrder { ub: bool },
    /// `minDomLBSearch` / `minDomUBSearch`: first-fail.
    MinDom { ub: bool },
    /// `domOverWDegSearch`.
    DomOverWDeg,
    /// `conflictHistorySearch`.
    ConflictHistory,
    /// `activityBasedSearch`.
    Activity,
    /// `randomSearch(vars, seed)`.
    Random { seed: u64 },
}

/// One solve's work in the isolate: every handle it makes is destroyed
/// when it is dropped.
pub struct Session {
    choco: &'static Choco,
    thread: Thread,
    /// In a cell: each handle made borrows the session shared, so the
    /// methods that make handles take `&self`.
    handles: RefCell<Vec<Raw>>,
}

impl Drop for Session {
    fn drop(&mut self) {
        let destroy = f!(self.choco.api, Java_org_chocosolver_capi_HandlesApi_destroy);
        for handle in self.handles.get_mut().drain(..) {
            // SAFETY: each handle was made by this session and is destroyed once.
            unsafe { destroy(self.thread, handle) };
        }
    }
}

/// Comparison operators as Choco spells them.
pub const EQ: &CStr = c"=";
/// `!=`
pub const NE: &CStr = c"!=";
/// `<=`
pub const LE: &CStr = c"<=";
/// `>=`
pub const GE: &CStr = c">=";

impl Session {
    /// The library this session calls.
    pub fn choco(&self) -> &'static Choco {
        self.choco
    }

    fn keep(&self, raw: Raw) -> Obj<'_> {
        self.handles.borrow_mut().push(raw);
        Obj {
            raw,
            session: PhantomData,
        }
    }

    /// A new, empty model.
    pub fn model(&self) -> Obj<'_> {
        // SAFETY: the session's thread is attached; the call makes a new handle.
        let raw = unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_ModelApi_createModel
            )(self.thread)
        };
        self.keep(raw)
    }

    /// An integer variable over `values` (sorted, distinct, not empty).
    pub fn int_var(&self, model: Obj<'_>, values: &[i32]) -> Obj<'_> {
        let (first, last) = (values[0], values[values.len() - 1]);
        if i64::from(last) - i64::from(first) + 1 == values.len() as i64 {
            return self.int_var_range(model, first, last);
        }
        let array = self.int_array(values);
        // SAFETY: `array` holds the values, sorted and distinct.
        let raw = unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_IntVarApi_intVar_arr
            )(self.thread, model.raw, array.raw)
        };
        self.keep(raw)
    }

    /// An integer variable over `low..=high` (a constant when they are equal).
    pub fn int_var_range(&self, model: Obj<'_>, low: i32, high: i32) -> Obj<'_> {
        debug_assert!(low <= high);
        // SAFETY: `model` is this session's, and `low <= high`.
        let raw = unsafe {
            if low == high {
                f!(self.choco.api, Java_org_chocosolver_capi_IntVarApi_intVar_i)(
                    self.thread,
                    model.raw,
                    low,
                )
            } else {
                f!(
                    self.choco.api,
                    Java_org_chocosolver_capi_IntVarApi_intVar_ii
                )(self.thread, model.raw, low, high)
            }
        };
        self.keep(raw)
    }

    /// A Java `int[]` holding `values`.
    pub fn int_array(&self, values: &[i32]) -> Obj<'_> {
        let len = c_int::try_from(values.len()).expect("arrays are far below 2^31 ints");
        // SAFETY: a new array of `len` ints.
        let raw = unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_ArrayApi_int_create
            )(self.thread, len)
        };
        let set = f!(self.choco.api, Java_org_chocosolver_capi_ArrayApi_int_set);
        for (index, &value) in values.iter().enumerate() {
            // SAFETY: `index < len`.
            unsafe { set(self.thread, raw, value, index as c_int) };
        }
        self.keep(raw)
    }

    /// A Java `IntVar[]` holding `vars`.
    pub fn var_array(&self, vars: &[Obj<'_>]) -> Obj<'_> {
        let len = c_int::try_from(vars.len()).expect("arrays are far below 2^31 variables");
        // SAFETY: a new array of `len` variables.
        let raw = unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_ArrayApi_intVar_create
            )(self.thread, len)
        };
        let set = f!(
            self.choco.api,
            Java_org_chocosolver_capi_ArrayApi_intVar_set
        );
        for (index, var) in vars.iter().enumerate() {
            // SAFETY: `index < len`; `var` is a variable of this session.
            unsafe { set(self.thread, raw, var.raw, index as c_int) };
        }
        self.keep(raw)
    }

    /// Posts `allDifferent(vars, consistency)`.
    pub fn all_different(&self, model: Obj<'_>, vars: Obj<'_>, consistency: &CStr) {
        // SAFETY: `vars` is an IntVar[] of `model`; `consistency` is one of
        // the names Choco knows (`crate::Consistency`).
        let raw = unsafe {
            (self.choco.all_different)(self.thread, model.raw, vars.raw, consistency.as_ptr())
        };
        let constraint = self.keep(raw);
        self.post(constraint);
    }

    /// Posts `scalar(vars, coefs) OP rhs`.
    pub fn scalar(&self, model: Obj<'_>, vars: Obj<'_>, coefs: Obj<'_>, op: &CStr, rhs: i32) {
        // SAFETY: `vars` and `coefs` have the same length; `op` is one of
        // the operators above.
        let raw = unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_ConstraintApi_scalar_i
            )(
                self.thread,
                model.raw,
                vars.raw,
                coefs.raw,
                op.as_ptr().cast_mut(),
                rhs,
            )
        };
        let constraint = self.keep(raw);
        self.post(constraint);
    }

    /// Posts `x - y != offset`.
    pub fn not_equal_offset(&self, model: Obj<'_>, x: Obj<'_>, y: Obj<'_>, offset: i32) {
        // SAFETY: `x` and `y` are variables of `model`.
        let raw = unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_ConstraintApi_arithm_iv_iv_cst
            )(
                self.thread,
                model.raw,
                x.raw,
                c"-".as_ptr().cast_mut(),
                y.raw,
                NE.as_ptr().cast_mut(),
                offset,
            )
        };
        let constraint = self.keep(raw);
        self.post(constraint);
    }

    /// Posts `value = table[index - offset]`.
    pub fn element(
        &self,
        model: Obj<'_>,
        value: Obj<'_>,
        table: Obj<'_>,
        index: Obj<'_>,
        offset: i32,
    ) {
        // SAFETY: `table` is an int[] covering every value of `index`
        // minus `offset`.
        let raw = unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_ConstraintApi_element_iv_iarray_iv_i
            )(
                self.thread,
                model.raw,
                value.raw,
                table.raw,
                index.raw,
                offset,
            )
        };
        let constraint = self.keep(raw);
        self.post(constraint);
    }

    fn post(&self, constraint: Obj<'_>) {
        // SAFETY: a constraint of this session, posted once.
        unsafe {
            f!(self.choco.api, Java_org_chocosolver_capi_ConstraintApi_post)(
                self.thread,
                constraint.raw,
            )
        };
    }

    /// Makes `var` the objective of `model`.
    pub fn set_objective(&self, model: Obj<'_>, maximize: bool, var: Obj<'_>) {
        // SAFETY: `var` is a variable of `model`.
        unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_ModelApi_setObjective
            )(self.thread, model.raw, c_int::from(maximize), var.raw)
        };
    }

    /// The solver of `model`.
    pub fn solver(&self, model: Obj<'_>) -> Obj<'_> {
        // SAFETY: `model` is this session's.
        let raw = unsafe {
            f!(self.choco.api, Java_org_chocosolver_capi_ModelApi_getSolver)(self.thread, model.raw)
        };
        self.keep(raw)
    }

    /// Installs `search` over `vars` (ignored by the default search).
    pub fn set_search(&self, solver: Obj<'_>, search: ChocoSearch, vars: Obj<'_>) {
        let (t, s, v) = (self.thread, solver.raw, vars.raw);
        let c = self.choco;
        // SAFETY: `vars` is an IntVar[] of the solver's model.
        unsafe {
            match search {
                ChocoSearch::Default => f!(
                    c.api,
                    Java_org_chocosolver_capi_SearchApi_set_default_search
                )(t, s),
                ChocoSearch::InputOrder { ub: false } => f!(
                    c.api,
                    Java_org_chocosolver_capi_SearchApi_set_input_order_lb_search
                )(t, s, v),
                ChocoSearch::InputOrder { ub: true } => f!(
                    c.api,
                    Java_org_chocosolver_capi_SearchApi_set_input_order_ub_search
                )(t, s, v),
                ChocoSearch::MinDom { ub: false } => f!(
                    c.api,
                    Java_org_chocosolver_capi_SearchApi_set_min_dom_lb_search
                )(t, s, v),
                ChocoSearch::MinDom { ub: true } => f!(
                    c.api,
                    Java_org_chocosolver_capi_SearchApi_set_min_dom_ub_search
                )(t, s, v),
                ChocoSearch::DomOverWDeg => f!(
                    c.api,
                    Java_org_chocosolver_capi_SearchApi_set_dom_over_w_deg_search
                )(t, s, v),
                ChocoSearch::ConflictHistory => f!(
                    c.api,
                    Java_org_chocosolver_capi_SearchApi_set_conflict_history_search
                )(t, s, v),
                ChocoSearch::Activity => f!(
                    c.api,
                    Java_org_chocosolver_capi_SearchApi_set_activity_based_search
                )(t, s, v),
                ChocoSearch::Random { seed } => f!(
                    c.api,
                    Java_org_chocosolver_capi_SearchApi_set_random_search
                )(t, s, v, seed as c_longlong),
            }
        }
    }

    /// Restarts after `scale * luby(i)` failures.
    pub fn luby_restarts(&self, solver: Obj<'_>, scale: i32) {
        // SAFETY: plain numbers; no limit on the number of restarts.
        unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_SearchApi_setLubyRestart
            )(self.thread, solver.raw, scale, i32::MAX)
        };
    }

    /// Restarts after `base * factor^i` failures.
    pub fn geometric_restarts(&self, solver: Obj<'_>, base: i64, factor: f64) {
        // SAFETY: plain numbers; no limit on the number of restarts.
        unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_SearchApi_setGeometricalRestart
            )(self.thread, solver.raw, base, factor, i32::MAX)
        };
    }

    /// Records nogoods from the search path at each restart.
    pub fn nogoods_from_restarts(&self, solver: Obj<'_>) {
        // SAFETY: `solver` is this session's.
        unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_SearchApi_setNoGoodRecordingFromRestarts
            )(self.thread, solver.raw)
        };
    }

    /// Records a nogood for each solution over `vars`: a restart never
    /// finds a solution twice.
    pub fn nogoods_from_solutions(&self, solver: Obj<'_>, vars: Obj<'_>) {
        // SAFETY: `vars` is an IntVar[] of the solver's model.
        unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_SearchApi_setNoGoodRecordingFromSolutions
            )(self.thread, solver.raw, vars.raw)
        };
    }

    /// A `Criterion[]` of the limits given: a time limit in ms, node and
    /// fail budgets.
    pub fn criteria(
        &self,
        model: Obj<'_>,
        time_ms: Option<i64>,
        nodes: Option<i64>,
        fails: Option<i64>,
    ) -> Obj<'_> {
        let c = self.choco;
        let (t, m) = (self.thread, model.raw);
        let mut made = Vec::new();
        // SAFETY: each counter is made for `model` with a positive limit.
        unsafe {
            if let Some(ms) = time_ms {
                made.push(f!(
                    c.api,
                    Java_org_chocosolver_capi_CriterionApi_time_counter
                )(t, m, ms));
            }
            if let Some(n) = nodes {
                made.push(f!(
                    c.api,
                    Java_org_chocosolver_capi_CriterionApi_node_counter
                )(t, m, n));
            }
            if let Some(n) = fails {
                made.push(f!(
                    c.api,
                    Java_org_chocosolver_capi_CriterionApi_fail_counter
                )(t, m, n));
            }
        }
        for &raw in &made {
            self.keep(raw);
        }
        // SAFETY: a new array of `made.len()` criteria, filled below.
        let array = unsafe {
            f!(c.api, Java_org_chocosolver_capi_ArrayApi_criterion_create)(t, made.len() as c_int)
        };
        for (index, &criterion) in made.iter().enumerate() {
            // SAFETY: `index` is inside the array.
            unsafe {
                f!(c.api, Java_org_chocosolver_capi_ArrayApi_criterion_set)(
                    t,
                    array,
                    criterion,
                    index as c_int,
                )
            };
        }
        self.keep(array)
    }

    /// Looks for the next solution (the next better one, with an
    /// objective), adding the criteria of `stop` to the solver's stop
    /// criteria first. False: none is left, or a criterion stopped it.
    pub fn solve(&self, solver: Obj<'_>, stop: Obj<'_>) -> bool {
        // SAFETY: `stop` is a Criterion[] of the solver's model.
        unsafe {
            f!(self.choco.api, Java_org_chocosolver_capi_SolverApi_solve)(
                self.thread,
                solver.raw,
                stop.raw,
            ) != 0
        }
    }

    /// The value of `var` in the solution just found.
    pub fn value(&self, var: Obj<'_>) -> i32 {
        // SAFETY: called right after `solve` returned true, when every
        // variable is instantiated.
        unsafe {
            f!(self.choco.api, Java_org_chocosolver_capi_IntVarApi_getValue)(self.thread, var.raw)
        }
    }

    /// Propagates the model of `solver` at the root, before any search:
    /// false when propagation alone finds a contradiction.
    pub fn propagate(&self, solver: Obj<'_>) -> bool {
        // SAFETY: `solver` is this session's; the library catches the
        // contradiction and answers false.
        unsafe {
            f!(
                self.choco.api,
                Java_org_chocosolver_capi_SolverApi_propagate
            )(self.thread, solver.raw)
                != 0
        }
    }

    /// The values left in the domain of `var`, in increasing order.
    pub fn domain(&self, var: Obj<'_>) -> Vec<i32> {
        let c = self.choco;
        // SAFETY: `var` is a variable of this session; the array handle is
        // kept (and destroyed) with the others.
        let array = unsafe {
            f!(c.api, Java_org_chocosolver_capi_IntVarApi_getDomainValues)(self.thread, var.raw)
        };
        let array = self.keep(array);
        // SAFETY: `array` is an int[]; indices stay below its length.
        unsafe {
            let len =
                f!(c.api, Java_org_chocosolver_capi_ArrayApi_int_length)(self.thread, array.raw);
            (0..len)
                .map(|i| {
                    f!(c.api, Java_org_chocosolver_capi_ArrayApi_int_get)(self.thread, array.raw, i)
                })
                .collect()
        }
    }

    /// Nodes, fails, backtracks and restarts so far.
    pub fn counts(&self, solver: Obj<'_>) -> [u64; 4] {
        let (c, t, s) = (self.choco, self.thread, solver.raw);
        // SAFETY: plain reads of the solver's measures.
        let counts = unsafe {
            [
                f!(c.api, Java_org_chocosolver_capi_SolverApi_get_node_count)(t, s),
                f!(c.api, Java_org_chocosolver_capi_SolverApi_get_fail_count)(t, s),
                f!(
                    c.api,
                    Java_org_chocosolver_capi_SolverApi_get_backtrack_count
                )(t, s),
                f!(c.api, Java_org_chocosolver_capi_SolverApi_get_restart_count)(t, s),
            ]
        };
        counts.map(|n| n.max(0) as u64)
    }
}
