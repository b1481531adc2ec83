//! Variable selectors, one per file.

mod conflict_history;
mod dom_deg;
mod dom_wdeg;
mod first_fail;
mod input_order;
mod random;

pub(crate) use conflict_history::ConflictHistory;
pub(crate) use dom_deg::DomDeg;
pub(crate) use dom_wdeg::DomWDeg;
pub(crate) use first_fail::FirstFail;
pub(crate) use input_order::InputOrder;
pub(crate) use random::RandomVar;
