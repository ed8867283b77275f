//! The page on the committed smoke run and on hand-made folders.

use std::path::Path;

use super::*;

const SMOKE: &str = "results/andrews2010-smoke";

fn smoke_model() -> ReportModel {
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
    for (name, bytes) in &files[1..] {
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
