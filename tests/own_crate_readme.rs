//! The book's section "Test your own crate" (docs/own-crate.md) shows the files of
//! `examples/own-crate` verbatim, in at most 10 commands and 40 lines of the user's code (issue 41).

const PAGE: &str = include_str!("../docs/own-crate.md");

/// The section's text, from its heading to the next `## ` heading.
fn section() -> &'static str {
    let start = PAGE
        .find("## Test your own crate\n")
        .expect("docs/own-crate.md has a section \"Test your own crate\"");
    let rest = &PAGE[start + 3..];
    &PAGE[start..start + 3 + rest.find("\n## ").unwrap_or(rest.len())]
}

/// The fenced block after the line "`name`:" in the section.
fn listing(name: &str) -> &'static str {
    let marker = format!("`{name}`:\n\n```");
    let at = section()
        .find(&marker)
        .unwrap_or_else(|| panic!("no listing of {name}"));
    let block = &section()[at + marker.len()..];
    let body = &block[block.find('\n').unwrap() + 1..];
    &body[..body.find("```").unwrap()]
}

#[test]
fn the_listings_are_the_example_files_verbatim() {
    let root = env!("CARGO_MANIFEST_DIR");
    for (name, path) in [
        ("src/main.rs", "examples/own-crate/src/main.rs"),
        ("experiment.toml", "examples/own-crate/experiment.toml"),
    ] {
        let file = std::fs::read_to_string(format!("{root}/{path}")).unwrap();
        assert_eq!(listing(name), file, "listing of {name} against {path}");
    }
}

#[test]
fn the_user_writes_at_most_40_lines_of_code_and_runs_at_most_10_commands() {
    let code = listing("src/main.rs")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
        .count();
    assert!(code <= 40, "{code} lines of code");
    let commands = section()
        .split("```sh\n")
        .nth(1)
        .expect("a block of commands")
        .split("```")
        .next()
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| l.split(" # ").next().unwrap().split("&&").count())
        .sum::<usize>();
    assert!(commands <= 10, "{commands} commands");
}
