//! Every sudokit engine in one place: the catalogue that `sudokit engines`
//! prints, and [`build`], which turns a spec such as `cp:dom-wdeg:luby` into
//! a ready [`Engine`](sudokit_model::Engine).
//!
//! A spec is `NAME[:OPTION]...`; options are the engine's own (see
//! [`EngineInfo::options`]). `auto` is not an engine of its own but a choice:
//! the [`AutoEngine`] sends plain boxed grids to `fast` and everything else to
//! `cp`. Engines whose native library is missing from this build stay in the
//! catalogue, marked unavailable with the one-line step that brings them.
#![deny(missing_docs)]

mod auto;
mod catalogue;

pub use auto::AutoEngine;
pub use catalogue::{build, catalogue, parse_spec, Availability, EngineInfo};
