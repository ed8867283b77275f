//! `testspace run --shard I/N` and `testspace merge`: the shards of the replicated Register
//! fixture experiment merge into the tables of a run of the whole experiment, and merge
//! refuses what is not a complete set of shards of one experiment, writing nothing.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

const REPLICATED: &str = "testdata/experiments/register-replicated.toml";

fn testspace() -> Command {
    let mut cmd = Command::cargo_bin("testspace").unwrap();
    cmd.env("TESTSPACE_FIXTURE_SUBJECTS", "1");
    cmd
}

fn run(experiment: &str, shard: Option<&str>, out: &Path) {
    let mut cmd = testspace();
    cmd.args(["run", experiment, "--watchdog", "2", "--quiet", "--out"])
        .arg(out);
    if let Some(shard) = shard {
        cmd.args(["--shard", shard]);
    }
    cmd.assert().success();
}

fn rows(out: &Path) -> usize {
    std::fs::read_to_string(out.join("cells.csv"))
        .unwrap()
        .lines()
        .count()
        - 1
}

#[test]
fn three_shards_merge_into_the_tables_of_the_whole_run_and_bad_sets_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let shard = |i: usize| dir.path().join(format!("s{i}"));
    for i in 1..=3 {
        run(REPLICATED, Some(&format!("{i}/3")), &shard(i));
    }
    let whole = dir.path().join("whole");
    run(REPLICATED, None, &whole);
    // Every shard has work, and together they have every cell.
    let sizes: Vec<usize> = (1..=3).map(|i| rows(&shard(i))).collect();
    assert!(sizes.iter().all(|&s| s > 0), "{sizes:?}");
    assert_eq!(sizes.iter().sum::<usize>(), rows(&whole));

    let merged = dir.path().join("merged");
    testspace()
        .arg("merge")
        .arg(&merged)
        .args([shard(3), shard(1), shard(2)])
        .assert()
        .success()
        .stdout(predicate::str::contains("merged 3 shards"));
    testspace()
        .arg("diff")
        .args([&merged, &whole])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("identical"));
    // The merged folder is a run like any other: resuming it has nothing to do.
    testspace()
        .args([
            "run",
            REPLICATED,
            "--watchdog",
            "2",
            "--quiet",
            "--resume",
            "--out",
        ])
        .arg(&merged)
        .assert()
        .success()
        .stdout(predicate::str::contains("(0 run now)"));

    let refused = |shards: Vec<std::path::PathBuf>, message: &str| {
        let out = dir.path().join("refused");
        testspace()
            .arg("merge")
            .arg(&out)
            .args(shards)
            .assert()
            .failure()
            .stderr(predicate::str::contains(message));
        assert!(!out.exists(), "nothing may be written");
    };
    refused(vec![shard(1), shard(3)], "shards missing: 2/3");
    refused(
        vec![shard(1), shard(2), shard(2), shard(3)],
        "shard 2/3 is given twice",
    );
    refused(vec![shard(1), shard(2), whole.clone()], "not a shard");
    let foreign = dir.path().join("foreign");
    run("testdata/experiments/register.toml", Some("3/3"), &foreign);
    refused(vec![shard(1), shard(2), foreign], "is foreign to");
    testspace()
        .arg("merge")
        .arg(&whole)
        .args([shard(1), shard(2), shard(3)])
        .assert()
        .failure()
        .stderr(predicate::str::contains("already holds a run"));
    // A shard folder resumes only as the same shard.
    testspace()
        .args([
            "run",
            REPLICATED,
            "--watchdog",
            "2",
            "--resume",
            "--shard",
            "2/3",
            "--out",
        ])
        .arg(shard(1))
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "holds a run of shard 1/3, not of shard 2/3",
        ));
    testspace()
        .args(["run", REPLICATED, "--shard", "4/3"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("INDEX/COUNT"));
}

/// `testspace slurm` writes a job array and a merge job; run by bash the way Slurm runs them
/// (one array task per SLURM_ARRAY_TASK_ID, then the merge), they give the tables of the
/// whole run. (.ci/slurm.sh runs them under a real Slurm cluster.)
#[test]
fn the_slurm_scripts_run_the_shards_and_merge_them() {
    let dir = tempfile::tempdir().unwrap();
    let job = dir.path().join("job");
    testspace()
        .args([
            "slurm",
            REPLICATED,
            "--shards",
            "3",
            "--cpus",
            "1",
            "--watchdog",
            "2",
        ])
        .arg("--dir")
        .arg(&job)
        .assert()
        .success()
        .stdout(predicate::str::contains("submit with: bash"));
    let array = std::fs::read_to_string(job.join("array.sbatch")).unwrap();
    for line in [
        "#SBATCH --array=1-3",
        "#SBATCH --requeue",
        "--shard \"${shard}/3\"",
    ] {
        assert!(array.contains(line), "{line} missing:\n{array}");
    }
    let submit = std::fs::read_to_string(job.join("submit.sh")).unwrap();
    assert!(submit.contains("--dependency=afterok:"), "{submit}");
    for task in ["1", "2", "3", "2"] {
        // The second run of task 2 resumes its finished shard.
        let status = std::process::Command::new("bash")
            .arg(job.join("array.sbatch"))
            .env("SLURM_ARRAY_TASK_ID", task)
            .env("TESTSPACE_FIXTURE_SUBJECTS", "1")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "array task {task}");
    }
    let status = std::process::Command::new("bash")
        .arg(job.join("merge.sbatch"))
        .env("TESTSPACE_FIXTURE_SUBJECTS", "1")
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let whole = dir.path().join("whole");
    run(REPLICATED, None, &whole);
    testspace()
        .arg("diff")
        .arg(job.join("merged"))
        .arg(&whole)
        .assert()
        .success();
    testspace()
        .args(["slurm", REPLICATED, "--shards", "0"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--shards must be at least 1"));
}
