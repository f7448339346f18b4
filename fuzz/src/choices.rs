//! Move choices read from the fuzzer's bytes.

/// Picks moves from input bytes: the `i`-th choice is byte `i` of the input modulo the
/// number of legal moves. When the bytes run out they are read again from the start, each
/// round XOR-ed with the round number, so that a short input still plays a long game (up
/// to [`crate::MAX_PLIES`]) and a longer input steers more of it.
#[derive(Debug, Clone)]
pub struct Choices<'a> {
    bytes: &'a [u8],
    next: usize,
}

impl<'a> Choices<'a> {
    /// Choices from `bytes` (an empty slice always picks the first move).
    pub fn new(bytes: &'a [u8]) -> Self {
        Choices { bytes, next: 0 }
    }

    /// The index of the next move among `count` legal moves (`count` ≥ 1), in `0..count`.
    pub fn pick(&mut self, count: usize) -> usize {
        assert!(count > 0, "pick among no moves");
        if self.bytes.is_empty() {
            return 0;
        }
        let round = self.next / self.bytes.len();
        let byte = self.bytes[self.next % self.bytes.len()] ^ (round as u8);
        self.next += 1;
        usize::from(byte) % count
    }
}

#[cfg(test)]
mod tests {
    use super::Choices;

    #[test]
    fn bytes_then_rounds_xor_the_round_number() {
        let mut c = Choices::new(&[5, 2]);
        assert_eq!(
            (0..6).map(|_| c.pick(256)).collect::<Vec<_>>(),
            [5, 2, 4, 3, 7, 0]
        );
        assert_eq!(Choices::new(&[7]).pick(3), 1);
        assert_eq!(Choices::new(&[]).pick(9), 0);
    }
}
