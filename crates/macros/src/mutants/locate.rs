//! Where the annotated module is: its file, its place in it, and its text at that place.

use std::path::{Path, PathBuf};

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use quote::ToTokens;
use testspace_instrument::excerpt::{Position, excerpt};

/// The annotated module in its file.
pub(crate) struct Located {
    /// The file's path relative to the crate root, with `/` separators (`src/ring.rs`).
    pub(crate) file: String,
    /// The crate root (`CARGO_MANIFEST_DIR`).
    pub(crate) crate_root: PathBuf,
    /// Where the module starts (its first attribute, or `pub`/`mod`).
    pub(crate) start: Position,
    /// Just past its closing brace.
    pub(crate) end: Position,
    /// The file's text with everything but the module blanked ([`excerpt`]).
    pub(crate) text: String,
}

/// Finds the module `item` in its file and checks that the file's text there is what the
/// attribute was given: another attribute may have rewritten it first, and then the
/// mutants would not be those of the user's lines.
pub(crate) fn locate(item: &TokenStream) -> syn::Result<Located> {
    let mut tokens = item.clone().into_iter();
    let first = tokens.next().map(|t| t.span());
    let last = item.clone().into_iter().last().map(|t| t.span());
    let (Some(first), Some(last)) = (first, last) else {
        return Err(syn::Error::new(Span::call_site(), "an empty module"));
    };
    let refuse = |why: &str| {
        syn::Error::new(
            first,
            format!(
                "#[testspace::mutants] cannot read this module's source: {why}; write the module \
                 inline in a source file of the crate, with #[testspace::mutants] as its first attribute"
            ),
        )
    };
    let path = first
        .local_file()
        .ok_or_else(|| refuse("it comes from no file on disk"))?;
    // A relative path is relative to the compiler's working directory (the workspace root).
    let path = match std::env::current_dir() {
        Ok(dir) if path.is_relative() => dir.join(path),
        _ => path,
    };
    let crate_root = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR")
            .ok_or_else(|| refuse("CARGO_MANIFEST_DIR is not set"))?,
    );
    let (start, end) = (position(first.start()), position(last.end()));
    if start.line == 0 {
        return Err(refuse(
            "the compiler gives no line numbers to macros (Rust 1.88 or later is needed)",
        ));
    }
    let source = std::fs::read_to_string(&path)
        .map_err(|e| refuse(&format!("reading {}: {e}", path.display())))?;
    let text =
        excerpt(&source, start, end).ok_or_else(|| refuse("its span lies outside its file"))?;
    let parsed =
        syn::parse_file(&text).map_err(|e| refuse(&format!("its text does not parse: {e}")))?;
    // Attributes written before #[testspace::mutants] are part of the item and of the text;
    // the attribute itself is only in the text.
    let mut parsed = parsed;
    if let Some(syn::Item::Mod(m)) = parsed.items.first_mut() {
        m.attrs.retain(|a| !is_mutants(a));
    }
    let same = parsed.items.len() == 1
        && without_docs(parsed.items[0].to_token_stream()) == without_docs(item.clone());
    if !same {
        return Err(refuse(
            "the text at its place differs from what the attribute was given (another attribute changed it)",
        ));
    }
    Ok(Located {
        file: relative(&path, &crate_root),
        crate_root,
        start,
        end,
        text,
    })
}

/// The tokens as text without doc attributes, whose string literals the compiler and a
/// parse of the text spell differently (raw or not).
fn without_docs(tokens: TokenStream) -> String {
    fn walk(tokens: TokenStream, out: &mut Vec<String>) {
        let mut tokens = tokens.into_iter().peekable();
        while let Some(token) = tokens.next() {
            match token {
                TokenTree::Punct(p) if p.as_char() == '#' => {
                    let mut ahead = tokens.clone();
                    let inner =
                        matches!(ahead.peek(), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                    if inner {
                        ahead.next();
                    }
                    let doc = matches!(ahead.next(), Some(TokenTree::Group(g))
                        if g.delimiter() == Delimiter::Bracket
                            && matches!(g.stream().into_iter().next(), Some(TokenTree::Ident(i)) if i == "doc"));
                    if doc {
                        tokens = ahead;
                    } else {
                        out.push("#".into());
                    }
                }
                TokenTree::Group(g) => {
                    out.push(format!("{:?}(", g.delimiter()));
                    walk(g.stream(), out);
                    out.push(")".into());
                }
                other => out.push(other.to_string()),
            }
        }
    }
    let mut out = Vec::new();
    walk(tokens, &mut out);
    out.join(" ")
}

/// Whether `attr` is `#[testspace::mutants]` or `#[mutants]`.
fn is_mutants(attr: &syn::Attribute) -> bool {
    let path = attr.path();
    path.is_ident("mutants")
        || (path.segments.len() == 2
            && path.segments[0].ident == "testspace"
            && path.segments[1].ident == "mutants")
}

fn position(at: proc_macro2::LineColumn) -> Position {
    Position {
        line: at.line,
        column: at.column,
    }
}

/// `path` relative to `root` with `/` separators, or whole if it lies elsewhere.
fn relative(path: &Path, root: &Path) -> String {
    let path = path.strip_prefix(root).unwrap_or(path);
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}
