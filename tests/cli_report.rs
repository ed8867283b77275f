//! Command-line contract of `testspace report`: the committed smoke run's page and its
//! figures (each referenced file there and well-formed XML), byte-identical output on a
//! second run, the notes of a folder too small for some statistics, and folders that are
//! not finished results refused with nothing written.

use std::collections::BTreeMap;
use std::path::Path;

use assert_cmd::Command;

const SMOKE: &str = "results/andrews2010-smoke";
const REGISTER: &str = "testdata/results/register";

fn report(results: &Path, out: &Path) -> std::process::Output {
    Command::cargo_bin("testspace")
        .unwrap()
        .arg("report")
        .arg(results)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

/// Every file of `folder` by name with its bytes.
fn files(folder: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().into_owned();
            (name, std::fs::read(entry.path()).unwrap())
        })
        .collect()
}

/// The `src="…"` attributes of a page.
fn sources(page: &str) -> Vec<&str> {
    page.split("src=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect()
}

/// A small well-formedness check of an XML document: one root, every tag closed in order,
/// attributes quoted, only the five predefined entities and character references.
fn check_xml(text: &str) -> Result<(), String> {
    let body = text
        .strip_prefix("<?xml")
        .and_then(|rest| rest.split_once("?>"))
        .map_or(text, |(_, rest)| rest);
    let mut stack: Vec<&str> = Vec::new();
    let mut roots = 0;
    let mut rest = body;
    while let Some(open) = rest.find('<') {
        check_text(&rest[..open])?;
        let after = &rest[open + 1..];
        let close = after.find('>').ok_or("a tag is not closed")?;
        let tag = &after[..close];
        rest = &after[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let top = stack.pop().ok_or(format!("</{name}> closes nothing"))?;
            if top != name.trim() {
                return Err(format!("</{name}> closes <{top}>"));
            }
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name = tag.split_whitespace().next().ok_or("an empty tag")?;
        check_attributes(&tag[name.len()..])?;
        if stack.is_empty() {
            roots += 1;
        }
        if !self_closing {
            stack.push(name);
        }
    }
    check_text(rest)?;
    match (stack.is_empty(), roots) {
        (true, 1) => Ok(()),
        (false, _) => Err(format!("unclosed: {stack:?}")),
        _ => Err(format!("{roots} root elements")),
    }
}

fn check_text(text: &str) -> Result<(), String> {
    for (i, _) in text.match_indices('&') {
        let entity = &text[i..text[i..].find(';').map_or(text.len(), |e| i + e + 1)];
        let known = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity)
            || entity.starts_with("&#");
        if !known {
            return Err(format!("bad entity in {text:?}"));
        }
    }
    if text.contains('>') && text.trim().starts_with('<') {
        return Err(format!("stray markup in {text:?}"));
    }
    Ok(())
}

fn check_attributes(mut attributes: &str) -> Result<(), String> {
    loop {
        attributes = attributes.trim_start();
        if attributes.is_empty() {
            return Ok(());
        }
        let equals = attributes
            .find('=')
            .ok_or(format!("attribute without value: {attributes}"))?;
        let value = &attributes[equals + 1..];
        let quote = value.chars().next().filter(|q| *q == '"' || *q == '\'');
        let quote = quote.ok_or(format!("unquoted attribute: {attributes}"))?;
        let end = value[1..].find(quote).ok_or("an attribute is not closed")?;
        check_text(&value[1..=end])?;
        if value[1..=end].contains('<') {
            return Err(format!("< in an attribute: {attributes}"));
        }
        attributes = &value[end + 2..];
    }
}

#[test]
fn the_xml_check_can_fail() {
    assert!(check_xml("<svg><g></svg>").is_err());
    assert!(check_xml("<svg a=b/>").is_err());
    assert!(check_xml("<svg>a & b</svg>").is_err());
    assert!(check_xml("<svg/><svg/>").is_err());
    assert!(check_xml("<?xml version=\"1.0\"?>\n<svg a=\"&lt;\"><t>x</t></svg>\n").is_ok());
}

#[test]
fn the_smoke_run_gives_a_page_whose_figures_exist_and_parse() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("page");
    let output = report(Path::new(SMOKE), &out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        out.join("index.html").display().to_string()
    );
    let written = files(&out);
    let page = String::from_utf8(written["index.html"].clone()).unwrap();
    let figures = sources(&page);
    assert!(figures.contains(&"ranking-cd.svg"), "{figures:?}");
    let tables = ["ranking.csv", "kills.csv", "pairs.csv"];
    for table in tables {
        assert!(written.contains_key(table), "{table} missing");
        assert!(
            page.contains(&format!("href=\"{table}\"")),
            "{table} not linked"
        );
    }
    // The page, its figures and tables, and report's output marker (docs/faults.md,
    // "Output places").
    assert_eq!(written[".testspace-output"], b"report\n");
    assert_eq!(
        figures.len() + 1 + tables.len() + 1,
        written.len(),
        "every file is on the page"
    );
    for figure in figures {
        let svg = written
            .get(figure)
            .unwrap_or_else(|| panic!("{figure} missing"));
        let svg = std::str::from_utf8(svg).unwrap();
        check_xml(svg).unwrap_or_else(|e| panic!("{figure}: {e}"));
        assert!(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    }
    for part in [
        "What the experiment was",
        "Friedman test over 3 subjects",
        "Kill matrix",
    ] {
        assert!(page.contains(part), "{part}");
    }
    assert!(page.contains("testspace run experiments/andrews2010.toml --profile smoke"));
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "no staging folder left: {left:?}");
}

#[test]
fn a_second_run_writes_the_same_bytes_and_replaces_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (dir.path().join("a"), dir.path().join("b"));
    assert!(report(Path::new(SMOKE), &first).status.success());
    assert!(report(Path::new(SMOKE), &second).status.success());
    assert_eq!(files(&first), files(&second));
    std::fs::write(first.join("s99-stale.svg"), "<svg/>").unwrap();
    assert!(report(Path::new(SMOKE), &first).status.success());
    assert_eq!(files(&first), files(&second), "replaced whole");
}

#[test]
fn a_small_folder_says_what_it_cannot_compute_and_writes_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("page");
    let output = report(Path::new(REGISTER), &out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    for note in [
        "the folder holds 1 replicate: no Mann–Whitney p-values",
        "no ranking: the Friedman test needs at least 2 subjects, the phase has 1",
    ] {
        assert!(stderr.contains(note), "{note}: {stderr}");
        assert!(
            page.contains(&format!("<p class=\"note\">Note: {note}")),
            "{note}"
        );
    }
    assert!(out.join("s00-kills.svg").exists() && out.join("s00-survival.svg").exists());
    assert!(!out.join("ranking-cd.svg").exists());
}

#[test]
fn a_folder_that_is_not_results_fails_naming_it_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let out = dir.path().join("page");
    let output = report(&empty, &out);
    assert!(!output.status.success());
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let named = format!(
        "{} is not a testspace results folder: it has no manifest.json",
        empty.display()
    );
    assert!(stderr.contains(&named), "{stderr}");
    assert!(!out.exists());
}

#[test]
fn an_unfinished_run_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("unfinished");
    std::fs::create_dir(&folder).unwrap();
    for file in ["cells.csv", "experiment.toml"] {
        std::fs::copy(Path::new(SMOKE).join(file), folder.join(file)).unwrap();
    }
    let manifest = std::fs::read_to_string(Path::new(SMOKE).join("manifest.json")).unwrap();
    let finished = manifest
        .lines()
        .find(|l| l.contains("\"finished\""))
        .unwrap();
    let manifest = manifest.replace(finished, "  \"finished\": null,");
    std::fs::write(folder.join("manifest.json"), manifest).unwrap();
    let output = report(&folder, &folder.join("report"));
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("holds an unfinished run"), "{stderr}");
    assert!(stderr.contains(&folder.display().to_string()), "{stderr}");
    assert!(!folder.join("report").exists());
}

#[test]
fn a_reference_run_is_not_written_into_by_default() {
    let output = Command::cargo_bin("testspace")
        .unwrap()
        .args(["report", SMOKE])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("is a committed reference run"), "{stderr}");
    assert!(!Path::new(SMOKE).join("report").exists());
}

/// The legend entries of a line chart: (strategy label, its style), the style being the
/// legend line's stroke and dash with the kind of its marker.
fn legend_styles(svg: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = svg.lines().collect();
    let attribute = |element: &str, name: &str| -> String {
        let start = element.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        element[start..start + element[start..].find('"').unwrap()].to_string()
    };
    let mut entries = Vec::new();
    for window in lines.windows(3) {
        let [line, marker, text] = window else {
            continue;
        };
        if !(line.starts_with("<line") && text.starts_with("<text")) {
            continue;
        }
        let marker_kind = if marker.starts_with("<circle") {
            "circle".to_string()
        } else if marker.starts_with("<path") {
            let d = attribute(marker, "d");
            d.chars().filter(|c| c.is_ascii_alphabetic()).collect()
        } else {
            continue;
        };
        let name = text[text.find('>').unwrap() + 1..text.rfind("</text>").unwrap()].to_string();
        // Survival legends add "(killed/cells killed)" to the label.
        let label = name.split(" (").next().unwrap().to_string();
        let style = format!("{} {marker_kind}", attribute(line, "style"));
        entries.push((label, style));
    }
    entries
}

#[test]
fn a_strategy_is_drawn_alike_on_every_subject_and_in_two_reports() {
    let out = tempfile::tempdir().unwrap();
    let reports = [
        ("results/tournament", Some("calls-1k"), ".", "tournament"),
        ("results/realfaults", None, "corpus", "realfaults"),
    ];
    // label → style → the charts it was seen in.
    let mut seen: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for (results, phase, dir, name) in reports {
        let folder = out.path().join(name);
        let mut command = Command::cargo_bin("testspace").unwrap();
        command
            .current_dir(dir)
            .arg("report")
            .arg(results)
            .arg("--out")
            .arg(&folder);
        if let Some(phase) = phase {
            command.args(["--phase", phase]);
        }
        let output = command.output().unwrap();
        assert!(output.status.success(), "{output:?}");
        let mut charts = 0;
        for (file, bytes) in files(&folder) {
            let is_chart = ["-growth.svg", "-coverage.svg", "-survival.svg"]
                .iter()
                .any(|part| file.ends_with(part));
            if !is_chart {
                continue;
            }
            charts += 1;
            let entries = legend_styles(&String::from_utf8(bytes).unwrap());
            assert!(entries.len() >= 2, "{name}/{file}: no legend read");
            let styles: std::collections::BTreeSet<&String> =
                entries.iter().map(|e| &e.1).collect();
            assert_eq!(
                styles.len(),
                entries.len(),
                "{name}/{file}: two strategies drawn alike"
            );
            for (label, style) in entries {
                seen.entry(label)
                    .or_default()
                    .entry(style)
                    .or_default()
                    .push(format!("{name}/{file}"));
            }
        }
        assert!(charts > 10, "{name}: {charts} charts");
    }
    for (label, styles) in &seen {
        assert_eq!(
            styles.len(),
            1,
            "{label} is drawn {} ways: {styles:?}",
            styles.len()
        );
    }
    // The shared strategies, on many subjects of both reports.
    for label in ["r n=20", "bobw n=20", "ensemble n=20", "be n=3"] {
        let charts = seen[label].values().next().unwrap();
        for name in ["tournament", "realfaults"] {
            let here = charts.iter().filter(|c| c.starts_with(name)).count();
            assert!(here >= 10, "{label} in {here} charts of {name}");
        }
    }
}

#[test]
fn strict_fails_on_a_checklist_violation_after_writing_the_page() {
    let out = tempfile::tempdir().unwrap();
    let strict = |results: &str, phase: Option<&str>, folder: &Path| {
        let mut command = Command::cargo_bin("testspace").unwrap();
        command
            .args(["report", results, "--strict", "--out"])
            .arg(folder);
        if let Some(phase) = phase {
            command.args(["--phase", phase]);
        }
        command.output().unwrap()
    };
    // The smoke run has 3 replicates: a violation, exit 3, the page written with its list.
    let smoke = out.path().join("smoke");
    let output = strict(SMOKE, None, &smoke);
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("checklist: violation — trials per cell: 3 replicates of "),
        "{stderr}"
    );
    assert!(stderr.contains("error: the evaluation checklist has a violation (--strict)"));
    let page = std::fs::read_to_string(smoke.join("index.html")).unwrap();
    assert!(page.contains("<h2 id=\"checklist\">Evaluation checklist</h2>"));
    // Without --strict the same folder passes.
    let output = report(Path::new(SMOKE), &out.path().join("lenient"));
    assert!(output.status.success(), "{output:?}");
    // The committed tournament: ten replicates, equal stated budgets; warnings only.
    let output = strict(
        "results/tournament",
        Some("calls-10k"),
        &out.path().join("t"),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for item in [
        "checklist: met — trials per cell: 10 replicates per (subject, seeded strategy)",
        "checklist: warning — equal budgets: the stated budgets are equal",
        "checklist: met — seeds published: seed 2026",
        "checklist: met — effect sizes beside p-values",
        "checklist: warning — blocks with no variance: 1 of 16 subjects",
        "checklist: met — multiple-testing correction: pairwise Mann–Whitney p-values are Holm-adjusted",
        "checklist: note — what the critical difference can separate: with k = 13 strategies over N = 16 subjects the CD is 4.56 ranks",
    ] {
        assert!(stderr.contains(item), "{item}\n{stderr}");
    }
}
