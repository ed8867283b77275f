//! A run's progress on stderr: one overall account of the run — cells done of those
//! planned, the share of the expected cost done, the time elapsed and an ETA — printed as a
//! plain line at intervals (logs, CI, Slurm) or drawn as one bar for the run and one line
//! per worker naming the cell it runs (a terminal).
//!
//! The share and the ETA come from the scheduler's own cost model
//! ([`super::schedule::expected_cost`]): the runner reports the expected cost of the cells
//! finished and of all the work left (the cells planned and waiting, and each unit's later
//! steps at their nominal budgets), and the CPU seconds done and estimated left (each
//! step's cost left at the CPU seconds per unit of cost its finished cells took); the ETA
//! is the time elapsed scaled by the ratio of CPU seconds left to done. Cells copied from
//! another replicate's seed-free cell cost nothing and count in neither.

use std::sync::{Arc, Mutex, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::output::clock;

/// How a run shows its progress on stderr.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ProgressMode {
    /// Nothing.
    Off,
    /// indicatif bars: one for the run, one line per worker, for a terminal.
    Bars,
    /// Plain lines, for logs (CI, nohup, Slurm): one when the run starts, one every given
    /// interval while it runs, one when it ends.
    Lines(Duration),
}

/// The account of a run at one moment (what [`overall_line`] prints).
#[derive(Clone, Debug, PartialEq)]
pub struct Account {
    /// Cells recorded (copies included).
    pub cells_done: u64,
    /// Cells planned so far (copies included).
    pub cells_planned: u64,
    /// Whether more cells may still be planned (units have later steps to plan).
    pub open: bool,
    /// Expected cost of the cells run to their end.
    pub cost_done: f64,
    /// Expected cost of all the work left.
    pub cost_left: f64,
    /// CPU seconds of the cells run to their end.
    pub cpu_done: f64,
    /// CPU seconds the work left is estimated to take.
    pub cpu_left: f64,
}

impl Account {
    /// The account of a run before anything is planned.
    pub fn start() -> Self {
        Account {
            cells_done: 0,
            cells_planned: 0,
            open: true,
            cost_done: 0.0,
            cost_left: 0.0,
            cpu_done: 0.0,
            cpu_left: 0.0,
        }
    }

    /// The share of the expected cost done, in [0, 1].
    pub fn share_done(&self) -> f64 {
        let all = self.cost_done + self.cost_left;
        if all > 0.0 { self.cost_done / all } else { 1.0 }
    }

    /// The wall-clock seconds left after `elapsed` seconds: the CPU seconds left at the rate
    /// CPU seconds have been done so far (`None` before any are done).
    pub fn eta(&self, elapsed: f64) -> Option<f64> {
        (self.cpu_done > 0.0).then(|| elapsed * self.cpu_left / self.cpu_done)
    }
}

/// The plain progress line of `account` after `elapsed` seconds.
pub fn overall_line(account: &Account, elapsed: f64) -> String {
    let eta = account.eta(elapsed).map_or("?".to_string(), clock);
    format!(
        "progress: {}/{}{} cells, {:.0}% of the expected cost, {} elapsed, ETA {eta}",
        account.cells_done,
        account.cells_planned,
        if account.open { "+" } else { "" },
        100.0 * account.share_done(),
        clock(elapsed)
    )
}

/// The shared state of the display.
struct Shown {
    account: Account,
    started: Instant,
}

/// The bars of a terminal: the run's, then one per worker.
struct Bars {
    group: MultiProgress,
    run: ProgressBar,
    workers: Vec<ProgressBar>,
}

/// Steps of the run bar: the share of the expected cost in thousandths.
const BAR_STEPS: u64 = 1000;

/// The progress display of one run.
pub struct Progress {
    shown: Arc<Mutex<Shown>>,
    bars: Option<Bars>,
    ticker: Option<(mpsc::Sender<()>, JoinHandle<()>)>,
}

impl Progress {
    /// Starts showing a run with `workers` workers, as `mode` says.
    pub fn start(mode: ProgressMode, workers: usize) -> Self {
        let shown = Arc::new(Mutex::new(Shown {
            account: Account::start(),
            started: Instant::now(),
        }));
        let ticker = match mode {
            ProgressMode::Lines(every) => Self::tick(Arc::clone(&shown), every),
            _ => None,
        };
        let bars = (mode == ProgressMode::Bars).then(|| Self::bars(workers));
        Progress {
            shown,
            bars,
            ticker,
        }
    }

    fn bars(workers: usize) -> Bars {
        let group = MultiProgress::with_draw_target(ProgressDrawTarget::stderr());
        let run = group.add(ProgressBar::new(BAR_STEPS));
        run.set_style(
            ProgressStyle::with_template("[{bar:30}] {percent:>3}% of the expected cost  {msg}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        let workers = (0..workers)
            .map(|w| {
                let bar = group.add(ProgressBar::new_spinner());
                bar.set_style(
                    ProgressStyle::with_template("  {prefix} {msg}").expect("valid template"),
                );
                bar.set_prefix(format!("worker {}:", w + 1));
                bar.set_message("waiting");
                bar
            })
            .collect();
        Bars {
            group,
            run,
            workers,
        }
    }

    /// Prints the overall line now and then every `every` (the first after a second, so a
    /// short run still says it started), until told to stop.
    fn tick(
        shown: Arc<Mutex<Shown>>,
        every: Duration,
    ) -> Option<(mpsc::Sender<()>, JoinHandle<()>)> {
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .spawn(move || {
                let mut wait = every.min(Duration::from_secs(1));
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(wait) {
                    let shown = shown.lock().expect("progress lock");
                    let elapsed = shown.started.elapsed().as_secs_f64();
                    eprintln!("{}", overall_line(&shown.account, elapsed));
                    wait = every;
                }
            })
            .ok()?;
        Some((stop, thread))
    }

    /// Updates the account: `change` edits it.
    pub fn update(&self, change: impl FnOnce(&mut Account)) {
        let mut shown = self.shown.lock().expect("progress lock");
        change(&mut shown.account);
        if let Some(bars) = &self.bars {
            let a = &shown.account;
            bars.run
                .set_position((a.share_done() * BAR_STEPS as f64).round() as u64);
            let elapsed = shown.started.elapsed().as_secs_f64();
            let eta = a.eta(elapsed).map_or("?".to_string(), clock);
            bars.run.set_message(format!(
                "{}/{}{} cells, {} elapsed, ETA {eta}",
                a.cells_done,
                a.cells_planned,
                if a.open { "+" } else { "" },
                clock(elapsed)
            ));
        }
    }

    /// Whether the display names each worker's cell (a terminal's bars).
    pub fn shows_workers(&self) -> bool {
        self.bars.is_some()
    }

    /// Worker `worker` (0-based) now runs `what` (`None`: it waits).
    pub fn working(&self, worker: usize, what: Option<&str>) {
        if let Some(bar) = self.bars.as_ref().and_then(|b| b.workers.get(worker)) {
            bar.set_message(what.unwrap_or("waiting").to_string());
        }
    }

    /// Prints `message` on stderr without breaking the bars.
    pub fn warn(&self, message: &str) {
        match &self.bars {
            Some(bars) if bars.group.println(message).is_ok() => {}
            _ => eprintln!("{message}"),
        }
    }

    /// The run is over: stops the lines (with a last one) or clears the bars.
    pub fn finish(self) {
        if let Some((stop, thread)) = self.ticker {
            let _ = stop.send(());
            let _ = thread.join();
            let shown = self.shown.lock().expect("progress lock");
            eprintln!(
                "progress: {}/{} cells in {}",
                shown.account.cells_done,
                shown.account.cells_planned,
                clock(shown.started.elapsed().as_secs_f64())
            );
        }
        if let Some(bars) = self.bars {
            for bar in bars.workers {
                bar.finish_and_clear();
            }
            bars.run.finish_and_clear();
            let _ = bars.group.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(done: u64, planned: u64, open: bool, cost: (f64, f64)) -> Account {
        Account {
            cells_done: done,
            cells_planned: planned,
            open,
            cost_done: cost.0,
            cost_left: cost.1,
            cpu_done: cost.0 / 100.0,
            cpu_left: cost.1 / 100.0,
        }
    }

    #[test]
    fn the_line_gives_cells_the_share_of_the_cost_and_an_eta_scaled_by_cost() {
        // A quarter of the cost in a minute: three more minutes, whatever the cell counts.
        let a = account(30, 120, false, (250.0, 750.0));
        assert_eq!(
            overall_line(&a, 60.0),
            "progress: 30/120 cells, 25% of the expected cost, 1:00 elapsed, ETA 3:00"
        );
        let b = account(0, 10, true, (0.0, 40.0));
        assert_eq!(
            overall_line(&b, 5.0),
            "progress: 0/10+ cells, 0% of the expected cost, 0:05 elapsed, ETA ?"
        );
    }

    #[test]
    fn a_run_with_nothing_left_is_all_done() {
        let a = account(5, 5, false, (0.0, 0.0));
        assert_eq!(a.share_done(), 1.0);
        assert_eq!(a.eta(3.0), None);
        let b = account(5, 5, false, (10.0, 0.0));
        assert_eq!(b.eta(3.0), Some(0.0));
    }
}
