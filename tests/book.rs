//! The README, the changelog and the book (docs/; docs/contributing.md), without mdBook:
//!
//! - every internal link resolves: the file or folder exists, and a `#anchor` names a heading
//!   of the target page. Anchors are made from the heading's text as GitHub and mdBook make
//!   them, and a link must resolve under both (they differ only in how non-ASCII capitals
//!   are lowered);
//! - every page of docs/ is in docs/SUMMARY.md;
//! - every runnable listing runs: a ```sh block right after a line `<!-- runnable -->`, each
//!   line in a scratch folder that sees the repository's results/, testdata/, experiments/
//!   and models/, with `cargo run --release --` standing for this build's `testspace`; each
//!   must exit with 0.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Pages under docs/ that are not chapters of the book.
const OUTSIDE_THE_BOOK: [&str; 1] = ["docs/minimal/README.md"];

/// The line that makes the ```sh block after it runnable.
const RUNNABLE: &str = "<!-- runnable -->";
/// How a runnable listing calls testspace.
const CARGO_RUN: &str = "cargo run --release --";

/// The Markdown files checked, relative to the repository's root: the README, the
/// changelog and the pages of docs/.
fn checked_files() -> Vec<PathBuf> {
    let mut files = vec![PathBuf::from("README.md"), PathBuf::from("CHANGELOG.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir("docs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    files.extend(pages);
    files
}

/// The lines outside fenced code blocks, with their 1-based numbers.
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fence: Option<&str> = None;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match fence {
            Some(f) if trimmed.starts_with(f) => fence = None,
            Some(_) => {}
            None if trimmed.starts_with("```") => fence = Some("```"),
            None if trimmed.starts_with("~~~") => fence = Some("~~~"),
            None => out.push((i + 1, line)),
        }
    }
    out
}

/// A line without its inline code spans' backticks kept apart: the spans are blanked so
/// that brackets inside them are not read as links.
fn without_code_spans(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_code = false;
    for ch in line.chars() {
        if ch == '`' {
            in_code = !in_code;
            out.push(' ');
        } else if in_code {
            out.push(' ');
        } else {
            out.push(ch);
        }
    }
    out
}

/// The targets of the inline links `[text](target)` and images `![alt](target)` of a line.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code_spans(line);
    let mut targets = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        match after.find(')') {
            Some(end) => {
                let target = after[..end].split_whitespace().next().unwrap_or("");
                targets.push(target.to_string());
                rest = &after[end..];
            }
            None => break,
        }
    }
    targets
}

/// A heading's text as rendered: inline code's backticks, emphasis stars and link targets
/// dropped, trailing `#`s removed.
fn heading_text(heading: &str) -> String {
    let text = heading.trim().trim_end_matches('#').trim_end();
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '`' | '*' => {}
            ']' if chars.peek() == Some(&'(') => {
                for c in chars.by_ref() {
                    if c == ')' {
                        break;
                    }
                }
            }
            '[' => {}
            _ => out.push(ch),
        }
    }
    out
}

/// GitHub's anchor of a heading text: lower case, letters, digits, `-` and `_` kept, spaces
/// as `-`, everything else dropped.
fn github_id(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// mdBook's anchor of a heading text: the same, but only ASCII letters are lowered and any
/// whitespace becomes `-`.
fn mdbook_id(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            c if c.is_whitespace() => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

/// The anchors of a page under one scheme, repeated headings numbered `-1`, `-2`, ….
fn anchors(text: &str, id: fn(&str) -> String) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    for (_, line) in prose(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = id(&heading_text(&line[hashes..]));
        let count = seen.entry(base.clone()).or_insert(0);
        out.insert(if *count == 0 {
            base.clone()
        } else {
            format!("{base}-{count}")
        });
        *count += 1;
    }
    out
}

/// `a/b/../c` as `a/c` (no file-system access, so a missing file is reported as missing).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[test]
fn every_internal_link_and_anchor_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in checked_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let dir = file.parent().unwrap_or(Path::new(""));
        for (number, line) in prose(&text) {
            for target in link_targets(line) {
                if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (path, anchor) = match target.split_once('#') {
                    Some((p, a)) => (p, Some(a)),
                    None => (target.as_str(), None),
                };
                let resolved = if path.is_empty() {
                    file.clone()
                } else {
                    normalize(&dir.join(path))
                };
                let at = format!("{}:{number}: {target}", file.display());
                if !resolved.exists() {
                    broken.push(format!("{at}: no file {}", resolved.display()));
                    continue;
                }
                let Some(anchor) = anchor else { continue };
                if resolved.extension().is_none_or(|e| e != "md") {
                    broken.push(format!("{at}: an anchor into a file that is not Markdown"));
                    continue;
                }
                let page = std::fs::read_to_string(&resolved).unwrap();
                let github = anchors(&page, github_id).contains(anchor);
                let mdbook = anchors(&page, mdbook_id).contains(anchor);
                if !(github && mdbook) {
                    broken.push(format!(
                        "{at}: no heading with this anchor in {} (GitHub: {github}, mdBook: {mdbook})",
                        resolved.display()
                    ));
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} links found");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn every_page_of_docs_is_in_the_summary() {
    let summary = std::fs::read_to_string("docs/SUMMARY.md").unwrap();
    let listed: BTreeSet<String> = prose(&summary)
        .into_iter()
        .flat_map(|(_, line)| link_targets(line))
        .map(|t| format!("docs/{t}"))
        .collect();
    let mut missing = Vec::new();
    let mut stack = vec![PathBuf::from("docs")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let name = path.to_string_lossy().replace('\\', "/");
            if path.extension().is_some_and(|e| e == "md")
                && name != "docs/SUMMARY.md"
                && !OUTSIDE_THE_BOOK.contains(&name.as_str())
                && !listed.contains(&name)
            {
                missing.push(name);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "pages not in docs/SUMMARY.md: {missing:?}"
    );
}

#[test]
fn anchors_follow_github_and_mdbook() {
    let text = "# A `cells.csv` / `cells.parquet` page\n## Φ per mutant\n## Setup\n## Setup\n\
                ```sh\n# not a heading\n```\n## [Linked](x.md) *stressed*\n";
    let github = anchors(text, github_id);
    let mdbook = anchors(text, mdbook_id);
    assert!(github.contains("a-cellscsv--cellsparquet-page"));
    assert!(github.contains("φ-per-mutant"));
    assert!(mdbook.contains("Φ-per-mutant"));
    assert!(github.contains("setup") && github.contains("setup-1"));
    assert!(github.contains("linked-stressed"));
    assert!(!github.contains("not-a-heading"));
    assert_eq!(
        link_targets("see [a](b.md#c), `[x](not)` and ![i](p.png)"),
        ["b.md#c", "p.png"]
    );
}

/// The command lines of a file's runnable listings, with where each starts (a marker
/// inside a code block is shown, not meant).
fn listings(file: &Path) -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (number, line) in prose(&text) {
        if line.trim() != RUNNABLE {
            continue;
        }
        let i = number - 1;
        let at = format!("{}:{number}", file.display());
        assert_eq!(
            lines.get(i + 1).map(|l| l.trim()),
            Some("```sh"),
            "{at}: {RUNNABLE} must come right before a ```sh block"
        );
        let commands: Vec<String> = lines[i + 2..]
            .iter()
            .take_while(|l| !l.starts_with("```"))
            .map(|l| l.trim())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(String::from)
            .collect();
        assert!(!commands.is_empty(), "{at}: an empty runnable listing");
        out.push((at, commands));
    }
    out
}

#[test]
fn every_runnable_listing_runs() {
    let root = std::env::current_dir().unwrap();
    let testspace = env!("CARGO_BIN_EXE_testspace");
    let mut ran = 0;
    for file in checked_files() {
        for (at, commands) in listings(&file) {
            // One scratch folder per listing: its commands build on each other's output.
            let scratch = tempfile::tempdir().unwrap();
            for shared in ["results", "testdata", "experiments", "models"] {
                std::os::unix::fs::symlink(root.join(shared), scratch.path().join(shared)).unwrap();
            }
            for command in commands {
                let line = command.replace(CARGO_RUN, testspace);
                let output = Command::new("sh")
                    .arg("-c")
                    .arg(&line)
                    .current_dir(scratch.path())
                    .output()
                    .unwrap();
                assert!(
                    output.status.success(),
                    "{at}: `{command}` failed ({}):\n{}\n{}",
                    output.status,
                    String::from_utf8_lossy(&output.stdout),
                    String::from_utf8_lossy(&output.stderr)
                );
                ran += 1;
            }
        }
    }
    assert!(
        ran >= 4,
        "only {ran} runnable commands (the README's tour has four)"
    );
}
