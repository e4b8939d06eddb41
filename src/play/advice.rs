//! Honest advice: what the numbers alone prove, every closed cell's mine probability, how the
//! player's flags stand against the numbers, and the move to make; for a game's hint, autoplay
//! and analysis view, and for a pasted position.
//!
//! The player's flags are beliefs, not facts. The analysis turns every flag back into a closed
//! cell and reads only the numbers (and the mine total). A flag is then *proven* (a mine in
//! every arrangement that fits the numbers), *unproven* (a mine in some, not in others) or
//! *wrong* (a mine in none). Nothing the advice calls certain rests on an unproven flag: a chord
//! is certain only when every cell it opens is proven safe, which also proves its flags.
//!
//! A pasted position may be read with its flags as mines instead ([`FlagsAre::Mines`],
//! JSMinesweeper's default): every flag is then a known mine, and the probabilities are those
//! of the arrangements with a mine under every flag. A move proven only with the flags as mines
//! says so ([`Analysis::rests_on_flags`]). When the numbers refute the flags as mines (a flag
//! proven safe, or flags that cannot all be mines at once), the analysis is the numbers'
//! alone, and says so ([`Analysis::flags_refuted`]).

use crate::board::Grid;
use crate::moves::Move;
use crate::solver::{efficient_move, Inconsistent, Mines, Proven, Seen, Solver, Strength, View};

/// The moves the game the advice is for allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// Flags that are placed and removed, and chords: our game, and a pasted picture.
    Flags,
    /// Marks placed for good, and auto-explore: the ACM class's server (a mark is never
    /// removed, so no advice removes one).
    Marks,
    /// Clicks only, no flags: the JLU course (a flag in the text is read as a closed cell, and
    /// the advice is always the next click).
    Clicks,
}

impl Rules {
    /// The name the page reads: `flags`, `marks` or `clicks`.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Flags => "flags",
            Rules::Marks => "marks",
            Rules::Clicks => "clicks",
        }
    }
}

/// How the analysis reads the player's flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagsAre {
    /// The player's beliefs: the numbers alone, each flag judged against them.
    Beliefs,
    /// Known mines, as JSMinesweeper's "Treat flags as mines".
    Mines,
    /// Closed cells: under rules without flags.
    Closed,
}

impl FlagsAre {
    /// The name the page reads: `beliefs`, `mines` or `closed`.
    pub fn name(self) -> &'static str {
        match self {
            FlagsAre::Beliefs => "beliefs",
            FlagsAre::Mines => "mines",
            FlagsAre::Closed => "closed",
        }
    }
}

/// Runners-up listed beside the guess in the analysis view.
pub const RUNNERS_UP: usize = 5;

/// Why the advice is what it is; the page words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// Before the first click: every cell is safe to click.
    FirstClick,
    /// A flag on a cell the numbers prove safe: remove it.
    WrongFlag,
    /// A cell the numbers prove to be a mine, not flagged yet.
    ProvenMine,
    /// A number whose flags are proven and whose other closed neighbours are all proven safe.
    Chord,
    /// A closed cell the numbers prove safe.
    ProvenSafe,
    /// No cell is proven safe: the solver's guess.
    Guess,
    /// No cell is proven safe: the solver's guess is a mine only where a 50/50 that nothing
    /// can tell apart forms, a risk every player takes.
    FiftyFifty,
    /// No cell is proven safe and only walled-off regions are left (closed cells that nothing
    /// outside can tell anything about): the move that wins one of them most often.
    Walled,
    /// The solver's guess is under an unproven flag: remove it to open the cell.
    GuessUnderFlag,
}

impl Why {
    /// The name the page reads.
    pub fn name(self) -> &'static str {
        match self {
            Why::FirstClick => "first",
            Why::WrongFlag => "wrong-flag",
            Why::ProvenMine => "mine",
            Why::Chord => "chord",
            Why::ProvenSafe => "safe",
            Why::Guess => "guess",
            Why::FiftyFifty => "fifty",
            Why::Walled => "walled",
            Why::GuessUnderFlag => "guess-under-flag",
        }
    }

    /// Whether the advised flag move takes a flag away.
    pub fn removes_a_flag(self) -> bool {
        matches!(self, Why::WrongFlag | Why::GuessUnderFlag)
    }
}

/// The move to make next.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Advice {
    /// The move (a [`Move::Flag`] on a flagged cell removes the flag).
    pub action: Move,
    /// The chance the cell the move opens (or flags) is a mine, from the numbers alone.
    pub mine_probability: f64,
    /// Whether the numbers prove the move right.
    pub certain: bool,
    /// Why this move.
    pub why: Why,
}

impl Advice {
    /// The advice before the first click of a game whose first click is never a mine.
    pub fn first_click(cell: usize) -> Advice {
        Advice {
            action: Move::Open(cell),
            mine_probability: 0.0,
            certain: true,
            why: Why::FirstClick,
        }
    }
}

/// The player's flags against the numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// Mines in every arrangement that fits the numbers.
    pub proven: Vec<usize>,
    /// Mines in some arrangements, not in others.
    pub unproven: Vec<usize>,
    /// Mines in none: the numbers prove these cells safe.
    pub wrong: Vec<usize>,
    /// Whether some arrangement has a mine under every flag at once (each unproven flag may fit
    /// alone while two of them cannot both be mines).
    pub fit: bool,
}

/// A closed cell ranked for the guess: its mine probability, and its score when the solver
/// compared it (`None` when it did not: too risky to be a candidate, or not needed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ranked {
    /// The cell, row-major.
    pub cell: usize,
    /// Its mine probability.
    pub mine_probability: f64,
    /// The solver's score of the cell as a guess, higher is better.
    pub score: Option<f64>,
}

/// What the numbers of a view prove and suggest.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    grid: Grid,
    /// The view as the player sees it (flags included).
    seen: Vec<Seen>,
    /// Per cell, the chance it is a mine given the numbers (open cells 0).
    pub probability: Vec<f64>,
    /// The closed or flagged cells the numbers prove safe, the best to open first.
    pub safe: Vec<usize>,
    /// The closed or flagged cells the numbers prove to be mines, ascending.
    pub mines: Vec<usize>,
    /// The player's flags against the numbers.
    pub flags: Flags,
    /// The solver's guess when no cell is proven safe.
    pub guess: Option<Ranked>,
    /// With a guess: the next closed cells by mine probability (then row-major), at most
    /// [`RUNNERS_UP`].
    pub runners_up: Vec<Ranked>,
    /// With a guess: the candidates the solver found dead (opening one can tell nothing new),
    /// ascending; `None` without a guess.
    pub dead: Option<Vec<usize>>,
    /// The move to make; `None` when no closed cell can be safe.
    pub advice: Option<Advice>,
    /// Whether the numbers were proven to fit some arrangement; false when a part of the view
    /// was too large to enumerate and only showed no contradiction (see
    /// [`crate::solver::Verdict`]).
    pub proven: bool,
    /// How the flags were read.
    pub flags_are: FlagsAre,
    /// The flags were asked to be read as mines, and the numbers refute that: the analysis is
    /// the numbers' alone.
    pub flags_refuted: bool,
    /// The advice is certain only with the flags as mines: the numbers alone do not prove it.
    pub rests_on_flags: bool,
}

/// The view with every flag turned back into a closed cell: the numbers alone.
fn numbers_alone(view: &View) -> View {
    let mut numbers = view.clone();
    for cell in 0..view.grid().len() {
        if view.get(cell) == Seen::Flagged {
            numbers.set(cell, Seen::Closed);
        }
    }
    numbers
}

/// Analyses `view` from its numbers alone (and `mines`), then sets the player's flags against
/// them, and advises a move that `rules` allow. An error when no arrangement of mines fits the
/// numbers.
///
/// # Complexity
/// One solver analysis of the view, and a second one (with the flags) only when two flags or
/// more are unproven and none is wrong, to tell whether they fit together.
pub fn analyse(view: &View, mines: Mines, rules: Rules) -> Result<Analysis, Inconsistent> {
    analyse_at(view, mines, rules, Strength::Default)
}

/// [`analyse`] with the solver at `strength`, which changes only the guess.
pub fn analyse_at(
    view: &View,
    mines: Mines,
    rules: Rules,
    strength: Strength,
) -> Result<Analysis, Inconsistent> {
    analyse_ordered(view, mines, rules, (false, strength))
}

/// [`analyse`] for a player playing for efficiency ([`Analysis::efficient_advice`]): the
/// proven safe cells are ordered as `autoplay --play-for efficiency` orders them, by the
/// chance that opening one is a click a thrifty player makes too
/// ([`Solver::count_clicks`]); the solver at `strength`.
pub fn analyse_for_efficiency(
    view: &View,
    mines: Mines,
    rules: Rules,
    strength: Strength,
) -> Result<Analysis, Inconsistent> {
    analyse_ordered(view, mines, rules, (true, strength))
}

/// [`analyse_at`], with the proven safe cells ordered for a game scored by its clicks when
/// `clicks_counted`.
fn analyse_ordered(
    view: &View,
    mines: Mines,
    rules: Rules,
    (clicks_counted, strength): (bool, Strength),
) -> Result<Analysis, Inconsistent> {
    let without_flags;
    let view = if rules == Rules::Clicks {
        without_flags = numbers_alone(view);
        &without_flags
    } else {
        view
    };
    let grid = view.grid();
    let mut solver = Solver::new();
    solver.count_clicks(clicks_counted);
    solver.set_strength(strength);
    solver.analyse(&numbers_alone(view), mines)?;
    let proven = solver.proven_consistent();
    let seen: Vec<Seen> = (0..grid.len()).map(|cell| view.get(cell)).collect();
    let safe: Vec<usize> = solver.certain_safe().iter().map(|&c| c as usize).collect();
    let proven_mines: Vec<usize> = solver.certain_mines().iter().map(|&c| c as usize).collect();
    let mut is_safe = vec![false; grid.len()];
    safe.iter().for_each(|&cell| is_safe[cell] = true);
    let mut is_mine = vec![false; grid.len()];
    proven_mines.iter().for_each(|&cell| is_mine[cell] = true);

    let mut flags = Flags::default();
    for cell in (0..grid.len()).filter(|&cell| seen[cell] == Seen::Flagged) {
        if is_mine[cell] {
            flags.proven.push(cell);
        } else if is_safe[cell] {
            flags.wrong.push(cell);
        } else {
            flags.unproven.push(cell);
        }
    }
    // Proven flags are mines in every arrangement, and one unproven flag is a mine in some:
    // only two unproven flags or more can fail to fit together.
    flags.fit = flags.wrong.is_empty()
        && (flags.unproven.len() < 2 || Solver::new().analyse(view, mines).is_ok());

    let mut probability = solver.probabilities();
    probability.resize(grid.len(), 0.0);
    let mut analysis = Analysis {
        grid,
        seen,
        probability,
        safe,
        mines: proven_mines,
        flags,
        guess: None,
        runners_up: Vec::new(),
        dead: None,
        advice: None,
        proven,
        flags_are: if rules == Rules::Clicks {
            FlagsAre::Closed
        } else {
            FlagsAre::Beliefs
        },
        flags_refuted: false,
        rests_on_flags: false,
    };
    analysis.advise(rules, &solver);
    Ok(analysis)
}

/// Analyses `view` with its flags read as `flags_are` asks: [`analyse`] for beliefs; with
/// flags as mines (under rules with flags), the numbers and a mine under every flag. An error
/// only when the numbers alone fit no arrangement: when they refute the flags as mines, the
/// answer is [`analyse`]'s with [`Analysis::flags_refuted`] set.
///
/// # Complexity
/// [`analyse`], and with flags as mines one more solver analysis.
pub fn analyse_with(
    view: &View,
    mines: Mines,
    rules: Rules,
    flags_are: FlagsAre,
) -> Result<Analysis, Inconsistent> {
    let alone = analyse(view, mines, rules)?;
    let has_flags = (0..view.grid().len()).any(|cell| view.get(cell) == Seen::Flagged);
    if flags_are != FlagsAre::Mines || rules == Rules::Clicks {
        return Ok(alone);
    }
    if !has_flags {
        // No flag: the same arrangements either way.
        return Ok(Analysis { flags_are, ..alone });
    }
    let mut solver = Solver::new();
    if solver.analyse(view, mines).is_err() {
        return Ok(Analysis {
            flags_refuted: true,
            ..alone
        });
    }
    let grid = view.grid();
    let mut probability = solver.probabilities();
    probability.resize(grid.len(), 0.0);
    for cell in (0..grid.len()).filter(|&cell| view.get(cell) == Seen::Flagged) {
        probability[cell] = 1.0;
    }
    let mut analysis = Analysis {
        probability,
        safe: solver.certain_safe().iter().map(|&c| c as usize).collect(),
        mines: solver.certain_mines().iter().map(|&c| c as usize).collect(),
        guess: None,
        runners_up: Vec::new(),
        dead: None,
        advice: None,
        proven: solver.proven_consistent(),
        flags_are: FlagsAre::Mines,
        ..alone.clone()
    };
    analysis.advise(rules, &solver);
    analysis.rests_on_flags = analysis
        .advice
        .is_some_and(|advice| advice.certain && !alone.proves(advice.action, view));
    Ok(analysis)
}

impl Analysis {
    /// Sets the advice from `solver`'s analysis, and with a guess the dead cells.
    fn advise(&mut self, rules: Rules, solver: &Solver) {
        self.advice = self.choose(
            rules,
            solver.best_guess(),
            solver.guess_scores(),
            solver.guess_is_fifty_fifty(),
            solver.guess_is_walled(),
        );
        if self.guess.is_some() {
            let mut dead = solver.dead_cells().to_vec();
            dead.sort_unstable();
            self.dead = Some(dead);
        }
    }

    /// Whether this analysis proves `action` right on `view`: a flag on a proven mine, an open
    /// of a proven safe cell, a chord whose every closed, unflagged neighbour is proven safe
    /// (its number's mines are then all under its flags, as many as it says: proven too).
    fn proves(&self, action: Move, view: &View) -> bool {
        match action {
            Move::Flag(cell) => self.mines.contains(&cell),
            Move::Open(cell) => self.safe.contains(&cell),
            Move::Chord(cell) => self
                .grid
                .neighbours(cell)
                .filter(|&next| view.get(next) == Seen::Closed)
                .all(|next| self.safe.contains(&next)),
        }
    }

    /// The move, in the order a careful player makes them: undo a flag the numbers refute,
    /// flag a proven mine, chord where every opened cell is proven safe, open a proven safe
    /// cell; else the solver's guess, ranked with its runners-up. Under `rules` without flags
    /// only the opens are left; with marks no mark is removed.
    fn choose(
        &mut self,
        rules: Rules,
        best_guess: Option<(usize, f64)>,
        scores: &[(usize, f64)],
        fifty_fifty: bool,
        walled: bool,
    ) -> Option<Advice> {
        let score_of = |cell: usize| scores.iter().find(|s| s.0 == cell).map(|s| s.1);
        let certain = |action, mine_probability, why| {
            Some(Advice {
                action,
                mine_probability,
                certain: true,
                why,
            })
        };
        if let Some(&cell) = self.flags.wrong.first().filter(|_| rules == Rules::Flags) {
            return certain(Move::Flag(cell), 0.0, Why::WrongFlag);
        }
        let proven_mine = self.mines.iter().find(|&&c| self.seen[c] == Seen::Closed);
        if let Some(&cell) = proven_mine.filter(|_| rules != Rules::Clicks) {
            return certain(Move::Flag(cell), 1.0, Why::ProvenMine);
        }
        if let Some(cell) = self.best_chord() {
            return certain(Move::Chord(cell), 0.0, Why::Chord);
        }
        if let Some(&cell) = self.safe.iter().find(|&&c| self.seen[c] == Seen::Closed) {
            return certain(Move::Open(cell), 0.0, Why::ProvenSafe);
        }
        let (mut cell, mut mine_probability) = best_guess?;
        let mut proven_mine = vec![false; self.grid.len()];
        self.mines.iter().for_each(|&c| proven_mine[c] = true);
        if self.seen[cell] == Seen::Flagged {
            // The player believes this cell a mine: an unflagged cell as likely safe goes first.
            let as_safe = (0..self.grid.len())
                .filter(|&c| self.seen[c] == Seen::Closed && !proven_mine[c])
                .filter(|&c| self.probability[c] <= mine_probability + 1e-12)
                .min_by(|&a, &b| self.probability[a].total_cmp(&self.probability[b]));
            if let Some(other) = as_safe {
                (cell, mine_probability) = (other, self.probability[other]);
            }
        }
        if self.seen[cell] == Seen::Flagged && rules == Rules::Marks {
            // A mark stays: the safest cell not marked, if any may be safe.
            let unmarked = (0..self.grid.len())
                .filter(|&c| self.seen[c] == Seen::Closed && !proven_mine[c])
                .min_by(|&a, &b| self.probability[a].total_cmp(&self.probability[b]))?;
            (cell, mine_probability) = (unmarked, self.probability[unmarked]);
        }
        self.guess = Some(Ranked {
            cell,
            mine_probability,
            score: score_of(cell),
        });
        let mut others: Vec<usize> = (0..self.grid.len())
            .filter(|&c| c != cell && !matches!(self.seen[c], Seen::Open(_)) && !proven_mine[c])
            .collect();
        others.sort_by(|&a, &b| {
            self.probability[a]
                .total_cmp(&self.probability[b])
                .then(a.cmp(&b))
        });
        self.runners_up = others
            .into_iter()
            .take(RUNNERS_UP)
            .map(|cell| Ranked {
                cell,
                mine_probability: self.probability[cell],
                score: score_of(cell),
            })
            .collect();
        let (action, why) = if self.seen[cell] == Seen::Flagged {
            (Move::Flag(cell), Why::GuessUnderFlag)
        } else if fifty_fifty && best_guess.map(|g| g.0) == Some(cell) {
            (Move::Open(cell), Why::FiftyFifty)
        } else if walled && best_guess.map(|g| g.0) == Some(cell) {
            (Move::Open(cell), Why::Walled)
        } else {
            (Move::Open(cell), Why::Guess)
        };
        Some(Advice {
            action,
            mine_probability,
            certain: false,
            why,
        })
    }

    /// The open number whose flags match it and whose closed, unflagged neighbours (two or
    /// more) are all proven safe, opening the most cells; the first such in row-major order.
    fn best_chord(&self) -> Option<usize> {
        let mut is_safe = vec![false; self.grid.len()];
        self.safe.iter().for_each(|&cell| is_safe[cell] = true);
        let mut best = None;
        let mut best_opens = 1;
        for cell in 0..self.grid.len() {
            let Seen::Open(number) = self.seen[cell] else {
                continue;
            };
            let (mut flags, mut opens, mut all_safe) = (0, 0, true);
            for next in self.grid.neighbours(cell) {
                match self.seen[next] {
                    Seen::Flagged => flags += 1,
                    Seen::Closed => {
                        opens += 1;
                        all_safe &= is_safe[next];
                    }
                    Seen::Open(_) => {}
                }
            }
            if number > 0 && flags == number as usize && all_safe && opens > best_opens {
                best_opens = opens;
                best = Some(cell);
            }
        }
        best
    }

    /// The board's shape.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// What the player sees of `cell`.
    pub fn seen(&self, cell: usize) -> Seen {
        self.seen[cell]
    }

    /// The move when playing for efficiency under `rules`: with flags, a flag the numbers
    /// refute is taken away first, then the proven move that opens the board in the fewest
    /// clicks ([`efficient_move`]: openings first, flags and chords where they save clicks);
    /// else, and under other rules, [`Analysis::advice`] (a guess only when nothing is proven
    /// safe, as always).
    pub fn efficient_advice(&self, rules: Rules) -> Option<Advice> {
        let wrong_flag = self.advice.filter(|advice| advice.why == Why::WrongFlag);
        if rules != Rules::Flags || wrong_flag.is_some() {
            return self.advice;
        }
        let cells = self.grid.len();
        let (mut safe, mut mine) = (vec![false; cells], vec![false; cells]);
        self.safe.iter().for_each(|&cell| safe[cell] = true);
        self.mines.iter().for_each(|&cell| mine[cell] = true);
        let known = Proven {
            grid: self.grid,
            seen: &self.seen,
            safe: &safe,
            mine: &mine,
        };
        let candidates: Vec<u32> = self.safe.iter().map(|&cell| cell as u32).collect();
        let Some(choice) = efficient_move(&known, &candidates) else {
            return self.advice;
        };
        let (mine_probability, why) = match choice.action {
            Move::Open(_) => (0.0, Why::ProvenSafe),
            Move::Flag(_) => (1.0, Why::ProvenMine),
            Move::Chord(_) => (0.0, Why::Chord),
        };
        Some(Advice {
            action: choice.action,
            mine_probability,
            certain: true,
            why,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::json;
    use crate::solver::tests::view;

    #[test]
    fn a_wrong_flag_that_fits_the_numbers_makes_nothing_certain() {
        // F1?   one mine next to the 1, at either end; the player flagged the left end.
        let flagged = view(&["F1?"]);
        // The solver alone takes the flag as a mine: the right end is "certainly safe".
        let mut solver = Solver::new();
        solver.analyse(&flagged, Mines::Known(1)).unwrap();
        assert_eq!(solver.certain_safe(), [2]);
        // The advice reads the numbers alone.
        let analysis = analyse(&flagged, Mines::Known(1), Rules::Flags).unwrap();
        assert_eq!(analysis.flags.unproven, [0]);
        assert!(analysis.flags.proven.is_empty() && analysis.flags.wrong.is_empty());
        assert!(analysis.flags.fit);
        assert!(analysis.safe.is_empty() && analysis.mines.is_empty());
        assert_eq!(
            (analysis.probability[0], analysis.probability[2]),
            (0.5, 0.5)
        );
        let advice = analysis.advice.unwrap();
        assert!(!advice.certain, "{advice:?}");
        assert_eq!(advice.mine_probability, 0.5);
        // As likely as the flagged cell, the unflagged one is the guess.
        assert_eq!((advice.action, advice.why), (Move::Open(2), Why::Guess));
    }

    #[test]
    fn played_for_efficiency_an_opening_comes_before_a_flag_and_a_wrong_flag_first() {
        // The 1 proves cell 1 a mine, and the total the rest safe: cell 3 sees only safe
        // cells, a 0 whose cascade opens cell 2 too; no chord needs the mine's flag.
        let analysis = analyse(&view(&["1???"]), Mines::Known(1), Rules::Flags).unwrap();
        assert_eq!(analysis.advice.unwrap().action, Move::Flag(1));
        let efficient = analysis.efficient_advice(Rules::Flags).unwrap();
        assert_eq!(
            (efficient.action, efficient.why),
            (Move::Open(3), Why::ProvenSafe)
        );
        assert!(efficient.certain);
        let analysis = analyse(&view(&["1??F"]), Mines::Known(1), Rules::Flags).unwrap();
        let efficient = analysis.efficient_advice(Rules::Flags).unwrap();
        assert_eq!(
            (efficient.action, efficient.why),
            (Move::Flag(3), Why::WrongFlag)
        );
        // 1 ? ? over ? ? ?, two mines: no move is proven, and the guess stays.
        let analysis = analyse(&view(&["1??", "???"]), Mines::Known(2), Rules::Flags).unwrap();
        assert_eq!(analysis.efficient_advice(Rules::Flags), analysis.advice);
        assert!(!analysis.advice.unwrap().certain);
    }

    #[test]
    fn flags_are_proven_unproven_or_wrong_and_may_not_fit_together() {
        // The 1 sees three closed cells and the board has one mine: each flag may be right,
        // both cannot.
        let analysis = analyse(&view(&["1F", "F?"]), Mines::Known(1), Rules::Flags).unwrap();
        assert_eq!(analysis.flags.unproven, [1, 2]);
        assert!(!analysis.flags.fit);
        assert!(!analysis.advice.unwrap().certain);
        // The 1 sees one closed cell besides an open 0: the flag on it is proven.
        let analysis = analyse(&view(&["F10"]), Mines::Known(1), Rules::Flags).unwrap();
        assert_eq!(analysis.flags.proven, [0]);
        assert!(analysis.flags.fit);
        assert_eq!(analysis.advice, None, "every safe cell is open");
        // The 0 proves its neighbour safe: that flag is wrong, and the advice removes it.
        let analysis = analyse(&view(&["?1F0"]), Mines::Known(1), Rules::Flags).unwrap();
        assert_eq!(analysis.flags.wrong, [2]);
        assert!(!analysis.flags.fit);
        let advice = analysis.advice.unwrap();
        assert_eq!(
            (advice.action, advice.why, advice.certain),
            (Move::Flag(2), Why::WrongFlag, true)
        );
        assert!(json::advice(&advice, Grid::new(1, 4))
            .starts_with("\"move\":\"unflag\",\"row\":0,\"col\":2,\"p\":0,"));
    }

    #[test]
    fn a_chord_is_certain_only_when_every_cell_it_opens_is_proven_safe() {
        // The 1 at the top left sees one closed cell, the flag: proven. The 1 in the middle
        // then has its mine, and its three closed neighbours on the right are proven safe.
        let analysis = analyse(
            &view(&["11??", "F1??", "11??"]),
            Mines::Known(2),
            Rules::Flags,
        )
        .unwrap();
        assert_eq!(analysis.flags.proven, [4]);
        let advice = analysis.advice.unwrap();
        assert_eq!((advice.action, advice.why), (Move::Chord(5), Why::Chord));
        assert!(advice.certain);
        // A flag the numbers do not prove: the chord would open three cells, none proven.
        let analysis = analyse(&view(&["F1?", "?1?"]), Mines::Known(1), Rules::Flags).unwrap();
        assert_eq!(analysis.flags.unproven, [0]);
        let advice = analysis.advice.unwrap();
        assert!(!advice.certain && advice.why != Why::Chord, "{advice:?}");
    }

    #[test]
    fn a_guess_goes_under_a_flag_only_when_no_unflagged_cell_is_as_safe() {
        // No number: every closed cell has p = 5/6, and the flagged one is not preferred.
        let analysis = analyse(&view(&["F??", "???"]), Mines::Known(5), Rules::Flags).unwrap();
        let advice = analysis.advice.unwrap();
        assert_eq!(advice.why, Why::Guess);
        assert_ne!(advice.action, Move::Flag(0));
        // The 2 proves both its cells mines; the third mine is under one of the two flags.
        let analysis = analyse(&view(&["FF?2?"]), Mines::Known(3), Rules::Flags).unwrap();
        assert_eq!(analysis.mines, [2, 4]);
        assert_eq!(analysis.flags.unproven, [0, 1]);
        let advice = analysis.advice.unwrap();
        assert_eq!(advice.why, Why::ProvenMine, "flag the proven mines first");
        let analysis = analyse(&view(&["FFF2F"]), Mines::Known(3), Rules::Flags).unwrap();
        let advice = analysis.advice.unwrap();
        assert_eq!((advice.why, advice.certain), (Why::GuessUnderFlag, false));
        assert!(matches!(advice.action, Move::Flag(0 | 1)), "{advice:?}");
        assert_eq!(advice.mine_probability, 0.5);
    }

    #[test]
    fn a_guess_comes_with_its_runners_up_their_scores_and_the_dead_cells() {
        let analysis = analyse(
            &view(&["????", "?1??", "????"]),
            Mines::Known(3),
            Rules::Flags,
        )
        .unwrap();
        let guess = analysis.guess.expect("a guess");
        assert!(!analysis.advice.unwrap().certain);
        assert_eq!(analysis.runners_up.len(), RUNNERS_UP);
        assert!(analysis.runners_up.iter().all(|r| r.cell != guess.cell));
        let ps: Vec<f64> = analysis
            .runners_up
            .iter()
            .map(|r| r.mine_probability)
            .collect();
        assert!(ps.windows(2).all(|w| w[0] <= w[1]), "{ps:?}");
        // Few arrangements: the score is the endgame search's chance of winning.
        assert!(guess.score.is_some(), "the guess was scored: {guess:?}");
        assert_eq!(analysis.dead, Some(vec![]));
        let json = json::analysis(&analysis);
        assert!(
            json.contains("\"score\":0.") && json.contains("\"dead\":[]"),
            "{json}"
        );
        // Over "2?2", the top corners: each safe only with both other cells of its 2 mines, so
        // it always shows 2: both dead.
        let analysis = analyse(&view(&["???", "2?2"]), Mines::Density(0.2), Rules::Flags).unwrap();
        assert_eq!(analysis.dead, Some(vec![0, 2]));
        assert!(
            json::analysis(&analysis).contains("\"dead\":[0,2]"),
            "{}",
            json::analysis(&analysis)
        );
        // A cell that is a mine only where a 50/50 forms (closed cells that nothing can tell
        // apart), the rest not walled off: guessed at once, and said to be one.
        let analysis = analyse(
            &view(&["?1", "??", "??"]),
            Mines::Density(0.2),
            Rules::Flags,
        )
        .unwrap();
        assert_eq!(analysis.advice.unwrap().why, Why::FiftyFifty);
        assert!(json::analysis(&analysis).contains("\"why\":\"fifty\""));
        // Only a walled-off pair left: its exact search's move.
        let analysis = analyse(&view(&["??", "11"]), Mines::Density(0.2), Rules::Flags).unwrap();
        assert_eq!(analysis.advice.unwrap().why, Why::Walled);
        assert!(json::analysis(&analysis).contains("\"why\":\"walled\""));
        assert!(
            json.starts_with("\"p\":[") && json.contains(",null,"),
            "{json}"
        );
    }

    #[test]
    fn the_advice_follows_the_rules_of_its_game() {
        // The 1 proves its neighbour a mine, and nothing is proven safe.
        let line = view(&["1??"]);
        let advice = |rules| {
            analyse(&line, Mines::Density(0.2), rules)
                .unwrap()
                .advice
                .unwrap()
        };
        assert_eq!(advice(Rules::Flags).action, Move::Flag(1));
        assert_eq!(advice(Rules::Marks).action, Move::Flag(1));
        let click = advice(Rules::Clicks);
        assert_eq!((click.action, click.why), (Move::Open(2), Why::Guess));
        // A mark stays: a refuted one is not taken away, and no guess goes under one.
        let refuted = analyse(&view(&["?1F0"]), Mines::Known(1), Rules::Marks).unwrap();
        assert_eq!(refuted.advice.unwrap().action, Move::Flag(0));
        let marked = analyse(&view(&["FFF2F"]), Mines::Known(3), Rules::Marks).unwrap();
        assert_eq!(marked.advice, None, "every cell that may be safe is marked");
        // Without flags, a flag in the text is a closed cell.
        let clicks = analyse(&view(&["F10"]), Mines::Known(1), Rules::Clicks).unwrap();
        assert!(clicks.flags.proven.is_empty() && clicks.mines == [0]);
        assert_eq!(clicks.advice, None, "the only closed cell is a mine");
    }

    #[test]
    fn numbers_that_no_arrangement_fits_are_an_error() {
        assert!(analyse(&view(&["?3?"]), Mines::Known(2), Rules::Flags).is_err());
        assert!(analyse(&view(&["?1?"]), Mines::Known(3), Rules::Flags).is_err());
    }

    #[test]
    fn a_flag_that_fits_but_is_unproven_makes_no_move_certain() {
        // A 1 with two closed cells beside it, one mine in all: a 50/50. The player flagged the
        // left cell; the flag fits the numbers but nothing proves it.
        let view = View::from_cells(
            Grid::new(1, 3),
            vec![Seen::Flagged, Seen::Open(1), Seen::Closed],
        );
        let analysis = analyse(&view, Mines::Known(1), Rules::Flags).unwrap();
        assert_eq!(analysis.flags.unproven, [0]);
        assert_eq!(analysis.probability[2], 0.5);
        let advice = analysis.advice.unwrap();
        assert!(
            !advice.certain,
            "no chord, no open called certain on a belief"
        );
        assert_eq!(advice.why, Why::Guess);
        assert_eq!(advice.action, Move::Open(2));
    }
}
