//! `explain`, `explain --hint` and `grade`: a puzzle solved the way a
//! person does, told by a search whether it is unique and given the
//! verified solution to guess from where logic runs out.

use std::fmt;

use sudokit_analysis::{explain_puzzle, AnalysisError, Counter, Explained};
use sudokit_explain::{
    Board, ExplainOptions, Explanation, Grade, Outcome, Rating, Step, Technique,
};
use sudokit_model::LimitKind;
use sudokit_puzzle::{cell_name, Puzzle};

use crate::reply::no_solution;
use crate::{Error, Kit, Reply};

/// How [`Kit::explain`] explains.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplainRequest {
    /// The techniques that may be used, easiest first (default: all of
    /// them; [`techniques_named`] reads a list of names).
    pub techniques: Vec<Technique>,
    /// Stop after this many steps.
    pub until: Option<usize>,
    /// Where logic runs out, go on with a digit of the verified solution,
    /// marked as a guess (default), or stop there.
    pub guess: bool,
}

impl Default for ExplainRequest {
    fn default() -> Self {
        ExplainRequest {
            techniques: Technique::ALL.to_vec(),
            until: None,
            guess: true,
        }
    }
}

impl ExplainRequest {
    /// Sets [`ExplainRequest::techniques`].
    pub fn techniques(mut self, techniques: Vec<Technique>) -> Self {
        self.techniques = techniques;
        self
    }

    /// Sets [`ExplainRequest::until`].
    pub fn until(mut self, steps: usize) -> Self {
        self.until = Some(steps);
        self
    }

    /// Stops where logic runs out, with no guess.
    pub fn no_guess(mut self) -> Self {
        self.guess = false;
        self
    }

    /// The explainer's options for this request (for a caller that runs
    /// the explainer itself, on a counter it keeps for a batch).
    pub fn options(&self) -> ExplainOptions {
        ExplainOptions {
            techniques: self.techniques.clone(),
            max_steps: self.until,
            ..ExplainOptions::default()
        }
    }
}

/// The techniques `names` name (`"hidden single"`, `"x-wing"`), in the
/// explainer's order; an unknown name is refused with the list of them all.
///
/// ```
/// use sudokit_core::{techniques_named, Technique};
///
/// let chosen = techniques_named(&["naked single", "hidden single"])?;
/// assert_eq!(chosen, [Technique::HiddenSingle, Technique::NakedSingle]);
/// let error = techniques_named(&["wing"]).unwrap_err();
/// assert!(error.to_string().starts_with("--techniques: no technique called \"wing\"; known: Hidden single, "));
/// # Ok::<(), sudokit_core::Error>(())
/// ```
pub fn techniques_named(names: &[&str]) -> Result<Vec<Technique>, Error> {
    let mut chosen = Vec::new();
    for name in names {
        match Technique::from_name(name) {
            Some(t) if t != Technique::Guess => chosen.push(t),
            _ => {
                let known: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
                return Err(Error::invalid(format!(
                    "--techniques: no technique called {name:?}; known: {}",
                    known.join(", ")
                )));
            }
        }
    }
    Ok(Technique::ALL
        .iter()
        .copied()
        .filter(|t| chosen.contains(t))
        .collect())
}

/// The next step of a puzzle, as a hint: the technique and where to look,
/// not the step itself ([`Kit::hint`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The next step, to be found by the player.
    Look(Step),
    /// Every cell is filled already.
    Solved,
    /// No technique applies: a guess is needed.
    Guess,
}

impl Hint {
    /// The hint an explanation gives by its first step, or by how it
    /// ended when it has none: [`Reply::Done`], [`Reply::NoSolution`]
    /// (when the position shows it) or [`Reply::Stopped`].
    pub fn of(explanation: &Explanation) -> Reply<Hint> {
        match (explanation.steps.first(), &explanation.outcome) {
            (Some(step), _) => Reply::Done(Hint::Look(step.clone())),
            (None, Outcome::Solved) => Reply::Done(Hint::Solved),
            (None, Outcome::NoSolution(why)) => Reply::NoSolution(format!("no solution: {why}")),
            (None, Outcome::Stopped(kind)) => Reply::Stopped(*kind),
            (None, Outcome::Stuck | Outcome::Paused) => Reply::Done(Hint::Guess),
        }
    }
}

impl fmt::Display for Hint {
    /// The command line's sentence: `look for a hidden single (SE 1.2) in box 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Look(step) => write!(
                f,
                "look for a {} (SE {}) {}",
                step.technique.name().to_lowercase(),
                step.rating,
                where_to_look(step)
            ),
            Hint::Solved => write!(f, "already solved"),
            Hint::Guess => write!(
                f,
                "no technique applies; a guess is needed (sudokit explain shows one)"
            ),
        }
    }
}

/// The pencil marks before each step of `explanation`, an explanation of
/// `puzzle`, and where it ended (one more than the steps): each cell's
/// candidates as a mask (bit `d - 1` for digit `d`; 0 for a filled cell).
/// They are replayed on the explainer's own board, so a placement clears
/// its digit from the cell's real peers (diagonals, jigsaw regions, extra
/// groups), which a front end drawing the steps cannot know from rows and
/// boxes.
pub fn marks_before_steps(puzzle: &Puzzle, explanation: &Explanation) -> Vec<Vec<u64>> {
    let mut board = Board::new(puzzle);
    let mut marks = Vec::with_capacity(explanation.steps.len() + 1);
    let snapshot = |board: &Board| -> Vec<u64> {
        (0..board.values().len())
            .map(|cell| match board.value(cell) {
                0 => board.candidates(cell),
                _ => 0,
            })
            .collect()
    };
    for step in &explanation.steps {
        marks.push(snapshot(&board));
        step.apply(&mut board);
    }
    marks.push(snapshot(&board));
    marks
}

/// "in box 2" when the step names the group of its pattern, else the
/// pattern's cells.
fn where_to_look(step: &Step) -> String {
    match step.groups.first() {
        Some(group) => format!("in {group}"),
        None => {
            let names: Vec<String> = step
                .cells
                .iter()
                .map(|&c| cell_name(c, step.size))
                .collect();
            format!("around {}", names.join(", "))
        }
    }
}

/// "hard (SE 3.2, EP 1.2, ED 1.2): needs X-Wing, 60 steps", as `sudokit
/// grade` says a grade: the rating of the hardest step (Sudoku
/// Explainer's ER), of the hardest up to the first placement (EP) and of
/// the first step (ED).
pub fn grade_text(grade: &Grade) -> String {
    let hardest = grade
        .hardest
        .map_or("no technique".into(), |t| t.to_string());
    let or_none = |r: Option<Rating>| r.map_or("-".into(), |r| r.to_string());
    match grade.rating {
        Some(rating) => format!(
            "{} (SE {rating}, EP {}, ED {}): needs {hardest}, {} steps",
            grade.level,
            or_none(grade.first_placement),
            or_none(grade.first_step),
            grade.steps
        ),
        None => format!(
            "{}: logic runs out with {} cells open (after {} steps, the hardest {hardest})",
            grade.level, grade.open_when_stuck, grade.steps
        ),
    }
}

impl Kit {
    /// The puzzle solved step by step with human techniques (`sudokit
    /// explain`): [`Explained::explanation`] holds the steps and how they
    /// ended (a limit during the steps keeps those found, as
    /// [`Outcome::Stopped`]), [`Explained::solutions`] the count up to 2.
    /// Replies [`Reply::Done`] or [`Reply::Stopped`] (a limit during the count).
    ///
    /// ```
    /// use sudokit_core::{grade_text, read_options, read_puzzle, ExplainRequest, Kit};
    ///
    /// let line = "300200000000107000706030500070009080900020004010800050009040301000702000000008006";
    /// let puzzle = read_puzzle(line, &read_options())?.puzzle;
    /// let explained = Kit::new("auto")?.explain(&puzzle, &ExplainRequest::default())?.done().expect("no limit");
    /// let steps = &explained.explanation.steps;
    /// assert_eq!(steps[0].to_string(), "Hidden single: 1 can only go in r1c3 within box 1 => r1c3=1");
    /// assert_eq!(grade_text(explained.finished_grade()?), "hard (SE 3.2, EP 1.2, ED 1.2): needs X-Wing, 60 steps");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain(
        &self,
        puzzle: &Puzzle,
        request: &ExplainRequest,
    ) -> Result<Reply<Explained>, Error> {
        Ok(match self.explained(puzzle, request)? {
            Ok(explained) => Reply::Done(explained),
            Err(kind) => Reply::Stopped(kind),
        })
    }

    /// The explanation, or the limit that stopped the count before it.
    fn explained(
        &self,
        puzzle: &Puzzle,
        request: &ExplainRequest,
    ) -> Result<Result<Explained, LimitKind>, Error> {
        let mut counter = Counter::new(self.engine(), self.budget().limits());
        match explain_puzzle(&mut counter, puzzle, request.options(), request.guess) {
            Ok(explained) => Ok(Ok(explained)),
            Err(AnalysisError::Stopped(kind)) => Ok(Err(kind)),
            Err(error) => Err(Error::of_analysis(error)),
        }
    }

    /// Which of `techniques` comes next and where to look (`sudokit
    /// explain --hint`, [`Technique::ALL`] unless `--techniques` chose).
    /// Replies [`Reply::Done`], [`Reply::NoSolution`] (when the position
    /// shows it) or [`Reply::Stopped`].
    ///
    /// ```
    /// use sudokit_core::{read_options, read_puzzle, Kit, Technique};
    ///
    /// let line = "300200000000107000706030500070009080900020004010800050009040301000702000000008006";
    /// let puzzle = read_puzzle(line, &read_options())?.puzzle;
    /// let hint = Kit::new("auto")?.hint(&puzzle, Technique::ALL)?.done().expect("no limit");
    /// assert_eq!(hint.to_string(), "look for a hidden single (SE 1.2) in box 1");
    /// # Ok::<(), sudokit_core::Error>(())
    /// ```
    pub fn hint(&self, puzzle: &Puzzle, techniques: &[Technique]) -> Result<Reply<Hint>, Error> {
        let request = ExplainRequest::default()
            .techniques(techniques.to_vec())
            .until(1)
            .no_guess();
        let explained = match self.explained(puzzle, &request)? {
            Ok(explained) => explained,
            Err(kind) => return Ok(Reply::Stopped(kind)),
        };
        Ok(Hint::of(&explained.explanation))
    }

    /// How hard the puzzle is for a person (`sudokit grade`): the hardest
    /// technique its explanation needs, on the Sudoku Explainer scale.
    /// Replies [`Reply::Done`], [`Reply::NoSolution`], [`Reply::NotUnique`]
    /// (a grade is a property of a puzzle with one solution) or
    /// [`Reply::Stopped`].
    ///
    /// ```
    /// use sudokit_core::{read_options, read_puzzle, Kit, Level, Reply};
    ///
    /// let line = "300200000000107000706030500070009080900020004010800050009040301000702000000008006";
    /// let kit = Kit::new("auto")?;
    /// let grade = kit.grade(&read_puzzle(line, &read_options())?.puzzle)?.done().expect("unique");
    /// assert_eq!((grade.level, grade.steps), (Level::Hard, 60));
    /// let blank = read_puzzle(&".".repeat(16), &read_options())?.puzzle;
    /// assert_eq!(kit.grade(&blank)?, Reply::NotUnique);
    /// # Ok::<(), sudokit_core::Error>(())
    /// ```
    pub fn grade(&self, puzzle: &Puzzle) -> Result<Reply<Grade>, Error> {
        let request = ExplainRequest::default()
            .techniques(Technique::se_ladder())
            .no_guess();
        let explained = match self.explained(puzzle, &request)? {
            Ok(explained) => explained,
            Err(kind) => return Ok(Reply::Stopped(kind)),
        };
        if let Outcome::Stopped(kind) = explained.explanation.outcome {
            return Ok(Reply::Stopped(kind));
        }
        Ok(match explained.solutions {
            0 => Reply::NoSolution(no_solution(explained.clash.as_ref())),
            1 => Reply::Done(explained.grade),
            _ => Reply::NotUnique,
        })
    }
}
