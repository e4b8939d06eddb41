//! What the solver knows of each cell, kept from one analysis to the next: facts (safe, mine),
//! each number's missing mines, and the frontier grouped into boxes and independent
//! components. A change (a cell opened or flagged, a fact found) marks the components it
//! touches; [`Frontier::rebuild`] regroups only those. Every change is logged, so that a probe
//! ("what if this cell shows v") runs the same code on the real state and then rolls it back.

//!
//! The changes and the rules are here; the undo log's checkpoint, rollback and commit in
//! `undo.rs`; the regrouping into boxes and components in `regroup.rs`.

mod regroup;

/// Scratch for [`Frontier::rebuild`]. While it regroups, the `slot` of each cell it groups
/// holds the cell's variable, then its box (of `box_first`); each number's, its index in its
/// component: no table of the board's size.
#[derive(Debug, Default)]
struct Regroup {
    /// The numbers to regroup, ascending.
    gathered: Vec<u32>,
    /// Variables (cells), the directions of the gathered numbers around them, and their keys
    /// ([`box_key`](regroup::box_key)).
    vars: Vec<u32>,
    masks: Vec<u8>,
    keys: Vec<u64>,
    /// Variables by key (then, once the boxes are found, their cells), where each box starts
    /// in it, and the directions of each box's numbers from its first cell.
    by_key: Vec<u32>,
    box_first: Vec<u32>,
    box_mask: Vec<u8>,
    /// Per box its slot in its component (`NONE`: not reached yet).
    slot_of_box: Vec<u32>,
    order: Vec<u32>,
    /// The component's boxes in key order.
    in_key_order: Vec<u32>,
    /// The numbers of the component being built, ascending.
    comp_cons: Vec<u32>,
}

#[cfg(test)]
mod tests;
mod undo;

use super::component::Component;
use super::index::NONE;
use super::ring::{Ring, Rings};
use super::scratch::release_large;
use super::view::{Inconsistent, Seen};
use crate::board::Grid;

/// What the solver knows of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Know {
    /// Closed, and could be either.
    Unknown,
    /// Closed, and safe in every arrangement.
    Safe,
    /// Closed, unflagged, and a mine in every arrangement.
    Mine,
    Open,
    /// Flagged: a mine by the player's word.
    Flag,
}

impl Know {
    pub(super) fn is_mine(self) -> bool {
        matches!(self, Know::Mine | Know::Flag)
    }
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Cell {
    pub know: Know,
    /// Open cells: the number minus the mines known around it.
    pub need: i8,
    /// Open cells: the closed neighbours still unknown.
    pub unknown: u8,
    /// Unknown cells next to a number, and numbers with unknown neighbours: their component.
    /// A cell keeps it after a fact settles it, until the component is regrouped.
    pub comp: u32,
    /// Cells of a component: their box in it; its numbers: their index in its `cons`; cells
    /// known safe or mines (not flagged): their index in their set.
    pub slot: u32,
    /// Whether the undo log holds the cell (as it was at the checkpoint): each cell is logged
    /// once, however often it changes.
    saved: bool,
}

/// The propagation's queue drops the numbers it is done with once it has this many.
const KEPT_QUEUE: usize = 1 << 12;

const CLOSED: Cell = Cell {
    know: Know::Unknown,
    need: 0,
    unknown: 0,
    comp: NONE,
    slot: NONE,
    saved: false,
};

/// The counters a rollback restores.
#[derive(Clone, Copy, Debug, Default)]
struct Counters {
    unknown: usize,
    outside: usize,
    loose_mines: usize,
    known_mines: usize,
    safe: usize,
    mines: usize,
}

/// A set of cells in no particular order, with O(1) insertion and removal. Each cell's index
/// in it is kept in the cell's `slot` (a cell known safe or a mine has no box to hold).
#[derive(Debug, Default)]
pub(super) struct CellSet {
    items: Vec<u32>,
    /// Grows at every change.
    version: u64,
}

impl CellSet {
    fn reset(&mut self) {
        self.version += 1;
        self.items.clear();
    }

    /// Inserts `cell`, its index into its slot.
    fn insert(&mut self, cell: usize, cells: &mut [Cell]) {
        self.version += 1;
        cells[cell].slot = self.items.len() as u32;
        self.items.push(cell as u32);
    }

    /// Removes `cell`, which is in this set (the last cell moves into its place, its slot
    /// changed unlogged: only a real update removes, and one that fails starts over).
    fn remove(&mut self, cell: usize, cells: &mut [Cell]) {
        let place = cells[cell].slot as usize;
        debug_assert_eq!(self.items.get(place), Some(&(cell as u32)));
        self.version += 1;
        self.items.swap_remove(place);
        if let Some(&moved) = self.items.get(place) {
            cells[moved as usize].slot = place as u32;
        }
        cells[cell].slot = NONE;
    }

    /// Drops the cells inserted after the set had `len` of them (none removed since); their
    /// slots are the undo log's to restore.
    fn truncate(&mut self, len: usize) {
        self.version += 1;
        self.items.truncate(len);
    }

    pub(super) fn cells(&self) -> &[u32] {
        &self.items
    }

    /// A number that changes whenever the set does.
    pub(super) fn version(&self) -> u64 {
        self.version
    }
}

/// The solver's knowledge of one board.
#[derive(Debug)]
pub(super) struct Frontier {
    pub grid: Grid,
    rings: Rings,
    pub cells: Vec<Cell>,
    /// The view as last read.
    pub seen: Vec<Seen>,
    pub comps: Vec<Component>,
    free: Vec<u32>,
    /// Components of earlier boards, emptied: their buffers serve the next ones.
    spare: Vec<Component>,
    /// Closed cells neither flagged nor settled.
    pub unknown: usize,
    /// Unknown cells in no component (next to no number).
    pub outside: usize,
    /// A list holding every such cell, and some that no longer are (see
    /// [`Frontier::outside_cells`]); until `outside_listed`, every cell is taken as listed
    /// (the list is made at its first reading, after the first regrouping).
    outside_list: Vec<u32>,
    outside_listed: bool,
    /// Known mines (flags and facts) that no component counts.
    pub loose_mines: usize,
    /// Flags and mine facts.
    pub known_mines: usize,
    /// The closed cells known safe, and the unflagged ones known to be mines.
    pub safe: CellSet,
    pub mines: CellSet,
    /// The cells settled since the checkpoint.
    settled: Vec<u32>,
    queue: Vec<u32>,
    dirty: Vec<u32>,
    /// Numbers opened since the last rebuild.
    fresh: Vec<u32>,
    /// The cell a probe opened without a number (see [`Frontier::open_unread`]), or `NONE`.
    unread: u32,
    /// Undo log: each cell's previous state, in order of change. Not kept while `logged` is
    /// false: from a reset to the first commit, where a failure starts over anyway.
    log: Vec<(u32, Cell)>,
    logged: bool,
    created: Vec<u32>,
    released: Vec<u32>,
    saved: Counters,
    regroup: Regroup,
}

impl Frontier {
    pub(super) fn new() -> Frontier {
        Frontier {
            grid: Grid::new(1, 1),
            rings: Rings::default(),
            cells: Vec::new(),
            seen: Vec::new(),
            comps: Vec::new(),
            free: Vec::new(),
            spare: Vec::new(),
            unknown: 0,
            outside: 0,
            outside_list: Vec::new(),
            outside_listed: false,
            loose_mines: 0,
            known_mines: 0,
            safe: CellSet::default(),
            mines: CellSet::default(),
            settled: Vec::new(),
            queue: Vec::new(),
            dirty: Vec::new(),
            fresh: Vec::new(),
            unread: NONE,
            log: Vec::new(),
            logged: false,
            created: Vec::new(),
            released: Vec::new(),
            saved: Counters::default(),
            regroup: Regroup::default(),
        }
    }

    /// Forgets everything: `grid` with every cell closed.
    ///
    /// # Complexity
    /// O(cells).
    pub(super) fn reset(&mut self, grid: Grid) {
        let n = grid.len();
        if self.grid != grid || self.rings.len() != n {
            self.grid = grid;
            self.rings = Rings::new(grid);
        }
        self.cells.clear();
        self.cells.resize(n, CLOSED);
        self.seen.clear();
        self.seen.resize(n, Seen::Closed);
        for mut comp in self.comps.drain(..) {
            comp.recycle();
            self.spare.push(comp);
        }
        self.free.clear();
        self.unknown = n;
        self.outside = n;
        self.outside_list.clear();
        self.outside_listed = false;
        self.loose_mines = 0;
        self.known_mines = 0;
        self.safe.reset();
        self.mines.reset();
        self.settled.clear();
        self.queue.clear();
        self.dirty.clear();
        self.fresh.clear();
        self.log.clear();
        self.logged = false;
        self.created.clear();
        self.released.clear();
        self.saved = self.counters();
    }

    /// The neighbours of `cell`.
    #[inline]
    pub(super) fn around(&self, cell: usize) -> impl Iterator<Item = usize> {
        self.rings.of(cell).into_iter()
    }

    /// The neighbours of `cell` as a slice (through the ring), for walks that change nothing.
    #[inline]
    pub(super) fn neighbours(&self, cell: usize) -> Ring {
        self.rings.of(cell)
    }

    pub(super) fn neighbour_count(&self, cell: usize) -> usize {
        self.rings.of(cell).len()
    }

    pub(super) fn know(&self, cell: usize) -> Know {
        self.cells[cell].know
    }

    /// The unknown cells next to no number. Cells only ever leave that set (until a reset),
    /// so the list is trimmed as it is read: reading it costs what it holds.
    pub(super) fn outside_cells(&mut self) -> &[u32] {
        let cells = &self.cells;
        let outside = |c: &u32| {
            let cell = cells[*c as usize];
            cell.know == Know::Unknown && cell.comp == NONE
        };
        if self.outside_listed {
            self.outside_list.retain(outside);
        } else {
            self.outside_listed = true;
            self.outside_list
                .extend((0..cells.len() as u32).filter(outside));
        }
        &self.outside_list
    }

    /// Whether `cell` is unknown and next to no number.
    pub(super) fn is_outside(&self, cell: usize) -> bool {
        let c = self.cells[cell];
        c.know == Know::Unknown && c.comp == NONE
    }

    /// Whether `cell` and all its neighbours are unknown cells next to no number: what it
    /// shows then makes progress only when it is a 0.
    pub(super) fn is_isolated(&self, cell: usize) -> bool {
        self.is_outside(cell)
            && self
                .neighbours(cell)
                .iter()
                .all(|&next| self.is_outside(next as usize))
    }

    fn counters(&self) -> Counters {
        Counters {
            unknown: self.unknown,
            outside: self.outside,
            loose_mines: self.loose_mines,
            known_mines: self.known_mines,
            safe: self.safe.items.len(),
            mines: self.mines.items.len(),
        }
    }

    #[inline]
    fn save(&mut self, cell: usize) {
        save_into(&mut self.log, self.logged, &mut self.cells[cell], cell);
    }

    fn mark_dirty(&mut self, comp: u32) {
        if comp == NONE {
            return;
        }
        let c = &mut self.comps[comp as usize];
        if c.live && !c.dirty {
            c.dirty = true;
            self.dirty.push(comp);
        }
    }

    /// The closed cell `cell` is open and shows `number`. An error when it was known to be a
    /// mine.
    pub(super) fn open(&mut self, cell: usize, number: u8) -> Result<(), Inconsistent> {
        let old = self.cells[cell];
        if old.know.is_mine() {
            return Err(Inconsistent { cell: Some(cell) });
        }
        debug_assert!(old.know != Know::Open);
        self.save(cell);
        if old.know == Know::Safe {
            self.safe.remove(cell, &mut self.cells);
        }
        if old.know == Know::Unknown {
            self.unknown -= 1;
            if old.comp == NONE {
                self.outside -= 1;
            }
        }
        self.mark_dirty(old.comp);
        // One pass over the neighbours: what it does to them changes no neighbour's kind.
        let (mut mines, mut unknown) = (0, 0);
        for next in self.around(cell) {
            let c = self.cells[next];
            match c.know {
                Know::Open => {
                    if old.know == Know::Unknown {
                        self.save(next);
                        self.cells[next].unknown -= 1;
                    }
                    self.queue.push(next as u32);
                }
                Know::Unknown => {
                    unknown += 1;
                    self.mark_dirty(c.comp);
                }
                Know::Mine | Know::Flag => mines += 1,
                Know::Safe => {}
            }
        }
        self.cells[cell] = Cell {
            know: Know::Open,
            need: (number as i32 - mines).clamp(-9, 9) as i8,
            unknown: unknown as u8,
            comp: NONE,
            slot: NONE,
            saved: self.cells[cell].saved,
        };
        if unknown > 0 {
            self.fresh.push(cell as u32);
        }
        self.queue.push(cell as u32);
        Ok(())
    }

    /// For a probe: the unknown cell `cell` is open (so safe) but what it shows is not read.
    /// The rules leave it alone; its number is the one an enumeration watches.
    pub(super) fn open_unread(&mut self, cell: usize) {
        debug_assert!(self.unread == NONE && self.cells[cell].know == Know::Unknown);
        self.open(cell, 0).expect("an unknown cell can be opened");
        self.unread = cell as u32;
    }

    /// The cell opened by [`Frontier::open_unread`], or `NONE`.
    pub(super) fn unread(&self) -> u32 {
        self.unread
    }

    /// For a what-if: the unknown cell `cell` is safe (its number neither known nor wanted) or
    /// a mine; rolled back with the rest.
    pub(super) fn assume(&mut self, cell: usize, fact: Know) {
        let comp = self.cells[cell].comp;
        self.settle_and_queue(cell, fact);
        self.mark_dirty(comp);
    }

    /// The closed cell `cell` is flagged: a mine. An error when it was known to be safe.
    pub(super) fn flag(&mut self, cell: usize) -> Result<(), Inconsistent> {
        let old = self.cells[cell];
        match old.know {
            Know::Safe => Err(Inconsistent { cell: None }),
            Know::Mine => {
                self.save(cell);
                self.cells[cell].know = Know::Flag;
                self.mines.remove(cell, &mut self.cells);
                Ok(())
            }
            Know::Unknown => {
                self.settle(cell, Know::Mine);
                self.cells[cell].know = Know::Flag;
                self.mines.remove(cell, &mut self.cells);
                self.mark_dirty(old.comp);
                self.queue_numbers_around(cell);
                Ok(())
            }
            Know::Open | Know::Flag => unreachable!("flag on a cell not closed"),
        }
    }

    /// The unknown cell `cell` is safe, or a mine, in every arrangement. Its component (if
    /// any) keeps counting it until it is regrouped, so that the component's law stays valid.
    pub(super) fn settle(&mut self, cell: usize, fact: Know) {
        self.settle_then(cell, fact, false);
    }

    /// [`Frontier::settle`], then the numbers around `cell` queued for the rules, in one pass
    /// over its neighbours.
    fn settle_and_queue(&mut self, cell: usize, fact: Know) {
        self.settle_then(cell, fact, true);
    }

    #[inline(always)]
    fn settle_then(&mut self, cell: usize, fact: Know, queue: bool) {
        let old = self.cells[cell];
        debug_assert!(old.know == Know::Unknown && matches!(fact, Know::Safe | Know::Mine));
        self.save(cell);
        self.cells[cell].know = fact;
        self.unknown -= 1;
        let mine = fact == Know::Mine;
        if old.comp == NONE {
            self.outside -= 1;
            self.loose_mines += mine as usize;
        }
        if mine {
            self.known_mines += 1;
            self.mines.insert(cell, &mut self.cells);
        } else {
            self.safe.insert(cell, &mut self.cells);
        }
        self.settled.push(cell as u32);
        for next in self.around(cell) {
            if self.cells[next].know == Know::Open {
                self.save(next);
                let c = &mut self.cells[next];
                c.unknown -= 1;
                c.need -= mine as i8;
                if queue {
                    self.queue.push(next as u32);
                }
            }
        }
    }

    fn queue_numbers_around(&mut self, cell: usize) {
        for next in self.around(cell) {
            if self.cells[next].know == Know::Open {
                self.queue.push(next as u32);
            }
        }
    }

    /// Single-number rules to a fixpoint from the queued numbers: a number with all its mines
    /// makes its other unknown neighbours safe; one with as many unknown neighbours as missing
    /// mines makes them mines. Also checks each queued number can still be satisfied.
    ///
    /// # Complexity
    /// O(8) per queued number and per cell settled.
    pub(super) fn propagate(&mut self) -> Result<(), Inconsistent> {
        let mut head = 0;
        while head < self.queue.len() {
            if head >= KEPT_QUEUE && 2 * head >= self.queue.len() {
                // A long run of rules: the numbers done are dropped, so that the queue holds
                // what waits (a number may be queued by each of its neighbours).
                self.queue.drain(..head);
                head = 0;
            }
            let cell = self.queue[head] as usize;
            head += 1;
            if cell as u32 == self.unread {
                continue;
            }
            let c = self.cells[cell];
            debug_assert!(c.know == Know::Open);
            if c.need < 0 || c.need as u8 > c.unknown {
                self.queue.clear();
                return Err(Inconsistent { cell: Some(cell) });
            }
            if c.unknown == 0 || (c.need != 0 && c.need as u8 != c.unknown) {
                continue;
            }
            let fact = if c.need == 0 { Know::Safe } else { Know::Mine };
            for next in self.around(cell) {
                let n = self.cells[next];
                if n.know != Know::Unknown {
                    continue;
                }
                self.settle_and_queue(next, fact);
                self.mark_dirty(n.comp);
            }
        }
        release_large(&mut self.queue);
        Ok(())
    }

    /// The numbers of box `b` of the live component `comp`, as indices into its `cons`,
    /// ascending.
    #[inline]
    pub(super) fn numbers_of<'a>(
        &'a self,
        comp: &'a Component,
        b: usize,
    ) -> impl Iterator<Item = usize> + 'a {
        let first = comp.cells[comp.box_start[b] as usize] as usize;
        self.numbers_around(first, comp.box_mask[b])
    }

    /// The numbers in the directions `set` from `cell` (a cell of a live component's box,
    /// `set` its box's), as indices into the component's `cons`, ascending.
    #[inline]
    pub(super) fn numbers_around(&self, cell: usize, set: u8) -> impl Iterator<Item = usize> + '_ {
        self.rings
            .in_directions(cell, set)
            .map(move |con| self.cells[con].slot as usize)
    }

    /// The first number (a cell) of box `b` of the live component `comp`.
    pub(super) fn first_number(&self, comp: &Component, b: usize) -> usize {
        let first = comp.cells[comp.box_start[b] as usize] as usize;
        let mut numbers = self.rings.in_directions(first, comp.box_mask[b]);
        numbers.next().expect("a box has a number")
    }

    /// The ids of the live components.
    pub(super) fn live_components(&self) -> impl Iterator<Item = u32> + '_ {
        self.comps
            .iter()
            .enumerate()
            .filter(|(_, c)| c.live)
            .map(|(id, _)| id as u32)
    }
}

/// Logs `cell` (the cell at `index`) into `log` when `logged`, unless it is there already.
#[inline]
fn save_into(log: &mut Vec<(u32, Cell)>, logged: bool, cell: &mut Cell, index: usize) {
    if logged && !cell.saved {
        log.push((index as u32, *cell));
        cell.saved = true;
    }
}
