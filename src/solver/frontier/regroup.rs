//! Regrouping: the unknown neighbours of the numbers a change touched, into boxes of cells
//! that touch the same numbers, and the boxes into independent components.

use super::{save_into, Cell, Frontier, Know, Regroup};
use crate::solver::index::NONE;
use crate::solver::ring::{opposite, Rings, DIRECTIONS};
use crate::solver::scratch::{is_large, release_large};

impl Frontier {
    /// Regroups the numbers of the touched components and the new numbers into boxes and
    /// components; appends the new components' ids to `created`.
    ///
    /// # Complexity
    /// O(k log k) for the k numbers and cells regrouped.
    pub(in crate::solver) fn rebuild(&mut self, created: &mut Vec<u32>) {
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
        self.find_variables(r);
        let boxes = self.find_boxes(r);
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
            if r.slot_of_box[start] == NONE {
                self.reach_component(r, start, &mut around);
                let id = self.allocate();
                self.fill_component(r, id, hopeless_boxes);
                created.push(id);
            }
        }
    }

    /// Variables: the unknown neighbours of the numbers `r.gathered`, each with the set of them
    /// it touches; each variable's index is in its cell's slot.
    fn find_variables(&mut self, r: &mut Regroup) {
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
    }

    /// Boxes: variables with equal keys, in key order; each cell's box is in its slot. Returns
    /// how many boxes there are.
    fn find_boxes(&mut self, r: &mut Regroup) -> usize {
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
        boxes
    }

    /// The component of box `start`: its boxes into `r.order` (each one's place there in
    /// `r.slot_of_box`), its numbers into `r.comp_cons`, ascending, each one's index there in
    /// its slot.
    fn reach_component(&mut self, r: &mut Regroup, start: usize, around: &mut BoxesAround) {
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
    }

    /// Fills component `id` with the boxes, cells and numbers [`Frontier::reach_component`]
    /// found, and points its cells and numbers to it.
    fn fill_component(&mut self, r: &mut Regroup, id: u32, hopeless_boxes: usize) {
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
}

/// A box's key: the numbers around a variable (in the directions of `set`, the first of them
/// `first`), ordered as their ascending lists are: the first number's index, then
/// [`LATER_NUMBERS`] of the set.
pub(super) fn box_key(first: usize, set: u8) -> u64 {
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
