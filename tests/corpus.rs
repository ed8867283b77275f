//! The committed corpus of real faults (corpus/, docs/corpus.md): its entries read, its
//! generated unit list names every fault, the real-faults experiment carries each crate's
//! context file unchanged, and `testspace corpus` refuses a broken entry with nothing
//! written. (Bringing the releases needs crates.io: CI's corpus step runs `corpus fetch
//! --check` and the experiment.)

use std::path::Path;

use assert_cmd::Command;
use testspace::corpus::Corpus;

fn corpus() -> Corpus {
    Corpus::read(Path::new("corpus")).unwrap()
}

#[test]
fn the_corpus_meets_the_issue_s_floor_and_every_fault_has_its_subject() {
    let corpus = corpus();
    // At least 8 crates, 15 faults from at least 6 of them (issue 42).
    let crates_with_faults = corpus
        .crates
        .iter()
        .filter(|c| !c.faults.is_empty())
        .count();
    assert!(corpus.crates.len() >= 8, "{} crates", corpus.crates.len());
    assert!(
        corpus.faults().count() >= 15,
        "{} faults",
        corpus.faults().count()
    );
    assert!(
        crates_with_faults >= 6,
        "{crates_with_faults} crates with faults"
    );
    for (krate, fault) in corpus.faults() {
        let source = std::fs::read_to_string(krate.subject_file()).unwrap();
        assert!(
            source.contains(&format!("pub struct {}", fault.subject)),
            "{}: no `pub struct {}` in {}",
            fault.id,
            fault.subject,
            krate.subject_file().display()
        );
        assert!(
            !source.contains("//!"),
            "{}: an included file has no inner doc comments",
            krate.name
        );
    }
}

#[test]
fn the_generated_units_name_every_fault_and_release() {
    let units = std::fs::read_to_string("corpus/src/releases.rs").unwrap();
    let manifest = std::fs::read_to_string("corpus/Cargo.toml").unwrap();
    let corpus = corpus();
    for (_, fault) in corpus.faults() {
        assert!(
            units.contains(&format!("id: {:?}.into()", fault.id)),
            "{} missing: run `testspace corpus fetch`",
            fault.id
        );
    }
    for release in corpus.releases() {
        assert!(
            manifest.contains(&format!("path = \"releases/{}\"", release.folder_name())),
            "{} missing: run `testspace corpus fetch`",
            release.folder_name()
        );
    }
}

/// The experiments of the corpus embed each crate's pools (a results folder's copy of one
/// must stand alone); they must stay those of the crate's context file.
#[test]
fn the_corpus_experiments_carry_each_context_file_unchanged() {
    for file in [
        "experiments/realfaults.toml",
        "corpus/benches/detector-cost.toml",
    ] {
        carries_each_context_file_unchanged(file);
    }
}

fn carries_each_context_file_unchanged(file: &str) {
    let experiment: toml::Value = toml::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let subjects = &experiment["context"]["subject"];
    let mut checked = 0;
    for krate in corpus().crates {
        for entry in std::fs::read_dir(&krate.folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap();
            if !(name.starts_with("context") && name.ends_with(".toml")) {
                continue;
            }
            let context: toml::Value =
                toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let subject = context["subject"].as_str().unwrap();
            let embedded = subjects
                .get(subject)
                .unwrap_or_else(|| panic!("{file} has no [context.subject.{subject}]"));
            assert_eq!(
                embedded.get("methods"),
                context.get("methods"),
                "{}",
                path.display()
            );
            assert_eq!(
                embedded.get("pools"),
                context.get("pools"),
                "{file}: {}",
                path.display()
            );
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        subjects.as_table().unwrap().len(),
        "{file}: one section per context file"
    );
}

#[test]
fn corpus_list_prints_every_fault_with_its_record() {
    let output = Command::cargo_bin("testspace")
        .unwrap()
        .args(["corpus", "list", "corpus"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let listing = String::from_utf8(output.stdout).unwrap();
    let corpus = corpus();
    assert_eq!(listing.lines().count(), corpus.faults().count() + 1);
    for (_, fault) in corpus.faults() {
        assert!(listing.contains(&format!("{}\t", fault.id)), "{}", fault.id);
    }
}

/// A fault without its record: the error names the file, line and field; no release is
/// brought and no generated file written.
#[test]
fn a_broken_entry_is_refused_with_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("crates/semver");
    std::fs::create_dir_all(&folder).unwrap();
    for file in ["subject.rs", "crate.toml"] {
        std::fs::copy(
            Path::new("corpus/crates/semver").join(file),
            folder.join(file),
        )
        .unwrap();
    }
    let entry = std::fs::read_to_string(folder.join("crate.toml")).unwrap();
    // The first fault's records, however many lines they take, become an empty list.
    let start = entry.find("records = [").unwrap();
    let end = start + entry[start..].find(']').unwrap() + 1;
    let broken = format!("{}records = []{}", &entry[..start], &entry[end..]);
    let line = entry[..start].lines().count() + 1;
    std::fs::write(folder.join("crate.toml"), broken).unwrap();
    let output = Command::cargo_bin("testspace")
        .unwrap()
        .args(["corpus", "fetch"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains(&format!("crates/semver/crate.toml:{line}:"))
            && stderr.contains("field `fault[0].records`"),
        "{stderr}"
    );
    for made in ["releases", "Cargo.toml", "src"] {
        assert!(!dir.path().join(made).exists(), "{made} written");
    }
}

/// A crate folder without its entry is refused, naming the file, not skipped.
#[test]
fn a_crate_folder_without_its_entry_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("crates/semvr")).unwrap();
    let output = Command::cargo_bin("testspace")
        .unwrap()
        .args(["corpus", "list"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("crates/semvr/crate.toml"), "{stderr}");
}

/// Every fault has its evidence: a witness (replayed by `testspace-corpus corpus witnesses`
/// in CI, where the releases are built), or a line saying why it is unreached or pending.
#[test]
fn every_fault_has_a_witness_or_says_why_not() {
    use testspace::corpus::witness::{Evidence, read_witnesses};
    let corpus = corpus();
    let (mut witnesses, mut total) = (0, 0);
    for krate in &corpus.crates {
        let evidence = read_witnesses(krate).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(evidence.len(), krate.faults.len(), "{}", krate.name);
        total += evidence.len();
        witnesses += evidence
            .iter()
            .filter(|e| matches!(e.evidence, Evidence::Witness { .. }))
            .count();
    }
    assert_eq!(total, corpus.faults().count());
    assert!(witnesses >= 18, "{witnesses} witnesses");
}

/// CI compares `corpus golds-own corpus/results/realfaults` with
/// testdata/corpus/realfaults-golds-own.tsv. Its killed and unchecked columns are counted
/// here from the committed cells, apart from the command: the killed cells of each fault
/// whose gold holds a fault of its own, by phase, strategy and n; unchecked, those of runs
/// whose test cases come from generated suites (fdrt and grt, labelled or not), which the
/// run did not keep. docs/corpus.md quotes the totals.
#[test]
fn the_golds_own_table_counts_the_committed_killed_cells() {
    let corpus = corpus();
    // Target k of the unit `Subject@fixed` is the k-th fault of its crate with that subject
    // and fixed release (src/corpus/generate.rs).
    let mut targets = std::collections::BTreeMap::new();
    for krate in &corpus.crates {
        let mut counts = std::collections::BTreeMap::<String, u64>::new();
        for fault in &krate.faults {
            let class = format!("{}@{}", fault.subject, fault.fixed);
            let k = counts.entry(class.clone()).or_default();
            *k += 1;
            let has_own = !krate.corrections(&fault.subject, &fault.fixed).is_empty();
            targets.insert((class, *k), (fault.id.clone(), has_own));
        }
    }
    let experiment: toml::Value =
        toml::from_str(&std::fs::read_to_string("experiments/realfaults.toml").unwrap()).unwrap();
    let mut generated = std::collections::BTreeSet::new();
    for phase in experiment["phase"].as_array().unwrap() {
        for run in phase["run"].as_array().unwrap() {
            let strategy = run["strategy"].as_str().unwrap();
            let name = run
                .get("label")
                .and_then(|l| l.as_str())
                .unwrap_or(strategy);
            if ["fdrt", "grt"].contains(&strategy) {
                generated.insert(name.to_string());
            }
        }
    }
    let cells = testspace::report::read_table(Path::new("corpus/results/realfaults")).unwrap();
    let [phase, subject, strategy, outcome] = ["phase", "subject", "strategy", "outcome"]
        .map(|name| cells.column(name).unwrap().values.to_texts());
    let number = |name: &str| cells.column(name).unwrap().values.to_u64s().unwrap();
    let (mutant, n) = (number("mutant"), number("n"));
    let mut expected = String::from("phase\tfault\tstrategy\tn\tkilled\tgolds_own\tunchecked\n");
    let mut rows = std::collections::BTreeMap::<(String, String, String, u64), (u64, u64)>::new();
    for row in 0..cells.height() {
        if outcome[row].as_deref() != Some("killed") {
            continue;
        }
        let key = (subject[row].clone().unwrap(), mutant[row].unwrap());
        let (fault, has_own) = &targets[&key];
        if !has_own {
            continue;
        }
        let run = strategy[row].clone().unwrap();
        let unchecked = u64::from(generated.contains(&run));
        let entry = rows
            .entry((
                phase[row].clone().unwrap(),
                fault.clone(),
                run,
                n[row].unwrap(),
            ))
            .or_default();
        entry.0 += 1;
        entry.1 += unchecked;
    }
    for ((phase, fault, run, n), (killed, unchecked)) in &rows {
        expected += &format!("{phase}\t{fault}\t{run}\t{n}\t{killed}\t0\t{unchecked}\n");
    }
    let committed = std::fs::read_to_string("testdata/corpus/realfaults-golds-own.tsv").unwrap();
    assert_eq!(
        committed, expected,
        "the committed table: every killed cell of gold's faults, none gold's own"
    );
    let killed: u64 = rows.values().map(|r| r.0).sum();
    let unchecked: u64 = rows.values().map(|r| r.1).sum();
    let docs = std::fs::read_to_string("docs/corpus.md").unwrap();
    let docs = docs.split_whitespace().collect::<Vec<_>>().join(" ");
    let claim = format!(
        "it checks the {} killed cells of the walks and finds none that found gold's own fault; \
         the other {unchecked} of its {killed} killed cells",
        killed - unchecked
    );
    assert!(docs.contains(&claim), "docs/corpus.md lacks {claim:?}");
}
