//! The undo log's ends: a checkpoint, a rollback to it, a commit of what changed since.

use super::Frontier;
use super::Know;
use crate::solver::index::NONE;
use crate::solver::scratch::release_large;

impl Frontier {
    /// From here on, [`Frontier::rollback`] returns to this state.
    pub(in crate::solver) fn checkpoint(&mut self) {
        debug_assert!(self.log.is_empty() && self.created.is_empty() && self.released.is_empty());
        debug_assert!(self.dirty.is_empty() && self.fresh.is_empty());
        self.saved = self.counters();
    }

    /// Undoes every change since the checkpoint (or the last commit). Between a reset and the
    /// first commit nothing is logged: a frontier rolled back then is fit only for a reset.
    /// The sets of known cells
    /// are restored by dropping what was added: a probe only opens unknown cells, so it never
    /// removes from them (a real update that fails is rolled back too, and then started over).
    pub(in crate::solver) fn rollback(&mut self) {
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
    pub(in crate::solver) fn commit(&mut self) {
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
    pub(in crate::solver) fn dirty(&self) -> &[u32] {
        &self.dirty
    }

    /// The components regrouped away since the checkpoint.
    pub(in crate::solver) fn released(&self) -> &[u32] {
        &self.released
    }

    /// The cells settled since the checkpoint.
    pub(in crate::solver) fn settled(&self) -> &[u32] {
        &self.settled
    }

    /// How many cells were settled safe since the checkpoint (what a probe counts as
    /// progress).
    pub(in crate::solver) fn safe_since_checkpoint(&self) -> usize {
        self.settled
            .iter()
            .filter(|&&c| self.cells[c as usize].know == Know::Safe)
            .count()
    }
}
