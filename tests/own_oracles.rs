//! The oracles a crate's own types get beyond the crash of a panic (issue 61), through the
//! command line of a crate of its own: this test binary is that crate (`harness = false`).
//! Started with `TESTSPACE_OWN_ORACLES_CLI` set (as it starts itself, and as the runner
//! starts its workers), it is `testspace::main` over the types below; started otherwise, it
//! runs the tests, which drive that command line with `run`, `show-test` and `reduce`.

use std::path::Path;
use std::process::ExitCode;

/// Set in the environment of the command line this binary runs as.
const CLI: &str = "TESTSPACE_OWN_ORACLES_CLI";

/// An account whose only oracle is a `debug_assert!` postcondition: `withdraw` lets the
/// balance go below zero (the planted wrong result, no panic of its own).
mod account {
    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
    pub struct Account {
        balance: i32,
    }

    #[testspace::subject]
    impl Account {
        pub fn new() -> Self {
            Self::default()
        }
        pub fn deposit(&mut self, amount: u8) -> i32 {
            self.balance += i32::from(amount);
            self.balance
        }
        pub fn withdraw(&mut self, amount: u8) -> i32 {
            self.balance -= i32::from(amount);
            debug_assert!(self.balance >= 0, "balance {} below zero", self.balance);
            self.balance
        }
    }
}

/// A meter whose readings above 100 go wrong (a guard no pool of small values reaches):
/// found only when the `int` pool holds the guard's constant, which the default pools do.
mod meter {
    #[derive(Clone, Debug, Default)]
    pub struct Meter {
        total: i32,
    }

    #[testspace::subject]
    impl Meter {
        pub fn new() -> Self {
            Self::default()
        }
        pub fn read(&mut self, reading: i32) -> i32 {
            if reading > 100 {
                // The planted fault: a large reading is counted twice.
                self.total += 2 * reading;
            } else if reading > 0 {
                self.total += reading;
            }
            self.total
        }
        #[testspace(invariant)]
        fn bounded(&self) -> bool {
            self.total < 3000
        }
    }
}

/// A set of numbers whose `add` keeps duplicates (the planted wrong result): its reference
/// model, a `BTreeSet`, says how many there should be.
mod stock {
    use std::collections::BTreeSet;

    #[derive(Clone, Debug, Default)]
    pub struct Stock {
        items: Vec<i32>,
    }

    #[testspace::subject(model = StockModel)]
    impl Stock {
        pub fn new() -> Self {
            Self::default()
        }
        pub fn of(x: i32) -> Option<Self> {
            (x >= 0).then(|| Stock { items: vec![x] })
        }
        /// Whether `x` was new; the fault: it is added again when it was not.
        pub fn add(&mut self, x: i32) -> bool {
            let new = !self.items.contains(&x);
            self.items.push(x);
            new
        }
        pub fn count(&self) -> usize {
            self.items.len()
        }
        pub fn merge(&mut self, other: &Self) -> &mut Self {
            for &x in &other.items {
                if !self.items.contains(&x) {
                    self.items.push(x);
                }
            }
            self
        }
    }

    /// The model: the set the stock stands for.
    #[derive(Debug, PartialEq)]
    pub struct StockModel(BTreeSet<i32>);

    impl From<&Stock> for StockModel {
        fn from(stock: &Stock) -> Self {
            StockModel(stock.items.iter().copied().collect())
        }
    }

    impl StockModel {
        pub fn new() -> Self {
            StockModel(BTreeSet::new())
        }
        pub fn of(x: i32) -> Option<Self> {
            (x >= 0).then(|| StockModel([x].into()))
        }
        pub fn add(&mut self, x: i32) -> bool {
            self.0.insert(x)
        }
        pub fn count(&self) -> usize {
            self.0.len()
        }
        pub fn merge(&mut self, other: &Self) -> &mut Self {
            self.0.extend(&other.0);
            self
        }
    }
}

fn main() -> ExitCode {
    if std::env::var_os(CLI).is_some() {
        return testspace::main(testspace::subjects![
            account::Account,
            meter::Meter,
            stock::Stock
        ]);
    }
    let tests: [(&str, fn()); 3] = [
        (
            "a_reference_model_is_an_oracle_and_names_the_method_and_both_values",
            a_reference_model_is_an_oracle_and_names_the_method_and_both_values,
        ),
        (
            "a_debug_assertion_is_an_oracle_and_its_message_is_shown",
            a_debug_assertion_is_an_oracle_and_its_message_is_shown,
        ),
        (
            "default_pools_hold_the_code_s_constants_and_types_boundaries",
            default_pools_hold_the_code_s_constants_and_types_boundaries,
        ),
    ];
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    for (name, test) in tests {
        if filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str())) {
            println!("test {name} ...");
            test();
            println!("test {name} ... ok");
        }
    }
    ExitCode::SUCCESS
}

/// This binary as the command line, with `args`; it must succeed; its stdout.
fn cli(dir: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .current_dir(dir)
        .env(CLI, "1")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `experiment` (TOML text) in a new folder; the folder and the results' path.
fn run(experiment: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("experiment.toml"), experiment).unwrap();
    let out = dir.path().join("runs");
    let out_text = out.display().to_string();
    cli(
        dir.path(),
        &["run", "experiment.toml", "--quiet", "--out", &out_text],
    );
    (dir, out)
}

/// The outcomes of gold's cells of `subject` by strategy: (killed, all).
fn gold_cells(out: &Path, subject: &str, strategy: &str) -> (usize, usize) {
    let cells = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let mut lines = cells.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (s, m, st, o) = (
        col("subject"),
        col("mutant"),
        col("strategy"),
        col("outcome"),
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let gold: Vec<&Vec<&str>> = rows
        .iter()
        .filter(|r| r[s] == subject && r[m] == "0" && r[st] == strategy)
        .collect();
    let killed = gold.iter().filter(|r| r[o] == "killed").count();
    (killed, gold.len())
}

fn a_debug_assertion_is_an_oracle_and_its_message_is_shown() {
    const { assert!(testspace::LIVE_ASSERTIONS, "on by default") };
    let (dir, out) = run(r#"
name = "account"
seed = 61
replicates = 2
subjects = ["Account"]

[context]
methods = "all"

[context.pools]
int = { size = 3, init = [0, 1, 2] }
object = { size = 1 }

[mutants]
gold = true

[[phase]]
name = "comparison"

[[phase.run]]
strategy = "r"
n = 10
tests = 1000
"#);
    assert_eq!(
        gold_cells(&out, "Account", "r"),
        (2, 2),
        "found in every replicate"
    );
    let out_text = out.display().to_string();
    let cell = [
        "--subject",
        "Account",
        "--mutant",
        "0",
        "--strategy",
        "r",
        "--n",
        "10",
    ];
    let shown = cli(dir.path(), &[&["show-test", &out_text][..], &cell].concat());
    assert!(
        shown.contains("(`withdraw(int)`) panics: balance -"),
        "{shown}"
    );
    assert!(
        shown.contains("below zero (at tests/own_oracles.rs:"),
        "{shown}"
    );
    let json: serde_json::Value = serde_json::from_str(&cli(
        dir.path(),
        &[&["show-test", &out_text, "--format", "json"][..], &cell].concat(),
    ))
    .unwrap();
    assert_eq!(json["panic"]["method"], "withdraw(int)", "{json}");
    assert_eq!(json["k"], 10, "{json}");
    let reduced = cli(dir.path(), &[&["reduce", &out_text][..], &cell].concat());
    assert!(
        reduced.contains("(`withdraw(int)`) panics: balance -1 below zero"),
        "{reduced}"
    );
    let json: serde_json::Value = serde_json::from_str(&cli(
        dir.path(),
        &[&["reduce", &out_text, "--format", "json"][..], &cell].concat(),
    ))
    .unwrap();
    let panic = &json["panic"];
    assert_eq!(panic["method"], "withdraw(int)", "{json}");
    assert_eq!(
        panic["call"], 1,
        "new, then withdraw(1) or withdraw(2): {json}"
    );
    let message = panic["message"].as_str().unwrap();
    assert!(message.starts_with("balance -"), "{json}");
}

/// An experiment of r on `subject`'s gold, 3 replicates, with `pools` as `[context.pools]`.
fn random_on(subject: &str, pools: &str) -> String {
    format!(
        r#"
name = "pools"
seed = 61
replicates = 3
subjects = ["{subject}"]

[context]
methods = "all"

[context.pools]
{pools}
object = {{ size = 1 }}

[mutants]
gold = true

[[phase]]
name = "comparison"

[[phase.run]]
strategy = "r"
n = 10
tests = 1000
"#
    )
}

fn default_pools_hold_the_code_s_constants_and_types_boundaries() {
    use testspace::subject::Declared;
    let pools = meter::Meter::unit()
        .code_pools()
        .expect("seeded from the code");
    assert_eq!(
        pools.ints,
        [
            (0, "default"),
            (1, "default"),
            (2, "default"),
            (-1, "default"),
            (i32::MIN, "i32's smallest"),
            (i32::MAX, "i32's largest"),
            (100, "a constant of the crate (once)"),
            (3000, "a constant of the crate (once)"),
        ]
    );
    // `context` says where each value comes from.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("meter.toml"), "subject = \"Meter\"\n").unwrap();
    let shown = cli(dir.path(), &["context", "meter.toml", "--n", "2"]);
    assert!(
        shown.contains("int pool from the code: 0 (default), 1 (default), 2 (default), -1 (default), -2147483648 (i32's smallest), 2147483647 (i32's largest), 100 (a constant of the crate (once)), 3000 (a constant of the crate (once))"),
        "{shown}"
    );
    // The guard `> 100` is reached from the default pools…
    let (_dir, out) = run(&random_on("Meter", ""));
    assert_eq!(gold_cells(&out, "Meter", "r"), (3, 3));
    // …and not from pools the experiment gives, which still override them.
    let (_dir, out) = run(&random_on("Meter", "int = { size = 3, init = [0, 1, 2] }"));
    assert_eq!(gold_cells(&out, "Meter", "r"), (0, 3));
}

fn a_reference_model_is_an_oracle_and_names_the_method_and_both_values() {
    let (dir, out) = run(&random_on("Stock", "int = { size = 3, init = [0, 1, 2] }"));
    assert_eq!(
        gold_cells(&out, "Stock", "r"),
        (3, 3),
        "found in every replicate"
    );
    let out_text = out.display().to_string();
    let cell = [
        "--subject",
        "Stock",
        "--mutant",
        "0",
        "--strategy",
        "r",
        "--n",
        "10",
    ];
    let json: serde_json::Value = serde_json::from_str(&cli(
        dir.path(),
        &[&["reduce", &out_text, "--format", "json"][..], &cell].concat(),
    ))
    .unwrap();
    let panic = &json["panic"];
    let message = panic["message"].as_str().unwrap();
    // The smallest failing test case adds one number twice, then counts: the state's
    // abstraction (a set) hides the duplicate, the count does not.
    assert!(
        message.starts_with("model: `count` returned 2, the model 1"),
        "{json}"
    );
    assert_eq!(panic["call"], 2, "{json}");
    assert_eq!(panic["method"], "count()", "{json}");
    let shown = cli(dir.path(), &[&["reduce", &out_text][..], &cell].concat());
    assert!(
        shown.contains("/// Call 2 (`count()`) panics: model: `count` returned 2, the model 1"),
        "{shown}"
    );
}
