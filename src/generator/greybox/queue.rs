//! The queue: the sequences that brought new coverage (AFL's queue, Zalewski's "Technical
//! details" section 3), picked in turn, cycle after cycle, each with its schedule's energy.

use super::novelty::CoverageMap;
use super::schedule::{QueueMeans, SeedStats, havoc_runs};
use super::settings::GreyboxSettings;
use crate::generator::sequence::Sequence;

/// One queue entry.
pub(crate) struct Seed {
    /// The sequence.
    pub test: Sequence,
    /// What the schedule knows of it (f read from the map when picked).
    pub stats: SeedStats,
    /// Its path's number in the coverage map.
    pub path: u32,
}

/// The queue, its turn and the sums its means come from.
#[derive(Default)]
pub(crate) struct Queue {
    seeds: Vec<Seed>,
    /// The entry picked next.
    turn: usize,
    /// Full passes over the queue so far (AFL's `queue_cycle` − 1).
    cycles: u32,
    /// Sums over the seeds of their calls and probes reached.
    calls: u64,
    reached: u64,
    /// Per path number, the seeds on it.
    seeds_on_path: Vec<u32>,
    /// Sum over the seeds of their paths' frequencies (kept as inputs run).
    frequencies: u64,
}

impl Queue {
    /// The number of entries.
    pub(crate) fn len(&self) -> usize {
        self.seeds.len()
    }

    /// Entry `i`.
    pub(crate) fn seed(&self, i: usize) -> &Seed {
        &self.seeds[i]
    }

    /// Full passes over the queue so far.
    #[cfg(test)]
    pub(crate) fn cycles(&self) -> u32 {
        self.cycles
    }

    /// Adds `test`, which executed `calls` calls, reached `reached` probes and exercised
    /// path `path` (whose frequency, counting it, is `frequency`), found from a seed of
    /// depth `parent_depth` (0 for an initial test).
    pub(crate) fn add(
        &mut self,
        test: Sequence,
        calls: u64,
        reached: u64,
        path: u32,
        frequency: u64,
        parent_depth: u32,
    ) {
        self.calls += calls;
        self.reached += reached;
        if self.seeds_on_path.len() <= path as usize {
            self.seeds_on_path.resize(path as usize + 1, 0);
        }
        self.seeds_on_path[path as usize] += 1;
        self.frequencies += frequency;
        self.seeds.push(Seed {
            test,
            stats: SeedStats {
                calls,
                reached,
                depth: parent_depth + 1,
                handicap: self.cycles,
                picks: 0,
                frequency,
            },
            path,
        });
    }

    /// Path `path` was exercised by one more input (after the seeds added for it).
    pub(crate) fn exercised(&mut self, path: u32) {
        if let Some(&seeds) = self.seeds_on_path.get(path as usize) {
            self.frequencies += u64::from(seeds);
        }
    }

    /// The next entry in turn with havoc runs to do, and their number: entries whose
    /// energy is 0 are passed over (their picks counted). When a whole pass over the queue
    /// finds none with energy — under `fast`, every entry picked 16 times or more on a path
    /// exercised more than M times — the next entry gets `havoc-min` runs, so the loop
    /// always runs something (AFLFast would pass over every entry forever). `None` if the
    /// queue is empty.
    pub(crate) fn next_with_energy(
        &mut self,
        map: &CoverageMap,
        settings: &GreyboxSettings,
    ) -> Option<(usize, u64)> {
        for _ in 0..self.seeds.len() {
            let (seed, runs) = self.pick(map, settings)?;
            if runs > 0 {
                return Some((seed, runs));
            }
        }
        let (seed, _) = self.pick(map, settings)?;
        Some((seed, u64::from(settings.havoc_min)))
    }

    /// The next entry in turn and its havoc runs (0: passed over this time); its picks go
    /// up by one. `None` if the queue is empty.
    fn pick(&mut self, map: &CoverageMap, settings: &GreyboxSettings) -> Option<(usize, u64)> {
        if self.seeds.is_empty() {
            return None;
        }
        if self.turn >= self.seeds.len() {
            self.turn = 0;
            self.cycles += 1;
        }
        let i = self.turn;
        self.turn += 1;
        let n = self.seeds.len() as f64;
        let means = QueueMeans {
            calls: self.calls as f64 / n,
            reached: self.reached as f64 / n,
            frequency: self.frequencies / self.seeds.len() as u64,
        };
        let seed = &mut self.seeds[i];
        seed.stats.frequency = map.frequency(seed.path);
        let runs = havoc_runs(settings, &mut seed.stats, &means);
        seed.stats.picks += 1;
        Some((i, runs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entries are picked in turn, cycle after cycle; μ follows the inputs run.
    #[test]
    fn entries_are_picked_in_turn_and_frequencies_follow_the_inputs() {
        let settings = GreyboxSettings::default();
        let mut map = CoverageMap::new(4);
        let mut queue = Queue::default();
        for probe in 0..3u32 {
            let (_, path) = map.add(&vec![(probe, 1)]);
            queue.add(Sequence::default(), 5, 1, path, map.frequency(path), 0);
        }
        let order: Vec<usize> = (0..7)
            .map(|_| queue.pick(&map, &settings).unwrap().0)
            .collect();
        assert_eq!(order, [0, 1, 2, 0, 1, 2, 0]);
        assert_eq!(queue.cycles(), 2);
        assert_eq!(queue.seed(0).stats.picks, 3);
        for _ in 0..9 {
            let (_, path) = map.add(&vec![(0, 1)]);
            queue.exercised(path);
        }
        assert_eq!(queue.frequencies, 10 + 1 + 1);
        assert_eq!(map.frequency(queue.seed(0).path), 10);
    }

    /// Under `fast`, entries picked 16 times or more on paths exercised more than M = 32
    /// times get no energy; when every entry is so, one still gets `havoc-min` runs.
    #[test]
    fn a_queue_without_energy_still_fuzzes_an_entry() {
        let settings = GreyboxSettings::default();
        let mut map = CoverageMap::new(2);
        let mut queue = Queue::default();
        for probe in 0..2u32 {
            let (_, path) = map.add(&vec![(probe, 1)]);
            queue.add(Sequence::default(), 5, 1, path, 1, 0);
            for _ in 0..40 {
                map.add(&vec![(probe, 1)]);
                queue.exercised(path);
            }
        }
        queue.seeds.iter_mut().for_each(|s| s.stats.picks = 20);
        assert_eq!(queue.pick(&map, &settings).unwrap().1, 0);
        assert_eq!(queue.next_with_energy(&map, &settings), Some((1, 16)));
        assert_eq!(
            (queue.seed(0).stats.picks, queue.seed(1).stats.picks),
            (22, 22)
        );
    }
}
