//! The page on the committed smoke run and on hand-made folders.

use std::path::Path;

use super::*;

const SMOKE: &str = "results/andrews2010-smoke";

/// The page's model of the committed smoke run.
pub(crate) fn smoke_model() -> ReportModel {
    let folder = crate::report::folder::open(Path::new(SMOKE)).unwrap();
    let cells = Cells::from_table(&folder.cells).unwrap();
    build_model(Path::new(SMOKE), &folder.manifest, &cells, None, false).unwrap()
}

#[test]
fn escaping_covers_markup_and_quotes() {
    assert_eq!(
        escape(r#"<a href="x">'&'</a>"#),
        "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
    );
    assert_eq!(escape("Â12 ≥ ½"), "Â12 ≥ ½");
}

#[test]
fn the_smoke_run_is_ranked_over_its_three_subjects() {
    let model = smoke_model();
    assert_eq!(model.phase, "comparison");
    assert_eq!(model.experiment.replicates, 3);
    assert_eq!(model.subjects.len(), 3);
    assert_eq!(model.strategies[0], "r n=1");
    let ranking = model.ranking.as_ref().unwrap();
    assert_eq!(ranking.subjects, ["ArrayList", "HashMap", "TreeMap"]);
    let k = ranking.strategies.len() as f64;
    let sum: f64 = ranking.friedman.average_ranks.iter().sum();
    assert!((sum - k * (k + 1.0) / 2.0).abs() < 1e-9);
    let cd = ranking.nemenyi.as_ref().unwrap();
    assert_eq!(
        cd.groups,
        crate::stats::indistinct_groups(&ranking.friedman.average_ranks, cd.cd).unwrap()
    );
    for subject in &model.subjects {
        assert!(subject.pairwise.is_ok() && subject.kill_growth.is_ok());
        let growth = subject.kill_growth.as_ref().unwrap();
        assert!(!growth.is_empty());
    }
}

#[test]
fn rendering_is_deterministic_and_every_figure_is_referenced() {
    let model = smoke_model();
    let files = render(&model);
    assert_eq!(files, render(&smoke_model()));
    assert_eq!(files[0].0, PAGE);
    let page = String::from_utf8(files[0].1.clone()).unwrap();
    for (name, bytes) in files[1..]
        .iter()
        .filter(|(name, _)| !name.ends_with(".csv"))
    {
        assert!(name.ends_with(".svg"));
        assert!(
            page.contains(&format!("src=\"{name}\"")),
            "{name} not on the page"
        );
        assert!(bytes.starts_with(b"<?xml"));
    }
    assert!(page.contains("Friedman test over 3 subjects"));
    assert!(
        !page.contains("http://") && !page.contains("https://"),
        "offline page"
    );
}

#[test]
fn the_tables_beside_the_page_hold_its_ranks_kills_and_pairs() {
    let model = smoke_model();
    let files = render(&model);
    let text = |name: &str| -> String {
        let (_, bytes) = files.iter().find(|(n, _)| n == name).expect(name);
        String::from_utf8(bytes.clone()).unwrap()
    };
    let page = String::from_utf8(files[0].1.clone()).unwrap();
    let ranking = model.ranking.as_ref().unwrap();
    let ranks = text("ranking.csv");
    assert!(ranks.starts_with("strategy,average_rank,subjects,friedman_chi2,"));
    assert_eq!(ranks.lines().count(), model.strategies.len() + 1);
    for (strategy, rank) in ranking
        .strategies
        .iter()
        .zip(&ranking.friedman.average_ranks)
    {
        let row = ranks
            .lines()
            .find(|l| l.starts_with(&format!("{strategy},")))
            .unwrap();
        let field: f64 = row.split(',').nth(1).unwrap().parse().unwrap();
        assert_eq!(field, *rank, "{row}");
    }
    let kills = text("kills.csv");
    // One row per (subject, strategy) with cells, and one `all` row per strategy.
    let with_cells: usize = model
        .subjects
        .iter()
        .map(|s| s.kills.iter().flatten().count())
        .sum();
    let pooled = kills.lines().filter(|l| l.starts_with("all,")).count();
    assert!(pooled >= 1 && pooled <= model.strategies.len());
    assert_eq!(kills.lines().count(), 1 + with_cells + pooled);
    // The `all` row of a strategy is the median over replicates of its summed kills.
    let first = &model.strategies[0];
    let sums: Vec<f64> = (0..3)
        .map(|r| {
            model
                .subjects
                .iter()
                .map(|s| s.kills[0].as_ref().unwrap().per_replicate[r])
                .sum()
        })
        .collect();
    let median = crate::stats::summary(&sums).unwrap().median;
    let row = kills
        .lines()
        .find(|l| l.starts_with(&format!("all,{first},")))
        .unwrap();
    assert_eq!(
        row.split(',').nth(4).unwrap().parse::<f64>().unwrap(),
        median
    );
    let pairs = text("pairs.csv");
    let ordered_pairs: usize = model
        .subjects
        .iter()
        .map(|s| s.kills.iter().flatten().count())
        .map(|present| present * (present - 1))
        .sum();
    assert_eq!(pairs.lines().count(), 1 + ordered_pairs);
    for name in ["ranking.csv", "kills.csv", "pairs.csv"] {
        assert!(
            page.contains(&format!("href=\"{name}\"")),
            "{name} not linked"
        );
    }
}
