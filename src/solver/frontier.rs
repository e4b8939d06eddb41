//! What the solver knows of each cell, kept from one analysis to the next: facts (safe, mine),
//! each number's missing mines, and the frontier grouped into boxes and independent
//! components. A change (a cell opened or flagged, a fact found) marks the components it
//! touches; [`Frontier::rebuild`] regroups only those. Every change is logged, so that a probe
//! ("what if this cell shows v") runs the same code on the real state and then rolls it back.

use super::component::Component;
use super::index::NONE;
use super::ring::{opposite, Ring, Rings, DIRECTIONS};
use super::scratch::{is_large, release_large};
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

/// Scratch for [`Frontier::rebuild`]. While it regroups, the `slot` of each cell it groups
/// holds the cell's variable, then its box (of `box_first`); each number's, its index in its
/// component: no table of the board's size.
#[derive(Debug, Default)]
struct Regroup {
    /// The numbers to regroup, ascending.
    gathered: Vec<u32>,
    /// Variables (cells), the directions of the gathered numbers around them, and their keys
    /// ([`box_key`]).
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

    /// From here on, [`Frontier::rollback`] returns to this state.
    pub(super) fn checkpoint(&mut self) {
        debug_assert!(self.log.is_empty() && self.created.is_empty() && self.released.is_empty());
        debug_assert!(self.dirty.is_empty() && self.fresh.is_empty());
        self.saved = self.counters();
    }

    /// Undoes every change since the checkpoint (or the last commit). Between a reset and the
    /// first commit nothing is logged: a frontier rolled back then is fit only for a reset.
    /// The sets of known cells
    /// are restored by dropping what was added: a probe only opens unknown cells, so it never
    /// removes from them (a real update that fails is rolled back too, and then started over).
    pub(super) fn rollback(&mut self) {
        while let Some((cell, old)) = self.log.pop() {
            self.cells[cell as usize] = old;
        }
        release_large(&mut self.log);
        while let Some(id) = self.created.pop() {
            self.comps[id as usize].recycle();
            self.free.push(id);
        }
        for id in self.released.drain(..) {
            let comp = &mut self.comps[id as usize];
            comp.live = true;
            comp.dirty = false;
        }
        for id in self.dirty.drain(..) {
            self.comps[id as usize].dirty = false;
        }
        self.fresh.clear();
        self.queue.clear();
        self.unread = NONE;
        let saved = self.saved;
        self.unknown = saved.unknown;
        self.outside = saved.outside;
        self.loose_mines = saved.loose_mines;
        self.known_mines = saved.known_mines;
        self.safe.truncate(saved.safe);
        self.mines.truncate(saved.mines);
        self.settled.clear();
    }

    /// Keeps every change since the checkpoint; frees the components regrouped away.
    pub(super) fn commit(&mut self) {
        debug_assert!(self.dirty.is_empty() && self.fresh.is_empty());
        for &(cell, _) in &self.log {
            self.cells[cell as usize].saved = false;
        }
        release_large(&mut self.log);
        self.logged = true;
        self.settled.clear();
        self.created.clear();
        for id in self.released.drain(..) {
            self.comps[id as usize].recycle();
            self.free.push(id);
        }
        self.saved = self.counters();
    }

    /// The components a change since the checkpoint marked, which the next regrouping
    /// releases.
    pub(super) fn dirty(&self) -> &[u32] {
        &self.dirty
    }

    /// The components regrouped away since the checkpoint.
    pub(super) fn released(&self) -> &[u32] {
        &self.released
    }

    /// The cells settled since the checkpoint.
    pub(super) fn settled(&self) -> &[u32] {
        &self.settled
    }

    /// How many cells were settled safe since the checkpoint (what a probe counts as
    /// progress).
    pub(super) fn safe_since_checkpoint(&self) -> usize {
        self.settled
            .iter()
            .filter(|&&c| self.cells[c as usize].know == Know::Safe)
            .count()
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

    /// Regroups the numbers of the touched components and the new numbers into boxes and
    /// components; appends the new components' ids to `created`.
    ///
    /// # Complexity
    /// O(k log k) for the k numbers and cells regrouped.
    pub(super) fn rebuild(&mut self, created: &mut Vec<u32>) {
        let mut hopeless_boxes = 0usize;
        let mut r = std::mem::take(&mut self.regroup);
        r.gathered.clear();
        for at in 0..self.dirty.len() {
            let id = self.dirty[at];
            let comp = &mut self.comps[id as usize];
            if comp.hopeless {
                hopeless_boxes = hopeless_boxes.max(comp.boxes());
            }
            // Commit or rollback decides what becomes of it.
            comp.live = false;
            comp.dirty = false;
            let (cells, cons) = (
                std::mem::take(&mut comp.cells),
                std::mem::take(&mut comp.cons),
            );
            for &cell in &cells {
                let cell = cell as usize;
                let c = self.cells[cell];
                if c.comp != id {
                    continue;
                }
                self.save(cell);
                self.cells[cell].comp = NONE;
                if c.know == Know::Unknown {
                    // A known cell's slot holds its place in its set.
                    self.cells[cell].slot = NONE;
                }
                match c.know {
                    Know::Unknown => self.outside += 1,
                    Know::Mine | Know::Flag => self.loose_mines += 1,
                    _ => {}
                }
            }
            for &con in &cons {
                let con = con as usize;
                if self.cells[con].comp == id {
                    self.save(con);
                    self.cells[con].comp = NONE;
                    self.cells[con].slot = NONE;
                }
                if self.cells[con].know == Know::Open && self.cells[con].unknown > 0 {
                    r.gathered.push(con as u32);
                }
            }
            let comp = &mut self.comps[id as usize];
            (comp.cells, comp.cons) = (cells, cons);
            self.released.push(id);
        }
        self.dirty.clear();
        for &con in &self.fresh {
            let c = self.cells[con as usize];
            if c.know == Know::Open && c.unknown > 0 {
                r.gathered.push(con);
            }
        }
        self.fresh.clear();
        r.gathered.sort_unstable();
        r.gathered.dedup();
        if !r.gathered.is_empty() {
            self.regroup_into(&mut r, hopeless_boxes, created);
        }
        if is_large(&r.by_key) || is_large(&r.gathered) {
            r = Regroup::default();
        }
        self.regroup = r;
    }

    /// Groups the unknown neighbours of the numbers `r.gathered` into boxes and components.
    fn regroup_into(&mut self, r: &mut Regroup, hopeless_boxes: usize, created: &mut Vec<u32>) {
        // Variables: the unknown neighbours of the gathered numbers, each with the set of
        // them it touches.
        r.vars.clear();
        r.masks.clear();
        for i in 0..r.gathered.len() {
            let con = r.gathered[i] as usize;
            for (next, d) in self.rings.directed(con) {
                if self.cells[next].know != Know::Unknown {
                    continue;
                }
                debug_assert_eq!(
                    self.cells[next].comp, NONE,
                    "a cell of an untouched component"
                );
                let mut var = self.cells[next].slot;
                if var == NONE {
                    var = r.vars.len() as u32;
                    self.cells[next].slot = var;
                    r.vars.push(next as u32);
                    r.masks.push(0);
                }
                r.masks[var as usize] |= 1 << opposite(d);
            }
        }
        // Boxes: variables with equal keys, in key order.
        r.keys.clear();
        for (&var, &set) in r.vars.iter().zip(&r.masks) {
            let first = self.rings.in_directions(var as usize, set).next();
            r.keys.push(box_key(first.expect("a number around"), set));
        }
        r.by_key.clear();
        r.by_key.extend(0..r.vars.len() as u32);
        let keys = &r.keys;
        r.by_key
            .sort_unstable_by(|&a, &b| keys[a as usize].cmp(&keys[b as usize]));
        r.box_first.clear();
        for at in 0..r.by_key.len() {
            if at == 0 || keys[r.by_key[at] as usize] != keys[r.by_key[at - 1] as usize] {
                r.box_first.push(at as u32);
            }
        }
        let boxes = r.box_first.len();
        r.box_first.push(r.by_key.len() as u32);
        r.box_mask.clear();
        r.box_mask
            .extend((0..boxes).map(|b| r.masks[r.by_key[r.box_first[b] as usize] as usize]));
        for at in 0..r.by_key.len() {
            r.by_key[at] = r.vars[r.by_key[at] as usize];
        }
        for b in 0..boxes {
            for &cell in &r.by_key[r.box_first[b] as usize..r.box_first[b + 1] as usize] {
                self.cells[cell as usize].slot = b as u32;
            }
        }
        // What only the keys needed is given back before the components are built.
        release_large(&mut r.gathered);
        release_large(&mut r.vars);
        release_large(&mut r.masks);
        release_large(&mut r.keys);
        // Components, breadth first from the first box not yet reached.
        r.slot_of_box.clear();
        r.slot_of_box.resize(boxes, NONE);
        let mut around = BoxesAround::default();
        for start in 0..boxes {
            if r.slot_of_box[start] != NONE {
                continue;
            }
            r.order.clear();
            r.order.push(start as u32);
            r.slot_of_box[start] = 0;
            r.comp_cons.clear();
            let mut head = 0;
            while head < r.order.len() {
                let b = r.order[head] as usize;
                head += 1;
                let first = r.by_key[r.box_first[b] as usize] as usize;
                for con in self.rings.in_directions(first, r.box_mask[b]) {
                    if self.cells[con].slot != NONE {
                        // Reached before: its boxes are all in the order.
                        continue;
                    }
                    self.cells[con].slot = 0;
                    r.comp_cons.push(con as u32);
                    around.gather_from(&self.rings, &self.cells, con, |c| c.slot);
                    for &other in around.boxes() {
                        if r.slot_of_box[other as usize] == NONE {
                            r.slot_of_box[other as usize] = r.order.len() as u32;
                            r.order.push(other);
                        }
                    }
                }
            }
            r.comp_cons.sort_unstable();
            for (local, &con) in r.comp_cons.iter().enumerate() {
                self.cells[con as usize].slot = local as u32;
            }
            let id = self.allocate();
            // The cells are saved as `save` does (their slots as they were before the
            // regrouping: `NONE`), with `comps` borrowed apart.
            let (comp, cells, log) = (&mut self.comps[id as usize], &mut self.cells, &mut self.log);
            let logged = self.logged;
            comp.recycle();
            comp.live = true;
            // Each list made at its size at once: no list of a large component is grown twice.
            let boxes = r.order.len();
            let (mut cells_in, mut links) = (0, 0);
            for &b in &r.order {
                let b = b as usize;
                cells_in += (r.box_first[b + 1] - r.box_first[b]) as usize;
                links += r.box_mask[b].count_ones() as usize;
            }
            comp.reserve(r.comp_cons.len(), boxes, cells_in, links);
            comp.cons.extend_from_slice(&r.comp_cons);
            comp.box_start.push(0);
            for (slot, &b) in r.order.iter().enumerate() {
                let b = b as usize;
                comp.box_mask.push(r.box_mask[b]);
                for &cell in &r.by_key[r.box_first[b] as usize..r.box_first[b + 1] as usize] {
                    let c = cell as usize;
                    comp.cells.push(c as u32);
                    // Saved as it was before the regrouping: its slot `NONE`.
                    cells[c].slot = NONE;
                    save_into(log, logged, &mut cells[c], c);
                    cells[c].comp = id;
                    cells[c].slot = slot as u32;
                    self.outside -= 1;
                }
                comp.box_start.push(comp.cells.len() as u32);
            }
            // Each number's boxes, in key order as their slots: the boxes taken in key order,
            // each added to its numbers' lists (a number's slot is its index now).
            r.in_key_order.clear();
            r.in_key_order.extend_from_slice(&r.order);
            r.in_key_order.sort_unstable();
            let cons = r.comp_cons.len();
            comp.con_start.resize(cons + 1, 0);
            for &b in &r.in_key_order {
                let first = r.by_key[r.box_first[b as usize] as usize] as usize;
                for con in self.rings.in_directions(first, r.box_mask[b as usize]) {
                    comp.con_start[cells[con].slot as usize + 1] += 1;
                }
            }
            for i in 0..cons {
                comp.con_start[i + 1] += comp.con_start[i];
            }
            comp.con_boxes.resize(links, 0);
            for &b in &r.in_key_order {
                let first = r.by_key[r.box_first[b as usize] as usize] as usize;
                for con in self.rings.in_directions(first, r.box_mask[b as usize]) {
                    // The number's start, moved on as it fills (put back below).
                    let at = &mut comp.con_start[cells[con].slot as usize];
                    comp.con_boxes[*at as usize] = r.slot_of_box[b as usize];
                    *at += 1;
                }
            }
            comp.con_start.copy_within(0..cons, 1);
            comp.con_start[0] = 0;
            for (local, &con) in r.comp_cons.iter().enumerate() {
                let con = con as usize;
                cells[con].slot = NONE;
                save_into(log, logged, &mut cells[con], con);
                cells[con].comp = id;
                cells[con].slot = local as u32;
            }
            comp.hopeless = hopeless_boxes > 0 && 2 * comp.boxes() >= hopeless_boxes;
            created.push(id);
        }
    }

    fn allocate(&mut self) -> u32 {
        let id = match self.free.pop() {
            Some(id) => id,
            None => {
                self.comps.push(self.spare.pop().unwrap_or_default());
                (self.comps.len() - 1) as u32
            }
        };
        self.created.push(id);
        id
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

/// A box's key: the numbers around a variable (in the directions of `set`, the first of them
/// `first`), ordered as their ascending lists are: the first number's index, then
/// [`LATER_NUMBERS`] of the set.
fn box_key(first: usize, set: u8) -> u64 {
    (first as u64) << 28 | LATER_NUMBERS[set as usize] as u64
}

/// By set of directions: the numbers after the first, each as its step from the first in rows
/// and columns (a rank of at most 14, in the order of the cells), then 15 for none, 4 bits
/// each.
const LATER_NUMBERS: [u32; 256] = later_numbers();

const fn later_numbers() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut set = 1;
    while set < 256 {
        let d0 = (set as u8).trailing_zeros() as usize;
        let (row, col) = DIRECTIONS[d0];
        let (mut key, mut shift) = (0u32, 28);
        let mut d = d0 + 1;
        while d < 8 {
            if set & (1 << d) != 0 {
                shift -= 4;
                let (r, c) = DIRECTIONS[d];
                key |= (((r - row) as u32) * 5 + (c - col + 2) as u32) << shift;
            }
            d += 1;
        }
        while shift > 0 {
            shift -= 4;
            key |= 15 << shift;
        }
        table[set] = key;
        set += 1;
    }
    table
}

/// Logs `cell` (the cell at `index`) into `log` when `logged`, unless it is there already.
#[inline]
fn save_into(log: &mut Vec<(u32, Cell)>, logged: bool, cell: &mut Cell, index: usize) {
    if logged && !cell.saved {
        log.push((index as u32, *cell));
        cell.saved = true;
    }
}

/// The boxes around one number, ascending and each once.
#[derive(Debug, Default)]
struct BoxesAround {
    boxes: [u32; 8],
    len: usize,
}

impl BoxesAround {
    /// The boxes `box_of` gives the unknown neighbours of `con` (`NONE`: none).
    fn gather_from(
        &mut self,
        rings: &Rings,
        cells: &[Cell],
        con: usize,
        box_of: impl Fn(&Cell) -> u32,
    ) {
        self.len = 0;
        for next in rings.of(con) {
            let c = &cells[next];
            if c.know != Know::Unknown {
                continue;
            }
            let b = box_of(c);
            if b == NONE {
                continue;
            }
            // Insertion into the sorted boxes so far (at most 8), moved up one by one: a
            // copy of a few words is cheaper inline than as a call.
            let mut at = self.len;
            while at > 0 && self.boxes[at - 1] > b {
                at -= 1;
            }
            if at > 0 && self.boxes[at - 1] == b {
                continue;
            }
            let mut to = self.len;
            while to > at {
                self.boxes[to] = self.boxes[to - 1];
                to -= 1;
            }
            self.boxes[at] = b;
            self.len += 1;
        }
    }

    fn boxes(&self) -> &[u32] {
        &self.boxes[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solver::tests::random_view;
    use crate::solver::View;

    /// What a frontier knows, with each component named by its first number (ids are
    /// bookkeeping: a rollback may leave them to be handed out in another order).
    #[derive(Debug, PartialEq)]
    struct State {
        /// Per cell: what is known, the number's missing mines and unknown neighbours, the
        /// component and the box in it.
        cells: Vec<(Know, i8, u8, u32, u32)>,
        counters: [usize; 4],
        safe: Vec<u32>,
        mines: Vec<u32>,
        settled: Vec<u32>,
        /// The live components, by first number.
        comps: Vec<ComponentState>,
        unread: u32,
    }

    /// A live component: its numbers and boxes, cells, and whether it is hopeless.
    #[derive(Debug, PartialEq)]
    struct ComponentState {
        cons: Vec<u32>,
        con_start: Vec<u32>,
        con_boxes: Vec<u32>,
        box_start: Vec<u32>,
        box_mask: Vec<u8>,
        cells: Vec<u32>,
        hopeless: bool,
    }

    fn state(f: &Frontier) -> State {
        let name = |id: u32| {
            if id == NONE {
                NONE
            } else {
                f.comps[id as usize].cons[0]
            }
        };
        let mut comps: Vec<ComponentState> = f
            .live_components()
            .map(|id| {
                let c = &f.comps[id as usize];
                ComponentState {
                    cons: c.cons.clone(),
                    con_start: c.con_start.clone(),
                    con_boxes: c.con_boxes.clone(),
                    box_start: c.box_start.clone(),
                    box_mask: c.box_mask.clone(),
                    cells: c.cells.clone(),
                    hopeless: c.hopeless,
                }
            })
            .collect();
        comps.sort_by(|a, b| a.cons.cmp(&b.cons));
        State {
            cells: f
                .cells
                .iter()
                .map(|c| (c.know, c.need, c.unknown, name(c.comp), c.slot))
                .collect(),
            counters: [f.unknown, f.outside, f.loose_mines, f.known_mines],
            safe: f.safe.cells().to_vec(),
            mines: f.mines.cells().to_vec(),
            settled: f.settled().to_vec(),
            comps,
            unread: f.unread(),
        }
    }

    /// Reads the cells of `view` not closed into `f` as an analysis does: every change after a
    /// checkpoint, the rules, a regrouping. False (rolled back) when the view is inconsistent.
    fn read(f: &mut Frontier, view: &View, cells: &[usize]) -> bool {
        f.checkpoint();
        let mut read = || -> Result<(), Inconsistent> {
            for &cell in cells {
                let seen = view.get(cell);
                if seen == Seen::Closed || f.seen[cell] == seen {
                    continue;
                }
                f.seen[cell] = seen;
                match seen {
                    Seen::Open(number) => f.open(cell, number)?,
                    Seen::Flagged => f.flag(cell)?,
                    Seen::Closed => unreachable!(),
                }
            }
            f.propagate()
        };
        if read().is_err() {
            f.rollback();
            return false;
        }
        f.rebuild(&mut Vec::new());
        f.commit();
        true
    }

    /// Some of the changes a what-if makes, at random: a cell opened unread, facts assumed,
    /// cells opened with a number or flagged, the rules, and (most times) a regrouping.
    fn what_if(f: &mut Frontier, rng: &mut Rng) {
        let unknown: Vec<usize> = (0..f.cells.len())
            .filter(|&c| f.know(c) == Know::Unknown)
            .collect();
        if unknown.is_empty() {
            return;
        }
        let mut picked = unknown.clone();
        rng.shuffle(&mut picked);
        let mut first = true;
        for &cell in picked.iter().take(1 + rng.below(4)) {
            if f.know(cell) != Know::Unknown {
                continue;
            }
            match rng.below(4) {
                0 if first => f.open_unread(cell),
                0 | 1 => f.assume(
                    cell,
                    if rng.chance(0.5) {
                        Know::Safe
                    } else {
                        Know::Mine
                    },
                ),
                2 => {
                    let _ = f.open(cell, rng.below(9) as u8);
                }
                _ => {
                    let _ = f.flag(cell);
                }
            }
            first = false;
        }
        if f.propagate().is_ok() && rng.chance(0.8) {
            f.rebuild(&mut Vec::new());
        }
    }

    #[test]
    fn box_keys_order_as_the_lists_of_numbers_do() {
        // Every variable of small grids with every set of directions around it: the keys
        // compare as the ascending lists of the numbers' cells, padded with NONE, do.
        let mut compared = 0;
        for (rows, cols) in [
            (1, 1),
            (1, 4),
            (3, 1),
            (2, 2),
            (2, 3),
            (3, 4),
            (4, 5),
            (6, 7),
        ] {
            let grid = Grid::new(rows, cols);
            let rings = Rings::new(grid);
            let mut keyed = Vec::new();
            for var in 0..grid.len() {
                let around = rings.directed(var).fold(0u8, |set, (_, d)| set | 1 << d);
                let mut set = around;
                while set != 0 {
                    let mut list = [NONE; 8];
                    for (i, cell) in rings.in_directions(var, set).enumerate() {
                        list[i] = cell as u32;
                    }
                    keyed.push((list, box_key(list[0] as usize, set)));
                    set = (set - 1) & around;
                }
            }
            keyed.sort_unstable();
            for pair in keyed.windows(2) {
                let ((a, key_a), (b, key_b)) = (pair[0], pair[1]);
                assert_eq!(key_a.cmp(&key_b), a.cmp(&b), "{rows}x{cols}: {a:?} {b:?}");
                compared += 1;
            }
        }
        assert!(compared > 8000, "only {compared} pairs compared");
    }

    #[test]
    fn a_rollback_returns_to_the_checkpoint() {
        let seed = 0xc4ec;
        let mut rng = Rng::new(seed);
        let mut compared = 0;
        for case in 0..3000 {
            let (view, _) = random_view(&mut rng, 12, 12, 40, 0.3);
            let mut f = Frontier::new();
            f.reset(view.grid());
            // Read in two steps, so that the second regroups components of the first.
            let mut cells: Vec<usize> = (0..view.grid().len()).collect();
            rng.shuffle(&mut cells);
            let half = cells.len() / 2;
            if !read(&mut f, &view, &cells[..half]) || !read(&mut f, &view, &cells[half..]) {
                continue;
            }
            for round in 0..3 {
                let before = state(&f);
                f.checkpoint();
                what_if(&mut f, &mut rng);
                f.rollback();
                assert_eq!(
                    state(&f),
                    before,
                    "case {case} round {round} (seed {seed})\n{view:?}"
                );
                compared += 1;
            }
        }
        assert!(compared > 3000, "only {compared} rollbacks compared");
    }

    #[test]
    fn a_rollback_leaves_no_trace_in_what_follows() {
        // A view read in two steps, with what-ifs rolled back between them, is known as if
        // it had been read in the same two steps alone.
        let seed = 0x7ace;
        let mut rng = Rng::new(seed);
        let mut compared = 0;
        for case in 0..2000 {
            let (view, _) = random_view(&mut rng, 12, 12, 40, 0.3);
            let mut cells: Vec<usize> = (0..view.grid().len()).collect();
            rng.shuffle(&mut cells);
            let half = cells.len() / 2;
            let (mut plain, mut probed) = (Frontier::new(), Frontier::new());
            plain.reset(view.grid());
            probed.reset(view.grid());
            if !read(&mut plain, &view, &cells[..half]) {
                continue;
            }
            read(&mut probed, &view, &cells[..half]);
            for _ in 0..3 {
                probed.checkpoint();
                what_if(&mut probed, &mut rng);
                probed.rollback();
            }
            let fits = read(&mut plain, &view, &cells[half..]);
            assert_eq!(read(&mut probed, &view, &cells[half..]), fits);
            assert_eq!(
                state(&probed),
                state(&plain),
                "case {case} (seed {seed})\n{view:?}"
            );
            compared += fits as usize;
        }
        assert!(compared > 1000, "only {compared} frontiers compared");
    }

    #[test]
    fn a_failed_update_is_rolled_back() {
        // "1?" then a 2 where the 1 allows one mine only: the update fails and is undone.
        let mut f = Frontier::new();
        f.reset(Grid::new(2, 2));
        f.checkpoint();
        f.seen[0] = Seen::Open(1);
        f.open(0, 1).unwrap();
        f.propagate().unwrap();
        f.rebuild(&mut Vec::new());
        f.commit();
        let before = state(&f);
        f.checkpoint();
        f.open(1, 0).unwrap();
        f.open(2, 3).unwrap();
        assert!(f.propagate().is_err());
        f.rollback();
        assert_eq!(state(&f), before);
        assert_eq!(f.unknown, 3);
        assert_eq!(f.live_components().count(), 1);
    }
}
