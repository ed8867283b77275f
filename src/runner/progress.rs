//! A run's progress on stderr: one overall account of the run — cells done of those
//! planned, the share of the expected cost done, the time elapsed and an ETA — printed as a
//! plain line at a steady interval (logs, CI, Slurm) or drawn as one bar for the run and
//! one line per worker naming the cell it runs (a terminal).
//!
//! The expected cost is the scheduler's own cost model calibrated on the cells finished so
//! far ([`super::estimate`]), in worker seconds (the wall-clock seconds workers spent on
//! jobs): the share done is the worker seconds done over those done and estimated left,
//! and the ETA is the worker seconds left at the rate the run has been doing them (the
//! seconds its running jobs have run so far included, so that long cells in flight do not
//! slow the rate). Cells copied from another replicate's
//! seed-free cell cost nothing: they count as cells, not as cost.

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
    /// Worker seconds of the jobs ended (those of cells still running included).
    pub seconds_done: f64,
    /// Worker seconds the work left is estimated to take (`None`: not known yet).
    pub seconds_left: Option<f64>,
}

impl Account {
    /// The account of a run before anything is planned.
    pub fn start() -> Self {
        Account {
            cells_done: 0,
            cells_planned: 0,
            open: true,
            seconds_done: 0.0,
            seconds_left: None,
        }
    }

    /// The share of the expected cost done, in [0, 1] (0 before any cost is known while
    /// cells are left, 1 when nothing is).
    pub fn share_done(&self) -> f64 {
        match self.seconds_left {
            Some(left) if self.seconds_done + left > 0.0 => {
                self.seconds_done / (self.seconds_done + left)
            }
            _ if self.open || self.cells_done < self.cells_planned => 0.0,
            _ => 1.0,
        }
    }

    /// The wall-clock seconds left after `elapsed` seconds, `running` of them spent by the
    /// jobs still running: the worker seconds left at the rate the run has done work so far
    /// (`None` before any cell finished).
    pub fn eta(&self, elapsed: f64, running: f64) -> Option<f64> {
        let work = self.seconds_done + running;
        let left = self.seconds_left?;
        (work > 0.0).then(|| elapsed * left / work)
    }
}

/// The plain progress line of `account` after `elapsed` seconds, `running` of them spent
/// by the jobs still running ([`Account::eta`]).
pub fn overall_line(account: &Account, elapsed: f64, running: f64) -> String {
    let eta = account.eta(elapsed, running).map_or("?".to_string(), clock);
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
    /// Per worker: since when its job runs (`None`: it waits).
    running: Vec<Option<Instant>>,
}

impl Shown {
    /// (seconds since the run started, seconds the running jobs have run).
    fn clocks(&self) -> (f64, f64) {
        let now = Instant::now();
        let running = self.running.iter().flatten();
        let running = running.map(|&t| now.saturating_duration_since(t).as_secs_f64());
        (self.started.elapsed().as_secs_f64(), running.sum())
    }
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
            running: vec![None; workers],
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
                    let (elapsed, running) = shown.clocks();
                    crate::kernel::stderr_line!(
                        "{}",
                        overall_line(&shown.account, elapsed, running)
                    );
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
            let (elapsed, running) = shown.clocks();
            let eta = a.eta(elapsed, running).map_or("?".to_string(), clock);
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

    /// Worker `worker` (0-based) now runs `what` (`None`: it waits); the display names
    /// it only if it [shows the workers](Self::shows_workers), but times its job anyway.
    pub fn working(&self, worker: usize, what: Option<&str>) {
        if let Some(since) = self
            .shown
            .lock()
            .expect("progress lock")
            .running
            .get_mut(worker)
        {
            *since = what.map(|_| Instant::now());
        }
        if let Some(bar) = self.bars.as_ref().and_then(|b| b.workers.get(worker)) {
            bar.set_message(what.unwrap_or("waiting").to_string());
        }
    }

    /// Prints `message` on stderr without breaking the bars.
    pub fn warn(&self, message: &str) {
        match &self.bars {
            Some(bars) if bars.group.println(message).is_ok() => {}
            _ => crate::kernel::stderr_line!("{message}"),
        }
    }

    /// The run is over: stops the lines (with a last one) or clears the bars.
    pub fn finish(self) {
        if let Some((stop, thread)) = self.ticker {
            let _ = stop.send(());
            let _ = thread.join();
            let shown = self.shown.lock().expect("progress lock");
            crate::kernel::stderr_line!(
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

    fn account(done: u64, planned: u64, open: bool, seconds: (f64, f64)) -> Account {
        Account {
            cells_done: done,
            cells_planned: planned,
            open,
            seconds_done: seconds.0,
            seconds_left: Some(seconds.1).filter(|_| seconds.0 > 0.0),
        }
    }

    #[test]
    fn the_line_gives_cells_the_share_of_the_cost_and_an_eta_scaled_by_cost() {
        // A quarter of the work in a minute: three more minutes, whatever the cell counts.
        let a = account(30, 120, false, (25.0, 75.0));
        assert_eq!(
            overall_line(&a, 60.0, 0.0),
            "progress: 30/120 cells, 25% of the expected cost, 1:00 elapsed, ETA 3:00"
        );
        let b = account(0, 10, true, (0.0, 0.0));
        assert_eq!(
            overall_line(&b, 5.0, 10.0),
            "progress: 0/10+ cells, 0% of the expected cost, 0:05 elapsed, ETA ?"
        );
    }

    #[test]
    fn the_rate_counts_the_seconds_of_the_jobs_still_running() {
        // 60 s elapsed, 30 worker seconds finished and two jobs 45 s into their cells: the run
        // works at two seconds a second, so 240 s left take two minutes.
        let a = account(10, 50, true, (30.0, 240.0));
        assert_eq!(a.eta(60.0, 90.0), Some(120.0));
    }

    #[test]
    fn a_run_with_nothing_left_is_all_done() {
        let a = account(5, 5, false, (0.0, 0.0));
        assert_eq!(a.share_done(), 1.0);
        assert_eq!(a.eta(3.0, 0.0), None);
        let b = account(5, 5, false, (10.0, 0.0));
        assert_eq!(b.eta(3.0, 0.0), Some(0.0));
    }
}
