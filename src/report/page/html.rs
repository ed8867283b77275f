//! The page itself: one HTML document with inline CSS and a few lines of script, its
//! figures referenced as SVG files beside it. Every text from the folder is escaped.

use std::fmt::Write as _;

use super::escape;
use super::figures::{Figure, MAX_LABELLED, cost_title};
use super::model::Targets;
use super::model::{ExperimentInfo, ReportModel, SubjectReport};
use super::ranking::{Ranking, metric};

const STYLE: &str = "body{font-family:DejaVu Sans,Verdana,Arial,sans-serif;margin:0 auto;\
max-width:1300px;padding:0 24px 48px;color:#222;line-height:1.4}\
h1{font-size:1.6em;margin-top:24px}h2{border-bottom:2px solid #ddd;padding-bottom:4px;\
margin-top:40px}h3{margin-top:32px}table{border-collapse:collapse;margin:8px 0}\
td,th{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}\
th{background:#f5f5f5}td.num{text-align:right;font-variant-numeric:tabular-nums}\
pre{background:#f5f5f5;padding:8px 12px;overflow-x:auto}\
.note{background:#fff4ce;border-left:4px solid #e0a800;padding:6px 12px;margin:8px 0}\
figure{margin:12px 0;overflow-x:auto}figcaption{color:#555;font-size:.9em}\
img{max-width:none;display:block}nav ul{columns:4}code{background:#f5f5f5;padding:0 3px}";

/// The script that marks, once the page has loaded, whether every figure loaded
/// (`data-figures` on the root: `ok` or the names of those that did not), the script
/// errors (`data-errors`: `none` or their messages; a figure that fails is no script
/// error) and the load time (`data-load-ms`): read by the browser check.
const SCRIPT: &str = "(function(){var errors=[];window.addEventListener('error',function(e){if(!(e instanceof ErrorEvent))return;\
errors.push(String(e.message||e.type));document.documentElement.dataset.errors=errors.join(' | ');},true);\
window.addEventListener('load',function(){var bad=[];\
document.querySelectorAll('img').forEach(function(i){if(!(i.complete&&i.naturalWidth>0))bad.push(i.getAttribute('src'));});\
var root=document.documentElement;root.dataset.figures=bad.length?'broken: '+bad.join(' '):'ok';\
root.dataset.errors=errors.length?errors.join(' | '):'none';\
root.dataset.loadMs=String(Math.round(performance.now()));});})();";

/// The page of `model` with its figures (`cd`: the ranking's diagram; `subjects`: each
/// subject's figures keyed by part).
pub(crate) fn page(
    model: &ReportModel,
    cd: Option<&Figure>,
    subjects: &[Vec<(&'static str, Figure)>],
) -> String {
    let e = &model.experiment;
    let mut html = String::new();
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>testspace report: {}</title>\n<style>{STYLE}</style>\n\
         <script>{SCRIPT}</script>\n</head>\n<body>\n<h1>testspace report: {} ({} profile)</h1>\n",
        escape(&e.name),
        escape(&e.name),
        escape(&e.profile)
    );
    let _ = writeln!(
        html,
        "<p>Results folder <code>{}</code>, phase <code>{}</code> compared: {} strategies \
         on {} subjects, costs in {}.</p>",
        escape(&e.folder),
        escape(&model.phase),
        model.strategies.len(),
        model.subjects.len(),
        cost_title(model.cost)
    );
    for note in &model.notes {
        let _ = writeln!(html, "<p class=\"note\">Note: {}</p>", escape(note));
    }
    html.push_str(
        "<p>The page's numbers as tables: <a href=\"ranking.csv\">ranking.csv</a>, \
         <a href=\"kills.csv\">kills.csv</a>, <a href=\"pairs.csv\">pairs.csv</a>.</p>\n",
    );
    html.push_str("<nav><ul><li><a href=\"#experiment\">Experiment</a></li><li><a href=\"#checklist\">Evaluation checklist</a></li><li><a href=\"#ranking\">Ranking</a></li>");
    for (i, s) in model.subjects.iter().enumerate() {
        let _ = write!(
            html,
            "<li><a href=\"#s{i:02}\">{}</a></li>",
            escape(&s.name)
        );
    }
    html.push_str("</ul></nav>\n");
    experiment_section(&mut html, e);
    checklist_section(&mut html, &super::checklist::checklist(model));
    ranking_section(&mut html, &model.ranking, cd, model.targets);
    for (i, (subject, figures)) in model.subjects.iter().zip(subjects).enumerate() {
        subject_section(&mut html, i, subject, figures, model.targets);
    }
    html.push_str("</body>\n</html>\n");
    html
}

fn row(html: &mut String, key: &str, value: &str) {
    let _ = writeln!(
        html,
        "<tr><th>{}</th><td>{}</td></tr>",
        escape(key),
        escape(value)
    );
}

fn experiment_section(html: &mut String, e: &ExperimentInfo) {
    html.push_str("<h2 id=\"experiment\">What the experiment was</h2>\n<table>\n");
    row(html, "experiment", &e.name);
    row(html, "file", &format!("{} (SHA-256 {})", e.file, e.sha256));
    row(html, "profile", &e.profile);
    row(html, "seed", &e.seed.to_string());
    row(html, "replicates", &e.replicates.to_string());
    row(html, "oracle", &e.oracle);
    row(
        html,
        "commit",
        e.commit.as_deref().unwrap_or("(not recorded)"),
    );
    row(html, "testspace", &e.version);
    row(
        html,
        "machine",
        &format!("{}, {} worker process(es)", e.machine, e.jobs),
    );
    row(
        html,
        "run",
        &format!("started {}, finished {}", e.started, e.finished),
    );
    let calls = e
        .method_calls
        .map_or(String::new(), |c| format!(", {c} method calls"));
    row(
        html,
        "cost",
        &format!("{} cells, {:.1} CPU seconds{calls}", e.cells, e.cpu_seconds),
    );
    html.push_str("</table>\n<p>To run it again (the seeds and replicates are the file's):</p>\n");
    let _ = writeln!(html, "<pre>{}</pre>", escape(&e.rerun));
}

/// The evaluation checklist as a table, each item's status beside it.
fn checklist_section(html: &mut String, items: &[super::checklist::CheckItem]) {
    html.push_str(
        "<h2 id=\"checklist\">Evaluation checklist</h2>\n<p>After Klees et al. (CCS 2018), \
         Schloegel et al. (S&amp;P 2024) and Arcuri &amp; Briand (ICSE 2011); \
         <code>testspace report --strict</code> fails on a violation.</p>\n\
         <table><tr><th>item</th><th>status</th><th>what was found</th></tr>\n",
    );
    for item in items {
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(item.topic),
            escape(item.status.word()),
            escape(&item.text)
        );
    }
    html.push_str("</table>\n");
}

fn ranking_section(
    html: &mut String,
    ranking: &Result<Ranking, String>,
    cd: Option<&Figure>,
    targets: Targets,
) {
    html.push_str("<h2 id=\"ranking\">Ranking</h2>\n");
    let _ = writeln!(
        html,
        "<p>Metric: {}. Rank 1 is the best. {}</p>",
        escape(&metric(targets)),
        escape(&timeout_convention(targets))
    );
    let ranking = match ranking {
        Ok(ranking) => ranking,
        Err(why) => {
            let _ = writeln!(html, "<p class=\"note\">{}</p>", escape(why));
            return;
        }
    };
    let f = &ranking.friedman;
    let (k, n) = (f.treatments as f64, f.blocks as f64);
    let _ = writeln!(
        html,
        "<p>Friedman test over {} subjects and {} strategies: χ²<sub>F</sub> = {:.3} \
         (df {}), p = {}; Iman–Davenport F<sub>F</sub> = {:.3} (df {}, {}), p = {}.</p>",
        f.blocks,
        f.treatments,
        f.statistic,
        k - 1.0,
        p_text(f.p_value),
        f.iman_davenport,
        k - 1.0,
        (k - 1.0) * (n - 1.0),
        p_text(f.iman_davenport_p_value)
    );
    match (&ranking.nemenyi, cd) {
        (Ok(nemenyi), Some(cd)) => {
            let _ = writeln!(
                html,
                "<figure><img src=\"{}\" alt=\"{}\"><figcaption>Nemenyi critical difference \
                 CD = {:.3} at α = {}: strategies joined by a bar are not significantly \
                 different.</figcaption></figure>",
                escape(&cd.file),
                escape(&cd.alt),
                nemenyi.cd,
                nemenyi.alpha
            );
        }
        (Err(why), _) => {
            let _ = writeln!(html, "<p class=\"note\">{}</p>", escape(why));
        }
        _ => {}
    }
    let mut order: Vec<usize> = (0..ranking.strategies.len()).collect();
    order.sort_by(|&a, &b| f.average_ranks[a].total_cmp(&f.average_ranks[b]));
    html.push_str(
        "<details><summary>Average ranks as a table</summary>\n\
         <table><tr><th>strategy</th><th>average rank</th></tr>\n",
    );
    for j in order {
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td class=\"num\">{:.3}</td></tr>",
            escape(&ranking.strategies[j]),
            f.average_ranks[j]
        );
    }
    html.push_str("</table>\n</details>\n");
}

/// `word` with its first letter upper-case.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

fn p_text(p: f64) -> String {
    if p < 1e-4 {
        format!("{p:.2e}")
    } else {
        format!("{p:.4}")
    }
}

/// How a cell that ends in a timeout is counted, said wherever a kill count is shown.
pub(crate) fn timeout_convention(targets: Targets) -> String {
    format!(
        "A cell that ends in a timeout (the target ran out of fuel or was stopped by the \
         watchdog and no test case failed) counts as not {verb}, as in every testspace table; \
         the mutation-testing-elements viewer of testspace mutation-report counts a \
         Timeout as detected, so its mutation score is higher by the {plural} that only timed \
         out.",
        verb = targets.verb(),
        plural = targets.plural()
    )
}

fn subject_section(
    html: &mut String,
    index: usize,
    subject: &SubjectReport,
    figures: &[(&'static str, Figure)],
    targets: Targets,
) {
    let (plural, verb) = (targets.plural(), targets.verb());
    let _ = writeln!(
        html,
        "<h2 id=\"s{index:02}\">{}</h2>\n<p>{} {plural} in the phase.</p>",
        escape(&subject.name),
        subject.mutants
    );
    let figure = |part: &str| figures.iter().find(|(p, _)| *p == part).map(|(_, f)| f);
    let show = |html: &mut String, title: &str, part: &str, missing: Option<&String>| {
        let _ = writeln!(html, "<h3>{}</h3>", escape(title));
        if let Some(why) = missing {
            let _ = writeln!(html, "<p class=\"note\">{}</p>", escape(why));
        }
        if let Some(f) = figure(part) {
            let _ = writeln!(
                html,
                "<figure><img src=\"{}\" alt=\"{}\"></figure>",
                escape(&f.file),
                escape(&f.alt)
            );
        }
    };
    let title = format!("{} {verb} over replicates", capitalised(plural));
    show(html, &title, "kills", None);
    let ran = subject.kills.iter().filter(|k| k.is_some()).count();
    let unlabelled = format!(
        "{ran} strategies: the heatmap shows Â12 as colour and a dot where the Holm-adjusted \
         p < 0.05, without numbers (they are written up to {MAX_LABELLED} strategies)"
    );
    let pair_note = match &subject.pairwise {
        Ok(p) if ran > MAX_LABELLED => Some(
            p.note
                .as_ref()
                .map_or(unlabelled.clone(), |n| format!("{n}; {unlabelled}")),
        ),
        Ok(p) => p.note.clone(),
        Err(why) => Some(why.clone()),
    };
    show(
        html,
        "Pairwise Â12 and Holm-adjusted Mann–Whitney p",
        "pairwise",
        pair_note.as_ref(),
    );
    show(
        html,
        "Kill growth",
        "growth",
        subject.kill_growth.as_ref().err(),
    );
    show(
        html,
        "Coverage growth",
        "coverage",
        subject.coverage.as_ref().err(),
    );
    show(html, "Kill matrix", "matrix", None);
    let only = &subject.kill_matrix.only_one;
    if only.is_empty() {
        let _ = writeln!(
            html,
            "<p>No {} is {verb} by exactly one strategy.</p>",
            targets.singular()
        );
    } else {
        let _ = writeln!(
            html,
            "<p>{} only one strategy {verb}:</p>\n<table><tr><th>{}</th><th>strategy</th></tr>",
            capitalised(plural),
            targets.singular()
        );
        for (mutant, strategy) in only {
            let _ = writeln!(
                html,
                "<tr><td class=\"num\">{mutant}</td><td>{}</td></tr>",
                escape(strategy)
            );
        }
        html.push_str("</table>\n");
    }
    let title = format!("Survival of the {plural} (Kaplan–Meier)");
    show(html, &title, "survival", None);
}
