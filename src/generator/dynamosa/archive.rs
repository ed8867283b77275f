//! The archive: per covered target, the shortest test that covers it (DynaMOSA keeps it
//! apart from the population; EvoSuite's `MOSA` archive with the `TOTAL_LENGTH`
//! secondary objective).

use std::sync::Arc;

use crate::generator::sequence::Sequence;

/// Per target, the shortest covering test seen (the first of equal length).
#[derive(Clone, Debug, Default)]
pub struct Archive {
    best: Vec<Option<Arc<Sequence>>>,
}

impl Archive {
    /// An empty archive over `targets` targets.
    pub fn new(targets: usize) -> Self {
        Archive {
            best: vec![None; targets],
        }
    }

    /// Records that `test` covers `target`; whether the target was uncovered before.
    pub fn offer(&mut self, target: usize, test: &Arc<Sequence>) -> bool {
        match &self.best[target] {
            None => {
                self.best[target] = Some(Arc::clone(test));
                true
            }
            Some(kept) => {
                if test.len() < kept.len() {
                    self.best[target] = Some(Arc::clone(test));
                }
                false
            }
        }
    }

    /// Whether `target` is covered.
    pub fn covers(&self, target: usize) -> bool {
        self.best[target].is_some()
    }

    /// The test kept for `target`.
    pub fn test(&self, target: usize) -> Option<&Sequence> {
        self.best[target].as_deref()
    }

    /// The number of targets covered.
    pub fn covered(&self) -> usize {
        self.best.iter().filter(|b| b.is_some()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::sequence::Statement;

    fn test(calls: u32) -> Arc<Sequence> {
        Arc::new(Sequence {
            statements: (0..calls)
                .map(|m| Statement {
                    method: m,
                    inputs: Vec::new(),
                })
                .collect(),
        })
    }

    #[test]
    fn the_archive_keeps_the_shortest_covering_test_the_first_of_equal_length() {
        let mut archive = Archive::new(2);
        assert!(!archive.covers(0));
        assert!(archive.offer(0, &test(5)));
        assert!(!archive.offer(0, &test(7)));
        assert_eq!(archive.test(0).unwrap().len(), 5);
        assert!(!archive.offer(0, &test(3)));
        assert_eq!(archive.test(0), Some(&*test(3)));
        let mut other = (*test(3)).clone();
        other.statements[0].method = 9;
        archive.offer(0, &Arc::new(other));
        assert_eq!(
            archive.test(0),
            Some(&*test(3)),
            "the first of equal length"
        );
        assert_eq!(archive.covered(), 1);
    }
}
