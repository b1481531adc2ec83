//! `analyze` and `reduce`: questions about one puzzle, each answered by
//! many small solves through the pipeline.

use sudokit_analysis::{
    analyze, reduce, Analysis, AnalyzeOptions, Counter, ReduceOptions, Reduced,
};
use sudokit_puzzle::Puzzle;

use crate::{Error, Kit, Reply};

impl Kit {
    /// How many solutions (up to `options.cap`); for a unique puzzle
    /// whether it is minimal, its redundant givens and its difficulty; for
    /// an ambiguous one where two solutions differ and clues that make it
    /// unique (`sudokit analyze`). Replies [`Reply::Done`] (with no
    /// solution as `solutions == 0`, and with [`Analysis::stopped`] when a
    /// limit cut it short after the first solution: what was found so far)
    /// or [`Reply::Stopped`] (a limit before the first solution).
    ///
    /// ```
    /// use sudokit_core::{read_options, read_puzzle, AnalyzeOptions, Kit, Reply};
    ///
    /// let line = "41....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// let puzzle = read_puzzle(line, &read_options())?.puzzle;
    /// let Reply::Done(analysis) = Kit::new("auto")?.analyze(&puzzle, &AnalyzeOptions::default())? else {
    ///     panic!("no limit was set");
    /// };
    /// assert_eq!((analysis.solutions, analysis.unique, analysis.minimal), (1, true, Some(false)));
    /// assert_eq!(analysis.redundant, Some(vec![1])); // r1c2 can go
    /// assert_eq!(analysis.difficulty.map(|d| d.guesses), Some(16));
    /// # Ok::<(), sudokit_core::Error>(())
    /// ```
    pub fn analyze(
        &self,
        puzzle: &Puzzle,
        options: &AnalyzeOptions,
    ) -> Result<Reply<Analysis>, Error> {
        if options.cap < 2 {
            return Err(Error::invalid(
                "--max must be at least 2 to tell a unique puzzle",
            ));
        }
        let mut counter = Counter::new(self.engine(), self.budget().limits());
        Reply::of(analyze(&mut counter, puzzle, options))
    }

    /// Givens taken away while the solution stays unique, each given (or
    /// each orbit of the symmetry) tried once (`sudokit reduce`). Replies
    /// [`Reply::Done`] (with [`Reduced::stopped`] when a limit cut the
    /// pass short: unique, perhaps not minimal), [`Reply::NoSolution`],
    /// [`Reply::NotUnique`] or [`Reply::Stopped`] (before the solution was
    /// known). A symmetry the puzzle lacks is [`Error::Invalid`].
    ///
    /// ```
    /// use sudokit_core::{given_count, read_options, read_puzzle, AnalyzeOptions, Kit, ReduceOptions, Reply};
    ///
    /// let line = "41....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// let puzzle = read_puzzle(line, &read_options())?.puzzle;
    /// let kit = Kit::new("fast")?;
    /// let reduced = kit.reduce(&puzzle, &ReduceOptions::default())?.done().expect("unique");
    /// assert_eq!((reduced.removed, given_count(&reduced.puzzle)), (1, 17));
    /// let analysis = kit.analyze(&reduced.puzzle, &AnalyzeOptions::default())?.done().expect("no limit");
    /// assert_eq!(analysis.minimal, Some(true));
    /// # Ok::<(), sudokit_core::Error>(())
    /// ```
    pub fn reduce(
        &self,
        puzzle: &Puzzle,
        options: &ReduceOptions,
    ) -> Result<Reply<Reduced>, Error> {
        let mut counter = Counter::new(self.engine(), self.budget().limits());
        Reply::of(reduce(&mut counter, puzzle, options))
    }
}
