//! The solver keeps its scratch buffers from one analysis to the next, so that a game
//! allocates nothing per move; a buffer one large panel grew is given back as soon as its step
//! is done, so that the steps of one analysis do not hold their peaks at once. A large table
//! indexed by cell or by count that is mostly never written is made of zeroed memory, which
//! takes room only where it is written.

/// Buffers up to this many entries are kept; larger ones are given back after their step.
const KEPT_ENTRIES: usize = 1 << 16;

/// Whether `buffer` holds more than a kept buffer may.
pub(super) fn is_large<T>(buffer: &Vec<T>) -> bool {
    buffer.capacity() > KEPT_ENTRIES
}

/// Gives `buffer`'s memory back when it is large (its contents are dropped either way).
pub(super) fn release_large<T>(buffer: &mut Vec<T>) {
    if is_large(buffer) {
        *buffer = Vec::new();
    } else {
        buffer.clear();
    }
}

/// Clears `buffer` and fills it with `len` zeros (`T::default()` must be all zero bytes). A
/// large one is allocated afresh, zeroed by the system: its pages take memory only once
/// written, so that a table indexed by what may happen costs what does happen.
pub(super) fn zeroed<T: Clone + Default>(buffer: &mut Vec<T>, len: usize) {
    if len > KEPT_ENTRIES {
        *buffer = Vec::new();
        *buffer = vec![T::default(); len];
    } else {
        release_large(buffer);
        buffer.resize(len, T::default());
    }
}

/// [`zeroed`] at the length `buffer` has.
pub(super) fn rezero<T: Clone + Default>(buffer: &mut Vec<T>) {
    let len = buffer.len();
    zeroed(buffer, len);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_large_buffers_are_given_back() {
        let mut small: Vec<u32> = Vec::with_capacity(16);
        small.push(1);
        release_large(&mut small);
        assert!(small.is_empty() && small.capacity() >= 16);
        let mut large: Vec<u32> = vec![0; KEPT_ENTRIES + 1];
        release_large(&mut large);
        assert_eq!(large.capacity(), 0);
    }

    #[test]
    fn zeroed_buffers_hold_zeros_only() {
        for len in [0, 5, KEPT_ENTRIES, KEPT_ENTRIES + 1] {
            let mut buffer: Vec<u32> = vec![7; 3];
            zeroed(&mut buffer, len);
            assert_eq!(buffer.len(), len);
            assert!(buffer.iter().all(|&x| x == 0));
        }
    }
}
