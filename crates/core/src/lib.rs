//! The library facade every sudokit front end shares: the command line,
//! the Python module and the HTTP server call it and hand back what it
//! returns, so that an answer reads the same from a terminal, a notebook
//! or a browser.
//!
//! Today it holds the [`records`]: one typed, versioned record per kind of
//! answer, built from the domain result (a pipeline [`Answer`], an
//! [`Analysis`], an explanation ...) by a constructor here, not by each
//! front end. A front end only chooses how to carry a record: a JSON line,
//! a Python object, an HTTP body.
//!
//! [`Answer`]: sudokit_pipeline::Answer
//! [`Analysis`]: sudokit_analysis::Analysis

#![deny(missing_docs)]

pub mod records;
