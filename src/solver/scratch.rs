//! The solver keeps its scratch buffers from one analysis to the next, so that a game
//! allocates nothing per move; a buffer one large panel grew is given back as soon as its step
//! is done, so that the steps of one analysis do not hold their peaks at once.

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
}
